//! The sit & go the lobby's tournament tests play (`lobby_tournament*`, `lobby_time_bank`,
//! `lobby_away`): a turbo of Stud opened in the test channel, its players registered and a
//! moderator's start, and a lobby quick enough for its many all-in hands.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{Bank, TournamentId, TournamentState, UserId};
use studbot::lobby::{
    DealingOutPace, Lobby, LobbyConfig, MemoryTableStore, NoticeBody, NoticeReceiver, TableHandle,
    TableMessage,
};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::lobby_common::{
    Fixture, GUILD, Steps, TABLE, TestStore, advance_secs, fixture_with_on, next, passive,
    restart_lobby_without_settings, take,
};

/// Each player's buy-in into the prize pool.
pub const SIT_AND_GO_BUY_IN: u64 = 100;

/// A turbo sit & go of Stud, [`SIT_AND_GO_BUY_IN`] each.
pub fn turbo_stud() -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        SIT_AND_GO_BUY_IN,
    )
}

/// A sit & go of `seats` under `settings` in the test channel, `players` registered.
pub async fn opened_sit_and_go(
    bank: &Bank,
    seats: usize,
    players: &[UserId],
    settings: TournamentSettings,
) -> TournamentId {
    let id = bank
        .open_tournament(GUILD, TABLE, seats, settings, "open")
        .await
        .unwrap();
    for player in players {
        bank.register_tournament(GUILD, id, *player, &format!("register {}", player.0))
            .await
            .unwrap();
    }
    id
}

/// [`opened_sit_and_go`], started by a moderator (so it need not fill up).
pub async fn started_sit_and_go(
    bank: &Bank,
    seats: usize,
    players: &[UserId],
    settings: TournamentSettings,
) -> TournamentId {
    let id = opened_sit_and_go(bank, seats, players, settings).await;
    bank.start_tournament(GUILD, id, "start").await.unwrap();
    id
}

/// A [`turbo_stud`] sit & go for `players`, with one seat more than players: it starts when
/// a moderator says so, not by filling up.
pub async fn started_turbo(bank: &Bank, players: &[UserId]) -> TournamentId {
    started_sit_and_go(bank, players.len() + 1, players, turbo_stud()).await
}

/// A [`started_turbo`] sit & go for `players` in `fixture`'s lobby, its table open and
/// listened to.
pub async fn turbo_at_its_table(
    fixture: &Fixture,
    players: &[UserId],
) -> (TournamentId, TableHandle, NoticeReceiver) {
    let id = started_turbo(&fixture.bank, players).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let notices = table.subscribe().await.unwrap();
    (id, table, notices)
}

/// A lobby on a bank in `store` whose all-in hands are dealt out at once, without equities:
/// a sit & go has many.
pub async fn quick_on(store: TestStore, seed: u64) -> Fixture {
    fixture_with_on(
        store,
        seed,
        Arc::new(MemoryTableStore::new()),
        DealingOutPace::NO_PAUSE,
    )
    .await
}

/// [`quick_on`] a sled bank.
pub async fn quick(seed: u64) -> Fixture {
    quick_on(TestStore::Sled, seed).await
}

/// `players`' [`turbo_at_its_table`] in `fixture`'s lobby: hand 1 played to its end and
/// recorded, hand 2 cut short after its first action by the lobby's shutdown, and a lobby
/// restarted over the bank without the table settings (its decks from `restart_seed`).
/// Answers the sit & go, its state in the bank at the shutdown, and the restarted lobby.
pub async fn cut_short_in_hand_2(
    fixture: &Fixture,
    players: &[UserId],
    restart_seed: u64,
) -> (TournamentId, TournamentState, Lobby) {
    let (id, table, mut notices) = turbo_at_its_table(fixture, players).await;
    let mut steps = Steps::until("hand 2's first turn");
    let mut acted_in_hand_2 = false;
    while !acted_in_hand_2 {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(offer) => {
                take(&table, &offer, passive(&offer)).await;
                acted_in_hand_2 = offer.hand == 2;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            _ => {}
        }
    }
    let at_shutdown = fixture.bank.tournament(id).await.unwrap().unwrap();
    let stopped = fixture.lobby.shutdown(Duration::ZERO).await;
    assert_eq!(
        stopped.len(),
        1,
        "the shutdown stopped the sit & go's table"
    );
    let config = LobbyConfig {
        deck_seed: Some(restart_seed),
        pace: DealingOutPace::NO_PAUSE,
        ..LobbyConfig::default()
    };
    let lobby = restart_lobby_without_settings(&fixture.bank, config).await;
    (id, at_shutdown, lobby)
}
