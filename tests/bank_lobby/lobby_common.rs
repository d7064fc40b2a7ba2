//! Shared by the lobby tests: a bank in a temporary directory, a lobby on it, a clock that
//! moves only when a test advances it (never while the bank is still working: see
//! [`advance`]), and helpers to wait for notices.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{Bank, EconomyConfig, GuildId, Recovery, RequestsInFlight, TableId, UserId};
use studbot::lobby::CancelReason;
use studbot::lobby::{
    BankTableStore, DealingOutPace, Lobby, LobbyConfig, LobbyError, MemoryTableStore, Notice,
    NoticeBody, NoticeReceiver, OfferedTurn, PublicBoard, TableHandle, TableMessage, TableSettings,
    TableStore, TurnOffer,
};
use studbot::table::hand::ActionKind;

use crate::actions::{PASSIVE, first_offered};
pub use crate::bank_common::{TEST_GUILDS, TestPlace, TestStore};

pub const GUILD: GuildId = GuildId(7);
pub const TABLE: TableId = TableId(100);
pub const ANA: UserId = UserId(1);
pub const BEN: UserId = UserId(2);
pub const CHEN: UserId = UserId(3);
pub const DEV: UserId = UserId(4);

pub fn economy() -> EconomyConfig {
    EconomyConfig {
        // Store calls must never time out because a test moved the clock.
        store_timeout_ms: 24 * 60 * 60 * 1000,
        ..EconomyConfig::default()
    }
}

/// The test table: 30 s to act and no time bank, nobody stood up for being away (the
/// tests of those set them: `lobby_time_bank`, `lobby_away`).
pub fn settings() -> TableSettings {
    TableSettings {
        action_timer_secs: 30,
        between_hands_secs: 5,
        time_bank_secs: 0,
        away_hands: 0,
        ..TableSettings::default()
    }
}

/// How long (real time) a lobby test may wait for anything before it fails.
pub const TEST_DEADLINE: Duration = Duration::from_secs(60);

thread_local! {
    /// Turns true when the current test's `ClockHold` has been held for `TEST_DEADLINE`. Each
    /// test runs its runtime on its own thread, so a hung test fails alone.
    static EXPIRED: std::cell::RefCell<Option<tokio::sync::watch::Receiver<bool>>> =
        const { std::cell::RefCell::new(None) };
    /// The bank the current test's lobby runs on (the last one started), whose requests in
    /// flight every [`advance`] waits out.
    static LOBBY_BANK: std::cell::RefCell<Option<RequestsInFlight>> =
        const { std::cell::RefCell::new(None) };
}

/// Moves tokio's paused clock `by`, once the bank the test's lobby runs on has no request in
/// flight and the tasks its last answer woke have run. The bank's committer writes in real
/// time while the test moves the clock at its own pace: stepping on regardless, a loaded
/// machine let the clock run hours ahead of the hands (an event's stakes at level 41 after a
/// few hands). Every step of the lobby tests' clock goes through here.
pub async fn advance(by: Duration) {
    if let Some(mut bank) = LOBBY_BANK.with(|cell| cell.borrow().clone()) {
        loop {
            deadline("the bank's answers before moving the clock", bank.none()).await;
            tokio::task::yield_now().await;
            if bank.count() == 0 {
                break;
            }
        }
    }
    tokio::time::advance(by).await;
}

/// While alive, tokio's paused clock moves only by `tokio::time::advance`: a blocking task is
/// running, which stops the runtime from jumping to the next timer whenever it waits for the
/// bank's committer thread. It also gives the test its deadline: a wait through `deadline`
/// (every `next` notice) that lasts past `TEST_DEADLINE` of real time fails the test, naming
/// what it waited for.
pub struct ClockHold {
    release: std::sync::mpsc::Sender<()>,
}

impl Drop for ClockHold {
    fn drop(&mut self) {
        let _ = self.release.send(());
    }
}

pub fn hold_clock() -> ClockHold {
    let (release, released) = std::sync::mpsc::channel::<()>();
    let (expire, expired) = tokio::sync::watch::channel(false);
    tokio::task::spawn_blocking(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
            released.recv_timeout(TEST_DEADLINE)
        {
            let _ = expire.send(true);
            // Keep holding the clock until the test lets go.
            let _ = released.recv();
        }
    });
    EXPIRED.with(|cell| *cell.borrow_mut() = Some(expired));
    ClockHold { release }
}

/// Awaits `work`, failing the test (with `what` it waited for) once its deadline has passed.
pub async fn deadline<T>(what: &str, work: impl std::future::Future<Output = T>) -> T {
    let Some(mut expired) = EXPIRED.with(|cell| cell.borrow().clone()) else {
        return work.await;
    };
    tokio::select! {
        done = work => done,
        _ = expired.wait_for(|expired| *expired) => {
            panic!("waited {TEST_DEADLINE:?} of real time for {what}")
        }
    }
}

/// A lobby started on `bank` with `store` and `config`, as a bot (re)starting on its data
/// directory starts it; answers the lobby and the hands its start refunded.
pub async fn start_lobby(
    bank: &Bank,
    store: Arc<dyn TableStore>,
    config: LobbyConfig,
) -> (Lobby, Vec<Recovery>) {
    LOBBY_BANK.with(|cell| *cell.borrow_mut() = Some(bank.requests_in_flight()));
    Lobby::start(bank.clone(), store, config)
        .await
        .unwrap_or_else(|error| panic!("the lobby did not start: {error}"))
}

/// The bot's restart: a lobby on `bank` whose table settings are kept in the bank itself, with
/// the default configuration.
pub async fn restart_lobby(bank: &Bank) -> (Lobby, Vec<Recovery>) {
    let store = Arc::new(BankTableStore::new(bank.clone()));
    start_lobby(bank, store, LobbyConfig::default()).await
}

/// A restart on a store that has kept no table settings: only what the bank holds itself
/// (a sit & go's table, the hands to refund) comes back.
pub async fn restart_lobby_without_settings(bank: &Bank, config: LobbyConfig) -> Lobby {
    start_lobby(bank, Arc::new(MemoryTableStore::new()), config)
        .await
        .0
}

pub struct Fixture {
    pub bank: Bank,
    pub lobby: Lobby,
    /// Held for the test's length: the bank's place, and the clock that moves only when the
    /// test advances it.
    _place: KeptPlace,
    _clock: ClockHold,
}

thread_local! {
    /// The places of the banks of the test this thread runs, removed as the thread ends.
    static KEPT_PLACES: std::cell::RefCell<Vec<TestPlace>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A test's bank place, removed only once the test's runtime is gone: the lobby's tasks hold
/// the bank until the runtime drops them, after the test's own values, and sled closing its
/// database must not find the directory removed under it (its threads panicked so).
pub struct KeptPlace(Option<TestPlace>);

impl KeptPlace {
    pub fn new(place: TestPlace) -> KeptPlace {
        KeptPlace(Some(place))
    }
}

impl Drop for KeptPlace {
    fn drop(&mut self) {
        if let Some(place) = self.0.take() {
            // Past the thread's end (never so for a test) the place goes at once.
            let _ = KEPT_PLACES.try_with(|kept| kept.borrow_mut().push(place));
        }
    }
}

pub async fn fixture(seed: u64) -> Fixture {
    fixture_on(TestStore::Sled, seed).await
}

/// A fixture whose bank is kept in `bank_store`.
pub async fn fixture_on(bank_store: TestStore, seed: u64) -> Fixture {
    fixture_with_store_on(bank_store, seed, Arc::new(MemoryTableStore::new())).await
}

pub async fn fixture_with_store(seed: u64, store: Arc<dyn TableStore>) -> Fixture {
    fixture_with_store_on(TestStore::Sled, seed, store).await
}

pub async fn fixture_with_store_on(
    bank_store: TestStore,
    seed: u64,
    store: Arc<dyn TableStore>,
) -> Fixture {
    // The clock is held: a hand dealt out goes on as soon as each board's equities are in,
    // without a pause the tests would have to advance through.
    let pace = DealingOutPace {
        street_pause: Duration::ZERO,
        ..DealingOutPace::default()
    };
    fixture_with_on(bank_store, seed, store, pace).await
}

/// A fixture whose tables deal all-in hands out at `pace`.
pub async fn fixture_with(seed: u64, store: Arc<dyn TableStore>, pace: DealingOutPace) -> Fixture {
    fixture_with_on(TestStore::Sled, seed, store, pace).await
}

/// [`fixture_with`], its bank kept in `bank_store`.
pub async fn fixture_with_on(
    bank_store: TestStore,
    seed: u64,
    store: Arc<dyn TableStore>,
    pace: DealingOutPace,
) -> Fixture {
    fixture_with_economy_on(bank_store, seed, store, pace, economy()).await
}

/// [`fixture_with`] over a bank with the economy `config` (the house's bounds, say).
pub async fn fixture_with_economy(
    seed: u64,
    store: Arc<dyn TableStore>,
    pace: DealingOutPace,
    config: EconomyConfig,
) -> Fixture {
    fixture_with_economy_on(TestStore::Sled, seed, store, pace, config).await
}

/// [`fixture_with_economy`], its bank kept in `bank_store`.
pub async fn fixture_with_economy_on(
    bank_store: TestStore,
    seed: u64,
    store: Arc<dyn TableStore>,
    pace: DealingOutPace,
    config: EconomyConfig,
) -> Fixture {
    let clock = hold_clock();
    let place = TestPlace::new(bank_store);
    let bank = Bank::open_at(place.location(), config).await.unwrap();
    bank.take_leases(&TEST_GUILDS).await.unwrap();
    let config = LobbyConfig {
        deck_seed: Some(seed),
        pace,
        ..LobbyConfig::default()
    };
    let (lobby, _) = start_lobby(&bank, store, config).await;
    Fixture {
        bank,
        lobby,
        _place: KeptPlace::new(place),
        _clock: clock,
    }
}

/// Opens the test table and seats `players` with 200 chips each.
pub async fn seated(fixture: &Fixture, players: &[UserId]) -> (TableHandle, NoticeReceiver) {
    let table = fixture
        .lobby
        .open_table(GUILD, TABLE, settings())
        .await
        .unwrap();
    let notices = table.subscribe().await.unwrap();
    for player in players {
        seat_player(&table, *player, 200).await;
    }
    (table, notices)
}

/// Seats `user` at `table` for `buy_in` chips. A join answered with any other stack fails the
/// test at once: the table would then deal from chips the bank's seat does not hold, or sit
/// the player out, and what the test waits for would never come.
pub async fn seat_player(table: &TableHandle, user: UserId, buy_in: u64) {
    let joined = table.join(user, buy_in).await.unwrap();
    assert_eq!(
        joined.stack, buy_in,
        "player {} joined with {} chips, not the {buy_in} bought",
        user.0, joined.stack
    );
}

/// The next notice; the table has always produced it by the time the command that caused
/// it was answered, so waiting is for the notice already queued. A notice that the bank
/// refused the table's operation fails the test at once, naming it: after a refusal the
/// table halts (or a departing player stays seated) and what the test waits for never comes,
/// so it would otherwise wait out its whole deadline.
pub async fn next(notices: &mut NoticeReceiver) -> Notice {
    let notice = deadline("the table's next notice", notices.recv())
        .await
        .expect("the table's notices ended");
    if std::env::var_os("LOBBY_TEST_TRACE").is_some() {
        eprintln!("{:?}", notice.body);
    }
    if let Some(refusal) = bank_refusal(&notice.body) {
        panic!("{refusal}");
    }
    notice
}

/// What a notice says was refused, if it says so. No lobby test expects the bank to refuse
/// the table, nor the table to halt or to fail a player unasked: each one is a fault.
pub fn bank_refusal(body: &NoticeBody) -> Option<String> {
    match body {
        NoticeBody::Table(TableMessage::HandCancelled {
            hand,
            reason: CancelReason::SettlementFailed,
            stacks,
        }) => Some(format!(
            "the bank refused to settle hand {hand}: the table cancelled it (stacks back to \
             {stacks:?}) and halted"
        )),
        NoticeBody::Table(TableMessage::Halted) => Some(
            "the table halted: the bank refused to begin, settle or cancel a hand, or the \
             engine could not deal (the log's \"table paused\" line says which)"
                .to_owned(),
        ),
        // A request for a computer's chair that the settings in force at the hand's end
        // refuse is answered so: the player asked, and the test reads the refusal.
        NoticeBody::Error {
            error: LobbyError::BuyInOutOfRange { .. },
            ..
        } => None,
        // The table's one notice of an error nobody asked for: a departing player's cash-out
        // at the end of the hand, refused.
        NoticeBody::Error { user, error } => Some(format!(
            "the table failed player {} on its own (a cash-out on leaving): {error}",
            user.0
        )),
        _ => None,
    }
}

/// How many notices a test reads while waiting for one before it fails: far more than any
/// test's hands produce, so only a table that never gets there reaches it.
pub const NOTICE_LIMIT: usize = 10_000;

/// Reads notices until `pick` returns something (at most `NOTICE_LIMIT`).
pub async fn until<T>(
    notices: &mut NoticeReceiver,
    mut pick: impl FnMut(&Notice) -> Option<T>,
) -> T {
    for _ in 0..NOTICE_LIMIT {
        let notice = next(notices).await;
        if let Some(found) = pick(&notice) {
            return found;
        }
    }
    panic!("the awaited notice did not come within {NOTICE_LIMIT} notices");
}

/// The bound of a test's notice loop: `step` once per notice read, and the test fails,
/// naming what it waited for, instead of looping on without end.
pub struct Steps {
    what: &'static str,
    left: usize,
}

impl Steps {
    pub fn until(what: &'static str) -> Steps {
        Steps {
            what,
            left: NOTICE_LIMIT,
        }
    }

    pub fn step(&mut self) {
        assert!(
            self.left > 0,
            "{} did not happen within {NOTICE_LIMIT} notices",
            self.what
        );
        self.left -= 1;
    }
}

pub async fn next_turn(notices: &mut NoticeReceiver) -> TurnOffer {
    until(notices, |notice| match &notice.body {
        NoticeBody::YourTurn(offer) => Some((**offer).clone()),
        _ => None,
    })
    .await
}

pub async fn next_message(notices: &mut NoticeReceiver) -> TableMessage {
    until(notices, |notice| match &notice.body {
        NoticeBody::Table(message) => Some(message.clone()),
        _ => None,
    })
    .await
}

/// The next table message, which must tell the channel a hand was cancelled: its number, why,
/// and the stacks given back (sorted by player).
pub async fn next_cancelled_hand(
    notices: &mut NoticeReceiver,
) -> (u64, CancelReason, Vec<(UserId, u64)>) {
    match next_message(notices).await {
        TableMessage::HandCancelled {
            hand,
            reason,
            mut stacks,
        } => {
            stacks.sort();
            (hand, reason, stacks)
        }
        other => panic!("the channel is not told of the cancelled hand, but {other:?}"),
    }
}

/// Everything the table has sent by the time it answers a command: a `status` round trip
/// first, so the table has handled every timer that was due before the notices are read.
/// This is how a test sees that nothing happened.
pub async fn settled_notices(table: &TableHandle, notices: &mut NoticeReceiver) -> Vec<Notice> {
    deadline("the table's status", table.status())
        .await
        .expect("the table answers its status");
    drain(notices)
}

/// Waits (in the paused clock's terms, without moving it) until the table has taken the
/// shutdown command: each `status` is a round trip to the table, which handles the commands
/// sent before it first. Fails after the test's real-time deadline.
pub async fn until_stopping(table: &TableHandle) {
    deadline("the table to take the shutdown command", async {
        while !table.status().await.unwrap().stopping {}
    })
    .await;
}

/// Heads-up raising is uncapped: both players raise (or call) until one is all-in.
pub async fn play_until_all_in(table: &TableHandle, notices: &mut NoticeReceiver) -> u64 {
    loop {
        let offer = next_turn(notices).await;
        let kind = [ActionKind::Raise, ActionKind::Complete, ActionKind::Bet]
            .into_iter()
            .find(|kind| offers(&offer, *kind))
            .unwrap_or_else(|| passive(&offer));
        let all_in = offer
            .legal
            .iter()
            .any(|action| action.kind == kind && action.all_in);
        take(table, &offer, kind).await;
        if all_in && kind == ActionKind::Call {
            return offer.hand;
        }
    }
}

/// The next board of a hand being dealt out (or `None` when the result comes first).
pub async fn next_dealt_out_board(notices: &mut NoticeReceiver) -> Option<PublicBoard> {
    until(notices, |notice| match &notice.body {
        NoticeBody::Board(board) if board.view.to_act.is_none() => Some(Some((**board).clone())),
        NoticeBody::HandResult(_) => Some(None),
        _ => None,
    })
    .await
}

/// Everything queued now, without waiting.
pub fn drain(notices: &mut NoticeReceiver) -> Vec<Notice> {
    let mut all = Vec::new();
    while let Ok(notice) = notices.try_recv() {
        all.push(notice);
    }
    all
}

/// The cheapest way to stay in: check, call, or post the bring-in.
pub fn passive(offer: &TurnOffer) -> ActionKind {
    first_offered(&PASSIVE, &offer.legal).expect("a passive action is always offered")
}

/// Opens the bank in `dir` again (the store itself waits for the previous owner's lock).
pub async fn reopen(dir: &std::path::Path, config: EconomyConfig) -> Bank {
    match Bank::open(dir, config).await {
        Ok(bank) => bank,
        Err(error) => panic!("the bank does not reopen: {error}"),
    }
}

pub fn offers(offer: &TurnOffer, kind: ActionKind) -> bool {
    offer.legal.iter().any(|action| action.kind == kind)
}

/// Takes the offered action `kind` for the player the offer is for, at the turn it offers.
pub async fn take(table: &TableHandle, offer: &TurnOffer, kind: ActionKind) -> u32 {
    table
        .act_on(offer.user, offered_turn(offer), kind)
        .await
        .unwrap()
}

/// The turn `offer` offers, as an action carries it.
pub fn offered_turn(offer: &TurnOffer) -> OfferedTurn {
    OfferedTurn {
        hand: offer.hand,
        deal: offer.deal,
        action_seq: offer.action_seq,
    }
}

pub async fn advance_secs(secs: u64) {
    advance(Duration::from_secs(secs)).await;
}
