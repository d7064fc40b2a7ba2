//! What the multi-table event tests of the lobby share (#41): a bank and a lobby on tokio's
//! paused clock whose computer players think one second a decision, events scheduled with
//! their players registered, the coordinator's notices gathered a second at a time, and the
//! checks every whole event ends with (everyone placed once and paid once, the tables
//! balanced, nobody dealt while moving).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use studbot::bank::store::{Reads, Scan, SledStore, Store, StoreError, Tree, Write};
use studbot::bank::{
    Bank, Clock, EventPhase, EventSchedule, StoreLocation, SystemClock, TableId, TournamentId,
    UserId,
};
use studbot::lobby::computer::ThinkingTime;
use studbot::lobby::event::{EventHandle, EventNotice, EventPlace, NumberedTables};
use studbot::lobby::{DealingOutPace, Lobby, LobbyConfig, MemoryTableStore};
use studbot::table::GameChoice;
use studbot::tournament::Structure;
use studbot::tournament::multi::EventSettings;
use tokio::sync::broadcast;

use crate::lobby_common::*;

pub const BUY_IN: u64 = 100;
/// Each level lasts this many seconds of the event's clock: short, so that a whole event
/// plays in a hundred hands or so (the clock moves only as fast as the bank answers, see
/// `lobby_common::advance`, and a slower store's hands take real time).
pub const LEVEL_SECS: u32 = 60;
pub const EVENT_CHANNEL: TableId = TableId(4_100);
pub const TABLES: NumberedTables = NumberedTables { first: 50_000 };

/// Every computer decision takes one second, so the test's one-second steps move each
/// table one action on.
pub fn thinking() -> ThinkingTime {
    ThinkingTime {
        shortest: Duration::from_secs(1),
        longest: Duration::from_secs(1),
        forced: Duration::from_secs(1),
    }
}

pub struct EventFixture {
    pub bank: Bank,
    pub lobby: Lobby,
    pub _place: KeptPlace,
    pub _clock: ClockHold,
}

pub async fn start_lobby_on(bank: &Bank) -> Lobby {
    let config = LobbyConfig {
        thinking: thinking(),
        // Each event's draw, decks and computers' choices from one seed: the same each run.
        deck_seed: Some(41),
        // No equities on an all-in's boards and no pause between their streets: these tests
        // play whole events, and their tables' all-ins need not be shown.
        pace: DealingOutPace {
            street_pause: Duration::ZERO,
            equity_budget: Duration::ZERO,
        },
        ..LobbyConfig::default()
    };
    start_lobby(bank, Arc::new(MemoryTableStore::new()), config)
        .await
        .0
}

/// The bank's clock in these tests: the machine's time plus the time the test has moved
/// tokio's paused clock since it was made. The coordinator reads the machine's time and then
/// waits on tokio's clock for an event's start: the bank, which starts an event only at its
/// time, must find that time reached when the coordinator wakes for it.
/// Read through the test's runtime, whose paused clock the bank's committer thread would not
/// see otherwise.
struct MovedTime {
    runtime: tokio::runtime::Handle,
    made: tokio::time::Instant,
    /// How far the bank's clock is behind the machine's (a bank on another host whose clock
    /// lags).
    behind_ms: u64,
}

impl MovedTime {
    fn new(behind_ms: u64) -> MovedTime {
        MovedTime {
            runtime: tokio::runtime::Handle::current(),
            made: tokio::time::Instant::now(),
            behind_ms,
        }
    }
}

impl Clock for MovedTime {
    fn now_unix_ms(&self) -> u64 {
        let _inside = self.runtime.enter();
        let moved = u64::try_from(self.made.elapsed().as_millis()).unwrap_or(u64::MAX);
        SystemClock
            .now_unix_ms()
            .saturating_add(moved)
            .saturating_sub(self.behind_ms)
    }
}

pub async fn event_fixture(store: TestStore) -> EventFixture {
    event_fixture_with_bank_behind(store, 0).await
}

/// The fixture with the bank's clock `behind_ms` behind the machine's, which the coordinator
/// reads.
pub async fn event_fixture_with_bank_behind(store: TestStore, behind_ms: u64) -> EventFixture {
    let clock = hold_clock();
    let place = TestPlace::new(store);
    let time = Arc::new(MovedTime::new(behind_ms));
    let bank = Bank::open_at_with_clock(place.location(), economy(), time)
        .await
        .unwrap();
    fixture_of(bank, place, clock).await
}

async fn fixture_of(bank: Bank, place: TestPlace, clock: ClockHold) -> EventFixture {
    bank.take_leases(&TEST_GUILDS).await.unwrap();
    let lobby = start_lobby_on(&bank).await;
    EventFixture {
        bank,
        lobby,
        _place: KeptPlace::new(place),
        _clock: clock,
    }
}

/// sled whose every commit takes `delay` more of real time: the bank of a loaded machine,
/// slow beside a test that moves tokio's paused clock at its own pace.
struct SlowStore {
    inner: SledStore,
    delay: Duration,
}

impl Reads for SlowStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(tree, key)
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        self.inner.scan_prefix(tree, prefix)
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        self.inner.scan_from(tree, start)
    }
}

impl Store for SlowStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        // A slow disk, not a wait: the committer thread is held as a loaded machine holds it.
        std::thread::sleep(self.delay);
        self.inner.apply(writes)
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.inner.flush()
    }
    fn is_empty(&self) -> Result<bool, StoreError> {
        self.inner.is_empty()
    }
}

/// [`event_fixture`] on sled whose every commit takes `delay` more of real time.
pub async fn event_fixture_with_slow_commits(delay: Duration) -> EventFixture {
    let clock = hold_clock();
    let place = TestPlace::new(TestStore::Sled);
    let StoreLocation::Sled(dir) = place.location() else {
        unreachable!("a sled place")
    };
    let store = Arc::new(SlowStore {
        inner: SledStore::open(dir, 1 << 20).unwrap(),
        delay,
    });
    let bank = Bank::open_with_store(store, economy(), Arc::new(MovedTime::new(0)))
        .await
        .unwrap();
    fixture_of(bank, place, clock).await
}

/// The computer entries of the tests' events (at most 256: the house's computers), whose
/// buy-ins and prizes are the house's.
pub fn players(count: u64) -> Vec<UserId> {
    (0..count)
        .map(|n| UserId::computer(u8::try_from(n).expect("at most 256 computers")))
        .collect()
}

/// An event of `count` players at tables of `table_size`, whose start has passed: the
/// coordinator starts it at once.
pub async fn scheduled(bank: &Bank, count: u64, table_size: usize) -> TournamentId {
    scheduled_for(bank, &players(count), table_size).await
}

pub fn settings_for(table_size: usize) -> EventSettings {
    EventSettings::new(
        GameChoice::Stud,
        Structure::built_in_with_hands(LEVEL_SECS),
        BUY_IN,
        table_size,
    )
}

pub async fn scheduled_for(bank: &Bank, players: &[UserId], table_size: usize) -> TournamentId {
    scheduled_with(bank, players, settings_for(table_size)).await
}

pub async fn scheduled_with(
    bank: &Bank,
    players: &[UserId],
    settings: EventSettings,
) -> TournamentId {
    scheduled_at_with(bank, players, settings, 1_000, 0).await
}

/// The machine's time, in seconds since the epoch: what the coordinator reads.
pub fn unix_now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// An event of 9 computers at tables of 7 that starts at `starts_at`, scheduled at `now`
/// (seconds since the epoch).
pub async fn scheduled_at(bank: &Bank, starts_at: u64, now: u64) -> TournamentId {
    scheduled_at_with(bank, &players(9), settings_for(7), starts_at, now).await
}

async fn scheduled_at_with(
    bank: &Bank,
    players: &[UserId],
    settings: EventSettings,
    starts_at: u64,
    now: u64,
) -> TournamentId {
    let schedule = EventSchedule {
        channel: EVENT_CHANNEL,
        name: "Sunday stud".into(),
        starts_at,
        now,
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

pub async fn balance(bank: &Bank, user: UserId) -> u64 {
    bank.balance(GUILD, user).await.unwrap()
}

/// What the coordinator told, in order.
#[derive(Default)]
pub struct Told {
    pub notices: Vec<EventNotice>,
}

impl Told {
    pub fn places(&self) -> Option<&[EventPlace]> {
        self.notices.iter().find_map(|notice| match notice {
            EventNotice::Over { places } => Some(places.as_slice()),
            _ => None,
        })
    }
}

/// Moves the clock a second at a time, gathering notices, until one satisfies `done`.
pub async fn until(
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
        deadline(what, advance(Duration::from_secs(1))).await;
        tokio::task::yield_now().await;
    }
    panic!("no end to waiting for {what}");
}

pub fn over(notice: &EventNotice) -> bool {
    matches!(notice, EventNotice::Over { .. })
}

/// The balances an event's payouts are checked against: each person's, and the house's
/// (which holds its computers' chips).
pub struct Starts {
    pub people: BTreeMap<UserId, u64>,
    /// The house's balance less what the mint made for it so far (it mints when a
    /// computer's buy-in finds it short).
    pub house: i128,
}

/// The house's balance less every chip the mint made for it.
pub async fn house_balance(bank: &Bank) -> i128 {
    let house = bank.house_stats(GUILD).await.unwrap();
    i128::from(house.balance) - i128::from(house.minted)
}

/// The bank holds the event finished: every player placed once, the pool paid once, each
/// person's balance their start plus the prize told and the house's its start plus its
/// computers' prizes, the audit passing.
pub async fn assert_paid_once(
    bank: &Bank,
    id: TournamentId,
    count: u64,
    places: &[EventPlace],
    starts: &Starts,
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
    for place in places.iter().filter(|place| !place.user.is_computer()) {
        assert_eq!(
            balance(bank, place.user).await,
            starts.people[&place.user] + place.prize,
            "player {} got their prize once",
            place.user.0
        );
    }
    let computers_won: u64 = places
        .iter()
        .filter(|place| place.user.is_computer())
        .map(|place| place.prize)
        .sum();
    assert_eq!(
        house_balance(bank).await,
        starts.house + i128::from(computers_won),
        "the house got its computers' prizes once"
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "audit: {:?}", report.breaks);
}

/// The balances once `people` (and the computers) bought in.
pub async fn balances_of(bank: &Bank, people: &[UserId]) -> Starts {
    let mut starts = Starts {
        people: BTreeMap::new(),
        house: house_balance(bank).await,
    };
    for &user in people {
        starts.people.insert(user, balance(bank, user).await);
    }
    starts
}

/// The balances of an event of computers only.
pub async fn balances(bank: &Bank, _count: u64) -> Starts {
    balances_of(bank, &[]).await
}

/// An event of `count` computers at tables of `table_size`, started by the lobby's
/// coordinator: its handle, its notices from the start, and the balances before.
pub async fn started_event(
    fixture: &EventFixture,
    count: u64,
    table_size: usize,
) -> (
    TournamentId,
    EventHandle,
    broadcast::Receiver<EventNotice>,
    Starts,
) {
    started_event_with(fixture, count, settings_for(table_size)).await
}

/// [`started_event`] with its `settings`.
pub async fn started_event_with(
    fixture: &EventFixture,
    count: u64,
    settings: EventSettings,
) -> (
    TournamentId,
    EventHandle,
    broadcast::Receiver<EventNotice>,
    Starts,
) {
    let id = scheduled_with(&fixture.bank, &players(count), settings).await;
    let starts = balances(&fixture.bank, count).await;
    let (event, notices) = opened_event(fixture, id).await;
    (id, event, notices, starts)
}

/// The lobby's coordinator of event `id`, at [`TABLES`], and its notices from the start.
pub async fn opened_event(
    fixture: &EventFixture,
    id: TournamentId,
) -> (EventHandle, broadcast::Receiver<EventNotice>) {
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let notices = event.subscribe();
    (event, notices)
}

/// No table outside hand-for-hand deals with two players more than the shortest table
/// while it is the largest (the largest gives a player first, between its hands).
pub fn assert_balanced(told: &Told) {
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
pub fn assert_nobody_dealt_while_moving(told: &Told) {
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

/// A moderator's pause, once told.
pub async fn pause(
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

/// Gathers notices until every hand dealt has been recorded: the hands in play at a pause
/// end.
pub async fn until_no_hand_in_play(
    notices: &mut broadcast::Receiver<EventNotice>,
    told: &mut Told,
) {
    while in_play(told) > 0 {
        until(notices, told, "the hands in play", |notice| {
            matches!(notice, EventNotice::HandRecorded { .. })
        })
        .await;
    }
}

/// An hour of the clock passes, a second at a time, gathering nothing.
pub async fn an_hour_passes() {
    for _ in 0..3_600 {
        advance(Duration::from_secs(1)).await;
        tokio::task::yield_now().await;
    }
}

/// Ends an attempt that did not come to what the test looks for: cancels `event` unless it
/// is already over, and gathers its notices until the cancel (or its end) is told.
pub async fn cancel_unless_over(
    event: &EventHandle,
    notices: &mut broadcast::Receiver<EventNotice>,
    told: &mut Told,
    reference: &str,
) {
    if told.places().is_some() {
        return;
    }
    event.cancel(reference).await.unwrap();
    until(notices, told, "the cancel", |notice| {
        matches!(
            notice,
            EventNotice::Cancelled { .. } | EventNotice::Over { .. }
        )
    })
    .await;
}

/// Whether `user` was dealt in the notice.
pub fn deals(notice: &EventNotice, user: UserId) -> bool {
    matches!(notice, EventNotice::HandDealt { dealt, .. } if dealt.contains(&user))
}

/// The hands dealt and not yet recorded.
pub fn in_play(told: &Told) -> usize {
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
