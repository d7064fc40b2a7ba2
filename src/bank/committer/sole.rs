//! Writing a batch to a store this thread is the only writer of (sled): the batch was
//! drafted with plain reads, since no other writer comes in between; it is applied as one
//! atomic write set with the count of batches in it, then flushed once. A write that fails is
//! checked against that count, so its callers hear whether it landed.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Instant;

use super::{Committer, QueuedOperation, panic_text};
use crate::bank::BankError;
use crate::bank::ledger::{self, Numbering, Overlay};
use crate::bank::store::{BATCHES_KEY, Reads, StoreError, Tree};
use crate::telemetry::record;

pub(super) fn load_batches(store: &dyn Reads) -> Result<u64, BankError> {
    match store.get(Tree::Meta, BATCHES_KEY)? {
        None => Ok(0),
        Some(bytes) => ledger::decode_u64(&bytes)
            .ok_or_else(|| BankError::Storage("the count of batches is corrupt".into())),
    }
}

impl Committer {
    /// Drafts `jobs` over the store and writes the accepted ones; the batch's failure, if it
    /// failed.
    pub(super) fn write_sole(
        &mut self,
        jobs: &mut [Box<dyn QueuedOperation>],
    ) -> Option<BankError> {
        let store = Arc::clone(&self.store);
        let reads: &dyn Reads = store.as_ref();
        let mut batch = Overlay::new();
        let mut numbering = Numbering::Sole {
            next: self.next_seq,
        };
        for job in jobs.iter_mut() {
            job.draft(self, reads, &mut batch, &mut numbering);
        }
        if batch.is_empty() {
            return None;
        }
        self.draft_upkeep(reads, &mut batch);
        let started = Instant::now();
        let written = self.write(batch, numbering.next());
        record::bank_commit(started.elapsed());
        let error = written.err()?;
        if let Ok(next) = ledger::load_next_seq(store.as_ref()) {
            self.next_seq = next;
        }
        if let Ok(batches) = load_batches(store.as_ref()) {
            self.batches = batches;
        }
        Some(error)
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
}
