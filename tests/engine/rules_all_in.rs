//! docs/RULES.md, Raises and Showdown: short all-ins under both `short_all_in` options, all-in
//! players skipped, betting skipped when at most one player can bet, uncalled chips
//! returned, and side pots split hi/lo each on its own.

use crate::common;

use common::*;
use studbot::table::{ActionKind, Event, Hand, HandSetup, Rules, ShortAllIn, Stakes, Street};

use ActionKind::*;

const SEATS: [&str; 5] = [
    "Ac Ad As Ah Kc Kd Qc",
    "2c 3d 4h 5s 7c 8d 9s",
    "6c 6d 5h 9c Tc Jd Qs",
    "Jc Jh 8c 3h 2d 4c Ks",
    "Th Td 7h 7s 6h 6s 5c",
];

fn rules(short_all_in: ShortAllIn) -> Rules {
    Rules {
        short_all_in,
        ..Rules::default()
    }
}

/// Everyone calls the bring-in and checks fourth street: each seat has put in 3 chips.
fn at_fifth_street(rules: Rules, stacks: &[u64]) -> Hand {
    let mut hand = seat_hand(Stakes::default(), rules, stacks, &SEATS[..stacks.len()]);
    check_to(&mut hand, Street::Fifth);
    assert_eq!(hand.to_act(), Some(0));
    hand
}

#[test]
fn half_bet_an_all_in_of_half_a_bet_reopens_the_betting() {
    let mut hand = at_fifth_street(rules(ShortAllIn::HalfBet), &[1000, 18, 1000]);
    act(&mut hand, 0, Bet);
    let all_in = legal(&hand, Raise).unwrap();
    assert_eq!((all_in.chips, all_in.total, all_in.all_in), (15, 15, true));
    act(&mut hand, 1, Raise);
    assert_eq!(legal(&hand, Raise).unwrap().total, 25);
    act(&mut hand, 2, Call);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 25);
}

#[test]
fn half_bet_an_all_in_of_less_than_half_a_bet_does_not_reopen_for_those_who_acted() {
    let mut hand = at_fifth_street(rules(ShortAllIn::HalfBet), &[1000, 16, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise)]);
    // Seat 2 has not acted yet: it may complete the all-in to a full raise.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    act(&mut hand, 2, Call);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
    assert_eq!(legal(&hand, Call).unwrap().chips, 3);
}

#[test]
fn full_bet_an_all_in_of_half_a_bet_does_not_reopen() {
    let mut hand = at_fifth_street(rules(ShortAllIn::FullBet), &[1000, 18, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise), (2, Call)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

#[test]
fn half_bet_short_all_ins_add_up_from_the_last_full_wager() {
    // 10 bet; all-in to 14 (+4, less than half: short); all-in to 17, only +3 above the
    // first all-in but +7 above the bet: at least half a bet, so it counts as a raise.
    let mut hand = at_fifth_street(rules(ShortAllIn::HalfBet), &[1000, 17, 20, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise)]);
    let second = legal(&hand, Complete).unwrap();
    assert_eq!((second.total, second.all_in), (17, true));
    act(&mut hand, 2, Complete);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 27);
    act(&mut hand, 3, Call);
    // The bettor acted at 10; the wager that counts reopens the betting for it.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
}

#[test]
fn full_bet_several_short_all_ins_add_up_and_are_completed_from_the_last_full_bet() {
    // 10 bet; all-in to 15 (+5); all-in to 19 (+9 above the bet): neither is a full raise,
    // and the completion is a full raise above the bet, to 20 (not 25, not 29).
    let mut hand = at_fifth_street(rules(ShortAllIn::FullBet), &[1000, 18, 22, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise)]);
    assert_eq!(legal(&hand, Complete).unwrap().total, 19);
    act(&mut hand, 2, Complete);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    let completion = legal(&hand, Complete).unwrap();
    assert_eq!((completion.total, completion.all_in), (20, false));
    act(&mut hand, 3, Complete);
    // The completion is a full raise: the bettor may raise again, a full bet above it.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 30);
}

#[test]
fn full_bet_one_short_all_in_among_four_does_not_reopen() {
    let mut hand = at_fifth_street(rules(ShortAllIn::FullBet), &[1000, 20, 1000, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise), (2, Call), (3, Call)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

/// docs/RULES.md, Raises: an all-in bet of 4 on a 10 round (less than half a bet) is completed
/// to 10, and that completion is the bet: the cap comes at 40, not 44.
#[test]
fn an_all_in_bet_short_of_half_a_bet_is_completed_to_the_full_bet_and_the_cap_counts_it_once() {
    let mut hand = at_fifth_street(rules(ShortAllIn::HalfBet), &[7, 1000, 1000, 1000]);
    let all_in = legal(&hand, Bet).unwrap();
    assert_eq!((all_in.total, all_in.all_in), (4, true));
    act(&mut hand, 0, Bet);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    let completion = legal(&hand, Complete).unwrap();
    assert_eq!((completion.chips, completion.total), (10, 10));
    act(&mut hand, 1, Complete);
    assert_eq!(legal(&hand, Raise).unwrap().total, 20);
    play(&mut hand, &[(2, Raise), (3, Raise)]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 40);
    act(&mut hand, 1, Raise);
    // The bet (the completion) and three raises: capped at 40.
    assert_eq!(hand.to_act(), Some(2));
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
    assert_eq!(legal(&hand, Call).unwrap().total, 40);
}

/// Robert's example: a bet raised all-in for less than half a raise is completed to a full
/// raise above the bet (20 raised to 25 is completed to 40; here 10 raised to 12, to 20).
#[test]
fn a_short_all_in_raise_is_completed_to_a_full_raise_above_the_last_full_wager() {
    let mut hand = at_fifth_street(rules(ShortAllIn::HalfBet), &[1000, 15, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    let completion = legal(&hand, Complete).unwrap();
    assert_eq!((completion.chips, completion.total), (20, 20));
    act(&mut hand, 2, Complete);
    // The completion counts as the raise: the bettor may raise a full bet above it.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Call).unwrap().chips, 10);
    assert_eq!(legal(&hand, Raise).unwrap().total, 30);
}

#[test]
fn full_bet_an_all_in_of_half_a_raise_is_completed_not_raised() {
    // 10 bet, all-in to 18: +8, at least half but short of a full raise.
    let mut hand = at_fifth_street(rules(ShortAllIn::FullBet), &[1000, 21, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    assert_eq!(legal(&hand, Complete).unwrap().total, 20);
    // Under half_bet the same all-in counts as a raise, raised a full bet above it.
    let mut hand = at_fifth_street(rules(ShortAllIn::HalfBet), &[1000, 21, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 28);
}

#[test]
fn full_bet_a_short_all_in_completion_of_the_bring_in_is_completed_to_the_small_bet() {
    // Seat 2 completes the bring-in all-in to 4 of 5; seat 0 may complete it to 5.
    let mut hand = seat_hand(
        Stakes::default(),
        rules(ShortAllIn::FullBet),
        &[100, 100, 5],
        &SEATS[..3],
    );
    play(&mut hand, &[(1, BringIn), (2, Complete)]);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    assert_eq!(legal(&hand, Complete).unwrap().total, 5);
    act(&mut hand, 0, Complete);
    // The completion reopens the betting for the bring-in: a raise to 10.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Raise]);
    assert_eq!(legal(&hand, Raise).unwrap().total, 10);
}

/// docs/RULES.md, Raises: an all-in that is not a full raise does not count toward the cap.
#[test]
fn a_short_all_in_raise_does_not_count_toward_the_cap() {
    // 10 bet, raised to 20 and 30; seat 3 is all-in for 33 (+3). The cap is not reached:
    // seat 0 may still complete to 40, and that completion is the third raise.
    let mut hand = at_fifth_street(rules(ShortAllIn::HalfBet), &[1000, 1000, 1000, 36, 1000]);
    play(&mut hand, &[(0, Bet), (1, Raise), (2, Raise), (3, Raise)]);
    assert_eq!(legal(&hand, Call).unwrap().total, 33);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    act(&mut hand, 4, Complete);
    assert_eq!(legal(&hand, Call).unwrap().total, 40);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call], "capped at 40");
}

#[test]
fn a_player_who_acted_facing_an_all_in_that_does_not_count_may_not_complete_it() {
    let mut hand = at_fifth_street(rules(ShortAllIn::FullBet), &[1000, 1000, 16, 1000]);
    play(&mut hand, &[(0, Bet), (1, Call), (2, Raise)]);
    // Seat 3 has not acted: it may complete. Seats 0 and 1 acted at the bet: call or fold.
    assert_eq!(legal_kinds(&hand), vec![Fold, Call, Complete]);
    act(&mut hand, 3, Call);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
    act(&mut hand, 0, Call);
    assert_eq!(legal_kinds(&hand), vec![Fold, Call]);
}

#[test]
fn a_bring_in_player_short_of_the_bring_in_can_only_bring_in_all_in() {
    let hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[1000, 2, 1000],
        &SEATS[..3],
    );
    assert_eq!(hand.to_act(), Some(1));
    let bring_in = legal(&hand, BringIn).unwrap();
    assert_eq!((bring_in.chips, bring_in.all_in), (1, true));
    // Completing for the same single chip is not offered (docs/RULES.md: bring in or complete;
    // with no chip beyond the bring-in there is nothing to complete with).
    assert_eq!(legal_kinds(&hand), vec![BringIn]);
    let mut refused = hand.clone();
    assert!(refused.act(1, Complete).is_err());
    assert_eq!(refused.action_seq(), hand.action_seq());
    let mut brought_in = hand;
    act(&mut brought_in, 1, BringIn);
    assert_eq!(legal(&brought_in, Complete).unwrap().total, 5);
}

#[test]
fn a_bring_in_player_between_the_bring_in_and_the_small_bet_may_complete_all_in() {
    let hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[1000, 4, 1000],
        &SEATS[..3],
    );
    assert_eq!(hand.to_act(), Some(1));
    assert_eq!(legal_kinds(&hand), vec![BringIn, Complete]);
    let complete = legal(&hand, Complete).unwrap();
    assert_eq!((complete.chips, complete.all_in), (3, true));
}

#[test]
fn an_uncalled_bet_goes_back_and_betting_stops_when_one_player_can_bet() {
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[1000, 8], &SEATS[..2]);
    play(
        &mut hand,
        &[(1, BringIn), (0, Call), (0, Check), (1, Check), (0, Bet)],
    );
    let call = legal(&hand, Call).unwrap();
    assert_eq!((call.chips, call.all_in), (5, true));
    let events = act(&mut hand, 1, Call);
    assert!(events.contains(&Event::Returned { seat: 0, chips: 5 }));
    assert!(hand.is_over(), "no more betting: the board is dealt out");
    assert_eq!(first_to_act_on(&hand, Street::Sixth), None);
    assert_eq!(first_to_act_on(&hand, Street::Seventh), None);
    // Seat 0 has the high (quad aces), seat 1 the only low: 8 chips each.
    assert_eq!(final_stacks(&hand), vec![1000, 8]);
    assert_eq!(
        hand.result().unwrap().shown.len(),
        2,
        "all-in: every hand is shown"
    );
}

#[test]
fn the_only_low_takes_the_low_half_of_the_main_pot_and_of_the_side_pot() {
    let seats = [
        "As Ah Ad Kc Qc Jd 9s",
        "2c 3d 4h 5s 7c Kd Qs",
        "Kh Ks 8d 8h Tc Th 2d",
    ];
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[10, 200, 200], &seats);
    play(
        &mut hand,
        &[
            (1, BringIn),
            (2, Complete),
            (0, Call),
            (1, Call),
            (2, Bet),
            (0, Call),
            (1, Call),
            (2, Bet),
            (1, Call),
        ],
    );
    check_down(&mut hand);
    let result = hand.result().unwrap();
    assert_eq!(result.awards.len(), 2);
    let main = &result.awards[0];
    assert_eq!((main.amount, main.eligible.clone()), (30, vec![0, 1, 2]));
    assert_eq!(
        (main.high.clone(), main.low.clone()),
        (vec![(0, 15)], vec![(1, 15)])
    );
    let side = &result.awards[1];
    assert_eq!((side.amount, side.eligible.clone()), (22, vec![1, 2]));
    assert_eq!(
        (side.high.clone(), side.low.clone()),
        (vec![(2, 11)], vec![(1, 11)])
    );
    assert_eq!(result.final_stacks, vec![15, 205, 190]);
}

#[test]
fn a_side_pot_without_a_qualifying_low_goes_whole_to_its_best_high() {
    let seats = [
        "2c 3d 4h 5s 7c Kd Qs",
        "As Ah Ad Kc Qc Jd 9s",
        "Kh Ks 8d 8h Tc Th 2d",
    ];
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[10, 200, 200], &seats);
    play(
        &mut hand,
        &[
            (0, BringIn),
            (1, Complete),
            (2, Call),
            (0, Call),
            (2, Bet),
            (0, Call),
            (1, Call),
            (2, Bet),
            (1, Call),
        ],
    );
    check_down(&mut hand);
    let result = hand.result().unwrap();
    let main = &result.awards[0];
    assert_eq!(
        (main.high.clone(), main.low.clone()),
        (vec![(1, 15)], vec![(0, 15)])
    );
    let side = &result.awards[1];
    assert_eq!(side.amount, 22);
    assert_eq!(
        (side.high.clone(), side.low.clone()),
        (vec![(1, 22)], vec![])
    );
    assert_eq!(result.final_stacks, vec![15, 216, 179]);
}

#[test]
fn all_in_players_are_skipped_in_the_betting() {
    let seats = [
        "As Ah Ad Kc Qc Jd 9s",
        "2c 3d 4h 5s 7c Kd Qs",
        "Kh Ks 8d 8h Tc Th 2d",
    ];
    let mut hand = seat_hand(Stakes::default(), Rules::default(), &[10, 200, 200], &seats);
    play(
        &mut hand,
        &[
            (1, BringIn),
            (2, Complete),
            (0, Call),
            (1, Call),
            (2, Bet),
            (0, Call),
            (1, Call),
        ],
    );
    // Seat 0 is all-in: fifth street is between seats 2 and 1 only.
    for _ in 0..6 {
        assert_ne!(hand.to_act(), Some(0));
        let seat = hand.to_act().unwrap();
        let kind = if legal(&hand, Check).is_some() {
            Check
        } else {
            Call
        };
        act(&mut hand, seat, kind);
    }
    assert!(hand.is_over());
}

#[test]
fn when_the_best_board_is_all_in_the_next_player_to_its_left_acts_first() {
    let mut hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[3, 100, 100],
        &SEATS[..3],
    );
    play(&mut hand, &[(1, BringIn), (2, Call), (0, Call)]);
    assert_eq!(hand.street(), Street::Fourth);
    assert_eq!(first_to_act_on(&hand, Street::Fourth), Some(1));
}

#[test]
fn when_at_most_one_player_has_chips_after_the_antes_the_hand_is_dealt_out() {
    let hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[1, 100, 1],
        &SEATS[..3],
    );
    assert!(hand.is_over(), "no one can bet: no betting at all");
    assert_eq!(hand.action_seq(), 0);
    assert_eq!(first_to_act_on(&hand, Street::Third), None);
    let result = hand.result().unwrap();
    assert_eq!(result.shown.len(), 3);
    // A 3-chip pot of antes: 2 to seat 0's quad aces, 1 to seat 1's low.
    assert_eq!(result.final_stacks, vec![2, 100, 0]);
}

#[test]
fn a_short_all_in_completion_of_half_the_small_bet_counts_as_the_completion_under_half_bet() {
    // Seat 2 has 4 chips after the ante: completing all-in to 4 is at least half of 5.
    let mut hand = seat_hand(
        Stakes::default(),
        rules(ShortAllIn::HalfBet),
        &[100, 100, 5],
        &SEATS[..3],
    );
    act(&mut hand, 1, BringIn);
    let complete = legal(&hand, Complete).unwrap();
    assert_eq!((complete.total, complete.all_in), (4, true));
    act(&mut hand, 2, Complete);
    assert_eq!(legal(&hand, Raise).unwrap().total, 9);
    act(&mut hand, 0, Call);
    assert_eq!(
        legal_kinds(&hand),
        vec![Fold, Call, Raise],
        "the bring-in may raise"
    );

    let mut hand = seat_hand(
        Stakes::default(),
        rules(ShortAllIn::FullBet),
        &[100, 100, 5],
        &SEATS[..3],
    );
    play(&mut hand, &[(1, BringIn), (2, Complete), (0, Call)]);
    assert_eq!(
        legal_kinds(&hand),
        vec![Fold, Call],
        "a short completion does not reopen"
    );
}

#[test]
fn each_all_in_level_makes_its_own_pot_won_by_the_best_hand_among_its_players() {
    let seats = [
        "As Ah Ad Ac Kc Kd Ks",
        "Qs Qh Qd Jc Jd Js 9c",
        "Th Td Tc 9d 9h Kh 2c",
        "8c 8d 8h 7c 7d 7s 2s",
    ];
    let mut hand = seat_hand(
        Stakes::default(),
        Rules::default(),
        &[10, 20, 200, 200],
        &seats,
    );
    play(
        &mut hand,
        &[
            (3, BringIn),
            (0, Complete),
            (1, Raise),
            (2, Call),
            (3, Call),
            (0, Call), // all-in for 9 of the 10
            // Fourth: seat 0's aces are best but all-in, so seat 1 acts first.
            (1, Bet),
            (2, Call),
            (3, Call),
            (1, Bet), // all-in for 4
            (2, Call),
            (3, Call),
            // Sixth: seat 0's two pair is still best, so seat 2 (next with chips) acts first.
            (2, Bet),
            (3, Call),
        ],
    );
    check_down(&mut hand);
    let result = hand.result().unwrap();
    type PotOutcome = (u64, Vec<usize>, Vec<(usize, u64)>);
    let pots: Vec<PotOutcome> = result
        .awards
        .iter()
        .map(|a| (a.amount, a.eligible.clone(), a.high.clone()))
        .collect();
    assert_eq!(
        pots,
        vec![
            (40, vec![0, 1, 2, 3], vec![(0, 40)]),
            (30, vec![1, 2, 3], vec![(1, 30)]),
            (20, vec![2, 3], vec![(2, 20)]),
        ]
    );
    assert_eq!(result.final_stacks, vec![40, 30, 190, 170]);
}

#[test]
fn a_side_pot_only_the_last_bettor_can_win_keeps_the_folded_chips_on_the_board() {
    // Seat 2 brings in, seat 0 completes, seat 1 calls all-in (6 in with the ante), seat 2
    // raises, seat 3 raises again, seats 0 and 2 fold: seat 3's uncalled 5 go back, and the
    // side pot above seat 1's 6 (5 of seat 2's folded chips and 5 of seat 3's) is seat 3's
    // alone. The board shows it while the hand is dealt out.
    let seats = [
        "As Ks Qs 5h 6h 7h 8h",
        "Ad Kd Jd 9c Tc 3s 4s",
        "Ac Kc 2c",
        "Qh Jh 9d Th 8s 7d 6d",
    ];
    let mut hand = Hand::new(
        HandSetup::from_deck(
            studbot::table::Game::Stud8,
            stakes(1, 2, 5, 10),
            Rules::default(),
            &[100, 6, 100, 100],
            deck_in_deal_order(&seats, ""),
        )
        .street_by_street(),
    )
    .unwrap();
    play(
        &mut hand,
        &[
            (2, BringIn),
            (3, Call),
            (0, Complete),
            (1, Call),
            (2, Raise),
            (3, Raise),
            (0, Fold),
            (2, Fold),
        ],
    );
    assert_eq!(hand.phase(), studbot::table::Phase::DealingOut);
    let view = hand.public_view();
    assert_eq!(view.pots(), vec![(24, vec![1, 3]), (10, vec![3])]);
    assert_eq!(
        view.pots().iter().map(|(chips, _)| chips).sum::<u64>(),
        view.pot
    );
}
