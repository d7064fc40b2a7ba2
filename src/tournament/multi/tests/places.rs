//! Places and prizes: hand-for-hand on the bubble, players out in one hand, late
//! registration and re-entries, refused hands, a cancel, an event read back.

use super::*;
use crate::tournament::DealKind;

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
    // Eleven entries of 100 pay 460, 350, 290: the one who began with more takes third.
    let (_, smaller, larger) = bubble_busts_at_both_tables(100, 200);
    assert_eq!((smaller.place, smaller.prize), (4, 0));
    assert_eq!((larger.place, larger.prize), (3, 290));
}

#[test]
fn players_out_in_one_round_of_hand_for_hand_with_equal_stacks_share_the_places_and_prizes() {
    let (event, one, other) = bubble_busts_at_both_tables(150, 150);
    assert_eq!((one.place, other.place), (3, 3));
    // Third and fourth place's prizes (290 and 0) split equally.
    let (earlier, later) = if one.seat < other.seat {
        (one, other)
    } else {
        (other, one)
    };
    assert_eq!((earlier.prize, later.prize), (145, 145));
    assert_eq!(event.field().players_left(), 2);
    assert_eq!(event.seating().tables().len(), 2, "nobody moved yet");
}

#[test]
fn nine_entrants_reach_a_drawn_final_table_and_those_out_in_one_hand_place_by_their_stacks() {
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
    assert!(matches!(
        tidied.changes.as_slice(),
        [SeatChange::FinalTable { table: 1, moves }] if moves.len() == 8
    ));
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
fn late_registration_closes_early_once_the_players_left_come_near_the_money() {
    // Twelve entries at tables of four pay three: at seven left, one hand at a table of four
    // could leave four (three paid and the bubble), so the field is made final though the
    // clock would keep it open.
    let mut late = settings(4);
    late.late_registration_levels = 5;
    late.re_entries = 1;
    let mut event = Event::start(late, &users(12), 2).unwrap();
    let mut out = Vec::new();
    while event.registration_open() {
        let tables = event.seating().numbers();
        event.tidy(&tables, true, 0);
        let table = *event
            .seating()
            .tables()
            .iter()
            .max_by_key(|table| table.players())
            .map(|table| &table.number)
            .unwrap();
        let recorded = play_hand(&mut event, table, 0, |hand| bust(hand, hand.seats[1].1));
        out.extend(recorded.busted);
        if event.registration_open() {
            assert!(recorded.finishes.is_empty());
        } else {
            // Everyone out so far is placed now, the first out last.
            let places: Vec<(Entry, usize)> = recorded
                .finishes
                .iter()
                .map(|finish| (finish.seat, finish.place))
                .collect();
            let expected: Vec<(Entry, usize)> = out.iter().copied().zip((8..=12).rev()).collect();
            assert_eq!(places, expected);
        }
    }
    assert_eq!(event.field().players_left(), 7);
    let gone = event.entry(out[0]).unwrap().user;
    assert_eq!(event.enter(gone, 1), Err(EventError::RegistrationClosed));
    event.check().unwrap();
}

#[test]
fn registering_twice_too_few_players_and_entries_past_the_cap_are_refused() {
    assert_eq!(
        Event::start(settings(7), &[UserId(1), UserId(2), UserId(1)], 1),
        Err(EventError::AlreadyIn)
    );
    assert_eq!(
        Event::start(settings(7), &users(1), 1),
        Err(EventError::TooFewEntries(1))
    );
    let mut capped = settings(7);
    capped.cap = Some(10);
    assert_eq!(
        Event::start(capped.clone(), &users(11), 1),
        Err(EventError::Full(10))
    );
    capped.late_registration_levels = 2;
    // Nine at tables of five and four: one hand cannot reach the money, late registration is
    // open.
    let mut event = Event::start(capped, &users(9), 1).unwrap();
    assert!(event.registration_open());
    assert_eq!(event.enter(UserId(1), 0), Err(EventError::AlreadyIn));
    assert!(event.enter(UserId(10), 0).is_ok());
    let before = event.clone();
    assert_eq!(event.enter(UserId(11), 0), Err(EventError::Full(10)));
    assert_eq!(event, before);
    let mut nine = settings(9);
    assert_eq!(
        Event::start(nine.clone(), &users(9), 1),
        Err(EventError::TableSize(9))
    );
    nine.table_size = 8;
    nine.late_registration_levels = nine.structure.levels().len() as u32 + 1;
    assert!(matches!(
        Event::start(nine, &users(9), 1),
        Err(EventError::LateRegistrationPastLevels { .. })
    ));
}

#[test]
fn a_deal_between_the_last_two_pays_the_prizes_left_and_places_them_by_chips() {
    // Two left after the bubble's round, still at two tables.
    let (mut event, _, _) = bubble_busts_at_both_tables(100, 200);
    assert_eq!(event.field().players_left(), 2);
    let won = event.field().prizes_won();
    let amounts = event.deal_amounts(DealKind::ChipChop).unwrap();
    assert_eq!(
        amounts.iter().map(|&(_, amount)| amount).sum::<u64>() + won,
        event.prize_pool()
    );
    let finishes = event.end_by_deal(DealKind::ChipChop).unwrap();
    assert!(event.is_over());
    let leader = amounts
        .iter()
        .max_by_key(|&&(entry, _)| event.field().stack(entry))
        .unwrap()
        .0;
    assert_eq!(finishes[0].place, 1);
    if event.field().stack(finishes[0].seat) != event.field().stack(finishes[1].seat) {
        assert_eq!(finishes[0].seat, leader);
    }
    assert_paid_exactly(&event);
    assert_eq!(event.deal_made(), Some(DealKind::ChipChop));
    event.check().unwrap();
}
