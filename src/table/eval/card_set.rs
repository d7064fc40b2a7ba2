//! [`CardSet`], a hand prepared once and evaluated often, and the entry points on card
//! slices: [`best_high`], [`best_low`], [`best_high_low`], [`AceFiveLow::of`]. Most hands are
//! one look-up in the rank table for both values, and one for Razz's low; flushes (for the
//! high) and more than seven cards go to the bit evaluators.

use super::ace_five_low::{AceFiveLow, ace_five_low_of_suits};
use super::bits::{bits_of, card_bit, suit_masks};
use super::high::HighValue;
use super::high_bits::high_of_bits;
use super::low::{LowValue, low_of_bits, low_of_cards};
use super::rank_table::{
    EMPTY_KEY, KEY_NOT_ENOUGH, KEY_PAST_SEVEN, MAX_KEYED_CARDS, ace_five_low_of_key, card_key,
    high_low_of_key,
};
use crate::table::card::{Card, Rank};

/// A set of cards in the two forms the evaluator reads: four 13-bit rank masks, one per
/// suit, packed into one `u64` (suit `s` at bits `16 s .. 16 s + 13`), and the additive key
/// of `CARD_KEYS` (ranks, suit counts, card count). Build it once and evaluate it as many
/// times as needed; adding a card is an OR and an add. A card added twice counts once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardSet {
    bits: u64,
    key: u64,
}

impl Default for CardSet {
    fn default() -> CardSet {
        CardSet::EMPTY
    }
}

impl CardSet {
    pub const EMPTY: CardSet = CardSet {
        bits: 0,
        key: EMPTY_KEY,
    };

    #[inline]
    pub fn from_cards(cards: &[Card]) -> CardSet {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            set.insert(card);
        }
        set
    }

    #[inline]
    pub fn insert(&mut self, card: Card) {
        let bit = card_bit(card);
        if self.bits & bit == 0 {
            self.bits |= bit;
            self.key += card_key(card);
        }
    }

    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.bits & card_bit(card) != 0
    }

    /// How many cards of `rank` the set holds (0 to 4).
    #[inline]
    pub fn count_of_rank(self, rank: Rank) -> u8 {
        let lane = 0x0001_0001_0001_0001u64 << (rank.value() - 2);
        (self.bits & lane).count_ones() as u8
    }

    /// The ranks the set holds, whatever their suits: bit 0 = deuce … bit 12 = ace.
    #[inline]
    pub fn rank_mask(self) -> u16 {
        let [clubs, diamonds, hearts, spades] = suit_masks(self.bits);
        (clubs | diamonds | hearts | spades) as u16
    }

    /// The most cards the set holds of one suit.
    #[inline]
    pub fn longest_suit(self) -> u8 {
        suit_masks(self.bits)
            .iter()
            .map(|mask| mask.count_ones() as u8)
            .max()
            .unwrap_or(0)
    }

    /// The number of distinct cards in the set.
    pub fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The best high of the set; see [`best_high`].
    #[inline]
    pub fn high(self) -> HighValue {
        self.high_low().0
    }

    /// The best eight-or-better low of the set; see [`best_low`].
    #[inline]
    pub fn low(self) -> Option<LowValue> {
        low_of_bits(self.bits)
    }

    /// The best ace-to-five low with no qualifier (Razz); see [`AceFiveLow`].
    #[inline]
    pub fn ace_five_low(self) -> AceFiveLow {
        if self.key & KEY_PAST_SEVEN != 0 {
            return ace_five_low_of_bits(self.bits);
        }
        AceFiveLow::from_table(ace_five_low_of_key(self.key))
    }

    /// Both at once, from one table look-up.
    #[inline]
    pub fn high_low(self) -> (HighValue, Option<LowValue>) {
        if self.key & KEY_NOT_ENOUGH != 0 {
            return high_low_of_bits(self.bits);
        }
        high_low_of_key(self.key)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// The high and low from the suit masks alone, for the rare cases the key does not cover.
#[cold]
#[inline(never)]
fn high_low_of_bits(bits: u64) -> (HighValue, Option<LowValue>) {
    (high_of_bits(bits), low_of_bits(bits))
}

/// Razz's low from the suit masks, for more than seven cards (which the key does not cover).
#[cold]
#[inline(never)]
fn ace_five_low_of_bits(bits: u64) -> AceFiveLow {
    ace_five_low_of_suits(suit_masks(bits))
}

/// The best high of 1 to 7 cards. With fewer than five cards only pairs, two pair, trips and
/// quads count (no straights or flushes): the up-card ranking of docs/RULES.md.
///
/// Up to seven cards must be different (as dealt from one deck): a repeated card gives some
/// value but not a meaningful one. More than seven cards are evaluated correctly, more
/// slowly, by their different cards (a card given twice counts once).
#[inline]
pub fn best_high(cards: &[Card]) -> HighValue {
    best_high_low(cards).0
}

/// The best eight-or-better low of up to 7 cards, or `None` when no five different ranks of
/// eight or lower exist.
#[inline]
pub fn best_low(cards: &[Card]) -> Option<LowValue> {
    low_of_cards(cards)
}

/// `(best_high(cards), best_low(cards))`, from one table look-up.
#[inline]
pub fn best_high_low(cards: &[Card]) -> (HighValue, Option<LowValue>) {
    if cards.len() as u64 <= MAX_KEYED_CARDS {
        let key = cards
            .iter()
            .fold(EMPTY_KEY, |key, &card| key + card_key(card));
        if key & KEY_NOT_ENOUGH == 0 {
            return high_low_of_key(key);
        }
    }
    high_low_of_cards_by_bits(cards)
}

/// Out of line, so that the look-up path above keeps nothing alive for it.
#[cold]
#[inline(never)]
fn high_low_of_cards_by_bits(cards: &[Card]) -> (HighValue, Option<LowValue>) {
    high_low_of_bits(bits_of(cards))
}

impl AceFiveLow {
    /// The best low of `cards` (all different, as dealt from one deck): the best five when
    /// there are more than five, all of them otherwise.
    #[inline]
    pub fn of(cards: &[Card]) -> AceFiveLow {
        if cards.len() as u64 <= MAX_KEYED_CARDS {
            let key = cards
                .iter()
                .fold(EMPTY_KEY, |key, &card| key + card_key(card));
            return AceFiveLow::from_table(ace_five_low_of_key(key));
        }
        ace_five_low_of_bits(bits_of(cards))
    }

    /// The best low of a prepared card set.
    #[inline]
    pub fn of_set(set: CardSet) -> AceFiveLow {
        set.ace_five_low()
    }
}
