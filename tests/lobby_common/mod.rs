//! Shared by the lobby tests: a bank in a temporary directory, a lobby on it, a clock that
//! moves only when a test advances it, and helpers to wait for notices.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{Bank, EconomyConfig, GuildId, TableId, UserId};
use studbot::lobby::{
    Lobby, LobbyConfig, MemoryTableStore, Notice, NoticeBody, NoticeReceiver, TableHandle,
    TableMessage, TableSettings, TableStore, TurnOffer,
};
use studbot::table::hand::ActionKind;

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

pub fn settings() -> TableSettings {
    TableSettings {
        action_timer_secs: 30,
        between_hands_secs: 5,
        ..TableSettings::default()
    }
}

/// While alive, tokio's paused clock moves only by `tokio::time::advance`: a blocking task is
/// running, which stops the runtime from jumping to the next timer whenever it waits for the
/// bank's committer thread. It also ends the test process if a test hangs for a minute.
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
    tokio::task::spawn_blocking(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
            released.recv_timeout(Duration::from_secs(60))
        {
            eprintln!("a lobby test hung for a minute");
            std::process::exit(101);
        }
    });
    ClockHold { release }
}

pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub bank: Bank,
    pub lobby: Lobby,
    pub clock: ClockHold,
}

pub async fn fixture(seed: u64) -> Fixture {
    fixture_with_store(seed, Arc::new(MemoryTableStore::new())).await
}

pub async fn fixture_with_store(seed: u64, store: Arc<dyn TableStore>) -> Fixture {
    let clock = hold_clock();
    let dir = tempfile::tempdir().unwrap();
    let bank = Bank::open(dir.path(), economy()).await.unwrap();
    let (lobby, _) = Lobby::start(
        bank.clone(),
        store,
        LobbyConfig {
            deck_seed: Some(seed),
        },
    )
    .await
    .unwrap();
    Fixture {
        dir,
        bank,
        lobby,
        clock,
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
        table.join(*player, 200).await.unwrap();
    }
    (table, notices)
}

/// The next notice; the table has always produced it by the time the command that caused
/// it was answered, so waiting is for the notice already queued.
pub async fn next(notices: &mut NoticeReceiver) -> Notice {
    let notice = notices.recv().await.expect("the table's notices ended");
    if std::env::var_os("LOBBY_TEST_TRACE").is_some() {
        eprintln!("{:?}", notice.body);
    }
    notice
}

/// Reads notices until `pick` returns something.
pub async fn until<T>(
    notices: &mut NoticeReceiver,
    mut pick: impl FnMut(&Notice) -> Option<T>,
) -> T {
    loop {
        let notice = next(notices).await;
        if let Some(found) = pick(&notice) {
            return found;
        }
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
    [ActionKind::Check, ActionKind::Call, ActionKind::BringIn]
        .into_iter()
        .find(|kind| offer.legal.iter().any(|action| action.kind == *kind))
        .expect("a passive action is always offered")
}

pub fn offers(offer: &TurnOffer, kind: ActionKind) -> bool {
    offer.legal.iter().any(|action| action.kind == kind)
}

/// Takes the offered action `kind` for the player the offer is for.
pub async fn take(table: &TableHandle, offer: &TurnOffer, kind: ActionKind) -> u32 {
    table
        .act(offer.user, offer.hand, offer.action_seq, kind)
        .await
        .unwrap()
}

pub async fn advance_secs(secs: u64) {
    tokio::time::advance(Duration::from_secs(secs)).await;
}
