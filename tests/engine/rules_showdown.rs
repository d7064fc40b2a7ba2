//! docs/RULES.md, Showdown: the hi/lo split, quartering, odd chips under both `odd_chip` options,
//! the order of showing, mucking hands that cannot win, and the uncontested win.

use crate::common;

use common::*;
use studbot::table::{ActionKind, Event, Hand, OddChip, Rules, Stakes, Street};

use ActionKind::*;

fn odd_chip(rule: OddChip) -> Rules {
    Rules {
        odd_chip: rule,
        ..Rules::default()
    }
}

/// Seat 0 makes kings full and no low; seats 1 and 2 make the same 8-6-4-3-2 low.
/// Seat 1 holds 2d, seat 2 holds 2c: the lowest card by suit is seat 2's.
const QUARTERING: [&str; 3] = [
    "Ks Kh Kd Qc Qd Js 9c",
    "2d 3c 4c 6d 8h Jh Th",
    "2c 3h 4s 6h 8s Tc Jd",
];

/// Bring-in, completion, a bet on fourth and on fifth, all called: each seat puts in 20.
fn play_quartering(hand: &mut Hand) {
    play(
        hand,
        &[
            (1, BringIn),
            (2, Complete),
            (0, Call),
            (1, Call),
            (0, Bet),
            (1, Call),
            (2, Call),
            (0, Bet),
            (1, Call),
            (2, Call),
        ],
    );
    check_down(hand);
}

#[test]
fn tied_lows_quarter_the_pot() {
    let mut hand = seat_hand(
        stakes(0, 2, 5, 10),
        Rules::default(),
        &[100; 3],
        &QUARTERING,
    );
    play_quartering(&mut hand);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(award.amount, 60);
    assert_eq!(award.high, vec![(0, 30)]);
    assert_eq!(award.low, vec![(1, 15), (2, 15)]);
    assert_eq!(final_stacks(&hand), vec![110, 95, 95]);
}

#[test]
fn the_high_half_takes_the_odd_chip_and_by_suit_gives_a_low_odd_chip_to_the_lowest_card() {
    let mut hand = seat_hand(
        Stakes::default(),
        odd_chip(OddChip::BySuit),
        &[100; 3],
        &QUARTERING,
    );
    play_quartering(&mut hand);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(award.amount, 63);
    assert_eq!(
        award.high,
        vec![(0, 32)],
        "the high half gets the odd chip of an odd pot"
    );
    assert_eq!(
        award.low,
        vec![(1, 15), (2, 16)],
        "seat 2 holds 2c, the lowest card by suit"
    );
}

#[test]
fn first_seat_gives_a_low_odd_chip_to_the_tied_winner_nearest_the_dealers_left() {
    let mut hand = seat_hand(
        Stakes::default(),
        odd_chip(OddChip::FirstSeat),
        &[100; 3],
        &QUARTERING,
    );
    play_quartering(&mut hand);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(award.high, vec![(0, 32)]);
    assert_eq!(award.low, vec![(1, 16), (2, 15)]);
}

/// Seats 0 and 1 both make an ace-high straight and no low; seat 1 holds the ace of spades.
/// Seat 2 folds to the bring-in, leaving an odd pot of 7.
fn tied_highs(rule: OddChip) -> Hand {
    let seats = ["Ac Kd Qh Js Th 3c 2d", "As Kc Qd Jh Tc 4d 5h", "9c 9d Kh"];
    let mut hand = seat_hand(Stakes::default(), odd_chip(rule), &[100; 3], &seats);
    play(&mut hand, &[(1, BringIn), (2, Fold), (0, Call)]);
    check_down(&mut hand);
    hand
}

#[test]
fn with_no_qualifying_low_the_high_takes_the_whole_pot() {
    let hand = tied_highs(OddChip::BySuit);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(award.amount, 7);
    assert!(award.low.is_empty());
    assert_eq!(award.high.iter().map(|(_, c)| c).sum::<u64>(), 7);
}

#[test]
fn by_suit_gives_a_high_odd_chip_to_the_highest_card_by_suit() {
    let hand = tied_highs(OddChip::BySuit);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(
        award.high,
        vec![(0, 3), (1, 4)],
        "seat 1 holds the ace of spades"
    );
}

/// Three 9-high straights tie for high, no low; two folders leave an 11-chip pot, so two
/// odd chips. `by_suit` looks at all of a player's own cards: the kings outside the
/// straights decide (spades, hearts, clubs: seats 2, 0, 1), not the nines inside them
/// (spades, diamonds, clubs: seats 1, 2, 0), and the two odd chips go one each in that order.
fn tied_straights(rule: OddChip) -> Hand {
    let seats = [
        "Kh 5c 6d 7h 8s 9c Qd",
        "Kc 5d 6h 7s 8c 9s Jd",
        "Ks 5h 6s 7c 8d 9d Jh",
        "2c 3c Ac",
        "2h 3h Ad",
    ];
    let mut hand = seat_hand(Stakes::default(), odd_chip(rule), &[100; 5], &seats);
    play(
        &mut hand,
        &[(0, BringIn), (1, Call), (2, Call), (3, Fold), (4, Fold)],
    );
    check_down(&mut hand);
    hand
}

#[test]
fn by_suit_looks_at_every_own_card_and_gives_several_odd_chips_one_each_in_order() {
    let hand = tied_straights(OddChip::BySuit);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(award.amount, 11);
    assert!(award.low.is_empty());
    assert_eq!(award.high, vec![(0, 4), (1, 3), (2, 4)]);
    assert_eq!(final_stacks(&hand), vec![101, 100, 101, 99, 99]);
    // first_seat gives them to seats 0 and 1.
    let hand = tied_straights(OddChip::FirstSeat);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(award.high, vec![(0, 4), (1, 4), (2, 3)]);
}

#[test]
fn first_seat_gives_a_high_odd_chip_to_the_lowest_seat() {
    let hand = tied_highs(OddChip::FirstSeat);
    let award = &hand.result().unwrap().awards[0];
    assert_eq!(award.high, vec![(0, 4), (1, 3)]);
}

fn shown_order(hand: &Hand) -> Vec<(usize, bool)> {
    hand.events()
        .iter()
        .filter_map(|e| match e {
            Event::Shown { seat, .. } => Some((*seat, true)),
            Event::Mucked { seat } => Some((*seat, false)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_last_bettor_on_the_last_round_shows_first_then_clockwise() {
    let mut hand = seat_hand(
        stakes(0, 2, 5, 10),
        Rules::default(),
        &[100; 3],
        &QUARTERING,
    );
    check_to(&mut hand, Street::Seventh);
    assert_eq!(hand.to_act(), Some(0));
    play(
        &mut hand,
        &[(0, Check), (1, Check), (2, Bet), (0, Call), (1, Call)],
    );
    assert_eq!(shown_order(&hand), vec![(2, true), (0, true), (1, true)]);
    assert_eq!(hand.result().unwrap().shown, vec![2, 0, 1]);
}

#[test]
fn with_no_bet_on_the_last_round_the_first_to_act_shows_first() {
    let mut hand = seat_hand(
        stakes(0, 2, 5, 10),
        Rules::default(),
        &[100; 3],
        &QUARTERING,
    );
    check_down(&mut hand);
    assert_eq!(first_to_act_on(&hand, Street::Seventh), Some(0));
    assert_eq!(shown_order(&hand), vec![(0, true), (1, true), (2, true)]);
}

/// Seat 2 makes a wheel straight flush: the best high and the best low.
const NUTS: [&str; 3] = [
    "Ks Qs Qc Jc Tc 9d 8d",
    "7c 7d 7h 7s 6c 6d 9c",
    "Ah 2h 3h 4h 5h Kc Kd",
];

#[test]
fn a_hand_that_cannot_win_any_part_of_the_pot_is_mucked() {
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[100; 3], &NUTS);
    check_down(&mut hand);
    // Seat 1 (two pair showing) acts first on seventh and shows first; seat 2 beats it both
    // ways; seat 0 can win nothing and mucks.
    assert_eq!(first_to_act_on(&hand, Street::Seventh), Some(1));
    assert_eq!(shown_order(&hand), vec![(1, true), (2, true), (0, false)]);
    let result = hand.result().unwrap();
    assert_eq!(result.shown, vec![1, 2]);
    assert_eq!(result.awards[0].high, vec![(2, 5)]);
    assert_eq!(result.awards[0].low, vec![(2, 4)]);
    assert_eq!(result.final_stacks, vec![97, 97, 106]);
}

#[test]
fn once_someone_is_all_in_every_hand_is_shown() {
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[3, 100, 100], &NUTS);
    check_down(&mut hand);
    let shown = shown_order(&hand);
    assert_eq!(shown.len(), 3);
    assert!(
        shown.iter().all(|(_, shows)| *shows),
        "no one mucks: {shown:?}"
    );
}

#[test]
fn when_everyone_else_folds_the_last_player_wins_without_showing() {
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[100; 3], &QUARTERING);
    let events = {
        act(&mut hand, 1, BringIn);
        act(&mut hand, 2, Fold);
        act(&mut hand, 0, Fold)
    };
    assert!(events.contains(&Event::Returned { seat: 1, chips: 2 }));
    assert!(hand.is_over());
    let result = hand.result().unwrap();
    assert!(result.shown.is_empty());
    assert!(shown_order(&hand).is_empty());
    let award = &result.awards[0];
    assert!(award.uncontested);
    assert_eq!((award.amount, award.high.clone()), (3, vec![(1, 3)]));
    assert_eq!(result.final_stacks, vec![99, 102, 99]);
    assert!(matches!(
        hand.events().last(),
        Some(Event::HandEnded { .. })
    ));
}

#[test]
fn a_bet_no_one_calls_on_a_later_street_wins_the_pot_and_comes_back() {
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[100; 3], &QUARTERING);
    check_to(&mut hand, Street::Fifth);
    play(&mut hand, &[(0, Bet), (1, Fold), (2, Fold)]);
    let result = hand.result().unwrap();
    assert_eq!(result.final_stacks, vec![106, 97, 97]);
    assert!(
        hand.events()
            .contains(&Event::Returned { seat: 0, chips: 10 })
    );
}

/// Both make the 6-high straight for high and 6-5-4-3-2 for low; seat 0 holds the highest
/// card by suit (Kh) and the lowest (2h), and brings in; seat 1 calls and both check down:
/// a 6-chip pot whose halves are 3 each.
fn identical_both_ways(rule: OddChip) -> Hand {
    let seats = ["Kh Qc 2h 3s 4d 5c 6h", "Kd Qs 2s 3c 4h 5d 6c"];
    let mut hand = seat_hand(Stakes::default(), odd_chip(rule), &[100; 2], &seats);
    play(&mut hand, &[(0, BringIn), (1, Call)]);
    check_down(&mut hand);
    hand
}

#[test]
fn identical_hands_both_ways_split_the_pot_as_one_share_under_either_odd_chip_rule() {
    for rule in [OddChip::BySuit, OddChip::FirstSeat] {
        let hand = identical_both_ways(rule);
        let award = &hand.result().unwrap().awards[0];
        assert_eq!(award.amount, 6, "{rule:?}");
        // Each half's odd chip goes a different way: 3 each, never 4/2.
        assert_eq!(award.high, vec![(0, 2), (1, 1)], "{rule:?}");
        assert_eq!(award.low, vec![(0, 1), (1, 2)], "{rule:?}");
        assert_eq!(final_stacks(&hand), vec![100, 100], "{rule:?}");
    }
}
