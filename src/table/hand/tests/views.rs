//! What a hand shows: its accessors, the public view (stacks, bets, cards shown, the pots)
//! and each seat's private view.

use super::*;
use crate::table::eval::CardSet;
use crate::table::vocab::SeatState;

#[test]
fn a_hand_tells_its_stakes_rules_seats_starting_stacks_chips_and_accepted_actions() {
    let stakes = Stakes {
        ante: 2,
        bring_in: 3,
        small_bet: 6,
        big_bet: 12,
    };
    let rules = Rules {
        max_raises: 4,
        heads_up_uncapped: false,
        ..Rules::default()
    };
    let setup = HandSetup::from_seat_cards(
        Game::Stud8,
        stakes,
        rules,
        &[50, 60, 70],
        lists(&THREE),
        None,
    );
    let mut hand = Hand::new(setup).unwrap();
    assert_eq!(*hand.stakes(), stakes);
    assert_eq!(*hand.rules(), rules);
    assert_eq!(hand.seat_count(), 3);
    assert_eq!(hand.starting_stacks(), [50, 60, 70]);
    assert_eq!(hand.total_chips(), 180);
    assert_eq!(hand.action_seq(), 0);
    act(&mut hand, 0, BringIn);
    assert!(hand.act(2, Call).is_err());
    assert_eq!(hand.action_seq(), 1);
    act(&mut hand, 1, Call);
    assert_eq!(hand.action_seq(), 2);
    // Chips in the pot count: 6 antes and two bring-ins.
    assert_eq!(hand.total_chips(), 180);
    assert!(!hand.is_over());
    check_to(&mut hand, Street::Showdown);
    assert!(hand.is_over());
    assert_eq!(hand.total_chips(), 180);
}

#[test]
fn the_public_view_shows_stacks_bets_up_cards_and_the_turn_but_no_down_card() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    let view = hand.public_view();
    assert_eq!((view.game, view.street), (Game::Stud8, Street::Third));
    assert_eq!((view.pot, view.to_act), (5, Some(1)));
    assert_eq!(view.legal, hand.legal_actions());
    let last = view
        .last_action
        .map(|(seat, action)| (seat, action.kind, action.chips));
    assert_eq!(last, Some((0, BringIn, 2)));
    assert_eq!(view.seats.len(), 3);
    let bringer = &view.seats[0];
    assert_eq!(
        (bringer.stack, bringer.street_bet, bringer.committed),
        (97, 2, 3)
    );
    assert_eq!(bringer.up_cards, Card::parse_many("2c").unwrap());
    assert_eq!((bringer.down_count, bringer.state), (2, SeatState::Active));
    assert!(view.seats.iter().all(|seat| seat.shown.is_none()));
    // Refilled in place, a bigger table's view becomes this one's.
    let mut reused = view;
    let two = self::hand(&[100; 2], &THREE[..2]);
    two.fill_public_view(&mut reused);
    assert_eq!(reused, two.public_view());
}

#[test]
fn the_public_view_tells_each_seats_highest_wager_street_by_street() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Complete);
    act(&mut hand, 2, ActionKind::Raise);
    act(&mut hand, 0, Fold);
    act(&mut hand, 1, ActionKind::Raise);
    act(&mut hand, 2, Call);
    let wagers = |hand: &Hand| -> Vec<[u8; 5]> {
        hand.public_view()
            .seats
            .iter()
            .map(|seat| seat.wagers)
            .collect()
    };
    // A bring-in and a call are not wagers; the completion is the first, the raises the
    // second and third.
    assert_eq!(wagers(&hand), [[0; 5], [3, 0, 0, 0, 0], [2, 0, 0, 0, 0]]);
    assert_eq!(hand.street(), Street::Fourth);
    let first = hand.to_act().unwrap();
    act(&mut hand, first, ActionKind::Bet);
    let other = hand.to_act().unwrap();
    act(&mut hand, other, ActionKind::Raise);
    let counted = wagers(&hand);
    assert_eq!(counted[first][1], 1);
    assert_eq!(counted[other][1], 2);
    assert_eq!(counted[first][0] + counted[other][0], 5);
}

#[test]
fn the_public_view_tells_what_each_seat_did_on_this_street_and_forgets_it_on_the_next() {
    let mut hand = hand(&[100; 3], &THREE);
    let acted = |hand: &Hand| -> Vec<Option<ActionKind>> {
        hand.public_view()
            .seats
            .iter()
            .map(|seat| seat.acted)
            .collect()
    };
    assert_eq!(acted(&hand), [None, None, None]);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Complete);
    assert_eq!(acted(&hand), [Some(BringIn), Some(Complete), None]);
    act(&mut hand, 2, Fold);
    act(&mut hand, 0, Call);
    // The bring-in's call replaces its bring-in; fourth street starts with nobody having acted.
    assert_eq!(hand.street(), Street::Fourth);
    assert_eq!(acted(&hand), [None, None, None]);
    let first = hand.public_view().to_act.unwrap();
    act(&mut hand, first, Check);
    let view = hand.public_view();
    assert_eq!(view.seats[first].acted, Some(Check));
    assert_eq!(
        view.seats
            .iter()
            .filter(|seat| seat.acted.is_some())
            .count(),
        1
    );
}

#[test]
fn the_public_view_shows_the_hands_shown_at_showdown_or_turned_up_and_no_other() {
    let all = lists(&THREE);
    let mut shown_down = hand(&[100; 3], &THREE);
    check_to(&mut shown_down, Street::Showdown);
    let shown: Vec<Option<Vec<Card>>> = shown_down
        .public_view()
        .seats
        .into_iter()
        .map(|seat| seat.shown)
        .collect();
    assert_eq!(
        shown,
        vec![None, Some(all[1].clone()), Some(all[2].clone())]
    );
    let mut turned_up = paced(&[6, 20, 3], &SHORT);
    all_in_on_third(&mut turned_up);
    let shown: Vec<usize> = turned_up
        .public_view()
        .seats
        .iter()
        .map(|seat| seat.shown.as_ref().map_or(0, Vec::len))
        .collect();
    assert_eq!(shown, vec![3, 0, 3]);
}

/// Seat 0 brings in all-in for 2 and the others complete and call: the main pot holds 3
/// from each, the side pot the 3 more each of seats 1 and 2 put in.
#[test]
fn the_public_views_pots_are_the_main_pot_and_the_side_pot_an_all_in_cannot_win() {
    let mut hand = paced(&[3, 100, 100], &THREE);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Complete);
    act(&mut hand, 2, Call);
    assert_eq!(hand.street(), Street::Fourth);
    assert_eq!(
        hand.public_view().pots(),
        vec![(9, vec![0, 1, 2]), (6, vec![1, 2])]
    );
    act(&mut hand, 1, Check);
    act(&mut hand, 2, ActionKind::Bet);
    // Seat 1's folded chips stay in the side pot, which only seat 2 can win now.
    act(&mut hand, 1, Fold);
    assert_eq!(
        hand.public_view().pots(),
        vec![(9, vec![0, 2]), (6, vec![2])]
    );
}

#[test]
fn a_private_view_shows_a_seat_its_own_cards_and_there_is_none_for_a_seat_not_dealt_in() {
    let hand = hand(&[100; 3], &THREE);
    let view = hand.private_view(2).unwrap();
    assert_eq!(view.seat, 2);
    assert_eq!(view.down_cards, Card::parse_many("8h 7d").unwrap());
    assert_eq!(view.up_cards, Card::parse_many("Qh").unwrap());
    let cards: CardSet = Card::parse_many("8h 7d Qh").unwrap().into_iter().collect();
    assert_eq!((view.high, view.low), cards.high_low());
    assert_eq!(hand.private_view(3), None);
    let mut kept = view.clone();
    assert!(!hand.fill_private_view(3, &mut kept));
    assert_eq!(kept, view);
}
