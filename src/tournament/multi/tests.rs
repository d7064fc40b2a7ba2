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
    let mut clock = 0;
    let mut late = late.iter();
    for _ in 0..100_000 {
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
                }
            }
        }
        for hand in &hands {
            let stacks = play(hand, rng);
            event.record_hand(&result_of(hand, stacks), clock).unwrap();
            assert_chips_conserved(event);
        }
        clock += 1;
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
/// Checks that nobody is dealt at two tables at once or at a table they do not sit at.
fn play_in_any_order(event: &mut Event, rng: &mut ChaCha20Rng, late: &[UserId]) {
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
                event.tidy(&[table], in_play.is_empty(), clock);
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
                event.record_hand(&result_of(&hand, stacks), clock).unwrap();
                assert_chips_conserved(event);
            }
        }
        event.check().unwrap();
    }
    assert!(event.is_over(), "the event ends: {:?}", event.status(clock));
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

#[test]
fn sixty_players_at_sevens_start_at_nine_tables_of_six_or_seven() {
    let event = Event::start(settings(7), &users(60), 1).unwrap();
    let sizes: Vec<usize> = event
        .seating()
        .tables()
        .iter()
        .map(|table| table.players())
        .collect();
    assert_eq!(sizes.len(), 9);
    assert!(
        sizes.iter().all(|&size| size == 6 || size == 7),
        "{sizes:?}"
    );
    assert_eq!(sizes.iter().sum::<usize>(), 60);
    event.check().unwrap();
}

#[test]
fn the_same_seed_draws_the_same_seats_and_another_seed_others() {
    let seats = |seed| {
        Event::start(settings(7), &users(30), seed)
            .unwrap()
            .seating()
            .clone()
    };
    assert_eq!(seats(5), seats(5));
    assert_ne!(seats(5), seats(6));
}

#[test]
fn balancing_moves_the_player_dealt_last_from_the_biggest_table_into_the_chair_opened_last() {
    let mut event = Event::start(settings(4), &users(8), 3).unwrap();
    // Two tables of four. Two players of table 1 go out in one hand.
    let Turn::Deal(hand) = event.deal(1, 0) else {
        panic!("table 1 deals")
    };
    let mut stacks = hand.stacks.clone();
    let second_out = hand.seats[2];
    stacks[0] += stacks[1] + stacks[2];
    stacks[1] = 0;
    stacks[2] = 0;
    event.record_hand(&result_of(&hand, stacks), 0).unwrap();
    // Table 2, between hands, is the biggest (4 against 2): its player dealt last next
    // moves to table 1's chair that opened last (the second of those out, in deal order).
    let last_at_two = *event
        .seating()
        .table(2)
        .unwrap()
        .deal_order()
        .last()
        .unwrap();
    let tidied = event.tidy(&[2], false, 0);
    assert_eq!(
        tidied.changes,
        vec![SeatChange::Balanced(Move {
            entry: last_at_two.1,
            from: Some((2, last_at_two.0)),
            to: (1, second_out.0),
        })]
    );
    assert_eq!(event.seating().spread(), 0);
    // Table 1 between hands is not the biggest: it gives nobody.
    assert!(event.tidy(&[1], false, 0).changes.is_empty());
}

#[test]
fn the_highest_table_breaks_when_the_players_fit_one_table_fewer() {
    let mut event = Event::start(settings(4), &users(12), 9).unwrap();
    assert_eq!(event.seating().numbers(), vec![1, 2, 3]);
    // One player of table 1 out: eleven fit three tables; a second out: ten still do; two
    // more make eight, which fit two.
    for _ in 0..2 {
        let Turn::Deal(hand) = event.deal(1, 0) else {
            panic!()
        };
        let mut stacks = hand.stacks.clone();
        stacks[0] += stacks[1];
        stacks[1] = 0;
        event.record_hand(&result_of(&hand, stacks), 0).unwrap();
        event.tidy(&[1], false, 0);
    }
    let Turn::Deal(hand) = event.deal(2, 0) else {
        panic!()
    };
    let mut stacks = hand.stacks.clone();
    stacks[0] += stacks[1] + stacks[2];
    stacks[1] = 0;
    stacks[2] = 0;
    event.record_hand(&result_of(&hand, stacks), 0).unwrap();
    assert_eq!(event.seating().players(), 8);
    // Table 3 is to break: tables 1 and 2 wait for nothing, table 3 breaks when it is idle.
    assert_eq!(event.turn(3, 0), Turn::Wait(Wait::Breaking));
    assert!(matches!(event.turn(1, 0), Turn::Deal(_)));
    let tidied = event.tidy(&[3], false, 0);
    assert_eq!(tidied.closed, vec![3]);
    assert_eq!(event.seating().numbers(), vec![1, 2]);
    assert_eq!(event.seating().spread(), 0);
    assert_eq!(event.turn(3, 0), Turn::Wait(Wait::NoTable));
    event.check().unwrap();
}

#[test]
fn the_final_table_is_drawn_once_every_table_is_between_hands() {
    let mut event = Event::start(settings(4), &users(6), 2).unwrap();
    let Turn::Deal(first) = event.deal(1, 0) else {
        panic!()
    };
    let Turn::Deal(second) = event.deal(2, 0) else {
        panic!()
    };
    let mut stacks = first.stacks.clone();
    stacks[0] += stacks[1];
    stacks[1] = 0;
    event.record_hand(&result_of(&first, stacks), 0).unwrap();
    // Five left fit... not one table of four: no final table yet.
    assert!(!event.seating().final_table_due());
    event.tidy(&[1], false, 0);
    let Turn::Deal(first) = event.deal(1, 0) else {
        panic!()
    };
    let mut stacks = first.stacks.clone();
    stacks[0] += stacks[1];
    stacks[1] = 0;
    event.record_hand(&result_of(&first, stacks), 0).unwrap();
    assert!(event.seating().final_table_due());
    assert_eq!(event.turn(1, 0), Turn::Wait(Wait::FinalTable));
    // Table 2 is still playing: no draw.
    assert!(event.tidy(&[1], false, 0).changes.is_empty());
    let stacks = second.stacks.clone();
    event.record_hand(&result_of(&second, stacks), 0).unwrap();
    let tidied = event.tidy(&[2], true, 0);
    assert!(matches!(
        tidied.changes.as_slice(),
        [SeatChange::FinalTable { table: 1, .. }]
    ));
    assert_eq!(tidied.closed, vec![2]);
    assert_eq!(event.seating().tables().len(), 1);
    assert_eq!(event.seating().players(), 4);
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

#[test]
fn hand_for_hand_begins_on_the_bubble_and_a_table_that_played_the_round_waits_for_the_others() {
    let mut event = eleven_on_the_bubble();
    let (a, b) = (event.seating().numbers()[0], event.seating().numbers()[1]);
    assert_eq!(event.hand_for_hand().map(|round| round.round), Some(1));
    // No player goes out in the first round: each table's hand is round 1, and the table done
    // with it waits for the other; nobody moves meanwhile.
    let Turn::Deal(at_a) = event.deal(a, 0) else {
        panic!()
    };
    assert_eq!(at_a.round, Some(1));
    event
        .record_hand(&result_of(&at_a, at_a.stacks.clone()), 0)
        .unwrap();
    assert_eq!(event.turn(a, 0), Turn::Wait(Wait::HandForHand));
    assert!(event.tidy(&[a], false, 0).changes.is_empty());
    play_hand(&mut event, b, 0, |hand| {
        assert_eq!(hand.round, Some(1));
        hand.stacks.clone()
    });
    assert_eq!(event.hand_for_hand_rounds(), 1);
    // Round 2: both tables deal again.
    assert!(matches!(event.turn(a, 0), Turn::Deal(hand) if hand.round == Some(2)));
    assert!(matches!(event.turn(b, 0), Turn::Deal(hand) if hand.round == Some(2)));
}

/// Plays a round with no one out where one player of each table comes to `low_a` and
/// `low_b` chips, then a round where both go out. Returns their finishes.
fn bubble_busts_at_both_tables(low_a: u64, low_b: u64) -> (Event, Finish, Finish) {
    let mut event = eleven_on_the_bubble();
    let (a, b) = (event.seating().numbers()[0], event.seating().numbers()[1]);
    let entry_at = |event: &Event, table: u32| {
        event
            .seating()
            .table(table)
            .unwrap()
            .seated()
            .next()
            .unwrap()
            .1
    };
    let (out_a, out_b) = (entry_at(&event, a), entry_at(&event, b));
    play_hand(&mut event, a, 0, |hand| set_stack(hand, out_a, low_a));
    play_hand(&mut event, b, 0, |hand| set_stack(hand, out_b, low_b));
    let first = play_hand(&mut event, a, 0, |hand| bust(hand, out_a));
    assert_eq!(first.busted, vec![out_a]);
    assert!(
        first.finishes.is_empty(),
        "placed only when the round is over"
    );
    assert_eq!(event.turn(a, 0), Turn::Wait(Wait::HandForHand));
    let second = play_hand(&mut event, b, 0, |hand| bust(hand, out_b));
    assert!(second.hand_for_hand_changed, "the bubble burst");
    assert!(event.hand_for_hand().is_none());
    let finish_of = |entry| *second.finishes.iter().find(|f| f.seat == entry).unwrap();
    let (finish_a, finish_b) = (finish_of(out_a), finish_of(out_b));
    event.check().unwrap();
    (event, finish_a, finish_b)
}

#[test]
fn players_out_in_one_round_of_hand_for_hand_at_two_tables_place_by_their_stacks_at_its_start() {
    // Eleven entries of 100 pay 537, 318, 245: the one who began with more takes third.
    let (_, smaller, larger) = bubble_busts_at_both_tables(100, 200);
    assert_eq!((smaller.place, smaller.prize), (4, 0));
    assert_eq!((larger.place, larger.prize), (3, 245));
}

#[test]
fn players_out_in_one_round_of_hand_for_hand_with_equal_stacks_share_the_places_and_prizes() {
    let (event, one, other) = bubble_busts_at_both_tables(150, 150);
    assert_eq!((one.place, other.place), (3, 3));
    // Third and fourth place's prizes (245 and 0) split, the odd chip to the earlier entry.
    let (earlier, later) = if one.seat < other.seat {
        (one, other)
    } else {
        (other, one)
    };
    assert_eq!((earlier.prize, later.prize), (123, 122));
    assert_eq!(event.field().players_left(), 2);
    assert_eq!(event.seating().tables().len(), 2, "nobody moved yet");
}

#[test]
fn nine_entrants_play_two_tables_then_a_drawn_final_table_and_those_out_in_one_hand_place_by_their_stacks()
 {
    let mut event = Event::start(settings(8), &users(9), 12).unwrap();
    let sizes: Vec<usize> = event
        .seating()
        .tables()
        .iter()
        .map(EventTable::players)
        .collect();
    assert_eq!(sizes, vec![5, 4]);
    // One out at table 1: eight fit one table, drawn once both tables are between hands.
    play_hand(&mut event, 1, 0, |hand| bust(hand, hand.seats[1].1));
    assert_eq!(event.turn(1, 0), Turn::Wait(Wait::FinalTable));
    assert_eq!(event.turn(2, 0), Turn::Wait(Wait::FinalTable));
    let tidied = event.tidy(&[1, 2], true, 0);
    assert!(
        matches!(tidied.changes.as_slice(), [SeatChange::FinalTable { table: 1, moves }] if moves.len() == 8)
    );
    assert_eq!(tidied.closed, vec![2]);
    // Four more out one at a time, unpaid (9 entries pay three places: 450, 270, 180).
    for place in (5..=8).rev() {
        let recorded = play_hand(&mut event, 1, 0, |hand| bust(hand, hand.seats[1].1));
        assert_eq!(recorded.finishes.len(), 1);
        assert_eq!(
            (recorded.finishes[0].place, recorded.finishes[0].prize),
            (place, 0)
        );
    }
    // Three of the four left begin a hand with 100, 100 and 300 chips and go out in it.
    let order: Vec<Entry> = event.seating().tables()[0]
        .deal_order()
        .iter()
        .map(|&(_, e)| e)
        .collect();
    let [winner, small_one, small_two, big] = order[..] else {
        panic!("{order:?}")
    };
    play_hand(&mut event, 1, 0, |hand| {
        let total: u64 = hand.stacks.iter().sum();
        hand.seats
            .iter()
            .map(|&(_, entry)| match entry {
                e if e == small_one || e == small_two => 100,
                e if e == big => 300,
                _ => total - 500,
            })
            .collect()
    });
    let recorded = play_hand(&mut event, 1, 0, |hand| {
        let total: u64 = hand.stacks.iter().sum();
        hand.seats
            .iter()
            .map(|&(_, entry)| if entry == winner { total } else { 0 })
            .collect()
    });
    let placed: BTreeMap<Entry, (usize, u64)> = recorded
        .finishes
        .iter()
        .map(|finish| (finish.seat, (finish.place, finish.prize)))
        .collect();
    assert_eq!(placed[&big], (2, 270));
    assert_eq!(placed[&small_one], (3, 90));
    assert_eq!(placed[&small_two], (3, 90));
    assert_eq!(placed[&winner], (1, 450));
    assert!(event.is_over());
    assert_paid_exactly(&event);
}

#[test]
fn a_hand_whose_chips_or_players_do_not_fit_its_table_is_refused_and_changes_nothing() {
    let mut event = Event::start(settings(7), &users(20), 3).unwrap();
    let Turn::Deal(hand) = event.deal(1, 0) else {
        panic!()
    };
    let before = event.clone();
    let mut more = hand.stacks.clone();
    more[0] += 1;
    assert!(matches!(
        event.record_hand(&result_of(&hand, more), 0),
        Err(EventError::HandRefused { .. })
    ));
    let mut stranger = result_of(&hand, hand.stacks.clone());
    stranger.dealt[0] = event.seating().table(2).unwrap().seated().next().unwrap().1;
    assert!(matches!(
        event.record_hand(&stranger, 0),
        Err(EventError::HandRefused { .. })
    ));
    let mut ahead = result_of(&hand, hand.stacks.clone());
    ahead.number += 1;
    assert!(matches!(
        event.record_hand(&ahead, 0),
        Err(EventError::HandOutOfTurn { .. })
    ));
    assert_eq!(event, before);
    // Recorded once, the same hand again is answered as already recorded.
    let done = result_of(&hand, hand.stacks.clone());
    assert!(!event.record_hand(&done, 0).unwrap().already);
    assert!(event.record_hand(&done, 0).unwrap().already);
}

#[test]
fn late_registration_places_those_out_when_it_closes_and_refuses_a_re_entry_after() {
    let mut late = settings(4);
    late.late_registration_levels = 2;
    late.re_entries = 1;
    let mut event = Event::start(late, &users(16), 6).unwrap();
    assert!(event.registration_open());
    let Turn::Deal(hand) = event.deal(1, 0) else {
        panic!()
    };
    let out = hand.seats[1].1;
    let mut stacks = hand.stacks.clone();
    stacks[0] += stacks[1];
    stacks[1] = 0;
    let recorded = event.record_hand(&result_of(&hand, stacks), 0).unwrap();
    assert_eq!(recorded.busted, vec![out]);
    assert!(
        recorded.finishes.is_empty(),
        "not placed while the field can grow"
    );
    let user = event.entry(out).unwrap().user;
    // The player out buys in again; a second re-entry is not theirs to make.
    let (again, seated) = event.enter(user, 5).unwrap();
    assert!(matches!(seated, SeatChange::Seated { .. }));
    assert_eq!(event.entry(again).unwrap().number, 2);
    assert_eq!(event.enter(user, 5), Err(EventError::AlreadyIn));
    assert_eq!(event.enter(UserId(99), 5).map(|(entry, _)| entry), Ok(17));
    // The end of level 2 (clock 20) closes it: 18 entries, the first out placed 18th.
    assert_eq!(
        event.enter(UserId(100), 20),
        Err(EventError::RegistrationClosed)
    );
    let finishes = event.close_registration_if_due(20);
    assert_eq!(finishes.len(), 1);
    assert_eq!((finishes[0].seat, finishes[0].place), (out, 18));
    assert_eq!(event.prize_pool(), 1800);
    event.check().unwrap();
}

#[test]
fn re_entries_need_late_registration() {
    let mut bad = settings(7);
    bad.re_entries = 1;
    assert_eq!(
        Event::start(bad, &users(10), 1),
        Err(EventError::ReEntryWithoutLateRegistration)
    );
}

#[test]
fn a_cancel_before_anyone_is_out_refunds_and_after_divides_what_is_left() {
    let mut event = Event::start(settings(7), &users(20), 2).unwrap();
    assert_eq!(
        event.clone().cancel().map(|(division, _)| division),
        Some(crate::tournament::CancelDivision::Refund)
    );
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    while event.field().finishes().is_empty() {
        let tables = event.seating().numbers();
        event.tidy(&tables, true, 0);
        for table in event.seating().numbers() {
            if let Turn::Deal(hand) = event.deal(table, 0) {
                let stacks = play(&hand, &mut rng);
                event.record_hand(&result_of(&hand, stacks), 0).unwrap();
            }
        }
    }
    let won = event.field().prizes_won();
    let Some((crate::tournament::CancelDivision::Shares(shares), _)) = event.cancel() else {
        panic!("shares")
    };
    assert_eq!(shares.iter().sum::<u64>() + won, event.prize_pool());
}

#[test]
fn an_event_read_back_is_the_same_and_a_corrupt_one_is_refused() {
    let event = Event::start(settings(7), &users(30), 2).unwrap();
    let text = serde_json::to_string(&event).unwrap();
    let back: Event = serde_json::from_str(&text).unwrap();
    assert_eq!(back, event);
    back.check().unwrap();
    let mut corrupt: serde_json::Value = serde_json::from_str(&text).unwrap();
    corrupt["field"]["stacks"][0] = serde_json::json!(0);
    let corrupt: Event = serde_json::from_value(corrupt).unwrap();
    assert!(corrupt.check().is_err());
}

#[test]
fn a_thousand_players_play_to_the_end_in_lock_step_at_143_tables() {
    let mut event = Event::start(settings(7), &users(1000), 11).unwrap();
    assert_eq!(event.seating().tables().len(), 143);
    let played = play_in_lock_step(&mut event, &mut ChaCha20Rng::seed_from_u64(4), &[], false);
    assert_paid_exactly(&event);
    assert!(played.largest_spread <= 1, "{played:?}");
    assert!(played.hand_for_hand_rounds > 0, "{played:?}");
    assert!(played.moves > 0, "{played:?}");
    assert_eq!(event.most_tables(), 143);
    assert_eq!(event.seating().tables().len(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn in_lock_step_chips_are_conserved_places_cover_the_field_prizes_are_the_pool_and_tables_differ_by_one_at_most(
        players in 2usize..120,
        table_size in 2usize..=8,
        late_levels in 0u32..4,
        re_entries in 0u32..3,
        late_players in 0usize..30,
        hands_overlap in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mut settings = settings(table_size);
        settings.late_registration_levels = late_levels;
        settings.re_entries = if late_levels == 0 { 0 } else { re_entries };
        let mut event = Event::start(settings, &users(players), seed).unwrap();
        let mut late: Vec<UserId> = users(players + late_players);
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        late.rotate_left(players);
        let played = play_in_lock_step(&mut event, &mut rng, &late, hands_overlap);
        assert_paid_exactly(&event);
        prop_assert!(played.largest_spread <= 1, "{:?}", played);
    }

    #[test]
    fn in_any_order_with_restarts_chips_are_conserved_nobody_is_dealt_while_moving_and_places_cover_the_field(
        players in 2usize..80,
        table_size in 2usize..=8,
        late_levels in 0u32..3,
        late_players in 0usize..20,
        seed in any::<u64>(),
    ) {
        let mut settings = settings(table_size);
        settings.late_registration_levels = late_levels;
        settings.re_entries = u32::from(late_levels > 0);
        let mut event = Event::start(settings, &users(players), seed).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(seed ^ 1);
        let late: Vec<UserId> = (1..=(players + late_players) as u64).map(UserId).collect();
        play_in_any_order(&mut event, &mut rng, &late);
        assert_paid_exactly(&event);
    }
}
