//! `studbot sim --game stud8|stud|razz|mix`, `--mix-hands` and `--actions random`: the mix
//! rotation deals Razz → Stud → Stud/8 every `--mix-hands` hands, every game plays through
//! with either kind of player and replays (with its `"game"`) to the same stacks, and PHH
//! files carry each game's variant code.

use std::collections::BTreeMap;

use clap::Parser;
use studbot::cli::sim::{SimArgs, simulate};
use studbot::table::Game;
use studbot::table::replay::{replay, replay_input_of};

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

#[test]
fn mix_deals_razz_then_stud_then_stud8_every_mix_hands_hands() {
    let mut games = Vec::new();
    let summary = simulate(
        &args(&["--game", "mix", "--mix-hands", "2", "--hands", "13"]),
        |_, hand, _| {
            games.push(hand.game());
            Ok(())
        },
    )
    .expect("sim runs");
    use Game::*;
    assert_eq!(
        games,
        [
            Razz, Razz, Stud, Stud, Stud8, Stud8, Razz, Razz, Stud, Stud, Stud8, Stud8, Razz
        ]
    );
    assert_eq!(summary.game, "mix");
    assert_eq!(
        summary.hands_by_game,
        vec![("stud8", 4), ("stud", 4), ("razz", 5)]
    );
}

#[test]
fn the_mix_rotation_defaults_to_six_hands_a_game() {
    let mut games = Vec::new();
    simulate(&args(&["--game", "mix", "--hands", "13"]), |_, hand, _| {
        games.push(hand.game());
        Ok(())
    })
    .expect("sim runs");
    assert!(games[..6].iter().all(|&g| g == Game::Razz));
    assert!(games[6..12].iter().all(|&g| g == Game::Stud));
    assert_eq!(games[12], Game::Stud8);
}

#[test]
fn every_game_plays_through_and_replays_to_the_same_stacks_with_either_kind_of_player() {
    for game in ["stud8", "stud", "razz"] {
        for actions in ["computer", "random"] {
            let mut showdowns_by_game: BTreeMap<&str, u64> = BTreeMap::new();
            let summary = simulate(
                &args(&[
                    "--game",
                    game,
                    "--actions",
                    actions,
                    "--hands",
                    "200",
                    "--stack",
                    "60",
                    "--seed",
                    "4",
                ]),
                |number, hand, _| {
                    assert_eq!(hand.game().name(), game);
                    let input = replay_input_of(hand).expect("a finished hand");
                    assert_eq!(input.game.name(), game);
                    let outcome = replay(&input)
                        .unwrap_or_else(|error| panic!("{game} {actions}, hand {number}: {error}"));
                    let result = hand.result().expect("a finished hand");
                    assert_eq!(outcome.stacks, result.final_stacks, "{game} hand {number}");
                    if !result.shown.is_empty() {
                        *showdowns_by_game.entry(game).or_default() += 1;
                    }
                    Ok(())
                },
            )
            .expect("sim runs");
            assert_eq!(summary.hands, 200);
            assert!(
                showdowns_by_game.get(game).copied().unwrap_or(0) > 10,
                "{game} {actions}: too few showdowns: {showdowns_by_game:?}"
            );
        }
    }
}

#[test]
fn random_actions_and_computer_players_make_different_hands_from_the_same_seed() {
    let run = |actions: &str| {
        simulate(
            &args(&["--actions", actions, "--hands", "50", "--seed", "3"]),
            |_, _, _| Ok(()),
        )
        .expect("sim runs")
        .checksum
    };
    assert_eq!(run("random"), run("random"));
    assert_ne!(run("random"), run("computer"));
}

#[test]
fn phh_files_carry_the_variant_of_each_hand_s_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut command = crate::child::studbot();
    command
        .args(["sim", "--game", "mix", "--mix-hands", "1", "--hands", "3"])
        .arg("--phh")
        .arg(dir.path());
    let status = crate::child::run(command, "", "studbot sim --game mix --phh");
    assert!(status.status.success(), "{status:?}");
    let variants: Vec<String> = (1..=3)
        .map(|number| {
            let text = std::fs::read_to_string(dir.path().join(format!("hand-{number:06}.phh")))
                .expect("one PHH file per hand");
            let table: toml::Table = toml::from_str(&text).expect("PHH is TOML");
            table["variant"].as_str().unwrap_or_default().to_owned()
        })
        .collect();
    assert_eq!(variants, ["FR", "F7S", "F7S/8"]);
}
