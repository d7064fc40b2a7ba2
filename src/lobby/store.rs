//! Where table settings persist per channel, so a restart reopens every table as it was.
//!
//! `TableStore` is the narrow interface the lobby needs; `MemoryTableStore` serves tests and
//! benchmarks, `BankTableStore` keeps the records in the bank's sled database (what the bot
//! and the terminal use). `import_table_files` reads the one-JSON-file-per-table folder of
//! older versions once into a store.

use std::collections::BTreeMap;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::bank::{Bank, GuildId, TableId, UserId};

use super::settings::TableSettings;

/// What is kept of one open table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    pub guild: GuildId,
    pub table: TableId,
    pub settings: TableSettings,
    /// Each seated player's chair, so a restart seats everyone where they sat (their chips
    /// come from the bank's escrow). Records of older versions have none.
    #[serde(default)]
    pub chairs: Vec<(UserId, u8)>,
    /// The table's hand number from which the `mix` rotation counts (the first hand dealt
    /// under `mix`): with the bank's own hand counter, which a restart keeps, it puts a
    /// reopened mix table back where its rotation was. Records of older versions have 0.
    #[serde(default)]
    pub mix_from_hand: u64,
    /// A moderator paused the table: a restart reopens it paused. Records of older versions
    /// have false.
    #[serde(default)]
    pub paused: bool,
}

pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, String>> + Send + 'a>>;

/// Persistence of table records. Implementations must make `save` durable before it returns.
pub trait TableStore: Send + Sync + 'static {
    fn save<'a>(&'a self, record: &'a TableRecord) -> StoreFuture<'a, ()>;
    fn remove(&self, table: TableId) -> StoreFuture<'_, ()>;
    fn load_all(&self) -> StoreFuture<'_, Vec<TableRecord>>;
}

/// Records in memory: for tests and benchmarks, or a process that needs no restart.
#[derive(Debug, Default, Clone)]
pub struct MemoryTableStore {
    records: Arc<Mutex<BTreeMap<TableId, TableRecord>>>,
}

impl MemoryTableStore {
    pub fn new() -> MemoryTableStore {
        MemoryTableStore::default()
    }
}

impl TableStore for MemoryTableStore {
    fn save<'a>(&'a self, record: &'a TableRecord) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let mut records = self.records.lock().map_err(|_| poisoned())?;
            records.insert(record.table, record.clone());
            Ok(())
        })
    }

    fn remove(&self, table: TableId) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut records = self.records.lock().map_err(|_| poisoned())?;
            records.remove(&table);
            Ok(())
        })
    }

    fn load_all(&self) -> StoreFuture<'_, Vec<TableRecord>> {
        Box::pin(async move {
            let records = self.records.lock().map_err(|_| poisoned())?;
            Ok(records.values().cloned().collect())
        })
    }
}

fn poisoned() -> String {
    "the table store's lock was poisoned".to_string()
}

/// Table records in the bank's sled database, beside the chips: saved durably before the
/// answer, like every bank write. What `studbot run` and `studbot play` use.
#[derive(Debug, Clone)]
pub struct BankTableStore {
    bank: Bank,
}

impl BankTableStore {
    pub fn new(bank: Bank) -> BankTableStore {
        BankTableStore { bank }
    }
}

impl TableStore for BankTableStore {
    fn save<'a>(&'a self, record: &'a TableRecord) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let bytes = serde_json::to_vec(record).map_err(|error| error.to_string())?;
            self.bank
                .save_table_settings(record.table, bytes)
                .await
                .map_err(|error| error.to_string())
        })
    }

    fn remove(&self, table: TableId) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.bank
                .remove_table_settings(table)
                .await
                .map_err(|error| error.to_string())
        })
    }

    fn load_all(&self) -> StoreFuture<'_, Vec<TableRecord>> {
        Box::pin(async move {
            let stored = self
                .bank
                .table_settings()
                .await
                .map_err(|error| error.to_string())?;
            let mut records = Vec::with_capacity(stored.len());
            for (table, bytes) in stored {
                let record: TableRecord = serde_json::from_slice(&bytes).map_err(|error| {
                    format!(
                        "the stored settings of table {} are unreadable: {error}",
                        table.0
                    )
                })?;
                records.push(record);
            }
            Ok(records)
        })
    }
}

/// Imports the table records an older studbot kept as one JSON file per table in `dir` into
/// `store`, then renames `dir` to `<dir>.imported` (numbered when that exists) so they are
/// read once. Returns how many
/// were imported (0 when `dir` does not exist). A record already in `store` is replaced.
pub async fn import_table_files(dir: &Path, store: &dyn TableStore) -> Result<usize, String> {
    if !dir.is_dir() {
        return Ok(0);
    }
    let folder = dir.to_path_buf();
    let records = tokio::task::spawn_blocking(move || read_all(&folder))
        .await
        .map_err(|error| format!("the import task failed: {error}"))??;
    for record in &records {
        store.save(record).await?;
    }
    // `tables.imported`, or `tables.imported.2`, … when an earlier import left one.
    let mut imported = dir.as_os_str().to_owned();
    imported.push(".imported");
    let mut target = std::path::PathBuf::from(&imported);
    let mut attempt = 1u32;
    while target.exists() {
        attempt += 1;
        let mut numbered = imported.clone();
        numbered.push(format!(".{attempt}"));
        target = numbered.into();
    }
    std::fs::rename(dir, &target)
        .map_err(|error| format!("imported {} but cannot rename it: {error}", dir.display()))?;
    Ok(records.len())
}

fn read_all(dir: &Path) -> Result<Vec<TableRecord>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    let mut records = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|error| format!("cannot read {}: {error}", dir.display()))?
            .path();
        if path.extension().and_then(|extension| extension.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let record: TableRecord = serde_json::from_slice(&text)
            .map_err(|error| format!("{} is not a table record: {error}", path.display()))?;
        records.push(record);
    }
    records.sort_by_key(|record| record.table);
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(table: u64) -> TableRecord {
        TableRecord {
            guild: GuildId(1),
            table: TableId(table),
            settings: TableSettings::default(),
            chairs: vec![(UserId(table * 10), 2)],
            mix_from_hand: table,
            paused: table.is_multiple_of(2),
        }
    }

    #[tokio::test]
    async fn bank_store_keeps_saved_records_across_a_reopen_and_forgets_removed_ones() {
        let dir = tempfile::tempdir().unwrap();
        let config = crate::bank::EconomyConfig::default();
        let bank = Bank::open(dir.path(), config.clone()).await.unwrap();
        let store = BankTableStore::new(bank.clone());
        store.save(&record(7)).await.unwrap();
        store.save(&record(3)).await.unwrap();
        store.remove(TableId(7)).await.unwrap();
        bank.shutdown().await.unwrap();
        let reopened = Bank::open(dir.path(), config.clone()).await.unwrap();
        let store = BankTableStore::new(reopened.clone());
        assert_eq!(store.load_all().await.unwrap(), vec![record(3)]);
        assert!(reopened.audit().await.unwrap().ok);
        reopened.shutdown().await.unwrap();
    }

    #[tokio::test]
    async fn table_files_of_older_versions_are_imported_once_and_their_folder_renamed() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("tables");
        std::fs::create_dir_all(&folder).unwrap();
        for table in [4, 9] {
            std::fs::write(
                folder.join(format!("table-{table}.json")),
                serde_json::to_vec_pretty(&record(table)).unwrap(),
            )
            .unwrap();
        }
        std::fs::write(folder.join("table-9.json.tmp"), b"half a reco").unwrap();
        let store = MemoryTableStore::new();
        assert_eq!(import_table_files(&folder, &store).await.unwrap(), 2);
        assert_eq!(store.load_all().await.unwrap(), vec![record(4), record(9)]);
        assert!(!folder.exists());
        assert!(dir.path().join("tables.imported").is_dir());
        assert_eq!(import_table_files(&folder, &store).await.unwrap(), 0);
        // An older version run again writes the folder anew: imported again, renamed aside.
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(
            folder.join("table-5.json"),
            serde_json::to_vec_pretty(&record(5)).unwrap(),
        )
        .unwrap();
        assert_eq!(import_table_files(&folder, &store).await.unwrap(), 1);
        assert!(dir.path().join("tables.imported.2").is_dir());
    }
}
