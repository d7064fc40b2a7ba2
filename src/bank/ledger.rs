//! The append-only ledger and the unit of work that writes it.
//!
//! A [`Draft`] gathers every write of one operation (balances, ledger entries, indexes) over
//! the store's state plus the writes of the operations before it in the same batch, so the
//! operation reads its own writes and theirs. A refused operation's draft is dropped, so it
//! changes nothing; an accepted one joins the batch, which the committer applies as one atomic
//! write set.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::BankError;
use super::encoding;
use super::store::{KeyValue, Store, Tree, Write};
use super::vocab::Account;
// The entries the ledger holds, named here too, where its readers have always found them.
pub use super::vocab::{LedgerEntry, Reason};

pub(crate) const NEXT_SEQ_KEY: &[u8] = b"next_seq";

pub(crate) fn seq_key(seq: u64) -> [u8; 8] {
    seq.to_be_bytes()
}

pub(crate) fn decode_u64(bytes: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(bytes.try_into().ok()?))
}

/// Reads the next sequence number a new entry gets (1 on a new database).
pub(crate) fn load_next_seq(store: &dyn Store) -> Result<u64, BankError> {
    let stored = store.get(Tree::Meta, NEXT_SEQ_KEY)?;
    match stored {
        None => Ok(1),
        Some(bytes) => decode_u64(&bytes).ok_or_else(|| {
            BankError::Storage("the ledger's next sequence number is corrupt".into())
        }),
    }
}

/// Writes not yet applied: a key set (`Some`) or deleted (`None`).
pub(crate) type Overlay = BTreeMap<(Tree, Vec<u8>), Option<Vec<u8>>>;

/// An overlay as a write set for the store.
pub(crate) fn into_writes(overlay: Overlay) -> Vec<Write> {
    overlay
        .into_iter()
        .map(|((tree, key), value)| Write { tree, key, value })
        .collect()
}

/// The writes of one operation, not yet applied.
pub(crate) struct Draft<'s> {
    store: &'s dyn Store,
    /// The accepted operations before this one in the batch.
    batch: &'s Overlay,
    overlay: Overlay,
    next_seq: u64,
    first_seq: u64,
    pub now_unix_ms: u64,
}

impl<'s> Draft<'s> {
    pub fn new(
        store: &'s dyn Store,
        batch: &'s Overlay,
        next_seq: u64,
        now_unix_ms: u64,
    ) -> Draft<'s> {
        Draft {
            store,
            batch,
            overlay: BTreeMap::new(),
            next_seq,
            first_seq: next_seq,
            now_unix_ms,
        }
    }

    pub fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, BankError> {
        let wanted = (tree, key.to_vec());
        if let Some(pending) = self.overlay.get(&wanted) {
            return Ok(pending.clone());
        }
        if let Some(pending) = self.batch.get(&wanted) {
            return Ok(pending.clone());
        }
        Ok(self.store.get(tree, key)?)
    }

    /// Keys starting with `prefix` as this operation sees them, in key order.
    pub fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Result<Vec<KeyValue>, BankError> {
        let mut rows = BTreeMap::new();
        for item in self.store.scan_prefix(tree, prefix) {
            let (key, value) = item?;
            rows.insert(key, value);
        }
        for layer in [self.batch, &self.overlay] {
            let pending =
                layer
                    .range((tree, prefix.to_vec())..)
                    .take_while(|((pending_tree, key), _)| {
                        *pending_tree == tree && key.starts_with(prefix)
                    });
            for ((_, key), value) in pending {
                match value {
                    Some(value) => rows.insert(key.clone(), value.clone()),
                    None => rows.remove(key),
                };
            }
        }
        Ok(rows.into_iter().collect())
    }

    /// The keys from `start` (inclusive) to `end` (exclusive) as this operation sees them, in
    /// key order. Reads the store lazily, so a short range of a large tree costs little.
    pub fn keys_between(
        &self,
        tree: Tree,
        start: &[u8],
        end: &[u8],
    ) -> Result<Vec<Vec<u8>>, BankError> {
        self.some_keys_between(tree, start, end, usize::MAX)
    }

    /// [`Draft::keys_between`], reading at most `limit` keys from the store (so possibly not
    /// all of them: for work done a little at a time, like pruning).
    pub fn some_keys_between(
        &self,
        tree: Tree,
        start: &[u8],
        end: &[u8],
        limit: usize,
    ) -> Result<Vec<Vec<u8>>, BankError> {
        if start >= end {
            return Ok(Vec::new());
        }
        let mut keys = std::collections::BTreeSet::new();
        for item in self.store.scan_from(tree, start).take(limit) {
            let (key, _) = item?;
            if key.as_slice() >= end {
                break;
            }
            keys.insert(key);
        }
        for layer in [self.batch, &self.overlay] {
            let pending = layer
                .range((tree, start.to_vec())..(tree, end.to_vec()))
                .map(|((_, key), value)| (key, value));
            for (key, value) in pending {
                match value {
                    Some(_) => keys.insert(key.clone()),
                    None => keys.remove(key),
                };
            }
        }
        Ok(keys.into_iter().collect())
    }

    pub fn put(&mut self, tree: Tree, key: Vec<u8>, value: Vec<u8>) {
        self.overlay.insert((tree, key), Some(value));
    }

    pub fn remove(&mut self, tree: Tree, key: Vec<u8>) {
        self.overlay.insert((tree, key), None);
    }

    /// A record in the compact encoding (`encoding`).
    pub fn get_record<T: for<'de> Deserialize<'de>>(
        &self,
        tree: Tree,
        key: &[u8],
    ) -> Result<Option<T>, BankError> {
        match self.get(tree, key)? {
            None => Ok(None),
            Some(bytes) => encoding::decode(&bytes, &format!("{tree:?}")).map(Some),
        }
    }

    pub fn put_record<T: Serialize>(&mut self, tree: Tree, key: Vec<u8>, value: &T) {
        self.put(tree, key, encoding::encode(value));
    }

    /// Appends a ledger entry (the balances are the caller's part of the same draft).
    pub fn append_entry(
        &mut self,
        from: Account,
        to: Account,
        amount: u64,
        reason: Reason,
        reference: &str,
    ) -> Result<(), BankError> {
        let seq = self.next_seq;
        let entry = LedgerEntry {
            seq,
            time_unix_ms: self.now_unix_ms,
            from,
            to,
            amount,
            reason,
            reference: reference.to_string(),
        };
        self.put(
            Tree::Ledger,
            seq_key(seq).to_vec(),
            encoding::encode_entry(&entry),
        );
        self.next_seq = seq.checked_add(1).ok_or(BankError::Overflow)?;
        Ok(())
    }

    /// The operation's writes, and the next sequence number once they are applied.
    pub fn finish(mut self) -> (Overlay, u64) {
        if self.next_seq != self.first_seq {
            let next = self.next_seq.to_be_bytes().to_vec();
            self.put(Tree::Meta, NEXT_SEQ_KEY.to_vec(), next);
        }
        (self.overlay, self.next_seq)
    }
}
