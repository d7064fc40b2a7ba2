//! `studbot play` driven through standard input for whole sessions: prompts, help, bad input,
//! actions, results, quitting, a balance that persists between runs, and a ledger that audits.

use std::path::Path;

use crate::audit::audit;
use crate::common::play_terminal;

/// A session as player 1 with the seed 1 and `extra` options.
fn play(data: &Path, extra: &[&str], script: &str) -> String {
    play_terminal(data, &[&["--seed", "1"], extra].concat(), script)
}

/// The number in the last line that starts with `prefix`.
fn last_number_after(text: &str, prefix: &str) -> u64 {
    let line = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line starts with {prefix:?}:\n{text}"));
    line.chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

#[test]
fn a_whole_session_is_played_from_standard_input_and_the_balance_persists() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::from("help\ndance\ncards\nbalance\nstatus\n");
    for _ in 0..40 {
        script.push_str("c\n");
    }
    script.push_str("quit\n");
    let first = play(data.path(), &[], &script);
    let out = first;
    assert!(out.contains("your balance is 1000 chips"), "{out}");
    assert!(out.contains("What you can type:"));
    assert!(out.contains("I do not know “dance”"));
    assert!(out.contains("Your cards — hand #1"));
    assert!(out.contains("Your move ("));
    assert!(out.contains("Hand #2"), "several hands were played:\n{out}");
    assert!(out.contains("results"));
    assert!(out.contains("Goodbye!"));
    let balance = last_number_after(&out, "Your balance: ");

    // The next run starts from that balance. Quitting at the first turn leaves the hand in
    // progress, which the table finishes for you: at most the ante and bring-in are lost.
    let second = play(data.path(), &[], "quit\n");
    let out = second;
    assert!(
        out.contains(&format!("your balance is {balance} chips")),
        "{out}"
    );
    let after = last_number_after(&out, "Your balance: ");
    assert!(
        after <= balance && balance - after <= 3,
        "{balance} then {after}"
    );

    let (code, report) = audit(data.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["ok"], true, "{report}");
}
#[test]
fn the_terminal_speaks_spanish_and_understands_spanish_words() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::from("ayuda\n");
    for _ in 0..6 {
        script.push_str("igualar\n");
    }
    script.push_str("salir\n");
    let output = play(data.path(), &["--lang", "es", "--players", "3"], &script);
    let out = output;
    assert!(out.contains("Lo que puedes escribir:"), "{out}");
    assert!(out.contains("Tu jugada ("));
    assert!(!out.contains("no es una de tus opciones"), "{out}");
    assert!(out.contains("¡Hasta luego!"));
}
