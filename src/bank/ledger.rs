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
use super::store::{KeyValue, Reads, Tree, Write};
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

/// Reads the next sequence number a new entry gets (1 on a new database). With several
/// writers, the first number no writer's block holds yet (see [`Numbering::Block`]).
pub(crate) fn load_next_seq(store: &dyn Reads) -> Result<u64, BankError> {
    let stored = store.get(Tree::Meta, NEXT_SEQ_KEY)?;
    match stored {
        None => Ok(1),
        Some(bytes) => decode_u64(&bytes).ok_or_else(|| {
            BankError::Storage("the ledger's next sequence number is corrupt".into())
        }),
    }
}

/// The key prefix of the records of the blocks of numbers writers took (`Numbering::Block`):
/// `ledger_block` and the block's first number; the value is the next number the block gives
/// and its end (exclusive), both big-endian. The numbers from the next to the end were never
/// given: a writer that stopped left them, and the audit knows them as no gap.
pub(crate) const BLOCK_PREFIX: &[u8] = b"ledger_block";

pub(crate) fn block_key(start: u64) -> Vec<u8> {
    let mut key = BLOCK_PREFIX.to_vec();
    key.extend_from_slice(&start.to_be_bytes());
    key
}

/// A block record: (its first number, the next number it gives, its end).
pub(crate) fn decode_block(key: &[u8], value: &[u8]) -> Option<(u64, u64, u64)> {
    let start = decode_u64(key.get(BLOCK_PREFIX.len()..)?)?;
    let next = decode_u64(value.get(..8)?)?;
    let end = decode_u64(value.get(8..)?)?;
    (start <= next && next <= end).then_some((start, next, end))
}

pub(crate) fn encode_block(next: u64, end: u64) -> Vec<u8> {
    let mut value = next.to_be_bytes().to_vec();
    value.extend_from_slice(&end.to_be_bytes());
    value
}

/// Where a draft's ledger entries take their numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Numbering {
    /// The only writer: the ledger's next number (`next_seq` in `Meta`), 1, 2, 3, …
    Sole { next: u64 },
    /// One of several writers: the next number of a block this writer took for itself
    /// (`start..end`, recorded under [`block_key`]), so that writers never wait for one
    /// another's numbers. A draft that needs more than the block holds is refused.
    Block { start: u64, next: u64, end: u64 },
}

impl Numbering {
    pub fn next(self) -> u64 {
        match self {
            Numbering::Sole { next } | Numbering::Block { next, .. } => next,
        }
    }

    /// The same numbering, with `next` the next number it gives.
    pub fn at(self, next: u64) -> Numbering {
        match self {
            Numbering::Sole { .. } => Numbering::Sole { next },
            Numbering::Block { start, end, .. } => Numbering::Block { start, next, end },
        }
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
    store: &'s dyn Reads,
    /// The accepted operations before this one in the batch.
    batch: &'s Overlay,
    overlay: Overlay,
    numbering: Numbering,
    first_seq: u64,
    pub now_unix_ms: u64,
    /// This process's number among the writers of a store several share (`leases`); `None`
    /// when it is the store's only writer.
    pub holder: Option<u64>,
}

impl<'s> Draft<'s> {
    /// A draft of the ledger's only writer, whose next entry is numbered `next_seq`.
    pub fn new(
        store: &'s dyn Reads,
        batch: &'s Overlay,
        next_seq: u64,
        now_unix_ms: u64,
    ) -> Draft<'s> {
        Draft::numbered(
            store,
            batch,
            Numbering::Sole { next: next_seq },
            now_unix_ms,
        )
    }

    /// A draft whose entries are numbered as `numbering` says.
    pub fn numbered(
        store: &'s dyn Reads,
        batch: &'s Overlay,
        numbering: Numbering,
        now_unix_ms: u64,
    ) -> Draft<'s> {
        Draft {
            store,
            batch,
            overlay: BTreeMap::new(),
            numbering,
            first_seq: numbering.next(),
            now_unix_ms,
            holder: None,
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
        for item in self.store.scan_between(tree, start, end).take(limit) {
            let (key, _) = item?;
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
        let seq = self.numbering.next();
        if let Numbering::Block { end, .. } = self.numbering
            && seq >= end
        {
            return Err(BankError::LedgerBlockUsedUp);
        }
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
        let next = seq.checked_add(1).ok_or(BankError::Overflow)?;
        self.numbering = self.numbering.at(next);
        Ok(())
    }

    /// The operation's writes, and the next sequence number once they are applied.
    pub fn finish(mut self) -> (Overlay, u64) {
        let next = self.numbering.next();
        if next != self.first_seq {
            match self.numbering {
                Numbering::Sole { .. } => {
                    self.put(
                        Tree::Meta,
                        NEXT_SEQ_KEY.to_vec(),
                        next.to_be_bytes().to_vec(),
                    );
                }
                Numbering::Block { start, end, .. } => {
                    self.put(Tree::Meta, block_key(start), encode_block(next, end));
                }
            }
        }
        (self.overlay, next)
    }
}
