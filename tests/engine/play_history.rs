//! `studbot play`'s `history [N]`: hands told from the bank's stored histories, in the same
//! run and in the next one; an unknown hand is said to be unknown.

use std::path::Path;

use crate::common::play_terminal;

fn play(data: &Path, script: &str) -> String {
    play_terminal(data, &["--seed", "5", "--players", "3"], script)
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
