//! Every hand `sim` plays, written as a replay line and replayed, ends with the same stacks:
//! `Hand::start` with a deck and `HandSetup::from_seat_cards` with the cards it dealt agree,
//! and the replay line format carries everything a hand needs.

use clap::Parser;
use studbot::cli::sim::{SimArgs, simulate};
use studbot::table::replay::{replay, replay_input_of, replay_line};

#[derive(Parser)]
struct Harness {
    #[command(flatten)]
    sim: SimArgs,
}

#[test]
fn sim_hands_replay_to_the_same_stacks() {
    for players in ["2", "4", "6", "8"] {
        let args = Harness::parse_from([
            "sim",
            "--hands",
            "150",
            "--players",
            players,
            "--stack",
            "40",
            "--seed",
            "9",
        ])
        .sim;
        let mut replayed = 0;
        simulate(&args, |number, hand, _| {
            let input = replay_input_of(hand).expect("a finished hand");
            let result = hand.result().expect("a finished hand");
            let outcome = replay(&input)
                .unwrap_or_else(|error| panic!("{players} players, hand {number}: {error}"));
            assert_eq!(outcome.stacks, result.final_stacks, "hand {number}");
            let line = serde_json::to_string(&input).expect("serializable");
            assert_eq!(
                replay_line(&line)["stacks"],
                serde_json::json!(result.final_stacks)
            );
            replayed += 1;
            Ok(())
        })
        .expect("sim runs");
        assert_eq!(replayed, 150);
    }
}
