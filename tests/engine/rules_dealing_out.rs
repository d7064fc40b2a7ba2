//! docs/RULES.md, Showdown: "once someone is all-in and betting is over, all hands are shown" —
//! every live hand is turned face up at once, then the rest is dealt out. A paced hand
//! (`HandSetup::street_by_street`, the table and `play`) stops in `Phase::DealingOut` and deals one
//! street per `deal_next_street`, with the same cards, events and result as a hand dealt
//! out at once (`sim`, `replay`).

use crate::common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::table::{
    ActionError, ActionKind, Deck, Event, Game, Hand, HandSetup, Phase, Rules, Street,
};

use ActionKind::*;

/// Seat 2 brings in with the 2c, seat 0 completes, seat 1 calls all-in, seat 2 folds.
const SEATS: [&str; 3] = ["As Ks Qs 5h 6h 7h 8h", "Ad Kd Jd 9c Tc 3s 4s", "Ac Kc 2c"];

fn all_in_on_third(start: fn(Deck) -> Hand) -> Hand {
    let mut hand = start(deck_in_deal_order(&SEATS, ""));
    play(
        &mut hand,
        &[(2, BringIn), (0, Complete), (1, Call), (2, Fold)],
    );
    hand
}

fn dealt_at_once(deck: Deck) -> Hand {
    Hand::new(HandSetup::from_deck(
        Game::Stud8,
        stakes(1, 2, 5, 10),
        Rules::default(),
        &[100, 6, 100],
        deck,
    ))
    .unwrap()
}

fn paced(deck: Deck) -> Hand {
    Hand::new(
        HandSetup::from_deck(
            Game::Stud8,
            stakes(1, 2, 5, 10),
            Rules::default(),
            &[100, 6, 100],
            deck,
        )
        .street_by_street(),
    )
    .unwrap()
}

fn turned_face_up(events: &[Event]) -> Vec<(usize, Vec<studbot::table::Card>)> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::TurnedFaceUp { seat, cards } => Some((*seat, cards.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn when_betting_is_over_every_live_hand_is_turned_face_up_before_the_next_street() {
    let hand = all_in_on_third(dealt_at_once);
    assert!(hand.is_over());
    let events = hand.events();
    assert_eq!(
        turned_face_up(events),
        vec![(0, cards("As Ks Qs")), (1, cards("Ad Kd Jd"))],
        "the folded seat stays face down"
    );
    let face_up = events
        .iter()
        .position(|e| matches!(e, Event::TurnedFaceUp { .. }))
        .unwrap();
    let fourth = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::UpCard {
                    street: Street::Fourth,
                    ..
                }
            )
        })
        .unwrap();
    assert!(face_up < fourth, "turned up before fourth street is dealt");
}

#[test]
fn a_paced_hand_deals_out_one_street_at_a_time_showing_the_live_hands() {
    let mut hand = all_in_on_third(paced);
    let mut streets = Vec::new();
    while hand.phase() == Phase::DealingOut {
        let view = hand.public_view();
        assert_eq!(view.to_act, None);
        streets.push(view.street);
        let shown: Vec<Option<usize>> = view
            .seats
            .iter()
            .map(|seat| seat.shown.as_ref().map(Vec::len))
            .collect();
        let held = 3 + streets.len() - 1;
        assert_eq!(
            shown,
            vec![Some(held), Some(held), None],
            "on {:?}",
            view.street
        );
        hand.deal_next_street().unwrap();
    }
    assert_eq!(
        streets,
        [Street::Third, Street::Fourth, Street::Fifth, Street::Sixth]
    );
    assert_eq!(hand.phase(), Phase::Over);
    let at_once = all_in_on_third(dealt_at_once);
    assert_eq!(hand.events(), at_once.events());
    assert_eq!(hand.result(), at_once.result());
}

#[test]
fn nobody_acts_while_a_hand_is_dealt_out_and_no_street_is_dealt_while_betting_goes_on() {
    let mut betting = paced(deck_in_deal_order(&SEATS, ""));
    assert_eq!(betting.phase(), Phase::Betting);
    assert_eq!(betting.deal_next_street(), Err(ActionError::NotDealingOut));
    assert_eq!(
        betting.events().len(),
        paced(deck_in_deal_order(&SEATS, "")).events().len()
    );

    let mut hand = all_in_on_third(paced);
    let before = hand.events().to_vec();
    assert_eq!(hand.act(0, Check), Err(ActionError::DealingOut));
    assert_eq!(hand.act(0, Bet), Err(ActionError::DealingOut));
    assert_eq!(hand.events(), before);
    assert_eq!(hand.phase(), Phase::DealingOut);
}

#[test]
fn with_nobody_to_bet_after_the_antes_a_paced_hand_starts_dealing_out() {
    let deck = deck_in_deal_order(&SEATS[..2], "");
    let mut hand = Hand::new(
        HandSetup::from_deck(
            Game::Stud8,
            stakes(1, 2, 5, 10),
            Rules::default(),
            &[1, 100],
            deck,
        )
        .street_by_street(),
    )
    .unwrap();
    assert_eq!(hand.phase(), Phase::DealingOut);
    assert_eq!(hand.street(), Street::Third);
    assert_eq!(
        turned_face_up(hand.events()),
        vec![(0, cards("As Ks Qs")), (1, cards("Ad Kd Jd"))]
    );
    for _ in 0..4 {
        hand.deal_next_street().unwrap();
    }
    assert!(hand.is_over());
    assert_eq!(hand.deal_next_street(), Err(ActionError::NotDealingOut));
}

/// Random legal actions, mostly calls so that hands go all-in; the same choices for both.
fn play_randomly(hand: &mut Hand, rng: &mut ChaCha8Rng, paced_streets: &mut usize) {
    let mut guard = 0;
    while !hand.is_over() {
        guard += 1;
        assert!(guard < 500, "the hand does not end");
        if hand.phase() == Phase::DealingOut {
            hand.deal_next_street().unwrap();
            *paced_streets += 1;
            continue;
        }
        let seat = hand.to_act().unwrap();
        let legal = hand.legal_actions();
        let kind = legal[rng.random_range(0..legal.len())].kind;
        hand.act(seat, kind).unwrap();
    }
}

#[test]
fn a_paced_hand_deals_the_same_cards_events_and_result_as_one_dealt_out_at_once() {
    let mut dealt_out = 0;
    for seed in 0..300u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = 2 + (seed as usize % 7);
        let stacks: Vec<u64> = (0..players).map(|_| rng.random_range(1..=60)).collect();
        let game = Game::ALL[seed as usize % Game::ALL.len()];
        let start = |paced: bool| {
            let setup = HandSetup::from_deck(
                game,
                stakes(1, 2, 5, 10),
                Rules::default(),
                &stacks,
                Deck::seeded(seed),
            );
            let setup = if paced {
                setup.street_by_street()
            } else {
                setup
            };
            Hand::new(setup).unwrap()
        };
        let (mut at_once, mut stepped) = (start(false), start(true));
        let mut unused = 0;
        play_randomly(
            &mut at_once,
            &mut ChaCha8Rng::seed_from_u64(seed),
            &mut unused,
        );
        play_randomly(
            &mut stepped,
            &mut ChaCha8Rng::seed_from_u64(seed),
            &mut dealt_out,
        );
        assert_eq!(at_once.events(), stepped.events(), "seed {seed}");
        assert_eq!(at_once.result(), stepped.result(), "seed {seed}");
    }
    assert!(dealt_out > 100, "only {dealt_out} streets were dealt out");
}
