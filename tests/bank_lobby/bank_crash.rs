//! Crash safety: a child process drives the bank and is killed with SIGKILL at random moments.
//! After every kill the database opens, its audit passes (`studbot audit` on the directory as
//! the kill left it every fourth round, the bank's own audit after reopening every round),
//! and every movement the child saw acknowledged before it died is in the ledger.

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::bank::{Bank, EconomyConfig};

use crate::audit::audit;
use crate::child::studbot;
use crate::killable::Killable;

const KILLS: u64 = 22;
const DEADLINE: Duration = Duration::from_secs(20);

fn acknowledged_reference(line: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
    value["reference"]
        .as_str()
        .expect("a reference")
        .to_string()
}

fn audit_with_the_binary(dir: &Path) {
    let (code, report) = audit(dir);
    assert!(
        code == Some(0) && report["ok"] == true && report["sum"] == 0,
        "audit failed ({code:?}): {report}"
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
        let mut command = studbot();
        command
            .args(["bank-workload", "--seed", &round.to_string(), "--data"])
            .arg(dir.path());
        let mut workload = Killable::start(command);

        // Kill after a random number of acknowledgements (the first round may kill early,
        // while the bank is still opening).
        let kill_after = rng.random_range(if round == 0 { 0 } else { 1 }..=50);
        let deadline = Instant::now() + DEADLINE;
        for seen in 0..kill_after {
            let what = format!(
                "round {round}: acknowledgement {} of {kill_after}",
                seen + 1
            );
            acknowledged.push((round, workload.next_line(deadline, &what)));
        }
        acknowledged.extend(workload.kill().into_iter().map(|line| (round, line)));

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
