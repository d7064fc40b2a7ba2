//! The ace-to-five eight-or-better low.

use studbot::table::Card;
use studbot::table::Rank::*;
use studbot::table::eval::{LowValue, best_low, best_low_cards};

fn low(text: &str) -> Option<LowValue> {
    best_low(&Card::parse_many(text).expect("test cards parse"))
}

#[test]
fn the_wheel_is_the_best_low() {
    let wheel = low("As 2d 3h 4c 5s Kd Kh").expect("the wheel is a low");
    assert!(wheel.is_wheel());
    assert_eq!(wheel.ranks(), [Five, Four, Three, Two, Ace]);
    assert!(wheel > low("6s 4d 3h 2c As").unwrap());
}

#[test]
fn eight_six_five_four_three_loses_to_eight_six_five_four_two() {
    assert!(low("8s 6d 5h 4c 3s").unwrap() < low("8s 6d 5h 4c 2s").unwrap());
}

#[test]
fn any_seven_low_beats_any_eight_low() {
    assert!(low("7s 6d 5h 4c 3s").unwrap() > low("8s 4d 3h 2c As").unwrap());
}

#[test]
fn the_low_ignores_pairs_straights_and_flushes() {
    let from_pairs = low("As Ad 2h 2c 3s 4d 6h").unwrap();
    assert_eq!(from_pairs.ranks(), [Six, Four, Three, Two, Ace]);
    let straight_flush = low("As 2s 3s 4s 5s").unwrap();
    assert!(straight_flush.is_wheel());
    assert_eq!(
        low("7h 6h 5h 4h 3h").unwrap().ranks(),
        [Seven, Six, Five, Four, Three]
    );
}

#[test]
fn the_low_takes_the_five_lowest_distinct_ranks() {
    assert_eq!(
        low("8s 7d 6h 4c 3s 2d Kh").unwrap().ranks(),
        [Seven, Six, Four, Three, Two]
    );
}

#[test]
fn no_low_with_only_four_low_ranks() {
    assert_eq!(low("As 2d 3h 8c 9s Td Kh"), None);
    assert_eq!(low("As Ad 2h 2c 3s 3d 8h"), None);
}

#[test]
fn nines_do_not_qualify() {
    assert_eq!(low("9s 5d 4h 3c 2s"), None);
}

#[test]
fn fewer_than_five_cards_have_no_low() {
    assert_eq!(low("As 2d 3h 4c"), None);
    assert_eq!(low(""), None);
}

#[test]
fn best_low_cards_are_shown_highest_first_ace_last() {
    let cards = Card::parse_many("Ac 8d 6h 4s 2c Kd Kh").unwrap();
    let (value, shown) = best_low_cards(&cards).expect("a low");
    let shown: Vec<String> = shown.iter().map(Card::to_string).collect();
    assert_eq!(shown, ["8d", "6h", "4s", "2c", "Ac"]);
    assert_eq!(value.ranks(), [Eight, Six, Four, Two, Ace]);
}
