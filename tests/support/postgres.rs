//! A throwaway PostgreSQL server for a test binary, started by the first test that asks for
//! a database and shared by the others, each test with a database of its own. Nothing to set
//! up: the server is initialised into a private temporary directory and listens only on a
//! Unix socket there. PostgreSQL refuses to run as root, so as root (CI) its programs run as
//! the `postgres` user, in a directory given to that user. A watcher process stops the server
//! and removes its directory once the test binary has exited, however it exits.
//!
//! The server's programs are found in `STUDBOT_PG_BIN`, else the newest
//! `/usr/lib/postgresql/*/bin` (Debian's packages), else on the `PATH`. A test that needs one
//! and finds none fails, naming what to install: no test is skipped for want of a server.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The test binary's server.
pub struct Server {
    bin: PathBuf,
    dir: PathBuf,
    data: PathBuf,
    port: u16,
    as_postgres: bool,
    /// fsync on: what a benchmark of durable commits needs.
    durable: bool,
}

static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
static DATABASES: AtomicU64 = AtomicU64::new(0);

/// The server, started on first use. Panics, naming what is missing, when it cannot start.
pub fn server() -> &'static Server {
    match SERVER.get_or_init(|| Server::start(false)) {
        Ok(server) => server,
        Err(why) => panic!(
            "the PostgreSQL tests need a PostgreSQL server (apt-get install postgresql): {why}"
        ),
    }
}

/// A new, empty database on the test binary's server: its URL.
pub fn database() -> String {
    server().database()
}

/// A server of the test's own, for a test that stops or restarts it (the shared one serves
/// other tests meanwhile); stopped with the test binary like the shared one.
pub fn private_server() -> Server {
    Server::start(false).unwrap_or_else(|why| {
        panic!("the PostgreSQL tests need a PostgreSQL server (apt-get install postgresql): {why}")
    })
}

/// A server that syncs every commit to disk as a production server does (for benchmarks).
pub fn durable_server() -> Server {
    Server::start(true).unwrap_or_else(|why| panic!("cannot start PostgreSQL: {why}"))
}

static PORTS: AtomicU64 = AtomicU64::new(0);

fn bin_dir() -> Result<PathBuf, String> {
    if let Some(bin) = std::env::var_os("STUDBOT_PG_BIN") {
        return Ok(PathBuf::from(bin));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Ok(bin);
    }
    let found = Command::new("sh")
        .args(["-c", "command -v initdb"])
        .output()
        .map_err(|error| error.to_string())?;
    let path = String::from_utf8_lossy(&found.stdout).trim().to_string();
    match Path::new(&path).parent() {
        Some(bin) if found.status.success() && !path.is_empty() => Ok(bin.to_path_buf()),
        _ => Err("no initdb in STUDBOT_PG_BIN, /usr/lib/postgresql/*/bin or the PATH".into()),
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == "0")
}

impl Server {
    /// A command running `program` of the server's, as `postgres` when this runs as root.
    fn command(&self, program: &str) -> Command {
        command_as(&self.bin, program, self.as_postgres)
    }

    fn start(durable: bool) -> Result<Server, String> {
        let bin = bin_dir()?;
        let as_postgres = is_root();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|elapsed| elapsed.subsec_nanos())
            .unwrap_or(0);
        let nth = PORTS.fetch_add(1, Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("studbot-pg-{}-{nth}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        if as_postgres {
            run(Command::new("chown").arg("postgres:").arg(&dir), "chown")?;
        }
        let data = dir.join("data");
        // The socket's name is made of the port: any number is free in a directory of our own.
        let port = 20_000 + ((u64::from(std::process::id()) + nth) % 40_000) as u16;
        let server = Server {
            bin,
            dir,
            data,
            port,
            as_postgres,
            durable,
        };
        server.watch_for_exit()?;
        run(
            server
                .command("initdb")
                .args([
                    "-A",
                    "trust",
                    "-U",
                    "postgres",
                    "-E",
                    "UTF8",
                    "--locale=C",
                    "--no-sync",
                ])
                .arg("-D")
                .arg(&server.data),
            "initdb",
        )?;
        server.pg_ctl(&["start", "-w"])?;
        Ok(server)
    }

    /// The server's options: a socket in its own directory and no TCP; for tests no fsync (a
    /// test kills the bot, or the server, never the machine: what a commit wrote reached the
    /// kernel), for benchmarks every commit synced as in production.
    fn options(&self) -> String {
        let sync = if self.durable {
            ""
        } else {
            "-c fsync=off -c full_page_writes=off "
        };
        format!(
            "-k {} -c listen_addresses='' -p {} {sync}-c max_connections=300 \
             -c shared_buffers=64MB",
            self.dir.display(),
            self.port
        )
    }

    fn pg_ctl(&self, action: &[&str]) -> Result<(), String> {
        run(
            self.command("pg_ctl")
                .arg("-D")
                .arg(&self.data)
                .arg("-l")
                .arg(self.dir.join("log"))
                .args(["-o", &self.options()])
                .args(action),
            "pg_ctl",
        )
    }

    /// A process that outlives this one by a moment: once this test binary is gone, it stops
    /// the server and removes its directory.
    fn watch_for_exit(&self) -> Result<(), String> {
        let pg_ctl = self.bin.join("pg_ctl");
        let stop = if self.as_postgres {
            format!("runuser -u postgres -- {} ", pg_ctl.display())
        } else {
            format!("{} ", pg_ctl.display())
        };
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; \
             {stop} -D {data} stop -m immediate >/dev/null 2>&1; rm -rf {dir}",
            pid = std::process::id(),
            data = self.data.display(),
            dir = self.dir.display(),
        );
        Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map(|_| ())
            .map_err(|error| format!("cannot start the server's watcher: {error}"))
    }

    /// The URL of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        let socket = self.dir.display().to_string().replace('/', "%2F");
        format!("postgres://postgres@{socket}:{}/{name}", self.port)
    }

    /// A new, empty database: its URL.
    pub fn database(&self) -> String {
        let name = format!("test_{}", DATABASES.fetch_add(1, Ordering::SeqCst));
        self.sql(&format!("CREATE DATABASE {name}"));
        self.url(&name)
    }

    /// Runs `sql` in the server's `postgres` database (on a thread of its own: the sync client
    /// may not run inside an async task).
    pub fn sql(&self, sql: &str) {
        let url = self.url("postgres");
        let sql = sql.to_string();
        std::thread::spawn(move || {
            let mut client =
                postgres::Client::connect(&url, postgres::NoTls).expect("connect to the server");
            client.batch_execute(&sql).expect("the server runs the SQL");
        })
        .join()
        .expect("no panic");
    }

    /// Restarts the server as a crash would (every connection cut, no clean shutdown), and
    /// waits until it takes connections again.
    pub fn restart(&self) {
        self.pg_ctl(&["restart", "-m", "immediate", "-w"])
            .expect("the server restarts");
    }

    /// Stops the server as a crash would; [`Server::start_again`] brings it back.
    pub fn stop(&self) {
        self.pg_ctl(&["stop", "-m", "immediate", "-w"])
            .expect("the server stops");
    }

    pub fn start_again(&self) {
        self.pg_ctl(&["start", "-w"]).expect("the server starts");
    }

    /// The server's directory (its data, socket and log).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The transactions database `name` has committed and rolled back so far, as the
    /// server's statistics count them (`pg_stat_database`, which a connection reports when it
    /// ends or every second).
    pub fn transactions(&self, name: &str) -> (u64, u64) {
        let url = self.url("postgres");
        let name = name.to_string();
        std::thread::spawn(move || {
            let mut client =
                postgres::Client::connect(&url, postgres::NoTls).expect("connect to the server");
            client
                .batch_execute("SELECT pg_stat_clear_snapshot()")
                .expect("fresh statistics");
            let row = client
                .query_one(
                    "SELECT xact_commit, xact_rollback FROM pg_stat_database WHERE datname = $1",
                    &[&name],
                )
                .expect("the database's statistics");
            (row.get::<_, i64>(0) as u64, row.get::<_, i64>(1) as u64)
        })
        .join()
        .expect("no panic")
    }

    /// Bytes the database `url` names takes on disk.
    pub fn database_size(&self, name: &str) -> u64 {
        let url = self.url("postgres");
        let name = name.to_string();
        std::thread::spawn(move || {
            let mut client =
                postgres::Client::connect(&url, postgres::NoTls).expect("connect to the server");
            let row = client
                .query_one("SELECT pg_database_size($1)", &[&name])
                .expect("size");
            row.get::<_, i64>(0) as u64
        })
        .join()
        .expect("no panic")
    }
}

fn command_as(bin: &Path, program: &str, as_postgres: bool) -> Command {
    if as_postgres {
        let mut command = Command::new("runuser");
        command
            .args(["-u", "postgres", "--"])
            .arg(bin.join(program));
        command
    } else {
        Command::new(bin.join(program))
    }
}

fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|error| format!("{what}: {error}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}
