//! The fast evaluator agrees with a slow, obviously-correct reference (best of every
//! five-card subset, ranks counted and sorted), with the textbook category counts of all
//! 2,598,960 five-card hands, and with rs_poker's ordering of seven-card hands.

use std::collections::HashSet;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use studbot::table::eval::{
    CardSet, HandCategory, best_high, best_high_cards, best_high_low, best_low, best_low_cards,
};
use studbot::table::{Card, Rank};

/// A high hand as the reference sees it: category, then the deciding rank values.
type ReferenceHigh = (HandCategory, Vec<u8>);

/// Ranks grouped by how often they appear, biggest group first, then highest rank first.
fn groups(cards: &[Card]) -> Vec<(usize, u8)> {
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for card in cards {
        let value = card.rank.value();
        match groups.iter_mut().find(|(_, rank)| *rank == value) {
            Some(group) => group.0 += 1,
            None => groups.push((1, value)),
        }
    }
    groups.sort_by(|a, b| b.cmp(a));
    groups
}

/// The top of a straight made by exactly these five distinct values, if any.
fn reference_straight_top(values: &[u8]) -> Option<u8> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != 5 {
        return None;
    }
    if sorted == [2, 3, 4, 5, 14] {
        return Some(5);
    }
    (sorted[4] - sorted[0] == 4).then_some(sorted[4])
}

/// The value of exactly five cards, or of one to four up cards (no straights or flushes).
fn reference_partial_or_five(cards: &[Card]) -> ReferenceHigh {
    let groups = groups(cards);
    let counts: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let ranks: Vec<u8> = groups.iter().map(|g| g.1).collect();
    if cards.len() == 5 {
        let values: Vec<u8> = cards.iter().map(|c| c.rank.value()).collect();
        let flush = cards.iter().all(|c| c.suit == cards[0].suit);
        let straight = reference_straight_top(&values);
        match (flush, straight) {
            (true, Some(top)) => return (HandCategory::StraightFlush, vec![top]),
            (false, Some(top)) => return (HandCategory::Straight, vec![top]),
            (true, None) if counts[0] == 1 => return (HandCategory::Flush, ranks),
            _ => {}
        }
    }
    let category = match counts.as_slice() {
        [] => HandCategory::HighCard,
        [4, ..] => HandCategory::FourOfAKind,
        [3, 2, ..] => HandCategory::FullHouse,
        [3, ..] => HandCategory::ThreeOfAKind,
        [2, 2, ..] => HandCategory::TwoPair,
        [2, ..] => HandCategory::OnePair,
        _ => HandCategory::HighCard,
    };
    (category, ranks)
}

fn reference_high(cards: &[Card]) -> ReferenceHigh {
    if cards.len() <= 5 {
        return reference_partial_or_five(cards);
    }
    subsets(cards, 5)
        .iter()
        .map(|five| reference_partial_or_five(five))
        .max()
        .expect("at least one subset")
}

/// The reference low: of every five-card subset with five different ranks of 8 or lower
/// (ace = 1), the one whose values, highest first, are lexicographically smallest.
fn reference_low(cards: &[Card]) -> Option<Vec<u8>> {
    subsets(cards, 5)
        .iter()
        .filter_map(|five| {
            let mut values: Vec<u8> = five.iter().map(|c| c.rank.low_value()).collect();
            values.sort_unstable_by(|a, b| b.cmp(a));
            let distinct = values.windows(2).all(|w| w[0] != w[1]);
            (distinct && values[0] <= 8).then_some(values)
        })
        .min()
}

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

fn values(ranks: &[Rank]) -> Vec<u8> {
    ranks.iter().map(|r| r.value()).collect()
}

fn random_hands(seed: u64, count: usize, size: usize) -> Vec<Vec<Card>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = Card::all().collect();
    (0..count)
        .map(|_| {
            deck.shuffle(&mut rng);
            deck[..size].to_vec()
        })
        .collect()
}

#[test]
fn seven_card_high_and_low_agree_with_the_best_of_all_five_card_subsets() {
    let hands = random_hands(7, 3000, 7);
    let mut previous: Option<(ReferenceHigh, studbot::table::eval::HighValue)> = None;
    for hand in &hands {
        let ours = best_high(hand);
        let reference = reference_high(hand);
        assert_eq!(
            (ours.category(), values(&ours.ranks())),
            reference,
            "high of {hand:?}"
        );
        if let Some((prev_reference, prev_ours)) = &previous {
            assert_eq!(
                ours.cmp(prev_ours),
                reference.cmp(prev_reference),
                "order of {hand:?}"
            );
        }
        previous = Some((reference, ours));

        let ours_low = best_low(hand);
        let reference_low = reference_low(hand);
        assert_eq!(
            ours_low.map(|low| low
                .ranks()
                .iter()
                .map(|r| r.low_value())
                .collect::<Vec<u8>>()),
            reference_low,
            "low of {hand:?}"
        );
        assert_eq!(best_high_low(hand), (ours, ours_low));
        assert_eq!(CardSet::from_cards(hand).high_low(), (ours, ours_low));
    }
}

#[test]
fn random_lows_order_like_the_reference() {
    let hands = random_hands(8, 3000, 7);
    let lows: Vec<_> = hands
        .iter()
        .filter_map(|hand| Some((best_low(hand)?, reference_low(hand)?)))
        .collect();
    assert!(lows.len() > 500, "too few lows to compare: {}", lows.len());
    for pair in lows.windows(2) {
        let (ours_a, reference_a) = &pair[0];
        let (ours_b, reference_b) = &pair[1];
        // Greater is better for ours; smaller is better for the reference.
        assert_eq!(ours_a.cmp(ours_b), reference_b.cmp(reference_a));
    }
}

#[test]
fn up_cards_of_one_to_four_agree_with_the_reference_across_card_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut deck: Vec<Card> = Card::all().collect();
    let boards: Vec<Vec<Card>> = (0..4000)
        .map(|i| {
            deck.shuffle(&mut rng);
            deck[..1 + i % 4].to_vec()
        })
        .collect();
    for pair in boards.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (ours_a, ours_b) = (best_high(a), best_high(b));
        let (reference_a, reference_b) = (reference_high(a), reference_high(b));
        assert_eq!((ours_a.category(), values(&ours_a.ranks())), reference_a);
        assert_eq!(
            ours_a.cmp(&ours_b),
            reference_a.cmp(&reference_b),
            "{a:?} vs {b:?}"
        );
    }
}

#[test]
fn best_cards_make_the_value_they_claim() {
    for hand in random_hands(10, 1000, 7) {
        let (value, five) = best_high_cards(&hand);
        assert_eq!(five.len(), 5);
        assert!(five.iter().all(|card| hand.contains(card)));
        assert_eq!(best_high(&five), value);
        if let Some((low, five)) = best_low_cards(&hand) {
            assert_eq!(five.len(), 5);
            assert!(five.iter().all(|card| hand.contains(card)));
            assert_eq!(best_low(&five), Some(low));
            let shown: Vec<Rank> = five.iter().map(|c| c.rank).collect();
            assert_eq!(shown, low.ranks());
        }
    }
}

#[test]
fn all_five_card_hands_fall_into_the_textbook_category_counts() {
    let deck: Vec<Card> = Card::all().collect();
    let mut counts = [0u32; 9];
    let mut distinct = HashSet::new();
    let mut hand = [deck[0]; 5];
    for a in 0..52 {
        hand[0] = deck[a];
        for b in a + 1..52 {
            hand[1] = deck[b];
            for c in b + 1..52 {
                hand[2] = deck[c];
                for d in c + 1..52 {
                    hand[3] = deck[d];
                    for &fifth in &deck[d + 1..] {
                        hand[4] = fifth;
                        let value = best_high(&hand);
                        counts[value.category() as usize] += 1;
                        distinct.insert(value);
                    }
                }
            }
        }
    }
    assert_eq!(
        counts,
        [
            1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40
        ]
    );
    assert_eq!(distinct.len(), 7462, "distinct five-card hand values");
}

fn to_rs_poker(card: Card) -> rs_poker::core::Card {
    rs_poker::core::Card {
        value: rs_poker::core::Value::from_u8(card.rank.value() - 2),
        suit: rs_poker::core::Suit::from_u8(card.suit.index()),
    }
}

#[test]
fn seven_card_hands_order_like_rs_poker() {
    use rs_poker::core::Rankable;
    let hands = random_hands(11, 5000, 7);
    let ranked: Vec<_> = hands
        .iter()
        .map(|hand| {
            let theirs: Vec<rs_poker::core::Card> = hand.iter().map(|&c| to_rs_poker(c)).collect();
            (best_high(hand), theirs.rank())
        })
        .collect();
    for pair in ranked.windows(2) {
        assert_eq!(pair[0].0.cmp(&pair[1].0), pair[0].1.cmp(&pair[1].1));
    }
}

#[test]
fn hands_of_eight_to_ten_cards_agree_with_the_reference_too() {
    for size in 8..=10 {
        for hand in random_hands(12 + size as u64, 300, size) {
            let ours = best_high(&hand);
            assert_eq!(
                (ours.category(), values(&ours.ranks())),
                reference_high(&hand),
                "high of {hand:?}"
            );
            let ours_low = best_low(&hand).map(|low| {
                low.ranks()
                    .iter()
                    .map(|r| r.low_value())
                    .collect::<Vec<u8>>()
            });
            assert_eq!(ours_low, reference_low(&hand), "low of {hand:?}");
            assert_eq!(best_high_low(&hand), (ours, best_low(&hand)));
        }
    }
}
