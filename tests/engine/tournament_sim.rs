//! `studbot sim --tournament`: whole sit & gos through the engine, the same for the same seed,
//! paying exactly the prize pool, custom levels and hands per level too; bad flags refused.

use crate::child;

use clap::Parser;
use studbot::cli::sim::SimArgs;
use studbot::cli::sim_tournament::{TournamentReport, play_tournament};

#[derive(Parser)]
struct Harness {
    #[command(flatten)]
    sim: SimArgs,
}

fn args(extra: &[&str]) -> Result<SimArgs, clap::Error> {
    let mut argv = vec!["sim", "--tournament"];
    argv.extend_from_slice(extra);
    Harness::try_parse_from(argv).map(|harness| harness.sim)
}

fn reports(extra: &[&str]) -> Vec<TournamentReport> {
    let config = args(extra)
        .expect("valid flags")
        .tournament_config()
        .expect("a valid structure");
    (0..config.count)
        .map(|index| play_tournament(&config, index).expect("plays"))
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_sit_and_gos_and_another_seed_others() {
    let flags = [
        "--players",
        "5",
        "--seed",
        "9",
        "--count",
        "2",
        "--structure",
        "turbo",
    ];
    let first = reports(&flags);
    assert_eq!(first, reports(&flags));
    assert_ne!(first[0], first[1], "each sit & go of a run is dealt apart");
    let other = [
        "--players",
        "5",
        "--seed",
        "10",
        "--count",
        "2",
        "--structure",
        "turbo",
    ];
    assert_ne!(first, reports(&other));
}

#[test]
fn simulated_sit_and_gos_of_every_size_and_game_pay_exactly_the_prize_pool() {
    for (players, game) in [("2", "razz"), ("5", "stud"), ("7", "stud8"), ("8", "mix")] {
        let flags = ["--players", players, "--game", game, "--structure", "turbo"];
        for report in reports(&flags) {
            let entrants: usize = players.parse().expect("a number");
            assert_eq!(report.players, entrants);
            assert_eq!(report.prize_pool, 100 * entrants as u64);
            assert_eq!(
                report.places.iter().map(|p| p.payout).sum::<u64>(),
                report.prize_pool
            );
            let mut seats: Vec<usize> = report.places.iter().map(|p| p.seat).collect();
            seats.sort_unstable();
            assert_eq!(seats, (1..=entrants).collect::<Vec<_>>());
            assert_eq!(report.places[0].place, 1);
            assert!(report.hands >= 1);
        }
    }
}

#[test]
fn sim_tournament_json_prints_one_object_per_sit_and_go() {
    let output = child::run_args(&[
        "sim",
        "--tournament",
        "--players",
        "6",
        "--seed",
        "3",
        "--count",
        "2",
        "--structure",
        "turbo",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 2);
    let expected = reports(&[
        "--players",
        "6",
        "--seed",
        "3",
        "--count",
        "2",
        "--structure",
        "turbo",
    ]);
    for (line, report) in lines.iter().zip(&expected) {
        assert_eq!(line, &serde_json::to_value(report).expect("serializes"));
        assert_eq!(line["players"], 6);
        assert_eq!(line["prize_pool"], 600);
        assert_eq!(line["places"][0]["place"], 1);
        assert!(line["places"][0]["seat"].is_u64() && line["places"][0]["payout"].is_u64());
        assert!(line["hands"].is_u64());
    }
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert!(stderr.contains("2 sit & gos in"), "{stderr}");
}

#[test]
fn custom_levels_and_hands_per_level_are_played_as_written() {
    let custom = reports(&[
        "--players",
        "3",
        "--structure",
        "custom",
        "--levels",
        "5/10/25/50x2, 10/20/50/100x2, 25/50/100/200x2",
    ]);
    // 30 big bets of level 1: 1500 each; the stakes climb fast, so it ends.
    assert_eq!(custom[0].prize_pool, 300);
    assert!(custom[0].hands > 0);
    let slow = args(&["--structure", "regular", "--hands-per-level", "40"])
        .expect("valid flags")
        .tournament_config()
        .expect("valid");
    assert!(
        slow.structure
            .levels()
            .iter()
            .all(|level| level.hands == 40)
    );
}

#[test]
fn bad_tournament_flags_are_refused_naming_what_is_wrong() {
    let refusal = |extra: &[&str]| args(extra).err().map(|error| error.to_string());
    // Nine players do not fit a sit & go's table: only a multi-table event seats them.
    let too_many = args(&["--players", "9"])
        .expect("flags that parse")
        .tournament_config()
        .expect_err("nine at one table")
        .to_string();
    assert!(
        too_many.contains("--players") && too_many.contains("2 to 8"),
        "{too_many}"
    );
    let past_any_event = refusal(&["--players", "5001"]).expect("refused");
    assert!(past_any_event.contains("2..=5000"), "{past_any_event}");
    let too_few = refusal(&["--players", "1"]).expect("refused");
    assert!(too_few.contains("--players"), "{too_few}");
    assert!(args(&["--players", "2"]).is_ok() && args(&["--players", "8"]).is_ok());
    let structure = refusal(&["--structure", "fast"]).expect("refused");
    assert!(
        structure.contains("--structure") && structure.contains("regular"),
        "{structure}"
    );
    let count = refusal(&["--count", "0"]).expect("refused");
    assert!(count.contains("--count"), "{count}");
    let phh = refusal(&["--phh", "somewhere"]).expect("refused");
    assert!(phh.contains("--phh"), "{phh}");
    assert!(
        args(&["--data", "somewhere"]).is_ok(),
        "--data plays through the bank"
    );
    // A custom structure is held to the stake rules: the level that breaks them is named.
    let custom = args(&[
        "--structure",
        "custom",
        "--levels",
        "1/2/5/10x3,2/12/10/20x3",
    ])
    .expect("flags that parse")
    .tournament_config()
    .expect_err("a bring-in above the small bet");
    assert!(custom.to_string().contains("level 2"), "{custom}");
    let no_levels = args(&["--structure", "custom"])
        .expect("flags that parse")
        .tournament_config()
        .expect_err("custom needs its levels");
    assert!(no_levels.to_string().contains("levels"), "{no_levels}");
    let without = Harness::try_parse_from(["sim", "--count", "2"])
        .err()
        .map(|e| e.to_string());
    assert!(without.expect("refused").contains("--tournament"));
}

#[test]
fn a_reader_that_goes_away_ends_the_tournament_sims_quietly() {
    use std::io::BufRead as _;
    let sit_and_go = ["--players", "6", "--seed", "3", "--structure", "turbo"];
    let multi_table = ["--players", "20", "--table-size", "6", "--seed", "5"];
    let runs: [(&[&str], &str); 3] = [
        (&sit_and_go, "sit & go text"),
        (&[&sit_and_go[..], &["--json"]].concat(), "sit & go JSON"),
        (&multi_table, "multi-table text"),
    ];
    for (flags, what) in runs {
        let mut command = child::studbot();
        command
            .args(["sim", "--tournament", "--count", "1000000"])
            .args(flags)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut sim = command.spawn().expect("studbot sim starts");
        // `studbot sim --tournament | head -1`: read one line, then close the pipe long before
        // the million events could end.
        let mut first = String::new();
        std::io::BufReader::new(sim.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("the sim prints");
        assert!(!first.is_empty(), "{what}: nothing printed");
        let output = child::output_within(
            sim,
            std::time::Duration::from_secs(120),
            "studbot sim --tournament | head -1",
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{what}: {stderr}");
        assert!(
            output.status.success(),
            "{what}: {:?}: {stderr}",
            output.status
        );
        assert!(stderr.is_empty(), "{what}: not quiet: {stderr}");
    }
}
