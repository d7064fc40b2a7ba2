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
/// open. Checks after each round that no two tables differ by two players.
fn play_in_lock_step(event: &mut Event, rng: &mut ChaCha20Rng, late: &[UserId]) -> Played {
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
        if event.seating().tables().len() > 1 {
            played.largest_spread = played.largest_spread.max(event.seating().spread());
        }
        let mut hands = Vec::new();
        for table in event.seating().numbers() {
            if let Turn::Deal(hand) = event.deal(table, clock) {
                hands.push(hand);
            }
        }
        for hand in &hands {
            let stacks = play(hand, rng);
            event.record_hand(&result_of(hand, stacks), clock).unwrap();
        }
        clock += 1;
    }
    assert!(event.is_over(), "the event ends");
    played.hand_for_hand_rounds = event.hand_for_hand_rounds();
    played.moves = event.moves();
    played
}

/// Plays `event` one step at a time in a random order, as the lobby's tables do: a table
/// between hands is tidied and deals, a hand in play ends, the clock moves, someone enters.
/// Checks that nobody is dealt at two tables at once or at a table they do not sit at.
fn play_in_any_order(event: &mut Event, rng: &mut ChaCha20Rng, late: &[UserId]) {
    let mut in_play: BTreeMap<u32, HandToDeal> = BTreeMap::new();
    let mut clock = 0;
    let mut late = late.iter().peekable();
    for _ in 0..400_000 {
        if event.is_over() {
            break;
        }
        match rng.random_range(0..10) {
            0 => clock += 1,
            1 => {
                if let Some(&&user) = late.peek()
                    && event.can_enter(user, clock).is_ok()
                {
                    event.enter(user, clock).unwrap();
                    late.next();
                }
            }
            2..=5 => {
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
            }
        }
        event.check().unwrap();
    }
    assert!(event.is_over(), "the event ends: {:?}", event.status(clock));
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
    let (first_out, second_out) = (hand.seats[1], hand.seats[2]);
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
    let _ = first_out;
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
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for _ in 0..2 {
        let Turn::Deal(hand) = event.deal(1, 0) else {
            panic!()
        };
        let mut stacks = hand.stacks.clone();
        stacks[0] += stacks[1];
        stacks[1] = 0;
        let _ = &mut rng;
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
    assert_eq!(event.seating().players(), 8 - 1 + 1);
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

#[test]
fn hand_for_hand_places_players_out_at_two_tables_by_their_stacks_at_the_start() {
    // Eleven entries pay three places: hand-for-hand at four left.
    let mut event = Event::start(settings(4), &users(11), 4).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    let mut clock = 0;
    while event.hand_for_hand().is_none() {
        let tables = event.seating().numbers();
        event.tidy(&tables, true, clock);
        for table in event.seating().numbers() {
            if let Turn::Deal(hand) = event.deal(table, clock) {
                // One out at a time, until hand-for-hand.
                let mut stacks = hand.stacks.clone();
                if rng.random_bool(0.5) && event.field().players_left() > 4 {
                    stacks[0] += stacks[1];
                    stacks[1] = 0;
                }
                event.record_hand(&result_of(&hand, stacks), clock).unwrap();
                if event.hand_for_hand().is_some() {
                    break;
                }
            }
        }
        clock += 1;
    }
    assert_eq!(event.field().players_left(), 4);
    let tables = event.seating().numbers();
    event.tidy(&tables, true, clock);
    assert_eq!(event.seating().tables().len(), 2, "{:?}", event.seating());
    let Turn::Deal(a) = event.deal(1, clock) else {
        panic!()
    };
    let Turn::Deal(b) = event.deal(2, clock) else {
        panic!()
    };
    assert_eq!((a.round, b.round), (Some(1), Some(1)));
    // Table 1 loses a player who began with less than the one table 2 loses.
    let bust = |hand: &HandToDeal| {
        let mut stacks = hand.stacks.clone();
        let loser = 1;
        stacks[0] += stacks[loser];
        stacks[loser] = 0;
        (hand.seats[loser].1, hand.stacks[loser], stacks)
    };
    let (out_a, start_a, stacks_a) = bust(&a);
    let (out_b, start_b, stacks_b) = bust(&b);
    let first = event.record_hand(&result_of(&a, stacks_a), clock).unwrap();
    assert!(
        first.finishes.is_empty(),
        "placed only when the round is over"
    );
    assert_eq!(event.turn(1, clock), Turn::Wait(Wait::HandForHand));
    let second = event.record_hand(&result_of(&b, stacks_b), clock).unwrap();
    let placed: BTreeMap<usize, usize> = second
        .finishes
        .iter()
        .map(|finish| (finish.seat, finish.place))
        .collect();
    if start_a == start_b {
        assert_eq!(placed[&out_a], 3);
        assert_eq!(placed[&out_b], 3);
    } else {
        let (higher, lower) = if start_a > start_b {
            (out_a, out_b)
        } else {
            (out_b, out_a)
        };
        assert_eq!((placed[&higher], placed[&lower]), (3, 4));
    }
    assert!(event.hand_for_hand().is_none(), "the bubble burst");
    assert_eq!(event.hand_for_hand_rounds(), 1);
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
    let played = play_in_lock_step(&mut event, &mut ChaCha20Rng::seed_from_u64(4), &[]);
    assert_paid_exactly(&event);
    assert!(played.largest_spread <= 1, "{played:?}");
    assert!(played.hand_for_hand_rounds > 0 || event.field().finishes().len() == 1000);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn in_lock_step_places_cover_the_field_prizes_are_the_pool_and_tables_differ_by_one_at_most(
        players in 2usize..120,
        table_size in 2usize..=8,
        late_levels in 0u32..4,
        re_entries in 0u32..3,
        late_players in 0usize..30,
        seed in any::<u64>(),
    ) {
        let mut settings = settings(table_size);
        settings.late_registration_levels = late_levels;
        settings.re_entries = if late_levels == 0 { 0 } else { re_entries };
        let mut event = Event::start(settings, &users(players), seed).unwrap();
        let mut late: Vec<UserId> = users(players + late_players);
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        late.rotate_left(players);
        let played = play_in_lock_step(&mut event, &mut rng, &late);
        assert_paid_exactly(&event);
        prop_assert!(played.largest_spread <= 1, "{:?}", played);
    }

    #[test]
    fn in_any_order_nobody_is_dealt_while_moving_and_places_cover_the_field(
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
