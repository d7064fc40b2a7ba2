//! Crash safety: a child process drives the bank and is killed with SIGKILL at random moments.
//! After every kill the database opens, its audit passes (`studbot audit` on the directory as
//! the kill left it every fourth round, the bank's own audit after reopening every round),
//! and every movement the child saw acknowledged before it died is in the ledger.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::bank::{Bank, EconomyConfig};

const KILLS: u64 = 22;
const DEADLINE: Duration = Duration::from_secs(20);

/// Kills the child if the test fails half way.
struct Workload(Child);

impl Drop for Workload {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
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

fn acknowledged_reference(line: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
    value["reference"]
        .as_str()
        .expect("a reference")
        .to_string()
}

fn audit_with_the_binary(dir: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_studbot"))
        .args(["audit", "--data"])
        .arg(dir)
        .output()
        .expect("run studbot audit");
    let report: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("the audit prints JSON");
    assert!(
        output.status.success() && report["ok"] == true && report["sum"] == 0,
        "audit failed: {report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

async fn ledger_references(dir: &Path) -> HashSet<String> {
    let bank = Bank::open(dir, EconomyConfig::default())
        .await
        .expect("the bank opens");
    let report = bank.audit().await.expect("audit");
    assert!(report.ok, "breaks after the kill: {:?}", report.breaks);
    let references = bank
        .ledger(1, usize::MAX)
        .await
        .expect("the ledger")
        .into_iter()
        .map(|entry| entry.reference)
        .collect();
    bank.shutdown().await.expect("shutdown");
    references
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_movement_survives_sigkill_and_the_books_balance() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let mut acknowledged: Vec<(u64, String)> = Vec::new();
    for round in 0..KILLS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_studbot"))
            .args(["bank-workload", "--seed", &round.to_string(), "--data"])
            .arg(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the workload");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut stderr = child.stderr.take().expect("piped stderr");
        let mut workload = Workload(child);
        let (sender, lines) = mpsc::channel();
        let reader = std::thread::spawn(move || read_lines(stdout, sender));

        // Kill after a random number of acknowledgements (the first round may kill early,
        // while the bank is still opening).
        let kill_after = rng.random_range(if round == 0 { 0 } else { 1 }..=50);
        let deadline = Instant::now() + DEADLINE;
        let mut seen = 0;
        while seen < kill_after {
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(line) => {
                    acknowledged.push((round, line));
                    seen += 1;
                }
                Err(_) => {
                    let _ = workload.0.kill();
                    let mut errors = String::new();
                    let _ = stderr.read_to_string(&mut errors);
                    panic!("round {round}: only {seen} of {kill_after} acknowledgements: {errors}");
                }
            }
        }
        workload.0.kill().expect("SIGKILL");
        workload.0.wait().expect("reap");
        reader.join().expect("reader");
        acknowledged.extend(lines.try_iter().map(|line| (round, line)));

        // The binary audits the directory as the kill left it; the bank opened in this process
        // (below) audits it after recovery. The binary is slower, so it runs every few rounds.
        if round % 4 == 0 || round == KILLS - 1 {
            audit_with_the_binary(dir.path());
        }
        let in_ledger = ledger_references(dir.path()).await;
        for (acknowledged_in, line) in &acknowledged {
            let reference = acknowledged_reference(line);
            if !in_ledger.contains(&reference) {
                let kept = dir.keep();
                panic!(
                    "round {round}: {line} acknowledged in round {acknowledged_in} is not in the ledger of {}",
                    kept.display()
                );
            }
        }
    }
    assert!(
        acknowledged.len() as u64 >= KILLS,
        "the workload barely ran"
    );
}
