//! The schema version stored in the database. A database written by a newer studbot is
//! refused before anything is written to it.

use super::BankError;
use super::store::{Store, Tree, Write};

/// The schema this program reads and writes.
pub const SCHEMA_VERSION: u32 = 1;

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
