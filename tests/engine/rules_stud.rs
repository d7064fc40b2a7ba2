//! docs/RULES.md, "Other stud games", `stud`: Seven-Card Stud, high only. The bring-in and the
//! first to act are Stud/8's (lowest door card ace high; best high board); the best high
//! hand takes each pot, however good a low the others hold.

use crate::common;

use common::*;
use studbot::table::{ActionKind, Game, Hand, Rules, Stakes, Street};

use ActionKind::*;

fn stud_hand(stakes: Stakes, rules: Rules, stacks: &[u64], seats: &[&str]) -> Hand {
    game_seat_hand(Game::Stud, stakes, rules, stacks, seats)
}

#[test]
fn in_stud_the_lowest_door_card_brings_in_with_the_ace_high() {
    let hand = stud_hand(
        Stakes::default(),
        Rules::default(),
        &[100; 3],
        &["9c Td Ac", "9d Tc 3d", "9h Ts Kh"],
    );
    assert_eq!(hand.to_act(), Some(1));
}

#[test]
fn in_stud_the_best_high_board_acts_first() {
    let mut hand = stud_hand(
        Stakes::default(),
        Rules::default(),
        &[100; 3],
        &[
            "9c Td 2c 2d 3s 4s 5s",
            "9d Tc Kc Qd 3h 4h 5h",
            "9h Ts 7c 6d 3c 4c 5c",
        ],
    );
    check_to(&mut hand, Street::Fourth);
    assert_eq!(
        first_to_act_on(&hand, Street::Fourth),
        Some(0),
        "a pair of deuces"
    );
}

#[test]
fn in_stud_the_best_high_takes_the_whole_pot_and_a_low_wins_nothing() {
    let mut hand = stud_hand(
        stakes(1, 2, 5, 10),
        Rules::default(),
        &[100, 100],
        &["Kc Kd Qh Js Tc 9h Ks", "Ac 2d 3h 4s 6c 8d Qd"],
    );
    check_down(&mut hand);
    let result = hand.result().unwrap();
    let award = &result.awards[0];
    assert_eq!(award.high, vec![(0, award.amount)]);
    assert!(award.low.is_empty(), "stud has no low half");
    assert!(result.wins(0).scooped);
    assert!(!result.wins(1).won_low);
}

#[test]
fn in_stud_tied_highs_split_the_pot_and_the_odd_chip_goes_by_suit() {
    // Both play A-K-Q-J-9 high; seat 1 holds the ace of spades.
    let mut hand = stud_hand(
        stakes(1, 2, 5, 10),
        Rules::default(),
        &[100; 3],
        &[
            "Ac Kc Qd Jh 9c 4d 2h",
            "As Ks Qh Js 9d 4h 2s",
            "3c 4c 7c 8s 6d Td 2c",
        ],
    );
    // Seat 2's seven is the lowest door card: three antes and three bring-ins make 9.
    play(&mut hand, &[(2, BringIn), (0, Call), (1, Call)]);
    check_down(&mut hand);
    let result = hand.result().unwrap();
    let award = &result.awards[0];
    assert_eq!(award.amount, 9);
    let mut high = award.high.clone();
    high.sort();
    assert_eq!(high, vec![(0, 4), (1, 5)]);
}
