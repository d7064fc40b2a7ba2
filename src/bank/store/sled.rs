//! sled behind the bank's storage interface: one `Db`, one sled tree per [`Tree`], a write
//! set applied as one multi-tree transaction. The bank's committer is its only writer.

use std::path::Path;
use std::time::{Duration, Instant};

use super::{KeyValue, Reads, Scan, Store, StoreError, Tree, Write};

/// sled 0.34: one `Db`, one sled tree per [`Tree`]; a write set is one multi-tree transaction.
pub struct SledStore {
    db: sled::Db,
    trees: Vec<sled::Tree>,
}

/// How often sled's background flusher thread runs, in milliseconds. The committer flushes
/// after each batch itself, so the thread is not there to flush: it is the only place sled
/// 0.34 cleans its log (`attempt_gc`, moving the live pages out of mostly dead segments so
/// the segments can be reused). Without it no segment that still holds a live page (a ledger
/// entry, say) is ever reclaimed, and under steady play the data directory grew ~2.2 KB per
/// settled hand for good (`cargo bench --bench soak`: 218 MiB after 100,000 hands). Each run
/// cleans about one segment (512 KiB) before it stops, so the interval bounds how fast writes
/// can come and still be cleaned up: 500 ms (sled's default) and 50 ms fell behind the soak's
/// 1,500-2,500 hands/s, 20 ms kept up (the directory then grows by about the ledger alone).
///
/// The thread also fsyncs the log file. Unpatched, it did so on every run, written or not:
/// ~50 fsyncs a second on an idle bot, forever. studbot builds sled 0.34.7 with that thread
/// patched (`vendor/sled/PATCHES.md`): it syncs only when something reached the log since its
/// last sync (by any thread), and after each run with nothing to sync it waits twice as long,
/// up to 500 ms (sled's default interval); a run that syncs returns to 20 ms, so under steady
/// writes it cleans as often as before. Nothing durable is lost by a skipped sync. The
/// committer answers a batch's callers only after its own `flush`, which writes the batch to
/// the log file (on Linux sled's flush is a `sync_file_range` of what it wrote: the data on
/// the device, not the file's metadata nor the device's write cache); this thread's fsync,
/// which completes that, follows as it always did at the next run, now at most 500 ms after
/// a write that ends a quiet spell (20 ms before). A run that skips it had nothing unsynced,
/// since every write moves the log's stable offset the patch compares. A process crash loses
/// nothing either way (written pages belong to the kernel); only a power cut inside that
/// window could, as before inside its 20 ms.
pub const CLEANER_EVERY_MS: u64 = 20;

impl SledStore {
    /// Opens or creates the database in `dir`, with the flusher thread cleaning its log.
    pub fn open(dir: &Path, cache_capacity_bytes: u64) -> Result<SledStore, StoreError> {
        let db = open_waiting_for_lock(dir, cache_capacity_bytes)?;
        let mut trees = Vec::with_capacity(Tree::ALL.len());
        for tree in Tree::ALL {
            debug_assert_eq!(tree.index(), trees.len());
            trees.push(db.open_tree(tree.name()).map_err(sled_error)?);
        }
        Ok(SledStore { db, trees })
    }

    fn tree(&self, tree: Tree) -> &sled::Tree {
        &self.trees[tree.index()]
    }
}

/// How long opening waits for sled's file lock. sled releases the lock only when its last
/// internal reference is gone, which can be a moment after the previous owner (a bank that was
/// just shut down, or a process that is still exiting) let go; waiting briefly makes a quick
/// restart work instead of failing, while a directory really in use by another process is
/// still reported.
const LOCK_WAIT: Duration = Duration::from_secs(5);

fn open_waiting_for_lock(dir: &Path, cache_capacity_bytes: u64) -> Result<sled::Db, StoreError> {
    let deadline = Instant::now() + LOCK_WAIT;
    let mut pause = Duration::from_millis(5);
    loop {
        let opened = sled::Config::new()
            .path(dir)
            .cache_capacity(cache_capacity_bytes)
            .flush_every_ms(Some(CLEANER_EVERY_MS))
            .open();
        match opened {
            Ok(db) => return Ok(db),
            Err(error) if is_lock_held(&error) && Instant::now() < deadline => {
                #[cfg(test)]
                tests::waited_for_lock(dir);
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(200));
            }
            Err(error) if is_lock_held(&error) => {
                return Err(StoreError(format!(
                    "cannot open {}: the data directory is in use by another studbot process \
                     (sled's lock was held for {} s); stop it or use another directory",
                    dir.display(),
                    LOCK_WAIT.as_secs()
                )));
            }
            Err(error) => {
                return Err(StoreError(format!(
                    "cannot open {}: {error}",
                    dir.display()
                )));
            }
        }
    }
}

/// sled 0.34.7 (pinned) reports a held lock as an `Other` I/O error whose text starts so
/// (`Config::try_lock`); the OS error inside is only in the text.
fn is_lock_held(error: &sled::Error) -> bool {
    matches!(error, sled::Error::Io(io) if io.to_string().starts_with("could not acquire lock"))
}

fn sled_error(error: sled::Error) -> StoreError {
    StoreError(error.to_string())
}

fn owned(item: sled::Result<(sled::IVec, sled::IVec)>) -> Result<KeyValue, StoreError> {
    item.map(|(key, value)| (key.to_vec(), value.to_vec()))
        .map_err(sled_error)
}

impl Reads for SledStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.tree(tree)
            .get(key)
            .map(|value| value.map(|value| value.to_vec()))
            .map_err(sled_error)
    }

    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        Box::new(self.tree(tree).scan_prefix(prefix).map(owned))
    }

    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        Box::new(self.tree(tree).range(start.to_vec()..).map(owned))
    }
}

impl Store for SledStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        use sled::transaction::{ConflictableTransactionError, TransactionError, Transactional};
        if writes.is_empty() {
            return Ok(());
        }
        let outcome: Result<(), TransactionError<()>> =
            self.trees.as_slice().transaction(|trees| {
                for write in writes {
                    let tree = &trees[write.tree.index()];
                    match &write.value {
                        Some(value) => {
                            tree.insert(write.key.as_slice(), value.as_slice())?;
                        }
                        None => {
                            tree.remove(write.key.as_slice())?;
                        }
                    }
                }
                Ok::<(), ConflictableTransactionError<()>>(())
            });
        match outcome {
            Ok(()) => Ok(()),
            Err(TransactionError::Abort(())) => Err(StoreError("transaction aborted".into())),
            Err(TransactionError::Storage(error)) => Err(sled_error(error)),
        }
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush().map(|_| ()).map_err(sled_error)
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        for tree in &self.trees {
            if !tree.is_empty() {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The directories an open found locked and waited on (a test hook: without it a test
    /// cannot know the second open ran into the lock rather than after its release).
    static WAITED_FOR_LOCK: std::sync::Mutex<Vec<std::path::PathBuf>> =
        std::sync::Mutex::new(Vec::new());

    pub(super) fn waited_for_lock(dir: &Path) {
        if let Ok(mut waited) = WAITED_FOR_LOCK.lock() {
            waited.push(dir.to_path_buf());
        }
    }

    fn has_waited_for_lock(dir: &Path) -> bool {
        WAITED_FOR_LOCK
            .lock()
            .is_ok_and(|waited| waited.iter().any(|found| found == dir))
    }

    #[test]
    fn opening_waits_for_the_previous_owner_to_release_the_lock() {
        let dir = tempfile::tempdir().expect("temp dir");
        let first = SledStore::open(dir.path(), 1 << 20).expect("first open");
        assert!(is_lock_held(
            &sled::Config::new()
                .path(dir.path())
                .open()
                .expect_err("the lock is held")
        ));
        let path = dir.path().to_path_buf();
        let second = std::thread::spawn(move || SledStore::open(&path, 1 << 20).map(|_| ()));
        // The lock is let go only once the second open has found it held and is waiting.
        let deadline = Instant::now() + LOCK_WAIT;
        while !has_waited_for_lock(dir.path()) {
            assert!(
                Instant::now() < deadline,
                "the second open never found the lock held within {LOCK_WAIT:?}"
            );
            std::thread::yield_now();
        }
        drop(first);
        let reopened = second.join().expect("no panic");
        assert!(reopened.is_ok(), "{reopened:?}");
    }
}
