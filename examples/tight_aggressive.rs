//! An outside player for `studbot sim --external`: a simple tight-aggressive player, as a
//! stud player would write one down. It plays only strong third streets (and raises them),
//! bets and raises its made hands, checks and calls with a hand or draw worth a card, and
//! folds the rest. It re-raises no further than the third wager of a street, so it never
//! wars for a pot it has not locked.
//!
//! - Stud: trips or a pair of tens or better to raise on third; a smaller pair with a queen or
//!   better beside it, or three big suited cards, to call one bet. Later: two pair or better
//!   bets, a pair of tens or better or four to a flush calls.
//! - Razz: three different cards of seven or lower to raise on third, of eight or lower to
//!   call. Later: a made eight-low (or four small cards early) bets, a draw calls.
//! - Stud/8: trips, a pair of tens or better, three cards of five or lower or an ace with two
//!   small cards to raise on third; three small cards to call. Later: a made low or two pair
//!   bets, four small cards or a pair of tens or better calls.
//!
//! Build: `cargo build --release --example tight_aggressive`; play:
//! `studbot sim --seats good,ext --external target/release/examples/tight_aggressive`.

// Each outside player reads the whole protocol but uses only part of it.
#[allow(dead_code)]
#[path = "outside/protocol.rs"]
mod protocol;

use protocol::{Act, Card};

/// How much the hand is worth now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Worth {
    /// Check if free, else fold.
    Nothing,
    /// Check or call (on third street: one bet, no re-raise).
    Call,
    /// Bet, complete or raise.
    Raise,
}

/// Wagers of a street past which it only calls.
const MOST_WAGERS: usize = 3;

fn main() {
    protocol::play(decide);
}

fn decide(act: &Act) -> &'static str {
    let cards = act.my_cards();
    let third = act.street == 3;
    let worth = match (act.game.as_str(), third) {
        ("razz", true) => razz_start(&cards),
        ("razz", false) => razz_later(&cards),
        ("stud", true) => stud_start(&cards),
        ("stud", false) => stud_later(&cards),
        (_, true) => stud8_start(&cards),
        (_, false) => stud8_later(&cards),
    };
    match worth {
        Worth::Raise if act.wagers_this_street() < MOST_WAGERS => act.push(),
        Worth::Raise => act.stay(),
        // On third street a calling hand sees one bet, not a raise of it.
        Worth::Call if third && act.wagers_this_street() >= 2 => act.give_up(),
        Worth::Call => act.stay(),
        Worth::Nothing => act.give_up(),
    }
}

/// How many cards of each rank (index 2 to 14).
fn rank_counts(cards: &[Card]) -> [u8; 15] {
    let mut counts = [0u8; 15];
    for card in cards {
        counts[usize::from(card.rank)] += 1;
    }
    counts
}

/// The most cards of one suit.
fn longest_suit(cards: &[Card]) -> usize {
    let mut most = 0;
    for suit in ['c', 'd', 'h', 's'] {
        most = most.max(cards.iter().filter(|card| card.suit == suit).count());
    }
    most
}

/// The highest rank held at least `count` times.
fn highest_with(counts: &[u8; 15], count: u8) -> Option<u8> {
    (2..=14u8)
        .rev()
        .find(|&rank| counts[usize::from(rank)] >= count)
}

/// Two pair or better: a second pair, trips, a straight or a flush.
fn two_pair_or_better(cards: &[Card]) -> bool {
    let counts = rank_counts(cards);
    let pairs = counts.iter().filter(|&&count| count >= 2).count();
    let trips = counts.iter().any(|&count| count >= 3);
    pairs >= 2 || trips || longest_suit(cards) >= 5 || straight(&counts)
}

fn straight(counts: &[u8; 15]) -> bool {
    let held = |rank: u8| counts[usize::from(if rank == 1 { 14 } else { rank })] > 0;
    (1..=10u8).any(|low| (low..low + 5).all(held))
}

/// Different ranks of `limit` or lower, the ace low, sorted.
fn small_ranks(cards: &[Card], limit: u8) -> Vec<u8> {
    let mut ranks: Vec<u8> = cards
        .iter()
        .map(|card| card.low())
        .filter(|&low| low <= limit)
        .collect();
    ranks.sort_unstable();
    ranks.dedup();
    ranks
}

fn stud_start(cards: &[Card]) -> Worth {
    let counts = rank_counts(cards);
    let pair = highest_with(&counts, 2);
    let high = cards.iter().map(|card| card.rank).max().unwrap_or(0);
    if highest_with(&counts, 3).is_some() || pair.is_some_and(|rank| rank >= 10) {
        Worth::Raise
    } else if (pair.is_some() && high >= 12)
        || (longest_suit(cards) >= 3 && cards.iter().filter(|card| card.rank >= 10).count() >= 2)
    {
        Worth::Call
    } else {
        Worth::Nothing
    }
}

fn stud_later(cards: &[Card]) -> Worth {
    let counts = rank_counts(cards);
    let to_come = 7usize.saturating_sub(cards.len());
    if two_pair_or_better(cards) {
        Worth::Raise
    } else if highest_with(&counts, 2).is_some_and(|rank| rank >= 10)
        || (to_come > 0 && longest_suit(cards) >= 4)
    {
        Worth::Call
    } else {
        Worth::Nothing
    }
}

fn razz_start(cards: &[Card]) -> Worth {
    if small_ranks(cards, 7).len() >= 3 {
        Worth::Raise
    } else if small_ranks(cards, 8).len() >= 3 {
        Worth::Call
    } else {
        Worth::Nothing
    }
}

fn razz_later(cards: &[Card]) -> Worth {
    let to_come = 7usize.saturating_sub(cards.len());
    let eight = small_ranks(cards, 8).len();
    let ten = small_ranks(cards, 10).len();
    if eight >= 5 || (to_come >= 2 && eight >= 4) {
        Worth::Raise
    } else if (to_come > 0 && eight >= 4) || (to_come >= 2 && eight >= 3) || ten >= 5 {
        Worth::Call
    } else {
        Worth::Nothing
    }
}

fn stud8_start(cards: &[Card]) -> Worth {
    let counts = rank_counts(cards);
    let pair = highest_with(&counts, 2);
    let ace = cards.iter().any(|card| card.rank == 14);
    if highest_with(&counts, 3).is_some()
        || pair.is_some_and(|rank| rank >= 10)
        || small_ranks(cards, 5).len() >= 3
        || (ace && small_ranks(cards, 8).len() >= 3)
    {
        Worth::Raise
    } else if small_ranks(cards, 8).len() >= 3 {
        Worth::Call
    } else {
        Worth::Nothing
    }
}

fn stud8_later(cards: &[Card]) -> Worth {
    let counts = rank_counts(cards);
    let to_come = 7usize.saturating_sub(cards.len());
    let small = small_ranks(cards, 8).len();
    if small >= 5 || two_pair_or_better(cards) {
        Worth::Raise
    } else if (to_come > 0 && small >= 4) || highest_with(&counts, 2).is_some_and(|r| r >= 10) {
        Worth::Call
    } else {
        Worth::Nothing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::act;

    /// An act line of `game` on `street` with these own cards, facing `to_call` with these
    /// legal actions and `wagers` bets or raises already made this street.
    fn spot(game: &str, street: u8, down: &str, up: &str, legal: &str, wagers: usize) -> String {
        let quote = |cards: &str| {
            cards
                .split_whitespace()
                .map(|card| format!("\"{card}\""))
                .collect::<Vec<_>>()
                .join(",")
        };
        let history: Vec<String> = (0..wagers)
            .map(|_| format!(r#"{{"street":{street},"seat":0,"action":"raise","amount":5}}"#))
            .collect();
        format!(
            r#"{{"type":"act","hand":1,"game":"{game}","street":{street},"seat":1,"stakes":{{"ante":1,"bring_in":2,"small_bet":5,"big_bet":10}},"cards":{{"down":[{}],"up":[{}]}},"players":[],"pot":30,"to_call":5,"legal":{legal},"history":[{}]}}"#,
            quote(down),
            quote(up),
            history.join(",")
        )
    }

    const FACING: &str =
        r#"[{"action":"fold"},{"action":"call","amount":5},{"action":"raise","amount":10}]"#;
    const FREE: &str = r#"[{"action":"check"},{"action":"bet","amount":5}]"#;

    #[test]
    fn a_big_pair_raises_third_street_and_junk_folds_it() {
        assert_eq!(
            decide(&act(&spot("stud", 3, "Kc Kd", "4h", FACING, 1))),
            "raise"
        );
        assert_eq!(
            decide(&act(&spot("stud", 3, "9c 2d", "4h", FACING, 1))),
            "fold"
        );
        assert_eq!(
            decide(&act(&spot("razz", 3, "Ac 2d", "6h", FACING, 1))),
            "raise"
        );
        assert_eq!(
            decide(&act(&spot("razz", 3, "Kc 2d", "6h", FACING, 1))),
            "fold"
        );
        assert_eq!(
            decide(&act(&spot("stud8", 3, "Ac 3d", "7h", FACING, 1))),
            "raise"
        );
    }

    #[test]
    fn a_calling_start_sees_one_bet_but_not_a_raise() {
        assert_eq!(
            decide(&act(&spot("razz", 3, "8c 2d", "6h", FACING, 1))),
            "call"
        );
        assert_eq!(
            decide(&act(&spot("razz", 3, "8c 2d", "6h", FACING, 2))),
            "fold"
        );
    }

    #[test]
    fn made_hands_bet_and_the_rest_check_or_fold() {
        assert_eq!(
            decide(&act(&spot("stud", 5, "Kc Kd", "4h 4s 9c", FREE, 0))),
            "bet"
        );
        assert_eq!(
            decide(&act(&spot("stud", 5, "Kc 7d", "4h 2s 9c", FREE, 0))),
            "check"
        );
        assert_eq!(
            decide(&act(&spot("stud", 5, "Kc 7d", "4h 2s 9c", FACING, 1))),
            "fold"
        );
        assert_eq!(
            decide(&act(&spot("razz", 5, "Ac 2d", "4h 7s 8c", FREE, 0))),
            "bet"
        );
        assert_eq!(
            decide(&act(&spot("stud8", 6, "Ac 2d", "4h 7s 8c Kd", FREE, 0))),
            "bet"
        );
    }

    #[test]
    fn a_made_hand_stops_raising_at_the_third_wager() {
        assert_eq!(
            decide(&act(&spot("stud", 6, "Kc Kd", "4h 4s 9c 9d", FACING, 2))),
            "raise"
        );
        assert_eq!(
            decide(&act(&spot("stud", 6, "Kc Kd", "4h 4s 9c 9d", FACING, 3))),
            "call"
        );
    }
}
