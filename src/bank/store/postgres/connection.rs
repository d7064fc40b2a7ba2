//! A connection to the database and what every part of the PostgreSQL store shares: its
//! prepared statements, the pool of connections for reads beside the committer (and the
//! connections the committer asks what became of a commit it lost, `resolve`), and how a
//! failed statement is told.

use std::str::FromStr;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use postgres::error::SqlState;
use postgres::{Client, NoTls, Statement};

use super::write::WRITE;
use crate::bank::store::{CommitError, StoreError, Tree};

/// Connections kept open for reads beside the committer.
const POOLED: usize = 8;

/// How long connecting may take before the store is reported out of reach.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The prepared statements of one connection.
pub struct Statements {
    get: Statement,
    get_locked: Statement,
    /// Scans: bounded or open at the end, from a key or past it, locking or not.
    scans: [Statement; 8],
    pub write: Statement,
    /// A batch's keys and ranges read ahead (`prefetch`).
    pub prefetch_keys: Statement,
    pub prefetch_ranges: Statement,
}

impl Statements {
    pub fn scan(&self, bounded: bool, after: bool, locking: bool) -> &Statement {
        &self.scans[usize::from(bounded) * 4 + usize::from(after) * 2 + usize::from(locking)]
    }
}

/// A batch's keys read ahead (`prefetch`): the rows of the keys asked for, locked.
/// Parameters: tree and key arrays. Answers each row found with its place (from 1) in the
/// arrays.
const PREFETCH_KEYS: &str = "
    SELECT p.n, l.value, l.version
    FROM unnest($1::int2[], $2::bytea[]) WITH ORDINALITY AS p(tree, key, n)
    CROSS JOIN LATERAL (
        SELECT k.value, k.version FROM studbot.kv k
        WHERE k.tree = p.tree AND k.key = p.key FOR UPDATE
    ) AS l";

/// A batch's ranges read ahead (`prefetch`): the rows of the ranges asked for, locked, at
/// most `$4` a range (as a scan's first chunk). Parameters: tree, start and end (exclusive)
/// arrays, the limit. Answers each row with its range's place (from 1), in key order within
/// a range.
const PREFETCH_RANGES: &str = "
    SELECT r.n, l.key, l.value
    FROM unnest($1::int2[], $2::bytea[], $3::bytea[]) WITH ORDINALITY AS r(tree, first, past, n)
    CROSS JOIN LATERAL (
        SELECT k.key, k.value FROM studbot.kv k
        WHERE k.tree = r.tree AND k.key >= r.first AND k.key < r.past
        ORDER BY k.key LIMIT $4 FOR UPDATE
    ) AS l
    ORDER BY r.n, l.key";

/// Each connection's settings: how long a batch waits for a row another process's batch
/// holds before it is a conflict; and no hash or merge joins. Every statement studbot sends
/// looks rows up by key (a batch's keys given as arrays, `unnest`ed): a join of them with a
/// partition is right as a nested loop of index look-ups, the partitions not asked for
/// pruned as it runs. The planner, guessing ten rows for an `unnest` and costing a probe of
/// every partition, chose at a bank's size (some thousand rows) a hash join over a scan of
/// every partition for a batch's deletes (9,360 rows read to delete 54, `auto_explain`).
const SESSION_SETTINGS: &str =
    "SET lock_timeout = '5s'; SET enable_hashjoin = off; SET enable_mergejoin = off";

/// One open connection and its statements. Dropped inside an async task, it is closed on a
/// thread of its own (the client's runtime may not be dropped there).
pub struct Connection {
    client: Option<Client>,
    pub statements: Statements,
}

impl Connection {
    pub fn client(&mut self) -> &mut Client {
        self.client
            .as_mut()
            .unwrap_or_else(|| unreachable!("a connection holds its client until dropped"))
    }

    pub fn is_closed(&self) -> bool {
        self.client.as_ref().is_none_or(Client::is_closed)
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(client) = self.client.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            std::thread::spawn(move || drop(client));
        }
    }
}

pub fn sql_error(error: postgres::Error) -> StoreError {
    StoreError(describe_error(&error))
}

/// An error as one line: the server's message and SQLSTATE when it answered, else what
/// happened to the connection.
pub(super) fn describe_error(error: &postgres::Error) -> String {
    match error.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => error.to_string(),
    }
}

/// Whether a failed statement is another writer's conflict (drafted again) or something
/// that wrote nothing for another reason.
pub fn classify(error: &postgres::Error) -> CommitError {
    let why = describe_error(error);
    match error.code() {
        Some(code)
            if *code == SqlState::T_R_SERIALIZATION_FAILURE
                || *code == SqlState::T_R_DEADLOCK_DETECTED
                || *code == SqlState::LOCK_NOT_AVAILABLE
                || *code == SqlState::UNIQUE_VIOLATION =>
        {
            CommitError::Conflict(why)
        }
        // The server is going away or coming back, or short of something for a moment.
        Some(code)
            if code.code().starts_with("08")
                || code.code().starts_with("53")
                || code.code().starts_with("57") =>
        {
            CommitError::NotWritten(why)
        }
        // It answered, and refused what was sent.
        Some(_) => CommitError::Refused(why),
        // No answer: the connection was lost.
        None => CommitError::NotWritten(why),
    }
}

/// A PostgreSQL URL as it may be shown: without its password (the URL itself when it does
/// not parse).
pub fn display_url(url: &str) -> String {
    match postgres::Config::from_str(url) {
        Ok(config) => display_name(&config),
        // Not a URL it reads: shown as written, but for a password (`user:password@`).
        Err(_) => without_password(url),
    }
}

/// `url` with the password of its `user:password@` part left out.
fn without_password(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let Some((user_info, host)) = rest.rsplit_once('@') else {
        return url.to_string();
    };
    let user = user_info.split(':').next().unwrap_or("");
    let scheme = if scheme.is_empty() {
        String::new()
    } else {
        format!("{scheme}://")
    };
    format!("{scheme}{user}@{host}")
}

/// The database a config names, as a URL with its password left out.
pub fn display_name(config: &postgres::Config) -> String {
    let user = config.get_user().unwrap_or("");
    let host = config
        .get_hosts()
        .first()
        .map(|host| match host {
            postgres::config::Host::Tcp(name) => name.clone(),
            postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .unwrap_or_default();
    let port = config
        .get_ports()
        .first()
        .map(|port| format!(":{port}"))
        .unwrap_or_default();
    let database = config.get_dbname().unwrap_or("");
    format!("postgres://{user}@{host}{port}/{database}")
}

pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic holding the lock leaves the connections as they were: still usable or closed.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The database's address, and the connections kept open for reads.
pub struct Pool {
    config: postgres::Config,
    /// The database as a URL without its password, for messages.
    pub name: String,
    readers: Mutex<Vec<Connection>>,
    /// How long reads try to reach a server that refuses connections, counted from its first
    /// refusal: one window for every read, not one each.
    read_reconnect: Duration,
    /// Since when the server has refused every new connection (none while it accepts them).
    refusing_since: Mutex<Option<Instant>>,
}

/// How long reads try to reach a server that refuses connections for a moment.
const READ_RECONNECT: Duration = Duration::from_secs(10);

impl Pool {
    /// The database `url` names; nothing is connected yet.
    pub fn new(url: &str) -> Result<Pool, StoreError> {
        let mut config = postgres::Config::from_str(url)
            .map_err(|error| StoreError(format!("{url:?} is not a PostgreSQL URL: {error}")))?;
        config.application_name("studbot");
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        Ok(Pool {
            name: display_name(&config),
            config,
            readers: Mutex::new(Vec::new()),
            read_reconnect: READ_RECONNECT,
            refusing_since: Mutex::new(None),
        })
    }

    /// The same pool with reads trying a refusing server for `window` (tests).
    #[cfg(test)]
    fn with_read_reconnect(mut self, window: Duration) -> Pool {
        self.read_reconnect = window;
        self
    }

    pub fn connect_client(&self) -> Result<Client, StoreError> {
        self.config.connect(NoTls).map_err(|error| {
            StoreError(format!(
                "cannot reach {}: {}",
                self.name,
                describe_error(&error)
            ))
        })
    }
    fn prepare_statements(&self, mut client: Client) -> Result<Connection, StoreError> {
        client.batch_execute(SESSION_SETTINGS).map_err(sql_error)?;
        let scan = |bounded: bool, after: bool, locking: bool| {
            format!(
                "SELECT key, value, version FROM studbot.kv WHERE tree = $1 AND key {} $2{} \
                 ORDER BY key LIMIT {}{}",
                if after { ">" } else { ">=" },
                if bounded { " AND key < $3" } else { "" },
                if bounded { "$4" } else { "$3" },
                if locking { " FOR UPDATE" } else { "" },
            )
        };
        let mut prepare = |query: &str| client.prepare(query).map_err(sql_error);
        let get = "SELECT value, version FROM studbot.kv WHERE tree = $1 AND key = $2";
        let mut scans = Vec::with_capacity(8);
        for bounded in [false, true] {
            for after in [false, true] {
                for locking in [false, true] {
                    scans.push(prepare(&scan(bounded, after, locking))?);
                }
            }
        }
        let statements = Statements {
            get: prepare(get)?,
            get_locked: prepare(&format!("{get} FOR UPDATE"))?,
            scans: scans
                .try_into()
                .unwrap_or_else(|_| unreachable!("eight scans were prepared")),
            write: prepare(WRITE)?,
            prefetch_keys: prepare(PREFETCH_KEYS)?,
            prefetch_ranges: prepare(PREFETCH_RANGES)?,
        };
        Ok(Connection {
            client: Some(client),
            statements,
        })
    }
    /// A new connection with its statements prepared.
    pub fn connect(&self) -> Result<Connection, StoreError> {
        let connected = self
            .connect_client()
            .and_then(|client| self.prepare_statements(client));
        let mut refusing_since = lock(&self.refusing_since);
        match &connected {
            Ok(_) => *refusing_since = None,
            Err(_) => {
                refusing_since.get_or_insert_with(Instant::now);
            }
        }
        connected
    }
    /// A connection for a read beside the committer: a pooled one, or a new one.
    pub fn take_reader(&self) -> Result<Connection, StoreError> {
        let pooled = lock(&self.readers).pop();
        match pooled {
            Some(connection) if !connection.is_closed() => Ok(connection),
            _ => self.connect(),
        }
    }
    /// A new connection for a read, tried while the server has refused connections for less
    /// than [`READ_RECONNECT`] (shutting down, starting up again): a restarted server is back
    /// within it, and a read is safe to run late. The window runs from the server's first
    /// refusal, whoever met it: once it is over, every read fails at its first refused
    /// attempt, so reads neither hide a server that stays away nor hold up the exit (the
    /// runtime waits for reads in flight) by a window each.
    fn reconnect_for_read(&self) -> Result<Connection, StoreError> {
        let started = Instant::now();
        loop {
            let connected = self.connect();
            let window_over = started.elapsed() >= self.read_reconnect
                || lock(&self.refusing_since)
                    .is_some_and(|since| since.elapsed() >= self.read_reconnect);
            match connected {
                Ok(connection) => return Ok(connection),
                Err(error) if window_over => return Err(error),
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }
    pub fn return_reader(&self, connection: Connection) {
        if connection.is_closed() {
            return;
        }
        let mut readers = lock(&self.readers);
        if readers.len() < POOLED {
            readers.push(connection);
        }
    }
}

/// Where a read's statements run: the pool, a batch's transaction, a snapshot.
pub trait Connections {
    /// Whether what is read is locked until the transaction ends (a batch's reads).
    fn locking(&self) -> bool;

    /// Runs `work` on a connection of this source.
    fn with_connection<T>(
        &self,
        work: impl FnMut(&mut Connection) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError>;
}

impl Connections for Pool {
    fn locking(&self) -> bool {
        false
    }

    fn with_connection<T>(
        &self,
        mut work: impl FnMut(&mut Connection) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        let mut connection = match self.take_reader() {
            Ok(connection) => connection,
            Err(_) => self.reconnect_for_read()?,
        };
        let mut result = work(&mut connection);
        if result.is_err() && connection.is_closed() {
            // A connection the server closed (it restarted while a pooled one waited, or it
            // is shutting down) is found closed only by using it: a read is safe to run
            // again on a new one.
            connection = self.reconnect_for_read()?;
            result = work(&mut connection);
        }
        self.return_reader(connection);
        result.map_err(sql_error)
    }
}

/// One row by key: its value and version; locked until the transaction ends when `locking`.
pub fn get(
    connection: &mut Connection,
    tree: Tree,
    key: &[u8],
    locking: bool,
) -> Result<Option<(Vec<u8>, i64)>, postgres::Error> {
    let statement = if locking {
        connection.statements.get_locked.clone()
    } else {
        connection.statements.get.clone()
    };
    let row = connection
        .client()
        .query_opt(&statement, &[&tree.code(), &key])?;
    Ok(row.map(|row| (row.get(0), row.get(1))))
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{Connections, Pool, get};
    use crate::bank::store::Tree;

    /// Nothing listens on port 1: every connection is refused at once.
    const REFUSING: &str = "postgres://studbot@127.0.0.1:1/studbot";

    #[test]
    fn reads_wait_for_a_refusing_server_one_window_in_all_then_fail_at_once() {
        let window = Duration::from_secs(2);
        let pool = Pool::new(REFUSING)
            .expect("a PostgreSQL URL")
            .with_read_reconnect(window);
        let read = || pool.with_connection(|connection| get(connection, Tree::Meta, b"k", false));
        let first = Instant::now();
        assert!(read().is_err(), "a refusing server answered");
        assert!(first.elapsed() >= window, "the first read gave up early");
        // The window is over: the next reads fail at their first refusal, not a window each.
        let second = Instant::now();
        assert!(read().is_err() && read().is_err());
        assert!(
            second.elapsed() < window,
            "two later reads waited {:?}",
            second.elapsed()
        );
    }
}
