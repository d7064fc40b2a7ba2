//! The PHH writer's format as pokerkit reads it: `ante_trimming_status = true`, and the
//! showdown pokerkit holds as soon as the betting ends with players all-in before seventh
//! street (every player still in shows the cards held so far before the next `d dh`, and
//! shows all seven again at the end).

use crate::common;

use common::*;
use studbot::table::phh::hand_to_phh;
use studbot::table::{ActionKind, Hand, Rules};

use ActionKind::*;

/// Seat 0 holds AhKh/Qh, then Jh Th 9h / 8h; seat 1 holds 2c3c/4c (lowest door: brings in),
/// then 5c 6c 7c / 8c.
const SEATS: [&str; 2] = ["Ah Kh Qh Jh Th 9h 8h", "2c 3c 4c 5c 6c 7c 8c"];

fn phh(hand: &Hand) -> toml::Table {
    let text = hand_to_phh(hand, Rules::pokerkit(), Some(1), None).expect("the hand is over");
    toml::from_str(&text).expect("valid TOML")
}

fn actions(table: &toml::Table) -> Vec<&str> {
    table["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|action| action.as_str().expect("a string"))
        .collect()
}

#[test]
fn ante_trimming_is_switched_on_so_pokerkit_keeps_a_short_ante_out_of_the_main_pot() {
    let mut hand = seat_hand(stakes(1, 2, 5, 10), Rules::pokerkit(), &[100, 100], &SEATS);
    check_down(&mut hand);
    let table = phh(&hand);
    assert_eq!(table["ante_trimming_status"].as_bool(), Some(true));
}

#[test]
fn an_all_in_on_fourth_street_shows_every_hand_before_fifth_street_is_dealt() {
    // Seat 1 has 8 chips: 1 ante, bring-in 2, calls the completion to 5, then calls the
    // fourth-street bet all-in for 2; the 3 chips nobody called go back to seat 0.
    let mut hand = seat_hand(stakes(1, 2, 5, 10), Rules::pokerkit(), &[100, 8], &SEATS);
    play(
        &mut hand,
        &[(1, BringIn), (0, Complete), (1, Call), (0, Bet), (1, Call)],
    );
    assert!(
        hand.result().is_some(),
        "no more betting: the cards are run out"
    );
    let table = phh(&hand);
    assert_eq!(
        actions(&table),
        vec![
            "d dh p1 AhKhQh",
            "d dh p2 2c3c4c",
            "p2 pb",
            "p1 cbr 5",
            "p2 cc",
            "d dh p1 Jh",
            "d dh p2 5c",
            "p1 cbr 5",
            "p2 cc",
            "p1 sm AhKhQhJh",
            "p2 sm 2c3c4c5c",
            "d dh p1 Th",
            "d dh p2 6c",
            "d dh p1 9h",
            "d dh p2 7c",
            "d dh p1 8h",
            "d dh p2 8c",
            "p1 sm AhKhQhJhTh9h8h",
            "p2 sm 2c3c4c5c6c7c8c",
        ]
    );
    // Seat 0's royal flush takes the high half of the 16 chips, seat 1's 6-5-4-3-2 the low.
    assert_eq!(final_stacks(&hand), vec![100, 8]);
}

#[test]
fn a_player_all_in_on_the_ante_shows_right_after_third_street_is_dealt() {
    // Seat 1's only chip is the ante: nobody can bet, not even a bring-in.
    let mut hand = seat_hand(stakes(1, 2, 5, 10), Rules::pokerkit(), &[100, 1], &SEATS);
    assert_eq!(hand.to_act(), None);
    check_down(&mut hand);
    let table = phh(&hand);
    let written = actions(&table);
    assert_eq!(
        written[..4],
        [
            "d dh p1 AhKhQh",
            "d dh p2 2c3c4c",
            "p1 sm AhKhQh",
            "p2 sm 2c3c4c"
        ]
    );
    assert_eq!(
        written[4..],
        [
            "d dh p1 Jh",
            "d dh p2 5c",
            "d dh p1 Th",
            "d dh p2 6c",
            "d dh p1 9h",
            "d dh p2 7c",
            "d dh p1 8h",
            "d dh p2 8c",
            "p1 sm AhKhQhJhTh9h8h",
            "p2 sm 2c3c4c5c6c7c8c",
        ]
    );
}

#[test]
fn a_hand_without_an_early_all_in_shows_only_after_seventh_street() {
    let mut hand = seat_hand(stakes(1, 2, 5, 10), Rules::pokerkit(), &[100, 100], &SEATS);
    check_down(&mut hand);
    let table = phh(&hand);
    let written = actions(&table);
    let first_show = written
        .iter()
        .position(|action| action.contains(" sm"))
        .expect("a showdown");
    assert!(
        written[first_show..]
            .iter()
            .all(|action| action.contains(" sm")),
        "{written:?}"
    );
    assert_eq!(written.len() - first_show, 2);
}
