//! `studbot sim`: reproducible runs (same seed, same checksum), PHH files that parse as TOML
//! with pokerkit's fields and show hands where pokerkit expects them. `--data` is proven in `sim_data.rs`.

use crate::child;

use clap::Parser;
use studbot::cli::sim::{SimArgs, simulate};
use studbot::table::hand::Event;

#[derive(Parser)]
struct Harness {
    #[command(flatten)]
    sim: SimArgs,
}

fn args(extra: &[&str]) -> SimArgs {
    let mut argv = vec!["sim"];
    argv.extend_from_slice(extra);
    Harness::parse_from(argv).sim
}

fn checksum(extra: &[&str]) -> String {
    simulate(&args(extra), |_, _, _| Ok(()))
        .expect("sim runs")
        .checksum
}

#[test]
fn the_same_seed_gives_the_same_checksum_and_another_seed_another() {
    let first = checksum(&["--hands", "300", "--seed", "11"]);
    assert_eq!(first, checksum(&["--hands", "300", "--seed", "11"]));
    assert_ne!(first, checksum(&["--hands", "300", "--seed", "12"]));
    assert_ne!(
        first,
        checksum(&["--hands", "300", "--seed", "11", "--players", "5"])
    );
}

#[test]
fn busted_players_rebuy_and_every_chip_is_accounted_for() {
    let summary = simulate(
        &args(&[
            "--hands",
            "400",
            "--players",
            "3",
            "--stack",
            "20",
            "--seed",
            "5",
        ]),
        |_, _, _| Ok(()),
    )
    .expect("sim runs");
    let rebuys: u64 = summary.rebuys.iter().sum();
    assert!(rebuys > 0, "no one busted with 20-chip stacks: {summary:?}");
    let chips: u64 = summary.final_stacks.iter().sum();
    assert_eq!(chips, 20 * (3 + rebuys));
    assert!(summary.actions > 400);
}

#[test]
fn every_player_count_plays_every_hand_to_a_result_with_the_deal_rotating_and_chips_conserved() {
    for count in 2..=8usize {
        let mut seen: Vec<(u64, Vec<usize>)> = Vec::new();
        let mut acted = 0u64;
        let mut shown_down = 0u64;
        let summary = simulate(
            &args(&[
                "--hands",
                "100",
                "--players",
                &count.to_string(),
                "--stack",
                "60",
            ]),
            |number, hand, players| {
                assert!(
                    hand.result().is_some(),
                    "{count} players, hand {number}: handed over without a result"
                );
                seen.push((number, players.to_vec()));
                let events = hand.events();
                acted += events
                    .iter()
                    .filter(|event| matches!(event, Event::Acted { .. }))
                    .count() as u64;
                if events
                    .iter()
                    .any(|event| matches!(event, Event::Shown { .. }))
                {
                    shown_down += 1;
                }
                Ok(())
            },
        )
        .expect("sim runs");
        // Hands numbered 1..=100 in order, the deal starting one player later each hand:
        // hand n (from 1) starts with player (n - 1) mod count, then the rest in order.
        let expected: Vec<(u64, Vec<usize>)> = (1..=100u64)
            .map(|number| {
                let first = usize::try_from(number - 1).expect("small") % count;
                (number, (0..count).map(|i| (first + i) % count).collect())
            })
            .collect();
        assert_eq!(
            seen, expected,
            "{count} players: hand numbers or deal order"
        );
        assert_eq!(summary.hands, 100);
        assert_eq!(usize::from(summary.players), count);
        assert_eq!(summary.rebuys.len(), count, "{summary:?}");
        assert_eq!(summary.final_stacks.len(), count, "{summary:?}");
        // Nothing enters but the starting stacks and the rebuys (each to the starting 60).
        let rebuys: u64 = summary.rebuys.iter().sum();
        let chips: u64 = summary.final_stacks.iter().sum();
        assert_eq!(chips, 60 * (count as u64 + rebuys), "{summary:?}");
        // The counts agree with the hands' own event logs.
        assert_eq!(summary.actions, acted, "{count} players: actions");
        assert_eq!(summary.showdowns, shown_down, "{count} players: showdowns");
        assert!(acted >= 100 && shown_down > 0, "{summary:?}");
        assert_eq!(summary.checksum.len(), 32, "xxh3-128 in hex: {summary:?}");
        assert!(summary.checksum.chars().all(|c| c.is_ascii_hexdigit()));
    }
}

#[test]
fn phh_files_are_written_one_per_hand_with_pokerkit_fields() {
    let dir = tempfile::tempdir().expect("temp dir");
    let phh = dir.path().join("phh");
    let mut command = child::studbot();
    command
        .args([
            "sim",
            "--hands",
            "25",
            "--players",
            "4",
            "--seed",
            "3",
            "--phh",
        ])
        .arg(&phh);
    let output = child::run(command, "", "studbot sim --phh");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON summary line");
    assert_eq!(summary["hands"], 25);
    assert_eq!(summary["checksum"].as_str().map(str::len), Some(32));

    let mut names: Vec<String> = std::fs::read_dir(&phh)
        .expect("PHH dir")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(names.len(), 25);
    assert_eq!(names[0], "hand-000001.phh");
    assert_eq!(names[24], "hand-000025.phh");

    let mut early_all_ins = 0;
    for name in names {
        let text = std::fs::read_to_string(phh.join(&name)).expect("readable");
        let table: toml::Table = toml::from_str(&text).expect("valid TOML");
        assert_eq!(table["variant"].as_str(), Some("F7S/8"), "{name}");
        assert_eq!(
            table["ante_trimming_status"].as_bool(),
            Some(true),
            "{name}"
        );
        for field in ["antes", "starting_stacks", "finishing_stacks", "actions"] {
            assert!(table[field].is_array(), "{name}: {field}");
        }
        for field in ["bring_in", "small_bet", "big_bet"] {
            assert!(table[field].is_integer(), "{name}: {field}");
        }
        let sum = |field: &str| -> i64 {
            table[field]
                .as_array()
                .expect("array")
                .iter()
                .filter_map(toml::Value::as_integer)
                .sum()
        };
        assert_eq!(sum("starting_stacks"), sum("finishing_stacks"), "{name}");
        let actions = table["actions"].as_array().expect("actions");
        assert!(
            actions
                .iter()
                .filter_map(toml::Value::as_str)
                .any(|a| a.starts_with("d dh p1 ")),
            "{name}"
        );
        let actions: Vec<&str> = actions.iter().filter_map(toml::Value::as_str).collect();
        if shows_are_where_pokerkit_expects_them(&actions, &name) {
            early_all_ins += 1;
        }
    }
    assert!(early_all_ins > 0, "seed 3 has hands with an early all-in");
}

/// Asserts that a hand's `sm` actions come where pokerkit holds showdowns: one block at the
/// end and, when the betting ended early with players all-in, one block before the
/// remaining deals, naming the same players in the same order, each showing every card
/// dealt to them so far. Returns whether there was such an early block.
fn shows_are_where_pokerkit_expects_them(actions: &[&str], name: &str) -> bool {
    let is_show = |action: &&str| action.split_whitespace().nth(1) == Some("sm");
    let Some(first) = actions.iter().position(is_show) else {
        return false;
    };
    let block_end = |start: usize| {
        actions[start..]
            .iter()
            .position(|a| !is_show(a))
            .map_or(actions.len(), |length| start + length)
    };
    let first_end = block_end(first);
    if first_end == actions.len() {
        return false;
    }
    let Some(last) = actions[first_end..]
        .iter()
        .position(is_show)
        .map(|offset| first_end + offset)
    else {
        panic!("{name}: the early showdown has no final showdown: {actions:?}");
    };
    assert!(
        actions[first_end..last]
            .iter()
            .all(|a| a.starts_with("d dh ")),
        "{name}: only deals between the two showdowns: {actions:?}"
    );
    assert_eq!(block_end(last), actions.len(), "{name}: {actions:?}");
    let player = |action: &&str| {
        action
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let early: Vec<String> = actions[first..first_end].iter().map(player).collect();
    let at_the_end: Vec<String> = actions[last..].iter().map(player).collect();
    assert_eq!(early, at_the_end, "{name}: the same players show twice");
    for show in &actions[first..first_end] {
        let shown = show.split_whitespace().nth(2).unwrap_or_default();
        let dealt: String = actions[..first]
            .iter()
            .filter_map(|a| a.strip_prefix(&format!("d dh {} ", player(show))))
            .collect();
        assert_eq!(shown, dealt, "{name}: shows every card dealt so far");
    }
    true
}
