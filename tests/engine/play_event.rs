//! `studbot play --tournament --players N --table-size T`: you at one table of a multi-table
//! event of the house's computer players, through the lobby. The terminal follows you from
//! table to table (your seat, your moves, your table breaking), tells every player out with
//! their place and prize and your finish, and plays the event on to its end after you are
//! out. Flags an event cannot have are refused in words, before any bank is made.

use std::path::Path;

use crate::child;

fn play(dir: &Path, extra: &[&str], input: &str) -> std::process::Output {
    let mut command = child::studbot();
    command
        .args(["play", "--tournament"])
        .args(extra)
        .args(["--between-hands", "0", "--street-pause-ms", "0"])
        .args(["--equity-budget-ms", "0", "--data"])
        .arg(dir);
    child::run(command, input, "studbot play --tournament --table-size")
}

#[test]
fn a_multi_table_event_follows_you_when_your_table_breaks_and_plays_on_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    // Seed 7 draws you to table 3 of 3, the table that breaks once 8 players are left. You
    // fold what you may (so that a computer player is out first), then call everything
    // (so that you are out well before the end). Under 64 KiB: written before it is read.
    let mut script = "f\nk\nbring-in\n".repeat(900);
    script.push_str(&"c\nbring-in\n".repeat(3_500));
    let extra = [
        "--players",
        "9",
        "--table-size",
        "4",
        "--seed",
        "7",
        "--hands-per-level",
        "6",
    ];
    let output = play(dir.path(), &extra, &script);
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        out.contains(
            "A multi-table tournament of Seven-Card Stud Hi/Lo for 9 players at tables of 4: buy-in 200"
        ),
        "{out}"
    );
    assert!(out.contains("You are at table 3, seat 4."), "{out}");
    assert!(out.contains("You move from table 3 to table "), "{out}");
    assert!(out.contains("Your table 3 breaks"), "{out}");
    assert!(
        out.contains("Level 1: ante 2, bring-in 3, stakes 10/20"),
        "{out}"
    );
    let finish = out
        .lines()
        .find(|line| line.starts_with("You finish in "))
        .unwrap_or_else(|| panic!("your finish is told: {out}"));
    assert!(
        finish.ends_with("The tournament plays on to its end."),
        "{finish}"
    );
    // The event's end after yours: every place, the first three paid (900 + 540 + 360).
    let over = out
        .find("The multi-table tournament is over:")
        .unwrap_or_else(|| panic!("the event's end is told: {out}"));
    assert!(out.find(finish).unwrap() < over, "{out}");
    let places: Vec<&str> = out[over..]
        .lines()
        .filter(|line| line.contains(" place: "))
        .collect();
    assert_eq!(places.len(), 9, "{out}");
    assert!(places[0].starts_with("1st place: Bot ") && places[0].ends_with("wins 900 chips."));
    assert!(places[8].starts_with("9th place: "), "{out}");
    // Each player out is told once.
    for place in 2..=9 {
        let suffix = match place {
            2 => "nd",
            3 => "rd",
            _ => "th",
        };
        let told: Vec<(usize, &str)> = out
            .lines()
            .enumerate()
            .filter(|(_, line)| line.contains(&format!(" is out in {place}{suffix} place")))
            .collect();
        assert!(told.len() <= 1, "place {place} told {told:?}: {out}");
    }
    let (code, report) = crate::audit::audit(dir.path());
    assert!(code == Some(0) && report["ok"] == true, "{report}");
}

/// Each flag an event cannot have, refused in words with the exit status of a wrong
/// configuration, and nothing made: the data directory stays empty.
#[test]
fn an_event_the_flags_cannot_make_is_refused_naming_the_limit_and_changes_nothing() {
    for (extra, refusal) in [
        (
            ["--players", "9", "--table-size", "9"],
            "Seats per table: 2 to 8, not 9.",
        ),
        (
            ["--players", "9", "--table-size", "1"],
            "Seats per table: 2 to 8, not 1.",
        ),
        (
            ["--players", "4", "--table-size", "4"],
            "A multi-table tournament needs more players than one table seats: --players 4 with --table-size 4.",
        ),
        (
            ["--players", "5001", "--table-size", "8"],
            "A multi-table tournament takes at most 5,000 players, not 5,001.",
        ),
        (
            ["--players", "257", "--table-size", "8"],
            "The house has 255 computer players: with you, a multi-table tournament here takes at most 256 players, not 257.",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let output = play(dir.path(), &extra, "");
        let out = String::from_utf8(output.stdout).expect("UTF-8");
        assert_eq!(output.status.code(), Some(2), "{extra:?}: {out}");
        assert!(out.contains(refusal), "{extra:?}: {out}");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "{extra:?} made something"
        );
    }
}

/// The most players the house's computers allow is taken (the limit exactly), in Spanish and
/// Indonesian too; more than 8 players without `--table-size` is a table too big.
#[test]
fn the_event_refusals_are_said_in_every_language_and_a_table_past_eight_is_refused() {
    for (lang, refusal) in [
        ("es", "La casa tiene 255 bots"),
        ("id", "Bandar punya 255 bot"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let extra = ["--lang", lang, "--players", "300", "--table-size", "8"];
        let output = play(dir.path(), &extra, "");
        let out = String::from_utf8(output.stdout).expect("UTF-8");
        assert_eq!(output.status.code(), Some(2), "{out}");
        assert!(out.contains(refusal), "{out}");
    }
    let dir = tempfile::tempdir().unwrap();
    let output = play(dir.path(), &["--players", "9"], "");
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(output.status.code(), Some(2), "{out}");
    assert!(out.contains("A table seats 2 to 8 players, not 9"), "{out}");
}

/// `help` at an event's table says words that fit a multi-table tournament (not a sit &
/// go's), and `history` tells your table's last hand headed as its board is: the event's
/// name, your table's number and the level it was dealt at.
#[test]
fn at_an_events_table_help_fits_the_event_and_history_heads_its_hands_with_event_table_and_level() {
    let dir = tempfile::tempdir().unwrap();
    // Seed 7 draws you to table 3 of 3. You ask for help, then play on asking for the last
    // hand at each of your turns, and stop.
    let mut script = "help\n".to_owned();
    script.push_str(&"f\nk\nbring-in\nhistory\n".repeat(6));
    script.push_str("quit\n");
    let extra = ["--players", "9", "--table-size", "4", "--seed", "7"];
    let output = play(dir.path(), &extra, &script);
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(out.contains("You are at table 3, seat 4."), "{out}");
    assert!(
        out.contains("history [N]: the last hand at your table, or hand N"),
        "{out}"
    );
    assert!(
        out.contains("quit (q): stop; the tournament waits at this hand"),
        "{out}"
    );
    assert!(!out.contains("sit & go"), "{out}");
    assert!(
        out.contains("studbot play · Table 3 · level 1, hand 1"),
        "{out}"
    );
    let (code, report) = crate::audit::audit(dir.path());
    assert!(code == Some(0) && report["ok"] == true, "{report}");
}
