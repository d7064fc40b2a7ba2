//! A studbot child killed with SIGKILL at a moment the test chooses (crash-safety tests of the
//! engine's sim and of the bank): its standard output read line by line as it runs.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::Instant;

/// A child whose standard output is read line by line as it runs, to be killed with SIGKILL
/// mid-run; killed too when dropped, should the test fail half way.
pub struct Killable {
    child: Child,
    lines: mpsc::Receiver<String>,
    reader: Option<thread::JoinHandle<()>>,
    /// Everything the child wrote to stderr, read as it comes so a full pipe never stalls it.
    errors: Arc<Mutex<Vec<u8>>>,
}

impl Killable {
    pub fn start(mut command: Command) -> Killable {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the child");
        let stdout = child.stdout.take().expect("piped stdout");
        let errors = Arc::new(Mutex::new(Vec::new()));
        if let Some(mut stderr) = child.stderr.take() {
            let errors = Arc::clone(&errors);
            thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(read @ 1..) = stderr.read(&mut chunk) {
                    if let Ok(mut errors) = errors.lock() {
                        errors.extend_from_slice(&chunk[..read]);
                    }
                }
            });
        }
        let (sender, lines) = mpsc::channel();
        let reader = thread::spawn(move || read_lines(stdout, sender));
        Killable {
            child,
            lines,
            reader: Some(reader),
            errors,
        }
    }

    /// The next complete line, by `deadline`; past it the child is killed and the test fails
    /// with `what` it waited for and what the child said on stderr.
    pub fn next_line(&mut self, deadline: Instant, what: &str) -> String {
        match self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(line) => line,
            Err(_) => {
                let _ = self.child.kill();
                let _ = self.child.wait();
                let errors = self
                    .errors
                    .lock()
                    .map(|errors| String::from_utf8_lossy(&errors).into_owned())
                    .unwrap_or_default();
                panic!("waited in vain for {what}; the child's stderr: {errors}");
            }
        }
    }

    /// SIGKILL now; returns the complete lines printed that were not read yet.
    pub fn kill(mut self) -> Vec<String> {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reap");
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the line reader");
        }
        self.lines.try_iter().collect()
    }
}

impl Drop for Killable {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Complete lines only: a line cut by the kill has no newline and was never acknowledged.
fn read_lines(stdout: impl Read, lines: mpsc::Sender<String>) {
    let mut reader = BufReader::new(stdout);
    let mut line = String::new();
    while matches!(reader.read_line(&mut line), Ok(read) if read > 0) {
        if line.ends_with('\n') {
            let _ = lines.send(line.trim_end().to_string());
        }
        line.clear();
    }
}
