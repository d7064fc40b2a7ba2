//! The value of a high hand ([`HighValue`]): its layout, the ranks that decide it, and the
//! words people read ("Full house, aces over queens", "Pair of sevens", "Seven high").

use std::fmt;

use serde::{Deserialize, Serialize};

use super::category::HandCategory;
use crate::table::card::Rank;

/// The strength of a high hand (five cards, or one to four up cards). Greater is better;
/// equal values tie (suits never break a tie for the pot).
///
/// Layout: bits 20..24 hold the [`HandCategory`] (0 = high card … 8 = straight flush), then
/// five 4-bit rank slots, most significant first (bits 16..20, 12..16, … 0..4), each holding
/// a rank value 2..=14 or 0 for "no card". Because an empty slot is lower than any rank, a
/// partial hand of up cards compares correctly against one with more cards (A-K-Q showing
/// loses to A-K-Q-2 showing and to any pair).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HighValue(pub(crate) u32);

pub(super) const CATEGORY_SHIFT: u32 = 20;
pub(super) const RANK_SLOT_BITS: u32 = 4;

impl HighValue {
    /// The kind of hand: high card, one pair, … straight flush.
    pub fn category(self) -> HandCategory {
        HandCategory::from_code(self.0 >> CATEGORY_SHIFT)
    }

    /// The ranks that decide the hand, most significant first. Per category:
    ///
    /// | category        | ranks                                            |
    /// |-----------------|--------------------------------------------------|
    /// | high card       | up to five cards, highest first                  |
    /// | one pair        | the pair, then up to three kickers               |
    /// | two pair        | high pair, low pair, then the kicker if any      |
    /// | three of a kind | the trips, then up to two kickers                |
    /// | straight        | the top card only (`Five` for the wheel)         |
    /// | flush           | the five cards, highest first                    |
    /// | full house      | the trips, then the pair                         |
    /// | four of a kind  | the quads, then the kicker if any                |
    /// | straight flush  | the top card only (`Ace` for a royal flush)      |
    ///
    /// Fewer kickers appear for a partial hand of up cards (one to four cards), and none at
    /// all for an empty hand.
    pub fn ranks(self) -> Vec<Rank> {
        (0..5)
            .rev()
            .map(|slot| ((self.0 >> (slot * RANK_SLOT_BITS)) & 0xF) as u8)
            .take_while(|&value| value != 0)
            .filter_map(Rank::from_value)
            .collect()
    }
}

/// The English word for a rank, capitalised or not, singular or plural.
fn rank_word(rank: Rank, plural: bool) -> &'static str {
    let (one, many) = match rank {
        Rank::Two => ("two", "twos"),
        Rank::Three => ("three", "threes"),
        Rank::Four => ("four", "fours"),
        Rank::Five => ("five", "fives"),
        Rank::Six => ("six", "sixes"),
        Rank::Seven => ("seven", "sevens"),
        Rank::Eight => ("eight", "eights"),
        Rank::Nine => ("nine", "nines"),
        Rank::Ten => ("ten", "tens"),
        Rank::Jack => ("jack", "jacks"),
        Rank::Queen => ("queen", "queens"),
        Rank::King => ("king", "kings"),
        Rank::Ace => ("ace", "aces"),
    };
    if plural { many } else { one }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "Full house, aces over queens", "Pair of sevens", "Seven high" …
impl fmt::Display for HighValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = self.ranks();
        let (Some(&first), second) = (ranks.first(), ranks.get(1).copied()) else {
            return f.write_str("No cards");
        };
        let second = second.unwrap_or(first);
        match self.category() {
            HandCategory::HighCard => write!(f, "{} high", capitalised(rank_word(first, false))),
            HandCategory::OnePair => write!(f, "Pair of {}", rank_word(first, true)),
            HandCategory::TwoPair => write!(
                f,
                "Two pair, {} and {}",
                rank_word(first, true),
                rank_word(second, true)
            ),
            HandCategory::ThreeOfAKind => {
                write!(f, "Three of a kind, {}", rank_word(first, true))
            }
            HandCategory::Straight => write!(f, "Straight, {} high", rank_word(first, false)),
            HandCategory::Flush => write!(f, "Flush, {} high", rank_word(first, false)),
            HandCategory::FullHouse => write!(
                f,
                "Full house, {} over {}",
                rank_word(first, true),
                rank_word(second, true)
            ),
            HandCategory::FourOfAKind => write!(f, "Four of a kind, {}", rank_word(first, true)),
            HandCategory::StraightFlush if first == Rank::Ace => f.write_str("Royal flush"),
            HandCategory::StraightFlush => {
                write!(f, "Straight flush, {} high", rank_word(first, false))
            }
        }
    }
}
