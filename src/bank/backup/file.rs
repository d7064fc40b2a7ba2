//! The backup file, written and read as a stream: memory stays bounded by one entry whatever
//! the size of the bank. Layout of format 2 (integers big-endian):
//!
//! ```text
//! "studbot-backup\n"  format:u32  schema:u32  trees:u32
//! per tree:  name_len:u8 name
//!            per entry: 1:u8 key_len:u32 key value_len:u32 value
//!            0:u8 entries:u64
//! "studbot-backup-end\n"
//! sha256 of every byte above (32 bytes)
//! ```
//!
//! Each tree's count follows its entries, so the writer need not know it beforehand; the end
//! marker tells a file cut short from a damaged one. Format 1 (still read) put each tree's
//! `entries:u64` after its name, untagged entries after it, and no end marker.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::journal::{Journal, snapshot_scan};
use super::{BackupError, BackupSummary};
use crate::bank::BankError;
use crate::bank::schema::{self, SCHEMA_VERSION};
use crate::bank::store::{BATCHES_KEY, Reads, Tree, Write};

const MAGIC: &[u8] = b"studbot-backup\n";
const END: &[u8] = b"studbot-backup-end\n";
/// The layout above; a file of a later format is refused.
pub const BACKUP_FORMAT: u32 = 2;
/// The format whose trees give their count first and have no end marker.
const COUNTED_FIRST: u32 = 1;
const ENTRY: u8 = 1;
const TREE_END: u8 = 0;
const DIGEST_LEN: usize = 32;

/// Bytes going to the file, hashed on the way.
struct HashingWriter<'a> {
    out: &'a mut dyn std::io::Write,
    hasher: Sha256,
    written: u64,
    path: &'a Path,
}

impl HashingWriter<'_> {
    fn put(&mut self, bytes: &[u8]) -> Result<(), BackupError> {
        self.hasher.update(bytes);
        self.written += bytes.len() as u64;
        self.out.write_all(bytes).map_err(|error| BackupError::Io {
            path: self.path.to_path_buf(),
            why: error.to_string(),
        })
    }

    fn sized(&mut self, bytes: &[u8]) -> Result<(), BackupError> {
        let len = u32::try_from(bytes.len())
            .map_err(|_| BankError::Storage("a stored value is over 4 GiB".into()))?;
        self.put(&len.to_be_bytes())?;
        self.put(bytes)
    }
}

/// Streams every key of `store` as it was when `journal` began into `out` (the file at
/// `path`), tree by tree in key order.
pub fn write_snapshot(
    store: &dyn Reads,
    journal: &Journal,
    out: &mut dyn std::io::Write,
    path: &Path,
) -> Result<BackupSummary, BackupError> {
    let schema = schema::stored_version(store)?.unwrap_or(SCHEMA_VERSION);
    let mut file = HashingWriter {
        out,
        hasher: Sha256::new(),
        written: 0,
        path,
    };
    file.put(MAGIC)?;
    file.put(&BACKUP_FORMAT.to_be_bytes())?;
    file.put(&schema.to_be_bytes())?;
    file.put(&(Tree::ALL.len() as u32).to_be_bytes())?;
    let mut entries = Vec::with_capacity(Tree::ALL.len());
    let mut batches = 0;
    for tree in Tree::ALL {
        let name = tree.name().as_bytes();
        file.put(&[name.len() as u8])?;
        file.put(name)?;
        let mut count = 0u64;
        for item in snapshot_scan(store, journal, tree) {
            let (key, value) = item?;
            if tree == Tree::Meta && key == BATCHES_KEY {
                batches = decode_batches(&value)
                    .ok_or_else(|| BankError::Storage("the count of batches is corrupt".into()))?;
            }
            file.put(&[ENTRY])?;
            file.sized(&key)?;
            file.sized(&value)?;
            count += 1;
        }
        file.put(&[TREE_END])?;
        file.put(&count.to_be_bytes())?;
        entries.push((tree.name().to_owned(), count));
    }
    if let Some(why) = journal.broken() {
        return Err(BankError::Storage(why).into());
    }
    file.put(END)?;
    let digest = file.hasher.finalize_reset();
    file.put(&digest)?;
    Ok(BackupSummary {
        format: BACKUP_FORMAT,
        schema,
        batches,
        entries,
        bytes: file.written,
    })
}

/// Writes a backup to `out` through a temporary file (`out` with the extension `partial`),
/// buffered, synced and renamed, so a crash never leaves half a backup under the final name.
/// A write that fails (a full disk) removes the temporary file: it would only fill the disk.
pub fn write_file<T>(
    out: &Path,
    write: impl FnOnce(&mut dyn std::io::Write) -> Result<T, BackupError>,
) -> Result<T, BackupError> {
    let io = |error: std::io::Error| BackupError::Io {
        path: out.to_path_buf(),
        why: error.to_string(),
    };
    let staged = out.with_extension("partial");
    let written = File::create(&staged).map_err(io).and_then(|file| {
        let mut buffered = BufWriter::new(file);
        let written = write(&mut buffered)?;
        let file = buffered
            .into_inner()
            .map_err(|error| io(error.into_error()))?;
        file.sync_all().map_err(io)?;
        drop(file);
        std::fs::rename(&staged, out).map_err(io)?;
        Ok(written)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&staged);
    }
    written
}

pub(super) fn decode_batches(stored: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(stored.try_into().ok()?))
}

/// Why a read stopped.
enum Stop {
    /// The file ended first.
    Cut,
    Io(std::io::Error),
}

/// Bytes from the file, hashed on the way (except the digest itself).
struct HashingReader {
    file: BufReader<File>,
    hasher: Sha256,
    read: u64,
}

impl HashingReader {
    fn take(&mut self, len: usize) -> Result<Vec<u8>, Stop> {
        // Grows with what the file holds, not with a length a damaged file claims.
        let mut bytes = Vec::new();
        (&mut self.file)
            .take(len as u64)
            .read_to_end(&mut bytes)
            .map_err(Stop::Io)?;
        if bytes.len() < len {
            return Err(Stop::Cut);
        }
        self.hasher.update(&bytes);
        self.read += len as u64;
        Ok(bytes)
    }

    fn byte(&mut self) -> Result<u8, Stop> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, Stop> {
        let bytes = self.take(4)?;
        Ok(u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }

    fn u64(&mut self) -> Result<u64, Stop> {
        let bytes = self.take(8)?;
        let mut array = [0; 8];
        array.copy_from_slice(&bytes);
        Ok(u64::from_be_bytes(array))
    }

    fn sized(&mut self) -> Result<Vec<u8>, Stop> {
        let len = usize::try_from(self.u32()?).map_err(|_| Stop::Cut)?;
        self.take(len)
    }

    /// True when the file has no byte left.
    fn at_end(&mut self) -> Result<bool, Stop> {
        let mut byte = [0];
        Ok(self.file.read(&mut byte).map_err(Stop::Io)? == 0)
    }
}

/// Reads and checks the backup at `path` as a stream, giving `visit` every write that
/// rebuilds it, in the file's order: the magic, the format and the schema, every tree one this
/// studbot knows, each tree's count, the end marker and the checksum over the whole content.
/// `visit` sees entries before the checksum is checked: a caller that must write nothing
/// from a damaged file reads it once without writing first (see `restore`).
pub fn read_entries(
    path: &Path,
    mut visit: impl FnMut(Write) -> Result<(), BackupError>,
) -> Result<BackupSummary, BackupError> {
    let opened = File::open(path).map_err(|error| BackupError::Io {
        path: path.to_path_buf(),
        why: format!("cannot read the backup: {error}"),
    })?;
    let mut file = BackupReader {
        reader: HashingReader {
            file: BufReader::new(opened),
            hasher: Sha256::new(),
            read: 0,
        },
        path,
    };
    file.magic()?;
    let format = file.header_u32()?;
    let schema = file.header_u32()?;
    if !(COUNTED_FIRST..=BACKUP_FORMAT).contains(&format) || schema > SCHEMA_VERSION {
        return Err(refused_header(file.reader, path, format, schema));
    }
    let trees = file.header_u32()?;
    let mut entries = Vec::new();
    let mut batches = 0;
    for _ in 0..trees {
        entries.push(file.tree(format, &mut batches, &mut visit)?);
    }
    if format != COUNTED_FIRST {
        file.end_marker()?;
    }
    let content = file.checksum()?;
    Ok(BackupSummary {
        format,
        schema,
        batches,
        entries,
        bytes: content + DIGEST_LEN as u64,
    })
}

/// A backup being read, with the words for why it stops.
struct BackupReader<'a> {
    reader: HashingReader,
    path: &'a Path,
}

impl BackupReader<'_> {
    fn damaged(&self, why: &str) -> BackupError {
        BackupError::Damaged {
            path: to(self.path),
            why: why.to_owned(),
        }
    }

    /// `what` says where in the file it was cut short.
    fn stopped(&self, stop: Stop, what: &str) -> BackupError {
        match stop {
            Stop::Cut => self.damaged(&format!("it is cut short {what}")),
            Stop::Io(error) => BackupError::Io {
                path: to(self.path),
                why: format!("cannot read the backup: {error}"),
            },
        }
    }

    fn magic(&mut self) -> Result<(), BackupError> {
        match self.reader.take(MAGIC.len()) {
            Ok(magic) if magic == MAGIC => Ok(()),
            Ok(_) | Err(Stop::Cut) => Err(BackupError::NotABackup {
                path: to(self.path),
            }),
            Err(stop) => Err(self.stopped(stop, "")),
        }
    }

    fn header_u32(&mut self) -> Result<u32, BackupError> {
        self.reader
            .u32()
            .map_err(|stop| self.stopped(stop, "in its header"))
    }

    /// One tree: its name, its entries (each given to `visit`, the count of batches kept
    /// in `batches`) and its count, stated before the entries in format 1 and after them since.
    fn tree(
        &mut self,
        format: u32,
        batches: &mut u64,
        visit: &mut impl FnMut(Write) -> Result<(), BackupError>,
    ) -> Result<(String, u64), BackupError> {
        let (tree, name) = self.tree_name()?;
        let in_tree = format!("in the tree `{name}`");
        let stated = if format == COUNTED_FIRST {
            Some(
                self.reader
                    .u64()
                    .map_err(|stop| self.stopped(stop, &in_tree))?,
            )
        } else {
            None
        };
        let mut count = 0u64;
        while self.more_entries(stated, count, &in_tree)? {
            let key = self
                .reader
                .sized()
                .map_err(|stop| self.stopped(stop, &in_tree))?;
            let value = self
                .reader
                .sized()
                .map_err(|stop| self.stopped(stop, &in_tree))?;
            if tree == Tree::Meta && key == BATCHES_KEY {
                *batches = decode_batches(&value)
                    .ok_or_else(|| self.damaged("its count of batches is unreadable"))?;
            }
            visit(Write {
                tree,
                key,
                value: Some(value),
            })?;
            count += 1;
        }
        if stated.is_none() {
            let counted = self
                .reader
                .u64()
                .map_err(|stop| self.stopped(stop, &in_tree))?;
            if counted != count {
                return Err(self.damaged(&format!(
                    "the tree `{name}` says {counted} entries but holds {count}"
                )));
            }
        }
        Ok((name, count))
    }

    fn tree_name(&mut self) -> Result<(Tree, String), BackupError> {
        let name_len = self
            .reader
            .byte()
            .map_err(|stop| self.stopped(stop, "before a tree"))?;
        let name = self
            .reader
            .take(usize::from(name_len))
            .map_err(|stop| self.stopped(stop, "in a tree's name"))?;
        let name =
            String::from_utf8(name).map_err(|_| self.damaged("a tree name is unreadable"))?;
        let tree = Tree::ALL
            .into_iter()
            .find(|tree| tree.name() == name)
            .ok_or_else(|| {
                self.damaged(&format!(
                    "it holds a tree `{name}` this studbot does not know"
                ))
            })?;
        Ok((tree, name))
    }

    /// Whether another entry follows: `stated` counts them in format 1, a tag says so since.
    fn more_entries(
        &mut self,
        stated: Option<u64>,
        count: u64,
        in_tree: &str,
    ) -> Result<bool, BackupError> {
        match stated {
            Some(stated) => Ok(count < stated),
            None => match self
                .reader
                .byte()
                .map_err(|stop| self.stopped(stop, in_tree))?
            {
                ENTRY => Ok(true),
                TREE_END => Ok(false),
                _ => Err(self.damaged(&format!("an entry {in_tree} is unreadable"))),
            },
        }
    }

    fn end_marker(&mut self) -> Result<(), BackupError> {
        let cut = "it is cut short: it has no end marker, so it was not written to the end";
        match self.reader.take(END.len()) {
            Ok(end) if end == END => Ok(()),
            Ok(_) => Err(self.damaged("bytes follow the last tree")),
            Err(Stop::Cut) => Err(self.damaged(cut)),
            Err(stop) => Err(self.stopped(stop, "")),
        }
    }

    /// Checks the digest against every byte read so far and that nothing follows it;
    /// gives the length of the content the digest covers.
    fn checksum(&mut self) -> Result<u64, BackupError> {
        let content = self.reader.read;
        let expected = self.reader.hasher.finalize_reset();
        let mut digest = [0; DIGEST_LEN];
        match self.reader.file.read_exact(&mut digest) {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::UnexpectedEof => {
                return Err(self.damaged("its checksum does not match its content"));
            }
            Err(error) => return Err(self.stopped(Stop::Io(error), "")),
        }
        if expected.as_slice() != digest {
            return Err(self.damaged("its checksum does not match its content"));
        }
        if !self
            .reader
            .at_end()
            .map_err(|stop| self.stopped(stop, ""))?
        {
            return Err(self.damaged("bytes follow the last tree"));
        }
        Ok(content)
    }
}

fn to(path: &Path) -> PathBuf {
    path.to_path_buf()
}

/// A header this studbot does not read: a newer format or schema when the file's checksum
/// holds (a later studbot wrote it), damaged when it does not. Streams the rest of the file.
fn refused_header(mut reader: HashingReader, path: &Path, format: u32, schema: u32) -> BackupError {
    let damaged = |why: &str| BackupError::Damaged {
        path: to(path),
        why: why.to_owned(),
    };
    if format < COUNTED_FIRST {
        return damaged(&format!(
            "it names format {format}, which no studbot writes"
        ));
    }
    let mismatch = "its checksum does not match its content";
    let Ok(length) = reader
        .file
        .get_ref()
        .metadata()
        .map(|metadata| metadata.len())
    else {
        return damaged(mismatch);
    };
    let Some(rest) = length.checked_sub(reader.read + DIGEST_LEN as u64) else {
        return damaged(mismatch);
    };
    let mut digest = [0; DIGEST_LEN];
    let hashed = std::io::copy(&mut (&mut reader.file).take(rest), &mut reader.hasher)
        .and_then(|_| reader.file.read_exact(&mut digest));
    if hashed.is_err() || reader.hasher.finalize().as_slice() != digest {
        return damaged(mismatch);
    }
    if format > BACKUP_FORMAT {
        BackupError::FormatTooNew {
            path: to(path),
            found: format,
            known: BACKUP_FORMAT,
        }
    } else {
        BackupError::SchemaTooNew {
            path: to(path),
            found: schema,
            known: SCHEMA_VERSION,
        }
    }
}
