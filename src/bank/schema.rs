//! The schema version stored in the database. A database written by a newer studbot is
//! refused before anything is written to it.
//!
//! The version is kept twice: in the database (the authority, written with the first data)
//! and in a small marker file beside sled's files, which is read before sled opens the
//! directory at all, so a newer database is refused without even letting sled recover it.

use std::path::Path;

use super::BankError;
use super::store::{Reads, Store, Tree, Write};

/// The schema this program reads and writes: 2 stores the bank's records in the compact
/// encoding (`encoding`); 3 adds the index of live sit & gos by channel (`tournament_live`).
/// An older database is migrated when opened, a step at a time (`migration`).
pub const SCHEMA_VERSION: u32 = 3;

pub(crate) const SCHEMA_KEY: &[u8] = b"schema_version";

pub(crate) fn stored_version(store: &dyn Reads) -> Result<Option<u32>, BankError> {
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

/// Whether `store` holds no bank: no key at all, or only the schema version (what opening a
/// new store writes).
pub(crate) fn holds_no_bank(store: &dyn Reads) -> Result<bool, BankError> {
    for tree in Tree::ALL {
        for item in store.scan_prefix(tree, &[]) {
            let (key, _) = item?;
            if !(tree == Tree::Meta && key == SCHEMA_KEY) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Refuses a newer schema; stamps a new database with ours.
///
/// Emptiness is read before the version: the version is the first key any bank writes, so a
/// store found holding data shows its version to the read after. The other order lets a
/// second process opening a new PostgreSQL database at once read no version, then the first
/// process's stamp and records, and refuse the bank as not a studbot one. Two processes that
/// both find it empty both stamp the same version.
pub(crate) fn prepare(store: &dyn Store) -> Result<(), BankError> {
    let empty = store.is_empty()?;
    match stored_version(store)? {
        Some(found) if found > SCHEMA_VERSION => Err(BankError::SchemaTooNew {
            found,
            known: SCHEMA_VERSION,
        }),
        Some(_) => Ok(()),
        None if empty => {
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;
    use crate::bank::store::{Scan, SledStore, StoreError};

    /// A new store that another process opens at the same moment: its stamp and its first
    /// record land right after this process's `lands_after`-th read.
    struct OpenedTwiceAtOnce {
        store: SledStore,
        reads: AtomicU32,
        lands_after: u32,
    }

    impl OpenedTwiceAtOnce {
        fn read_done(&self) -> Result<(), StoreError> {
            if self.reads.fetch_add(1, Ordering::SeqCst) + 1 != self.lands_after {
                return Ok(());
            }
            self.store.apply(&[Write {
                tree: Tree::Meta,
                key: SCHEMA_KEY.to_vec(),
                value: Some(SCHEMA_VERSION.to_be_bytes().to_vec()),
            }])?;
            self.store.apply(&[Write {
                tree: Tree::Balances,
                key: b"the other process's first record".to_vec(),
                value: Some(vec![1]),
            }])
        }
    }

    impl Reads for OpenedTwiceAtOnce {
        fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
            let found = self.store.get(tree, key);
            self.read_done()?;
            found
        }
        fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
            self.store.scan_prefix(tree, prefix)
        }
        fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
            self.store.scan_from(tree, start)
        }
    }

    impl Store for OpenedTwiceAtOnce {
        fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
            self.store.apply(writes)
        }
        fn flush(&self) -> Result<(), StoreError> {
            self.store.flush()
        }
        fn is_empty(&self) -> Result<bool, StoreError> {
            let empty = self.store.is_empty();
            self.read_done()?;
            empty
        }
    }

    #[test]
    fn a_new_database_another_process_stamps_while_this_one_opens_it_is_opened() {
        for lands_after in 1..=2 {
            let dir = tempfile::tempdir().expect("a temporary directory");
            let store = OpenedTwiceAtOnce {
                store: SledStore::open(dir.path(), 1 << 20).expect("sled opens"),
                reads: AtomicU32::new(0),
                lands_after,
            };
            prepare(&store).unwrap_or_else(|error| {
                panic!("the other process's stamp after read {lands_after}: {error}")
            });
            assert_eq!(stored_version(&store).ok(), Some(Some(SCHEMA_VERSION)));
        }
    }
}
