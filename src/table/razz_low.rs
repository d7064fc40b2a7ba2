//! The razz low (RULES.md, "Other stud games"): the best ace-to-five low of up to seven
//! cards with no qualifier. The ace is the lowest card, straights and flushes do not count,
//! and pairs count against a hand exactly as they count for a high hand, so a hand with a
//! pair loses to any hand without one (K-Q-J-T-9 beats 2-2-4-3-A). The same ranking of one to
//! four up cards decides who acts first in razz ("the best low board").
//!
//! Also the words people say: "7-5-4-2-A", "a wheel (5-4-3-2-A)", "Pair of twos (2-2-7-5-A)".

use std::fmt;

use super::card::{Card, Rank};
use super::eval::{CardSet, HandCategory};

/// How bad a razz hand is, turned around so that, as for every value of the evaluator, the
/// BETTER hand is the GREATER value. Equal values tie (suits never break a tie for the pot).
///
/// Layout of the badness it stores the complement of: bits 20..23 a shape code (0 = no pair,
/// 1 = one pair, 2 = two pair, 3 = trips, 4 = full house, 5 = quads), then five 4-bit rank
/// slots, most significant first, holding ace-low rank values (ace 1 … king 13) or 0 for "no
/// card": the grouped ranks first (the higher pair of two pair first), then the other ranks
/// highest first. Fewer than five cards (a board) leave slots empty; boards compared with
/// each other always hold the same number of cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RazzLow(u32);

const SHAPE_SHIFT: u32 = 20;
const SLOT_BITS: u32 = 4;
/// Above every badness: the shape code is at most 5.
const WORST: u32 = (1 << (SHAPE_SHIFT + 3)) - 1;
/// The ace-to-five ranks of the wheel, highest first.
const WHEEL: [u8; 5] = [5, 4, 3, 2, 1];

/// The shapes a razz hand can take, best first (its shape code is the index).
const SHAPES: [HandCategory; 6] = [
    HandCategory::HighCard,
    HandCategory::OnePair,
    HandCategory::TwoPair,
    HandCategory::ThreeOfAKind,
    HandCategory::FullHouse,
    HandCategory::FourOfAKind,
];

impl RazzLow {
    /// The best razz low of `cards` (all different, as dealt from one deck): the best five
    /// when there are more than five, all of them otherwise.
    pub fn of(cards: &[Card]) -> RazzLow {
        RazzLow::of_set(CardSet::from_cards(cards))
    }

    /// The best razz low of a prepared card set.
    pub fn of_set(set: CardSet) -> RazzLow {
        let mut counts = [0u8; 14];
        for rank in Rank::ALL {
            counts[usize::from(rank.low_value())] = set.count_of_rank(rank);
        }
        RazzLow::of_counts(&counts)
    }

    /// From how many cards of each ace-low rank value (index 1 = ace … 13 = king) a hand holds.
    fn of_counts(counts: &[u8; 14]) -> RazzLow {
        let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
        // Ace-low rank values present, lowest first.
        let ranks = || (1..=13u8).filter(|&r| counts[usize::from(r)] > 0);
        let with_at_least = |n: u8| (1..=13u8).filter(move |&r| counts[usize::from(r)] >= n);
        if total <= 5 {
            return RazzLow::of_five_or_fewer(counts);
        }
        let distinct = ranks().count();
        // Choose which five of the cards play; then rank them as a five-card hand.
        let mut chosen = [0u8; 14];
        match distinct {
            5.. => {
                for rank in ranks().take(5) {
                    chosen[usize::from(rank)] = 1;
                }
            }
            4 => {
                // Every rank plays once; the lowest rank held twice makes the pair.
                for rank in ranks() {
                    chosen[usize::from(rank)] = 1;
                }
                if let Some(pair) = with_at_least(2).next() {
                    chosen[usize::from(pair)] = 2;
                }
            }
            3 => {
                for rank in ranks() {
                    chosen[usize::from(rank)] = 1;
                }
                let mut pairs = with_at_least(2);
                match (pairs.next(), pairs.next()) {
                    // Two pair beats trips: the two lowest pairs and the third rank.
                    (Some(low), Some(high)) => {
                        chosen[usize::from(low)] = 2;
                        chosen[usize::from(high)] = 2;
                    }
                    _ => {
                        if let Some(trips) = with_at_least(3).next() {
                            chosen[usize::from(trips)] = 3;
                        }
                    }
                }
            }
            _ => {
                // Two ranks (more than five cards of two ranks): a full house beats quads,
                // and the lower trips make the better full house.
                let mut held = ranks();
                let (Some(low), Some(high)) = (held.next(), held.next()) else {
                    return RazzLow::of_five_or_fewer(counts);
                };
                let (low_count, high_count) = (counts[usize::from(low)], counts[usize::from(high)]);
                if low_count >= 3 && high_count >= 2 {
                    chosen[usize::from(low)] = 3;
                    chosen[usize::from(high)] = 2;
                } else if high_count >= 3 && low_count >= 2 {
                    chosen[usize::from(high)] = 3;
                    chosen[usize::from(low)] = 2;
                } else if low_count == 4 {
                    chosen[usize::from(low)] = 4;
                    chosen[usize::from(high)] = 1;
                } else {
                    chosen[usize::from(high)] = 4;
                    chosen[usize::from(low)] = 1;
                }
            }
        }
        RazzLow::of_five_or_fewer(&chosen)
    }

    /// The value of a hand that plays every one of its (at most five) cards.
    fn of_five_or_fewer(counts: &[u8; 14]) -> RazzLow {
        // Ranks ordered as they are compared: bigger groups first, then higher ranks first.
        let mut ordered = [(0u8, 0u8); 13];
        let mut held = 0;
        for rank in 1..=13u8 {
            let count = counts[usize::from(rank)];
            if count > 0 {
                ordered[held] = (count, rank);
                held += 1;
            }
        }
        let ordered = &mut ordered[..held];
        ordered.sort_unstable_by(|a, b| b.cmp(a));
        let count_at = |index: usize| ordered.get(index).map_or(0, |&(count, _)| count);
        let shape: u32 = match (count_at(0), count_at(1)) {
            (4.., _) => 5,
            (3, 2..) => 4,
            (3, _) => 3,
            (2, 2) => 2,
            (2, _) => 1,
            _ => 0,
        };
        let mut badness = shape << SHAPE_SHIFT;
        // A group counts its rank once (as a high hand's value does), then the kickers.
        for (slot, &(_, rank)) in (0..5u32).rev().zip(ordered.iter()) {
            badness |= u32::from(rank) << (slot * SLOT_BITS);
        }
        RazzLow(WORST - badness)
    }

    /// The value as a number, greater is better (to compare boards in one loop with highs).
    pub(crate) fn key(self) -> u32 {
        self.0
    }

    fn badness(self) -> u32 {
        WORST - self.0
    }

    /// The kind of hand: no pair (`HighCard`), one pair, two pair, trips, full house, quads.
    pub fn category(self) -> HandCategory {
        let code = (self.badness() >> SHAPE_SHIFT) as usize;
        SHAPES
            .get(code)
            .copied()
            .unwrap_or(HandCategory::FourOfAKind)
    }

    /// The ranks that decide the hand, as compared: the grouped ranks first (each once), then
    /// the others highest first, the ace as the lowest.
    pub fn ranks(self) -> Vec<Rank> {
        let badness = self.badness();
        (0..5)
            .rev()
            .map(|slot| ((badness >> (slot * SLOT_BITS)) & 0xF) as u8)
            .take_while(|&value| value != 0)
            .filter_map(Rank::from_value)
            .collect()
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

    /// The rank of every card played, in the order [`RazzLow::spelled`] says them: a pair's
    /// rank twice, first.
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

    /// True for the wheel, 5-4-3-2-A, the best razz hand of all.
    pub fn is_wheel(self) -> bool {
        self.category() == HandCategory::HighCard
            && self
                .ranks()
                .iter()
                .map(|rank| rank.low_value())
                .eq(WHEEL.iter().copied())
    }
}

/// The best razz low of `cards` and the cards that make it, in the order it is said.
pub fn best_razz_low_cards(cards: &[Card]) -> (RazzLow, Vec<Card>) {
    let low = RazzLow::of(cards);
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
/// twos (5-5-2-2-A)": a hand without a pair by its cards, highest first, as players say it.
impl fmt::Display for RazzLow {
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn razz(text: &str) -> RazzLow {
        RazzLow::of(&Card::parse_many(text).unwrap())
    }

    /// The plain definition: every five-card subset ranked by its groups and ranks, the
    /// best kept. What `of_counts` must equal.
    fn brute_force(cards: &[Card]) -> RazzLow {
        if cards.len() <= 5 {
            return RazzLow::of(cards);
        }
        let n = cards.len();
        let mut best: Option<RazzLow> = None;
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let five = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                            let value = RazzLow::of(&five);
                            best = Some(best.map_or(value, |best| best.max(value)));
                        }
                    }
                }
            }
        }
        best.unwrap_or(RazzLow(0))
    }

    #[test]
    fn a_seven_card_razz_hand_plays_its_five_lowest_different_ranks() {
        let low = razz("Kd 7c 5h 4s 2d Ac Kh");
        assert_eq!(low.to_string(), "7-5-4-2-A");
        assert_eq!(low.category(), HandCategory::HighCard);
        assert!(razz("5s 4h 3d 2c Ah Kd Qs").is_wheel());
        assert_eq!(
            razz("5s 4h 3d 2c Ah Kd Qs").to_string(),
            "a wheel (5-4-3-2-A)"
        );
    }

    #[test]
    fn straights_and_flushes_do_not_count_against_a_razz_low() {
        assert!(razz("5h 4h 3h 2h Ah").is_wheel());
        assert!(razz("6c 5d 4h 3s 2c") > razz("7c 5d 4h 3s 2c"));
    }

    #[test]
    fn a_paired_razz_hand_loses_to_any_unpaired_one() {
        assert!(razz("Kc Qd Jh Ts 9c") > razz("2c 2d 4h 3s Ac"));
        assert_eq!(
            razz("2c 2d 4h 3s Ac 4d 2h").to_string(),
            "Pair of twos (2-2-4-3-A)"
        );
        // Two pair beats trips; the lower pairs play.
        assert_eq!(
            razz("3c 3d 3h 2s 2c Ad Ah").category(),
            HandCategory::TwoPair
        );
    }

    #[test]
    fn razz_lows_compare_highest_card_first_with_the_ace_lowest() {
        assert!(razz("8c 6d 5h 4s 2c") > razz("8c 6d 5h 4s 3c"));
        assert!(razz("7c 6d 5h 4s 3c") > razz("8c 4d 3h 2s Ac"));
        assert!(razz("Ac 2d") > razz("Kc 2d"));
        assert!(razz("Ac Ad") > razz("2c 2d"));
    }

    proptest! {
        #[test]
        fn the_razz_low_of_seven_cards_is_the_best_of_its_five_card_hands(
            indices in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 1..=7)
        ) {
            let cards: Vec<Card> = indices.iter().filter_map(|&i| Card::from_index(i)).collect();
            prop_assert_eq!(RazzLow::of(&cards), brute_force(&cards));
        }

        #[test]
        fn a_razz_low_from_heavy_rank_repeats_is_the_best_of_its_five_card_hands(
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
            prop_assert_eq!(RazzLow::of(&cards), brute_force(&cards));
        }
    }

    use super::super::card::Suit;
}
