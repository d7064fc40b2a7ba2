//! A moderator's pause of a sit & go, on tokio's paused clock: it is stored in the bank beside
//! the tournament, so a restart of the lobby over the same bank reopens the table paused (no
//! hand dealt, no timer running, the channel told it is back and still paused) until a
//! moderator resumes it; the resume clears it, and so do the finish and the cancel, leaving
//! the audit clean.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{Bank, BankError, TournamentId};
use studbot::lobby::present::message_text;
use studbot::lobby::{
    DealingOutPace, Lobby, LobbyConfig, LobbyError, MemoryTableStore, NoticeBody, NoticeReceiver,
    TableHandle, TableMessage,
};
use studbot::render::Locale;
use studbot::table::hand::ActionKind;

use crate::bank_common::TestStore;
use crate::lobby_common::*;
use crate::sit_and_go_common::*;

/// A turbo sit & go of Stud for Ana and Ben in the test channel, started by a moderator.
async fn started(bank: &Bank) -> TournamentId {
    started_sit_and_go(bank, 3, &[ANA, BEN], turbo_stud()).await
}

async fn restarted(bank: &Bank) -> Lobby {
    let config = LobbyConfig {
        deck_seed: Some(2_402),
        pace: DealingOutPace::NO_PAUSE,
        ..LobbyConfig::default()
    };
    restart_lobby_without_settings(bank, config).await
}

/// Waits through the pause between hands for the first turn offered.
async fn first_turn(notices: &mut NoticeReceiver) -> studbot::lobby::TurnOffer {
    let mut steps = Steps::until("a turn");
    loop {
        steps.step();
        match next(notices).await.body {
            NoticeBody::YourTurn(offer) => return *offer,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            _ => {}
        }
    }
}

/// Plays on to the end, every player raising when they can; answers the hands played.
async fn play_to_the_end(table: &TableHandle, notices: &mut NoticeReceiver) -> u64 {
    let mut steps = Steps::until("the sit & go's end");
    loop {
        steps.step();
        match next(notices).await.body {
            NoticeBody::YourTurn(offer) => {
                let kind = [ActionKind::Raise, ActionKind::Bet, ActionKind::Complete]
                    .into_iter()
                    .find(|kind| offers(&offer, *kind))
                    .unwrap_or_else(|| passive(&offer));
                take(table, &offer, kind).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            NoticeBody::Table(TableMessage::TournamentOver { hands, .. }) => return hands,
            _ => {}
        }
    }
}

async fn a_moderators_pause_of_a_sit_and_go_holds_across_a_restart_until_resumed(store: TestStore) {
    let fixture = fixture_with_on(
        store,
        2_401,
        Arc::new(MemoryTableStore::new()),
        DealingOutPace::NO_PAUSE,
    )
    .await;
    let bank = &fixture.bank;
    let id = started(bank).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    let offer = first_turn(&mut notices).await;
    assert_eq!(offer.hand, 1);
    table.pause().await.unwrap();
    assert!(bank.tournament_paused(id).await.unwrap());
    fixture.lobby.shutdown(Duration::ZERO).await;

    let lobby = restarted(bank).await;
    let table = lobby.table(TABLE).expect("the sit & go's table reopens");
    let mut notices = table.subscribe().await.unwrap();
    assert!(
        table.status().await.unwrap().paused,
        "the restart resumed it"
    );
    // The channel is told it is back and still paused, not that it deals on.
    let back = next_message(&mut notices).await;
    assert_eq!(
        back,
        TableMessage::TournamentResumed {
            hand: 1,
            paused: true
        }
    );
    for (locale, paused, not_playing) in [
        (Locale::En, "still paused", "deals on"),
        (Locale::Es, "sigue en pausa", "se reanuda"),
        (Locale::Id, "masih dijeda", "dilanjutkan dari"),
    ] {
        let told = message_text(locale, &back, &|_| String::new());
        assert!(
            told.contains(paused) && told.contains("/table resume"),
            "{locale}: {told}"
        );
        assert!(!told.contains(not_playing), "{locale}: {told}");
    }
    advance_secs(600).await;
    let status = table.status().await.unwrap();
    assert!(!status.hand_in_progress, "a paused sit & go dealt");
    assert!(
        !drain(&mut notices)
            .iter()
            .any(|notice| matches!(notice.body, NoticeBody::YourTurn(_))),
        "a paused sit & go offered a turn"
    );
    let state = bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(state.tournament().unwrap().hands_played(), 0);
    assert_eq!(
        table.pause().await,
        Err(LobbyError::Paused),
        "it is paused as a moderator left it"
    );

    table.resume().await.unwrap();
    assert!(!bank.tournament_paused(id).await.unwrap());
    assert_eq!(first_turn(&mut notices).await.hand, 1, "the cut hand again");
    lobby.shutdown(Duration::ZERO).await;

    let lobby = restarted(bank).await;
    let table = lobby.table(TABLE).unwrap();
    let mut notices = table.subscribe().await.unwrap();
    assert!(
        !table.status().await.unwrap().paused,
        "a resumed sit & go is paused again after a restart"
    );
    assert_eq!(
        next_message(&mut notices).await,
        TableMessage::TournamentResumed {
            hand: 1,
            paused: false
        },
        "a sit & go that plays on says so"
    );
    assert!(play_to_the_end(&table, &mut notices).await > 0);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

#[tokio::test(start_paused = true)]
async fn only_a_running_sit_and_go_can_be_paused_and_its_cancel_clears_the_pause() {
    let fixture = quick_bank().await;
    let bank = &fixture.bank;
    let id = bank
        .open_tournament(GUILD, TABLE, 3, turbo_stud(), "open")
        .await
        .unwrap();
    assert_eq!(
        bank.pause_tournament(GUILD, id, true).await,
        Err(BankError::TournamentNotRunning { tournament: id })
    );
    assert!(!bank.tournament_paused(id).await.unwrap());
    for player in [ANA, BEN] {
        bank.register_tournament(GUILD, id, player, &format!("register {}", player.0))
            .await
            .unwrap();
    }
    bank.start_tournament(GUILD, id, "start").await.unwrap();
    bank.pause_tournament(GUILD, id, true).await.unwrap();
    assert!(bank.tournament_paused(id).await.unwrap());
    bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
    assert!(!bank.tournament_paused(id).await.unwrap());
    assert_eq!(
        bank.pause_tournament(GUILD, id, true).await,
        Err(BankError::TournamentOver { tournament: id })
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

#[tokio::test(start_paused = true)]
async fn the_hand_that_finishes_a_paused_sit_and_go_clears_the_pause() {
    let fixture = quick_bank().await;
    let bank = &fixture.bank;
    let id = started(bank).await;
    bank.pause_tournament(GUILD, id, true).await.unwrap();
    let state = bank.tournament(id).await.unwrap().unwrap();
    let next = state.tournament().unwrap().next_hand().unwrap();
    let all: u64 = next.stacks.iter().sum();
    bank.record_tournament_hand(GUILD, id, next.number, &[all, 0])
        .await
        .unwrap();
    assert!(!bank.tournament_paused(id).await.unwrap());
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

async fn quick_bank() -> Fixture {
    fixture_with(
        2_403,
        Arc::new(MemoryTableStore::new()),
        DealingOutPace::NO_PAUSE,
    )
    .await
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_moderators_pause_of_a_sit_and_go_holds_across_a_restart_until_resumed,
);
