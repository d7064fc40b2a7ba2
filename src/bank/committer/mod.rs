//! The committer: the one thread of this process that writes to the store.
//!
//! Callers send requests over a channel; the thread takes every request waiting and drafts
//! each in turn over the state left by the ones before it. A refused operation's draft is
//! dropped (it changes nothing, the others still go ahead); the accepted ones are applied
//! together as one atomic store transaction, made durable once, and only then is each caller
//! answered. Many tables settling at once therefore share one transaction and one flush
//! (group commit). Each operation stays all-or-nothing: its writes are part of one atomic
//! write set, and nothing of a batch is acknowledged before that set is durable.
//!
//! How a batch is written depends on the store: `sole` when this thread is the store's only
//! writer (sled), which validates with plain reads since no other writer comes in between;
//! `shared` when other processes write the same store (PostgreSQL), where a batch is read
//! and written inside one transaction whose reads lock what they read, and drafted again
//! when it conflicts.
//!
//! Measured (benches/bank.rs): a sled transaction costs about as much per write as the flush
//! costs per batch, so one transaction per batch rather than one per operation doubles the
//! rate with 100 tables.

mod shared;
mod sole;

use std::cell::Cell;
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
use super::ledger::{self, Draft, Numbering, Overlay};
use super::ops::{self, Operation};
use super::store::{Prefetch, Reads, Store};
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

    /// Adds what the operation is known to read before it is drafted (`Operation::prefetch`).
    fn prefetch(&self, config: &EconomyConfig, wanted: &mut Prefetch);

    /// Drafts the operation into the batch over `reads`, keeping its answer for [`answer`]
    /// (a batch drafted again, after a conflict, drafts each operation again).
    ///
    /// [`answer`]: QueuedOperation::answer
    fn draft(
        &mut self,
        committer: &Committer,
        reads: &dyn Reads,
        batch: &mut Overlay,
        numbering: &mut Numbering,
    );

    /// Answers the caller with its last draft's outcome, once the batch's fate is known:
    /// given the batch's failure, an accepted operation answers that failure instead (a
    /// refused one its refusal).
    fn answer(self: Box<Self>, failed: Option<&BankError>);
}

/// Operation `O` as queued by its caller.
pub(crate) struct Queued<O: Operation> {
    pub op: O,
    pub ticket: Ticket,
    pub reply: oneshot::Sender<Result<O::Output, BankError>>,
    /// The outcome of its last draft.
    pub drafted: Option<Result<O::Output, BankError>>,
}

impl<O: Operation> QueuedOperation for Queued<O> {
    fn start(&self) -> bool {
        self.ticket.start()
    }

    fn prefetch(&self, config: &EconomyConfig, wanted: &mut Prefetch) {
        self.op.prefetch(config, wanted);
    }

    fn draft(
        &mut self,
        committer: &Committer,
        reads: &dyn Reads,
        batch: &mut Overlay,
        numbering: &mut Numbering,
    ) {
        let op = self.op.clone();
        self.drafted = Some(committer.draft(reads, batch, numbering, |draft, config| {
            ops::run(op, draft, config)
        }));
    }

    fn answer(self: Box<Self>, failed: Option<&BankError>) {
        let result = match (self.drafted, failed) {
            (Some(Ok(_)), Some(failed)) => Err(failed.clone()),
            (Some(result), _) => result,
            // The store failed before the batch could be drafted (a database out of reach).
            (None, Some(failed)) => Err(failed.clone()),
            (None, None) => Err(BankError::Internal(
                "the operation was never drafted".into(),
            )),
        };
        let _ = self.reply.send(result);
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
    /// The only writer's next ledger number (`sole`).
    pub next_seq: u64,
    /// Batches written so far (the stored count; `sole`).
    pub batches: u64,
    pub batch_clock: Arc<BatchClock>,
    /// The before-image journals of the backups under way, recorded into before each batch
    /// (`sole`: a shared store's backups read a snapshot instead).
    pub journals: Arc<Journals>,
    /// Set on the first failed write: sled 0.34 keeps a write error until the process
    /// restarts, and a shared store that stays out of reach cannot be written either, so the
    /// bank refuses every later write and the binary restarts.
    pub failure: watch::Sender<Option<BankFailed>>,
    /// Of a shared store: the block of ledger numbers this writer gives, as (first, next,
    /// end), once taken.
    block: Option<(u64, u64, u64)>,
    /// Set by a draft that needed more ledger numbers than the block holds.
    numbers_used_up: Cell<bool>,
    /// Of a shared store: when expired references were last pruned.
    last_prune: Option<Instant>,
    /// Of a shared store: this process's number among its writers (`leases`).
    holder: Option<u64>,
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
        let holder = store.shared().map(|shared| shared.holder());
        let (next_seq, batches) = if store.shared().is_some() {
            // Read inside each transaction instead: other processes move them.
            (0, 0)
        } else {
            (
                ledger::load_next_seq(store.as_ref())?,
                sole::load_batches(store.as_ref())?,
            )
        };
        Ok(Committer {
            store,
            config,
            clock,
            next_seq,
            batches,
            batch_clock,
            journals,
            failure,
            block: None,
            numbers_used_up: Cell::new(false),
            last_prune: None,
            holder,
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

    /// Validates and drafts one operation over `reads` and the batch so far; an accepted
    /// operation's writes join the batch, a refused one's are dropped.
    /// A panic while drafting fails this operation alone: its draft is dropped unmerged.
    fn draft<T>(
        &self,
        reads: &dyn Reads,
        batch: &mut Overlay,
        numbering: &mut Numbering,
        operation: impl FnOnce(&mut Draft<'_>, &EconomyConfig) -> Result<T, BankError>,
    ) -> Result<T, BankError> {
        let now = self.clock.now_unix_ms();
        let drafted = catch_unwind(AssertUnwindSafe(|| {
            let mut draft = Draft::numbered(reads, batch, *numbering, now);
            draft.holder = self.holder;
            let answer = operation(&mut draft, &self.config)?;
            Ok::<_, BankError>((answer, draft.finish()))
        }));
        let (answer, (writes, next)) = match drafted {
            Ok(Ok(drafted)) => drafted,
            Ok(Err(BankError::LedgerBlockUsedUp)) => {
                self.numbers_used_up.set(true);
                return Err(BankError::LedgerBlockUsedUp);
            }
            Ok(Err(refused)) => return Err(refused),
            Err(panic) => return Err(BankError::Internal(panic_text(panic.as_ref()))),
        };
        batch.extend(writes);
        *numbering = numbering.at(next);
        Ok(answer)
    }

    /// Pruning expired references, drafted over `reads` into a batch that writes anyway.
    /// Failing (or panicking) here costs only the pruning.
    fn draft_upkeep(&self, reads: &dyn Reads, batch: &mut Overlay) {
        let now = self.clock.now_unix_ms();
        let drafted = catch_unwind(AssertUnwindSafe(|| {
            // Pruning appends no entry: its numbering is never used.
            let mut draft = Draft::new(reads, batch, 0, now);
            idempotency::prune(&mut draft).map(|()| draft.finish().0)
        }));
        if let Ok(Ok(writes)) = drafted {
            batch.extend(writes);
        }
    }

    /// The thread's loop: take every waiting request, skip the withdrawn ones, draft the
    /// others, write the accepted ones as one atomic, durable write set, answer.
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
            let mut jobs = Vec::with_capacity(waiting.len());
            let mut audits = Vec::new();
            for request in waiting {
                match request {
                    Request::Audit { reply } => audits.push(reply),
                    // A request its caller withdrew (timed out) never happens: the caller was
                    // told so.
                    Request::Run(job) if job.start() => jobs.push(job),
                    Request::Run(_) => {}
                    Request::Shutdown { done } => shutdown = Some(done),
                }
            }
            let store = Arc::clone(&self.store);
            let failed = match store.shared() {
                _ if jobs.is_empty() => None,
                Some(shared) => self.write_shared(shared, &mut jobs),
                None => self.write_sole(&mut jobs),
            };
            for job in jobs {
                job.answer(failed.as_ref());
            }
            if !audits.is_empty() {
                let report = catch_unwind(AssertUnwindSafe(|| match store.shared() {
                    Some(shared) => audit::audit_store(shared.snapshot()?.as_ref()),
                    None => audit::audit_store(store.as_ref()),
                }))
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
