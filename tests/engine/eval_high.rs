//! The high hand: the nine categories, kickers, the wheel, suits never breaking ties, and
//! the up-card ranking of one to four cards that decides who acts first.

use studbot::table::Card;
use studbot::table::Rank::{self, *};
use studbot::table::eval::{HandCategory, HighValue, best_high, best_high_cards};

fn high(text: &str) -> HighValue {
    best_high(&Card::parse_many(text).expect("test cards parse"))
}

fn shown(text: &str) -> String {
    let (_, cards) = best_high_cards(&Card::parse_many(text).expect("test cards parse"));
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn seven_cards_reach_each_of_the_nine_categories_with_their_deciding_ranks() {
    let cases: [(&str, HandCategory, &[Rank]); 9] = [
        (
            "As Jd 9h 7c 5s 3d 2h",
            HandCategory::HighCard,
            &[Ace, Jack, Nine, Seven, Five],
        ),
        (
            "7s 7d Kh Tc 5s 3d 2h",
            HandCategory::OnePair,
            &[Seven, King, Ten, Five],
        ),
        (
            "Ks Kd 5h 5c 9s 3d 2h",
            HandCategory::TwoPair,
            &[King, Five, Nine],
        ),
        (
            "Js Jd Jh 9c 5s 3d 2h",
            HandCategory::ThreeOfAKind,
            &[Jack, Nine, Five],
        ),
        ("9s 8d 7h 6c 5s Kd Kh", HandCategory::Straight, &[Nine]),
        (
            "Ks 9s 7s 4s 2s Kd Kh",
            HandCategory::Flush,
            &[King, Nine, Seven, Four, Two],
        ),
        (
            "As Ad Ah Qc Qs 3d 2h",
            HandCategory::FullHouse,
            &[Ace, Queen],
        ),
        (
            "Js Jd Jh Jc As 3d 2h",
            HandCategory::FourOfAKind,
            &[Jack, Ace],
        ),
        ("5h 4h 3h 2h Ah Kd Kc", HandCategory::StraightFlush, &[Five]),
    ];
    for (cards, category, ranks) in cases {
        let value = high(cards);
        assert_eq!(value.category(), category, "{cards}");
        assert_eq!(value.ranks(), ranks, "{cards}");
    }
    let mut values: Vec<HighValue> = cases.iter().map(|(cards, _, _)| high(cards)).collect();
    let in_given_order = values.clone();
    values.sort();
    assert_eq!(values, in_given_order, "categories order weakest first");
}

#[test]
fn kickers_decide_between_equal_pairs() {
    assert!(high("Ks Kd Qh 9c 5s 3d 2h") > high("Kh Kc Jh Tc 9s 3d 2h"));
    assert!(high("Ks Kd Qh 9c 6s 3d 2h") > high("Kh Kc Qd 9d 5s 4d 2c"));
}

#[test]
fn two_pair_uses_the_best_kicker_including_a_third_pair() {
    let value = high("Ks Kd 9h 9c 5s 5d 2h");
    assert_eq!(value.ranks(), vec![King, Nine, Five]);
    assert!(high("Ks Kd 9h 9c 5s 5d 2h") > high("Kh Kc 9s 9d 4s 3d 2c"));
}

#[test]
fn full_house_from_two_trips_takes_the_higher_trips_over_the_lower() {
    let value = high("8s 8d 8h 4c 4s 4d Ah");
    assert_eq!(value.category(), HandCategory::FullHouse);
    assert_eq!(value.ranks(), vec![Eight, Four]);
}

#[test]
fn the_wheel_is_a_five_high_straight_below_six_high() {
    let wheel = high("As 2d 3h 4c 5s Kd Qh");
    assert_eq!(wheel.category(), HandCategory::Straight);
    assert_eq!(wheel.ranks(), vec![Five]);
    assert!(wheel < high("2d 3h 4c 5s 6s Kd Qh"));
    assert!(
        wheel > high("As Ad Ah Kd Qh 9c 2c"),
        "a straight beats trips"
    );
    assert_eq!(shown("As 2d 3h 4c 5s Kd Qh"), "5s 4c 3h 2d As");
}

#[test]
fn ace_does_not_wrap_around_in_a_straight() {
    assert_eq!(
        high("Qs Kd Ah 2c 3s 8d 9h").category(),
        HandCategory::HighCard
    );
}

#[test]
fn suits_never_break_a_tie() {
    assert_eq!(high("As Ks Qh 9c 7s 3d 2h"), high("Ad Kd Qc 9h 7d 3s 2c"));
    assert_eq!(high("Ts 9s 8s 7s 6s"), high("Th 9h 8h 7h 6h"));
}

#[test]
fn a_flush_uses_its_five_highest_cards() {
    let value = high("Kh 9h 7h 4h 3h 2h Ad");
    assert_eq!(value.category(), HandCategory::Flush);
    assert_eq!(value.ranks(), vec![King, Nine, Seven, Four, Three]);
}

#[test]
fn a_straight_flush_beats_a_higher_plain_straight_in_the_same_hand() {
    let value = high("5h 6h 7h 8h 9h Td Jc");
    assert_eq!(value.category(), HandCategory::StraightFlush);
    assert_eq!(value.ranks(), vec![Nine]);
}

#[test]
fn best_cards_show_the_groups_first_then_kickers() {
    assert_eq!(shown("Qs Ad Ah Qc As 3d 2h"), "As Ah Ad Qs Qc");
    assert_eq!(shown("7s 7d Kh Tc 5s 3d 2h"), "7s 7d Kh Tc 5s");
}

#[test]
fn up_cards_a_pair_of_twos_showing_beats_ace_king_queen_showing() {
    assert!(high("2c 2d") > high("As Kd Qh"));
    assert!(high("2c 2d 3h") > high("As Kd Qh Jc"));
}

#[test]
fn up_cards_four_to_a_straight_or_flush_count_for_nothing() {
    let board = high("9h 8h 7h 6h");
    assert_eq!(board.category(), HandCategory::HighCard);
    assert_eq!(board.ranks(), vec![Nine, Eight, Seven, Six]);
    assert!(board < high("2c 2d 3h 4s"));
}

#[test]
fn up_cards_rank_by_pairs_trips_and_quads_then_high_cards() {
    let ordered = [
        "2c",
        "Kd",
        "Ac",
        "Ac 3d",
        "Ac Kd",
        "2c 2d",
        "2c 2d 3h",
        "Ac Ad",
        "Ac Ad Kh",
        "3c 3d 2h 2s",
        "Kc Kd 2h 2s",
        "2c 2d 2h",
        "2c 2d 2h 3c",
        "Ac Ad Ah",
        "2c 2d 2h 2s",
        "Ac Ad Ah As",
    ];
    for pair in ordered.windows(2) {
        assert!(
            high(pair[0]) < high(pair[1]),
            "{} should rank below {}",
            pair[0],
            pair[1]
        );
    }
    assert_eq!(high("2c 2d 2h 2s").category(), HandCategory::FourOfAKind);
    assert_eq!(high("Kc Kd 2h 2s").ranks(), vec![King, Two]);
}

#[test]
fn an_empty_hand_is_the_lowest_value_and_does_not_panic() {
    assert!(high("") < high("2c"));
    assert!(high("").ranks().is_empty());
}

#[test]
fn more_than_seven_cards_are_still_evaluated_correctly() {
    let whole_deck: Vec<Card> = Card::all().collect();
    assert_eq!(best_high(&whole_deck).to_string(), "Royal flush");
    let eight = "Ks Kd Kh Kc 9s 7s 4s 2s";
    assert_eq!(high(eight).to_string(), "Four of a kind, kings");
    let set = studbot::table::eval::CardSet::from_cards(&whole_deck);
    assert_eq!(set.len(), 52);
    assert_eq!(set.high(), best_high(&whole_deck));
    assert!(set.low().is_some_and(|low| low.is_wheel()));
}

#[test]
fn a_card_set_counts_a_repeated_card_once() {
    let mut set = studbot::table::eval::CardSet::from_cards(&Card::parse_many("As Kd").unwrap());
    set.insert("As".parse().unwrap());
    assert_eq!(set.len(), 2);
    assert_eq!(set.high(), high("As Kd"));
}
