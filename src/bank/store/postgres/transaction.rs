//! A batch's transaction on the committer's connection (its reads locking what they read),
//! and the transactions of a reader's connection (a snapshot an audit or a backup reads, a
//! whole bank being loaded).

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::sync::MutexGuard;
use std::time::{Duration, Instant};

use super::cache::{Cache, CachedRows};
use super::connection::{Connection, Connections, Pool, classify, get, sql_error};
use super::prefetch::{self, Fetched};
use super::scan::{ChunkedScan, Range};
use super::write::WriteArrays;

/// A key of a tree.
type Key = (Tree, Vec<u8>);
use crate::bank::store::{
    CommitError, Describe, Prefetch, Reads, Scan, StoreError, Transaction, Tree, Write,
};

/// How a batch's transaction begins.
const BEGIN: &str = "BEGIN ISOLATION LEVEL READ COMMITTED";

/// How long a transaction begun ahead stays the next batch's: past it, it is begun anew (the
/// round trip it saved), so that a batch never starts on a session the server may be ending
/// for idling in a transaction (`idle_in_transaction_session_timeout`). A transaction begun
/// and unused holds no lock, no snapshot and no transaction id.
const BEGUN_AHEAD_FOR: Duration = Duration::from_secs(1);

/// The committer's connection (made again when lost) and what it remembers.
pub(super) struct Writer {
    pub connection: Option<Connection>,
    pub cache: Cache,
    /// When the connection's next transaction was begun, in the round trip that ended the
    /// batch before (none: not begun).
    pub begun_ahead: Option<Instant>,
}

impl Writer {
    /// Begins a batch's transaction: the one begun ahead if fresh (no round trip), else a new
    /// one, on a new connection when the last was lost.
    pub fn begin(&mut self, pool: &Pool) -> Result<(), CommitError> {
        if self.connection.as_ref().is_none_or(Connection::is_closed) {
            self.connection = None;
            self.begun_ahead = None;
            let connection = pool
                .connect()
                .map_err(|error| CommitError::NotWritten(error.0))?;
            self.connection = Some(connection);
        }
        let ahead = self.begun_ahead.take();
        let Some(connection) = self.connection.as_mut() else {
            return Err(CommitError::NotWritten(
                "the connection to the database was lost before the batch began".into(),
            ));
        };
        let begun = match ahead {
            Some(at) if at.elapsed() < BEGUN_AHEAD_FOR => Ok(()),
            Some(_) => connection
                .client()
                .batch_execute(&format!("ROLLBACK; {BEGIN}")),
            None => connection.client().batch_execute(BEGIN),
        };
        let Err(error) = begun else {
            return Ok(());
        };
        if self.connection.as_ref().is_some_and(Connection::is_closed) {
            self.connection = None;
        }
        Err(classify(&error))
    }

    /// Ends the batch's transaction with `end` (`COMMIT`, `ROLLBACK`) and begins the next
    /// batch's, in one round trip; `None` without a connection.
    fn end_and_begin(&mut self, end: &str) -> Option<Result<(), postgres::Error>> {
        self.begun_ahead = None;
        let connection = self.connection.as_mut()?;
        let ended = connection
            .client()
            .batch_execute(&format!("{end}; {BEGIN}"));
        if ended.is_ok() {
            self.begun_ahead = Some(Instant::now());
        }
        Some(ended)
    }
}

pub(super) struct PgTransaction<'a> {
    pool: &'a Pool,
    describe: &'a dyn Describe,
    writer: RefCell<MutexGuard<'a, Writer>>,
    /// The remembered rows the batch used, locked and checked before it writes.
    cached: RefCell<CachedRows>,
    /// The keys the batch read and found absent: created only if still absent.
    read_absent: RefCell<HashSet<Key>>,
    /// What the batch read ahead in this transaction, locked (`Transaction::prefetch`).
    fetched: RefCell<Fetched>,
    /// The first statement that failed: PostgreSQL refuses every later one, and the commit
    /// answers it.
    failure: RefCell<Option<CommitError>>,
    /// Begun and neither committed nor rolled back.
    open: Cell<bool>,
}

impl<'a> PgTransaction<'a> {
    pub fn new(
        pool: &'a Pool,
        describe: &'a dyn Describe,
        writer: MutexGuard<'a, Writer>,
    ) -> PgTransaction<'a> {
        PgTransaction {
            pool,
            describe,
            writer: RefCell::new(writer),
            cached: RefCell::new(CachedRows::default()),
            read_absent: RefCell::new(HashSet::new()),
            fetched: RefCell::new(Fetched::default()),
            failure: RefCell::new(None),
            open: Cell::new(true),
        }
    }

    /// Ends the transaction without writing; a connection that cannot even do that is
    /// dropped (made again by the next batch).
    fn roll_back(&self) {
        if !self.open.replace(false) {
            return;
        }
        let mut writer = self.writer.borrow_mut();
        let rolled_back = matches!(writer.end_and_begin("ROLLBACK"), Some(Ok(())));
        if !rolled_back {
            writer.connection = None;
        }
    }

    fn fail(&self, error: CommitError) -> StoreError {
        let why = error.to_string();
        self.failure.borrow_mut().get_or_insert(error);
        StoreError(why)
    }
}

impl Connections for PgTransaction<'_> {
    fn locking(&self) -> bool {
        true
    }

    fn with_connection<T>(
        &self,
        mut work: impl FnMut(&mut Connection) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        if let Some(failed) = self.failure.borrow().as_ref() {
            return Err(StoreError(failed.to_string()));
        }
        let mut writer = self.writer.borrow_mut();
        let Some(connection) = writer.connection.as_mut() else {
            drop(writer);
            return Err(self.fail(CommitError::NotWritten("the connection was lost".into())));
        };
        match work(connection) {
            Ok(value) => Ok(value),
            Err(error) => {
                drop(writer);
                Err(self.fail(classify(&error)))
            }
        }
    }
}

impl PgTransaction<'_> {
    /// A key's value as remembered (its row then checked at the write), else read from the
    /// server, locked.
    fn read(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let remembered = {
            let writer = self.writer.borrow();
            writer
                .cache
                .get(tree, key)
                .map(|cached| (cached.value.clone(), cached.version))
        };
        let value = match remembered {
            Some((value, version)) => {
                self.cached.borrow_mut().push(tree, key, version);
                value
            }
            None => {
                let row = self.with_connection(|connection| get(connection, tree, key, true))?;
                let (value, version) = match row {
                    Some((value, version)) => (Some(value), version),
                    None => (None, 0),
                };
                self.writer
                    .borrow_mut()
                    .cache
                    .remember(tree, key, value.clone(), version);
                value
            }
        };
        Ok(value)
    }
}

impl Reads for PgTransaction<'_> {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let fetched = self.fetched.borrow().value(tree, key);
        let value = match fetched {
            Some(value) => value,
            None => self.read(tree, key)?,
        };
        if value.is_none() {
            self.read_absent.borrow_mut().insert((tree, key.to_vec()));
        }
        Ok(value)
    }

    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(self, tree, Range::prefix(prefix)))
    }

    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(self, tree, Range::from(start)))
    }

    /// Bounded in the statement itself: a chunk read past `end` would lock rows of other
    /// tables' ranges, which another process's batch may hold (a deadlock, measured in
    /// benches/bank.rs with two processes, each its own guild).
    fn scan_between(&self, tree: Tree, start: &[u8], end: &[u8]) -> Scan<'_> {
        if let Some(rows) = self.fetched.borrow().range(tree, start, end) {
            return Box::new(rows.into_iter().map(Ok));
        }
        Box::new(ChunkedScan::new(self, tree, Range::between(start, end)))
    }
}

impl PgTransaction<'_> {
    /// Writes, checking the remembered rows the batch used in the same statement (those it
    /// writes by writing them only if still as remembered, the others locked first): the
    /// transaction's id, or why it must not commit.
    fn write(&self, writes: &[Write]) -> Result<i64, CommitError> {
        let mut writer = self.writer.borrow_mut();
        let writer = &mut *writer;
        let Some(connection) = writer.connection.as_mut() else {
            return Err(CommitError::NotWritten("the connection was lost".into()));
        };
        let read_absent = self.read_absent.borrow();
        let arrays = WriteArrays::new(
            writes,
            self.describe,
            |tree, key| read_absent.contains(&(tree, key.to_vec())),
            &self.cached.borrow(),
        );
        let statement = connection.statements.write.clone();
        let written = arrays
            .run(connection.client(), &statement)
            .map_err(|error| classify(&error))?;
        if written.stale > 0 {
            writer.cache.clear();
            return Err(CommitError::Conflict(format!(
                "{} values this process had read were changed by another process",
                written.stale
            )));
        }
        if written.created < arrays.created() {
            writer.cache.clear();
            return Err(CommitError::Conflict(
                "a key this batch found absent was created by another process meanwhile".into(),
            ));
        }
        Ok(written.txid)
    }
}

impl Transaction for PgTransaction<'_> {
    /// Reads ahead the keys not remembered (a remembered one costs no round trip already)
    /// and the ranges, locking their rows as the batch's own reads would; a failure is the
    /// transaction's, answered by the commit.
    fn prefetch(&self, wanted: &Prefetch) {
        let mut keys: Vec<Key> = {
            let writer = self.writer.borrow();
            wanted
                .keys
                .iter()
                .filter(|(tree, key)| writer.cache.get(*tree, key).is_none())
                .cloned()
                .collect()
        };
        keys.sort();
        keys.dedup();
        let mut ranges = wanted.ranges.clone();
        ranges.sort();
        ranges.dedup();
        if keys.is_empty() && ranges.is_empty() {
            return;
        }
        let Ok(fetched) =
            self.with_connection(|connection| prefetch::fetch(connection, &keys, &ranges))
        else {
            return;
        };
        let mut writer = self.writer.borrow_mut();
        for ((tree, key), value, version) in fetched.rows() {
            writer.cache.remember(*tree, key, value.cloned(), version);
        }
        drop(writer);
        *self.fetched.borrow_mut() = fetched;
    }

    fn commit(self: Box<Self>, writes: &[Write]) -> Result<(), CommitError> {
        if let Some(failed) = self.failure.borrow_mut().take() {
            self.roll_back();
            return Err(failed);
        }
        let txid = match self.write(writes) {
            Ok(txid) => txid,
            Err(error) => {
                self.roll_back();
                return Err(error);
            }
        };
        self.open.set(false);
        let mut writer = self.writer.borrow_mut();
        let committed = writer.end_and_begin("COMMIT");
        let outcome = match committed {
            Some(Ok(())) => Ok(()),
            // The server refused the commit, or (never seen) the next batch's begin after it:
            // which, the server's record of the transaction tells. The connection, in a state
            // unknown, is made again.
            Some(Err(error)) if error.as_db_error().is_some() => {
                writer.connection = None;
                self.pool.resolve(txid).map_err(|_| classify(&error))
            }
            // The connection was lost with the commit sent: ask what became of it.
            _ => {
                writer.connection = None;
                self.pool.resolve(txid)
            }
        };
        match &outcome {
            Ok(()) => {
                for write in writes {
                    writer.cache.remember_written(
                        write.tree,
                        &write.key,
                        write.value.as_ref(),
                        txid,
                    );
                }
            }
            Err(_) => writer.cache.clear(),
        }
        outcome
    }
}

impl Drop for PgTransaction<'_> {
    fn drop(&mut self) {
        self.roll_back();
    }
}

/// A transaction of its own on a reader's connection, whose reads lock nothing: a snapshot
/// (REPEATABLE READ, read-only: the whole store as of its first read, while the writers go
/// on) or a whole bank being loaded. Rolled back and its connection given back to the pool
/// when dropped, unless ended before.
pub(super) struct Held<'a> {
    pool: &'a Pool,
    connection: RefCell<Option<Connection>>,
}

impl<'a> Held<'a> {
    /// Takes a reader's connection and begins the transaction with `begin`.
    pub fn begin(pool: &'a Pool, begin: &str) -> Result<Held<'a>, StoreError> {
        let mut connection = pool.take_reader()?;
        connection
            .client()
            .batch_execute(begin)
            .map_err(sql_error)?;
        Ok(Held {
            pool,
            connection: RefCell::new(Some(connection)),
        })
    }

    /// Ends the transaction with `end` (`COMMIT`) and gives the connection back.
    fn end(&self, end: &str) -> Result<(), StoreError> {
        let ended = self.with_connection(|connection| connection.client().batch_execute(end));
        if let Some(connection) = self.connection.borrow_mut().take() {
            self.pool.return_reader(connection);
        }
        ended
    }
}

impl Connections for Held<'_> {
    fn locking(&self) -> bool {
        false
    }

    fn with_connection<T>(
        &self,
        mut work: impl FnMut(&mut Connection) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        let mut connection = self.connection.borrow_mut();
        let connection = connection
            .as_mut()
            .ok_or_else(|| StoreError("the transaction's connection was lost".into()))?;
        work(connection).map_err(sql_error)
    }
}

impl Reads for Held<'_> {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.with_connection(|connection| get(connection, tree, key, false))
            .map(|row| row.map(|(value, _)| value))
    }

    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(self, tree, Range::prefix(prefix)))
    }

    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(self, tree, Range::from(start)))
    }

    fn scan_between(&self, tree: Tree, start: &[u8], end: &[u8]) -> Scan<'_> {
        Box::new(ChunkedScan::new(self, tree, Range::between(start, end)))
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        if let Some(mut connection) = self.connection.borrow_mut().take()
            && connection.client().batch_execute("ROLLBACK").is_ok()
        {
            self.pool.return_reader(connection);
        }
    }
}

/// A whole bank written in one transaction on a connection of its own.
pub(super) struct Loading<'a> {
    held: Held<'a>,
    describe: &'a dyn Describe,
}

impl<'a> Loading<'a> {
    pub fn new(held: Held<'a>, describe: &'a dyn Describe) -> Loading<'a> {
        Loading { held, describe }
    }
}

impl crate::bank::store::Load for Loading<'_> {
    fn write(&mut self, writes: &[Write]) -> Result<(), StoreError> {
        let arrays = WriteArrays::new(writes, self.describe, |_, _| false, &CachedRows::default());
        self.held.with_connection(|connection| {
            let statement = connection.statements.write.clone();
            arrays.run(connection.client(), &statement).map(|_| ())
        })
    }

    fn reads(&self) -> &dyn Reads {
        &self.held
    }

    fn commit(self: Box<Self>) -> Result<(), StoreError> {
        self.held.end("COMMIT")
    }
}
