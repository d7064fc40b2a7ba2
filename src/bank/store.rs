//! The narrow storage interface the bank is written against, and its sled implementation.
//!
//! The bank needs only this from a store: point reads, ordered scans, one atomic write of a
//! set of keys across named trees, and a durable flush. Everything else (balances, ledger,
//! idempotency) is built on top, so another embedded store could replace sled here without
//! touching the rest of the bank. Only the bank's committer thread writes, so a write set
//! computed from plain reads is applied with no interleaved writer (no read-modify-write
//! conflict can occur).

use std::path::Path;
use std::time::{Duration, Instant};

use thiserror::Error;

/// The named key spaces of the bank. Their names are part of the on-disk format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tree {
    /// Schema version and the next ledger sequence number.
    Meta,
    /// Account key → signed balance.
    Balances,
    /// Sequence number → ledger entry; append-only.
    Ledger,
    /// (guild, reference) → the original result of the operation that carried it.
    References,
    /// (table, hand) → the hand's record (in progress, settled or cancelled).
    Hands,
    /// Table → its registry record (guild, open or closed, hand in progress).
    Tables,
    /// (guild, !balance, user) → nothing: the leaderboard index.
    Board,
    /// (guild, user) → player stats.
    Stats,
    /// (guild, user) → time of the last daily claim.
    Claims,
    /// Table → its settings record (opaque to the bank: the lobby's format).
    TableSettings,
    /// (table, hand) → the hand's public history (opaque to the bank: the lobby's format).
    HandHistories,
    /// (time used, guild, reference) → nothing: the order references are pruned in.
    ReferenceTimes,
    /// (guild, user, UTC day) → chips given and received by gifts that day (the daily caps).
    GiftTotals,
    /// User → the member's preferences (`MemberPreferences`), kept only when not the default.
    Preferences,
    /// Tournament → its record (`TournamentState`: entrants, stacks, level, places).
    Tournaments,
}

/// The key of the count of batches written, in `Tree::Meta`: written by every batch, so
/// after a failed write the committer can tell whether the batch landed.
pub(crate) const BATCHES_KEY: &[u8] = b"batches";

impl Tree {
    pub const ALL: [Tree; 15] = [
        Tree::Meta,
        Tree::Balances,
        Tree::Ledger,
        Tree::References,
        Tree::Hands,
        Tree::Tables,
        Tree::Board,
        Tree::Stats,
        Tree::Claims,
        Tree::TableSettings,
        Tree::HandHistories,
        Tree::ReferenceTimes,
        Tree::GiftTotals,
        Tree::Preferences,
        Tree::Tournaments,
    ];

    fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Tree::Meta => "meta",
            Tree::Balances => "balances",
            Tree::Ledger => "ledger",
            Tree::References => "references",
            Tree::Hands => "hands",
            Tree::Tables => "tables",
            Tree::Board => "board",
            Tree::Stats => "stats",
            Tree::Claims => "claims",
            Tree::TableSettings => "table_settings",
            Tree::HandHistories => "hand_histories",
            Tree::ReferenceTimes => "reference_times",
            Tree::GiftTotals => "gift_totals",
            Tree::Preferences => "preferences",
            Tree::Tournaments => "tournaments",
        }
    }
}

#[derive(Debug, Error)]
#[error("{0}")]
pub struct StoreError(pub String);

/// One key to set (`Some`) or delete (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    pub tree: Tree,
    pub key: Vec<u8>,
    pub value: Option<Vec<u8>>,
}

pub type KeyValue = (Vec<u8>, Vec<u8>);
pub type Scan<'a> = Box<dyn Iterator<Item = Result<KeyValue, StoreError>> + 'a>;

/// What the bank needs from an embedded store.
pub trait Store: Send + Sync + 'static {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError>;
    /// Keys starting with `prefix`, in key order.
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_>;
    /// Keys from `start` (inclusive) on, in key order.
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_>;
    /// Applies every write or none of them, atomically also across a crash.
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError>;
    /// Makes every applied write durable.
    fn flush(&self) -> Result<(), StoreError>;
    /// True when the store holds no key at all (a new database).
    fn is_empty(&self) -> Result<bool, StoreError>;
}

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

impl Store for SledStore {
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
