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
/// encoding (`encoding`); 3 adds the index of live sit & gos by channel (`tournament_live`).
/// An older database is migrated when opened, a step at a time (`migration`).
pub const SCHEMA_VERSION: u32 = 3;

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
