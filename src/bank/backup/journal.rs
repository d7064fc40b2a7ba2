//! The store as it was when a backup began, read while the committer keeps writing: the
//! committer keeps a before-image journal for each backup under way (the first old value of
//! every key it writes, recorded before the batch is applied), and a snapshot scan reads each
//! tree in key order, taking a key's before-image where the journal has one.
//!
//! Why a scan is then the store as of the journal's start: a key read by the scan and then
//! not found in the journal was not written between the start and that lookup, so the value
//! read is the one it had at the start; a key found there has its start value in the journal
//! (or was absent then, and is left out). A key the scan did not meet although it existed at
//! the start was deleted before the scan passed its place, so its before-image was recorded
//! before the scan read the next key, and is put back in its place. The journal holds only the
//! keys written during the backup; the committer never waits for the backup.

use std::collections::{BTreeMap, VecDeque};
use std::ops::Bound;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::bank::BankError;
use crate::bank::store::{KeyValue, Reads, Scan, Tree, Write};

/// A key's value when the journal began; `None`: it was absent.
type BeforeImage = Option<Vec<u8>>;

/// The before-images of one backup under way.
#[derive(Debug, Default)]
pub struct Journal {
    state: Mutex<JournalState>,
}

#[derive(Debug, Default)]
struct JournalState {
    before: BTreeMap<(Tree, Vec<u8>), BeforeImage>,
    /// Why the journal is not whole (a before-image could not be read): the backup fails.
    broken: Option<String>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Journal {
    /// Records the current value of every key of `writes` not yet in the journal. Called by
    /// the only writer, before it applies `writes`. A failed read breaks this journal alone
    /// (its backup fails); the batch goes ahead.
    fn record(&self, store: &dyn Reads, writes: &[Write]) {
        let unrecorded: Vec<(Tree, Vec<u8>)> = {
            let state = locked(&self.state);
            if state.broken.is_some() {
                return;
            }
            writes
                .iter()
                .map(|write| (write.tree, write.key.clone()))
                .filter(|key| !state.before.contains_key(key))
                .collect()
        };
        // Read without the lock: only this writer adds keys, and the store does not change
        // before it applies the batch, so the scan's lookups meanwhile are not held up.
        let mut images = Vec::with_capacity(unrecorded.len());
        for (tree, key) in unrecorded {
            match store.get(tree, &key) {
                Ok(value) => images.push(((tree, key), value)),
                Err(error) => {
                    locked(&self.state).broken =
                        Some(format!("a value could not be kept for the backup: {error}"));
                    return;
                }
            }
        }
        let mut state = locked(&self.state);
        for (key, value) in images {
            state.before.entry(key).or_insert(value);
        }
    }

    /// The key's value at the start, when it was written since: `Some(None)` when it was
    /// absent then, `None` when it was not written.
    fn before(&self, tree: Tree, key: &[u8]) -> Option<BeforeImage> {
        locked(&self.state)
            .before
            .get(&(tree, key.to_vec()))
            .cloned()
    }

    /// The keys of `tree` strictly after `after` and before `until` (to the tree's end when
    /// `None`) that existed at the start and were written since, with their start values.
    fn existed_between(
        &self,
        tree: Tree,
        after: Option<&[u8]>,
        until: Option<&[u8]>,
    ) -> VecDeque<KeyValue> {
        let low = match after {
            Some(key) => Bound::Excluded((tree, key.to_vec())),
            None => Bound::Included((tree, Vec::new())),
        };
        let state = locked(&self.state);
        state
            .before
            .range((low, Bound::Unbounded))
            .take_while(|((found, key), _)| {
                *found == tree && until.is_none_or(|until| key.as_slice() < until)
            })
            .filter_map(|((_, key), value)| Some((key.clone(), value.clone()?)))
            .collect()
    }

    /// Why the journal cannot give the start's store, if it cannot.
    pub fn broken(&self) -> Option<String> {
        locked(&self.state).broken.clone()
    }

    /// How many keys the journal holds.
    pub fn len(&self) -> usize {
        locked(&self.state).before.len()
    }

    /// True when no key was written since the journal began.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The journals of the backups under way, shared by the bank handle and the committer.
#[derive(Debug, Default)]
pub(crate) struct Journals {
    active: Mutex<Vec<Arc<Journal>>>,
}

impl Journals {
    /// Starts a journal, between two batches: the committer holds this lock from recording a
    /// batch's before-images until the batch is applied.
    pub fn begin(self: &Arc<Self>) -> JournalGuard {
        let journal = Arc::new(Journal::default());
        locked(&self.active).push(Arc::clone(&journal));
        JournalGuard {
            journals: Arc::clone(self),
            journal,
        }
    }

    /// Applies `writes` with `apply`, after recording their before-images in every journal
    /// under way; no journal can begin in between.
    pub fn recorded_apply<T>(
        &self,
        store: &dyn Reads,
        writes: &[Write],
        apply: impl FnOnce() -> T,
    ) -> T {
        let active = locked(&self.active);
        for journal in active.iter() {
            journal.record(store, writes);
        }
        apply()
    }
}

/// A journal under way; it ends (the committer stops recording into it) when dropped.
pub(crate) struct JournalGuard {
    journals: Arc<Journals>,
    journal: Arc<Journal>,
}

impl std::ops::Deref for JournalGuard {
    type Target = Journal;

    fn deref(&self) -> &Journal {
        &self.journal
    }
}

impl Drop for JournalGuard {
    fn drop(&mut self) {
        locked(&self.journals.active).retain(|journal| !Arc::ptr_eq(journal, &self.journal));
    }
}

/// Every key of `tree` as it was when `journal` began, in key order, read from `store` while
/// it changes.
pub(crate) fn snapshot_scan<'a>(
    store: &'a dyn Reads,
    journal: &'a Journal,
    tree: Tree,
) -> SnapshotScan<'a> {
    SnapshotScan {
        scan: store.scan_prefix(tree, &[]),
        journal,
        tree,
        last: None,
        ready: VecDeque::new(),
        done: false,
    }
}

/// See [`snapshot_scan`].
pub(crate) struct SnapshotScan<'a> {
    scan: Scan<'a>,
    journal: &'a Journal,
    tree: Tree,
    /// The last key the store's scan gave.
    last: Option<Vec<u8>>,
    /// Entries due before the scan's next key.
    ready: VecDeque<KeyValue>,
    done: bool,
}

impl Iterator for SnapshotScan<'_> {
    type Item = Result<KeyValue, BankError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(entry) = self.ready.pop_front() {
                return Some(Ok(entry));
            }
            if self.done {
                return None;
            }
            let Some(scanned) = self.scan.next() else {
                self.done = true;
                self.ready = self
                    .journal
                    .existed_between(self.tree, self.last.as_deref(), None);
                continue;
            };
            let (key, value) = match scanned {
                Ok(entry) => entry,
                Err(error) => {
                    self.done = true;
                    return Some(Err(error.into()));
                }
            };
            if self.last.as_ref().is_some_and(|last| key <= *last) {
                continue;
            }
            // Deleted since the start, between the previous key and this one.
            self.ready = self
                .journal
                .existed_between(self.tree, self.last.as_deref(), Some(&key));
            // Looked up after the read: a key not in the journal now was not written before
            // the read either.
            match self.journal.before(self.tree, &key) {
                None => self.ready.push_back((key.clone(), value)),
                Some(Some(before)) => self.ready.push_back((key.clone(), before)),
                Some(None) => {}
            }
            self.last = Some(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::{Journals, snapshot_scan};
    use crate::bank::store::{SledStore, Store, Tree, Write};

    fn write(key: u8, value: Option<u8>) -> Write {
        Write {
            tree: Tree::Balances,
            key: vec![key],
            value: value.map(|value| vec![value]),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Whatever is set, replaced or deleted while the scan goes on, in whatever order
        /// with its steps, the scan gives the tree as it was when the journal began.
        #[test]
        fn a_snapshot_scan_is_the_tree_as_the_journal_began(
            initial in proptest::collection::btree_map(0u8..32, any::<u8>(), 0..24),
            steps in proptest::collection::vec(
                prop_oneof![
                    Just(None),
                    (0u8..32, proptest::option::of(any::<u8>())).prop_map(Some),
                ],
                0..64,
            ),
        ) {
            let dir = tempfile::tempdir().unwrap();
            let store = SledStore::open(dir.path(), 1 << 20).unwrap();
            let writes: Vec<Write> =
                initial.iter().map(|(&key, &value)| write(key, Some(value))).collect();
            store.apply(&writes).unwrap();
            let journals = Arc::new(Journals::default());
            let journal = journals.begin();
            let mut scan = snapshot_scan(&store, &journal, Tree::Balances);
            let mut seen = Vec::new();
            for step in steps {
                match step {
                    None => seen.extend(scan.next()),
                    Some((key, value)) => {
                        let writes = [write(key, value)];
                        journals.recorded_apply(&store, &writes, || store.apply(&writes)).unwrap();
                    }
                }
            }
            seen.extend(scan);
            let seen: Vec<(Vec<u8>, Vec<u8>)> = seen.into_iter().map(Result::unwrap).collect();
            let expected: Vec<(Vec<u8>, Vec<u8>)> =
                initial.iter().map(|(&key, &value)| (vec![key], vec![value])).collect();
            prop_assert_eq!(seen, expected);
        }
    }
}
