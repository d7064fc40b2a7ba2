//! Ordered scans read a chunk of rows at a time (a scan the bank stops early, such as the
//! pruning of the oldest references, reads only what it takes), from any source of a
//! connection: the pool, a batch's transaction, a snapshot.

use std::collections::VecDeque;

use super::connection::Connections;
use crate::bank::store::{KeyValue, StoreError, Tree};

/// Rows read per round trip.
pub(super) const CHUNK: i64 = 256;

/// The keys a scan covers: from `start` (inclusive) to `end` (exclusive; `None`: to the end).
pub(super) struct Range {
    start: Vec<u8>,
    end: Option<Vec<u8>>,
}

impl Range {
    /// The keys starting with `prefix`.
    pub fn prefix(prefix: &[u8]) -> Range {
        Range {
            start: prefix.to_vec(),
            end: after_prefix(prefix),
        }
    }

    /// The keys from `start` on.
    pub fn from(start: &[u8]) -> Range {
        Range {
            start: start.to_vec(),
            end: None,
        }
    }

    /// The keys from `start` to `end` (exclusive).
    pub fn between(start: &[u8], end: &[u8]) -> Range {
        Range {
            start: start.to_vec(),
            end: Some(end.to_vec()),
        }
    }
}

/// The first key past every key starting with `prefix` (`None` when there is none: an
/// empty prefix, or one of 0xff bytes only).
fn after_prefix(prefix: &[u8]) -> Option<Vec<u8>> {
    let last = prefix.iter().rposition(|&byte| byte != 0xff)?;
    let mut end = prefix[..=last].to_vec();
    end[last] += 1;
    Some(end)
}

/// A scan of one tree's range, a chunk at a time.
pub(super) struct ChunkedScan<'a, C: Connections> {
    source: &'a C,
    tree: Tree,
    range: Range,
    /// The last key read: the next chunk starts past it.
    after: Option<Vec<u8>>,
    rows: VecDeque<KeyValue>,
    done: bool,
}

impl<'a, C: Connections> ChunkedScan<'a, C> {
    pub fn new(source: &'a C, tree: Tree, range: Range) -> ChunkedScan<'a, C> {
        ChunkedScan {
            source,
            tree,
            range,
            after: None,
            rows: VecDeque::new(),
            done: false,
        }
    }

    fn fetch(&self) -> Result<Vec<KeyValue>, StoreError> {
        let tree = self.tree.code();
        let from = self.after.as_deref().unwrap_or(&self.range.start);
        let after = self.after.is_some();
        let end = self.range.end.as_deref();
        let locking = self.source.locking();
        self.source.with_connection(|connection| {
            let statement = connection
                .statements
                .scan(end.is_some(), after, locking)
                .clone();
            let rows = match end {
                Some(end) => connection
                    .client()
                    .query(&statement, &[&tree, &from, &end, &CHUNK])?,
                None => connection
                    .client()
                    .query(&statement, &[&tree, &from, &CHUNK])?,
            };
            Ok(rows
                .into_iter()
                .map(|row| (row.get(0), row.get(1)))
                .collect())
        })
    }
}

impl<C: Connections> Iterator for ChunkedScan<'_, C> {
    type Item = Result<KeyValue, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(row) = self.rows.pop_front() {
            return Some(Ok(row));
        }
        if self.done {
            return None;
        }
        match self.fetch() {
            Err(error) => {
                self.done = true;
                Some(Err(error))
            }
            Ok(rows) => {
                self.done = (rows.len() as i64) < CHUNK;
                self.after = rows.last().map(|(key, _)| key.clone());
                self.rows = rows.into();
                self.rows.pop_front().map(Ok)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::after_prefix;

    #[test]
    fn the_end_of_a_prefix_is_its_last_byte_below_0xff_raised_by_one() {
        assert_eq!(after_prefix(b"ab"), Some(b"ac".to_vec()));
        assert_eq!(after_prefix(&[1, 0xff, 0xff]), Some(vec![2]));
        assert_eq!(after_prefix(&[0xff, 0xff]), None);
        assert_eq!(after_prefix(&[]), None);
    }
}
