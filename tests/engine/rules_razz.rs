//! docs/RULES.md, "Other stud games", `razz`: the highest door card brings in (ace low, spades
//! the highest suit), the best low board acts first (pairs count against it), and the best
//! ace-to-five low of seven cards takes each pot with no qualifier; the odd chip of a tie
//! goes by the lowest card by suit.

use crate::common;

use common::*;
use studbot::table::{
    AceFiveLow, ActionKind, Event, Game, Hand, HandSetup, OddChip, Rules, Stakes, Street,
};

use ActionKind::*;

fn razz_hand(stakes: Stakes, rules: Rules, stacks: &[u64], seats: &[&str]) -> Hand {
    game_seat_hand(Game::Razz, stakes, rules, stacks, seats)
}

/// Three seats whose door cards are `doors`; nobody's board pairs later.
fn hand_with_doors(doors: [&str; 3]) -> Hand {
    let downs = ["9c Td", "9d Tc", "9h Ts"];
    let later = ["2s 5s 6s Qs", "2h 5h 6h Qh", "2c 5c 6c Qc"];
    let seats: Vec<String> = (0..3)
        .map(|i| format!("{} {} {}", downs[i], doors[i], later[i]))
        .collect();
    let refs: Vec<&str> = seats.iter().map(String::as_str).collect();
    razz_hand(Stakes::default(), Rules::default(), &[100; 3], &refs)
}

#[test]
fn in_razz_the_highest_door_card_brings_in() {
    let hand = hand_with_doors(["7d", "Kc", "3h"]);
    assert_eq!(hand.to_act(), Some(1));
    assert_eq!(legal_kinds(&hand), vec![BringIn, Complete]);
}

#[test]
fn in_razz_the_ace_is_low_for_the_bring_in() {
    let hand = hand_with_doors(["Ac", "2d", "As"]);
    assert_eq!(
        hand.to_act(),
        Some(1),
        "a deuce is higher than an ace in razz"
    );
}

#[test]
fn in_razz_bring_in_ties_go_to_the_highest_suit_spades() {
    let hand = hand_with_doors(["Kc", "Ks", "Kh"]);
    assert_eq!(hand.to_act(), Some(1), "the king of spades brings in first");
    let hand = hand_with_doors(["Jd", "Jc", "Jh"]);
    assert_eq!(hand.to_act(), Some(2), "Jh is above Jd and Jc");
}

#[test]
fn in_razz_the_best_low_board_acts_first_and_pairs_count_against_it() {
    // Fourth street boards: seat 0 shows 2-2 (a pair), seat 1 K-Q, seat 2 7-6.
    let mut hand = razz_hand(
        Stakes::default(),
        Rules::default(),
        &[100; 3],
        &[
            "9c Td 2c 2d 3s 4s 5s",
            "9d Tc Kc Qd 3h 4h 5h",
            "9h Ts 7c 6d 3c 4c 5c",
        ],
    );
    assert_eq!(hand.to_act(), Some(1), "the king brings in");
    check_to(&mut hand, Street::Fourth);
    assert_eq!(
        first_to_act_on(&hand, Street::Fourth),
        Some(2),
        "7-6 is the best low board"
    );
    // Fifth street: seat 0 shows 2-2-3, seat 1 K-Q-3: no pair beats the pair of deuces.
    let mut pair_only = razz_hand(
        Stakes::default(),
        Rules::default(),
        &[100; 2],
        &["9c Td 2c 2d 3s 4s 5s", "9d Tc Kc Qd 3h 4h 5h"],
    );
    check_to(&mut pair_only, Street::Fourth);
    assert_eq!(
        first_to_act_on(&pair_only, Street::Fourth),
        Some(1),
        "K-Q beats a pair of deuces for low"
    );
}

#[test]
fn in_razz_equal_low_boards_go_to_the_lowest_seat() {
    let mut hand = razz_hand(
        Stakes::default(),
        Rules::default(),
        &[100; 3],
        &[
            "9c Td Kc 8d 3s 4s 5s",
            "9d Tc 7c 6d 3h 4h 5h",
            "9h Ts 7h 6h 3c 4c 5c",
        ],
    );
    check_to(&mut hand, Street::Fourth);
    assert_eq!(first_to_act_on(&hand, Street::Fourth), Some(1));
}

#[test]
fn in_razz_the_lowest_hand_takes_the_whole_pot_without_a_qualifier() {
    // Seat 0 holds four ranks only (a pair at best); seat 1's best five are K-Q-J-T-9
    // without a pair (kings full for high, which does not count), and win.
    let mut hand = razz_hand(
        stakes(0, 2, 5, 10),
        Rules::default(),
        &[100, 100],
        &["9c 9d 2c 2d 3s 3h 4s", "Kc Kd Qh Js Tc 9h Ks"],
    );
    check_down(&mut hand);
    let result = hand.result().unwrap();
    assert_eq!(result.awards.len(), 1);
    let award = &result.awards[0];
    assert!(award.high.is_empty(), "razz has no high half");
    assert_eq!(award.low, vec![(1, award.amount)]);
    assert_eq!(
        AceFiveLow::of(&cards("Kc Kd Qh Js Tc 9h Ks")).to_string(),
        "K-Q-J-T-9"
    );
}

#[test]
fn in_razz_the_wheel_beats_a_seven_low_and_scoops() {
    let mut hand = razz_hand(
        stakes(1, 2, 5, 10),
        Rules::default(),
        &[100, 100],
        &["Ac 2d Kh Qs 3c 4d 5h", "7c 5d 4h 3s 2c Kd Qh"],
    );
    check_down(&mut hand);
    let result = hand.result().unwrap();
    assert_eq!(result.final_stacks.iter().sum::<u64>(), 200);
    assert!(result.final_stacks[0] > 100);
    assert!(result.wins(0).scooped);
}

#[test]
fn in_razz_a_tied_low_splits_and_the_odd_chip_goes_to_the_lowest_card_by_suit() {
    // Both make 7-5-4-2-A; seat 1 holds the ace of clubs, the lowest card by suit.
    let seats = ["Ad 2d 4h Kd 5h 7h Qd", "Ac 2c 4s Ks 5s 7s Qs"];
    // Antes of 1 and a bring-in of 2 called make 6; a third player who antes and folds
    // makes the pot odd.
    let seats3 = [seats[0], seats[1], "9h 9s 3d Th Jc Jd Jh"];
    for (rule, winner) in [(OddChip::BySuit, 1), (OddChip::FirstSeat, 0)] {
        let rules = Rules {
            odd_chip: rule,
            ..Rules::default()
        };
        let mut hand = razz_hand(stakes(1, 2, 5, 10), rules, &[100; 3], &seats3);
        // Seat 1's four of spades is the highest door: it brings in; seat 2 folds, seat 0
        // calls; then everyone checks.
        assert_eq!(hand.to_act(), Some(1));
        play(&mut hand, &[(1, BringIn), (2, Fold), (0, Call)]);
        check_down(&mut hand);
        let result = hand.result().unwrap();
        let award = &result.awards[0];
        assert_eq!(award.amount, 7, "three antes and two bring-ins");
        let mut low = award.low.clone();
        low.sort();
        let expected: Vec<(usize, u64)> = [0, 1]
            .into_iter()
            .map(|seat| (seat, if seat == winner { 4 } else { 3 }))
            .collect();
        assert_eq!(low, expected, "{rule:?}");
    }
}

#[test]
fn in_razz_a_shown_hand_names_its_cards_and_the_razz_low_is_found_from_them() {
    let mut hand = razz_hand(
        stakes(0, 2, 5, 10),
        Rules::default(),
        &[100, 100],
        &["Ac 2d Kh Qs 3c 4d 7h", "8c 6d 4h 3s 2c Kd Qh"],
    );
    check_down(&mut hand);
    let shown: Vec<String> = hand
        .events()
        .iter()
        .filter_map(|event| match event {
            Event::Shown { cards, .. } => Some(AceFiveLow::of(cards).to_string()),
            _ => None,
        })
        .collect();
    assert!(shown.contains(&"7-4-3-2-A".to_string()), "{shown:?}");
}

/// docs/RULES.md, "Other stud games": razz has no open-pair big bet; a pair showing on fourth
/// street is a bad razz board, so the option (which a `mix` table may carry for its stud
/// legs) is ignored in a razz hand, while a stud hand with the same rules offers it.
#[test]
fn in_razz_an_open_pair_on_fourth_offers_no_big_bet_even_under_open_pair_big_bet() {
    let rules = Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    };
    // Fourth street boards: seat 0 shows 2-2, the open pair; seat 1 brings in with the king.
    let seats = ["9c Td 2c 2d 3s 4s 5s", "9d Tc Kc Qd 3h 4h 5h"];
    let mut razz = razz_hand(Stakes::default(), rules, &[100; 2], &seats);
    check_to(&mut razz, Street::Fourth);
    assert_eq!(legal_kinds(&razz), vec![Check, Bet]);
    assert_eq!(legal(&razz, Bet).unwrap().total, 5);

    let lists = seats.iter().map(|s| cards(s)).collect();
    let mut stud = Hand::new(HandSetup::from_seat_cards(
        Game::Stud,
        Stakes::default(),
        rules,
        &[100; 2],
        lists,
        None,
    ))
    .unwrap();
    check_to(&mut stud, Street::Fourth);
    assert!(
        legal_kinds(&stud).contains(&BetBig),
        "{:?}",
        legal_kinds(&stud)
    );
}
