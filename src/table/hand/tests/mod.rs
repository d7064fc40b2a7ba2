//! Tests of the hand machine in `hand/` (actions, streets, the ending, the setups), each named
//! after the docs/RULES.md rule or the machine's promise it proves. They drive whole hands from
//! known cards, beside the machine, so the rule files' mutants rebuild only the lib's tests.
//! Here: the helpers and the hands they share. Beside it: `start` (setups refused, antes, a
//! restart), `betting` (whose turn, what is offered, what is refused), `ending` (dealing out,
//! the showdown), `views` (what the front ends read).

use super::*;
use ActionKind::{BringIn, Call, Check, Complete, Fold};

mod betting;
mod ending;
mod start;
mod views;

fn lists(seats: &[&str]) -> Vec<Vec<Card>> {
    seats
        .iter()
        .map(|seat| Card::parse_many(seat).unwrap())
        .collect()
}

fn game_hand(game: Game, rules: Rules, stacks: &[u64], seats: &[&str]) -> Hand {
    let setup =
        HandSetup::from_seat_cards(game, Stakes::default(), rules, stacks, lists(seats), None);
    Hand::new(setup).unwrap()
}

fn hand(stacks: &[u64], seats: &[&str]) -> Hand {
    game_hand(Game::Stud8, Rules::default(), stacks, seats)
}

fn paced(stacks: &[u64], seats: &[&str]) -> Hand {
    let setup = HandSetup::from_seat_cards(
        Game::Stud8,
        Stakes::default(),
        Rules::default(),
        stacks,
        lists(seats),
        None,
    );
    Hand::new(setup.street_by_street()).unwrap()
}

fn act(hand: &mut Hand, seat: SeatIndex, kind: ActionKind) -> Vec<Event> {
    hand.act(seat, kind)
        .unwrap_or_else(|error| panic!("seat {seat} {kind:?} refused: {error}"))
}

/// The seat to act checks, calls or brings in until `street` begins or the hand ends.
fn check_to(hand: &mut Hand, street: Street) {
    while let Some(seat) = hand.to_act().filter(|_| hand.street() < street) {
        let passive = [Check, Call, BringIn]
            .into_iter()
            .find(|&kind| hand.legal_action(kind).is_some());
        // An action that changed nothing would loop here for ever: fail at once instead.
        let taken = hand.action_seq();
        act(hand, seat, passive.unwrap_or(Fold));
        assert_ne!(
            hand.action_seq(),
            taken,
            "seat {seat}'s action was not taken"
        );
    }
}

fn kinds(hand: &Hand) -> Vec<ActionKind> {
    hand.legal_actions()
        .iter()
        .map(|action| action.kind)
        .collect()
}

fn final_stacks(hand: &Hand) -> Vec<u64> {
    hand.result()
        .map(|r| r.final_stacks.clone())
        .unwrap_or_default()
}

fn count(hand: &Hand, wanted: impl Fn(&Event) -> bool) -> usize {
    hand.events().iter().filter(|event| wanted(event)).count()
}

/// Seat 0 brings in (2c); at the showdown seat 1 (trip kings, the best board) shows first,
/// seat 2's eight-high straight and 7-6-5-4-2 low scoop, and seat 0's aces cannot win.
const THREE: [&str; 3] = [
    "Ah Ad 2c 9d Td Jd 3s",
    "Kh Kc Kd 4c 5c 6c 7h",
    "8h 7d Qh 6d 5d 4d 2s",
];

/// Seat 2 brings in all-in (2c), seat 0 completes all-in to 5 and seat 1 folds: the 3 chips
/// nobody could call go back to seat 0, who then has chips again.
const SHORT: [&str; 3] = [
    "Kh Kc Kd 4c 5c 6c 7h",
    "8h 7d Qh 6d 5d 4d 2s",
    "Ah Ad 2c 9d Td Jd 3s",
];

fn all_in_on_third(hand: &mut Hand) {
    act(hand, 2, BringIn);
    act(hand, 0, Complete);
    act(hand, 1, Fold);
}
