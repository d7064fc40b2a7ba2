//! Betting: who acts, the actions offered (the bring-in, the open-pair big bet), the actions
//! refused by name, and what an accepted action returns.

use super::*;
use ActionKind::BetBig;

#[test]
fn the_lowest_door_card_brings_in_and_the_best_board_acts_first_after_third() {
    let mut hand = hand(&[100; 3], &THREE);
    assert_eq!(hand.to_act(), Some(0));
    assert_eq!(kinds(&hand), vec![BringIn, Complete]);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Call);
    act(&mut hand, 2, Call);
    // Everyone called the bring-in: the round is over, fourth street goes to the K board.
    assert_eq!(hand.street(), Street::Fourth);
    assert_eq!(hand.to_act(), Some(1));
}

#[test]
fn a_fold_that_leaves_two_players_goes_on_and_the_last_fold_ends_the_hand_uncontested() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Fold);
    assert!(hand.result().is_none());
    assert_eq!(hand.to_act(), Some(2));
    act(&mut hand, 2, Fold);
    let result = hand.result().unwrap();
    assert_eq!(result.final_stacks, vec![102, 99, 99]);
    assert!(result.awards[0].uncontested);
    assert!(result.shown.is_empty());
    // The bring-in nobody called goes back before the pot is taken.
    let returned = count(&hand, |e| *e == Event::Returned { seat: 0, chips: 2 });
    assert_eq!(returned, 1);
    assert_eq!(count(&hand, |e| matches!(e, Event::Shown { .. })), 0);
}

#[test]
fn the_legal_actions_are_those_of_the_seat_to_act_and_change_with_each_action() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    assert_eq!(kinds(&hand), vec![Fold, Call, Complete]);
    let iterated: Vec<LegalAction> = hand.legal_iter().collect();
    assert_eq!(iterated, hand.legal_actions());
    let call = hand.legal_action(Call).unwrap();
    assert_eq!((call.chips, call.total), (2, 2));
    assert_eq!(hand.legal_action(Check), None);
}

#[test]
fn an_action_returns_the_events_it_caused() {
    let mut hand = hand(&[100; 3], &THREE);
    let before = hand.events().len();
    let caused = act(&mut hand, 0, BringIn);
    assert_eq!(caused, hand.events()[before..].to_vec());
    assert!(matches!(
        caused[..],
        [Event::Acted {
            seat: 0,
            kind: BringIn,
            chips: 2,
            ..
        }]
    ));
}

#[test]
fn an_action_not_offered_or_out_of_turn_is_refused_by_name_and_changes_nothing() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    let events = hand.events().len();
    assert_eq!(
        hand.act(1, Check).unwrap_err(),
        ActionError::NotAllowed {
            kind: Check,
            allowed: "fold, call 2, complete to 5".into()
        }
    );
    assert_eq!(
        hand.act(2, Call).unwrap_err(),
        ActionError::NotYourTurn { seat: 2, to_act: 1 }
    );
    assert_eq!(hand.act(3, Call).unwrap_err(), ActionError::NoSuchSeat(3));
    assert_eq!(
        hand.act_quietly(0, Call),
        Err(ActionError::NotYourTurn { seat: 0, to_act: 1 })
    );
    assert_eq!(hand.events().len(), events);
    assert_eq!(hand.to_act(), Some(1));
    act(&mut hand, 1, Fold);
    act(&mut hand, 2, Fold);
    assert_eq!(hand.act(0, Check).unwrap_err(), ActionError::HandOver);
}

/// docs/RULES.md, Stakes, open pair: with `open_pair_big_bet` on, a pair showing on fourth
/// street offers the big bet, on fourth street only.
#[test]
fn an_open_pair_on_fourth_street_offers_the_big_bet_only_with_the_option_on() {
    let seats = ["Ah Ad 5h 6c 7c 8c 4s", "Kh Kc 9d 9h 2h Jd 3s"];
    let open_pair = Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    };
    let mut on = game_hand(Game::Stud8, open_pair, &[100; 2], &seats);
    check_to(&mut on, Street::Fourth);
    assert_eq!(on.to_act(), Some(1));
    assert!(on.legal_action(BetBig).is_some());
    check_to(&mut on, Street::Fifth);
    assert_eq!(on.legal_action(BetBig), None);
    let mut off = game_hand(Game::Stud8, Rules::default(), &[100; 2], &seats);
    check_to(&mut off, Street::Fourth);
    assert_eq!(off.legal_action(BetBig), None);
    // Razz has no open-pair big bet: a mix table's razz hands are dealt without it.
    let mut razz = game_hand(Game::Razz, open_pair, &[100; 2], &seats);
    check_to(&mut razz, Street::Fourth);
    assert_eq!(razz.legal_action(BetBig), None);
}

#[test]
fn no_big_bet_is_offered_on_fourth_street_without_a_pair_showing() {
    let seats = ["Ah Ad 5h 6c 7c 8c 4s", "Kh Kc 2c 9d 9h Jd 3s"];
    let open_pair = Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    };
    let mut hand = game_hand(Game::Stud8, open_pair, &[100; 2], &seats);
    check_to(&mut hand, Street::Fourth);
    assert_eq!(hand.legal_action(BetBig), None);
}

/// A seat list too short for the next street: the action that would deal it is refused and
/// changes nothing; the actions before it stand.
#[test]
fn an_action_that_needs_a_card_the_lists_lack_is_refused_and_changes_nothing() {
    let mut hand = hand(&[100; 2], &["Ah Ad 2c 9d", "Kh Kc Kd"]);
    act(&mut hand, 0, BringIn);
    assert_eq!(hand.to_act(), Some(1));
    let events = hand.events().len();
    assert_eq!(
        hand.act(1, Call),
        Err(ActionError::MissingCard {
            seat: 1,
            street: Street::Fourth
        })
    );
    assert_eq!(hand.events().len(), events);
    assert_eq!(hand.to_act(), Some(1));
    assert_eq!(hand.street(), Street::Third);
    act(&mut hand, 1, Fold);
    assert_eq!(final_stacks(&hand), vec![101, 99]);
}
