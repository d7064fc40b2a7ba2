//! Hand evaluation: the best five-card high of up to seven cards, the best ace-to-five
//! eight-or-better low, the partial ranking of one to four up cards that decides who acts
//! first, and the names people read ("Full house, aces over queens", "8-6-4-2-A low").
//!
//! Both value types order so that the BETTER hand is the GREATER value.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::card::{Card, Rank};

/// The kind of a high hand, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandCategory {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

/// The strength of a high hand (five cards, or one to four up cards). Greater is better;
/// equal values tie (suits never break a tie for the pot).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HighValue(pub(crate) u32);

/// The strength of a qualifying eight-or-better low. Greater is better (8-6-5-4-2 beats
/// 8-6-5-4-3; the wheel 5-4-3-2-A is the best).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LowValue(pub(crate) u32);

impl HighValue {
    pub fn category(self) -> HandCategory {
        todo!("evaluator")
    }

    /// The ranks that decide the hand, most significant first (e.g. a full house: the
    /// trips' rank then the pair's; two pair: high pair, low pair, kicker). Fewer than five
    /// for a partial hand of up cards.
    pub fn ranks(self) -> Vec<Rank> {
        todo!("evaluator")
    }
}

impl LowValue {
    /// The five ranks of the low, highest first (ace as the lowest).
    pub fn ranks(self) -> [Rank; 5] {
        todo!("evaluator")
    }
}

/// The best high of 1 to 7 cards. With fewer than five cards only pairs, two pair, trips and
/// quads count (no straights or flushes): the up-card ranking of RULES.md.
pub fn best_high(cards: &[Card]) -> HighValue {
    let _ = cards;
    todo!("evaluator")
}

/// The best eight-or-better low of up to 7 cards, or `None` when no five different ranks of
/// eight or lower exist.
pub fn best_low(cards: &[Card]) -> Option<LowValue> {
    let _ = cards;
    todo!("evaluator")
}

/// The five cards that make `best_high(cards)` (for showing results), best first.
pub fn best_high_cards(cards: &[Card]) -> (HighValue, Vec<Card>) {
    let _ = cards;
    todo!("evaluator")
}

/// The five cards that make `best_low(cards)`, highest first.
pub fn best_low_cards(cards: &[Card]) -> Option<(LowValue, Vec<Card>)> {
    let _ = cards;
    todo!("evaluator")
}

/// "Full house, aces over queens", "Pair of sevens", "Seven high" …
impl fmt::Display for HighValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = f;
        todo!("evaluator")
    }
}

/// "8-6-4-2-A low", "wheel (5-4-3-2-A)".
impl fmt::Display for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = f;
        todo!("evaluator")
    }
}
