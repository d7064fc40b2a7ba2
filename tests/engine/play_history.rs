//! `studbot play`'s `history [N]`: hands told from the bank's stored histories, in the same
//! run and in the next one; an unknown hand is said to be unknown.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn play(data: &Path, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_studbot"))
        .arg("play")
        .arg("--data")
        .arg(data)
        .args(["--seed", "5", "--between-hands", "0", "--players", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "play failed: {}\n{out}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

const HISTORY_HEADER: &str = "— Seven-Card Stud Hi/Lo, stakes";

#[test]
fn history_tells_stored_hands_in_this_run_and_the_next() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::new();
    for _ in 0..30 {
        script.push_str("c\n");
    }
    script.push_str("history\nhistory 1\nhistory 999\nquit\n");
    let first = play(data.path(), &script);
    assert!(
        first.contains("Hand #2"),
        "several hands were played:\n{first}"
    );
    let told: Vec<&str> = first
        .lines()
        .filter(|line| line.contains(HISTORY_HEADER))
        .collect();
    assert_eq!(told.len(), 2, "{first}");
    assert!(told[1].contains("Hand #1"), "{}", told[1]);
    assert!(first.contains("Players: "), "{first}");
    assert!(first.contains("There is no such hand in this table's history."));

    // The next run reads the hands of the first from the bank.
    let second = play(data.path(), "history 1\nquit\n");
    let told: Vec<&str> = second
        .lines()
        .filter(|line| line.contains(HISTORY_HEADER))
        .collect();
    assert_eq!(told.len(), 1, "{second}");
    assert!(told[0].contains("Hand #1"), "{}", told[0]);
}
