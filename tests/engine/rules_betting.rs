//! docs/RULES.md, Stakes, Fourth to seventh street and Raises: fixed-limit sizes, who acts first,
//! the raise cap and its heads-up exemption, and illegal actions refused with nothing changed.

use crate::common;

use common::*;
use studbot::table::{ActionError, ActionKind, Hand, Rules, SeatState, ShortAllIn, Stakes, Street};

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

fn open_pair_big_bet() -> Rules {
    Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    }
}

/// docs/RULES.md, Stakes: with `open_pair_big_bet` and a pair showing on fourth street, each
/// bettor CHOOSES the small or the big amount.
#[test]
fn with_open_pair_big_bet_an_open_pair_on_fourth_offers_the_small_and_the_big_bet() {
    let mut hand = three_handed(open_pair_big_bet());
    check_to(&mut hand, Street::Fourth);
    assert_eq!(legal_kinds(&hand), vec![Check, Bet, BetBig]);
    assert_eq!(legal(&hand, Bet).unwrap().total, 5);
    assert_eq!(legal(&hand, BetBig).unwrap().total, 10);

    // Without an open pair, fourth street stays at the small bet.
    let no_pair = ["Ac Ad As Kh Qc 8h 8s", SEATS[1], SEATS[2]];
    let mut hand = seat_hand(Stakes::default(), open_pair_big_bet(), &[1000; 3], &no_pair);
    check_to(&mut hand, Street::Fourth);
    assert_eq!(legal_kinds(&hand), vec![Check, Bet]);
    // Nor does fifth street offer a choice: it is the big bet already.
    let mut hand = three_handed(open_pair_big_bet());
    check_to(&mut hand, Street::Fifth);
    assert_eq!(legal_kinds(&hand), vec![Check, Bet]);
    assert_eq!(legal(&hand, Bet).unwrap().total, 10);
}

#[test]
fn an_open_pair_small_bet_may_be_raised_small_or_big_and_once_big_every_raise_is_big() {
    let mut hand = three_handed(open_pair_big_bet());
    check_to(&mut hand, Street::Fourth);
    act(&mut hand, 0, Bet);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise, RaiseBig]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 10);
    assert_eq!(legal(&hand, RaiseBig).unwrap().total, 15);
    act(&mut hand, 1, Raise);
    assert_eq!(legal(&hand, Raise).unwrap().total, 15);
    assert_eq!(legal(&hand, RaiseBig).unwrap().total, 20);
    act(&mut hand, 2, RaiseBig);
    // Once big, every further raise is big: no small raise is offered.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, RaiseBig]);
    assert_eq!(legal(&hand, RaiseBig).unwrap().total, 30);
    act(&mut hand, 0, RaiseBig);
    // A bet and three raises, the big ones counted once each: capped.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
    assert_eq!(legal(&hand, Call).unwrap().total, 30);
}

#[test]
fn an_open_pair_big_bet_makes_every_raise_big() {
    let mut hand = three_handed(open_pair_big_bet());
    check_to(&mut hand, Street::Fourth);
    act(&mut hand, 0, BetBig);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, RaiseBig]);
    assert_eq!(legal(&hand, RaiseBig).unwrap().total, 20);
    play(&mut hand, &[(1, Call), (2, Call)]);
    assert_eq!(hand.street(), Street::Fifth);
    assert_eq!(hand.public_view().pot, 3 * 13);
}

#[test]
fn the_big_bet_is_offered_only_when_it_costs_more_than_the_small_one() {
    // Seat 0 has 4 chips on fourth street: the small bet is already all of them.
    let mut hand = seat_hand(
        Stakes::default(),
        open_pair_big_bet(),
        &[7, 1000, 1000],
        &SEATS,
    );
    check_to(&mut hand, Street::Fourth);
    assert_eq!(legal_kinds(&hand), vec![Check, Bet]);
    assert!(legal(&hand, Bet).unwrap().all_in);
}

#[test]
fn an_open_pair_big_bet_all_in_short_of_the_big_bet_counts_as_the_short_all_in_option_says() {
    // Seat 0 has 7 chips on fourth street: a small bet of 5, or a big bet all-in for 7.
    let stacks = [10, 1000, 1000];
    let short = |rule: ShortAllIn| {
        let rules = Rules {
            short_all_in: rule,
            ..open_pair_big_bet()
        };
        let mut hand = seat_hand(Stakes::default(), rules, &stacks, &SEATS);
        check_to(&mut hand, Street::Fourth);
        let big = legal(&hand, BetBig).unwrap();
        assert_eq!((big.total, big.all_in), (7, true));
        act(&mut hand, 0, BetBig);
        hand
    };
    // half_bet: 7 is at least half the big bet, so it is a big bet: every raise is big.
    let hand = short(ShortAllIn::HalfBet);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, RaiseBig]);
    assert_eq!(legal(&hand, RaiseBig).unwrap().total, 17);
    // full_bet: short of the big bet, it is a full small bet at its own amount.
    let hand = short(ShortAllIn::FullBet);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise, RaiseBig]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 12);
    assert_eq!(legal(&hand, RaiseBig).unwrap().total, 17);
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

/// docs/RULES.md: seventh street adds no up card, so the best board among the players still in
/// acts first again, not the seat after a sixth-street leader who folded.
#[test]
fn on_seventh_street_the_best_board_still_in_acts_first_after_the_sixth_street_leader_folded() {
    let mut hand = three_handed(Rules::default());
    check_to(&mut hand, Street::Sixth);
    // Boards: seat 0 As Ah Kc Kd, seat 1 4h 5s 7c 8d, seat 2 5h 9c Tc Jd.
    assert_eq!(first_to_act_on(&hand, Street::Sixth), Some(0));
    play(&mut hand, &[(0, Bet), (1, Raise), (2, Call), (0, Fold)]);
    assert_eq!(hand.street(), Street::Seventh);
    // Seat 2's jack-high board beats seat 1's eight-high one.
    assert_eq!(first_to_act_on(&hand, Street::Seventh), Some(2));
    assert_eq!(hand.to_act(), Some(2));
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

/// docs/RULES.md, Raises: heads-up means two players NOT all-in (Robert's, Betting and Raising,
/// rules 3-4), whoever else is all-in.
#[test]
fn two_players_not_all_in_beside_an_all_in_player_are_heads_up_and_uncapped() {
    // Seat 2 calls the bring-in all-in: from fourth street on, seats 0 and 1 are heads-up.
    let mut hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[1000, 1000, 3],
        &SEATS,
    );
    check_to(&mut hand, Street::Fifth);
    assert_eq!(hand.public_view().seats[2].state, SeatState::AllIn);
    play(
        &mut hand,
        &[(0, Bet), (1, Raise), (0, Raise), (1, Raise), (0, Raise)],
    );
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 60);

    let rules = Rules {
        heads_up_uncapped: false,
        ..Rules::default()
    };
    let mut hand = seat_hand(Stakes::default(), rules, &[1000, 1000, 3], &SEATS);
    check_to(&mut hand, Street::Fifth);
    play(&mut hand, &[(0, Bet), (1, Raise), (0, Raise), (1, Raise)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

#[test]
fn a_round_that_comes_down_to_two_players_not_all_in_before_the_cap_is_uncapped() {
    // Seat 2 has 10 chips on fifth street and calls the raise all-in, before the cap.
    let mut hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[1000, 1000, 13],
        &SEATS,
    );
    check_to(&mut hand, Street::Fifth);
    play(
        &mut hand,
        &[(0, Bet), (1, Raise), (2, Call), (0, Raise), (1, Raise)],
    );
    assert_eq!(hand.public_view().seats[2].state, SeatState::AllIn);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 50);
}

#[test]
fn a_round_that_comes_down_to_two_players_not_all_in_after_the_cap_stays_capped() {
    // Seat 1 has 35 chips on fifth street and calls the capping raise all-in.
    let mut hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[1000, 38, 1000],
        &SEATS,
    );
    check_to(&mut hand, Street::Fifth);
    play(
        &mut hand,
        &[(0, Bet), (1, Raise), (2, Raise), (0, Raise), (1, Call)],
    );
    assert_eq!(hand.public_view().seats[1].state, SeatState::AllIn);
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
        "fold is not allowed now; allowed: bring-in 2, complete to 5"
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
