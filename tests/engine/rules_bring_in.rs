//! docs/RULES.md, Third street: who brings in, and what the bring-in and completion allow.

use crate::common;

use common::*;
use studbot::table::{ActionKind, Rules, Stakes, Street};

use ActionKind::*;

fn three_seats(doors: [&str; 3]) -> Vec<String> {
    let downs = ["9c Td", "9d Tc", "9h Ts"];
    let later = ["2s 5s 6s Qs", "2h 5h 6h Qh", "2c 5c 6c Qc"];
    (0..3)
        .map(|i| format!("{} {} {}", downs[i], doors[i], later[i]))
        .collect()
}

fn hand_with_doors(doors: [&str; 3], stacks: &[u64]) -> studbot::table::Hand {
    let seats = three_seats(doors);
    let refs: Vec<&str> = seats.iter().map(String::as_str).collect();
    seat_hand(Stakes::default(), Rules::default(), stacks, &refs)
}

#[test]
fn the_lowest_door_card_brings_in() {
    let hand = hand_with_doors(["Kd", "3c", "7h"], &[100, 100, 100]);
    assert_eq!(hand.to_act(), Some(1));
    assert_eq!(first_to_act_on(&hand, Street::Third), Some(1));
}

#[test]
fn the_ace_is_high_for_the_bring_in() {
    let hand = hand_with_doors(["Ac", "3d", "Kh"], &[100, 100, 100]);
    assert_eq!(
        hand.to_act(),
        Some(1),
        "the ace is not the lowest door card"
    );
}

#[test]
fn bring_in_ties_are_broken_by_suit_clubs_lowest() {
    let hand = hand_with_doors(["4s", "4h", "4c"], &[100, 100, 100]);
    assert_eq!(hand.to_act(), Some(2), "4c is lower than 4h and 4s");
    let hand = hand_with_doors(["4h", "4d", "4s"], &[100, 100, 100]);
    assert_eq!(hand.to_act(), Some(1), "4d is lower than 4h and 4s");
}

#[test]
fn the_bring_in_player_may_bring_in_or_complete_and_nothing_else() {
    let hand = hand_with_doors(["Kd", "3c", "7h"], &[100, 100, 100]);
    let bring_in = legal(&hand, BringIn).unwrap();
    assert_eq!((bring_in.chips, bring_in.total), (2, 2));
    let complete = legal(&hand, Complete).unwrap();
    assert_eq!((complete.chips, complete.total), (5, 5));
    assert_eq!(legal_kinds(&hand), vec![BringIn, Complete]);
}

#[test]
fn later_players_facing_the_bring_in_may_fold_call_or_complete() {
    let mut hand = hand_with_doors(["Kd", "3c", "7h"], &[100, 100, 100]);
    act(&mut hand, 1, BringIn);
    assert_eq!(hand.to_act(), Some(2));
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    assert_eq!(legal(&hand, Call).unwrap().chips, 2);
    assert_eq!(legal(&hand, Complete).unwrap().total, 5);
}

#[test]
fn a_bring_in_player_all_in_on_the_ante_passes_the_bring_in_to_the_left() {
    // Seat 1 has the lowest door card but only the ante.
    let hand = hand_with_doors(["Kd", "3c", "7h"], &[100, 1, 100]);
    assert_eq!(hand.to_act(), Some(2));
    assert_eq!(legal_kinds(&hand), vec![BringIn, Complete]);
}

#[test]
fn a_bring_in_player_all_in_on_the_ante_wraps_around_to_seat_zero() {
    let hand = hand_with_doors(["Kd", "7h", "3c"], &[100, 100, 1]);
    assert_eq!(hand.to_act(), Some(0));
    assert_eq!(legal_kinds(&hand), vec![BringIn, Complete]);
}

#[test]
fn everyone_only_calling_the_bring_in_ends_third_street_without_an_option() {
    let mut hand = hand_with_doors(["Kd", "3c", "7h"], &[100, 100, 100]);
    play(&mut hand, &[(1, BringIn), (2, Call), (0, Call)]);
    assert_eq!(hand.street(), Street::Fourth, "the bring-in gets no option");
}

#[test]
fn completing_is_not_a_raise_so_three_raises_follow_it() {
    let doors = ["Kd", "3c", "7h", "8s"];
    let downs = ["9c Td", "9d Tc", "9h Ts", "Jc Jd"];
    let seats: Vec<String> = (0..4)
        .map(|i| format!("{} {}", downs[i], doors[i]))
        .collect();
    let refs: Vec<&str> = seats.iter().map(String::as_str).collect();
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[200; 4], &refs);
    play(
        &mut hand,
        &[
            (1, BringIn),
            (2, Complete),
            (3, Raise),
            (0, Raise),
            (1, Raise),
        ],
    );
    assert_eq!(hand.to_act(), Some(2));
    assert_eq!(
        legal_kinds(&hand),
        vec![Fold, Call],
        "completion plus three raises reach the cap"
    );
    assert_eq!(legal(&hand, Call).unwrap().total, 20);
}

#[test]
fn the_bring_in_player_may_raise_after_a_completion() {
    let mut hand = hand_with_doors(["Kd", "3c", "7h"], &[100, 100, 100]);
    play(&mut hand, &[(1, BringIn), (2, Complete), (0, Call)]);
    assert_eq!(hand.to_act(), Some(1));
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 10);
}
