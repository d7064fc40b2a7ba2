//! The migration of an older database, run when a bank opens, a step at a time: schema 1 (JSON
//! records) to 2 (the compact encoding), then 2 to 3 (the index of live sit & gos by channel,
//! `tournament_live`). It converts and indexes the books' records, so it sits with them, above
//! the stored form (`schema` keeps the version, `encoding` the bytes).

use super::BankError;
use super::idempotency::{ReferenceRecord, Reply, time_key};
use super::schema::{SCHEMA_VERSION, stamp_version, stored_version};
use super::store::{Store, Tree, Write};
use super::tables::{HandRecord, RegisteredTable};
use super::tournament_live;
use super::tournaments;
use super::vocab::LedgerEntry;
use super::{PlayerStats, encoding};

/// Writes per transaction while migrating (bounds the memory a migration takes).
const MIGRATION_CHUNK: usize = 10_000;

/// Migrates an older database to [`SCHEMA_VERSION`], one step at a time, each step's version
/// stamped once its writes are durable: a migration cut short by a crash is finished by the
/// next start, and every step may run again over its own writes.
pub(crate) fn migrate(store: &dyn Store, now_unix_ms: u64) -> Result<(), BankError> {
    if stored_version(store)? == Some(1) {
        migrate_to_compact(store, now_unix_ms)?;
        stamp_version(store, 2)?;
    }
    if stored_version(store)? == Some(2) {
        index_live_sit_and_gos(store)?;
        stamp_version(store, SCHEMA_VERSION)?;
    }
    Ok(())
}

/// Schema 2 → 3: the index of live sit & gos by channel, from their records. A record that
/// cannot be read is left out (the audit names it), and counted in the log.
fn index_live_sit_and_gos(store: &dyn Store) -> Result<(), BankError> {
    let mut writes = Vec::new();
    let mut unreadable = 0;
    for item in store.scan_prefix(Tree::Tournaments, &[]) {
        let (key, value) = item?;
        match tournaments::audit_record(&key, &value) {
            Ok(state) if state.is_live() => writes.push(tournament_live::entry_write(
                tournament_live::LiveSitAndGo {
                    tournament: state.id,
                    guild: state.guild,
                    channel: state.channel,
                },
            )),
            Ok(_) => {}
            Err(_) => unreadable += 1,
        }
    }
    for chunk in writes.chunks(MIGRATION_CHUNK) {
        store.apply(chunk)?;
    }
    store.flush()?;
    if unreadable > 0 {
        tracing::error!(
            unreadable,
            "sit & go records that cannot be read were left out of the index of live sit & \
             gos: `studbot audit` names them"
        );
    }
    Ok(())
}

/// Schema 1 (JSON records) → 2, a chunk of records per transaction. A record already
/// converted is not JSON and is left as it is.
fn migrate_to_compact(store: &dyn Store, now_unix_ms: u64) -> Result<(), BankError> {
    let mut writes = Vec::new();
    let flush = |writes: &mut Vec<Write>, force: bool| -> Result<(), BankError> {
        if writes.len() >= MIGRATION_CHUNK || (force && !writes.is_empty()) {
            store.apply(writes)?;
            store.flush()?;
            writes.clear();
        }
        Ok(())
    };
    for tree in [
        Tree::Ledger,
        Tree::References,
        Tree::Hands,
        Tree::Tables,
        Tree::Stats,
    ] {
        let mut converted = Vec::new();
        for item in store.scan_prefix(tree, &[]) {
            let (key, value) = item?;
            converted.extend(converted_from_v1(tree, key, &value, now_unix_ms));
            if converted.len() >= MIGRATION_CHUNK {
                writes.append(&mut converted);
                flush(&mut writes, false)?;
            }
        }
        writes.append(&mut converted);
        flush(&mut writes, false)?;
    }
    flush(&mut writes, true)
}

/// The writes that turn one schema 1 record of `tree` into schema 2: none when it is not
/// JSON (already converted), the reference's time index beside a reference.
fn converted_from_v1(tree: Tree, key: Vec<u8>, value: &[u8], now_unix_ms: u64) -> Vec<Write> {
    #[derive(serde::Deserialize)]
    struct ReferenceRecordV1 {
        operation: String,
        reply: Reply,
    }

    fn json<T: for<'de> serde::Deserialize<'de>>(value: &[u8]) -> Option<T> {
        serde_json::from_slice(value).ok()
    }
    let put = |tree: Tree, key: Vec<u8>, value: Vec<u8>| Write {
        tree,
        key,
        value: Some(value),
    };
    let encoded = match tree {
        Tree::Ledger => json::<LedgerEntry>(value).map(|entry| encoding::encode_entry(&entry)),
        Tree::References => {
            let Some(old) = json::<ReferenceRecordV1>(value) else {
                return Vec::new();
            };
            let time = put(
                Tree::ReferenceTimes,
                time_key(now_unix_ms, &key),
                Vec::new(),
            );
            let record = ReferenceRecord {
                operation: old.operation,
                reply: old.reply,
                time_unix_ms: now_unix_ms,
            };
            return vec![time, put(tree, key, encoding::encode(&record))];
        }
        Tree::Hands => json::<HandRecord>(value).map(|record| encoding::encode(&record)),
        Tree::Tables => json::<RegisteredTable>(value).map(|record| encoding::encode(&record)),
        _ => json::<PlayerStats>(value).map(|record| encoding::encode(&record)),
    };
    encoded
        .map(|encoded| vec![put(tree, key, encoded)])
        .unwrap_or_default()
}
