//! A multi-table event played by the lobby's coordinator (#41), on tokio's paused clock,
//! every seat a computer player: the event starts, its tables deal on their own (each hand
//! recorded in the bank before it is told), balancing moves players between hands, busts
//! are placed and paid, the last hand ends it with the whole pool paid; a restart in the
//! middle of hands deals each cut-short hand again and pays nothing twice; a pause stops
//! the clock and the tables; levels rise on the clock; hand-for-hand makes the tables wait
//! for each other.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{EventPhase, TableId, UserId};
use studbot::lobby::event::EventNotice;
use studbot::tournament::Structure;
use studbot::tournament::multi::clock_at;

use crate::event_common::*;
use crate::lobby_common::*;
// The event tests' own `until` (a second at a time, gathering notices), not the lobby's.
use crate::event_common::until;

async fn an_event_of_20_at_tables_of_7_plays_to_the_end_balanced_and_paid_once(store: TestStore) {
    let fixture = event_fixture(store).await;
    let (id, _event, mut notices, starts) = started_event(&fixture, 20, 7).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "the event's end", over).await;
    let Some(EventNotice::Playing {
        tables, started, ..
    }) = told.notices.first()
    else {
        panic!(
            "the event tells its tables first: {:?}",
            told.notices.first()
        );
    };
    assert!(*started, "the coordinator that starts the event says so");
    assert_eq!(tables.len(), 3, "20 players sit at 3 tables of 7");
    let channels: BTreeSet<_> = tables.iter().map(|(_, channel)| *channel).collect();
    assert_eq!(channels.len(), 3, "each table its own channel");
    let moves = told
        .notices
        .iter()
        .filter(|notice| matches!(notice, EventNotice::Moved { from: Some(_), .. }))
        .count();
    assert!(moves > 0, "balancing or a table breaking moved players");
    assert_balanced(&told);
    assert_nobody_dealt_while_moving(&told);
    let outs = told
        .notices
        .iter()
        .filter(|notice| matches!(notice, EventNotice::Out { .. }))
        .count();
    assert_eq!(outs, 19, "each bust told once with its place");
    assert_paid_once(&fixture.bank, id, 20, told.places().unwrap(), &starts).await;
}

async fn a_restart_in_the_middle_of_hands_deals_them_again_and_pays_nothing_twice(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (id, _event, mut notices, starts) = started_event(&fixture, 20, 7).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "the first bust", |notice| {
        matches!(notice, EventNotice::Out { .. })
    })
    .await;
    // Every table is in the middle of a hand again.
    let dealt_after = told.notices.len();
    until(
        &mut notices,
        &mut told,
        "a hand dealt after the bust",
        |notice| matches!(notice, EventNotice::HandDealt { .. }),
    )
    .await;
    assert!(told.notices.len() > dealt_after);
    fixture.lobby.shutdown(Duration::ZERO).await;
    let recorded = fixture.bank.event(id).await.unwrap().unwrap();
    let event_then = recorded.event().unwrap().clone();

    let lobby = start_lobby_on(&fixture.bank).await;
    let resumed = lobby.resume_events(Arc::new(TABLES)).await.unwrap();
    assert_eq!(resumed.len(), 1, "the live event resumes");
    let mut notices = resumed[0].subscribe();
    let mut after = Told::default();
    until(&mut notices, &mut after, "the resumed event's end", over).await;
    let Some(EventNotice::Playing {
        clock,
        tables,
        started,
    }) = after.notices.first()
    else {
        panic!("the resumed event tells its tables first");
    };
    assert!(
        !started,
        "a resumed event is not started again: its seats are not told again"
    );
    assert_eq!(
        *clock, recorded.clock,
        "the clock resumes where the bank left it"
    );
    for (table, channel) in tables {
        assert_eq!(*channel, TableId(50_000 + id.0 * 1_000 + u64::from(*table)));
    }
    // Each table's first hand after the restart is the one cut short, dealt from its start.
    for notice in &after.notices {
        if let EventNotice::HandDealt { table, number, .. } = notice {
            let played = event_then.seating().table(*table).map_or(0, |t| t.hands());
            assert!(*number > played, "a recorded hand is never dealt again");
        }
    }
    let mut outs: Vec<UserId> = told
        .notices
        .iter()
        .chain(&after.notices)
        .filter_map(|notice| match notice {
            EventNotice::Out { user, .. } => Some(*user),
            _ => None,
        })
        .collect();
    outs.sort_unstable();
    let count = outs.len();
    outs.dedup();
    assert_eq!(outs.len(), count, "no bust is told twice");
    assert_paid_once(&fixture.bank, id, 20, after.places().unwrap(), &starts).await;
    let again = start_lobby_on(&fixture.bank).await;
    assert!(
        again
            .resume_events(Arc::new(TABLES))
            .await
            .unwrap()
            .is_empty()
    );
}

async fn a_pause_stops_the_clock_and_every_table_between_hands_and_a_resume_goes_on(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (id, event, mut notices, _) = started_event(&fixture, 20, 7).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    event.pause().await.unwrap();
    until(&mut notices, &mut told, "the pause", |notice| {
        matches!(notice, EventNotice::Paused { .. })
    })
    .await;
    let paused_at = told.notices.len();
    let Some(EventNotice::Paused { clock: stopped }) = told.notices.last().cloned() else {
        unreachable!()
    };
    // The hands in play at the pause end and are recorded.
    until_no_hand_in_play(&mut notices, &mut told).await;
    // An hour paused: nothing more is dealt, the clock stands.
    an_hour_passes().await;
    while let Ok(notice) = notices.try_recv() {
        told.notices.push(notice);
    }
    assert!(
        told.notices[paused_at..]
            .iter()
            .all(|notice| !matches!(notice, EventNotice::HandDealt { .. })),
        "no table deals while paused"
    );
    assert_eq!(
        in_play(&told),
        0,
        "every hand in play at the pause was recorded"
    );
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert!(record.clock <= stopped + 1, "the clock stood while paused");
    event.resume().await.unwrap();
    until(
        &mut notices,
        &mut told,
        "a hand after the resume",
        |notice| matches!(notice, EventNotice::HandDealt { .. }),
    )
    .await;
    let Some(EventNotice::HandDealt { clock, .. }) = told.notices.last() else {
        unreachable!()
    };
    assert!(
        *clock <= stopped + 1,
        "the hour paused was not charged: {clock} after {stopped}"
    );
    until(&mut notices, &mut told, "the event's end", over).await;
}

async fn levels_rise_on_the_clock_with_each_tables_next_hand(store: TestStore) {
    let fixture = event_fixture(store).await;
    let (_, _event, mut notices, _) = started_event(&fixture, 20, 7).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "the event's end", over).await;
    let mut highest = 0;
    for notice in &told.notices {
        if let EventNotice::HandDealt { level, clock, .. } = notice {
            let structure = Structure::built_in_with_hands(LEVEL_SECS);
            assert_eq!(
                *level,
                clock_at(&structure, None, *clock).level,
                "a hand is dealt at the level of the clock {clock}"
            );
            highest = highest.max(*level);
        }
    }
    assert!(highest >= 1, "the levels rose");
}

/// The tests' clock waits for the bank ([`advance`]): with every commit a bank makes slowed
/// (a loaded machine's), an event's first hands are still dealt at the first level, the clock
/// having moved only as the computers thought. Stepping on while the bank still wrote, the
/// clock ran hundreds of seconds ahead with each commit.
#[tokio::test(start_paused = true)]
async fn a_slow_bank_holds_the_tests_clock_back_and_the_first_hands_stay_at_the_first_level() {
    const FIRST_LEVEL_SECS: u32 = 600;
    let fixture = event_fixture_with_slow_commits(Duration::from_millis(25)).await;
    let mut settings = settings_for(8);
    settings.structure = Structure::built_in_with_hands(FIRST_LEVEL_SECS);
    let (_, _event, mut notices, _) = started_event_with(&fixture, 8, settings).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "the fourth hand dealt", |notice| {
        matches!(notice, EventNotice::HandDealt { number: 4, .. })
    })
    .await;
    let dealt: Vec<(usize, u64)> = told
        .notices
        .iter()
        .filter_map(|notice| match notice {
            EventNotice::HandDealt { level, clock, .. } => Some((*level, *clock)),
            _ => None,
        })
        .collect();
    assert_eq!(dealt.len(), 4, "four hands at the one table: {dealt:?}");
    assert!(
        dealt
            .iter()
            .all(|&(level, clock)| level == 0 && clock < u64::from(FIRST_LEVEL_SECS)),
        "hands dealt (level, clock) {dealt:?}: the clock ran ahead of the bank"
    );
}

/// The rounds of hand-for-hand `told` played at two tables or more, checking that each
/// round's hands were all recorded before any hand of the next was dealt, and that no hand
/// outside a round was dealt while one played.
fn rounds_at_two_tables(told: &Told) -> usize {
    let mut open: BTreeMap<u64, BTreeSet<u32>> = BTreeMap::new();
    let mut dealt_in_round: BTreeMap<u64, usize> = BTreeMap::new();
    let mut dealing_round: BTreeMap<u32, u64> = BTreeMap::new();
    for notice in &told.notices {
        match notice {
            EventNotice::HandDealt {
                table,
                round: Some(round),
                ..
            } => {
                assert!(
                    open.keys().all(|earlier| earlier >= round),
                    "round {round} dealt while an earlier round is in play"
                );
                open.entry(*round).or_default().insert(*table);
                *dealt_in_round.entry(*round).or_default() += 1;
                dealing_round.insert(*table, *round);
            }
            EventNotice::HandDealt { round: None, .. } => {
                assert!(open.is_empty(), "no hand outside the round while one plays");
            }
            EventNotice::HandRecorded { table, .. } => {
                if let Some(round) = dealing_round.remove(table)
                    && let Some(tables) = open.get_mut(&round)
                {
                    tables.remove(table);
                    if tables.is_empty() {
                        open.remove(&round);
                    }
                }
            }
            _ => {}
        }
    }
    dealt_in_round.values().filter(|dealt| **dealt >= 2).count()
}

async fn hand_for_hand_makes_every_table_wait_for_the_others_on_the_bubble(store: TestStore) {
    let fixture = event_fixture(store).await;
    // 14 players at tables of 4: 4 places paid, the bubble at 5 players on two tables. A
    // hand begun before the bubble can bust past it, so events are played until one reaches
    // it (the first does, with the tests' seed: the clock moves only at the bank's pace, so
    // an event plays the same each run), each checked all the same and cancelled once its
    // bubble has burst (what follows plays no hand-for-hand).
    const FIELD: u64 = 14;
    const PAID: u64 = 4;
    let mut reached = 0;
    for attempt in 0..60 {
        let (_, event, mut notices, _) = started_event(&fixture, FIELD, 4).await;
        let mut told = Told::default();
        let outs = std::cell::Cell::new(0);
        until(&mut notices, &mut told, "the bubble's end", |notice| {
            if matches!(notice, EventNotice::Out { .. }) {
                outs.set(outs.get() + 1);
            }
            over(notice) || outs.get() >= FIELD - PAID
        })
        .await;
        let reference = format!("past the bubble {attempt}");
        cancel_unless_over(&event, &mut notices, &mut told, &reference).await;
        reached += rounds_at_two_tables(&told);
        if reached > 0 {
            break;
        }
    }
    assert!(reached > 0, "hand-for-hand played at two tables or more");
}

async fn a_cancel_waits_for_every_tables_hand_and_pays_the_whole_pool(store: TestStore) {
    let fixture = event_fixture(store).await;
    let (id, event, mut notices, _) = started_event(&fixture, 20, 7).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "the first bust", |notice| {
        matches!(notice, EventNotice::Out { .. })
    })
    .await;
    event.cancel("cancel the event").await.unwrap();
    until(&mut notices, &mut told, "the cancel", |notice| {
        matches!(notice, EventNotice::Cancelled { .. })
    })
    .await;
    assert_eq!(
        in_play(&told),
        0,
        "every hand in play ended and was recorded first"
    );
    let Some(EventNotice::Cancelled { paid }) = told.notices.last() else {
        unreachable!()
    };
    let prizes: u64 = told
        .notices
        .iter()
        .filter_map(|notice| match notice {
            EventNotice::Out { prize, .. } => Some(*prize),
            _ => None,
        })
        .sum();
    let shared: u64 = paid.iter().map(|(_, chips)| chips).sum();
    assert_eq!(prizes + shared, BUY_IN * 20, "the pool is paid, once");
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert!(matches!(record.phase, EventPhase::Cancelled { .. }));
    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "audit: {:?}", report.breaks);
    advance(Duration::from_secs(60)).await;
    assert!(event.is_finished(), "the coordinator ends with the event");
}

async fn the_event_starts_at_its_start_time(store: TestStore) {
    let fixture = event_fixture(store).await;
    let now = unix_now_secs();
    let id = scheduled_at(&fixture.bank, now + 600, now).await;
    let (_event, mut notices) = opened_event(&fixture, id).await;
    for _ in 0..590 {
        advance(Duration::from_secs(1)).await;
    }
    assert!(notices.try_recv().is_err(), "nothing before the start");
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert!(matches!(record.phase, EventPhase::Scheduled));
    let mut told = Told::default();
    until(&mut notices, &mut told, "the start", |notice| {
        matches!(notice, EventNotice::Playing { .. })
    })
    .await;
    let Some(EventNotice::Playing { tables, .. }) = told.notices.last() else {
        unreachable!()
    };
    assert_eq!(tables.len(), 2, "9 players at tables of 7 sit at two");
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    an_event_of_20_at_tables_of_7_plays_to_the_end_balanced_and_paid_once,
    a_restart_in_the_middle_of_hands_deals_them_again_and_pays_nothing_twice,
    a_pause_stops_the_clock_and_every_table_between_hands_and_a_resume_goes_on,
    levels_rise_on_the_clock_with_each_tables_next_hand,
    hand_for_hand_makes_every_table_wait_for_the_others_on_the_bubble,
    a_cancel_waits_for_every_tables_hand_and_pays_the_whole_pool,
    the_event_starts_at_its_start_time,
);
