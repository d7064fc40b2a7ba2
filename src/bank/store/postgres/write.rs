//! A batch's writes as one statement: the rows it deletes, writes and creates, the remembered
//! rows it writes or deletes only if still at the version remembered, and the remembered rows
//! it only read, locked and checked before anything is written.

use std::collections::{HashMap, HashSet};

use postgres::Statement;

use super::cache::CachedRows;
use crate::bank::store::{Describe, Tree, Write};

/// The write statement. Every write of it waits on `checked`, the count of the remembered rows
/// the batch only read (`$19`-`$21`: tree, key and version arrays; version 0: remembered
/// absent) that are no longer at the version remembered: an aggregate, so every such row is
/// locked before any row is written, and nothing is written when one is stale. Then: the keys
/// deleted whatever is there (`$1`-`$2`: tree, key); the remembered rows deleted (`$16`-`$18`:
/// tree, key, version) and written (`$11`-`$15`: tree, key, value, doc, version) only where
/// still at the version remembered, so that the write itself is the check (a row another
/// process changed or deleted meanwhile is left alone and missing from the count, waiting for
/// that process's transaction when it holds the row); the rows written over whatever is there
/// (`$3`-`$6`: tree, key, value, doc); the rows the batch found absent (`$7`-`$10`, the same),
/// inserted only if still absent. Answers the transaction's id (the version of every row it
/// writes), how many remembered rows only read were stale, and how many rows were created,
/// updated and removed (fewer than asked: another process changed one meanwhile).
///
/// A remembered row only read is never one the statement writes: `FOR UPDATE` would skip a
/// row the statement had changed and count it stale. The one exception, a key remembered
/// absent and deleted, deletes nothing unless stale, and then waits for the check.
pub(super) const WRITE: &str = "
    WITH checked AS (
        SELECT count(*) AS stale
        FROM unnest($19::int2[], $20::bytea[], $21::int8[]) AS c(tree, key, version)
        LEFT JOIN LATERAL (
            SELECT k.version FROM studbot.kv k
            WHERE k.tree = c.tree AND k.key = c.key FOR UPDATE
        ) AS l ON true
        WHERE l.version IS DISTINCT FROM NULLIF(c.version, 0)
    ), deleted AS (
        DELETE FROM studbot.kv k USING unnest($1::int2[], $2::bytea[]) AS d(tree, key)
        WHERE k.tree = d.tree AND k.key = d.key AND (SELECT stale FROM checked) = 0
    ), removed AS (
        DELETE FROM studbot.kv k
        USING unnest($16::int2[], $17::bytea[], $18::int8[]) AS r(tree, key, version)
        WHERE k.tree = r.tree AND k.key = r.key AND k.version = r.version
            AND (SELECT stale FROM checked) = 0
        RETURNING 1
    ), updated AS (
        UPDATE studbot.kv k
        SET value = u.value, version = txid_current(), doc = u.doc::jsonb
        FROM unnest($11::int2[], $12::bytea[], $13::bytea[], $14::text[], $15::int8[])
            AS u(tree, key, value, doc, version)
        WHERE k.tree = u.tree AND k.key = u.key AND k.version = u.version
            AND (SELECT stale FROM checked) = 0
        RETURNING 1
    ), written AS (
        INSERT INTO studbot.kv (tree, key, value, version, doc)
        SELECT w.tree, w.key, w.value, txid_current(), w.doc::jsonb
        FROM unnest($3::int2[], $4::bytea[], $5::bytea[], $6::text[]) AS w(tree, key, value, doc)
        WHERE (SELECT stale FROM checked) = 0
        ON CONFLICT (tree, key) DO UPDATE
            SET value = excluded.value, version = excluded.version, doc = excluded.doc
    ), created AS (
        INSERT INTO studbot.kv (tree, key, value, version, doc)
        SELECT w.tree, w.key, w.value, txid_current(), w.doc::jsonb
        FROM unnest($7::int2[], $8::bytea[], $9::bytea[], $10::text[]) AS w(tree, key, value, doc)
        WHERE (SELECT stale FROM checked) = 0
        ON CONFLICT (tree, key) DO NOTHING
        RETURNING 1
    )
    SELECT txid_current(), (SELECT stale FROM checked), (SELECT count(*) FROM created),
        (SELECT count(*) FROM updated), (SELECT count(*) FROM removed)";

/// Rows to write: trees, keys, values and their JSON; for remembered rows, the version each
/// must still be at.
#[derive(Default)]
struct Rows<'w> {
    trees: Vec<i16>,
    keys: Vec<&'w [u8]>,
    values: Vec<&'w [u8]>,
    docs: Vec<Option<String>>,
    versions: Vec<i64>,
}

/// Keys and, for remembered rows, the version each must still be at.
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

/// A write set as the write statement's arrays: the deletes, the rows written over whatever
/// is there, the rows created where the batch read nothing (which must still be absent), the
/// remembered rows written or deleted (which must still be as remembered), and the remembered
/// rows only read (checked).
pub struct WriteArrays<'w> {
    deleted: Keys<'w>,
    removed: Keys<'w>,
    written: Rows<'w>,
    updated: Rows<'w>,
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
            removed: Keys::default(),
            written: Rows::default(),
            updated: Rows::default(),
            created: Rows::default(),
            checked: CachedRows::default(),
        };
        let mut checked_by_write: HashSet<(i16, &[u8])> = HashSet::new();
        for write in writes {
            let code = write.tree.code();
            let version = versions.get(&(code, write.key.as_slice())).copied();
            let Some(value) = &write.value else {
                let keys = match version {
                    Some(version) if version != 0 => {
                        checked_by_write.insert((code, &write.key));
                        arrays.removed.versions.push(version);
                        &mut arrays.removed
                    }
                    _ => &mut arrays.deleted,
                };
                keys.trees.push(code);
                keys.keys.push(&write.key);
                continue;
            };
            let rows = match version {
                Some(version) if version != 0 => {
                    arrays.updated.versions.push(version);
                    &mut arrays.updated
                }
                Some(_) => &mut arrays.created,
                None if read_absent(write.tree, &write.key) => &mut arrays.created,
                None => &mut arrays.written,
            };
            if version.is_some() {
                checked_by_write.insert((code, &write.key));
            }
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
                &self.written.trees,
                &self.written.keys,
                &self.written.values,
                &self.written.docs,
                &self.created.trees,
                &self.created.keys,
                &self.created.values,
                &self.created.docs,
                &self.updated.trees,
                &self.updated.keys,
                &self.updated.values,
                &self.updated.docs,
                &self.updated.versions,
                &self.removed.trees,
                &self.removed.keys,
                &self.removed.versions,
                &self.checked.trees,
                &self.checked.keys,
                &self.checked.versions,
            ],
        )?;
        let checked_stale: i64 = row.get(1);
        let updated: i64 = row.get(3);
        let removed: i64 = row.get(4);
        Ok(Written {
            txid: row.get(0),
            stale: checked_stale + self.updated.keys.len() as i64 - updated
                + self.removed.keys.len() as i64
                - removed,
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
