//! `studbot play`'s cash table is one game per seed: the same seed and the same typing give
//! the same hands, the same actions, the same seats and the same "Your cards" blocks, however
//! fast the table deals (`--between-hands 0`) and however loaded the machine.

use std::path::Path;

use crate::common::play_terminal;

/// What a cash table shows of its game for `script` with seed 2, three players and buy-ins of
/// 100: a computer goes broke and buys in again within it. The data directory's path is
/// written as `DATA`.
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
    out.replace(&data.display().to_string(), "DATA")
}

/// The cards of a line from `from` on, up to its first ` ·`, less the hidden ones, sorted.
fn cards_listed(from: &str) -> Vec<&str> {
    let listed = from.split(" ·").next().unwrap_or("");
    let mut cards: Vec<&str> = listed
        .split_whitespace()
        .filter(|card| !card.chars().all(|c| c == '🂠'))
        .collect();
    cards.sort_unstable();
    cards
}

/// The "Your cards" blocks that are not the cards of your row on the board printed last (its
/// up cards; all of them once the hands are face up), each as where it stands and the two:
/// a block read from the table a street further on than its board.
fn cards_not_of_their_board(shown: &str) -> Vec<String> {
    let mut row = Vec::new();
    let mut down = Vec::new();
    let mut found = Vec::new();
    for (number, line) in shown.lines().enumerate() {
        if let Some(at) = line.find(" Player (") {
            let after_stack = line[at..].split_once(") ").map_or("", |(_, rest)| rest);
            row = cards_listed(after_stack);
        } else if let Some(cards) = line.strip_prefix("Down: ") {
            down = cards_listed(cards);
        } else if let Some(cards) = line.strip_prefix("Up: ") {
            let up = cards_listed(cards);
            let mut all: Vec<&str> = down.iter().chain(&up).copied().collect();
            all.sort_unstable();
            if row != up && row != all {
                found.push(format!("line {}: board {row:?}, cards {all:?}", number + 1));
            }
        }
    }
    found
}

/// The game of seed 2 shown twice, 300 calls typed, each in a data directory of its own.
fn two_games() -> (String, String) {
    let mut script = "c\n".repeat(300);
    script.push_str("quit\n");
    let first_dir = tempfile::tempdir().unwrap();
    let second_dir = tempfile::tempdir().unwrap();
    (
        game_shown(first_dir.path(), &script),
        game_shown(second_dir.path(), &script),
    )
}

/// Before, a broke computer's new seat raced the next deal: dealt in or not, the game went
/// another way (6 runs side by side, 6 different games).
#[test]
fn the_same_seed_plays_the_same_game_when_a_broke_computer_buys_in_again_between_hands() {
    let (first, second) = two_games();
    let left = first
        .find("Bot 2 leaves the table.\nBot 2 sits down with 100 chips.")
        .unwrap_or_else(|| panic!("no computer went broke and bought in again:\n{first}"));
    assert!(
        first[left..].contains("Third street"),
        "a hand is dealt after the new seat:\n{}",
        &first[left..]
    );
    assert_same_game(&first, &second);
}

/// Before, the terminal asked the table for your cards when it printed a board, and the table
/// had often dealt the next street by then: which street's cards a block showed changed from
/// run to run with the same seed.
#[test]
fn each_your_cards_block_shows_the_cards_as_of_the_board_above_it_the_same_for_one_seed() {
    let (first, second) = two_games();
    for shown in [&first, &second] {
        let blocks = shown.matches("Your cards — hand #").count();
        let wrong = cards_not_of_their_board(shown);
        assert!(
            blocks > 100 && wrong.is_empty(),
            "of {blocks} \"Your cards\" blocks, {} not of the board above them:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
    }
    assert_same_game(&first, &second);
}

/// Two transcripts of one seed are the same, or where they part is shown.
fn assert_same_game(first: &str, second: &str) {
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
            around(first),
            around(second)
        );
    }
}
