//! A batch's reads gathered ahead (`Transaction::prefetch`): every key and range the batch's
//! operations are known to read, read in one statement for the keys and one for the ranges,
//! locked as the batch's own reads lock them (`FOR UPDATE`), so that drafting answers them
//! without a round trip each. Rows are locked in key order, the same in every process.

use std::collections::HashMap;

use postgres::Statement;

use super::connection::Connection;
use super::scan::CHUNK;
use crate::bank::store::{KeyValue, Tree};

type Key = (Tree, Vec<u8>);
type Range = (Tree, Vec<u8>, Vec<u8>);

/// What a batch read ahead in its transaction.
#[derive(Default)]
pub(super) struct Fetched {
    /// Each key read: its value and version, or `None` when there is no such row.
    rows: HashMap<Key, Option<(Vec<u8>, i64)>>,
    /// Each range read whole.
    ranges: HashMap<Range, Vec<KeyValue>>,
}

impl Fetched {
    /// The value read ahead for `key` (`Some(None)`: read, and absent); `None` when it was
    /// not read ahead.
    pub fn value(&self, tree: Tree, key: &[u8]) -> Option<Option<Vec<u8>>> {
        let row = self.rows.get(&(tree, key.to_vec()))?;
        Some(row.as_ref().map(|(value, _)| value.clone()))
    }

    /// The rows of a range read ahead whole.
    pub fn range(&self, tree: Tree, start: &[u8], end: &[u8]) -> Option<Vec<KeyValue>> {
        self.ranges
            .get(&(tree, start.to_vec(), end.to_vec()))
            .cloned()
    }

    /// Every key read ahead, with its value and version (0: absent), to remember.
    pub fn rows(&self) -> impl Iterator<Item = (&Key, Option<&Vec<u8>>, i64)> {
        self.rows.iter().map(|(key, row)| match row {
            Some((value, version)) => (key, Some(value), *version),
            None => (key, None, 0),
        })
    }
}

/// Reads `keys` and `ranges` (each sorted, without repeats) in one statement each, locking
/// their rows.
pub(super) fn fetch(
    connection: &mut Connection,
    keys: &[Key],
    ranges: &[Range],
) -> Result<Fetched, postgres::Error> {
    let mut fetched = Fetched::default();
    if !keys.is_empty() {
        let trees: Vec<i16> = keys.iter().map(|(tree, _)| tree.code()).collect();
        let names: Vec<&[u8]> = keys.iter().map(|(_, key)| key.as_slice()).collect();
        let statement: Statement = connection.statements.prefetch_keys.clone();
        let rows = connection.client().query(&statement, &[&trees, &names])?;
        fetched.rows = keys.iter().map(|key| (key.clone(), None)).collect();
        for row in rows {
            let place = usize::try_from(row.get::<_, i64>(0) - 1).unwrap_or(usize::MAX);
            if let Some(key) = keys.get(place) {
                fetched
                    .rows
                    .insert(key.clone(), Some((row.get(1), row.get(2))));
            }
        }
    }
    if !ranges.is_empty() {
        let trees: Vec<i16> = ranges.iter().map(|(tree, _, _)| tree.code()).collect();
        let starts: Vec<&[u8]> = ranges
            .iter()
            .map(|(_, start, _)| start.as_slice())
            .collect();
        let ends: Vec<&[u8]> = ranges.iter().map(|(_, _, end)| end.as_slice()).collect();
        let statement: Statement = connection.statements.prefetch_ranges.clone();
        let rows = connection
            .client()
            .query(&statement, &[&trees, &starts, &ends, &CHUNK])?;
        let mut read: Vec<Vec<KeyValue>> = vec![Vec::new(); ranges.len()];
        for row in rows {
            let place = usize::try_from(row.get::<_, i64>(0) - 1).unwrap_or(usize::MAX);
            if let Some(range) = read.get_mut(place) {
                range.push((row.get(1), row.get(2)));
            }
        }
        // A range of a whole chunk or more may hold more: its scan reads on from the server.
        fetched.ranges = ranges
            .iter()
            .cloned()
            .zip(read)
            .filter(|(_, rows)| (rows.len() as i64) < CHUNK)
            .collect();
    }
    Ok(fetched)
}
