//! `studbot sim --seats`: levels per seat, each seat's result as JSON of the documented
//! shape, the same seed giving the same result.

use clap::Parser;
use studbot::cli::sim::{SimArgs, simulate_seats};

#[derive(Parser)]
struct Harness {
    #[command(flatten)]
    sim: SimArgs,
}

fn args(extra: &[&str]) -> Result<SimArgs, clap::Error> {
    let mut argv = vec!["sim"];
    argv.extend_from_slice(extra);
    Harness::try_parse_from(argv).map(|harness| harness.sim)
}

fn report_json(extra: &[&str]) -> serde_json::Value {
    let args = args(extra).expect("flags parse");
    let levels = args.seats.clone().expect("--seats given");
    let report = simulate_seats(&args, &levels, |_, _, _| Ok(())).expect("sim runs");
    serde_json::to_value(&report).unwrap()
}

const RUN: [&str; 8] = [
    "--seats",
    "good,easy,random",
    "--hands",
    "40",
    "--seed",
    "9",
    "--game",
    "razz",
];

#[test]
fn seats_report_has_the_documented_shape_and_the_same_seed_repeats_it() {
    let report = report_json(&RUN);
    assert_eq!(report["game"], "razz");
    assert_eq!(report["hands"], 40);
    let seats = report["seats"].as_array().unwrap();
    let levels: Vec<&str> = seats.iter().map(|s| s["level"].as_str().unwrap()).collect();
    assert_eq!(levels, ["good", "easy", "random"]);
    for (index, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], index);
        assert!(seat["net"].is_i64());
        assert!(seat["bb_per_100"].is_f64() || seat["bb_per_100"].is_i64());
        assert!(seat["bb_per_100_se"].as_f64().unwrap() >= 0.0);
    }
    // Chips move between the seats, none is made or lost.
    let total: i64 = seats.iter().map(|s| s["net"].as_i64().unwrap()).sum();
    assert_eq!(total, 0);
    assert_eq!(report, report_json(&RUN));
    let mut other = RUN;
    other[5] = "10";
    assert_ne!(report, report_json(&other));
}

#[test]
fn seats_flags_refuse_what_they_cannot_mean() {
    assert!(args(&["--seats", "good,clever"]).is_err());
    assert!(args(&["--seats", "good,easy", "--players", "4"]).is_err());
    assert!(args(&["--json"]).is_err());
    let one = args(&["--seats", "good"]).unwrap();
    assert!(simulate_seats(&one, &one.seats.clone().unwrap(), |_, _, _| Ok(())).is_err());
}

/// Seats rotate: within each round of as many hands as players every player deals from
/// every position once, and across rounds a player sits beside different neighbours.
#[test]
fn seats_rotate_every_player_through_every_position_and_neighbour() {
    let args = args(&[
        "--seats",
        "good,easy,easy,random,random,random",
        "--hands",
        "60",
        "--seed",
        "3",
        "--game",
        "stud",
    ])
    .expect("flags parse");
    let levels = args.seats.clone().expect("--seats given");
    let mut seatings: Vec<Vec<usize>> = Vec::new();
    simulate_seats(&args, &levels, |_, _, players| {
        seatings.push(players.to_vec());
        Ok(())
    })
    .expect("sim runs");
    assert_eq!(seatings.len(), 60);
    let mut next_to_first = std::collections::BTreeSet::new();
    for round in seatings.chunks(6) {
        for player in 0..6 {
            let mut positions: Vec<usize> = round
                .iter()
                .map(|players| players.iter().position(|&p| p == player).unwrap())
                .collect();
            positions.sort_unstable();
            assert_eq!(
                positions,
                [0, 1, 2, 3, 4, 5],
                "player {player} in {round:?}"
            );
        }
        let first = &round[0];
        let at = first.iter().position(|&p| p == 0).unwrap();
        next_to_first.insert(first[(at + 1) % 6]);
    }
    assert!(
        next_to_first.len() >= 3,
        "player 0 always sat before {next_to_first:?}"
    );
}

/// The seats of a level are also reported together: the mean of their rates, with one standard
/// error from their hand-by-hand total; between two levels the chips one wins the other loses.
#[test]
fn seats_of_one_level_are_reported_together_with_one_standard_error() {
    let report = report_json(&[
        "--seats",
        "good,easy,easy,good",
        "--hands",
        "40",
        "--seed",
        "6",
        "--game",
        "stud",
    ]);
    let seats = report["seats"].as_array().unwrap();
    let levels = report["levels"].as_array().unwrap();
    let names: Vec<&str> = levels
        .iter()
        .map(|l| l["level"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["good", "easy"]);
    for level in levels {
        assert_eq!(level["seats"], 2);
        let own: Vec<f64> = seats
            .iter()
            .filter(|seat| seat["level"] == level["level"])
            .map(|seat| seat["bb_per_100"].as_f64().unwrap())
            .collect();
        let mean = (own[0] + own[1]) / 2.0;
        assert!((level["bb_per_100"].as_f64().unwrap() - mean).abs() < 0.02);
    }
    let rate = |index: usize| levels[index]["bb_per_100"].as_f64().unwrap();
    let error = |index: usize| levels[index]["bb_per_100_se"].as_f64().unwrap();
    assert!((rate(0) + rate(1)).abs() < 0.02, "{levels:?}");
    assert!((error(0) - error(1)).abs() < 0.02, "{levels:?}");
    assert!(error(0) > 0.0);
}

/// `--reset-stacks` deals every hand from the stack given, so two players who raise whenever
/// they may, heads-up with no cap, stop at that stack however the run has gone; without it the
/// stacks carry over and grow with the winners.
#[test]
fn reset_stacks_starts_every_hand_at_the_stack_and_carried_stacks_grow() {
    let run = |reset: bool| {
        let mut flags = vec![
            "--seats",
            "random,random,random",
            "--hands",
            "120",
            "--seed",
            "4",
            "--stack",
            "60",
            "--game",
            "stud",
        ];
        if reset {
            flags.push("--reset-stacks");
        }
        let args = args(&flags).expect("flags parse");
        let levels = args.seats.clone().expect("--seats given");
        let mut starts: Vec<Vec<u64>> = Vec::new();
        let report = simulate_seats(&args, &levels, |_, hand, _| {
            starts.push(hand.starting_stacks().to_vec());
            Ok(())
        })
        .expect("sim runs");
        let net: i64 = report.seats.iter().map(|seat| seat.net).sum();
        assert_eq!(net, 0, "chips move between the seats, none made or lost");
        starts
    };
    let reset = run(true);
    assert_eq!(reset.len(), 120);
    assert!(
        reset.iter().all(|stacks| stacks == &[60, 60, 60]),
        "{reset:?}"
    );
    let carried = run(false);
    assert!(
        carried.iter().flatten().any(|&stack| stack > 60),
        "carried stacks never grew: {carried:?}"
    );
    assert!(args(&["--reset-stacks"]).is_err(), "only with --seats");
}
