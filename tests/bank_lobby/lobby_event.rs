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

use studbot::bank::{Bank, EventPhase, EventSchedule, TableId, TournamentId, UserId};
use studbot::lobby::computer::ThinkingTime;
use studbot::lobby::event::{EventHandle, EventNotice, EventPlace, NumberedTables};
use studbot::lobby::{Lobby, LobbyConfig, MemoryTableStore};
use studbot::table::GameChoice;
use studbot::tournament::Structure;
use studbot::tournament::multi::{EventSettings, clock_at};
use tokio::sync::broadcast;

use crate::lobby_common::*;

const BUY_IN: u64 = 100;
/// Each level lasts this many seconds of the event's clock.
const LEVEL_SECS: u32 = 300;
const EVENT_CHANNEL: TableId = TableId(4_100);
const TABLES: NumberedTables = NumberedTables { first: 50_000 };

/// Every computer decision takes one second, so the test's one-second steps move each
/// table one action on.
fn thinking() -> ThinkingTime {
    ThinkingTime {
        shortest: Duration::from_secs(1),
        longest: Duration::from_secs(1),
        forced: Duration::from_secs(1),
    }
}

struct EventFixture {
    bank: Bank,
    lobby: Lobby,
    _place: TestPlace,
    _clock: ClockHold,
}

async fn start_lobby_on(bank: &Bank) -> Lobby {
    let config = LobbyConfig {
        thinking: thinking(),
        ..LobbyConfig::default()
    };
    start_lobby(bank, Arc::new(MemoryTableStore::new()), config)
        .await
        .0
}

async fn event_fixture(store: TestStore) -> EventFixture {
    let clock = hold_clock();
    let place = TestPlace::new(store);
    let bank = Bank::open_at(place.location(), economy()).await.unwrap();
    bank.take_leases(&TEST_GUILDS).await.unwrap();
    let lobby = start_lobby_on(&bank).await;
    EventFixture {
        bank,
        lobby,
        _place: place,
        _clock: clock,
    }
}

/// The players of the tests' events (the hand-for-hand test's later events seat others, so
/// that nobody runs out of chips).
fn players(count: u64) -> Vec<UserId> {
    players_from(1_000, count)
}

fn players_from(first: u64, count: u64) -> Vec<UserId> {
    (1..=count).map(|n| UserId(first + n)).collect()
}

/// An event of `count` players at tables of `table_size`, whose start has passed: the
/// coordinator starts it at once.
async fn scheduled(bank: &Bank, count: u64, table_size: usize) -> TournamentId {
    scheduled_for(bank, &players(count), table_size).await
}

fn settings_for(table_size: usize) -> EventSettings {
    EventSettings::new(
        GameChoice::Stud,
        Structure::built_in_with_hands(LEVEL_SECS),
        BUY_IN,
        table_size,
    )
}

async fn scheduled_for(bank: &Bank, players: &[UserId], table_size: usize) -> TournamentId {
    scheduled_with(bank, players, settings_for(table_size)).await
}

async fn scheduled_with(bank: &Bank, players: &[UserId], settings: EventSettings) -> TournamentId {
    let schedule = EventSchedule {
        channel: EVENT_CHANNEL,
        name: "Sunday stud".into(),
        starts_at: 1_000,
        now: 0,
        added_by: None,
    };
    static SCHEDULED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let number = SCHEDULED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let id = bank
        .schedule_event(GUILD, schedule, settings, &format!("schedule {number}"))
        .await
        .unwrap();
    for &user in players {
        bank.enter_event(GUILD, id, user, 0, &format!("register {} {}", id.0, user.0))
            .await
            .unwrap();
    }
    id
}

async fn balance(bank: &Bank, user: UserId) -> u64 {
    bank.balance(GUILD, user).await.unwrap()
}

/// What the coordinator told, in order.
#[derive(Default)]
struct Told {
    notices: Vec<EventNotice>,
}

impl Told {
    fn places(&self) -> Option<&[EventPlace]> {
        self.notices.iter().find_map(|notice| match notice {
            EventNotice::Over { places } => Some(places.as_slice()),
            _ => None,
        })
    }
}

/// Moves the clock a second at a time, gathering notices, until one satisfies `done`.
async fn until(
    notices: &mut broadcast::Receiver<EventNotice>,
    told: &mut Told,
    what: &str,
    done: impl Fn(&EventNotice) -> bool,
) {
    for _ in 0..2_000_000u32 {
        loop {
            match notices.try_recv() {
                Ok(notice) => {
                    if let EventNotice::Halted { reason } = &notice {
                        panic!("the coordinator halted: {reason}");
                    }
                    let finished = done(&notice);
                    told.notices.push(notice);
                    if finished {
                        return;
                    }
                }
                Err(broadcast::error::TryRecvError::Empty) => break,
                Err(error) => panic!("notices lost: {error}"),
            }
        }
        deadline(what, tokio::time::advance(Duration::from_secs(1))).await;
        tokio::task::yield_now().await;
    }
    panic!("no end to waiting for {what}");
}

fn over(notice: &EventNotice) -> bool {
    matches!(notice, EventNotice::Over { .. })
}

/// The bank holds the event finished: every player placed once, the pool paid once, each
/// balance its start less the buy-in plus the prize told, the audit passing.
async fn assert_paid_once(
    bank: &Bank,
    id: TournamentId,
    count: u64,
    places: &[EventPlace],
    starts: &BTreeMap<UserId, u64>,
) {
    let record = bank.event(id).await.unwrap().unwrap();
    assert!(matches!(record.phase, EventPhase::Finished(_)), "finished");
    let users: BTreeSet<UserId> = places.iter().map(|place| place.user).collect();
    assert_eq!(users.len() as u64, count, "everyone placed once");
    // Places 1..N once each; players out in one hand share the best of their places.
    let mut numbers: Vec<usize> = places.iter().map(|place| place.place).collect();
    numbers.sort_unstable();
    for (index, &place) in numbers.iter().enumerate() {
        assert!(
            place == index + 1 || (index > 0 && place == numbers[index - 1]),
            "places {numbers:?}"
        );
    }
    let paid: u64 = places.iter().map(|place| place.prize).sum();
    assert_eq!(paid, BUY_IN * count, "the pool is paid");
    for place in places {
        assert_eq!(
            balance(bank, place.user).await,
            starts[&place.user] + place.prize,
            "player {} got their prize once",
            place.user.0
        );
    }
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "audit: {:?}", report.breaks);
}

async fn balances(bank: &Bank, count: u64) -> BTreeMap<UserId, u64> {
    let mut starts = BTreeMap::new();
    for user in players(count) {
        starts.insert(user, balance(bank, user).await);
    }
    starts
}

/// No table outside hand-for-hand deals with two players more than the shortest table
/// while it is the largest (the largest gives a player first, between its hands).
fn assert_balanced(told: &Told) {
    for notice in &told.notices {
        if let EventNotice::HandDealt {
            round: None,
            players,
            fewest,
            largest,
            table,
            number,
            ..
        } = notice
        {
            assert!(
                players <= &(fewest + 1) || players < largest,
                "table {table} hand {number} dealt {players} players beside {fewest}"
            );
        }
    }
}

/// Nobody is dealt at two tables at once, and a player moved is next dealt at the table
/// the move named.
fn assert_nobody_dealt_while_moving(told: &Told) {
    let mut in_hand: BTreeMap<UserId, u32> = BTreeMap::new();
    let mut moved_to: BTreeMap<UserId, u32> = BTreeMap::new();
    for notice in &told.notices {
        match notice {
            EventNotice::HandDealt { table, dealt, .. } => {
                for user in dealt {
                    if let Some(other) = in_hand.insert(*user, *table) {
                        panic!(
                            "player {} dealt at {table} while in a hand at {other}",
                            user.0
                        );
                    }
                    if let Some(to) = moved_to.remove(user) {
                        assert_eq!(to, *table, "player {} dealt where they moved", user.0);
                    }
                }
            }
            EventNotice::HandRecorded { table, .. } => in_hand.retain(|_, at| at != table),
            EventNotice::Moved { user, to, .. } => {
                assert!(
                    !in_hand.contains_key(user),
                    "player {} moved mid-hand",
                    user.0
                );
                moved_to.insert(*user, *to);
            }
            _ => {}
        }
    }
}

async fn an_event_of_20_at_tables_of_7_plays_to_the_end_balanced_and_paid_once(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 20, 7).await;
    let starts = balances(&fixture.bank, 20).await;
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
    let mut told = Told::default();
    until(&mut notices, &mut told, "the event's end", over).await;
    let Some(EventNotice::Playing { tables, .. }) = told.notices.first() else {
        panic!(
            "the event tells its tables first: {:?}",
            told.notices.first()
        );
    };
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
    let id = scheduled(&fixture.bank, 20, 7).await;
    let starts = balances(&fixture.bank, 20).await;
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
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
    let Some(EventNotice::Playing { clock, tables }) = after.notices.first() else {
        panic!("the resumed event tells its tables first");
    };
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
    let id = scheduled(&fixture.bank, 20, 7).await;
    let event: EventHandle = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
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
    while in_play(&told) > 0 {
        until(&mut notices, &mut told, "the hands in play", |notice| {
            matches!(notice, EventNotice::HandRecorded { .. })
        })
        .await;
    }
    // An hour paused: nothing more is dealt, the clock stands.
    for _ in 0..3_600 {
        tokio::time::advance(Duration::from_secs(1)).await;
        tokio::task::yield_now().await;
    }
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

/// The hands dealt and not yet recorded.
fn in_play(told: &Told) -> usize {
    let count = |dealt: bool| {
        told.notices
            .iter()
            .filter(|notice| match notice {
                EventNotice::HandDealt { .. } => dealt,
                EventNotice::HandRecorded { .. } => !dealt,
                _ => false,
            })
            .count()
    };
    count(true) - count(false)
}

async fn levels_rise_on_the_clock_with_each_tables_next_hand(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 20, 7).await;
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
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
    // 30 players at tables of 4: 6 places paid, the bubble at 7 players on two tables. A
    // hand begun before the bubble can bust past it, so events are played until one
    // reaches it (each checked all the same).
    let mut reached = 0;
    for attempt in 0..20 {
        let seated = players_from(10_000 + attempt * 100, 30);
        let id = scheduled_for(&fixture.bank, &seated, 4).await;
        let event = fixture
            .lobby
            .open_event(id, Arc::new(TABLES))
            .await
            .unwrap();
        let mut notices = event.subscribe();
        let mut told = Told::default();
        until(&mut notices, &mut told, "the event's end", over).await;
        reached += rounds_at_two_tables(&told);
        if reached > 0 {
            break;
        }
    }
    assert!(reached > 0, "hand-for-hand played at two tables or more");
}

async fn a_cancel_waits_for_every_tables_hand_and_pays_the_whole_pool(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 20, 7).await;
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
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
    tokio::time::advance(Duration::from_secs(60)).await;
    assert!(event.is_finished(), "the coordinator ends with the event");
}

async fn the_event_starts_at_its_start_time(store: TestStore) {
    let fixture = event_fixture(store).await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let settings = EventSettings::new(
        GameChoice::Stud,
        Structure::built_in_with_hands(LEVEL_SECS),
        BUY_IN,
        7,
    );
    let schedule = EventSchedule {
        channel: EVENT_CHANNEL,
        name: "later".into(),
        starts_at: now + 600,
        now,
        added_by: None,
    };
    let id = fixture
        .bank
        .schedule_event(GUILD, schedule, settings, "schedule later")
        .await
        .unwrap();
    for user in players(9) {
        fixture
            .bank
            .enter_event(GUILD, id, user, 0, &format!("register later {}", user.0))
            .await
            .unwrap();
    }
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
    for _ in 0..590 {
        tokio::time::advance(Duration::from_secs(1)).await;
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

/// A moderator's pause, once told.
async fn pause(
    event: &EventHandle,
    notices: &mut broadcast::Receiver<EventNotice>,
    told: &mut Told,
) {
    event.pause().await.unwrap();
    until(notices, told, "the pause", |notice| {
        matches!(notice, EventNotice::Paused { .. })
    })
    .await;
}

/// Whether `user` was dealt in the notice.
fn deals(notice: &EventNotice, user: UserId) -> bool {
    matches!(notice, EventNotice::HandDealt { dealt, .. } if dealt.contains(&user))
}

async fn a_late_entry_and_a_re_entry_are_seated_dealt_and_paid_into_the_pool(store: TestStore) {
    // A field whose money is far: late registration stays open through the first busts.
    const FIELD: u64 = 40;
    let fixture = event_fixture(store).await;
    // Long levels and late registration to the 40th: the paused clock leaps to the next
    // timer while the bank's store answers, and late registration must outlast the leaps.
    let mut settings = settings_for(7);
    settings.structure = Structure::built_in_with_hands(4 * LEVEL_SECS);
    settings.late_registration_levels = 40;
    settings.re_entries = 1;
    let id = scheduled_with(&fixture.bank, &players(FIELD), settings).await;
    let late = UserId(9_001);
    let mut starts = balances(&fixture.bank, FIELD).await;
    starts.insert(late, balance(&fixture.bank, late).await);
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
    let mut told = Told::default();
    // Each entry is made while a moderator's pause holds the tables, so that no hand the
    // test's own bank reads let play meanwhile closes late registration first.
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    pause(&event, &mut notices, &mut told).await;
    assert_eq!(
        fixture.lobby.enter_event(id, late, "late 9001").await,
        Ok(1)
    );
    assert_eq!(
        fixture.lobby.enter_event(id, late, "late 9001").await,
        Ok(1),
        "a retried entry answers the same and charges nothing more"
    );
    event.resume().await.unwrap();
    until(&mut notices, &mut told, "the late entry dealt", |notice| {
        deals(notice, late)
    })
    .await;
    // A player out while late registration is open buys in again.
    let busted = loop {
        until(&mut notices, &mut told, "a hand recorded", |notice| {
            matches!(notice, EventNotice::HandRecorded { .. })
        })
        .await;
        pause(&event, &mut notices, &mut told).await;
        let record = fixture.bank.event(id).await.unwrap().unwrap();
        let running = record.event().unwrap();
        assert!(
            running.registration_open(),
            "a bust before the late registration's end"
        );
        if let Some(&user) = players(FIELD)
            .iter()
            .find(|&&user| running.live_entry(user).is_none())
        {
            break user;
        }
        event.resume().await.unwrap();
    };
    let reference = format!("re-entry {}", busted.0);
    assert_eq!(
        fixture.lobby.enter_event(id, busted, &reference).await,
        Ok(2)
    );
    event.resume().await.unwrap();
    until(&mut notices, &mut told, "the re-entry dealt", |notice| {
        deals(notice, busted)
    })
    .await;
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert_eq!(
        record.event().unwrap().prize_pool(),
        BUY_IN * (FIELD + 2),
        "the pool grew by two buy-ins"
    );
    until(&mut notices, &mut told, "the event's end", over).await;
    assert_nobody_dealt_while_moving(&told);
    let places = told.places().unwrap();
    assert_eq!(places.len() as u64, FIELD + 2, "every entry placed once");
    let entries: BTreeSet<UserId> = places.iter().map(|place| place.user).collect();
    assert_eq!(entries.len() as u64, FIELD + 1);
    assert_eq!(
        places.iter().map(|place| place.prize).sum::<u64>(),
        BUY_IN * (FIELD + 2)
    );
    for (&user, &start) in &starts {
        // The players registered paid before `starts` was read; the late one after.
        let buy_ins = u64::from(user == busted) + u64::from(user == late);
        let prizes: u64 = places
            .iter()
            .filter(|place| place.user == user)
            .map(|place| place.prize)
            .sum();
        assert_eq!(
            balance(&fixture.bank, user).await,
            start - BUY_IN * buy_ins + prizes
        );
    }
    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "audit: {:?}", report.breaks);
}

async fn an_entry_past_late_registration_is_refused_and_charges_nothing(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 9, 7).await;
    let late = UserId(9_002);
    let start = balance(&fixture.bank, late).await;
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand dealt", |notice| {
        matches!(notice, EventNotice::HandDealt { .. })
    })
    .await;
    let refused = fixture.lobby.enter_event(id, late, "too late").await;
    assert!(refused.is_err(), "past late registration: {refused:?}");
    assert_eq!(balance(&fixture.bank, late).await, start, "nothing charged");
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert_eq!(record.event().unwrap().entries().len(), 9);
    assert_eq!(record.event().unwrap().prize_pool(), BUY_IN * 9);
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    assert!(!event.is_finished(), "the coordinator plays on");
}

async fn a_pause_is_kept_across_a_restart_with_its_clock_stopped(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 20, 7).await;
    let starts = balances(&fixture.bank, 20).await;
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    pause(&event, &mut notices, &mut told).await;
    let Some(EventNotice::Paused { clock: stopped }) = told.notices.last().cloned() else {
        unreachable!()
    };
    while in_play(&told) > 0 {
        until(&mut notices, &mut told, "the hands in play", |notice| {
            matches!(notice, EventNotice::HandRecorded { .. })
        })
        .await;
    }
    fixture.lobby.shutdown(Duration::ZERO).await;
    assert!(
        fixture.bank.event_paused(id).await.unwrap(),
        "the pause is kept"
    );

    let lobby = start_lobby_on(&fixture.bank).await;
    let resumed = lobby.resume_events(Arc::new(TABLES)).await.unwrap();
    assert_eq!(resumed.len(), 1, "the paused event resumes");
    let mut notices = resumed[0].subscribe();
    let mut after = Told::default();
    until(&mut notices, &mut after, "the pause told again", |notice| {
        matches!(notice, EventNotice::Paused { .. })
    })
    .await;
    // An hour after the restart: nothing dealt, the clock where the pause stopped it.
    for _ in 0..3_600 {
        tokio::time::advance(Duration::from_secs(1)).await;
        tokio::task::yield_now().await;
    }
    while let Ok(notice) = notices.try_recv() {
        after.notices.push(notice);
    }
    assert!(
        after
            .notices
            .iter()
            .all(|notice| !matches!(notice, EventNotice::HandDealt { .. })),
        "no table deals while the pause holds: {:?}",
        after.notices
    );
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert!(
        record.clock <= stopped + 1,
        "the clock stood through the restart"
    );
    resumed[0].resume().await.unwrap();
    until(
        &mut notices,
        &mut after,
        "a hand after the resume",
        |notice| matches!(notice, EventNotice::HandDealt { .. }),
    )
    .await;
    let Some(EventNotice::HandDealt { clock, .. }) = after.notices.last() else {
        unreachable!()
    };
    assert!(
        *clock <= stopped + 1,
        "the restart's hour was not charged: {clock} after {stopped}"
    );
    assert!(
        !fixture.bank.event_paused(id).await.unwrap(),
        "the resume is kept"
    );
    until(&mut notices, &mut after, "the event's end", over).await;
    assert_paid_once(&fixture.bank, id, 20, after.places().unwrap(), &starts).await;
}

/// A new channel each time a table is asked for one, as Discord makes a new thread.
struct NewThreads {
    next: std::sync::atomic::AtomicU64,
}

impl NewThreads {
    fn from(first: u64) -> Arc<NewThreads> {
        Arc::new(NewThreads {
            next: std::sync::atomic::AtomicU64::new(first),
        })
    }

    fn made(&self, first: u64) -> u64 {
        self.next.load(std::sync::atomic::Ordering::SeqCst) - first
    }
}

#[async_trait::async_trait]
impl studbot::lobby::event::EventTables for NewThreads {
    async fn table_channel(
        &self,
        _guild: studbot::bank::GuildId,
        _event: TournamentId,
        _channel: TableId,
        _table: u32,
    ) -> Result<TableId, String> {
        Ok(TableId(
            self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst),
        ))
    }
}

fn playing_tables(told: &Told) -> Vec<(u32, TableId)> {
    match told.notices.first() {
        Some(EventNotice::Playing { tables, .. }) => tables.clone(),
        other => panic!("the event tells its tables first: {other:?}"),
    }
}

async fn a_restart_plays_each_table_in_the_channel_the_bank_kept(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 20, 7).await;
    let threads = NewThreads::from(70_000);
    let event = fixture.lobby.open_event(id, threads.clone()).await.unwrap();
    let mut notices = event.subscribe();
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    fixture.lobby.shutdown(Duration::ZERO).await;
    let before = playing_tables(&told);
    assert_eq!(threads.made(70_000), 3, "a thread made for each table");
    let kept = fixture.bank.event_channels(id).await.unwrap();
    assert_eq!(kept.into_iter().collect::<Vec<_>>(), before);

    let lobby = start_lobby_on(&fixture.bank).await;
    let again = NewThreads::from(80_000);
    let resumed = lobby.resume_events(again.clone()).await.unwrap();
    let mut notices = resumed[0].subscribe();
    let mut after = Told::default();
    until(&mut notices, &mut after, "the resumed event's end", over).await;
    assert_eq!(
        playing_tables(&after),
        before,
        "each table in the channel it had"
    );
    assert_eq!(again.made(80_000), 0, "no thread made again");
    assert!(
        fixture.bank.event_channels(id).await.unwrap().is_empty(),
        "the channels go with the event's end"
    );
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_restart_plays_each_table_in_the_channel_the_bank_kept,
    a_pause_is_kept_across_a_restart_with_its_clock_stopped,
    a_late_entry_and_a_re_entry_are_seated_dealt_and_paid_into_the_pool,
    an_entry_past_late_registration_is_refused_and_charges_nothing,
    an_event_of_20_at_tables_of_7_plays_to_the_end_balanced_and_paid_once,
    a_restart_in_the_middle_of_hands_deals_them_again_and_pays_nothing_twice,
    a_pause_stops_the_clock_and_every_table_between_hands_and_a_resume_goes_on,
    levels_rise_on_the_clock_with_each_tables_next_hand,
    hand_for_hand_makes_every_table_wait_for_the_others_on_the_bubble,
    a_cancel_waits_for_every_tables_hand_and_pays_the_whole_pool,
    the_event_starts_at_its_start_time,
);
