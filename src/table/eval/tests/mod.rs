//! The evaluators against plain references written here, slow and simple: the best five of
//! up to nine cards by category then kickers, the best qualifying eight-or-better low, and
//! Razz's ace-to-five low, compared on fixed-seed random hands (uniform, flush-heavy,
//! rank-heavy, straight-heavy) and on every set of different ranks; known hands of every
//! category and their words; the qualifier's edges; the cards shown; and [`CardSet`]'s
//! operations and bit layout.
//!
//! This module holds the references and the check that every entry point agrees with them;
//! `references` compares them on sample hands, `known_hands` on hands named in words (and the
//! qualifier's edges), `cards_shown` checks which cards play, `card_set` the set and its bits.

use std::num::NonZeroU32;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::ace_five_low::{ace_five_low_of_suits, best_ace_five_low_cards};
use super::bits::{bits_of, card_bit, suit_masks};
use super::high_bits::high_of_bits;
use super::low::{low_of_bits, low_of_cards};
use super::rank_table::{EMPTY_KEY, KEY_NOT_ENOUGH, KEY_PAST_SEVEN, card_key};
use super::*;
use crate::table::card::{Card, Rank, Suit};

mod card_set;
mod cards_shown;
mod known_hands;
mod references;

fn cards(text: &str) -> Vec<Card> {
    Card::parse_many(text).unwrap()
}

// ---- The references ----

/// Rank values grouped by how often they appear, biggest group first, then highest first.
fn groups(values: impl Iterator<Item = u8>) -> Vec<(usize, u8)> {
    let mut counts = [0usize; 15];
    for value in values {
        counts[usize::from(value)] += 1;
    }
    let mut groups: Vec<(usize, u8)> = (1..15u8)
        .filter(|&value| counts[usize::from(value)] > 0)
        .map(|value| (counts[usize::from(value)], value))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    groups
}

/// Every subset of `size` cards.
fn subsets(cards: &[Card], size: usize) -> Vec<Vec<Card>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    if cards.len() < size {
        return Vec::new();
    }
    let mut with_first: Vec<Vec<Card>> = subsets(&cards[1..], size - 1)
        .into_iter()
        .map(|mut rest| {
            rest.insert(0, cards[0]);
            rest
        })
        .collect();
    with_first.extend(subsets(&cards[1..], size));
    with_first
}

/// The top of the highest five-rank run among these rank values (the ace also plays low).
fn reference_straight_top(values: &[u8]) -> Option<u8> {
    let has = |value: u8| values.contains(&value) || (value == 1 && values.contains(&14));
    (5..=14u8).rev().find(|&top| (top - 4..=top).all(has))
}

/// A high hand as the reference sees it: category, then the deciding rank values.
type ReferenceHigh = (HandCategory, Vec<u8>);

/// The high of exactly five cards, or of one to four up cards (no straights or flushes).
fn reference_high_of_at_most_five(cards: &[Card]) -> ReferenceHigh {
    let groups = groups(cards.iter().map(|card| card.rank.value()));
    let counts: Vec<usize> = groups.iter().map(|group| group.0).collect();
    let ranks: Vec<u8> = groups.iter().map(|group| group.1).collect();
    if cards.len() == 5 {
        let flush = cards.iter().all(|card| card.suit == cards[0].suit);
        let straight = if ranks.len() == 5 {
            reference_straight_top(&ranks)
        } else {
            None
        };
        match (flush, straight) {
            (true, Some(top)) => return (HandCategory::StraightFlush, vec![top]),
            (false, Some(top)) => return (HandCategory::Straight, vec![top]),
            (true, None) => return (HandCategory::Flush, ranks),
            (false, None) => {}
        }
    }
    let category = match counts.as_slice() {
        [4, ..] => HandCategory::FourOfAKind,
        [3, 2, ..] => HandCategory::FullHouse,
        [3, ..] => HandCategory::ThreeOfAKind,
        [2, 2, ..] => HandCategory::TwoPair,
        [2, ..] => HandCategory::OnePair,
        _ => HandCategory::HighCard,
    };
    (category, ranks)
}

/// The best high: the cards themselves up to five, else the best of every five.
fn reference_high(cards: &[Card]) -> ReferenceHigh {
    if cards.len() <= 5 {
        return reference_high_of_at_most_five(cards);
    }
    subsets(cards, 5)
        .iter()
        .map(|five| reference_high_of_at_most_five(five))
        .max()
        .unwrap()
}

/// A high value laid out as [`HighValue`] documents: the category in bits 20..24, then the
/// ranks in 4-bit slots from bits 16..20 down.
fn high_value_of(reference: &ReferenceHigh) -> HighValue {
    let slots = reference
        .1
        .iter()
        .enumerate()
        .fold(0u32, |slots, (slot, &value)| {
            slots | u32::from(value) << (16 - 4 * slot)
        });
    HighValue((reference.0 as u32) << 20 | slots)
}

/// The best eight-or-better low, as ace-low values highest first: of every five cards with
/// five different ranks of eight or lower (the ace 1), the lowest highest card first.
fn reference_low(cards: &[Card]) -> Option<Vec<u8>> {
    subsets(cards, 5)
        .iter()
        .filter_map(|five| {
            let mut values: Vec<u8> = five.iter().map(|card| card.rank.low_value()).collect();
            values.sort_unstable_by(|a, b| b.cmp(a));
            values.dedup();
            (values.len() == 5 && values[0] <= 8).then_some(values)
        })
        .min()
}

/// A low laid out as [`LowValue`] documents: the complement, within 8 bits, of the mask of
/// its ranks (bit `v - 1` for ace-low value `v`).
fn low_value_of(values: &[u8]) -> LowValue {
    let mask = values
        .iter()
        .fold(0u32, |mask, &value| mask | 1 << (value - 1));
    LowValue(NonZeroU32::new(!mask & 0xFF).unwrap())
}

/// Razz's low of up to five cards, laid out as [`AceFiveLow`] documents: `2^24 - badness`,
/// the kind (0 = no pair … 5 = quads) in bits 20..24, then the ace-low rank of each group,
/// biggest group first and highest first, in 4-bit slots from bits 16..20 down.
fn reference_ace_five_of_at_most_five(cards: &[Card]) -> u32 {
    let groups = groups(cards.iter().map(|card| card.rank.low_value()));
    let counts: Vec<usize> = groups.iter().map(|group| group.0).collect();
    let kind: u32 = match counts.as_slice() {
        [4, ..] => 5,
        [3, 2, ..] => 4,
        [3, ..] => 3,
        [2, 2, ..] => 2,
        [2, ..] => 1,
        _ => 0,
    };
    let slots = groups
        .iter()
        .enumerate()
        .fold(0u32, |slots, (slot, &(_, value))| {
            slots | u32::from(value) << (16 - 4 * slot)
        });
    (1 << 24) - (kind << 20 | slots)
}

/// Razz's low: the cards themselves up to five, else the best of every five.
fn reference_ace_five(cards: &[Card]) -> u32 {
    if cards.len() <= 5 {
        return reference_ace_five_of_at_most_five(cards);
    }
    subsets(cards, 5)
        .iter()
        .map(|five| reference_ace_five_of_at_most_five(five))
        .max()
        .unwrap()
}

/// Every evaluator and every entry point agrees with the references on `hand`.
fn assert_evaluators_agree_with_the_references(hand: &[Card]) {
    let reference = reference_high(hand);
    let high = high_value_of(&reference);
    let reference_low_values = reference_low(hand);
    let low = reference_low_values.as_deref().map(low_value_of);
    let ace_five = reference_ace_five(hand);
    let bits = bits_of(hand);

    assert_eq!(high_of_bits(bits), high, "high_of_bits of {hand:?}");
    assert_eq!(best_high(hand), high, "best_high of {hand:?}");
    assert_eq!(high.category(), reference.0, "category of {hand:?}");
    let high_ranks: Vec<u8> = high.ranks().iter().map(|rank| rank.value()).collect();
    assert_eq!(high_ranks, reference.1, "high ranks of {hand:?}");

    assert_eq!(low_of_bits(bits), low, "low_of_bits of {hand:?}");
    assert_eq!(low_of_cards(hand), low, "low_of_cards of {hand:?}");
    assert_eq!(best_low(hand), low, "best_low of {hand:?}");
    let low_ranks = low.map(|low| low.ranks().map(|rank| rank.low_value()).to_vec());
    assert_eq!(low_ranks, reference_low_values, "low ranks of {hand:?}");
    assert_eq!(
        best_high_low(hand),
        (high, low),
        "best_high_low of {hand:?}"
    );

    let plain_ace_five = ace_five_low_of_suits(suit_masks(bits));
    assert_eq!(plain_ace_five.get(), ace_five, "ace-five of {hand:?}");
    assert_eq!(
        AceFiveLow::of(hand).get(),
        ace_five,
        "AceFiveLow::of {hand:?}"
    );
    assert_eq!(best_ace_five_low(hand).get(), ace_five);

    let set = CardSet::from_cards(hand);
    assert_eq!(set.high(), high, "CardSet::high of {hand:?}");
    assert_eq!(set.low(), low, "CardSet::low of {hand:?}");
    assert_eq!(set.high_low(), (high, low), "CardSet::high_low of {hand:?}");
    assert_eq!(
        set.ace_five_low().get(),
        ace_five,
        "CardSet razz of {hand:?}"
    );
    assert_eq!(AceFiveLow::of_set(set).get(), ace_five);
    assert_eq!(hand.iter().copied().collect::<CardSet>(), set);
    assert_eq!(set.len(), hand.len());
    assert_eq!(set.is_empty(), hand.is_empty());
}

// ---- Samples ----

/// Fixed-seed hands of one to nine cards: uniform, flush-heavy (a whole suit and a few
/// others), rank-heavy (two to five ranks: pairs, trips, full houses, quads), and
/// straight-heavy (six ranks in a row, the wheel's included, in one or two suits).
fn sample_hands(seed: u64, rounds: usize) -> Vec<Vec<Card>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck: Vec<Card> = Card::all().collect();
    let mut hands = Vec::new();
    for round in 0..rounds {
        let size = 1 + round % 9;
        let deal = |mut pool: Vec<Card>, rng: &mut ChaCha8Rng| {
            pool.shuffle(rng);
            pool.truncate(size);
            pool
        };

        hands.push(deal(deck.clone(), &mut rng));

        let suit = Suit::ALL[rng.random_range(0..4)];
        let mut flushy: Vec<Card> = deck.iter().copied().filter(|c| c.suit == suit).collect();
        let others: Vec<Card> = deck.iter().copied().filter(|c| c.suit != suit).collect();
        flushy.extend(others.choose_multiple(&mut rng, 5).copied());
        hands.push(deal(flushy, &mut rng));

        let rank_count = rng.random_range(2..=5);
        let ranks: Vec<Rank> = Rank::ALL
            .choose_multiple(&mut rng, rank_count)
            .copied()
            .collect();
        let repeated: Vec<Card> = deck
            .iter()
            .copied()
            .filter(|c| ranks.contains(&c.rank))
            .collect();
        hands.push(deal(repeated, &mut rng));

        let bottom = rng.random_range(1..=9u8);
        let suit_count = rng.random_range(1..=2);
        let suits: Vec<Suit> = Suit::ALL
            .choose_multiple(&mut rng, suit_count)
            .copied()
            .collect();
        let run: Vec<Card> = deck
            .iter()
            .copied()
            .filter(|c| {
                let value = if bottom == 1 {
                    c.rank.low_value()
                } else {
                    c.rank.value()
                };
                (bottom..bottom + 6).contains(&value) && suits.contains(&c.suit)
            })
            .collect();
        hands.push(deal(run, &mut rng));
    }
    hands
}
