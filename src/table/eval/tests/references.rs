//! The evaluators against the references on fixed-seed sample hands, on every set of
//! different ranks, past seven cards, and on every suit arrangement of quads, trips and pairs.

use super::*;

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
    // evaluator's ranks held in two, three and four suits overlap. Quads with one kicker, the
    // one hand of five or more cards that Razz plays as four of a kind, and boards of up to
    // four cards.
    let shapes: [&[usize]; 14] = [
        &[4],
        &[3, 1],
        &[2, 2],
        &[4, 1],
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
