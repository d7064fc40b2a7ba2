//! The ace-to-five low with no qualifier, as Razz plays it (docs/RULES.md, "Other stud games"):
//! the best five cards for low, the ace the lowest card, straights and flushes ignored, and
//! pairs counting against the hand exactly as they count for a high hand — so a hand with a
//! pair loses to any hand without one (K-Q-J-T-9 beats 2-2-4-3-A), and a hand without five
//! different ranks still has a low, only a worse one. The same ranking of one to four up
//! cards decides who acts first in razz ("the best low board").
//!
//! Hands of up to seven cards are read from the rank table (`super::rank_table`, one look-up of
//! the additive rank key, as for the high); what fills that table, and evaluates more than
//! seven cards, is [`ace_five_low_of_suits`], which builds the value from the four rank masks
//! of [`super::CardSet`] by a handful of bit operations: take one card of each rank, lowest first, then second cards of the lowest
//! ranks, then third, then fourth, until five cards are chosen. That greedy choice is the best
//! low: a second card of a new rank (one pair more) always beats a third of the same rank.
//! (It replaced a rank-counting evaluator that sorted the groups: same values, several times
//! slower in `benches/eval.rs`; the bit operations in turn are several times slower than the
//! table.)
//!
//! Also the words people say: "7-5-4-2-A", "a wheel (5-4-3-2-A)", "Pair of twos (2-2-7-5-A)".

use std::fmt;
use std::num::NonZeroU32;

use super::category::HandCategory;
use crate::table::card::{Card, Rank};

/// The strength of an ace-to-five low (Razz). Greater is better: 5-4-3-2-A is the best, then
/// 6-4-3-2-A, … then one pair (a lower pair first), two pair, trips, a full house, quads.
/// Equal values tie (suits never break a tie for the pot).
///
/// Layout: `BADNESS_LIMIT - badness`, where badness holds the kind of hand (0 = five different
/// ranks … 5 = quads, the index in [`SHAPES`]) in bits 20..24, then five 4-bit slots of
/// ace-low rank values (ace = 1 … king = 13), in the order lows compare: the biggest group
/// first (the pair before its kickers; the higher pair of two pair first), and within a group
/// the highest rank first. Fewer than five cards (a board) leave slots empty; boards compared
/// with each other always hold the same number of cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AceFiveLow(NonZeroU32);

/// The shapes an ace-to-five low can take, best first (its kind code is the index).
const SHAPES: [HandCategory; 6] = [
    HandCategory::HighCard,
    HandCategory::OnePair,
    HandCategory::TwoPair,
    HandCategory::ThreeOfAKind,
    HandCategory::FullHouse,
    HandCategory::FourOfAKind,
];

const KIND_SHIFT: u32 = 20;
const SLOT_BITS: u32 = 4;
const BADNESS_LIMIT: u32 = 1 << 24;
const RANK_MASK: u32 = 0x1FFF;
/// The ace-to-five ranks of the wheel, highest first.
const WHEEL: [u8; 5] = [5, 4, 3, 2, 1];

impl AceFiveLow {
    /// A value read from the rank table, which holds [`ace_five_low_of_suits`] of every
    /// multiset of up to seven ranks (never 0).
    #[inline]
    pub(super) fn from_table(value: u32) -> AceFiveLow {
        AceFiveLow(NonZeroU32::new(value).unwrap_or(NonZeroU32::MIN))
    }

    /// The value as a plain integer, greater is better and never 0 (for tight loops, and to
    /// compare boards in one loop with high values).
    #[inline]
    pub fn get(self) -> u32 {
        self.0.get()
    }

    fn badness(self) -> u32 {
        BADNESS_LIMIT - self.0.get()
    }

    /// The kind of hand: no pair (`HighCard`), one pair, two pair, trips, full house, quads.
    pub fn category(self) -> HandCategory {
        let code = (self.badness() >> KIND_SHIFT) as usize;
        SHAPES
            .get(code)
            .copied()
            .unwrap_or(HandCategory::FourOfAKind)
    }

    /// The ranks that decide the hand, as compared: a group (pair, trips…) once, before the
    /// kickers; within a group, highest first (the ace as the lowest).
    pub fn ranks(self) -> Vec<Rank> {
        let badness = self.badness();
        (0..5)
            .rev()
            .map(|slot| ((badness >> (slot * SLOT_BITS)) & 0xF) as u8)
            .take_while(|&value| value != 0)
            .filter_map(Rank::from_value)
            .collect()
    }

    /// The rank of every card played, in the order [`AceFiveLow::spelled`] says them: a
    /// pair's rank twice, first.
    pub fn played_ranks(self) -> Vec<Rank> {
        let ranks = self.ranks();
        let repeat = match self.category() {
            HandCategory::OnePair => [2, 1, 1, 1],
            HandCategory::TwoPair => [2, 2, 1, 1],
            HandCategory::ThreeOfAKind => [3, 1, 1, 1],
            HandCategory::FullHouse => [3, 2, 1, 1],
            HandCategory::FourOfAKind => [4, 1, 1, 1],
            _ => [1, 1, 1, 1],
        };
        let mut played = Vec::with_capacity(5);
        for (index, rank) in ranks.iter().enumerate() {
            let times = repeat.get(index).copied().unwrap_or(1);
            for _ in 0..times {
                played.push(*rank);
            }
        }
        played
    }

    /// The five ranks played, as players say them: every card, grouped ranks first, then
    /// highest first ("2-2-7-5-A", "7-5-4-2-A").
    pub fn spelled(self) -> String {
        let symbols: Vec<String> = self
            .played_ranks()
            .iter()
            .map(|rank| rank.symbol().to_string())
            .collect();
        symbols.join("-")
    }

    /// True for the wheel, 5-4-3-2-A, the best low of all.
    pub fn is_wheel(self) -> bool {
        self.category() == HandCategory::HighCard
            && self
                .ranks()
                .iter()
                .map(|rank| rank.low_value())
                .eq(WHEEL.iter().copied())
    }
}

/// The best ace-to-five low of 1 to 7 cards (with fewer than five, all of them count).
pub fn best_ace_five_low(cards: &[Card]) -> AceFiveLow {
    AceFiveLow::of(cards)
}

/// The best ace-to-five low of `cards` and the cards that make it, in the order it is said.
pub fn best_ace_five_low_cards(cards: &[Card]) -> (AceFiveLow, Vec<Card>) {
    let low = AceFiveLow::of(cards);
    let mut left: Vec<Card> = cards.to_vec();
    let mut five = Vec::with_capacity(5);
    for rank in low.played_ranks() {
        if let Some(index) = left.iter().position(|card| card.rank == rank) {
            five.push(left.swap_remove(index));
        }
    }
    (low, five)
}

fn rank_plural(rank: Rank) -> &'static str {
    match rank {
        Rank::Two => "twos",
        Rank::Three => "threes",
        Rank::Four => "fours",
        Rank::Five => "fives",
        Rank::Six => "sixes",
        Rank::Seven => "sevens",
        Rank::Eight => "eights",
        Rank::Nine => "nines",
        Rank::Ten => "tens",
        Rank::Jack => "jacks",
        Rank::Queen => "queens",
        Rank::King => "kings",
        Rank::Ace => "aces",
    }
}

/// "7-5-4-2-A", "a wheel (5-4-3-2-A)", "Pair of twos (2-2-7-5-A)", "Two pair, fives and
/// twos (5-5-2-2-A)": a hand without a pair by its cards, highest first, as players say it
/// (`studbot replay`'s words; the bot's are `render::hand_names::razz_low_name`).
impl fmt::Display for AceFiveLow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spelled = self.spelled();
        let ranks = self.ranks();
        let first = ranks.first().copied().unwrap_or(Rank::Ace);
        let second = ranks.get(1).copied().unwrap_or(first);
        match self.category() {
            _ if self.is_wheel() => write!(f, "a wheel ({spelled})"),
            HandCategory::OnePair => write!(f, "Pair of {} ({spelled})", rank_plural(first)),
            HandCategory::TwoPair => write!(
                f,
                "Two pair, {} and {} ({spelled})",
                rank_plural(first),
                rank_plural(second)
            ),
            HandCategory::ThreeOfAKind => {
                write!(f, "Three of a kind, {} ({spelled})", rank_plural(first))
            }
            HandCategory::FullHouse => write!(
                f,
                "Full house, {} over {} ({spelled})",
                rank_plural(first),
                rank_plural(second)
            ),
            HandCategory::FourOfAKind => {
                write!(f, "Four of a kind, {} ({spelled})", rank_plural(first))
            }
            _ => f.write_str(&spelled),
        }
    }
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

/// The ranks held in all four suits. Its own function so that its one equivalent mutant
/// (`.cargo/mutants.toml`) is named by function and column, which no line move changes.
#[inline]
fn in_every_suit(c: u32, d: u32, h: u32, s: u32) -> u32 {
    c & d & h & s
}

/// The ace-to-five low of the four suit masks (deuce at bit 0, ace at bit 12).
#[inline]
pub(super) fn ace_five_low_of_suits(suits: [u32; 4]) -> AceFiveLow {
    let [c, d, h, s] = suits.map(ace_low);
    let any = c | d | h | s;
    let two = (c & d) | (h & s) | ((c | d) & (h | s));
    let three = (c & d & (h | s)) | (h & s & (c | d));
    let four = in_every_suit(c, d, h, s);
    let cards = c.count_ones() + d.count_ones() + h.count_ones() + s.count_ones();

    let mut left = cards.min(5);
    let first = lowest_bits(any, left);
    left -= first.count_ones();
    let second = lowest_bits(two, left);
    left -= second.count_ones();
    let third = lowest_bits(three, left);
    left -= third.count_ones();
    let fourth = lowest_bits(four, left);

    // The kind code: the index in `SHAPES`.
    let kind: u32 = if fourth != 0 {
        5
    } else if third != 0 && second & !third != 0 {
        4
    } else if third != 0 {
        3
    } else if second.count_ones() >= 2 {
        2
    } else if second != 0 {
        1
    } else {
        0
    };
    let mut slots = 0;
    let mut next_slot = 5;
    push_ranks(fourth, &mut slots, &mut next_slot);
    push_ranks(third & !fourth, &mut slots, &mut next_slot);
    push_ranks(second & !third, &mut slots, &mut next_slot);
    push_ranks(first & !second, &mut slots, &mut next_slot);
    let badness = (kind << KIND_SHIFT) | slots;
    // badness < 6 << 20, far below the limit: the value is never 0.
    AceFiveLow(NonZeroU32::new(BADNESS_LIMIT - badness).unwrap_or(NonZeroU32::MIN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Rank::*;
    use crate::table::Suit;
    use crate::table::eval::CardSet;
    use crate::table::eval::bits::{bits_of, suit_masks};
    use proptest::prelude::*;

    /// The plain evaluator, from the suit masks: the reference the rank table must equal.
    fn plain(cards: &[Card]) -> AceFiveLow {
        ace_five_low_of_suits(suit_masks(bits_of(cards)))
    }

    fn low(text: &str) -> AceFiveLow {
        AceFiveLow::of(&Card::parse_many(text).unwrap())
    }

    /// The plain definition: every five-card subset ranked by its groups and ranks, the
    /// best kept. What the bit-mask choice must equal.
    fn brute_force(cards: &[Card]) -> AceFiveLow {
        if cards.len() <= 5 {
            return plain(cards);
        }
        let n = cards.len();
        let mut best: Option<AceFiveLow> = None;
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let five = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                            let value = plain(&five);
                            best = Some(best.map_or(value, |best| best.max(value)));
                        }
                    }
                }
            }
        }
        best.unwrap_or_else(|| plain(&[]))
    }

    #[test]
    fn a_seven_card_razz_hand_plays_its_five_lowest_different_ranks() {
        let seven_low = low("Kd 7c 5h 4s 2d Ac Kh");
        assert_eq!(seven_low.to_string(), "7-5-4-2-A");
        assert_eq!(seven_low.category(), HandCategory::HighCard);
        assert!(low("5s 4h 3d 2c Ah Kd Qs").is_wheel());
        assert_eq!(
            low("5s 4h 3d 2c Ah Kd Qs").to_string(),
            "a wheel (5-4-3-2-A)"
        );
    }

    #[test]
    fn the_wheel_is_the_best_ace_five_low_and_straights_and_flushes_do_not_count() {
        let wheel = low("As 2s 3s 4s 5s Kd Kh");
        assert_eq!(wheel.category(), HandCategory::HighCard);
        assert_eq!(wheel.ranks(), vec![Five, Four, Three, Two, Ace]);
        assert!(wheel > low("6s 4d 3h 2c As"));
        assert!(low("5h 4h 3h 2h Ah").is_wheel());
        assert!(low("6c 5d 4h 3s 2c") > low("7c 5d 4h 3s 2c"));
    }

    #[test]
    fn a_king_low_without_a_pair_beats_any_pair() {
        assert!(low("Ks Qd Jh Tc 9s") > low("As Ad 2h 3c 4s"));
        assert!(low("Kc Qd Jh Ts 9c") > low("2c 2d 4h 3s Ac"));
        assert_eq!(
            low("2c 2d 4h 3s Ac 4d 2h").to_string(),
            "Pair of twos (2-2-4-3-A)"
        );
    }

    #[test]
    fn razz_lows_compare_highest_card_first_with_the_ace_lowest() {
        assert!(low("8c 6d 5h 4s 2c") > low("8c 6d 5h 4s 3c"));
        assert!(low("7c 6d 5h 4s 3c") > low("8c 4d 3h 2s Ac"));
        assert!(low("Ac 2d") > low("Kc 2d"));
        assert!(low("Ac Ad") > low("2c 2d"));
    }

    #[test]
    fn a_lower_pair_beats_a_higher_pair_whatever_the_kickers() {
        // Seven cards with only four ranks: one pair, the lowest that is paired.
        let fours = low("4s 4d 4h 3c Ks Qd Qc");
        assert_eq!(fours.category(), HandCategory::OnePair);
        assert_eq!(fours.ranks(), vec![Four, King, Queen, Three]);
        let threes = low("3s 3d Kh Qc 4s Qd 4c");
        assert_eq!(threes.category(), HandCategory::OnePair);
        assert!(threes > fours);
    }

    #[test]
    fn two_pair_uses_the_two_lowest_pairs_and_beats_trips() {
        // Four ranks make one pair (of aces), not two pair.
        assert_eq!(
            low("As Ad 2h 2c Ks Kd 9c").category(),
            HandCategory::OnePair
        );
        let two_pair = low("As Ad 2h 2c Ks Kd Kc");
        assert_eq!(two_pair.category(), HandCategory::TwoPair);
        assert_eq!(two_pair.ranks(), vec![Two, Ace, King]);
        assert!(two_pair > low("As Ad Ah 2c 3s"));
        assert_eq!(
            low("3c 3d 3h 2s 2c Ad Ah").category(),
            HandCategory::TwoPair
        );
    }

    #[test]
    fn with_two_ranks_the_lower_trips_make_the_full_house() {
        let full = low("Ks Kd Kh As Ad Ah Ac");
        assert_eq!(full.category(), HandCategory::FullHouse);
        assert_eq!(full.ranks(), vec![Ace, King]);
        assert_eq!(low("As Ad Ah Ac Ks").category(), HandCategory::FourOfAKind);
    }

    #[test]
    fn every_kind_of_razz_low_is_said_with_its_group_and_every_card_it_plays() {
        let said = [
            ("2c 2d 4h 3s Ac", "Pair of twos (2-2-4-3-A)"),
            ("5c 5d 2h 2s Ac", "Two pair, fives and twos (5-5-2-2-A)"),
            ("2c 2d 2h 3s Ac", "Three of a kind, twos (2-2-2-3-A)"),
            (
                "Ks Kd Kh As Ad Ah Ac",
                "Full house, aces over kings (A-A-A-K-K)",
            ),
            ("As Ad Ah Ac Ks", "Four of a kind, aces (A-A-A-A-K)"),
        ];
        for (hand, words) in said {
            let (value, five) = best_ace_five_low_cards(&Card::parse_many(hand).unwrap());
            assert_eq!(value.to_string(), words, "{hand}");
            let ranks: Vec<Rank> = five.iter().map(|card| card.rank).collect();
            assert_eq!(ranks, value.played_ranks(), "{hand}");
            assert_eq!(ranks.len(), 5, "{hand}");
        }
    }

    #[test]
    fn the_cards_of_a_low_are_those_it_is_said_by() {
        let (seven_low, five) =
            best_ace_five_low_cards(&Card::parse_many("Kd 7c 5h 4s 2d Ac Kh").unwrap());
        assert_eq!(seven_low.spelled(), "7-5-4-2-A");
        assert_eq!(five, Card::parse_many("7c 5h 4s 2d Ac").unwrap());
        let (pair, five) =
            best_ace_five_low_cards(&Card::parse_many("2c 2h 9d 9s 9c 7d Ks").unwrap());
        assert_eq!(pair.spelled(), "2-2-K-9-7");
        assert_eq!(five.len(), 5);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn the_ace_five_low_from_the_rank_table_is_the_plain_evaluators(
            indices in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 0..=9)
        ) {
            // Up to seven cards read the table, flush or not; eight and nine fall back.
            let cards: Vec<Card> = indices.iter().filter_map(|&i| Card::from_index(i)).collect();
            let reference = plain(&cards);
            prop_assert_eq!(AceFiveLow::of(&cards), reference);
            prop_assert_eq!(CardSet::from_cards(&cards).ace_five_low(), reference);
        }
    }

    proptest! {
        #[test]
        fn the_ace_five_low_of_seven_cards_is_the_best_of_its_five_card_hands(
            indices in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 1..=7)
        ) {
            let cards: Vec<Card> = indices.iter().filter_map(|&i| Card::from_index(i)).collect();
            prop_assert_eq!(AceFiveLow::of(&cards), brute_force(&cards));
        }

        #[test]
        fn an_ace_five_low_from_heavy_rank_repeats_is_the_best_of_its_five_card_hands(
            ranks in proptest::collection::vec(0u8..4, 6..=7),
            suits in proptest::collection::vec(0u8..4, 7),
        ) {
            // Few ranks, so pairs, trips, full houses and quads come often.
            let mut cards: Vec<Card> = Vec::new();
            for (rank, suit) in ranks.iter().zip(&suits) {
                let mut card = Card::new(Rank::ALL[usize::from(*rank) * 3], Suit::ALL[usize::from(*suit)]);
                let mut shift = 0;
                while cards.contains(&card) && shift < 4 {
                    shift += 1;
                    card = Card::new(card.rank, Suit::ALL[usize::from((*suit + shift) % 4)]);
                }
                if !cards.contains(&card) {
                    cards.push(card);
                }
            }
            prop_assert_eq!(AceFiveLow::of(&cards), brute_force(&cards));
        }
    }
}
