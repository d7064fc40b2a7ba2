//! RULES.md, Stakes, Fourth to seventh street and Raises: fixed-limit sizes, who acts first,
//! the raise cap and its heads-up exemption, and illegal actions refused with nothing changed.

use crate::common;

use common::*;
use studbot::table::{ActionError, ActionKind, Hand, Rules, Stakes, Street};

use ActionKind::*;

/// Seat 0 shows a pair of aces from fourth street on (it acts first), seat 1 has the lowest
/// door card (it brings in).
const SEATS: [&str; 3] = [
    "Ac Ad As Ah Kc Kd Qc",
    "2c 3d 4h 5s 7c 8d 9s",
    "6c 6d 5h 9c Tc Jd Qs",
];

fn three_handed(rules: Rules) -> Hand {
    seat_hand(Stakes::default(), rules, &[1000; 3], &SEATS)
}

fn heads_up(rules: Rules) -> Hand {
    seat_hand(Stakes::default(), rules, &[1000; 2], &SEATS[..2])
}

#[test]
fn bets_are_the_small_bet_on_third_and_fourth_and_the_big_bet_from_fifth() {
    let mut hand = three_handed(Rules::default());
    act(&mut hand, 1, BringIn);
    assert_eq!(legal(&hand, Complete).unwrap().total, 5);
    act(&mut hand, 2, Complete);
    assert_eq!(legal(&hand, Raise).unwrap().total, 10);
    check_to(&mut hand, Street::Fourth);
    assert_eq!(hand.to_act(), Some(0));
    // An open pair does not allow the big bet by default.
    assert_eq!(legal(&hand, Bet).unwrap().total, 5);
    act(&mut hand, 0, Bet);
    assert_eq!(legal(&hand, Raise).unwrap().total, 10);
    check_to(&mut hand, Street::Fifth);
    assert_eq!(legal(&hand, Bet).unwrap().total, 10);
    act(&mut hand, 0, Bet);
    assert_eq!(legal(&hand, Raise).unwrap().total, 20);
    check_to(&mut hand, Street::Sixth);
    assert_eq!(legal(&hand, Bet).unwrap().total, 10);
    check_to(&mut hand, Street::Seventh);
    assert_eq!(legal(&hand, Bet).unwrap().total, 10);
}

#[test]
fn with_open_pair_big_bet_an_open_pair_on_fourth_allows_the_big_bet() {
    let rules = Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    };
    let mut hand = three_handed(rules);
    check_to(&mut hand, Street::Fourth);
    assert_eq!(legal(&hand, Bet).unwrap().total, 10);
    act(&mut hand, 0, Bet);
    assert_eq!(legal(&hand, Raise).unwrap().total, 20);

    // Without an open pair, fourth street stays at the small bet.
    let no_pair = ["Ac Ad As Kh Qc 8h 8s", SEATS[1], SEATS[2]];
    let mut hand = seat_hand(Stakes::default(), rules, &[1000; 3], &no_pair);
    check_to(&mut hand, Street::Fourth);
    assert_eq!(legal(&hand, Bet).unwrap().total, 5);
}

#[test]
fn the_first_player_after_third_street_may_check_or_bet_and_no_bring_in() {
    let mut hand = three_handed(Rules::default());
    check_to(&mut hand, Street::Fourth);
    assert_eq!(legal_kinds(&hand), vec![Check, Bet]);
}

#[test]
fn the_best_board_for_high_acts_first_a_pair_beating_high_cards() {
    let seats = [
        "Qs Qh Ks 9d 2s 3s 4s",
        "2c 3d 3h 3c 2h 4h 5h",
        "7c 7d 4d Ad 6c 6h 7s",
    ];
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[100; 3], &seats);
    check_to(&mut hand, Street::Fourth);
    // Boards: K9, 33, 4A — the pair of threes is best.
    assert_eq!(first_to_act_on(&hand, Street::Fourth), Some(1));
    check_to(&mut hand, Street::Fifth);
    // Boards: K92, 332, 4A6.
    assert_eq!(first_to_act_on(&hand, Street::Fifth), Some(1));
}

#[test]
fn equal_boards_go_to_the_seat_nearest_the_dealers_left() {
    let seats = [
        "2c 2d 3c 7d 8s 9s Ts",
        "4c 4d Kc 7c 8h 9h Th",
        "5c 5d Kd 7h 8c 9c Tc",
    ];
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[100; 3], &seats);
    check_to(&mut hand, Street::Fourth);
    // Boards: 3-7, K-7, K-7: seats 1 and 2 tie; seat 1 is nearer the dealer's left.
    assert_eq!(first_to_act_on(&hand, Street::Fourth), Some(1));
    check_to(&mut hand, Street::Sixth);
    assert_eq!(first_to_act_on(&hand, Street::Sixth), Some(1));
}

#[test]
fn a_bet_and_three_raises_reach_the_cap() {
    let mut hand = three_handed(Rules::default());
    check_to(&mut hand, Street::Fifth);
    play(&mut hand, &[(0, Bet), (1, Raise), (2, Raise), (0, Raise)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
    assert_eq!(legal(&hand, Call).unwrap().total, 40);
}

#[test]
fn max_raises_sets_the_cap() {
    let rules = Rules {
        max_raises: 1,
        ..Rules::default()
    };
    let mut hand = three_handed(rules);
    check_to(&mut hand, Street::Fifth);
    play(&mut hand, &[(0, Bet), (1, Raise)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

#[test]
fn heads_up_from_the_start_of_the_round_the_cap_does_not_apply() {
    let mut hand = heads_up(Rules::default());
    check_to(&mut hand, Street::Fifth);
    play(
        &mut hand,
        &[
            (0, Bet),
            (1, Raise),
            (0, Raise),
            (1, Raise),
            (0, Raise),
            (1, Raise),
        ],
    );
    assert_eq!(legal(&hand, Raise).unwrap().total, 70);
}

#[test]
fn heads_up_with_the_exemption_off_the_cap_applies() {
    let rules = Rules {
        heads_up_uncapped: false,
        ..Rules::default()
    };
    let mut hand = heads_up(rules);
    check_to(&mut hand, Street::Fifth);
    play(&mut hand, &[(0, Bet), (1, Raise), (0, Raise), (1, Raise)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

#[test]
fn a_round_that_becomes_heads_up_before_the_cap_is_uncapped() {
    let mut hand = three_handed(Rules::default());
    check_to(&mut hand, Street::Fifth);
    play(
        &mut hand,
        &[(0, Bet), (1, Raise), (2, Fold), (0, Raise), (1, Raise)],
    );
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
}

#[test]
fn a_round_that_becomes_heads_up_after_the_cap_stays_capped() {
    let mut hand = three_handed(Rules::default());
    check_to(&mut hand, Street::Fifth);
    play(
        &mut hand,
        &[(0, Bet), (1, Raise), (2, Raise), (0, Raise), (1, Fold)],
    );
    assert_eq!(hand.to_act(), Some(2));
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

#[test]
fn the_cap_exemption_off_never_lifts_the_cap_after_a_fold() {
    let rules = Rules {
        heads_up_uncapped: false,
        ..Rules::default()
    };
    let mut hand = three_handed(rules);
    check_to(&mut hand, Street::Fifth);
    play(
        &mut hand,
        &[(0, Bet), (1, Raise), (2, Fold), (0, Raise), (1, Raise)],
    );
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

#[test]
fn illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    let mut hand = three_handed(Rules::default());
    let snapshot = |hand: &Hand| {
        (
            hand.action_seq(),
            hand.events().to_vec(),
            hand.public_view(),
        )
    };
    let before = snapshot(&hand);
    assert_eq!(
        hand.act(0, BringIn),
        Err(ActionError::NotYourTurn { seat: 0, to_act: 1 })
    );
    assert_eq!(hand.act(7, BringIn), Err(ActionError::NoSuchSeat(7)));
    let refused = hand.act(1, Fold).unwrap_err();
    assert!(matches!(
        refused,
        ActionError::NotAllowed { kind: Fold, .. }
    ));
    assert_eq!(
        refused.to_string(),
        "Fold is not allowed now; allowed: bring-in 2, complete to 5"
    );
    assert!(matches!(
        hand.act(1, Check),
        Err(ActionError::NotAllowed { .. })
    ));
    assert!(matches!(
        hand.act(1, Raise),
        Err(ActionError::NotAllowed { .. })
    ));
    assert_eq!(snapshot(&hand), before);

    act(&mut hand, 1, BringIn);
    let before = snapshot(&hand);
    assert!(matches!(
        hand.act(2, Check),
        Err(ActionError::NotAllowed { .. })
    ));
    assert!(matches!(
        hand.act(2, Bet),
        Err(ActionError::NotAllowed { .. })
    ));
    assert!(matches!(
        hand.act(2, BringIn),
        Err(ActionError::NotAllowed { .. })
    ));
    assert_eq!(snapshot(&hand), before);

    play(&mut hand, &[(2, Fold), (0, Fold)]);
    assert!(hand.is_over());
    let before = snapshot(&hand);
    assert_eq!(hand.act(1, Check), Err(ActionError::HandOver));
    assert_eq!(snapshot(&hand), before);
    assert!(hand.legal_actions().is_empty());
    assert_eq!(hand.to_act(), None);
}

#[test]
fn folding_is_not_offered_when_checking_is_free() {
    let mut hand = three_handed(Rules::default());
    check_to(&mut hand, Street::Fourth);
    assert!(matches!(
        hand.act(0, Fold),
        Err(ActionError::NotAllowed { .. })
    ));
}

#[test]
fn the_action_sequence_counts_accepted_actions() {
    let mut hand = three_handed(Rules::default());
    assert_eq!(hand.action_seq(), 0);
    act(&mut hand, 1, BringIn);
    assert_eq!(hand.action_seq(), 1);
    let _ = hand.act(1, Call);
    assert_eq!(hand.action_seq(), 1);
    act(&mut hand, 2, Call);
    assert_eq!(hand.action_seq(), 2);
}
