//! An idle bot leaves its disk alone: the real binary, waiting on its player, is counted
//! syscall by syscall under `strace` while nothing happens, and its data directory gets
//! (almost) no fsyncs. sled's background thread, run every 20 ms to clean the log, used to
//! fsync on every run, written or not: about 50 a second for as long as the bot ran.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::child;

/// How long the bot is watched doing nothing: a fixed span, since the idle time itself is
/// what is measured (no event ends it). Unpatched, this saw about 150 fsyncs.
const IDLE: Duration = Duration::from_secs(3);

/// Allowance for a write that was still on its way to the disk when the watch began (the
/// hand's start, written just before the player is asked): each is synced once.
const MOST_FSYNCS_WHILE_IDLE: usize = 3;

#[test]
fn an_idle_bot_does_not_fsync_its_data_directory() {
    require_strace();
    let root = tempfile::tempdir().unwrap();
    let log = root.path().join("strace.log");
    let data = root.path().join("data");
    let (stdin, mut typing) = std::io::pipe().expect("a pipe for the player's input");
    let mut running = traced(&log)
        .args(["play", "--seed", "1", "--between-hands", "0"])
        .args(["--create", "--data"])
        .arg(&data)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start strace");
    let lines = read_lines(running.stdout.take().expect("piped stdout"));

    // The game waits on the player from here on: its own writes are done.
    let deadline = Instant::now() + child::CHILD_LIMIT;
    loop {
        match lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(line) if line.starts_with("Your turn") => break,
            Ok(_) => {}
            Err(_) => {
                // The game may outlive strace: its input closed, it ends too.
                drop(typing);
                let _ = running.kill();
                let output = child::output_within(running, child::CHILD_LIMIT, "studbot play");
                panic!(
                    "studbot play never asked the player to act; stderr: {}",
                    String::from_utf8_lossy(&output.stderr)
                );
            }
        }
    }
    let idle_from = now();
    thread::sleep(IDLE);
    let idle_until = now();
    // Ending the game is not part of the watch: leaving writes and syncs.
    let _ = typing.write_all(b"quit\n");
    drop(typing);
    let output = child::output_within(running, child::CHILD_LIMIT, "studbot play under strace");
    assert!(output.status.success(), "{output:?}");

    let fsyncs = fsyncs_between(&log, idle_from, idle_until);
    assert!(
        fsyncs.len() <= MOST_FSYNCS_WHILE_IDLE,
        "{} fsyncs in {IDLE:?} of an idle bot (at most {MOST_FSYNCS_WHILE_IDLE} expected): {:#?}",
        fsyncs.len(),
        &fsyncs[..fsyncs.len().min(10)]
    );
}

/// A test that cannot count fsyncs fails: passing without looking would hide the fault.
fn require_strace() {
    let found = Command::new("strace")
        .arg("-V")
        .stdout(Stdio::null())
        .status();
    assert!(
        found.is_ok_and(|status| status.success()),
        "strace is needed to count the bot's fsyncs and is not installed \
         (`apt-get install strace`; .ci/run installs it)"
    );
}

/// `strace … studbot`, logging every fsync and fdatasync of every thread to `log` with its
/// wall-clock time, the child's environment as `child::studbot` sets it.
fn traced(log: &Path) -> Command {
    let studbot = child::studbot();
    let mut command = Command::new("strace");
    for (key, value) in studbot.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    command
        .args(["-f", "-ttt", "-e", "trace=fsync,fdatasync", "-o"])
        .arg(log)
        .arg(studbot.get_program());
    command
}

fn read_lines(stdout: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (sender, lines) = mpsc::channel();
    thread::spawn(move || {
        // Read to the end, so a full pipe never stalls the game.
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    lines
}

fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("the clock is past 1970")
        .as_secs_f64()
}

/// The log's fsync and fdatasync calls begun from `from` to `until` (seconds since the
/// epoch). A line reads `PID SECONDS.MICROS fsync(FD) = 0`, or is cut in two by another
/// thread's call (`fsync(FD <unfinished ...>`, then `<... fsync resumed>`): the first part
/// counts.
fn fsyncs_between(log: &Path, from: f64, until: f64) -> Vec<String> {
    let text = std::fs::read_to_string(log).expect("strace's log");
    text.lines()
        .filter(|line| {
            let mut fields = line.split_whitespace().skip(1);
            let at = fields.next().and_then(|at| at.parse::<f64>().ok());
            let call = fields.next().unwrap_or("");
            let is_sync = call.starts_with("fsync(") || call.starts_with("fdatasync(");
            is_sync && at.is_some_and(|at| from <= at && at <= until)
        })
        .map(str::to_owned)
        .collect()
}
