//! What the committer remembers of the rows it read and wrote, with each row's version, so
//! that reading them again in a later batch costs no round trip: the batch's write statement
//! checks that every remembered row it used is still at that version (a row another process
//! changed meanwhile makes the batch a conflict, drafted again with nothing remembered);
//! and the remembered rows a batch used (`CachedRows`), locked and checked by its write.

use std::collections::HashMap;

use crate::bank::store::Tree;

/// Bytes of values remembered at most; past it everything is forgotten at once.
const MAX_BYTES: usize = 64 << 20;

/// A remembered row: its value (`None`: no such row) and its version (0 for no row).
pub(super) struct Cached {
    pub value: Option<Vec<u8>>,
    pub version: i64,
}

#[derive(Default)]
pub(super) struct Cache {
    trees: HashMap<Tree, HashMap<Vec<u8>, Cached>>,
    bytes: usize,
}

/// Trees a batch never reads back by key once written (the ledger, hand histories, the
/// index of references by time): not remembered when written.
fn read_back(tree: Tree) -> bool {
    !matches!(
        tree,
        Tree::Ledger | Tree::HandHistories | Tree::ReferenceTimes
    )
}

/// Trees every writer changes (the ledger's next number, taken by each writer for its block
/// of numbers): never remembered, so a batch reads them from the server, locked, waiting for
/// the writer that holds them, rather than answering a stale copy that makes it a conflict
/// (drafted again) each time another writer moved them meanwhile. The whole tree, as the store
/// knows no key of the bank's: its other rows (the index of live sit & gos) cost a locked
/// read each batch that uses them.
fn shared_by_every_writer(tree: Tree) -> bool {
    tree == Tree::Meta
}

impl Cache {
    pub fn get(&self, tree: Tree, key: &[u8]) -> Option<&Cached> {
        self.trees.get(&tree)?.get(key)
    }

    /// Remembers a row as read or written at `version`.
    pub fn remember(&mut self, tree: Tree, key: &[u8], value: Option<Vec<u8>>, version: i64) {
        if shared_by_every_writer(tree) {
            return;
        }
        let size = key.len() + value.as_ref().map_or(0, Vec::len) + 48;
        if self.bytes + size > MAX_BYTES {
            self.clear();
        }
        self.bytes += size;
        self.trees
            .entry(tree)
            .or_default()
            .insert(key.to_vec(), Cached { value, version });
    }

    /// Remembers what a committed batch wrote, at its version.
    pub fn remember_written(
        &mut self,
        tree: Tree,
        key: &[u8],
        value: Option<&Vec<u8>>,
        version: i64,
    ) {
        if read_back(tree) {
            let version = if value.is_some() { version } else { 0 };
            self.remember(tree, key, value.cloned(), version);
        }
    }

    pub fn clear(&mut self) {
        self.trees.clear();
        self.bytes = 0;
    }
}

/// The rows a batch used from the cache, locked and checked by its write statement.
#[derive(Default)]
pub struct CachedRows {
    pub trees: Vec<i16>,
    pub keys: Vec<Vec<u8>>,
    pub versions: Vec<i64>,
}

impl CachedRows {
    pub fn push(&mut self, tree: Tree, key: &[u8], version: i64) {
        self.trees.push(tree.code());
        self.keys.push(key.to_vec());
        self.versions.push(version);
    }
}
