//! `studbot sim --tournament --players N --table-size T`: whole multi-table events of computer
//! players through the engine and the multi-table core: the same seed gives the same event,
//! every entry placed once, the prizes paying the pool, tables never two apart after
//! balancing, re-entries during late registration; its flags refused when they cannot mean
//! anything.

use std::collections::BTreeMap;

use crate::child;

use clap::Parser;
use studbot::cli::sim::SimArgs;
use studbot::cli::sim_multi::{EventReport, play_event};

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

fn events(extra: &[&str]) -> Vec<EventReport> {
    let config = args(extra)
        .expect("valid flags")
        .multi_table_config()
        .expect("a valid structure")
        .expect("more players than a table seats");
    (0..config.count)
        .map(|index| play_event(&config, index).expect("plays"))
        .collect()
}

/// Places 1..=entries once each (a place shared by k entries is followed by place + k), the
/// prizes summing to the pool, first place paid most.
fn assert_every_entry_placed_and_the_pool_paid(report: &EventReport, buy_in: u64) {
    assert_eq!(report.places.len(), report.entries, "every entry placed");
    assert_eq!(report.prize_pool, report.entries as u64 * buy_in);
    assert_eq!(
        report.places.iter().map(|place| place.payout).sum::<u64>(),
        report.prize_pool,
        "the prizes pay the pool"
    );
    let mut sharing: BTreeMap<usize, usize> = BTreeMap::new();
    for place in &report.places {
        *sharing.entry(place.place).or_default() += 1;
    }
    let mut next = 1;
    for (&place, &count) in &sharing {
        assert_eq!(place, next, "places {sharing:?}");
        next += count;
    }
    assert_eq!(next, report.entries + 1);
    let most = report.places.iter().map(|place| place.payout).max();
    assert_eq!(Some(report.places[0].payout), most);
}

const TWENTY_AT_SIXES: [&str; 8] = [
    "--players",
    "20",
    "--table-size",
    "6",
    "--structure",
    "turbo",
    "--seed",
    "5",
];

#[test]
fn the_same_seed_gives_the_same_multi_table_event_and_another_seed_another() {
    let mut flags = TWENTY_AT_SIXES.to_vec();
    flags.extend(["--count", "2"]);
    let first = events(&flags);
    assert_eq!(first, events(&flags), "the same flags, the same events");
    assert_ne!(first[0], first[1], "each event of a run is dealt apart");
    let mut other = flags.clone();
    other[7] = "6";
    assert_ne!(first, events(&other), "another seed, other events");
}

#[test]
fn a_multi_table_event_places_everyone_pays_the_pool_and_keeps_its_tables_within_one() {
    for report in events(&TWENTY_AT_SIXES) {
        assert_eq!(report.players, 20);
        assert_eq!(report.entries, 20, "no re-entry by default");
        assert_eq!(report.tables, 4, "twenty at sixes start at four tables");
        assert!(report.moves > 0, "tables balance and break: {report:?}");
        assert_eq!(report.max_table_spread, 1, "{report:?}");
        assert!(report.rounds <= report.hands);
        assert_every_entry_placed_and_the_pool_paid(&report, 100);
        // Twenty entries pay four places on the curve, first about a third.
        let paid: Vec<u64> = report
            .places
            .iter()
            .map(|place| place.payout)
            .filter(|&payout| payout > 0)
            .collect();
        assert_eq!(paid.len(), 4, "{paid:?}");
        assert!(paid.windows(2).all(|pair| pair[0] > pair[1]), "{paid:?}");
    }
}

#[test]
fn the_bubble_is_played_hand_for_hand_when_it_comes_with_two_tables_left() {
    // Thirty at fours pay six places: the bubble (seven left) always finds two tables.
    let report = &events(&[
        "--players",
        "30",
        "--table-size",
        "4",
        "--structure",
        "turbo",
        "--seed",
        "2",
    ])[0];
    assert_eq!(report.tables, 8);
    assert!(report.hand_for_hand > 0, "{report:?}");
    assert_every_entry_placed_and_the_pool_paid(report, 100);
}

#[test]
fn players_out_during_late_registration_buy_in_again_as_often_as_re_entries_allow() {
    let report = &events(&[
        "--players",
        "24",
        "--table-size",
        "8",
        "--structure",
        "turbo",
        "--late-reg-levels",
        "6",
        "--re-entries",
        "2",
        "--seed",
        "4",
    ])[0];
    assert!(report.entries > 24, "someone re-entered: {report:?}");
    let mut entries_of: BTreeMap<u64, u32> = BTreeMap::new();
    for place in &report.places {
        let most = entries_of.entry(place.player).or_default();
        *most = (*most).max(place.entry);
    }
    assert_eq!(entries_of.len(), 24, "every player placed");
    assert!(entries_of.values().all(|&entries| entries <= 3));
    assert_eq!(
        entries_of
            .values()
            .map(|&entries| entries as usize)
            .sum::<usize>(),
        report.entries
    );
    assert_every_entry_placed_and_the_pool_paid(report, 100);
}

#[test]
fn sim_multi_table_json_prints_the_event_with_its_tables_moves_spread_and_hand_for_hand() {
    let output = child::run_args(&[
        "sim",
        "--tournament",
        "--players",
        "20",
        "--table-size",
        "6",
        "--structure",
        "turbo",
        "--seed",
        "5",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 1);
    let expected = serde_json::to_value(&events(&TWENTY_AT_SIXES)[0]).expect("serializes");
    assert_eq!(lines[0], expected);
    for key in [
        "tables",
        "moves",
        "max_table_spread",
        "hand_for_hand",
        "hands",
    ] {
        assert!(lines[0][key].is_u64(), "{key}: {}", lines[0]);
    }
    assert_eq!(lines[0]["places"][0]["place"], 1);
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert!(stderr.contains("1 multi-table event in"), "{stderr}");
}

#[test]
fn multi_table_flags_are_refused_where_they_mean_nothing() {
    let refusal = |extra: &[&str]| args(extra).err().map(|error| error.to_string());
    let no_table = refusal(&["--re-entries", "1"]).expect("refused");
    assert!(no_table.contains("--table-size"), "{no_table}");
    let late = refusal(&["--late-reg-levels", "2"]).expect("refused");
    assert!(late.contains("--table-size"), "{late}");
    let nine = refusal(&["--players", "20", "--table-size", "9"]).expect("refused");
    assert!(
        nine.contains("--table-size") && nine.contains("2..=8"),
        "{nine}"
    );
    let one = refusal(&["--players", "20", "--table-size", "1"]).expect("refused");
    assert!(one.contains("--table-size"), "{one}");
    let cash = Harness::try_parse_from(["sim", "--table-size", "6"])
        .err()
        .map(|error| error.to_string());
    assert!(cash.expect("refused").contains("--tournament"));
    // Players who fit one table play a sit & go, whatever the table size.
    let one_table = args(&["--players", "6", "--table-size", "6"]).expect("parses");
    assert!(one_table.multi_table_config().expect("valid").is_none());
    assert_eq!(one_table.tournament_config().expect("valid").players, 6);
    // More than eight at a cash table are refused at the start, naming the flag.
    let output = child::run_args(&["sim", "--players", "9", "--hands", "1"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert!(stderr.contains("--players 9"), "{stderr}");
    let bank = child::run_args(&[
        "sim",
        "--tournament",
        "--players",
        "20",
        "--table-size",
        "6",
        "--data",
        "/nonexistent-studbot-dir",
    ]);
    // Through the bank as every `--data`: a directory that is not there is refused, not made
    // (without `--create`).
    assert!(!bank.status.success());
    let stderr = String::from_utf8(bank.stderr).expect("utf-8");
    assert!(stderr.contains("/nonexistent-studbot-dir"), "{stderr}");
}
