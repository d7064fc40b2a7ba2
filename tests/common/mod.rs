//! Helpers shared by the rules scenario tests: known cards, stacked decks in deal order,
//! and actions that must succeed.
#![allow(dead_code)]

pub mod child;

use studbot::table::{ActionKind, Card, Deck, Event, Hand, LegalAction, Rules, Stakes, Street};

pub fn cards(text: &str) -> Vec<Card> {
    Card::parse_many(text).unwrap()
}

pub fn card(text: &str) -> Card {
    text.parse().unwrap()
}

pub fn stakes(ante: u64, bring_in: u64, small_bet: u64, big_bet: u64) -> Stakes {
    Stakes {
        ante,
        bring_in,
        small_bet,
        big_bet,
    }
}

/// A deck that deals `seats[i]` (cards in the order seat i receives them) to seat i when no
/// one folds, followed by `tail`.
pub fn deck_in_deal_order(seats: &[&str], tail: &str) -> Deck {
    let lists: Vec<Vec<Card>> = seats.iter().map(|s| cards(s)).collect();
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    let mut order = Vec::new();
    for position in 0..longest {
        for list in &lists {
            if let Some(card) = list.get(position) {
                order.push(*card);
            }
        }
    }
    order.extend(cards(tail));
    Deck::stacked(&order).unwrap()
}

/// A hand dealt from per-seat card lists.
pub fn seat_hand(stakes: Stakes, rules: Rules, stacks: &[u64], seats: &[&str]) -> Hand {
    let lists = seats.iter().map(|s| cards(s)).collect();
    Hand::start_with_seat_cards(stakes, rules, stacks, lists, None).unwrap()
}

pub fn act(hand: &mut Hand, seat: usize, kind: ActionKind) -> Vec<Event> {
    hand.act(seat, kind)
        .unwrap_or_else(|e| panic!("seat {seat} {kind:?} refused: {e}"))
}

/// Plays `(seat, kind)` in turn, each of which must be accepted.
pub fn play(hand: &mut Hand, actions: &[(usize, ActionKind)]) {
    for &(seat, kind) in actions {
        assert_eq!(hand.to_act(), Some(seat), "expected seat {seat} to act");
        act(hand, seat, kind);
    }
}

/// Everyone checks, calls or brings in until the hand ends.
pub fn check_down(hand: &mut Hand) {
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions();
        let kind = [ActionKind::Check, ActionKind::Call, ActionKind::BringIn]
            .into_iter()
            .find(|k| legal.iter().any(|a| a.kind == *k))
            .expect("check, call or bring-in is always possible");
        act(hand, seat, kind);
    }
}

/// Everyone checks, calls or brings in until `street` begins.
pub fn check_to(hand: &mut Hand, street: Street) {
    while hand.street() < street && hand.to_act().is_some() {
        let seat = hand.to_act().unwrap();
        let legal = hand.legal_actions();
        let kind = [ActionKind::Check, ActionKind::Call, ActionKind::BringIn]
            .into_iter()
            .find(|k| legal.iter().any(|a| a.kind == *k))
            .unwrap();
        act(hand, seat, kind);
    }
}

pub fn legal_kinds(hand: &Hand) -> Vec<ActionKind> {
    hand.legal_actions().iter().map(|a| a.kind).collect()
}

pub fn legal(hand: &Hand, kind: ActionKind) -> Option<LegalAction> {
    hand.legal_actions().into_iter().find(|a| a.kind == kind)
}

pub fn final_stacks(hand: &Hand) -> Vec<u64> {
    hand.result()
        .expect("the hand is over")
        .final_stacks
        .clone()
}

/// The first to act announced for `street`.
pub fn first_to_act_on(hand: &Hand, street: Street) -> Option<usize> {
    hand.events().iter().find_map(|e| match e {
        Event::StreetStarted {
            street: s,
            first_to_act,
        } if *s == street => Some(*first_to_act),
        _ => None,
    })?
}
