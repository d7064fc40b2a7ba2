//! The English names of hands, as people read them in results.

use studbot::table::Card;
use studbot::table::eval::{best_high, best_low};

fn high_name(text: &str) -> String {
    best_high(&Card::parse_many(text).expect("test cards parse")).to_string()
}

fn low_name(text: &str) -> String {
    best_low(&Card::parse_many(text).expect("test cards parse"))
        .map(|low| low.to_string())
        .unwrap_or_else(|| "no low".into())
}

#[test]
fn every_high_category_has_its_english_name() {
    let cases = [
        ("As Jd 9h 7c 4s 3d 2h", "Ace high"),
        ("7s 7d Kh Tc 5s 3d 2h", "Pair of sevens"),
        ("Ks Kd 5h 5c 9s 3d 2h", "Two pair, kings and fives"),
        ("Js Jd Jh 9c 5s 3d 2h", "Three of a kind, jacks"),
        ("9s 8d 7h 6c 5s Kd Kh", "Straight, nine high"),
        ("Ks 9s 7s 4s 2s Kd Kh", "Flush, king high"),
        ("As Ad Ah Qc Qs 3d 2h", "Full house, aces over queens"),
        ("Js Jd Jh Jc As 3d 2h", "Four of a kind, jacks"),
        ("5h 4h 3h 2h Ah Kd Kc", "Straight flush, five high"),
        ("Ah Kh Qh Jh Th 9h 8h", "Royal flush"),
        ("6c 6d 6h 6s", "Four of a kind, sixes"),
        ("Tc", "Ten high"),
        ("", "No cards"),
    ];
    for (cards, name) in cases {
        assert_eq!(high_name(cards), name, "{cards}");
    }
}

#[test]
fn lows_are_named_by_their_ranks_and_the_wheel_by_its_name() {
    assert_eq!(low_name("8c 6d 4h 2s Ac Kd Kh"), "8-6-4-2-A low");
    assert_eq!(low_name("As 2d 3h 4c 5s"), "wheel (5-4-3-2-A)");
    assert_eq!(low_name("7s 6d 5h 4c 3s"), "7-6-5-4-3 low");
    assert_eq!(low_name("9s 6d 5h 4c 3s"), "no low");
}
