//! The committer: the one thread that writes to the store.
//!
//! Callers send requests over a channel; the thread takes every request waiting and drafts
//! each in turn over the state left by the ones before it. A refused operation's draft is
//! dropped (it changes nothing, the others still go ahead); the accepted ones are applied
//! together as one atomic store transaction, flushed once, and only then is each caller
//! answered. Many tables settling at once therefore share one transaction and one flush
//! (group commit). Each operation stays all-or-nothing: its writes are part of one atomic
//! write set, and nothing of a batch is acknowledged before that set is durable. Being the
//! only writer, the thread can validate with plain reads: no other writer comes in between.
//!
//! Measured (benches/bank.rs): a sled transaction costs about as much per write as the flush
//! costs per batch, so one transaction per batch rather than one per operation doubles the
//! rate with 100 tables.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Instant;

use tokio::sync::{oneshot, watch};

use super::audit::{self, AuditReport};
use super::backup::Journals;
use super::clock::Clock;
use super::idempotency;
use super::ledger::{self, Draft, Overlay};
use super::ops::{self, Operation};
use super::store::{BATCHES_KEY, Store, StoreError, Tree};
use super::{BankError, BankFailed, EconomyConfig};
use crate::telemetry::record;

/// The most requests applied before one flush. Bounded for memory as much as for latency:
/// sled copies every node a transaction touches and frees the old copies only after the
/// transaction, so a batch of thousands of settlements (each with its hand history) held
/// tens of MiB at once. Measured with the tables bench (10,000 tables flat out):
/// 4096 left 450-516 MiB resident after the flat-out phase, 256 left 310-330 MiB (hands
/// per second varied more between runs on a loaded machine than between the two; one
/// flush per 256 settlements is still one for many).
const MAX_BATCH: usize = 256;

const QUEUED: u8 = 0;
const STARTED: u8 = 1;
const WITHDRAWN: u8 = 2;

/// Who decides a queued request's fate first: the committer taking it up, or its caller
/// giving up on it. Exactly one of [`Ticket::start`] and [`Ticket::withdraw`] succeeds.
#[derive(Debug, Clone, Default)]
pub(crate) struct Ticket(Arc<AtomicU8>);

impl Ticket {
    /// The committer takes the request up; false when its caller already withdrew it.
    pub fn start(&self) -> bool {
        self.0
            .compare_exchange(QUEUED, STARTED, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }

    /// The caller gives up; false when the committer already took the request up (its
    /// outcome is then to be waited for).
    pub fn withdraw(&self) -> bool {
        self.0
            .compare_exchange(QUEUED, WITHDRAWN, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }
}

/// Counts the batches applied, as a sequence lock: odd while a batch is being applied. A
/// reader beside the committer that saw the same even value before and after its reads saw
/// no batch half-applied.
#[derive(Debug, Default)]
pub(crate) struct BatchClock(AtomicU64);

impl BatchClock {
    /// The count when no batch is being applied, or `None` while one is.
    pub fn settled(&self) -> Option<u64> {
        let count = self.0.load(Ordering::SeqCst);
        count.is_multiple_of(2).then_some(count)
    }

    fn begin(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }

    fn end(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// A queued operation with its caller's reply, its type erased for the committer.
pub(crate) trait QueuedOperation: Send {
    /// The committer takes the request up; false when its caller already withdrew it.
    fn start(&self) -> bool;

    /// Drafts the operation into the batch; returns how to answer its caller once the
    /// batch's fate is known.
    fn draft(
        self: Box<Self>,
        committer: &Committer,
        batch: &mut Overlay,
        next_seq: &mut u64,
    ) -> PendingAnswer;
}

/// Sends a drafted operation's answer once its batch is written: given the batch's failure,
/// an accepted operation answers that failure instead (a refused one its refusal).
pub(crate) type PendingAnswer = Box<dyn FnOnce(Option<&BankError>) + Send>;

/// Operation `O` as queued by its caller.
pub(crate) struct Queued<O: Operation> {
    pub op: O,
    pub ticket: Ticket,
    pub reply: oneshot::Sender<Result<O::Output, BankError>>,
}

impl<O: Operation> QueuedOperation for Queued<O> {
    fn start(&self) -> bool {
        self.ticket.start()
    }

    fn draft(
        self: Box<Self>,
        committer: &Committer,
        batch: &mut Overlay,
        next_seq: &mut u64,
    ) -> PendingAnswer {
        let Queued { op, reply, .. } = *self;
        let result = committer.draft(batch, next_seq, |draft, config| ops::run(op, draft, config));
        Box::new(move |failed| {
            let result = match failed {
                Some(failed) if result.is_ok() => Err(failed.clone()),
                _ => result,
            };
            let _ = reply.send(result);
        })
    }
}

pub(crate) enum Request {
    Run(Box<dyn QueuedOperation>),
    /// Audit the books once the batch is written.
    Audit {
        reply: oneshot::Sender<Result<AuditReport, BankError>>,
    },
    /// Stop after the batch; answered once the thread no longer holds the store.
    Shutdown {
        done: oneshot::Sender<()>,
    },
}

pub(crate) struct Committer {
    pub store: Arc<dyn Store>,
    pub config: EconomyConfig,
    pub clock: Arc<dyn Clock>,
    pub next_seq: u64,
    /// Batches written so far (the stored count).
    pub batches: u64,
    pub batch_clock: Arc<BatchClock>,
    /// The before-image journals of the backups under way, recorded into before each batch.
    pub journals: Arc<Journals>,
    /// Set on the first failed write: sled 0.34 keeps a write error until the process
    /// restarts, so the bank refuses every later write and the binary restarts.
    pub failure: watch::Sender<Option<BankFailed>>,
}

fn load_batches(store: &dyn Store) -> Result<u64, BankError> {
    match store.get(Tree::Meta, BATCHES_KEY)? {
        None => Ok(0),
        Some(bytes) => ledger::decode_u64(&bytes)
            .ok_or_else(|| BankError::Storage("the count of batches is corrupt".into())),
    }
}

/// The text of a caught panic.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

impl Committer {
    pub fn new(
        store: Arc<dyn Store>,
        config: EconomyConfig,
        clock: Arc<dyn Clock>,
        batch_clock: Arc<BatchClock>,
        journals: Arc<Journals>,
        failure: watch::Sender<Option<BankFailed>>,
    ) -> Result<Committer, BankError> {
        let next_seq = ledger::load_next_seq(store.as_ref())?;
        let batches = load_batches(store.as_ref())?;
        Ok(Committer {
            store,
            config,
            clock,
            next_seq,
            batches,
            batch_clock,
            journals,
            failure,
        })
    }

    /// Marks the bank failed, once: one log line and the metric, then every caller is refused.
    fn mark_failed(&self, reason: &str) {
        let marked = self.failure.send_if_modified(|failure| {
            if failure.is_some() {
                return false;
            }
            *failure = Some(BankFailed {
                reason: reason.to_string(),
            });
            true
        });
        if marked {
            tracing::error!(
                %reason,
                "the bank's store failed: every write is refused until the bot restarts"
            );
            record::bank_failed();
        }
    }

    /// Validates and drafts one operation over the batch so far; an accepted operation's
    /// writes join the batch, a refused one's are dropped.
    /// A panic while drafting fails this operation alone: its draft is dropped unmerged.
    fn draft<T>(
        &self,
        batch: &mut Overlay,
        next_seq: &mut u64,
        operation: impl FnOnce(&mut Draft<'_>, &EconomyConfig) -> Result<T, BankError>,
    ) -> Result<T, BankError> {
        let store = Arc::clone(&self.store);
        let now = self.clock.now_unix_ms();
        let drafted = catch_unwind(AssertUnwindSafe(|| {
            let mut draft = Draft::new(store.as_ref(), batch, *next_seq, now);
            let answer = operation(&mut draft, &self.config)?;
            Ok::<_, BankError>((answer, draft.finish()))
        }));
        let (answer, (writes, next)) = match drafted {
            Ok(drafted) => drafted?,
            Err(panic) => return Err(BankError::Internal(panic_text(panic.as_ref()))),
        };
        batch.extend(writes);
        *next_seq = next;
        Ok(answer)
    }

    /// Housekeeping drafted into a batch that writes anyway: pruning expired references.
    /// Failing (or panicking) here costs only the pruning.
    fn draft_upkeep(&self, batch: &mut Overlay, next_seq: u64) {
        let store = Arc::clone(&self.store);
        let now = self.clock.now_unix_ms();
        let drafted = catch_unwind(AssertUnwindSafe(|| {
            let mut draft = Draft::new(store.as_ref(), batch, next_seq, now);
            idempotency::prune(&mut draft).map(|()| draft.finish().0)
        }));
        if let Ok(Ok(writes)) = drafted {
            batch.extend(writes);
        }
    }

    /// Applies and flushes the batch. On an error or a panic, tells whether the batch landed
    /// (its count of batches is in the store) so the callers hear the truth.
    fn write(&mut self, mut batch: Overlay, next_seq: u64) -> Result<(), BankError> {
        let batches = self.batches + 1;
        batch.insert(
            (Tree::Meta, BATCHES_KEY.to_vec()),
            Some(batches.to_be_bytes().to_vec()),
        );
        let store = Arc::clone(&self.store);
        let writes = ledger::into_writes(batch);
        self.batch_clock.begin();
        let applied = catch_unwind(AssertUnwindSafe(|| {
            self.journals
                .recorded_apply(store.as_ref(), &writes, || store.apply(&writes))
        }));
        // A store that answers an error keeps it (sled 0.34); a panic is this batch's alone.
        if let Ok(Err(error)) = &applied {
            self.mark_failed(&error.0);
        }
        let applied = applied.unwrap_or_else(|panic| Err(StoreError(panic_text(panic.as_ref()))));
        self.batch_clock.end();
        let landed = match applied {
            Ok(()) => true,
            Err(error) => {
                let stored = catch_unwind(AssertUnwindSafe(|| load_batches(store.as_ref())));
                match stored {
                    Ok(Ok(stored)) if stored == batches => true,
                    Ok(Ok(_)) => {
                        return Err(BankError::Storage(format!(
                            "the batch was not written, nothing changed: {error}"
                        )));
                    }
                    _ => {
                        // Neither the write nor the check answered: what the store holds is
                        // unknown, so no one may be told anything happened, nor that it did
                        // not. Stop rather than guess.
                        return Err(BankError::NotDurable(format!(
                            "the store failed and cannot tell whether the batch landed: {error}"
                        )));
                    }
                }
            }
        };
        if landed {
            self.batches = batches;
            self.next_seq = next_seq;
        }
        let flushed = catch_unwind(AssertUnwindSafe(|| store.flush()));
        if let Ok(Err(error)) = &flushed {
            self.mark_failed(&error.0);
        }
        let flushed = flushed.unwrap_or_else(|panic| Err(StoreError(panic_text(panic.as_ref()))));
        flushed.map_err(|error| BankError::NotDurable(error.to_string()))
    }

    /// The thread's loop: take every waiting request, skip the withdrawn ones, draft the
    /// others, apply the accepted ones as one atomic write set, flush once, answer.
    pub fn run_loop(mut self, requests: Receiver<Request>) {
        let mut shutdown = None;
        while shutdown.is_none() {
            let Ok(first) = requests.recv() else { break };
            let mut waiting = vec![first];
            while waiting.len() < MAX_BATCH {
                match requests.try_recv() {
                    Ok(request) => waiting.push(request),
                    Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
                }
            }
            record::bank_requests_taken(waiting.len());
            let mut batch = Overlay::new();
            let mut next_seq = self.next_seq;
            let mut answers = Vec::with_capacity(waiting.len());
            let mut audits = Vec::new();
            for request in waiting {
                match request {
                    Request::Audit { reply } => audits.push(reply),
                    Request::Run(job) => {
                        // A request its caller withdrew (timed out) never happens: the
                        // caller was told so.
                        if job.start() {
                            answers.push(job.draft(&self, &mut batch, &mut next_seq));
                        }
                    }
                    Request::Shutdown { done } => shutdown = Some(done),
                }
            }
            let mut failed = None;
            if !batch.is_empty() {
                self.draft_upkeep(&mut batch, next_seq);
                let started = Instant::now();
                let written = self.write(batch, next_seq);
                record::bank_commit(started.elapsed());
                if let Err(error) = written {
                    failed = Some(error);
                    if let Ok(next) = ledger::load_next_seq(self.store.as_ref()) {
                        self.next_seq = next;
                    }
                    if let Ok(batches) = load_batches(self.store.as_ref()) {
                        self.batches = batches;
                    }
                }
            }
            for answer in answers {
                answer(failed.as_ref());
            }
            if !audits.is_empty() {
                let store = Arc::clone(&self.store);
                let report = catch_unwind(AssertUnwindSafe(|| audit::audit_store(store.as_ref())))
                    .unwrap_or_else(|panic| Err(BankError::Internal(panic_text(panic.as_ref()))));
                for reply in audits {
                    let _ = reply.send(report.clone());
                }
            }
        }
        drop(self);
        if let Some(done) = shutdown {
            let _ = done.send(());
        }
    }
}
