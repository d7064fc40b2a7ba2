//! Which cards are shown as playing, for a high, a low and Razz's low.

use super::*;

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
