//! Known hands of every category and their words, and the eight-or-better qualifier's edges.

use super::*;

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

// The eight-or-better qualifier.

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
