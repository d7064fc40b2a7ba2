//! A sled store in a temporary directory for the bank's unit tests of one module's records,
//! and the drafts they are written and read through (no committer, no thread).

use super::BankError;
use super::ledger::{Draft, Overlay, into_writes};
use super::store::{SledStore, Store};

/// A new, empty store; it lives as long as the directory returned with it.
pub(super) fn store() -> (tempfile::TempDir, SledStore) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = SledStore::open(dir.path(), 1 << 20).expect("store opens");
    (dir, store)
}

/// Runs `write` in a draft over `store` and applies what it drafted.
pub(super) fn commit(
    store: &SledStore,
    write: impl FnOnce(&mut Draft<'_>) -> Result<(), BankError>,
) {
    let batch = Overlay::new();
    let mut draft = Draft::new(store, &batch, 1, 0);
    write(&mut draft).expect("the draft is written");
    let (overlay, _) = draft.finish();
    store.apply(&into_writes(overlay)).expect("applied");
}

/// Reads through a draft over `store` (nothing pending).
pub(super) fn read<T>(store: &SledStore, read: impl FnOnce(&Draft<'_>) -> T) -> T {
    let batch = Overlay::new();
    let draft = Draft::new(store, &batch, 1, 0);
    read(&draft)
}
