//! The evaluators against plain references written here, slow and simple: the best five of
//! up to nine cards by category then kickers, the best qualifying eight-or-better low, and
//! Razz's ace-to-five low, compared on fixed-seed random hands (uniform, flush-heavy,
//! rank-heavy, straight-heavy) and on every set of different ranks; known hands of every
//! category and their words; the qualifier's edges; the cards shown; and [`CardSet`]'s
//! operations and bit layout.

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

#[test]
fn random_hands_of_one_to_nine_cards_evaluate_like_the_references() {
    for hand in sample_hands(28, 540) {
        assert_evaluators_agree_with_the_references(&hand);
    }
}

#[test]
fn the_samples_hold_every_high_category_and_both_kinds_of_low() {
    let hands = sample_hands(28, 540);
    for category in HandCategory::ALL {
        assert!(
            hands
                .iter()
                .any(|hand| best_high(hand).category() == category),
            "no {category:?} in the samples"
        );
    }
    assert!(
        hands
            .iter()
            .any(|hand| hand.len() >= 5 && best_low(hand).is_none())
    );
    assert!(hands.iter().any(|hand| best_low(hand).is_some()));
    for size in 1..=9 {
        assert!(hands.iter().any(|hand| hand.len() == size));
    }
}

/// The ranks of `mask` (bit 0 = deuce … bit 12 = ace).
fn ranks_of_mask(mask: u32) -> Vec<Rank> {
    Rank::ALL
        .iter()
        .enumerate()
        .filter(|&(bit, _)| mask >> bit & 1 == 1)
        .map(|(_, &rank)| rank)
        .collect()
}

#[test]
fn every_set_of_different_ranks_evaluates_like_the_references() {
    for mask in 0u32..1 << 13 {
        let ranks = ranks_of_mask(mask);
        let values: Vec<u8> = ranks.iter().rev().map(|rank| rank.value()).collect();
        let straight = reference_straight_top(&values);
        let top_five: Vec<u8> = values.iter().copied().take(5).collect();

        // One suit: a straight flush, a flush, or (under five) a high card.
        let suited: Vec<Card> = ranks
            .iter()
            .map(|&rank| Card::new(rank, Suit::Hearts))
            .collect();
        let expected = match straight {
            Some(top) => (HandCategory::StraightFlush, vec![top]),
            None if values.len() >= 5 => (HandCategory::Flush, top_five.clone()),
            None => (HandCategory::HighCard, top_five.clone()),
        };
        assert_eq!(
            high_of_bits(bits_of(&suited)),
            high_value_of(&expected),
            "{suited:?}"
        );
        assert_eq!(best_high(&suited), high_value_of(&expected), "{suited:?}");

        // The suits in turn, at most four cards a suit: a straight or a high card.
        let spread: Vec<Card> = ranks
            .iter()
            .enumerate()
            .map(|(index, &rank)| Card::new(rank, Suit::ALL[index % 4]))
            .collect();
        let expected = match straight {
            Some(top) => (HandCategory::Straight, vec![top]),
            None => (HandCategory::HighCard, top_five),
        };
        assert_eq!(
            high_of_bits(bits_of(&spread)),
            high_value_of(&expected),
            "{spread:?}"
        );
        assert_eq!(
            CardSet::from_cards(&spread).high(),
            high_value_of(&expected)
        );

        // The low and Razz's low of different ranks: the five lowest, the ace lowest.
        let mut low_values: Vec<u8> = ranks.iter().map(|rank| rank.low_value()).collect();
        low_values.sort_unstable();
        low_values.truncate(5);
        low_values.reverse();
        let low = (low_values.len() == 5 && low_values[0] <= 8).then(|| low_value_of(&low_values));
        assert_eq!(low_of_bits(bits_of(&spread)), low, "{spread:?}");
        assert_eq!(low_of_cards(&suited), low, "{suited:?}");
        let razz = ace_five_low_of_suits(suit_masks(bits_of(&spread)));
        assert_eq!(razz.get(), (1 << 24) - slots_of(&low_values), "{spread:?}");
        assert_eq!(razz.category(), HandCategory::HighCard);
    }
}

/// The rank slots of an ace-to-five low with no pair.
fn slots_of(values_highest_first: &[u8]) -> u32 {
    values_highest_first
        .iter()
        .enumerate()
        .fold(0, |slots, (slot, &value)| {
            slots | u32::from(value) << (16 - 4 * slot)
        })
}

#[test]
fn hands_of_more_than_seven_cards_evaluate_like_the_references() {
    let all: Vec<Card> = Card::all().collect();
    let set = CardSet::from_cards(&all);
    assert_eq!(best_high(&all).to_string(), "Royal flush");
    assert_eq!(set.high().to_string(), "Royal flush");
    assert!(best_low(&all).is_some_and(LowValue::is_wheel));
    assert!(set.low().is_some_and(LowValue::is_wheel));
    assert!(set.ace_five_low().is_wheel());
    assert!(AceFiveLow::of(&all).is_wheel());
    let eight = cards("Kc Kd Kh Ks Qc Qd Qh 2c");
    assert_evaluators_agree_with_the_references(&eight);
    assert_eq!(best_high(&eight).to_string(), "Four of a kind, kings");
    assert_eq!(
        AceFiveLow::of(&eight).to_string(),
        "Two pair, kings and queens (K-K-Q-Q-2)"
    );
}

#[test]
fn a_slice_of_thousands_of_cards_is_evaluated_by_its_different_cards() {
    // Eighty decks: the card count of a key would pass its 12 bits and overflow the u64, so
    // past seven cards no entry point may build one.
    let decks: Vec<Card> = (0..80).flat_map(|_| Card::all()).collect();
    let (high, low) = best_high_low(&decks);
    assert_eq!(high.to_string(), "Royal flush");
    assert!(low.is_some_and(LowValue::is_wheel));
    assert_eq!(best_high(&decks), high);
    assert!(AceFiveLow::of(&decks).is_wheel());
}

/// Every hand of these groups in every choice of suits: `sizes[i]` cards of `ranks[i]`.
fn suit_arrangements(sizes: &[usize], ranks: &[Rank]) -> Vec<Vec<Card>> {
    let suit_choices = |size: usize| -> Vec<Vec<Suit>> {
        (0u32..16)
            .filter(|choice| choice.count_ones() as usize == size)
            .map(|choice| {
                Suit::ALL
                    .iter()
                    .enumerate()
                    .filter(|&(index, _)| choice >> index & 1 == 1)
                    .map(|(_, &suit)| suit)
                    .collect()
            })
            .collect()
    };
    let mut hands: Vec<Vec<Card>> = vec![Vec::new()];
    for (&size, &rank) in sizes.iter().zip(ranks) {
        hands = hands
            .iter()
            .flat_map(|hand| {
                suit_choices(size).into_iter().map(move |suits| {
                    let mut with = hand.clone();
                    with.extend(suits.iter().map(|&suit| Card::new(rank, suit)));
                    with
                })
            })
            .collect();
    }
    hands
}

#[test]
fn every_suit_arrangement_of_quads_trips_and_pairs_evaluates_like_the_references() {
    // Quads beside trips or a pair, two and three trips, three pairs: the hands where the
    // evaluator's ranks held in two, three and four suits overlap.
    let shapes: [&[usize]; 10] = [
        &[4, 3],
        &[4, 2, 1],
        &[4, 1, 1, 1],
        &[3, 3, 1],
        &[3, 2, 2],
        &[3, 2, 1, 1],
        &[2, 2, 2, 1],
        &[4, 4],
        &[4, 3, 2],
        &[3, 3, 3],
    ];
    let highest_group_first = [Rank::King, Rank::Seven, Rank::Four, Rank::Two];
    let lowest_group_first = [Rank::Three, Rank::Six, Rank::Jack, Rank::Ace];
    for sizes in shapes {
        for ranks in [highest_group_first, lowest_group_first] {
            for hand in suit_arrangements(sizes, &ranks) {
                assert_evaluators_agree_with_the_references(&hand);
            }
        }
    }
}

// ---- Known hands and their words ----

#[test]
fn seven_card_full_house_prefers_the_highest_trips() {
    let value = best_high(&cards("Ks Kd Kh Qs Qd Qh 2c"));
    assert_eq!(value.category(), HandCategory::FullHouse);
    assert_eq!(value.ranks(), vec![Rank::King, Rank::Queen]);
    assert_eq!(value.to_string(), "Full house, kings over queens");
}

#[test]
fn the_wheel_is_a_five_high_straight_and_the_best_low() {
    let hand = cards("As 2d 3h 4c 5s Kd Kh");
    assert_eq!(best_high(&hand).to_string(), "Straight, five high");
    let low = best_low(&hand).unwrap();
    assert!(low.is_wheel());
    assert_eq!(low.to_string(), "wheel (5-4-3-2-A)");
}

#[test]
fn the_steel_wheel_is_a_five_high_straight_flush_and_the_best_of_both_lows() {
    let hand = cards("As 2s 3s 4s 5s Kd Kh");
    let (high, low) = best_high_low(&hand);
    assert_eq!(high.category(), HandCategory::StraightFlush);
    assert_eq!(high.ranks(), vec![Rank::Five]);
    assert_eq!(high.to_string(), "Straight flush, five high");
    assert!(low.is_some_and(LowValue::is_wheel));
    assert!(AceFiveLow::of(&hand).is_wheel());
}

#[test]
fn up_card_pair_of_twos_beats_ace_king_queen() {
    assert!(best_high(&cards("2c 2d")) > best_high(&cards("As Kd Qh")));
    assert_eq!(best_high(&cards("2c 2d")).ranks().len(), 1);
}

#[test]
fn lows_compare_highest_card_first() {
    let worse = best_low(&cards("8s 6d 5h 4c 3s")).unwrap();
    let better = best_low(&cards("8s 6d 5h 4c 2s")).unwrap();
    assert!(better > worse);
    assert_eq!(better.to_string(), "8-6-5-4-2 low");
}

#[test]
fn every_high_category_is_named_in_words() {
    let named = [
        ("As Kd 9h 7c 2s", "Ace high"),
        ("9s 9d Ah 7c 2s", "Pair of nines"),
        ("Ks Kd Qh Qc 2s", "Two pair, kings and queens"),
        ("7s 7d 7h Kc 2s", "Three of a kind, sevens"),
        ("9s 8d 7h 6c 5s", "Straight, nine high"),
        ("Ah Kd Qh Jc Ts", "Straight, ace high"),
        ("Kh 9h 7h 4h 2h", "Flush, king high"),
        ("Ks Kd Kh Qc Qs", "Full house, kings over queens"),
        ("9s 9d 9h 9c 2s", "Four of a kind, nines"),
        ("9h 8h 7h 6h 5h", "Straight flush, nine high"),
        ("Ah Kh Qh Jh Th", "Royal flush"),
        ("", "No cards"),
        ("Qs Qd", "Pair of queens"),
    ];
    for (hand, words) in named {
        assert_eq!(best_high(&cards(hand)).to_string(), words, "{hand}");
    }
}

#[test]
fn every_rank_is_named_in_the_singular_and_the_plural() {
    let singular = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
        "king", "ace",
    ];
    let plural = [
        "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
        "queens", "kings", "aces",
    ];
    for (index, &rank) in Rank::ALL.iter().enumerate() {
        let one = best_high(&[Card::new(rank, Suit::Clubs)]);
        let mut capital = singular[index].to_string();
        capital[..1].make_ascii_uppercase();
        assert_eq!(one.to_string(), format!("{capital} high"));
        let pair = best_high(&[Card::new(rank, Suit::Clubs), Card::new(rank, Suit::Spades)]);
        assert_eq!(pair.to_string(), format!("Pair of {}", plural[index]));
    }
    for top in 5..=14u8 {
        let run: Vec<Card> = (top - 4..=top)
            .filter_map(Rank::from_value)
            .enumerate()
            .map(|(index, rank)| Card::new(rank, Suit::ALL[index % 2]))
            .collect();
        let index = usize::from(top - 2);
        assert_eq!(
            best_high(&run).to_string(),
            format!("Straight, {} high", singular[index])
        );
    }
}

#[test]
fn every_category_has_its_stable_key_and_code() {
    let keys = [
        "high_card",
        "one_pair",
        "two_pair",
        "three_of_a_kind",
        "straight",
        "flush",
        "full_house",
        "four_of_a_kind",
        "straight_flush",
    ];
    for (code, category) in HandCategory::ALL.into_iter().enumerate() {
        assert_eq!(category.as_str(), keys[code]);
        assert_eq!(HighValue((code as u32) << 20).category(), category);
    }
    assert_eq!(HighValue(15 << 20).category(), HandCategory::StraightFlush);
}

#[test]
fn a_high_value_is_laid_out_category_then_five_rank_slots() {
    let value = best_high(&cards("Ks Kd 9h 7c 2s"));
    assert_eq!(value.0, 1 << 20 | 13 << 16 | 9 << 12 | 7 << 8 | 2 << 4);
    assert_eq!(
        value.ranks(),
        vec![Rank::King, Rank::Nine, Rank::Seven, Rank::Two]
    );
    assert_eq!(best_high(&cards("Ac")).0, 14 << 16);
    assert_eq!(best_high(&[]).0, 0);
    assert!(best_high(&[]).ranks().is_empty());
}

// ---- The eight-or-better qualifier ----

#[test]
fn an_eight_low_qualifies_and_a_nine_low_does_not() {
    let eight = best_low(&cards("8s 7d 6h 5c 4s")).unwrap();
    assert_eq!(eight.to_string(), "8-7-6-5-4 low");
    assert!(!eight.is_wheel());
    assert_eq!(best_low(&cards("9s 7d 6h 5c 4s")), None);
    assert_eq!(best_low(&cards("9s 7d 6h 5c 4s Kd Th")), None);
    assert_eq!(
        best_low(&cards("9s 7d 6h 5c 4s Kd 2h")).map(|low| low.to_string()),
        Some("7-6-5-4-2 low".to_string())
    );
    assert_eq!(best_low(&cards("7s 6d 5h 4c")), None);
}

#[test]
fn a_paired_rank_counts_once_in_the_low() {
    assert_eq!(best_low(&cards("8s 8d 6h 6c 4s 3c 3d")), None);
    assert_eq!(best_low(&cards("As Ad 2c 2d 3h 3s 4c")), None);
    assert_eq!(
        best_low(&cards("8s 8d 6h 5c 4s 3c")).map(|low| low.to_string()),
        Some("8-6-5-4-3 low".to_string())
    );
    let wheel = best_low(&cards("As Ad 2c 3d 4h 5s 5c")).unwrap();
    assert!(wheel.is_wheel());
}

#[test]
fn the_ace_plays_low_and_the_lowest_five_play() {
    let low = best_low(&cards("Ah 2c 3d 4h 8s")).unwrap();
    assert_eq!(
        low.ranks(),
        [Rank::Eight, Rank::Four, Rank::Three, Rank::Two, Rank::Ace]
    );
    assert_eq!(low.to_string(), "8-4-3-2-A low");
    let low = best_low(&cards("8c 7d 6h 5s 4c 3d 2h")).unwrap();
    assert_eq!(low.to_string(), "6-5-4-3-2 low");
    assert!(
        best_low(&cards("6s 4d 3h 2c As")).unwrap() < best_low(&cards("5s 4d 3h 2c As")).unwrap()
    );
    assert!(!best_low(&cards("6s 4d 3h 2c As")).unwrap().is_wheel());
}

#[test]
fn a_low_is_laid_out_as_the_complement_of_its_rank_mask() {
    let wheel = best_low(&cards("5s 4d 3h 2c As")).unwrap();
    assert_eq!(wheel.0.get(), 0b1110_0000);
    let eight = best_low(&cards("8s 7d 6h 5c 4s")).unwrap();
    assert_eq!(eight.0.get(), 0b0000_0111);
}

#[test]
fn a_stored_low_with_more_than_five_ranks_names_its_five_highest_without_panicking() {
    // A corrupt record: the complement of seven ranks, 8 down to 2.
    let low: LowValue = serde_json::from_str("1").unwrap();
    assert_eq!(
        low.ranks(),
        [Rank::Eight, Rank::Seven, Rank::Six, Rank::Five, Rank::Four]
    );
    assert_eq!(low.to_string(), "8-7-6-5-4 low");
}

// ---- The cards shown ----

#[test]
fn the_cards_shown_for_a_high_are_the_five_that_play_biggest_group_first() {
    let shown = |hand: &str| best_high_cards(&cards(hand)).1;
    assert_eq!(shown("Kd Ks 2c Kh 2d 9s 3c"), cards("Ks Kh Kd 2d 2c"));
    assert_eq!(shown("5c 4d 3h 2s Ah Kd Qc"), cards("5c 4d 3h 2s Ah"));
    assert_eq!(shown("2c Td Jc As Qh Kd 3d"), cards("As Kd Qh Jc Td"));
    assert_eq!(shown("9c 9d 4s Ah 7c Qd 3d"), cards("9d 9c Ah Qd 7c"));
    assert_eq!(shown("7c As 7d"), cards("7d 7c As"));
    assert_eq!(shown("6h 5h 4h 3h 2h"), cards("6h 5h 4h 3h 2h"));
    let (value, five) = best_high_cards(&cards("Kd Ks 2c Kh 2d 9s 3c"));
    assert_eq!(value.to_string(), "Full house, kings over twos");
    assert_eq!(five.len(), 5);
}

#[test]
fn the_cards_shown_for_random_hands_are_five_of_them_that_make_the_value() {
    for hand in sample_hands(29, 120)
        .into_iter()
        .filter(|hand| hand.len() >= 5)
    {
        let (value, five) = best_high_cards(&hand);
        assert_eq!(value, best_high(&hand));
        assert_eq!(five.len(), 5, "{hand:?}");
        assert_eq!(CardSet::from_cards(&five).len(), 5, "{hand:?}");
        assert!(five.iter().all(|card| hand.contains(card)), "{hand:?}");
        assert_eq!(best_high(&five), value, "{hand:?}");
    }
}

#[test]
fn the_cards_shown_for_a_low_are_its_ranks_in_the_lowest_suit() {
    let (low, five) = best_low_cards(&cards("8c 6d 5h 4s 2c 2d Kc")).unwrap();
    assert_eq!(low.to_string(), "8-6-5-4-2 low");
    assert_eq!(five, cards("8c 6d 5h 4s 2c"));
    let (_, five) = best_low_cards(&cards("5s 4d 3h 2s Ah Ac")).unwrap();
    assert_eq!(five, cards("5s 4d 3h 2s Ac"));
    assert_eq!(best_low_cards(&cards("9c 6d 5h 4s 2c 2d Kc")), None);
}

#[test]
fn the_cards_of_a_razz_low_are_those_it_is_said_by() {
    let (low, five) = best_ace_five_low_cards(&cards("Kd 7c 5h 4s 2d Ac Kh"));
    assert_eq!(low.to_string(), "7-5-4-2-A");
    assert_eq!(five, cards("7c 5h 4s 2d Ac"));
}

// ---- CardSet and the bit layout ----

#[test]
fn a_card_is_one_bit_suit_lanes_of_sixteen_deuce_lowest() {
    assert_eq!(card_bit(Card::new(Rank::Two, Suit::Clubs)), 1);
    assert_eq!(card_bit(Card::new(Rank::Ace, Suit::Clubs)), 1 << 12);
    assert_eq!(card_bit(Card::new(Rank::Two, Suit::Diamonds)), 1 << 16);
    assert_eq!(card_bit(Card::new(Rank::Five, Suit::Hearts)), 1 << 35);
    assert_eq!(card_bit(Card::new(Rank::Ace, Suit::Spades)), 1 << 60);
    for card in Card::all() {
        let expected =
            1u64 << (16 * u32::from(card.suit.index()) + u32::from(card.rank.value()) - 2);
        assert_eq!(card_bit(card), expected, "{card}");
        let mut lanes = [0u32; 4];
        lanes[usize::from(card.suit.index())] = 1 << (card.rank.value() - 2);
        assert_eq!(suit_masks(card_bit(card)), lanes, "{card}");
    }
    let all = bits_of(&Card::all().collect::<Vec<_>>());
    assert_eq!(all, 0x1FFF_1FFF_1FFF_1FFF);
    assert_eq!(suit_masks(all), [0x1FFF; 4]);
    assert_eq!(suit_masks(u64::MAX), [0x1FFF; 4]);
    assert_eq!(bits_of(&cards("2c 2c As")), 1 | 1 << 60);
    assert_eq!(bits_of(&[]), 0);
    assert_eq!(suit_masks(0x0003_0000_0010_1001), [0x1001, 0x10, 0, 3]);
}

#[test]
fn a_card_set_counts_a_card_added_twice_once() {
    let ace = Card::new(Rank::Ace, Suit::Spades);
    let twice = CardSet::from_cards(&[ace, ace]);
    assert_eq!(twice, CardSet::from_cards(&[ace]));
    assert_eq!(twice.len(), 1);
    let mut set = CardSet::EMPTY;
    set.insert(ace);
    set.insert(ace);
    assert_eq!(set, twice);
    let hand = cards("As Ad Ac 2h 3h");
    let mut doubled = hand.clone();
    doubled.extend(hand.iter().copied());
    assert_eq!(CardSet::from_cards(&doubled), CardSet::from_cards(&hand));
    assert_eq!(
        CardSet::from_cards(&doubled).high().to_string(),
        "Three of a kind, aces"
    );
}

#[test]
fn an_empty_card_set_holds_nothing() {
    assert_eq!(CardSet::default(), CardSet::EMPTY);
    assert!(CardSet::EMPTY.is_empty());
    assert_eq!(CardSet::EMPTY.len(), 0);
    assert!(Card::all().all(|card| !CardSet::EMPTY.contains(card)));
    assert_eq!(CardSet::EMPTY.high(), HighValue(0));
    assert_eq!(CardSet::EMPTY.low(), None);
    assert!(!CardSet::from_cards(&cards("2c")).is_empty());
}

#[test]
fn a_card_set_knows_its_cards_and_how_many_of_each_rank() {
    let hand = cards("As Ad Ac Ah 7h 7c 2d");
    let set = CardSet::from_cards(&hand);
    assert_eq!(set.len(), 7);
    for card in Card::all() {
        assert_eq!(set.contains(card), hand.contains(&card), "{card}");
    }
    for rank in Rank::ALL {
        let expected = hand.iter().filter(|card| card.rank == rank).count();
        assert_eq!(usize::from(set.count_of_rank(rank)), expected, "{rank:?}");
    }
    let full = CardSet::from_cards(&Card::all().collect::<Vec<_>>());
    assert_eq!(full.len(), 52);
    assert!(Rank::ALL.iter().all(|&rank| full.count_of_rank(rank) == 4));
}

#[test]
fn a_key_says_when_it_cannot_answer_a_flush_or_more_than_seven_cards() {
    let key_of = |hand: &[Card]| {
        hand.iter()
            .fold(EMPTY_KEY, |key, &card| key + card_key(card))
    };
    let four_hearts = key_of(&cards("2h 5h 9h Kh As Ad Ac"));
    assert_eq!(four_hearts & KEY_NOT_ENOUGH, 0);
    assert_ne!(key_of(&cards("2h 5h 9h Kh Ah")) & KEY_NOT_ENOUGH, 0);
    assert_eq!(key_of(&cards("2h 5h 9h Kh Ah")) & KEY_PAST_SEVEN, 0);
    let seven = key_of(&cards("2c 3d 4h 5s 6c 7d 8h"));
    assert_eq!(seven & KEY_PAST_SEVEN, 0);
    assert_ne!(
        key_of(&cards("2c 3d 4h 5s 6c 7d 8h 9s")) & KEY_PAST_SEVEN,
        0
    );
    assert_eq!(
        CardSet::from_cards(&cards("2h 5h 9h Kh Ah"))
            .high()
            .to_string(),
        "Flush, ace high"
    );
}
