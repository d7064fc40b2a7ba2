//! Scenario and property tests of multi-table events, hands played by a stand-in that moves
//! chips at random (the engine is not needed to test places, prizes and seats): tables play in
//! lock step, as `sim` plays them, or one at a time in a random order, as the lobby's tables
//! do, each hand's deal and end at any moment.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::*;
use crate::ids::UserId;
use crate::table::GameChoice;
use crate::tournament::{Finish, Structure};

/// Ten units of clock per level.
fn settings(table_size: usize) -> EventSettings {
    EventSettings::new(
        GameChoice::Stud8,
        Structure::built_in_with_hands(10),
        100,
        table_size,
    )
}

fn users(count: usize) -> Vec<UserId> {
    (1..=count as u64).map(UserId).collect()
}

/// The stacks a stand-in hand ends with: a few pots, each won by one player from another,
/// sometimes all the loser has.
fn play(hand: &HandToDeal, rng: &mut ChaCha20Rng) -> Vec<u64> {
    let mut stacks = hand.stacks.clone();
    for _ in 0..rng.random_range(1..=2) {
        let loser = rng.random_range(0..stacks.len());
        let winner = (loser + rng.random_range(1..stacks.len())) % stacks.len();
        let amount = if rng.random_bool(0.35) {
            stacks[loser]
        } else {
            rng.random_range(0..=stacks[loser])
        };
        stacks[loser] -= amount;
        stacks[winner] += amount;
    }
    stacks
}

fn result_of(hand: &HandToDeal, final_stacks: Vec<u64>) -> HandResult {
    HandResult {
        table: hand.table,
        number: hand.number,
        dealt: hand.seats.iter().map(|&(_, entry)| entry).collect(),
        final_stacks,
        round: hand.round,
    }
}

/// Places 1..N once each: a place shared by k players is followed by place + k.
fn assert_places_cover_the_field(finishes: &[Finish], entries: usize) {
    assert_eq!(finishes.len(), entries, "every entry has a place");
    let seats: BTreeSet<usize> = finishes.iter().map(|finish| finish.seat).collect();
    assert_eq!(seats.len(), entries, "each entry placed once");
    let mut by_place: BTreeMap<usize, usize> = BTreeMap::new();
    for finish in finishes {
        *by_place.entry(finish.place).or_default() += 1;
    }
    let mut next = 1;
    for (&place, &sharing) in &by_place {
        assert_eq!(place, next, "places {by_place:?}");
        next += sharing;
    }
    assert_eq!(next, entries + 1);
}

/// What a whole event showed.
#[derive(Debug, Default)]
struct Played {
    largest_spread: usize,
    hand_for_hand_rounds: u64,
    moves: u64,
}

/// Plays `event` in lock step to its end: each round every table is tidied (all idle), deals,
/// plays and records, the clock one unit a round; entries come in while late registration is
/// open. With `hands_overlap` every table's hand is dealt before any ends (as `sim` deals);
/// without, each table's hand ends before the next table deals. Checks after each round that
/// no two tables differ by two players.
fn play_in_lock_step(
    event: &mut Event,
    rng: &mut ChaCha20Rng,
    late: &[UserId],
    hands_overlap: bool,
) -> Played {
    let mut played = Played::default();
    let mut late = late.iter();
    for clock in 0..100_000 {
        if event.is_over() {
            break;
        }
        if let Some(&user) = late.next()
            && event.can_enter(user, clock).is_ok()
        {
            event.enter(user, clock).unwrap();
        }
        let tables = event.seating().numbers();
        event.tidy(&tables, true, clock);
        event.check().unwrap();
        assert_registration_open_only_far_from_the_money(event);
        // Nobody moves during a round of hand-for-hand: its tables are as they were seated
        // when it began.
        if event.seating().tables().len() > 1 && !event.round_under_way() {
            played.largest_spread = played.largest_spread.max(event.seating().spread());
        }
        let mut hands = Vec::new();
        for table in event.seating().numbers() {
            if let Turn::Deal(hand) = event.deal(table, clock) {
                hands.push(hand);
            }
            if !hands_overlap {
                for hand in hands.drain(..) {
                    let stacks = play(&hand, rng);
                    event.record_hand(&result_of(&hand, stacks), clock).unwrap();
                    assert_chips_conserved(event);
                    assert_registration_open_only_far_from_the_money(event);
                }
            }
        }
        for hand in &hands {
            let stacks = play(hand, rng);
            event.record_hand(&result_of(hand, stacks), clock).unwrap();
            assert_chips_conserved(event);
            assert_registration_open_only_far_from_the_money(event);
        }
    }
    assert!(event.is_over(), "the event ends");
    played.hand_for_hand_rounds = event.hand_for_hand_rounds();
    played.moves = event.moves();
    played
}

/// Plays `event` one step at a time in a random order, as the lobby's tables do: a table
/// between hands is tidied and deals, a hand in play ends, the clock moves, someone enters, a
/// table stops in the middle of a hand, or the process restarts (the event read back whole
/// from its record, every hand in play cut short and dealt again from its start).
/// Checks that nobody is dealt at two tables at once or at a table they do not sit at, and
/// that a copy given the same calls but never dealing (as the bank keeps one) stays the same.
fn play_in_any_order(event: &mut Event, rng: &mut ChaCha20Rng, late: &[UserId]) {
    let mut copy = event.clone();
    let mut in_play: BTreeMap<u32, HandToDeal> = BTreeMap::new();
    let mut clock = 0;
    let mut late = late.iter().peekable();
    for _ in 0..400_000 {
        if event.is_over() {
            break;
        }
        match rng.random_range(0..100) {
            0 => {
                let record = serde_json::to_string(&*event).unwrap();
                *event = serde_json::from_str(&record).unwrap();
                in_play.clear();
            }
            1 => {
                if let Some(&table) = in_play.keys().next() {
                    event.abandon(table);
                    in_play.remove(&table);
                }
            }
            2..=10 => clock += 1,
            11..=20 => {
                if let Some(&&user) = late.peek()
                    && event.can_enter(user, clock).is_ok()
                {
                    event.enter(user, clock).unwrap();
                    copy.enter(user, clock).unwrap();
                    late.next();
                }
            }
            21..=60 => {
                let idle: Vec<u32> = event
                    .seating()
                    .numbers()
                    .into_iter()
                    .filter(|table| !in_play.contains_key(table))
                    .collect();
                let Some(&table) = idle.get(rng.random_range(0..idle.len().max(1))) else {
                    continue;
                };
                let tidied = event.tidy(&[table], in_play.is_empty(), clock);
                assert_eq!(copy.tidy(&[table], in_play.is_empty(), clock), tidied);
                if let Turn::Deal(hand) = event.deal(table, clock) {
                    for &(chair, entry) in &hand.seats {
                        assert_eq!(
                            event.seating().find(entry),
                            Some((table, chair)),
                            "dealt where seated"
                        );
                        for other in in_play.values() {
                            assert!(
                                other.seats.iter().all(|&(_, dealt)| dealt != entry),
                                "entry {entry} dealt at table {table} while in a hand at table {}",
                                other.table
                            );
                        }
                    }
                    in_play.insert(table, *hand);
                }
            }
            _ => {
                let tables: Vec<u32> = in_play.keys().copied().collect();
                let Some(&table) = tables.get(rng.random_range(0..tables.len().max(1))) else {
                    continue;
                };
                let hand = in_play.remove(&table).unwrap();
                let stacks = play(&hand, rng);
                let recorded = event.record_hand(&result_of(&hand, stacks.clone()), clock);
                assert_eq!(copy.record_hand(&result_of(&hand, stacks), clock), recorded);
                recorded.unwrap();
                assert_chips_conserved(event);
                assert_registration_open_only_far_from_the_money(event);
            }
        }
        event.check().unwrap();
        assert_registration_open_only_far_from_the_money(event);
        assert_eq!(*event, copy, "the copy that never deals is the same event");
    }
    assert!(event.is_over(), "the event ends: {:?}", event.status(clock));
}

/// While late registration is open the money is more than one player away: nobody has gone
/// out in a paid place unpaid, and the bubble is still to come.
fn assert_registration_open_only_far_from_the_money(event: &Event) {
    if event.registration_open() {
        let paid = event.settings().places_paid(event.entries().len());
        assert!(
            event.field().players_left() > paid + 1,
            "registration open with {} left and {paid} paid",
            event.field().players_left()
        );
    }
}

/// Every chip in play is one of the entries' starting stacks: none made, none lost.
fn assert_chips_conserved(event: &Event) {
    let chips: u64 = event.field().stacks().iter().sum();
    let given = event.entries().len() as u64 * event.settings().structure.starting_stack();
    assert_eq!(
        chips, given,
        "chips in play against the starting stacks given"
    );
}

fn assert_paid_exactly(event: &Event) {
    let finishes = event.field().finishes();
    assert_places_cover_the_field(finishes, event.entries().len());
    let paid: u64 = finishes.iter().map(|finish| finish.prize).sum();
    assert_eq!(paid, event.prize_pool(), "the prizes are the pool");
}

/// Deals table `table`'s hand at `clock` and records it ended with the stacks `end` gives.
fn play_hand(
    event: &mut Event,
    table: u32,
    clock: u64,
    end: impl FnOnce(&HandToDeal) -> Vec<u64>,
) -> Recorded {
    let Turn::Deal(hand) = event.deal(table, clock) else {
        panic!("table {table} deals: {:?}", event.turn(table, clock))
    };
    let stacks = end(&hand);
    event.record_hand(&result_of(&hand, stacks), clock).unwrap()
}

/// The stacks of `hand` after `entry` lost every chip to the first other player dealt.
fn bust(hand: &HandToDeal, entry: Entry) -> Vec<u64> {
    let loser = hand
        .seats
        .iter()
        .position(|&(_, dealt)| dealt == entry)
        .unwrap();
    let winner = usize::from(loser == 0);
    let mut stacks = hand.stacks.clone();
    stacks[winner] += stacks[loser];
    stacks[loser] = 0;
    stacks
}

/// The stacks of `hand` after `entry` came to exactly `chips`, the first other player dealt
/// taking or giving the difference.
fn set_stack(hand: &HandToDeal, entry: Entry, chips: u64) -> Vec<u64> {
    let index = hand
        .seats
        .iter()
        .position(|&(_, dealt)| dealt == entry)
        .unwrap();
    let other = usize::from(index == 0);
    let mut stacks = hand.stacks.clone();
    let total = stacks[index] + stacks[other];
    stacks[index] = chips;
    stacks[other] = total - chips;
    stacks
}

/// Eleven entries at tables of three (three places paid), played one bust at a time to
/// four players left: the bubble, at two tables of two.
fn eleven_on_the_bubble() -> Event {
    let mut event = Event::start(settings(3), &users(11), 4).unwrap();
    assert!(event.hand_for_hand().is_none());
    'bust: loop {
        let tables = event.seating().numbers();
        event.tidy(&tables, true, 0);
        for table in event.seating().numbers() {
            if let Turn::Deal(hand) = event.deal(table, 0) {
                let out = hand.seats[1].1;
                event
                    .record_hand(&result_of(&hand, bust(&hand, out)), 0)
                    .unwrap();
                if event.hand_for_hand().is_some() {
                    break 'bust;
                }
            }
        }
    }
    assert_eq!(event.field().players_left(), 4);
    let tables = event.seating().numbers();
    event.tidy(&tables, true, 0);
    assert_eq!(event.seating().tables().len(), 2);
    assert_eq!(event.seating().spread(), 0);
    event
}

mod places;
mod schedule;
mod seats;
mod turns;
mod whole_events;
