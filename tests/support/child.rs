//! The studbot binary run as a child process, for every test binary: a run with a deadline (a
//! hung child is killed and the test fails naming what it waited for, instead of hanging the
//! whole test binary).

use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::Duration;

use wait_timeout::ChildExt;

/// Generous for a debug build on a loaded two-core machine; a healthy run takes seconds.
pub const CHILD_LIMIT: Duration = Duration::from_secs(120);

/// The studbot binary, ready for its arguments. It never inherits the bot token or the log
/// filter of whoever runs the tests: what it prints is the test's to decide.
pub fn studbot() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_studbot"));
    command.env_remove("DISCORD_TOKEN").env_remove("RUST_LOG");
    command
}

/// `studbot ARGS` with nothing on its standard input; its output within `CHILD_LIMIT`.
pub fn run_args(args: &[&str]) -> Output {
    let mut command = studbot();
    command.args(args);
    run(command, "", &format!("studbot {}", args.join(" ")))
}

/// Runs `command` with `input` on its standard input (then closed); its output within
/// `CHILD_LIMIT`, `what` naming it if it hangs.
pub fn run(mut command: Command, input: impl AsRef<[u8]>, what: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{what}: cannot start: {error}"));
    if let Some(mut stdin) = child.stdin.take() {
        // A child that exits without reading its input closes the pipe: not the test's concern.
        let _ = stdin.write_all(input.as_ref());
    }
    output_within(child, CHILD_LIMIT, what)
}

/// Waits for `child` (stdin already written and closed) at most `limit`, reading its piped
/// stdout and stderr meanwhile so a full pipe cannot stall it.
pub fn output_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                pipe.read_to_end(&mut bytes)
                    .expect("read the child's output");
            }
            bytes
        })
    };
    let stdout = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let status = match child.wait_timeout(limit).expect("wait for the child") {
        Some(status) => status,
        None => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}; killed it");
        }
    };
    Output {
        status,
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
}
