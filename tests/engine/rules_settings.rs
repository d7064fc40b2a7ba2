//! docs/RULES.md, Stakes and Raises: a wrong stake or rule value is refused with a message that
//! names it, the same way in every front end that reads one (`studbot replay` is in
//! `replay_lines.rs`): the bot's config file and `studbot sim`. `max_raises` outside 1 to 10
//! is refused everywhere, the engine included; so is `open_pair_big_bet` in razz.

use crate::common;

use common::*;
use studbot::table::{Deck, Hand, Rules, RulesError, StartError};

/// Runs the `studbot` binary; returns its exit code and its error output.
fn studbot(args: &[&str]) -> (Option<i32>, String) {
    let output = crate::child::run_args(args);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `studbot run` with `body` as its config file: it must stop before reaching Discord.
fn run_with_config(body: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("config.toml");
    std::fs::write(&path, format!("token = \"t\"\n{body}")).expect("config written");
    let path = path.to_str().expect("a UTF-8 path");
    studbot(&["run", "--config", path])
}

#[test]
fn the_config_file_names_the_stake_or_rule_that_is_wrong() {
    let stakes = |ante: &str| {
        format!("[table.stakes]\nante = {ante}\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n")
    };
    let cases = [
        (
            stakes("-1"),
            "[table.stakes] ante: must be a whole number of chips, 0 or more, not -1",
        ),
        (
            stakes("1.5"),
            "[table.stakes] ante: must be a whole number of chips, 0 or more, not 1.5",
        ),
        (
            "[table.rules]\nmax_raises = 0\n".to_owned(),
            "[table.rules] max_raises: must be a whole number from 1 to 10, not 0",
        ),
        (
            "[table.rules]\nmax_raises = 11\n".to_owned(),
            "[table.rules] max_raises: must be a whole number from 1 to 10, not 11",
        ),
        (
            "[table.rules]\nheads_up_uncapped = 1\n".to_owned(),
            "[table.rules] heads_up_uncapped: must be true or false, not 1",
        ),
        (
            "[table.rules]\nodd_chip = \"high\"\n".to_owned(),
            "[table.rules] odd_chip: must be \"by_suit\" or \"first_seat\", not \"high\"",
        ),
    ];
    for (body, reason) in cases {
        let (code, stderr) = run_with_config(&body);
        assert_ne!(code, Some(0), "{body}");
        assert!(stderr.contains(reason), "{body}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    }
}

#[test]
fn sim_refuses_max_raises_outside_one_to_ten() {
    for max_raises in ["0", "11"] {
        let (code, stderr) = studbot(&["sim", "--hands", "1", "--max-raises", max_raises]);
        assert_ne!(code, Some(0));
        let reason = format!("max_raises must be a whole number from 1 to 10, not {max_raises}");
        assert!(stderr.contains(&reason), "{stderr}");
    }
}

#[test]
fn a_hand_does_not_start_with_max_raises_outside_one_to_ten() {
    for max_raises in [0, 11] {
        let rules = Rules {
            max_raises,
            ..Rules::default()
        };
        let refused = Hand::start(stakes(1, 2, 5, 10), rules, &[100, 100], Deck::seeded(1));
        assert_eq!(
            refused.err(),
            Some(StartError::Rules(RulesError::MaxRaises(max_raises)))
        );
    }
    let rules = Rules {
        max_raises: 10,
        ..Rules::default()
    };
    assert!(Hand::start(stakes(1, 2, 5, 10), rules, &[100, 100], Deck::seeded(1)).is_ok());
}

#[test]
fn sim_refuses_open_pair_big_bet_in_razz_naming_the_option_and_the_game() {
    let sim = |game: &str| format!("sim --hands 3 --game {game} --open-pair-big-bet true");
    let razz = sim("razz");
    let (code, stderr) = studbot(&razz.split(' ').collect::<Vec<_>>());
    assert_ne!(code, Some(0));
    let reason = "razz has no open-pair big bet: open_pair_big_bet must be off in razz";
    assert!(stderr.contains(reason), "{stderr}");
    // A mix deals its stud hands with the option and its razz hands without.
    for game in ["stud8", "stud", "mix"] {
        let args = sim(game);
        assert_eq!(
            studbot(&args.split(' ').collect::<Vec<_>>()).0,
            Some(0),
            "{game}"
        );
    }
}
