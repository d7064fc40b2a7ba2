//! `studbot play`'s cash table is one game per seed: the same seed and the same typing give
//! the same hands, the same actions and the same seats, however fast the table deals
//! (`--between-hands 0`) and however loaded the machine.

use std::path::Path;

use crate::common::play_terminal;

/// What a cash table shows of its game for `script` with seed 2, three players and buy-ins of
/// 100: a computer goes broke and buys in again within it. The data directory's path is
/// written as `DATA`, and "Your cards" blocks are left out: they are the cards the table holds
/// when the terminal asks, not a part of the game's order.
fn game_shown(data: &Path, script: &str) -> String {
    let out = play_terminal(
        data,
        &[
            "--seed",
            "2",
            "--players",
            "3",
            "--buy-in",
            "100",
            "--street-pause-ms",
            "0",
            "--equity-budget-ms",
            "0",
        ],
        script,
    );
    let out = out.replace(&data.display().to_string(), "DATA");
    let mut shown = Vec::new();
    let mut in_cards = false;
    for line in out.lines() {
        if line.starts_with("Your cards — hand #") {
            in_cards = true;
            continue;
        }
        if in_cards
            && ["Down:", "Up:", "High:", "Low"]
                .iter()
                .any(|p| line.starts_with(p))
        {
            continue;
        }
        in_cards = false;
        shown.push(line);
    }
    shown.join("\n")
}

/// Before, a broke computer's new seat raced the next deal: dealt in or not, the game went
/// another way (6 runs side by side, 6 different games).
#[test]
fn the_same_seed_plays_the_same_game_when_a_broke_computer_buys_in_again_between_hands() {
    let mut script = "c\n".repeat(300);
    script.push_str("quit\n");
    let first_dir = tempfile::tempdir().unwrap();
    let second_dir = tempfile::tempdir().unwrap();
    let first = game_shown(first_dir.path(), &script);
    let second = game_shown(second_dir.path(), &script);
    let left = first
        .find("Bot 2 leaves the table.\nBot 2 sits down with 100 chips.")
        .unwrap_or_else(|| panic!("no computer went broke and bought in again:\n{first}"));
    assert!(
        first[left..].contains("Third street"),
        "a hand is dealt after the new seat:\n{}",
        &first[left..]
    );
    if first != second {
        let at = first
            .lines()
            .zip(second.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let around = |text: &str| {
            text.lines()
                .skip(at.saturating_sub(5))
                .take(12)
                .collect::<Vec<_>>()
                .join("\n")
        };
        panic!(
            "one seed played two games; from line {at}:\n--- first\n{}\n--- second\n{}",
            around(&first),
            around(&second)
        );
    }
}
