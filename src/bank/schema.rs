//! The schema version stored in the database. A database written by a newer studbot is
//! refused before anything is written to it.
//!
//! The version is kept twice: in the database (the authority, written with the first data)
//! and in a small marker file beside sled's files, which is read before sled opens the
//! directory at all, so a newer database is refused without even letting sled recover it.

use std::path::Path;

use super::BankError;
use super::store::{Store, Tree, Write};

/// The schema this program reads and writes: 2 stores the bank's records in the compact
/// encoding (`encoding`); 3 adds the index of live sit & gos by channel
/// (`tournament_live`). An older database is migrated when opened, a step at a time.
pub const SCHEMA_VERSION: u32 = 3;

/// Writes per transaction while migrating (bounds the memory a migration takes).
const MIGRATION_CHUNK: usize = 10_000;

const SCHEMA_KEY: &[u8] = b"schema_version";

pub(crate) fn stored_version(store: &dyn Store) -> Result<Option<u32>, BankError> {
    match store.get(Tree::Meta, SCHEMA_KEY)? {
        None => Ok(None),
        Some(bytes) => {
            let bytes: [u8; 4] = bytes
                .as_slice()
                .try_into()
                .map_err(|_| BankError::Storage("the stored schema version is corrupt".into()))?;
            Ok(Some(u32::from_be_bytes(bytes)))
        }
    }
}

/// Refuses a newer schema; stamps a new database with ours.
pub(crate) fn prepare(store: &dyn Store) -> Result<(), BankError> {
    match stored_version(store)? {
        Some(found) if found > SCHEMA_VERSION => Err(BankError::SchemaTooNew {
            found,
            known: SCHEMA_VERSION,
        }),
        Some(_) => Ok(()),
        None if store.is_empty()? => {
            store.apply(&[Write {
                tree: Tree::Meta,
                key: SCHEMA_KEY.to_vec(),
                value: Some(SCHEMA_VERSION.to_be_bytes().to_vec()),
            }])?;
            store.flush()?;
            Ok(())
        }
        None => Err(BankError::Storage(
            "the database holds data but no schema version: not a studbot bank".into(),
        )),
    }
}

/// Writes a schema version (tests of the refusal of newer databases).
#[doc(hidden)]
pub fn stamp_version(store: &dyn Store, version: u32) -> Result<(), BankError> {
    store.apply(&[Write {
        tree: Tree::Meta,
        key: SCHEMA_KEY.to_vec(),
        value: Some(version.to_be_bytes().to_vec()),
    }])?;
    store.flush()?;
    Ok(())
}

const MARKER_FILE: &str = "studbot-schema";

/// Refuses `dir` if its marker names a newer schema. A missing marker is fine (a new
/// directory, or one written before markers existed).
pub fn check_marker(dir: &Path) -> Result<(), BankError> {
    let text = match std::fs::read_to_string(dir.join(MARKER_FILE)) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(error) => {
            return Err(BankError::Storage(format!(
                "cannot read {}: {error}",
                dir.join(MARKER_FILE).display()
            )));
        }
    };
    let found: u32 = text.trim().parse().map_err(|_| {
        BankError::Storage(format!("{} is corrupt", dir.join(MARKER_FILE).display()))
    })?;
    if found > SCHEMA_VERSION {
        return Err(BankError::SchemaTooNew {
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// Writes the marker for the schema the database now holds (write, sync, rename).
pub(crate) fn write_marker(dir: &Path, version: u32) -> Result<(), BankError> {
    let write = || -> std::io::Result<()> {
        let staged = dir.join(format!("{MARKER_FILE}.new"));
        let mut file = std::fs::File::create(&staged)?;
        std::io::Write::write_all(&mut file, format!("{version}\n").as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&staged, dir.join(MARKER_FILE))
    };
    write().map_err(|error| BankError::Storage(format!("cannot write the schema marker: {error}")))
}

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
        stamp_version(store, 3)?;
    }
    Ok(())
}

/// Schema 2 → 3: the index of live sit & gos by channel, from their records. A record that
/// cannot be read is left out (the audit names it), and counted in the log.
fn index_live_sit_and_gos(store: &dyn Store) -> Result<(), BankError> {
    let (writes, unreadable) = super::tournament_live::index_writes(store)?;
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
    use super::ledger::LedgerEntry;
    use super::references::{ReferenceRecord, time_key};
    use super::tables::{HandRecord, RegisteredTable};
    use super::{PlayerStats, encoding};

    #[derive(serde::Deserialize)]
    struct ReferenceRecordV1 {
        operation: String,
        reply: super::references::Reply,
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
