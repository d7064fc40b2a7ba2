//! Reads of the whole store beside the committer while it keeps serving: an audit, consistent
//! because a read that saw a batch land meanwhile starts over, and a backup, consistent because
//! the committer journals what it overwrites while the backup reads. A store other processes
//! write too offers a snapshot instead, which both read.

use std::path::Path;
use std::sync::Arc;

use tokio::sync::oneshot;

use crate::bank::BankError;
use crate::bank::audit::{self, AuditReport};
use crate::bank::backup::{self, BackupError, BackupSummary, Journal};
use crate::bank::committer::{BatchClock, Request};
use crate::bank::store::{Reads, Store};

use super::Bank;

/// How many times an audit beside the committer starts
/// over because a batch was applied while it read, before it asks the committer instead.
const BESIDE_ATTEMPTS: usize = 5;

/// Runs `read` over the store beside the committer; its result stands only if no batch was
/// applied meanwhile (the batch clock even, and the same, before and after). `None` when
/// batches came during each of [`BESIDE_ATTEMPTS`] tries.
fn beside_committer<T>(
    store: &dyn Store,
    batch_clock: &BatchClock,
    read: impl Fn(&dyn Reads) -> Result<T, BankError>,
) -> Result<Option<T>, BankError> {
    if let Some(shared) = store.shared() {
        return read(shared.snapshot()?.as_ref()).map(Some);
    }
    for _ in 0..BESIDE_ATTEMPTS {
        let Some(before) = batch_clock.settled() else {
            std::thread::yield_now();
            continue;
        };
        let result = read(store)?;
        if batch_clock.settled() == Some(before) {
            return Ok(Some(result));
        }
    }
    Ok(None)
}

impl Bank {
    /// Audits the books beside the committer, which keeps serving: the audit reads the store
    /// and starts over if a batch was applied meanwhile. Only when batches keep coming
    /// [`BESIDE_ATTEMPTS`] times does it ask the committer to audit between two batches.
    pub async fn audit(&self) -> Result<AuditReport, BankError> {
        let _in_flight = self.inner.in_flight.enter();
        let batch_clock = Arc::clone(&self.inner.batch_clock);
        let store = self.store()?;
        let beside = self
            .read(move |_| beside_committer(store.as_ref(), &batch_clock, audit::audit_store))
            .await?;
        if let Some(report) = beside {
            return Ok(report);
        }
        let (reply, answer) = oneshot::channel();
        self.send(Request::Audit { reply })?;
        match self.in_time(answer).await {
            None => Err(self.timeout_error()),
            Some(Err(_)) => Err(BankError::Stopped),
            Some(Ok(result)) => result,
        }
    }

    /// Writes a backup of everything the bank holds to `out` (see `bank::backup`) while the
    /// tables keep playing: a journal begins between two batches, and the store is streamed to
    /// the file beside the committer, which records into the journal what it overwrites
    /// meanwhile and never waits for the backup. The file is the store as the journal began
    /// (its `batches` says up to which batch). No store timeout: a large bank takes as long as
    /// it takes, and nobody waits on a backup to play.
    pub async fn backup(&self, out: &Path) -> Result<BackupSummary, BackupError> {
        let store = self.store()?;
        let journals = Arc::clone(&self.inner.journals);
        let out = out.to_path_buf();
        tokio::task::spawn_blocking(move || match store.shared() {
            Some(shared) => {
                let snapshot = shared.snapshot().map_err(BankError::from)?;
                backup::write_snapshot_file(snapshot.as_ref(), &Journal::default(), &out)
            }
            None => {
                let journal = journals.begin();
                backup::write_snapshot_file(store.as_ref(), &journal, &out)
            }
        })
        .await
        .map_err(|error| BankError::Internal(format!("a backup failed: {error}")))?
    }
}
