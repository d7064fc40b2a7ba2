//! The ace-to-five low with no qualifier, as Razz deals it (RULES.md, "Other stud games"):
//! the best five cards for low, aces low, straights and flushes ignored, and pairs counting
//! against the hand — a hand with no five different ranks still has a low (a pair, two pair,
//! … quads), only a worse one.
//!
//! A value is built from the four rank masks of [`super::eval::CardSet`] by a handful of
//! bit operations: take one card of each rank, lowest first, then second cards of the lowest
//! ranks, then third, then fourth, until five cards are chosen. That greedy choice is the best
//! low: a second card of a new rank (one pair more) always beats a third of the same rank.

use std::fmt;
use std::num::NonZeroU32;

use super::card::{Card, Rank};

/// The strength of an ace-to-five low (Razz). Greater is better: 5-4-3-2-A is the best, then
/// 6-4-3-2-A, … then one pair (a lower pair first), two pair, trips, a full house, quads.
///
/// Layout: `BADNESS_LIMIT - badness`, where badness holds the kind of hand (0 = five different
/// ranks … 5 = quads) in bits 20..24, then five 4-bit slots of ace-low rank values (ace = 1 …
/// king = 13), in the order lows compare: the biggest group first (the pair before its
/// kickers), and within a group the highest rank first. Comparing badness compares the hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AceFiveLow(NonZeroU32);

/// The kind of an ace-to-five low, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AceFiveKind {
    NoPair,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    FullHouse,
    FourOfAKind,
}

const KIND_SHIFT: u32 = 20;
const SLOT_BITS: u32 = 4;
const BADNESS_LIMIT: u32 = 1 << 24;
const RANK_MASK: u32 = 0x1FFF;

impl AceFiveLow {
    /// The value as a plain integer, greater is better and never 0 (for tight loops).
    #[inline]
    pub fn get(self) -> u32 {
        self.0.get()
    }

    fn badness(self) -> u32 {
        BADNESS_LIMIT - self.0.get()
    }

    pub fn kind(self) -> AceFiveKind {
        match self.badness() >> KIND_SHIFT {
            0 => AceFiveKind::NoPair,
            1 => AceFiveKind::OnePair,
            2 => AceFiveKind::TwoPair,
            3 => AceFiveKind::ThreeOfAKind,
            4 => AceFiveKind::FullHouse,
            _ => AceFiveKind::FourOfAKind,
        }
    }

    /// The five cards' ranks as they compare: a group (pair, trips…) once, before the
    /// kickers; within a group, highest first (ace as the lowest).
    pub fn ranks(self) -> Vec<Rank> {
        let badness = self.badness();
        (0..5)
            .rev()
            .map(|slot| ((badness >> (slot * SLOT_BITS)) & 0xF) as u8)
            .take_while(|&value| value != 0)
            .filter_map(Rank::from_value)
            .collect()
    }
}

/// "7-5-4-2-A", "pair of 3s: 3-8-4-A", in plain notation for logs and the CLI.
impl fmt::Display for AceFiveLow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spelled: Vec<String> = self
            .ranks()
            .iter()
            .map(|rank| rank.symbol().to_string())
            .collect();
        let kind = match self.kind() {
            AceFiveKind::NoPair => "",
            AceFiveKind::OnePair => "pair: ",
            AceFiveKind::TwoPair => "two pair: ",
            AceFiveKind::ThreeOfAKind => "trips: ",
            AceFiveKind::FullHouse => "full house: ",
            AceFiveKind::FourOfAKind => "quads: ",
        };
        write!(f, "{kind}{}", spelled.join("-"))
    }
}

/// The best ace-to-five low of 1 to 7 cards (with fewer than five, all of them count).
pub fn best_ace_five_low(cards: &[Card]) -> AceFiveLow {
    super::eval::CardSet::from_cards(cards).ace_five_low()
}

/// Bit `v - 1` of a 13-bit mask for the rank of ace-low value `v` (ace = bit 0, king = bit
/// 12), from a mask with the deuce at bit 0 and the ace at bit 12.
#[inline]
fn ace_low(mask: u32) -> u32 {
    ((mask << 1) | (mask >> 12)) & RANK_MASK
}

/// The `count` lowest set bits of `mask`.
#[inline]
fn lowest_bits(mut mask: u32, count: u32) -> u32 {
    let mut taken = 0;
    for _ in 0..count {
        if mask == 0 {
            break;
        }
        let bit = mask & mask.wrapping_neg();
        taken |= bit;
        mask ^= bit;
    }
    taken
}

/// Writes the ranks of `mask`, highest first, into the next free slots.
#[inline]
fn push_ranks(mut mask: u32, slots: &mut u32, next_slot: &mut u32) {
    while mask != 0 && *next_slot > 0 {
        let top = 31 - mask.leading_zeros();
        *next_slot -= 1;
        *slots |= (top + 1) << (*next_slot * SLOT_BITS);
        mask ^= 1 << top;
    }
}

/// The ace-to-five low of the four suit masks (deuce at bit 0, ace at bit 12).
#[inline]
pub(super) fn ace_five_low_of_suits(suits: [u32; 4]) -> AceFiveLow {
    let [c, d, h, s] = suits.map(ace_low);
    let any = c | d | h | s;
    let two = (c & d) | (h & s) | ((c | d) & (h | s));
    let three = (c & d & (h | s)) | (h & s & (c | d));
    let four = c & d & h & s;
    let cards = c.count_ones() + d.count_ones() + h.count_ones() + s.count_ones();

    let mut left = cards.min(5);
    let first = lowest_bits(any, left);
    left -= first.count_ones();
    let second = lowest_bits(two, left);
    left -= second.count_ones();
    let third = lowest_bits(three, left);
    left -= third.count_ones();
    let fourth = lowest_bits(four, left);

    let kind = if fourth != 0 {
        AceFiveKind::FourOfAKind
    } else if third != 0 && second & !third != 0 {
        AceFiveKind::FullHouse
    } else if third != 0 {
        AceFiveKind::ThreeOfAKind
    } else if second.count_ones() >= 2 {
        AceFiveKind::TwoPair
    } else if second != 0 {
        AceFiveKind::OnePair
    } else {
        AceFiveKind::NoPair
    };
    let mut slots = 0;
    let mut next_slot = 5;
    push_ranks(fourth, &mut slots, &mut next_slot);
    push_ranks(third & !fourth, &mut slots, &mut next_slot);
    push_ranks(second & !third, &mut slots, &mut next_slot);
    push_ranks(first & !second, &mut slots, &mut next_slot);
    let badness = ((kind as u32) << KIND_SHIFT) | slots;
    // badness < 6 << 20, far below the limit: the value is never 0.
    AceFiveLow(NonZeroU32::new(BADNESS_LIMIT - badness).unwrap_or(NonZeroU32::MIN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Rank::*;

    fn low(text: &str) -> AceFiveLow {
        best_ace_five_low(&Card::parse_many(text).unwrap())
    }

    #[test]
    fn the_wheel_is_the_best_ace_five_low_and_straights_and_flushes_do_not_count() {
        let wheel = low("As 2s 3s 4s 5s Kd Kh");
        assert_eq!(wheel.kind(), AceFiveKind::NoPair);
        assert_eq!(wheel.ranks(), vec![Five, Four, Three, Two, Ace]);
        assert!(wheel > low("6s 4d 3h 2c As"));
        assert_eq!(wheel.to_string(), "5-4-3-2-A");
    }

    #[test]
    fn a_king_low_without_a_pair_beats_any_pair() {
        assert!(low("Ks Qd Jh Tc 9s") > low("As Ad 2h 3c 4s"));
    }

    #[test]
    fn a_lower_pair_beats_a_higher_pair_whatever_the_kickers() {
        // Seven cards with only four ranks: one pair, the lowest that is paired.
        let fours = low("4s 4d 4h 3c Ks Qd Qc");
        assert_eq!(fours.kind(), AceFiveKind::OnePair);
        assert_eq!(fours.ranks(), vec![Four, King, Queen, Three]);
        let threes = low("3s 3d Kh Qc 4s Qd 4c");
        assert_eq!(threes.kind(), AceFiveKind::OnePair);
        assert!(threes > fours);
    }

    #[test]
    fn two_pair_uses_the_two_lowest_pairs_and_beats_trips() {
        // Four ranks make one pair (of aces), not two pair.
        assert_eq!(low("As Ad 2h 2c Ks Kd 9c").kind(), AceFiveKind::OnePair);
        let two_pair = low("As Ad 2h 2c Ks Kd Kc");
        assert_eq!(two_pair.kind(), AceFiveKind::TwoPair);
        assert_eq!(two_pair.ranks(), vec![Two, Ace, King]);
        assert!(two_pair > low("As Ad Ah 2c 3s"));
    }

    #[test]
    fn with_two_ranks_the_lower_trips_make_the_full_house() {
        let full = low("Ks Kd Kh As Ad Ah Ac");
        assert_eq!(full.kind(), AceFiveKind::FullHouse);
        assert_eq!(full.ranks(), vec![Ace, King]);
        assert_eq!(low("As Ad Ah Ac Ks").kind(), AceFiveKind::FourOfAKind);
    }

    #[test]
    fn the_best_ace_five_low_is_the_best_of_every_five_card_choice() {
        // A brute force over all 5-of-7 choices on a fixed pseudo-random sample of hands.
        let deck: Vec<Card> = Card::all().collect();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..3000 {
            let mut hand = Vec::with_capacity(7);
            while hand.len() < 7 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let card = deck[(state % 52) as usize];
                if !hand.contains(&card) {
                    hand.push(card);
                }
            }
            let mut best = None;
            for skip_a in 0..7 {
                for skip_b in skip_a + 1..7 {
                    let five: Vec<Card> = (0..7)
                        .filter(|&i| i != skip_a && i != skip_b)
                        .map(|i| hand[i])
                        .collect();
                    best = best.max(Some(best_ace_five_low(&five)));
                }
            }
            assert_eq!(Some(best_ace_five_low(&hand)), best, "{hand:?}");
        }
    }
}
