//! [`PostgresStore`]: the bank's storage interface over a PostgreSQL database (see the
//! module's documentation in `mod.rs`).

use std::sync::{Arc, Mutex, MutexGuard};

use super::cache::{Cache, CachedRows};
use super::connection::{Connection, Connections, Pool, get, lock, sql_error};
use super::scan::{ChunkedScan, Range};
use super::schema;
use super::transaction::{Held, Loading, PgTransaction, Writer};
use super::write::WriteArrays;
use crate::bank::store::{
    CommitError, Describe, Reads, Scan, SharedStore, Store, StoreError, Transaction, Tree, Write,
};

/// The advisory lock a process holds while it prepares and migrates the bank
/// ([`SharedStore::hold_opening`]; "studbopn" in ASCII).
pub const OPENING_LOCK: i64 = 0x7374_7564_626f_706e;

/// The lock of opening, held by a connection of its own: let go when dropped, or when the
/// process stops however it stops (the server ends the session).
struct OpeningHeld(postgres::Client);

impl Drop for OpeningHeld {
    fn drop(&mut self) {
        let _ = self
            .0
            .execute("SELECT pg_advisory_unlock($1)", &[&OPENING_LOCK]);
    }
}

/// A bank in a PostgreSQL database.
pub struct PostgresStore {
    pool: Pool,
    describe: Arc<dyn Describe>,
    writer: Mutex<Writer>,
    /// This process's number among the writers ([`SharedStore::holder`]).
    holder: u64,
    /// The connection holding the advisory lock named by `holder`, while this store is open:
    /// the lock is let go when the process stops, however it stops.
    liveness: Mutex<Option<Connection>>,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("PostgresStore")
            .field("database", &self.pool.name)
            .finish_non_exhaustive()
    }
}

impl PostgresStore {
    /// Connects to the database `url` names (`postgres://user@host/db`, or any form
    /// rust-postgres reads), creates or migrates studbot's tables there, and refuses a
    /// database whose tables are of a newer version. Blocks: call it off the async runtime.
    pub fn open(url: &str, describe: Arc<dyn Describe>) -> Result<PostgresStore, StoreError> {
        let store = PostgresStore {
            pool: Pool::new(url)?,
            describe,
            writer: Mutex::new(Writer {
                connection: None,
                cache: Cache::default(),
                begun_ahead: None,
            }),
            // Positive as a bigint, never 0, and never the lock of preparing.
            holder: rand::random_range(1..(1u64 << 62)),
            liveness: Mutex::new(None),
        };
        let mut client = store.pool.connect_client()?;
        schema::prepare(&mut client, store.describe.as_ref())
            .map_err(|error| StoreError(format!("{}: {}", store.pool.name, error.0)))?;
        drop(client);
        store.keep_live()?;
        Ok(store)
    }
    /// Holds this writer's advisory lock on a connection of its own (again, after the
    /// connection was lost).
    fn keep_live(&self) -> Result<(), StoreError> {
        let mut liveness = lock(&self.liveness);
        if liveness
            .as_ref()
            .is_some_and(|connection| !connection.is_closed())
        {
            return Ok(());
        }
        *liveness = None;
        let mut connection = self.pool.connect()?;
        let holder = self.holder as i64;
        connection
            .client()
            .execute("SELECT pg_advisory_lock($1)", &[&holder])
            .map_err(sql_error)?;
        *liveness = Some(connection);
        Ok(())
    }
    /// The database, as a URL without its password.
    pub fn name(&self) -> &str {
        &self.pool.name
    }
    fn writer(&self) -> MutexGuard<'_, Writer> {
        lock(&self.writer)
    }
    /// Runs the write statement for `writes` (no cached values to check) in its own
    /// transaction on a reader's connection: for what is written outside the committer
    /// (preparing, migrating, restoring).
    fn apply_outside(&self, writes: &[Write]) -> Result<(), StoreError> {
        let mut connection = self.pool.take_reader()?;
        let arrays = WriteArrays::new(
            writes,
            self.describe.as_ref(),
            |_, _| false,
            &CachedRows::default(),
        );
        let result = (|| {
            let statement = connection.statements.write.clone();
            let client = connection.client();
            let mut transaction = client.transaction().map_err(sql_error)?;
            arrays
                .run(&mut transaction, &statement)
                .map_err(sql_error)?;
            transaction.commit().map_err(sql_error)
        })();
        self.pool.return_reader(connection);
        // What the committer remembers may be what this changed.
        self.writer().cache.clear();
        result
    }
}

impl Reads for PostgresStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.pool
            .with_connection(|connection| get(connection, tree, key, false))
            .map(|row| row.map(|(value, _)| value))
    }

    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(&self.pool, tree, Range::prefix(prefix)))
    }

    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(&self.pool, tree, Range::from(start)))
    }

    fn scan_between(&self, tree: Tree, start: &[u8], end: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(
            &self.pool,
            tree,
            Range::between(start, end),
        ))
    }
}

impl Store for PostgresStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        if writes.is_empty() {
            return Ok(());
        }
        self.apply_outside(writes)
    }

    /// A commit is durable when PostgreSQL answers it: nothing is left to flush.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        self.pool.with_connection(|connection| {
            let row = connection
                .client()
                .query_one("SELECT NOT EXISTS (SELECT 1 FROM studbot.kv)", &[])?;
            Ok(row.get(0))
        })
    }

    fn shared(&self) -> Option<&dyn SharedStore> {
        Some(self)
    }
}

impl SharedStore for PostgresStore {
    fn begin(&self) -> Result<Box<dyn Transaction + '_>, CommitError> {
        self.keep_live()
            .map_err(|error| CommitError::NotWritten(error.0))?;
        let mut writer = self.writer();
        writer.begin(&self.pool)?;
        Ok(Box::new(PgTransaction::new(
            &self.pool,
            self.describe.as_ref(),
            writer,
        )))
    }

    fn holder(&self) -> u64 {
        self.holder
    }

    /// Whether `holder`'s advisory lock is held: a process that stopped let it go.
    fn is_live(&self, holder: u64) -> Result<bool, StoreError> {
        if holder == self.holder {
            return Ok(true);
        }
        let key = i64::try_from(holder).unwrap_or(i64::MAX);
        self.pool.with_connection(|connection| {
            let client = connection.client();
            let free: bool = client
                .query_one("SELECT pg_try_advisory_lock($1)", &[&key])?
                .get(0);
            if free {
                client.execute("SELECT pg_advisory_unlock($1)", &[&key])?;
            }
            Ok(!free)
        })
    }

    fn load(&self) -> Result<Box<dyn crate::bank::store::Load + '_>, StoreError> {
        let held = Held::begin(&self.pool, "BEGIN")?;
        self.writer().cache.clear();
        Ok(Box::new(Loading::new(held, self.describe.as_ref())))
    }

    fn disk_bytes(&self) -> Result<u64, StoreError> {
        self.pool.with_connection(|connection| {
            let row = connection
                .client()
                .query_one("SELECT pg_database_size(current_database())", &[])?;
            Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
        })
    }

    fn hold_opening(&self) -> Result<Box<dyn Send>, StoreError> {
        let mut client = self.pool.connect_client()?;
        client
            .execute("SELECT pg_advisory_lock($1)", &[&OPENING_LOCK])
            .map_err(sql_error)?;
        Ok(Box::new(OpeningHeld(client)))
    }

    fn snapshot(&self) -> Result<Box<dyn Reads + '_>, StoreError> {
        Ok(Box::new(Held::begin(
            &self.pool,
            "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        )?))
    }
}
