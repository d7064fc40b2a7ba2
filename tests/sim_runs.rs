//! `studbot sim`: reproducible runs (same seed, same checksum), PHH files that parse as TOML
//! with pokerkit's fields. `--data` is proven in `sim_data.rs`.

use std::process::Command;

use clap::Parser;
use studbot::cli::sim::{SimArgs, simulate};

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
fn every_player_count_plays_through() {
    for players in 2..=8u8 {
        let players = players.to_string();
        let summary = simulate(
            &args(&["--hands", "100", "--players", &players, "--stack", "60"]),
            |_, _, _| Ok(()),
        )
        .expect("sim runs");
        assert_eq!(summary.hands, 100);
    }
}

#[test]
fn phh_files_are_written_one_per_hand_with_pokerkit_fields() {
    let dir = tempfile::tempdir().expect("temp dir");
    let phh = dir.path().join("phh");
    let output = Command::new(env!("CARGO_BIN_EXE_studbot"))
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
        .arg(&phh)
        .output()
        .expect("studbot runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON summary line");
    assert_eq!(summary["hands"], 25);
    assert_eq!(summary["checksum"].as_str().map(str::len), Some(64));

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

    for name in names {
        let text = std::fs::read_to_string(phh.join(&name)).expect("readable");
        let table: toml::Table = toml::from_str(&text).expect("valid TOML");
        assert_eq!(table["variant"].as_str(), Some("F7S/8"), "{name}");
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
    }
}
