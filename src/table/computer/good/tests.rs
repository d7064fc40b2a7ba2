//! Decision tests of `good`: a spot in, the action out, for every leak a stud player found
//! playing against it (an outside walk-through of 76 hands heads-up and at a table). Each spot is a real
//! hand played to the moment of the decision, and `good` is asked over many seeds of its own
//! randomness (its runouts, its slow plays and bluffs): the tests say how often it may stray.

use std::collections::HashMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{choose_action, equity};
use crate::table::card::Card;
use crate::table::deck::Deck;
use crate::table::game::Game;
use crate::table::hand::{ActionKind, Hand, HandSetup, Street};
use crate::table::rules::{Rules, Stakes};

use ActionKind::{Bet, BringIn, Call, Check, Complete, Fold, Raise};

/// Seeds each spot is asked over.
const TRIES: u64 = 24;

/// A hand of `game` between these seats (seven cards each in deal order: down, down, four
/// up, down), 200 chips each, the default rules (heads-up raises uncapped).
fn deal(game: Game, seats: &[&str]) -> Hand {
    let cards: Vec<Vec<Card>> = seats
        .iter()
        .map(|seat| Card::parse_many(seat).expect("cards"))
        .collect();
    let stacks = vec![200; seats.len()];
    Hand::new(HandSetup::from_seat_cards(
        game,
        Stakes::default(),
        Rules::default(),
        &stacks,
        cards,
        None,
    ))
    .expect("the deal starts")
}

/// Whoever is to act takes each action of `script` in turn.
fn play(hand: &mut Hand, script: &[ActionKind]) {
    for &kind in script {
        let seat = hand.to_act().expect("someone is to act");
        hand.act(seat, kind)
            .unwrap_or_else(|error| panic!("seat {seat} {kind:?}: {error}"));
    }
}

/// Every seat checks, calls or brings in until `street` begins.
fn pass_to(hand: &mut Hand, street: Street) {
    while let Some(seat) = hand.to_act().filter(|_| hand.street() < street) {
        let kind = [Check, Call, BringIn]
            .into_iter()
            .find(|&kind| hand.legal_action(kind).is_some())
            .expect("a passive action");
        hand.act(seat, kind).expect("passive actions are legal");
    }
}

/// How often `good`, at the seat to act, takes each action over [`TRIES`] seeds.
fn choices(hand: &Hand) -> HashMap<ActionKind, u64> {
    let seat = hand.to_act().expect("someone is to act");
    let private = hand.private_view(seat).expect("the seat's view");
    let public = hand.public_view();
    let mut counts = HashMap::new();
    for seed in 0..TRIES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let action = choose_action(&private, &public, &mut rng).expect("an action");
        *counts.entry(action.kind).or_insert(0) += 1;
    }
    counts
}

fn count(counts: &HashMap<ActionKind, u64>, kinds: &[ActionKind]) -> u64 {
    kinds
        .iter()
        .map(|kind| counts.get(kind).copied().unwrap_or(0))
        .sum()
}

/// `good` plays every seat from the spot to the end of the street; returns the wagers made on
/// it (the ones before the spot included).
fn good_plays_out_the_street(mut hand: Hand, seed: u64) -> u32 {
    let street = hand.street();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(seat) = hand.to_act().filter(|_| hand.street() == street) {
        let private = hand.private_view(seat).expect("the seat's view");
        let action = choose_action(&private, &hand.public_view(), &mut rng).expect("an action");
        hand.act(seat, action.kind).expect("a legal action");
    }
    let index = street as usize;
    hand.public_view()
        .seats
        .iter()
        .map(|seat| u32::from(seat.wagers[index]))
        .sum()
}

/// Stud/8 hand #19 of the walk, heads-up to seventh street: seat 0 holds a pair of sixes and
/// 7-6-5-3-A (`6s 7c / 3d 5c Qd As / 6c`), seat 1 aces and the same low
/// (`Ac 7s / 5h 3c 6d 9s / Ad`).
fn sixes_against_aces_on_seventh() -> Hand {
    let mut hand = deal(
        Game::Stud8,
        &["6s 7c 3d 5c Qd As 6c", "Ac 7s 5h 3c 6d 9s Ad"],
    );
    pass_to(&mut hand, Street::Seventh);
    hand
}

#[test]
fn heads_up_a_hand_that_can_at_best_tie_the_low_does_not_reraise() {
    let mut hand = sixes_against_aces_on_seventh();
    // The sixes bet (their board is the high one), the aces raise.
    assert_eq!(hand.to_act(), Some(0));
    play(&mut hand, &[Bet, Raise]);
    let counts = choices(&hand);
    assert_eq!(count(&counts, &[Raise]), 0, "{counts:?}");
}

#[test]
fn heads_up_a_raising_war_between_hands_that_are_not_the_nuts_ends_within_a_few_raises() {
    // The walk saw 16 raises here, and 830 on one street in a sim of `good` players.
    for seed in 0..TRIES {
        let wagers = good_plays_out_the_street(sixes_against_aces_on_seventh(), seed);
        assert!(
            wagers <= 4,
            "seed {seed}: {wagers} wagers on seventh street"
        );
    }
    // Sit & go hand #9 of the walk, sixth street: kings with no low against open queens
    // (queens and fours), raised ten times in the walk.
    for seed in 0..TRIES {
        let mut hand = deal(
            Game::Stud8,
            &["Kd 9c 2h Ks 5c 8d Jh", "4s 4d Qs Qc 5h 3d Th"],
        );
        pass_to(&mut hand, Street::Sixth);
        let wagers = good_plays_out_the_street(hand, seed);
        assert!(wagers <= 4, "seed {seed}: {wagers} wagers on sixth street");
    }
}

#[test]
fn a_raise_narrows_the_range_so_the_same_cards_are_worth_less_against_it() {
    // Seat 0's equity on seventh street against the aces' cards as their betting reads:
    // checked through, then betting, then raising a bet.
    let equity_after = |script: &[ActionKind]| {
        let mut hand = sixes_against_aces_on_seventh();
        play(&mut hand, script);
        let private = hand.private_view(0).expect("seat 0");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        equity(&private, &hand.public_view(), 20_000, &mut rng).expect("an equity")
    };
    let unread = equity_after(&[]);
    let facing_bet = equity_after(&[Check, Bet]);
    let facing_raise = equity_after(&[Bet, Raise]);
    assert!(
        facing_raise < facing_bet && facing_bet < unread,
        "unread {unread:.3}, facing a bet {facing_bet:.3}, facing a raise {facing_raise:.3}"
    );
    assert!(
        facing_raise < unread - 0.08,
        "{unread:.3} → {facing_raise:.3}"
    );
}

#[test]
fn a_razz_leader_bets_its_better_board_on_fourth_street() {
    // Razz hand #3 of the walk: 4-9 showing against 8-K; the player checked every street.
    let mut hand = deal(
        Game::Razz,
        &["7h 2d 4c 9s 3s 5c Kc", "Jd Th 8d Kh 6d Ac Qs"],
    );
    pass_to(&mut hand, Street::Fourth);
    assert_eq!(hand.to_act(), Some(0), "the better razz board acts first");
    let counts = choices(&hand);
    assert!(count(&counts, &[Bet]) >= TRIES - 3, "{counts:?}");
    // Sixth street, a made seven-low against 8-K-6-A showing: it bets again.
    pass_to(&mut hand, Street::Sixth);
    let counts = choices(&hand);
    assert!(count(&counts, &[Bet]) >= TRIES - 3, "{counts:?}");
}

#[test]
fn a_razz_leader_bets_into_a_paired_board() {
    // Razz hand #10 of the walk: 2-8 showing against 6-6; it checked fourth, fifth and sixth.
    let mut hand = deal(
        Game::Razz,
        &["As 5h 2d 8c Jc Qd 9s", "3c 4s 6d 6h Kd 9d Td"],
    );
    pass_to(&mut hand, Street::Fourth);
    assert_eq!(hand.to_act(), Some(0));
    let counts = choices(&hand);
    assert!(count(&counts, &[Bet]) >= TRIES - 3, "{counts:?}");
}

#[test]
fn heads_up_in_razz_the_better_board_bets_fourth_street_almost_always() {
    // The walk measured 37% checks by a leader showing two different cards of eight or lower
    // against a ten or higher or a pair. Over dealt hands of that shape, `good` bets.
    let (mut spots, mut bets) = (0u64, 0u64);
    for number in 0..400u64 {
        let mut hand = Hand::new(HandSetup::from_deck(
            Game::Razz,
            Stakes::default(),
            Rules::default(),
            &[200, 200],
            Deck::seeded(number),
        ))
        .expect("a hand");
        pass_to(&mut hand, Street::Fourth);
        let Some(leader) = hand.to_act() else {
            continue;
        };
        let view = hand.public_view();
        let small_and_different = |up: &[Card]| {
            up.len() == 2
                && up[0].rank != up[1].rank
                && up.iter().all(|card| card.rank.low_value() <= 8)
        };
        let rough = |up: &[Card]| {
            up.len() == 2
                && (up[0].rank == up[1].rank || up.iter().any(|card| card.rank.low_value() >= 10))
        };
        if !small_and_different(&view.seats[leader].up_cards)
            || !rough(&view.seats[1 - leader].up_cards)
        {
            continue;
        }
        spots += 1;
        let private = hand.private_view(leader).expect("the leader's view");
        let mut rng = ChaCha8Rng::seed_from_u64(number);
        let action = choose_action(&private, &view, &mut rng).expect("an action");
        bets += u64::from(action.kind == Bet);
        if spots == 40 {
            break;
        }
    }
    assert!(spots >= 20, "only {spots} spots");
    assert!(bets * 100 >= spots * 85, "bet {bets} of {spots}");
}

#[test]
fn a_made_low_bets_sixth_street_when_checked_to() {
    // Stud/8 hand #11 of the walk: 7-5-3-2-A made on sixth (`Qd Ah / 3d 2h 7h 5d`) against
    // open kings; it checked sixth and seventh.
    let mut hand = deal(
        Game::Stud8,
        &["Qd Ah 3d 2h 7h 5d Jc", "9c 9d Ks Kc 7s 4h Tc"],
    );
    pass_to(&mut hand, Street::Sixth);
    assert_eq!(hand.to_act(), Some(1), "the open kings act first");
    play(&mut hand, &[Check]);
    let counts = choices(&hand);
    assert!(count(&counts, &[Bet]) >= TRIES - 3, "{counts:?}");
}

#[test]
fn three_way_with_a_small_pair_and_no_low_it_folds_to_a_bet_and_raise_against_open_strength() {
    // Sit & go hand #20 of the walk: `Th 2d / 2s 9c` cold-called a raised fourth street
    // against open queens and an ace-four, three-way.
    let mut hand = deal(
        Game::Stud8,
        &[
            "Kd Jc Qh Qc 7h 6h 5s",
            "3h 5h Ac 4d 8s 9h Jd",
            "Th 2d 2s 9c 6c 5d Ts",
        ],
    );
    pass_to(&mut hand, Street::Fourth);
    assert_eq!(hand.to_act(), Some(0), "the open queens act first");
    play(&mut hand, &[Bet, Raise]);
    let counts = choices(&hand);
    assert!(count(&counts, &[Fold]) >= TRIES - 2, "{counts:?}");
}

/// A four-handed razz third street: seat 0 shows a king and brings in, seat 1 shows a three
/// and completes, and seat 2 (`me`: two down, one up) is to act.
fn facing_a_razz_completion(me: &str) -> Hand {
    let mut hand = deal(
        Game::Razz,
        &[
            "Jc Js Kd 9h 9d 8h 8s",
            "2c 4s 3s 6h 7d 7s Td",
            me,
            "Qs Jh 6d Ts 5s Kh Ks",
        ],
    );
    play(&mut hand, &[BringIn, Complete]);
    assert_eq!(hand.to_act(), Some(2));
    hand
}

#[test]
fn in_razz_a_rough_start_folds_to_a_completion_from_a_small_door() {
    // Razz hands #3 and #12 of the walk: `Tc 9c / 4c` and a queen door called a completion.
    for me in ["Tc 9c 4c 2h Ah 5c 5d", "7c 8c Qh 2h Ah 5c 5d"] {
        let counts = choices(&facing_a_razz_completion(me));
        assert!(count(&counts, &[Fold]) >= TRIES - 2, "{me}: {counts:?}");
    }
}

#[test]
fn in_razz_a_good_start_that_limped_calls_a_completion_for_a_small_price() {
    // Razz hand #1 of the walk: a three showing limped, then folded to three more chips into
    // a pot of about 20.
    let mut hand = deal(
        Game::Razz,
        &[
            "Jc Js Kc 9h 9d 8h 8s",
            "6s 8c 3d 2h Ah 5c 5d",
            "Qs Jh Qd Ts Th Kh Ks",
            "2c 5s 4h 6h 7d 7s Td",
            "Tc 9c Jd 4c 4s 3c 3h",
        ],
    );
    // Seat 0 brings in, seat 1 limps, seat 2 folds, seat 3 completes, seat 4 and the
    // bring-in fold.
    play(&mut hand, &[BringIn, Call, Fold, Complete, Fold, Fold]);
    assert_eq!(hand.to_act(), Some(1));
    let counts = choices(&hand);
    assert_eq!(count(&counts, &[Fold]), 0, "{counts:?}");
}

#[test]
fn in_stud8_two_suited_low_cards_under_a_nine_fold_to_a_completion_and_a_raise() {
    // Stud/8 hand #95 of the walk: `5d Ad / 9c` called a raise.
    let mut hand = deal(
        Game::Stud8,
        &[
            "Kc Qd 2c Jh Th 8h 8s",
            "3s 4s As 6h 7d 7s Td",
            "Qs Qh Kh Ts 6s Kd Ks",
            "5d Ad 9c 2h 3h 5c 4d",
        ],
    );
    // Seat 0 (the deuce) brings in, seat 1 completes, seat 2 raises.
    play(&mut hand, &[BringIn, Complete, Raise]);
    assert_eq!(hand.to_act(), Some(3));
    let counts = choices(&hand);
    assert!(count(&counts, &[Fold]) >= TRIES - 2, "{counts:?}");
}

#[test]
fn three_way_on_seventh_the_worst_hand_does_not_reraise() {
    // Stud/8 hand #16 of the walk: sevens and fives with an 8-7 low re-raised three-way and
    // lost to aces up and an 8-6 low.
    let mut hand = deal(
        Game::Stud8,
        &[
            "Ad 6s As 8c 4h 9d 2d",
            "Kd Ks Qd 6d Jh 3s 4c",
            "7c 5d 7h 5s 8d 2c 3h",
        ],
    );
    pass_to(&mut hand, Street::Seventh);
    assert_eq!(hand.to_act(), Some(0), "the ace board acts first");
    play(&mut hand, &[Bet, Raise]);
    let counts = choices(&hand);
    assert_eq!(count(&counts, &[Raise]), 0, "{counts:?}");
}

#[test]
fn in_stud_two_pair_does_not_reraise_three_way_into_a_made_flush_and_straight() {
    // Stud hand #4 of the walk: a re-raise to 30 against a straight and a flush, then a muck.
    let mut hand = deal(
        Game::Stud,
        &[
            "Ah 2h 9h Kh 3h 4c 4d",
            "Tc Jd 8s 9c 7d 6c 2s",
            "Qc 5d Qs 5s 2c 9d 3d",
        ],
    );
    pass_to(&mut hand, Street::Seventh);
    assert_eq!(hand.to_act(), Some(0), "the king board acts first");
    play(&mut hand, &[Bet, Raise]);
    assert_eq!(hand.to_act(), Some(2));
    let counts = choices(&hand);
    assert_eq!(count(&counts, &[Raise]), 0, "{counts:?}");
}
