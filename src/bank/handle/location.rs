//! Where a bank is kept, as an operator names it: a sled directory (the default, embedded),
//! or a PostgreSQL database by its URL (`[bank] store`, `--store`), which several processes
//! may share.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::{Bank, within};
use crate::bank::audit::{AuditReport, audit_data_dir, audit_store};
use crate::bank::clock::{Clock, SystemClock};
use crate::bank::describe::BankRecords;
use crate::bank::schema::{self, SCHEMA_VERSION};
use crate::bank::store::postgres::display_url;
use crate::bank::store::{PostgresStore, SledStore, Store};
use crate::bank::{BankError, EconomyConfig};

/// A bank's store: a sled directory, or a PostgreSQL database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreLocation {
    /// The sled database in this directory.
    Sled(PathBuf),
    /// The PostgreSQL database this URL names (`postgres://user@host/db`).
    Postgres(String),
}

impl StoreLocation {
    /// A `postgres://` or `postgresql://` URL names a database; anything else a directory.
    pub fn parse(text: &str) -> StoreLocation {
        if Self::is_url(text) {
            StoreLocation::Postgres(text.to_string())
        } else {
            StoreLocation::Sled(PathBuf::from(text))
        }
    }

    /// Whether `text` is a PostgreSQL URL.
    pub fn is_url(text: &str) -> bool {
        text.starts_with("postgres://") || text.starts_with("postgresql://")
    }

    /// The sled directory, for a sled store.
    pub fn sled_dir(&self) -> Option<&Path> {
        match self {
            StoreLocation::Sled(dir) => Some(dir),
            StoreLocation::Postgres(_) => None,
        }
    }

    /// How it is named in a message: the directory, or the URL without its password.
    pub fn display(&self) -> String {
        match self {
            StoreLocation::Sled(dir) => dir.display().to_string(),
            StoreLocation::Postgres(url) => display_url(url),
        }
    }

    /// Opens the store (creating it when new) and checks its schema is one this program
    /// reads. Blocks: call it off the async runtime.
    pub fn open_store(&self, cache_capacity_bytes: u64) -> Result<Arc<dyn Store>, BankError> {
        match self {
            StoreLocation::Sled(dir) => {
                schema::check_marker(dir)?;
                let store = SledStore::open(dir, cache_capacity_bytes)?;
                schema::prepare(&store)?;
                let version = schema::stored_version(&store)?.unwrap_or(SCHEMA_VERSION);
                schema::write_marker(dir, version)?;
                Ok(Arc::new(store))
            }
            StoreLocation::Postgres(url) => {
                let store = PostgresStore::open(url, Arc::new(BankRecords))?;
                schema::prepare(&store)?;
                Ok(Arc::new(store))
            }
        }
    }
}

impl StoreLocation {
    /// Opens a store that must hold a bank already (the tools that read one): a sled
    /// directory without one, or a database studbot never wrote to, is refused.
    pub fn open_existing(&self) -> Result<Arc<dyn Store>, BankError> {
        if let StoreLocation::Sled(dir) = self
            && !dir.join("conf").is_file()
        {
            return Err(BankError::Storage(format!(
                "{} is not a studbot bank (no sled database in it)",
                dir.display()
            )));
        }
        let store = self.open_store(16 << 20)?;
        if store.is_empty()? {
            return Err(BankError::Storage(format!("{self} holds no bank")));
        }
        Ok(store)
    }
}

impl std::fmt::Display for StoreLocation {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&self.display())
    }
}

/// How long opening a PostgreSQL store may take at most: connecting, and waiting for another
/// process preparing the tables.
const OPEN_POSTGRES_WITHIN: Duration = Duration::from_secs(60);

impl Bank {
    /// Opens (or creates) the bank at `location`, as [`Bank::open`] does for a directory.
    pub async fn open_at(
        location: &StoreLocation,
        config: EconomyConfig,
    ) -> Result<Bank, BankError> {
        Bank::open_at_with_clock(location, config, Arc::new(SystemClock)).await
    }

    /// [`Bank::open_at`] with the clock the bank takes the time from.
    pub async fn open_at_with_clock(
        location: &StoreLocation,
        config: EconomyConfig,
        clock: Arc<dyn Clock>,
    ) -> Result<Bank, BankError> {
        match location {
            StoreLocation::Sled(dir) => Bank::open_with_clock(dir, config, clock).await,
            StoreLocation::Postgres(_) => {
                let location = location.clone();
                let cache_capacity = config.cache_capacity_bytes;
                let store = within(
                    OPEN_POSTGRES_WITHIN,
                    tokio::task::spawn_blocking(move || location.open_store(cache_capacity)),
                )
                .await??;
                Bank::open_with_store(store, config, clock).await
            }
        }
    }
}

/// Audits the bank at `location`: a stopped bot's sled directory (read from a copy), or a
/// PostgreSQL database at any time (read from one snapshot while its writers go on).
/// Blocks: call it off the async runtime.
pub fn audit_location(location: &StoreLocation) -> Result<AuditReport, BankError> {
    match location {
        StoreLocation::Sled(dir) => audit_data_dir(dir),
        StoreLocation::Postgres(url) => {
            let store = PostgresStore::open(url, Arc::new(BankRecords))?;
            if let Some(found) =
                schema::stored_version(&store)?.filter(|found| *found > SCHEMA_VERSION)
            {
                return Err(BankError::SchemaTooNew {
                    found,
                    known: SCHEMA_VERSION,
                });
            }
            let shared = store
                .shared()
                .ok_or_else(|| BankError::Internal("a PostgreSQL store is shared".into()))?;
            audit_store(shared.snapshot()?.as_ref())
        }
    }
}
