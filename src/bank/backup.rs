//! Backups of everything the bank holds (balances, ledger, escrow, table settings, histories,
//! references): one versioned file, checked by a SHA-256 over its whole content, and the
//! restore that rebuilds a data directory from it.
//!
//! The file is the store's own keys and values, tree by tree, so it needs no knowledge of how
//! each record is encoded: a backup restores byte for byte, and the schema version it records
//! is checked like a database's. Layout (integers big-endian):
//!
//! ```text
//! "studbot-backup\n"  format:u32  schema:u32  trees:u32
//! per tree:  name_len:u8 name  entries:u64  per entry: key_len:u32 key value_len:u32 value
//! sha256 of every byte above (32 bytes)
//! ```

use std::io::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use thiserror::Error;

use super::BankError;
use super::schema::{self, SCHEMA_VERSION};
use super::store::{BATCHES_KEY, SledStore, Store, Tree, Write};

const MAGIC: &[u8] = b"studbot-backup\n";
/// The layout above; a file of a later format is refused.
pub const BACKUP_FORMAT: u32 = 1;
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

/// Writes every key of `store` to `out` (see [`encode`] and [`write_file`]). The caller makes
/// sure no write happens meanwhile (the committer thread, or a store nobody else has open).
pub fn write_backup(store: &dyn Store, out: &Path) -> Result<BackupSummary, BackupError> {
    let encoded = encode(store)?;
    write_file(&encoded.bytes, out)?;
    Ok(encoded.summary)
}

/// A backup's bytes, made in memory, before they are written to a file.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub bytes: Vec<u8>,
    pub summary: BackupSummary,
}

/// Every key of `store`, tree by tree, as a backup file's bytes. Consistent only if no batch
/// is applied meanwhile: the bank checks its batch clock around it (`Bank::backup`).
pub fn encode(store: &dyn Store) -> Result<Encoded, BankError> {
    let schema = schema::stored_version(store)?.unwrap_or(SCHEMA_VERSION);
    let mut body = Vec::new();
    body.extend_from_slice(MAGIC);
    body.extend_from_slice(&BACKUP_FORMAT.to_be_bytes());
    body.extend_from_slice(&schema.to_be_bytes());
    body.extend_from_slice(&(Tree::ALL.len() as u32).to_be_bytes());
    let mut entries = Vec::with_capacity(Tree::ALL.len());
    for tree in Tree::ALL {
        let name = tree.name().as_bytes();
        body.push(name.len() as u8);
        body.extend_from_slice(name);
        let count_at = body.len();
        body.extend_from_slice(&0u64.to_be_bytes());
        let mut count = 0u64;
        for item in store.scan_prefix(tree, &[]) {
            let (key, value) = item?;
            push_bytes(&mut body, &key)?;
            push_bytes(&mut body, &value)?;
            count += 1;
        }
        body[count_at..count_at + 8].copy_from_slice(&count.to_be_bytes());
        entries.push((tree.name().to_owned(), count));
    }
    let batches = match store.get(Tree::Meta, BATCHES_KEY)? {
        Some(stored) => decode_batches(&stored)
            .ok_or_else(|| BankError::Storage("the count of batches is corrupt".into()))?,
        None => 0,
    };
    let digest = Sha256::digest(&body);
    body.extend_from_slice(&digest);
    let summary = BackupSummary {
        format: BACKUP_FORMAT,
        schema,
        batches,
        entries,
        bytes: body.len() as u64,
    };
    Ok(Encoded {
        bytes: body,
        summary,
    })
}

/// Writes a backup's bytes to `out` through a temporary file (`out` with the extension
/// `partial`), synced and renamed, so a crash never leaves half a backup under the final name.
/// A write that fails (a full disk) removes the temporary file: it would only fill the disk.
pub fn write_file(bytes: &[u8], out: &Path) -> Result<(), BackupError> {
    let io = |error: std::io::Error| BackupError::Io {
        path: out.to_path_buf(),
        why: error.to_string(),
    };
    let staged = out.with_extension("partial");
    let written = std::fs::File::create(&staged).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&staged, out)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&staged);
    }
    written.map_err(io)
}

fn decode_batches(stored: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(stored.try_into().ok()?))
}

fn push_bytes(body: &mut Vec<u8>, bytes: &[u8]) -> Result<(), BankError> {
    let len = u32::try_from(bytes.len())
        .map_err(|_| BankError::Storage("a stored value is over 4 GiB".into()))?;
    body.extend_from_slice(&len.to_be_bytes());
    body.extend_from_slice(bytes);
    Ok(())
}

/// A backup read back and checked: its summary and every write that rebuilds it.
pub struct Backup {
    pub summary: BackupSummary,
    writes: Vec<Write>,
}

/// Reads and checks `path`: the magic, the checksum over the whole file, the format and the
/// schema, and that every tree is one this studbot knows. Nothing is written.
pub fn read_backup(path: &Path) -> Result<Backup, BackupError> {
    let bytes = std::fs::read(path).map_err(|error| BackupError::Io {
        path: path.to_path_buf(),
        why: format!("cannot read the backup: {error}"),
    })?;
    if !bytes.starts_with(MAGIC) {
        return Err(BackupError::NotABackup {
            path: path.to_path_buf(),
        });
    }
    let damaged = |why: &str| BackupError::Damaged {
        path: path.to_path_buf(),
        why: why.to_owned(),
    };
    if bytes.len() < MAGIC.len() + 12 + 32 {
        return Err(damaged("it is cut short"));
    }
    let (content, digest) = bytes.split_at(bytes.len() - 32);
    if Sha256::digest(content).as_slice() != digest {
        return Err(damaged("its checksum does not match its content"));
    }
    let mut reader = Reader {
        bytes: &content[MAGIC.len()..],
    };
    let format = reader.u32().ok_or_else(|| damaged("no format"))?;
    if format > BACKUP_FORMAT {
        return Err(BackupError::FormatTooNew {
            path: path.to_path_buf(),
            found: format,
            known: BACKUP_FORMAT,
        });
    }
    let schema = reader.u32().ok_or_else(|| damaged("no schema"))?;
    if schema > SCHEMA_VERSION {
        return Err(BackupError::SchemaTooNew {
            path: path.to_path_buf(),
            found: schema,
            known: SCHEMA_VERSION,
        });
    }
    let trees = reader.u32().ok_or_else(|| damaged("no tree count"))?;
    let mut writes = Vec::new();
    let mut entries = Vec::new();
    let mut batches = 0;
    for _ in 0..trees {
        let name_len = reader
            .take(1)
            .ok_or_else(|| damaged("a tree has no name"))?[0];
        let name = reader
            .take(usize::from(name_len))
            .and_then(|name| std::str::from_utf8(name).ok())
            .ok_or_else(|| damaged("a tree name is unreadable"))?
            .to_owned();
        let tree = Tree::ALL
            .into_iter()
            .find(|tree| tree.name() == name)
            .ok_or_else(|| {
                damaged(&format!(
                    "it holds a tree `{name}` this studbot does not know"
                ))
            })?;
        let count = reader.u64().ok_or_else(|| damaged("a tree has no count"))?;
        for _ in 0..count {
            let key = reader
                .sized()
                .ok_or_else(|| damaged("an entry is cut short"))?;
            let value = reader
                .sized()
                .ok_or_else(|| damaged("an entry is cut short"))?;
            if tree == Tree::Meta && key == BATCHES_KEY {
                batches = decode_batches(value)
                    .ok_or_else(|| damaged("its count of batches is unreadable"))?;
            }
            writes.push(Write {
                tree,
                key: key.to_vec(),
                value: Some(value.to_vec()),
            });
        }
        entries.push((name, count));
    }
    if !reader.bytes.is_empty() {
        return Err(damaged("bytes follow the last tree"));
    }
    Ok(Backup {
        summary: BackupSummary {
            format,
            schema,
            batches,
            entries,
            bytes: bytes.len() as u64,
        },
        writes,
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, len: usize) -> Option<&'a [u8]> {
        if self.bytes.len() < len {
            return None;
        }
        let (taken, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Some(taken)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_be_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_be_bytes(self.take(8)?.try_into().ok()?))
    }

    fn sized(&mut self) -> Option<&'a [u8]> {
        let len = usize::try_from(self.u32()?).ok()?;
        self.take(len)
    }
}

/// Rebuilds the bank of a data directory from `backup` into `data_dir/bank`. `data_dir` must
/// be new or empty. The backup is read and checked in full before anything is created.
pub fn restore(backup: &Path, data_dir: &Path) -> Result<BackupSummary, BackupError> {
    let backup = read_backup(backup)?;
    let not_empty = match std::fs::read_dir(data_dir) {
        Ok(mut entries) => entries.next().is_some(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => false,
        Err(error) => {
            return Err(BackupError::Io {
                path: data_dir.to_path_buf(),
                why: error.to_string(),
            });
        }
    };
    if not_empty {
        return Err(BackupError::TargetNotEmpty {
            path: data_dir.to_path_buf(),
        });
    }
    let bank_dir = data_dir.join("bank");
    std::fs::create_dir_all(&bank_dir).map_err(|error| BackupError::Io {
        path: bank_dir.clone(),
        why: error.to_string(),
    })?;
    {
        let store = SledStore::open(&bank_dir, 16 * 1024 * 1024).map_err(BankError::from)?;
        for chunk in backup.writes.chunks(RESTORE_CHUNK) {
            store.apply(chunk).map_err(BankError::from)?;
        }
        store.flush().map_err(BankError::from)?;
    }
    schema::write_marker(&bank_dir, backup.summary.schema)?;
    Ok(backup.summary)
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
