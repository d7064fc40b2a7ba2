//! Writing a batch to a store other processes write too (PostgreSQL): the batch is drafted
//! inside one of the store's transactions, whose reads hold what they read until it commits
//! (see `store::postgres`), and committed in it. A transaction that conflicts with another
//! writer's writes nothing; the batch is then drafted again from fresh reads, so every answer
//! is the answer of the batch that landed. A store out of reach is retried for a while (a
//! database restarting); one that stays out of reach fails the bank.
//!
//! Ledger numbers come from a block this writer takes for itself in a short transaction of
//! its own (`ledger::Numbering::Block`), so that writers never contend for the ledger's next
//! number: each batch records how far into its block it went.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use rand::Rng;

use super::{Committer, QueuedOperation, panic_text};
use crate::bank::BankError;
use crate::bank::ledger::{self, Numbering, Overlay};
use crate::bank::store::{CommitError, Prefetch, Reads, SharedStore, Transaction, Tree, Write};
use crate::telemetry::record;

/// How many ledger numbers a block holds at least.
const BLOCK_SIZE: u64 = 4096;

/// Ledger entries an operation is expected to need at most; a block with fewer left than this
/// for each operation of a batch is left for a new one (an operation that needs more is drafted
/// again in a larger block).
const ENTRIES_PER_OPERATION: u64 = 16;

/// How long a store out of reach (a connection lost, a database restarting) is retried
/// before the bank fails.
const RETRY_FOR: Duration = Duration::from_secs(15);

/// Expired references are pruned at most this often, in a transaction of their own: two
/// writers pruning the same references conflict, and that must not redo their batches.
const PRUNE_EVERY: Duration = Duration::from_secs(1);

impl Committer {
    /// Drafts `jobs` in a transaction of `shared` and commits the accepted ones, drafting
    /// again after each conflict; the batch's failure, if it failed.
    pub(super) fn write_shared(
        &mut self,
        shared: &dyn SharedStore,
        jobs: &mut [Box<dyn QueuedOperation>],
    ) -> Option<BankError> {
        let started = Instant::now();
        let give_up = started + RETRY_FOR;
        let mut needed = (jobs.len() as u64).saturating_mul(ENTRIES_PER_OPERATION);
        let mut conflicts = 0u32;
        let mut wanted = Prefetch::default();
        for job in jobs.iter() {
            job.prefetch(&self.config, &mut wanted);
        }
        loop {
            let block = match self.block {
                Some((start, next, end)) if end - next >= needed => (start, next, end),
                _ => match self.take_block(shared, needed.max(BLOCK_SIZE), give_up) {
                    Ok(block) => block,
                    Err(error) => return Some(error),
                },
            };
            let transaction = match shared.begin() {
                Ok(transaction) => transaction,
                Err(error) => match self.after_failure(error, give_up, &mut conflicts) {
                    Ok(()) => continue,
                    Err(error) => return Some(error),
                },
            };
            let (start, next, end) = block;
            let mut numbering = Numbering::Block { start, next, end };
            let mut batch = Overlay::new();
            self.numbers_used_up.set(false);
            // What the operations will read, in a round trip or two rather than one each.
            transaction.prefetch(&wanted);
            {
                let reads: &dyn Reads = transaction.as_reads();
                for job in jobs.iter_mut() {
                    job.draft(self, reads, &mut batch, &mut numbering);
                }
            }
            if self.numbers_used_up.get() {
                // Rolled back as it is dropped; a larger block next time round.
                drop(transaction);
                needed = (end - start).saturating_mul(2);
                self.block = None;
                continue;
            }
            // Committed even when every operation was refused: a refusal read inside the
            // transaction is only true if the transaction was.
            let writes = ledger::into_writes(batch);
            // A panic while writing is this batch's alone, as with a store only this thread
            // writes: its callers are told nothing was written, and the thread keeps serving.
            let committed = catch_unwind(AssertUnwindSafe(|| transaction.commit(&writes)))
                .unwrap_or_else(|panic| Err(CommitError::Refused(panic_text(panic.as_ref()))));
            match committed {
                Ok(()) => {
                    record::bank_commit(started.elapsed());
                    self.block = Some((start, numbering.next(), end));
                    self.prune_now_and_then(shared);
                    return None;
                }
                Err(error) => {
                    if let Err(error) = self.after_failure(error, give_up, &mut conflicts) {
                        return Some(error);
                    }
                }
            }
        }
    }

    /// What follows a transaction that did not commit: after a conflict, a moment's pause
    /// that grows with the conflicts in a row (so two writers stop meeting), then the batch
    /// again; a store out of reach is retried until `give_up`; an unknown outcome fails the
    /// bank (no one may be told anything happened, nor that it did not).
    fn after_failure(
        &self,
        error: CommitError,
        give_up: Instant,
        conflicts: &mut u32,
    ) -> Result<(), BankError> {
        match error {
            CommitError::Conflict(_) => {
                record::bank_conflict();
                *conflicts += 1;
                if *conflicts > 2 {
                    let most = u64::from((*conflicts).min(10)) * 2;
                    let pause = rand::rng().random_range(0..=most);
                    std::thread::sleep(Duration::from_millis(pause));
                }
                Ok(())
            }
            CommitError::NotWritten(why) if Instant::now() < give_up => {
                tracing::warn!(%why, "the bank's store is out of reach: retrying the batch");
                std::thread::sleep(Duration::from_millis(200));
                Ok(())
            }
            CommitError::NotWritten(why) => {
                self.mark_failed(&why);
                Err(BankError::Storage(format!(
                    "the batch was not written, nothing changed: {why}"
                )))
            }
            CommitError::Refused(why) => Err(BankError::Storage(format!(
                "the store refused the batch, nothing changed: {why}"
            ))),
            CommitError::Unknown(why) => {
                self.mark_failed(&why);
                Err(BankError::NotDurable(why))
            }
        }
    }

    /// Takes a block of at least `size` ledger numbers from the ledger's next: the numbers
    /// this writer gives until it is used up. The rest of the block before it stays unused,
    /// as its record says.
    fn take_block(
        &mut self,
        shared: &dyn SharedStore,
        size: u64,
        give_up: Instant,
    ) -> Result<(u64, u64, u64), BankError> {
        let mut conflicts = 0;
        loop {
            let transaction = match shared.begin() {
                Ok(transaction) => transaction,
                Err(error) => {
                    self.after_failure(error, give_up, &mut conflicts)?;
                    continue;
                }
            };
            let start = match ledger::load_next_seq(transaction.as_reads()) {
                Ok(start) => start,
                Err(read) => {
                    // A read the transaction failed (a conflict, a lost connection) is told by
                    // its commit; one it did not is a corrupt number.
                    transaction
                        .commit(&[])
                        .map_err(|error| self.after_failure(error, give_up, &mut conflicts))
                        .err()
                        .unwrap_or(Err(read))?;
                    continue;
                }
            };
            let end = start.checked_add(size).ok_or(BankError::Overflow)?;
            let writes = [
                Write {
                    tree: Tree::Meta,
                    key: ledger::NEXT_SEQ_KEY.to_vec(),
                    value: Some(end.to_be_bytes().to_vec()),
                },
                Write {
                    tree: Tree::Meta,
                    key: ledger::block_key(start),
                    value: Some(ledger::encode_block(start, end)),
                },
            ];
            match transaction.commit(&writes) {
                Ok(()) => {
                    self.block = Some((start, start, end));
                    return Ok((start, start, end));
                }
                Err(error) => self.after_failure(error, give_up, &mut conflicts)?,
            }
        }
    }

    /// Prunes expired references in a transaction of their own, at most every
    /// [`PRUNE_EVERY`]; a conflict or a failure costs only this pruning.
    fn prune_now_and_then(&mut self, shared: &dyn SharedStore) {
        if self
            .last_prune
            .is_some_and(|last| last.elapsed() < PRUNE_EVERY)
        {
            return;
        }
        self.last_prune = Some(Instant::now());
        let Ok(transaction) = shared.begin() else {
            return;
        };
        let mut batch = Overlay::new();
        self.draft_upkeep(transaction.as_reads(), &mut batch);
        let _ = transaction.commit(&ledger::into_writes(batch));
    }
}

/// A transaction as the reads a draft makes.
trait AsReads {
    fn as_reads(&self) -> &dyn Reads;
}

impl AsReads for Box<dyn Transaction + '_> {
    fn as_reads(&self) -> &dyn Reads {
        self.as_ref()
    }
}
