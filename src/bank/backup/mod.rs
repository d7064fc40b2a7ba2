//! Backups of everything the bank holds (balances, ledger, escrow, table settings, histories,
//! references): one versioned file, checked by a SHA-256 over its whole content, and the
//! restore that rebuilds a data directory from it.
//!
//! The file is the store's own keys and values, tree by tree, so it needs no knowledge of how
//! each record is encoded: a backup restores byte for byte, and the schema version it records
//! is checked like a database's. Its layout is in `file`. A backup of a running bank is
//! streamed to disk beside the committer, which keeps a journal of what it overwrites meanwhile
//! (`journal`), so the file is the store as it was when the backup began and memory stays
//! bounded by the writes made during it.

mod file;
mod journal;

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::BankError;
use super::schema;
use super::store::{Reads, SledStore, Store, Write};

pub use file::{BACKUP_FORMAT, write_file};
pub use journal::Journal;
pub(crate) use journal::Journals;

/// Writes applied per store transaction while restoring.
const RESTORE_CHUNK: usize = 4096;

#[derive(Debug, Error)]
pub enum BackupError {
    #[error("{path}: not a studbot backup")]
    NotABackup { path: PathBuf },
    #[error("{path}: backup format {found} is newer than this studbot reads ({known})")]
    FormatTooNew {
        path: PathBuf,
        found: u32,
        known: u32,
    },
    #[error("{path}: the backup's bank schema {found} is newer than this studbot reads ({known})")]
    SchemaTooNew {
        path: PathBuf,
        found: u32,
        known: u32,
    },
    #[error("{path}: the backup is damaged ({why}); nothing was restored")]
    Damaged { path: PathBuf, why: String },
    #[error("{path}: {why}")]
    Io { path: PathBuf, why: String },
    #[error(
        "{path} is not empty: restore only into a new or empty data directory, so that no \
         live data is overwritten"
    )]
    TargetNotEmpty { path: PathBuf },
    #[error(
        "{database} already holds a bank: restore only into an empty database, so that no live \
         data is overwritten"
    )]
    DatabaseNotEmpty { database: String },
    #[error(transparent)]
    Bank(#[from] BankError),
}

/// What a backup holds, tree by tree.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BackupSummary {
    pub format: u32,
    pub schema: u32,
    /// The bank's count of batches written when the snapshot was taken: the snapshot holds
    /// every batch up to this one and nothing of a later one.
    pub batches: u64,
    pub entries: Vec<(String, u64)>,
    pub bytes: u64,
}

/// Writes every key of `store` to `out`, streamed (see `file`). The caller makes sure no
/// write happens meanwhile (a store nobody else has open); a running bank backs itself up
/// with `Bank::backup`.
pub fn write_backup(store: &dyn Reads, out: &Path) -> Result<BackupSummary, BackupError> {
    write_snapshot_file(store, &Journal::default(), out)
}

/// Writes `store` as it was when `journal` began to `out`, while its writer goes on.
pub fn write_snapshot_file(
    store: &dyn Reads,
    journal: &Journal,
    out: &Path,
) -> Result<BackupSummary, BackupError> {
    write_file(out, |file| file::write_snapshot(store, journal, file, out))
}

/// A backup read back and checked.
pub struct Backup {
    pub summary: BackupSummary,
}

/// Reads and checks `path` in full (see `file::read_entries`), as a stream. Nothing is
/// written.
pub fn read_backup(path: &Path) -> Result<Backup, BackupError> {
    let summary = file::read_entries(path, |_| Ok(()))?;
    Ok(Backup { summary })
}

/// Rebuilds the bank of a data directory from `backup` into `data_dir/bank`. `data_dir` must
/// be new or empty. The backup is read and checked in full before anything is created, then
/// read again to write it; if that second reading fails (the file changed meanwhile), what it
/// created is removed.
pub fn restore(backup: &Path, data_dir: &Path) -> Result<BackupSummary, BackupError> {
    let checked = read_backup(backup)?.summary;
    let existed = match std::fs::read_dir(data_dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(BackupError::TargetNotEmpty {
                    path: data_dir.to_path_buf(),
                });
            }
            true
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => false,
        Err(error) => {
            return Err(BackupError::Io {
                path: data_dir.to_path_buf(),
                why: error.to_string(),
            });
        }
    };
    let bank_dir = data_dir.join("bank");
    std::fs::create_dir_all(&bank_dir).map_err(|error| BackupError::Io {
        path: bank_dir.clone(),
        why: error.to_string(),
    })?;
    let restored = write_restored(backup, &bank_dir, &checked);
    if restored.is_err() {
        let created = if existed { &bank_dir } else { data_dir };
        let _ = std::fs::remove_dir_all(created);
    }
    restored
}

/// The second reading of a restore: the entries written into a new store, in chunks.
fn write_restored(
    backup: &Path,
    bank_dir: &Path,
    checked: &BackupSummary,
) -> Result<BackupSummary, BackupError> {
    let summary = {
        let store = SledStore::open(bank_dir, 16 * 1024 * 1024).map_err(BankError::from)?;
        let mut chunk: Vec<Write> = Vec::with_capacity(RESTORE_CHUNK);
        let summary = file::read_entries(backup, |write| {
            chunk.push(write);
            if chunk.len() == RESTORE_CHUNK {
                store.apply(&chunk).map_err(BankError::from)?;
                chunk.clear();
            }
            Ok(())
        })?;
        store.apply(&chunk).map_err(BankError::from)?;
        store.flush().map_err(BankError::from)?;
        summary
    };
    if summary != *checked {
        return Err(BackupError::Damaged {
            path: backup.to_path_buf(),
            why: "it changed while it was being restored".into(),
        });
    }
    schema::write_marker(bank_dir, summary.schema)?;
    Ok(summary)
}

/// Restores `backup` into a database several processes may share (PostgreSQL), which must
/// hold no bank yet: the file is read and checked in full, then written in one transaction,
/// committed only once the second reading matched the first. Nothing is written otherwise.
pub fn restore_into_shared(
    backup: &Path,
    store: &dyn Store,
    database: &str,
) -> Result<BackupSummary, BackupError> {
    let checked = read_backup(backup)?.summary;
    let Some(shared) = store.shared() else {
        return Err(
            BankError::Internal("restoring into a store only one process writes".into()).into(),
        );
    };
    if !schema::holds_no_bank(store)? {
        return Err(BackupError::DatabaseNotEmpty {
            database: database.to_string(),
        });
    }
    let mut load = shared.load().map_err(BankError::from)?;
    let mut chunk: Vec<Write> = Vec::with_capacity(RESTORE_CHUNK);
    let summary = file::read_entries(backup, |write| {
        chunk.push(write);
        if chunk.len() == RESTORE_CHUNK {
            load.write(&chunk).map_err(BankError::from)?;
            chunk.clear();
        }
        Ok(())
    })?;
    load.write(&chunk).map_err(BankError::from)?;
    if summary != checked {
        return Err(BackupError::Damaged {
            path: backup.to_path_buf(),
            why: "it changed while it was being restored".into(),
        });
    }
    load.commit().map_err(BankError::from)?;
    Ok(summary)
}

/// The sled directory of a data directory: `DIR/bank` as the bot keeps it, or `DIR` itself when
/// it is a sled directory (as `studbot sim --data` and `play --data` keep it).
pub fn bank_dir(data: &Path) -> PathBuf {
    if data.join("conf").is_file() && !data.join("bank").exists() {
        data.to_path_buf()
    } else {
        data.join("bank")
    }
}
