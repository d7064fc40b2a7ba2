//! The eight-or-better low of Stud/8 ([`LowValue`]): five different ranks of eight or lower,
//! the ace the lowest, straights and flushes ignored; its layout, its evaluation from a rank
//! mask, and the words people read ("8-6-4-2-A low", "wheel (5-4-3-2-A)").

use std::fmt;
use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};

use super::bits::suit_masks;
use crate::table::card::{Card, Rank};

/// The strength of a qualifying eight-or-better low. Greater is better (8-6-5-4-2 beats
/// 8-6-5-4-3; the wheel 5-4-3-2-A is the best).
///
/// Layout: the complement (within 8 bits) of the mask of the five low ranks, where bit 0 is
/// the ace and bit `v - 1` the rank of value `v` (2..=8). A lower top card clears a higher
/// bit of the mask, so comparing complements compares lows highest card first. A low has
/// three ranks of eight or lower missing, so the value is never 0: `Option<LowValue>` is
/// as small as a `u32`, and `(HighValue, Option<LowValue>)` comes back in one register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LowValue(pub(crate) NonZeroU32);

pub(super) const LOW_RANKS: u32 = 0xFF;

impl LowValue {
    /// The five ranks of the low, highest first (ace as the lowest).
    pub fn ranks(self) -> [Rank; 5] {
        let mask = !self.0.get() & LOW_RANKS;
        let mut ranks = [Rank::Ace; 5];
        let mut filled = 0;
        for bit in (0..8u8).rev() {
            if mask & (1 << bit) != 0 && filled < 5 {
                ranks[filled] = Rank::from_value(bit + 1).unwrap_or(Rank::Ace);
                filled += 1;
            }
        }
        ranks
    }

    /// True for the wheel, 5-4-3-2-A, the best low of all.
    pub fn is_wheel(self) -> bool {
        self.0.get() == WHEEL_LOW
    }
}

const WHEEL_LOW: u32 = !0b1_1111 & LOW_RANKS;

/// For every mask of ranks eight or lower (bit 0 = ace … bit 7 = eight), the [`LowValue`]
/// of its five lowest ranks, or 0 when it has fewer than five (no valid low encodes as 0).
static LOW_OF_CANDIDATES: [u8; 256] = low_table();

const fn low_table() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut candidates = 0usize;
    while candidates < 256 {
        let mut five_lowest = 0usize;
        let mut taken = 0;
        let mut bit = 0;
        while bit < 8 && taken < 5 {
            if candidates & (1 << bit) != 0 {
                five_lowest |= 1 << bit;
                taken += 1;
            }
            bit += 1;
        }
        if taken == 5 {
            table[candidates] = !(five_lowest as u8);
        }
        candidates += 1;
    }
    table
}

/// The low of a set in bit form (see [`super::bits`]).
#[inline]
pub(super) fn low_of_bits(bits: u64) -> Option<LowValue> {
    let [c, d, h, s] = suit_masks(bits);
    let any = c | d | h | s;
    // Bit 0 = ace, bit v - 1 = rank of value v; only 8 or lower can play.
    let candidates = ((any << 1) | (any >> 12)) & LOW_RANKS;
    low_of_candidates(candidates as u8)
}

/// The low of cards straight from their ranks: suits never matter to it, so each card is
/// one load and one OR, with no suit mask built.
#[inline]
pub(super) fn low_of_cards(cards: &[Card]) -> Option<LowValue> {
    let candidates = cards.iter().fold(0, |mask, card| {
        mask | LOW_BIT_OF_RANK[usize::from(card.rank.value())]
    });
    low_of_candidates(candidates)
}

#[inline]
fn low_of_candidates(candidates: u8) -> Option<LowValue> {
    NonZeroU32::new(u32::from(LOW_OF_CANDIDATES[usize::from(candidates)])).map(LowValue)
}

/// Indexed by rank value (2 ..= 14): the rank's bit among the ranks that can play low (bit 0 =
/// ace, bit `v - 1` = the rank of value `v` up to eight), 0 for nine and up.
static LOW_BIT_OF_RANK: [u8; 15] = {
    let mut bits = [0u8; 15];
    let mut value = 2;
    while value <= 8 {
        bits[value] = 1 << (value - 1);
        value += 1;
    }
    bits[14] = 1;
    bits
};

/// "8-6-4-2-A low", "wheel (5-4-3-2-A)".
impl fmt::Display for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spelled: Vec<String> = self
            .ranks()
            .iter()
            .map(|rank| rank.symbol().to_string())
            .collect();
        let spelled = spelled.join("-");
        if self.is_wheel() {
            write!(f, "wheel ({spelled})")
        } else {
            write!(f, "{spelled} low")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::eval::bits::bits_of;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_low_from_ranks_alone_is_the_low_from_the_suit_masks(
            indices in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 0..=9)
        ) {
            let cards: Vec<Card> = indices.iter().filter_map(|&i| Card::from_index(i)).collect();
            prop_assert_eq!(low_of_cards(&cards), low_of_bits(bits_of(&cards)));
        }
    }
}
