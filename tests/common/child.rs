//! A child process's output with a deadline: a hung child is killed and the test fails
//! naming what it waited for, instead of hanging the whole test binary.

use std::io::Read;
use std::process::{Child, Output};
use std::thread;
use std::time::Duration;

use wait_timeout::ChildExt;

/// Generous for a debug build on a loaded two-core machine; a healthy run takes seconds.
pub const CHILD_LIMIT: Duration = Duration::from_secs(120);

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
