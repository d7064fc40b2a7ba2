//! Moving a bank between stores (`studbot migrate`): every key of a stopped bot's bank copied
//! into an empty store of the other kind, sled to PostgreSQL or back, then audited on both
//! sides and the totals compared, before anything of the copy counts. Into PostgreSQL the
//! copy is one transaction, audited before it commits; into sled it is written to a new
//! directory beside the target, audited, then renamed into place. A copy that fails or does
//! not audit the same as the original is dropped whole: never half-applied. The guilds'
//! leases are the running processes' state, not the bank's: they are not copied.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::audit::{AuditReport, audit_store};
use super::store::{Reads, SledStore, Store, Tree, Write};
use super::{BankError, StoreLocation, schema};

/// Keys written per chunk.
const CHUNK: usize = 4096;

/// What a migration copied and what both audits found.
#[derive(Debug, Clone, Serialize)]
pub struct Moved {
    pub from: String,
    pub to: String,
    /// Keys copied, by tree.
    pub keys: Vec<(String, u64)>,
    /// The audit of the original (the copy's was the same in every total).
    pub audit: AuditReport,
}

/// The totals two audits of the same bank must agree on.
fn totals(report: &AuditReport) -> impl PartialEq + std::fmt::Debug {
    (
        (
            report.ledger_entries,
            report.accounts,
            report.player_accounts,
        ),
        (
            report.player_chips,
            report.escrow_chips,
            report.tournament_chips,
            report.mint_balance,
            report.house_chips,
            report.sum,
        ),
        (
            report.tables_open,
            report.tables_closed,
            report.hands_in_progress.clone(),
            report.tables_holding_chips.clone(),
        ),
        (
            report.tournaments_live,
            report.tournaments_over,
            report.table_settings,
            report.hand_histories,
        ),
    )
}

/// Copies every tree of `from` (but the leases) into `write`, a chunk at a time; the keys
/// copied, by tree.
fn copy(
    from: &dyn Reads,
    mut write: impl FnMut(&[Write]) -> Result<(), BankError>,
) -> Result<Vec<(String, u64)>, BankError> {
    let mut counts = Vec::new();
    for tree in Tree::ALL {
        if tree == Tree::Leases {
            continue;
        }
        let mut chunk = Vec::with_capacity(CHUNK);
        let mut count = 0;
        for item in from.scan_prefix(tree, &[]) {
            let (key, value) = item?;
            chunk.push(Write {
                tree,
                key,
                value: Some(value),
            });
            count += 1;
            if chunk.len() == CHUNK {
                write(&chunk)?;
                chunk.clear();
            }
        }
        write(&chunk)?;
        counts.push((tree.name().to_string(), count));
    }
    Ok(counts)
}

/// The copy's audit must match the original's, total for total.
fn compare(original: &AuditReport, copy: &AuditReport) -> Result<(), BankError> {
    if !copy.ok {
        return Err(BankError::Storage(format!(
            "the copy does not audit: {}",
            copy.breaks.join("; ")
        )));
    }
    if totals(original) != totals(copy) {
        return Err(BankError::Storage(format!(
            "the copy's totals differ from the original's: {:?} against {:?}",
            totals(copy),
            totals(original)
        )));
    }
    Ok(())
}

/// Moves the bank at `from` (a stopped bot's) into the empty store `to`. Blocks.
pub fn move_bank(from: &StoreLocation, to: &StoreLocation) -> Result<Moved, BankError> {
    let source = from.open_existing()?;
    let reads: Box<dyn Reads + '_> = match source.shared() {
        Some(shared) => {
            refuse_live_writers(shared, source.as_ref())?;
            shared.snapshot()?
        }
        None => Box::new(Borrowed(source.as_ref())),
    };
    let original = audit_store(reads.as_ref())?;
    if !original.ok {
        return Err(BankError::Storage(format!(
            "{from} does not audit, so it is not moved: {}",
            original.breaks.join("; ")
        )));
    }
    let keys = match to {
        StoreLocation::Postgres(_) => {
            let target = to.open_store(16 << 20)?;
            if !schema::holds_no_bank(target.as_ref())? {
                return Err(BankError::Storage(format!(
                    "{to} already holds a bank: migrate only into an empty database"
                )));
            }
            let shared = target
                .shared()
                .ok_or_else(|| BankError::Internal("a PostgreSQL store is shared".into()))?;
            let mut load = shared.load()?;
            let keys = copy(reads.as_ref(), |chunk| Ok(load.write(chunk)?))?;
            compare(&original, &audit_store(load.reads())?)?;
            load.commit()?;
            keys
        }
        StoreLocation::Sled(dir) => into_new_directory(dir, reads.as_ref(), &original)?,
    };
    Ok(Moved {
        from: from.display(),
        to: to.display(),
        keys,
        audit: original,
    })
}

/// Refuses a database a bot still runs on: one of its leases is held by a live writer.
fn refuse_live_writers(
    shared: &dyn super::store::SharedStore,
    store: &dyn Store,
) -> Result<(), BankError> {
    for (guild, lease) in super::leases::all(store)? {
        if shared.is_live(lease.holder)? {
            return Err(BankError::Storage(format!(
                "a bot still runs on this database (it holds guild {}'s tables): stop every \
                 bot first",
                guild.0
            )));
        }
    }
    Ok(())
}

/// Writes the copy into a new directory beside `dir`, audits it, and renames it into place.
fn into_new_directory(
    dir: &Path,
    reads: &dyn Reads,
    original: &AuditReport,
) -> Result<Vec<(String, u64)>, BankError> {
    let holds_something = std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some());
    if holds_something {
        return Err(BankError::Storage(format!(
            "{} is not empty: migrate only into a new or empty directory",
            dir.display()
        )));
    }
    let staged = staging_dir(dir);
    let written = (|| {
        let keys = {
            let store = SledStore::open(&staged, 16 << 20)?;
            let keys = copy(reads, |chunk| Ok(store.apply(chunk)?))?;
            store.flush()?;
            compare(original, &audit_store(&store)?)?;
            keys
        };
        let version = {
            let store = SledStore::open(&staged, 16 << 20)?;
            schema::stored_version(&store)?.unwrap_or(schema::SCHEMA_VERSION)
        };
        schema::write_marker(&staged, version)?;
        if dir.exists() {
            std::fs::remove_dir(dir).map_err(|error| {
                BankError::Storage(format!("cannot replace {}: {error}", dir.display()))
            })?;
        }
        std::fs::rename(&staged, dir).map_err(|error| {
            BankError::Storage(format!(
                "cannot move the copy into {}: {error}",
                dir.display()
            ))
        })?;
        Ok(keys)
    })();
    if written.is_err() {
        let _ = std::fs::remove_dir_all(&staged);
    }
    written
}

fn staging_dir(dir: &Path) -> PathBuf {
    let name = dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "bank".into());
    dir.with_file_name(format!(".{name}.migrating-{}", std::process::id()))
}

/// A store's own reads, as the reads of a copy's source.
struct Borrowed<'a>(&'a dyn Store);

impl Reads for Borrowed<'_> {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, super::store::StoreError> {
        self.0.get(tree, key)
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> super::store::Scan<'_> {
        self.0.scan_prefix(tree, prefix)
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> super::store::Scan<'_> {
        self.0.scan_from(tree, start)
    }
    fn scan_between(&self, tree: Tree, start: &[u8], end: &[u8]) -> super::store::Scan<'_> {
        self.0.scan_between(tree, start, end)
    }
}
