//! A batch's writes as one statement: the rows it deletes, writes and creates, the remembered
//! rows it writes or deletes only if still at the version remembered, and the remembered rows
//! it only read, locked and checked before anything is written.

use std::collections::{HashMap, HashSet};

use postgres::Statement;

use super::cache::CachedRows;
use crate::bank::store::{Describe, Tree, Write};

/// The write statement. Every write of it waits on `checked`, the count of the remembered rows
/// the batch only read (`$13`-`$15`: tree, key and version arrays; version 0: remembered
/// absent) that are no longer at the version remembered: an aggregate, so every such row is
/// locked before any row is written, and nothing is written when one is stale. Then, each an
/// index look-up a row (the upsert's conflict probe; the delete's join a nested loop, as the
/// connection's settings ask):
/// - `deleted` (`$1`-`$3`: tree, key, version): the keys deleted, a remembered one only where
///   still at the version remembered, any other (version 0) whatever is there;
/// - `upserted` (`$4`-`$8`: tree, key, value, doc, version): the rows written, a remembered one
///   only over its row still at the version remembered (`ON CONFLICT … WHERE`), any other
///   (version 0) over whatever is there. A remembered row another process deleted meanwhile is
///   inserted carrying the version remembered, never the transaction's: it answers `fresh`
///   false, and counts stale like a row left alone;
/// - `created` (`$9`-`$12`: tree, key, value, doc): the rows the batch found absent, inserted
///   only if still absent.
///
/// A remembered row another process changed or deleted meanwhile is left alone (or inserted
/// stale) and missing from the counts, the write waiting for that process's transaction when
/// it holds the row and then judging the row as that transaction left it. Answers the
/// transaction's id (the version of every row it writes), how many remembered rows only read
/// were stale, how many rows were created, and how many remembered rows were written and
/// deleted as remembered (fewer than asked: another process changed one meanwhile).
///
/// A remembered row only read is never one the statement writes: `FOR UPDATE` would skip a
/// row the statement had changed and count it stale. The one exception, a key remembered
/// absent and deleted, deletes nothing unless stale, and then waits for the check.
pub(super) const WRITE: &str = "
    WITH checked AS (
        SELECT count(*) AS stale
        FROM unnest($13::int2[], $14::bytea[], $15::int8[]) AS c(tree, key, version)
        LEFT JOIN LATERAL (
            SELECT k.version FROM studbot.kv k
            WHERE k.tree = c.tree AND k.key = c.key FOR UPDATE
        ) AS l ON true
        WHERE l.version IS DISTINCT FROM NULLIF(c.version, 0)
    ), deleted AS (
        DELETE FROM studbot.kv k
        USING unnest($1::int2[], $2::bytea[], $3::int8[]) AS d(tree, key, version)
        WHERE k.tree = d.tree AND k.key = d.key
            AND (d.version = 0 OR k.version = d.version)
            AND (SELECT stale FROM checked) = 0
        RETURNING d.version <> 0 AS remembered
    ), upserted AS (
        INSERT INTO studbot.kv AS k (tree, key, value, version, doc)
        SELECT u.tree, u.key, u.value, COALESCE(NULLIF(u.version, 0), txid_current()),
            u.doc::jsonb
        FROM unnest($4::int2[], $5::bytea[], $6::bytea[], $7::text[], $8::int8[])
            AS u(tree, key, value, doc, version)
        WHERE (SELECT stale FROM checked) = 0
        ON CONFLICT (tree, key) DO UPDATE
            SET value = excluded.value, version = txid_current(), doc = excluded.doc
            WHERE excluded.version = txid_current() OR k.version = excluded.version
        RETURNING k.version = txid_current() AS fresh
    ), created AS (
        INSERT INTO studbot.kv (tree, key, value, version, doc)
        SELECT w.tree, w.key, w.value, txid_current(), w.doc::jsonb
        FROM unnest($9::int2[], $10::bytea[], $11::bytea[], $12::text[]) AS w(tree, key, value, doc)
        WHERE (SELECT stale FROM checked) = 0
        ON CONFLICT (tree, key) DO NOTHING
        RETURNING 1
    )
    SELECT txid_current(), (SELECT stale FROM checked), (SELECT count(*) FROM created),
        (SELECT count(*) FROM upserted WHERE fresh),
        (SELECT count(*) FROM deleted WHERE remembered)";

/// Rows to write: trees, keys, values and their JSON, and the version each must still be at
/// (0: written whatever is there).
#[derive(Default)]
struct Rows<'w> {
    trees: Vec<i16>,
    keys: Vec<&'w [u8]>,
    values: Vec<&'w [u8]>,
    docs: Vec<Option<String>>,
    versions: Vec<i64>,
}

/// Keys and the version each must still be at (0: whatever is there).
#[derive(Default)]
struct Keys<'w> {
    trees: Vec<i16>,
    keys: Vec<&'w [u8]>,
    versions: Vec<i64>,
}

/// What the write statement answers.
pub struct Written {
    /// The transaction's id: the version of every row written.
    pub txid: i64,
    /// Remembered rows no longer as remembered: when any, the batch must not commit.
    pub stale: i64,
    /// Rows created of those read as absent.
    pub created: i64,
}

/// A write set as the write statement's arrays: the deletes and the rows written (each
/// remembered one only if still as remembered), the rows created where the batch read nothing
/// (which must still be absent), and the remembered rows only read (checked).
pub struct WriteArrays<'w> {
    deleted: Keys<'w>,
    upserted: Rows<'w>,
    created: Rows<'w>,
    checked: CachedRows,
}

impl<'w> WriteArrays<'w> {
    /// `read_absent` tells the keys the batch read and found absent; `remembered`, the
    /// remembered rows it used, with their versions.
    pub fn new(
        writes: &'w [Write],
        describe: &dyn Describe,
        read_absent: impl Fn(Tree, &[u8]) -> bool,
        remembered: &CachedRows,
    ) -> WriteArrays<'w> {
        let versions: HashMap<(i16, &[u8]), i64> = remembered
            .trees
            .iter()
            .zip(&remembered.keys)
            .zip(&remembered.versions)
            .map(|((tree, key), version)| ((*tree, key.as_slice()), *version))
            .collect();
        let mut arrays = WriteArrays {
            deleted: Keys::default(),
            upserted: Rows::default(),
            created: Rows::default(),
            checked: CachedRows::default(),
        };
        let mut checked_by_write: HashSet<(i16, &[u8])> = HashSet::new();
        for write in writes {
            let code = write.tree.code();
            let version = versions.get(&(code, write.key.as_slice())).copied();
            if version.is_some_and(|version| version != 0) {
                checked_by_write.insert((code, &write.key));
            }
            let Some(value) = &write.value else {
                arrays.deleted.trees.push(code);
                arrays.deleted.keys.push(&write.key);
                arrays.deleted.versions.push(version.unwrap_or(0));
                continue;
            };
            // A key remembered absent is created like one the batch read absent; its
            // check is the created count.
            let rows = match version {
                Some(0) => {
                    checked_by_write.insert((code, &write.key));
                    &mut arrays.created
                }
                None if read_absent(write.tree, &write.key) => &mut arrays.created,
                remembered => {
                    arrays.upserted.versions.push(remembered.unwrap_or(0));
                    &mut arrays.upserted
                }
            };
            rows.trees.push(code);
            rows.keys.push(&write.key);
            rows.values.push(value);
            rows.docs.push(doc(describe, write.tree, &write.key, value));
        }
        for ((tree, key), version) in remembered
            .trees
            .iter()
            .zip(&remembered.keys)
            .zip(&remembered.versions)
        {
            if !checked_by_write.contains(&(*tree, key.as_slice())) {
                arrays.checked.trees.push(*tree);
                arrays.checked.keys.push(key.clone());
                arrays.checked.versions.push(*version);
            }
        }
        arrays
    }

    pub fn created(&self) -> i64 {
        self.created.keys.len() as i64
    }

    /// Runs the write statement.
    pub fn run(
        &self,
        client: &mut impl postgres::GenericClient,
        statement: &Statement,
    ) -> Result<Written, postgres::Error> {
        let row = client.query_one(
            statement,
            &[
                &self.deleted.trees,
                &self.deleted.keys,
                &self.deleted.versions,
                &self.upserted.trees,
                &self.upserted.keys,
                &self.upserted.values,
                &self.upserted.docs,
                &self.upserted.versions,
                &self.created.trees,
                &self.created.keys,
                &self.created.values,
                &self.created.docs,
                &self.checked.trees,
                &self.checked.keys,
                &self.checked.versions,
            ],
        )?;
        let checked_stale: i64 = row.get(1);
        let upserted_fresh: i64 = row.get(3);
        let removed: i64 = row.get(4);
        let upserted = self.upserted.keys.len() as i64;
        let remembered_deletes = self.deleted.versions.iter().filter(|v| **v != 0).count() as i64;
        Ok(Written {
            txid: row.get(0),
            stale: checked_stale + (upserted - upserted_fresh) + (remembered_deletes - removed),
            created: row.get(2),
        })
    }
}

/// A row's JSON for operators. A describer's slip must never stop the bank: JSON PostgreSQL
/// would refuse (a NUL in a string) is left out, the value is what counts.
fn doc(describe: &dyn Describe, tree: Tree, key: &[u8], value: &[u8]) -> Option<String> {
    let described = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        describe.describe(tree, key, value)
    }));
    described
        .ok()
        .flatten()
        .filter(|doc| !doc.contains("\\u0000"))
}
