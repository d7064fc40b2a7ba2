//! Where table settings persist per channel, so a restart reopens every table as it was.
//!
//! `TableStore` is the narrow interface the lobby needs; `MemoryTableStore` serves tests and
//! benchmarks, `FileTableStore` keeps one JSON file per table (written to a temporary file,
//! synced, then renamed, so a crash leaves the old or the new record, never half of one).

use std::collections::BTreeMap;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::bank::{GuildId, TableId};

use super::settings::TableSettings;

/// What is kept of one open table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    pub guild: GuildId,
    pub table: TableId,
    pub settings: TableSettings,
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

/// One JSON file per table in a directory.
#[derive(Debug, Clone)]
pub struct FileTableStore {
    dir: PathBuf,
}

impl FileTableStore {
    /// Uses (and creates) `dir`.
    pub fn open(dir: &Path) -> Result<FileTableStore, String> {
        std::fs::create_dir_all(dir)
            .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
        Ok(FileTableStore {
            dir: dir.to_path_buf(),
        })
    }

    fn path_of(&self, table: TableId) -> PathBuf {
        self.dir.join(format!("table-{}.json", table.0))
    }
}

impl TableStore for FileTableStore {
    fn save<'a>(&'a self, record: &'a TableRecord) -> StoreFuture<'a, ()> {
        let path = self.path_of(record.table);
        let dir = self.dir.clone();
        let record = record.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || write_durably(&dir, &path, &record))
                .await
                .map_err(|error| format!("the store task failed: {error}"))?
        })
    }

    fn remove(&self, table: TableId) -> StoreFuture<'_, ()> {
        let path = self.path_of(table);
        Box::pin(async move {
            match tokio::fs::remove_file(&path).await {
                Ok(()) => Ok(()),
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
                Err(error) => Err(format!("cannot remove {}: {error}", path.display())),
            }
        })
    }

    fn load_all(&self) -> StoreFuture<'_, Vec<TableRecord>> {
        let dir = self.dir.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || read_all(&dir))
                .await
                .map_err(|error| format!("the store task failed: {error}"))?
        })
    }
}

fn write_durably(dir: &Path, path: &Path, record: &TableRecord) -> Result<(), String> {
    use std::io::Write;
    let text = serde_json::to_vec_pretty(record).map_err(|error| error.to_string())?;
    let temporary = path.with_extension("json.tmp");
    let describe = |error: std::io::Error| format!("cannot write {}: {error}", path.display());
    let mut file = std::fs::File::create(&temporary).map_err(describe)?;
    file.write_all(&text).map_err(describe)?;
    file.sync_all().map_err(describe)?;
    std::fs::rename(&temporary, path).map_err(describe)?;
    // The rename is durable only once the directory itself is synced.
    std::fs::File::open(dir)
        .and_then(|directory| directory.sync_all())
        .map_err(describe)
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
        }
    }

    #[tokio::test]
    async fn file_store_keeps_saved_records_and_forgets_removed_ones() {
        let dir = tempfile::tempdir().unwrap();
        let store = FileTableStore::open(dir.path()).unwrap();
        store.save(&record(7)).await.unwrap();
        store.save(&record(3)).await.unwrap();
        store.remove(TableId(7)).await.unwrap();
        let reopened = FileTableStore::open(dir.path()).unwrap();
        assert_eq!(reopened.load_all().await.unwrap(), vec![record(3)]);
    }
}
