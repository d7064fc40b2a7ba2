//! A process that stops mid-hand loses nothing: at the next start the bank cancels the hand,
//! the table reopens from its settings stored in the bank (sled) with everyone at their
//! start-of-hand stack, says so in its channel, and plays on with new hand numbers; the
//! history of the hand settled before the stop is still there.

use crate::lobby_common;

use std::sync::Arc;

use lobby_common::*;
use studbot::bank::UserId;
use studbot::lobby::{CancelReason, LobbyConfig, MemoryTableStore, NoticeBody, TableSettings};
use studbot::table::hand::{ActionKind, Event};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .unwrap()
}

/// The first process: one whole hand, then a stop (every task dies where it stands) in the
/// middle of the second. Returns everyone's stack at the start of the second hand.
fn play_and_stop_mid_hand(dir: &std::path::Path, custom: TableSettings) -> Vec<(UserId, u64)> {
    let first = runtime();
    let start_of_hand_two: Vec<(UserId, u64)> = first.block_on(async {
        let _clock = hold_clock();
        let bank = reopen(dir, economy()).await;
        let (lobby, recovered) = restart_lobby(&bank).await;
        assert!(recovered.is_empty());
        let table = lobby.open_table(GUILD, TABLE, custom).await.unwrap();
        let mut notices = table.subscribe().await.unwrap();
        for player in [ANA, BEN, CHEN] {
            seat_player(&table, player, 200).await;
        }
        advance_secs(5).await;
        let mut steps = Steps::until("the first hand ended");
        let summary = loop {
            steps.step();
            let notice = next(&mut notices).await;
            match &notice.body {
                NoticeBody::YourTurn(offer) => {
                    let kind = if offers(offer, ActionKind::Bet) {
                        ActionKind::Bet
                    } else {
                        passive(offer)
                    };
                    take(&table, offer, kind).await;
                }
                NoticeBody::HandResult(summary) => break summary.clone(),
                _ => {}
            }
        };
        advance_secs(5).await;
        for _ in 0..3 {
            let offer = next_turn(&mut notices).await;
            assert_eq!(offer.hand, 2);
            take(&table, &offer, passive(&offer)).await;
        }
        let mut stacks: Vec<(UserId, u64)> = summary
            .outcomes
            .iter()
            .map(|outcome| (outcome.user, outcome.end))
            .collect();
        stacks.sort();
        assert_ne!(stacks, vec![(ANA, 200), (BEN, 200), (CHEN, 200)]);
        stacks
    });
    drop(first);
    start_of_hand_two
}

#[test]
fn a_hand_interrupted_by_a_stop_is_refunded_at_start_and_the_table_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let custom = TableSettings {
        seats: 6,
        action_timer_secs: 45,
        ..settings()
    };

    let start_of_hand_two = play_and_stop_mid_hand(dir.path(), custom);

    let second = runtime();
    second.block_on(async {
        let _clock = hold_clock();
        let bank = reopen(dir.path(), economy()).await;
        let (lobby, recovered) = restart_lobby(&bank).await;
        assert_eq!(recovered.len(), 1);
        assert_eq!((recovered[0].table, recovered[0].hand), (TABLE, 2));

        let audit = bank.audit().await.unwrap();
        assert!(audit.ok, "{:?}", audit.breaks);
        assert!(audit.hands_in_progress.is_empty());
        let mut escrow = bank.table_stacks(TABLE).await.unwrap();
        escrow.sort();
        assert_eq!(escrow, start_of_hand_two);

        let table = lobby.table(TABLE).unwrap();
        let mut notices = table.subscribe().await.unwrap();
        assert_eq!(
            next_cancelled_hand(&mut notices).await,
            (2, CancelReason::Restart, start_of_hand_two.clone())
        );

        let status = table.status().await.unwrap();
        assert_eq!(
            status.settings, custom,
            "the settings come back from the bank"
        );

        // Hand 1 was settled with its history; hand 2 was cancelled and has none.
        let history = lobby.hand_history(TABLE, None).await.unwrap().unwrap();
        assert_eq!(history.hand, 1);
        assert_eq!(
            lobby.hand_history(TABLE, Some(1)).await.unwrap(),
            Some(history.clone())
        );
        assert_eq!(lobby.hand_history(TABLE, Some(2)).await.unwrap(), None);
        assert_eq!(history.players.len(), 3);
        assert_eq!(history.starting_stacks, vec![200, 200, 200]);
        assert!(
            !history
                .events
                .iter()
                .any(|event| matches!(event, Event::DownCard { .. }))
        );
        assert!(audit.table_settings == 1 && audit.hand_histories == 1);
        let mut seated: Vec<(UserId, u64)> = status
            .seats
            .iter()
            .map(|seat| (seat.user, seat.stack))
            .collect();
        seated.sort();
        assert_eq!(seated, start_of_hand_two);

        // The table plays on, and never reuses the cancelled hand's number.
        advance_secs(5).await;
        let offer = next_turn(&mut notices).await;
        assert_eq!(offer.hand, 3);
        take(&table, &offer, passive(&offer)).await;
    });
}

#[test]
fn a_recovered_table_whose_settings_are_gone_pays_its_players_back() {
    let dir = tempfile::tempdir().unwrap();
    let start_of_hand_two = play_and_stop_mid_hand(dir.path(), settings());
    runtime().block_on(async {
        let _clock = hold_clock();
        let bank = reopen(dir.path(), economy()).await;
        // A store that has lost the table's settings.
        let store = Arc::new(MemoryTableStore::new());
        let (lobby, recovered) = start_lobby(&bank, store, LobbyConfig::default()).await;
        assert_eq!(recovered.len(), 1);
        assert!(lobby.table(TABLE).is_err());
        for (user, stack) in start_of_hand_two {
            assert_eq!(
                bank.balance(GUILD, user).await.unwrap(),
                1_000 - 200 + stack
            );
        }
        let audit = bank.audit().await.unwrap();
        assert!(audit.ok, "{:?}", audit.breaks);
        assert_eq!(audit.escrow_chips, 0);
    });
}

/// Everyone's chair at the table, in chair order.
async fn chairs(table: &studbot::lobby::TableHandle) -> Vec<(u8, UserId)> {
    let status = table.status().await.unwrap();
    status
        .seats
        .iter()
        .map(|seat| (seat.chair, seat.user))
        .collect()
}

#[test]
fn every_player_keeps_their_chair_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    // Seated out of user-id order, with a gap where a player left.
    let before = runtime().block_on(async {
        let _clock = hold_clock();
        let bank = reopen(dir.path(), economy()).await;
        let (lobby, _) = restart_lobby(&bank).await;
        let table = lobby.open_table(GUILD, TABLE, settings()).await.unwrap();
        table.pause().await.unwrap();
        for player in [CHEN, ANA, BEN, DEV] {
            seat_player(&table, player, 200).await;
        }
        table.leave(BEN).await.unwrap();
        chairs(&table).await
    });
    assert_eq!(before, vec![(0, CHEN), (1, ANA), (3, DEV)]);
    runtime().block_on(async {
        let _clock = hold_clock();
        let bank = reopen(dir.path(), economy()).await;
        let (lobby, _) = restart_lobby(&bank).await;
        let table = lobby.table(TABLE).unwrap();
        assert_eq!(chairs(&table).await, before);
        // A newcomer takes the free chair, not one of theirs.
        assert_eq!(table.join(BEN, 200).await.unwrap().chair, 2);
    });
}

/// A process on the bank in `dir` with its tables reopened; `work` runs on the test table.
fn with_reopened_table<T>(
    dir: &std::path::Path,
    work: impl AsyncFnOnce(&studbot::lobby::TableHandle) -> T,
) -> T {
    runtime().block_on(async {
        let _clock = hold_clock();
        let bank = reopen(dir, economy()).await;
        let (lobby, _) = restart_lobby(&bank).await;
        let table = match lobby.table(TABLE) {
            Ok(table) => table,
            Err(_) => lobby.open_table(GUILD, TABLE, settings()).await.unwrap(),
        };
        work(&table).await
    })
}

#[test]
fn a_paused_table_stays_paused_across_a_restart_until_resumed() {
    let dir = tempfile::tempdir().unwrap();
    with_reopened_table(dir.path(), async |table| {
        for player in [ANA, BEN] {
            seat_player(table, player, 200).await;
        }
        table.pause().await.unwrap();
    });
    with_reopened_table(dir.path(), async |table| {
        let mut notices = table.subscribe().await.unwrap();
        assert!(
            table.status().await.unwrap().paused,
            "the restart resumed it"
        );
        advance_secs(120).await;
        let status = table.status().await.unwrap();
        assert!(!status.hand_in_progress, "a paused table dealt");
        drain(&mut notices);
        table.resume().await.unwrap();
        advance_secs(5).await;
        assert_eq!(next_turn(&mut notices).await.hand, 1);
    });
    with_reopened_table(dir.path(), async |table| {
        assert!(
            !table.status().await.unwrap().paused,
            "a resumed table is paused again after a restart"
        );
    });
}

#[test]
fn a_table_reopened_held_deals_nothing_until_its_front_end_releases_it() {
    let dir = tempfile::tempdir().unwrap();
    with_reopened_table(dir.path(), async |table| {
        for player in [ANA, BEN] {
            seat_player(table, player, 200).await;
        }
        table.pause().await.unwrap();
        table.resume().await.unwrap();
    });
    runtime().block_on(async {
        let _clock = hold_clock();
        let bank = reopen(dir.path(), economy()).await;
        let store = Arc::new(studbot::lobby::BankTableStore::new(bank.clone()));
        let config = LobbyConfig {
            hold_reopened: true,
            ..LobbyConfig::default()
        };
        let (lobby, _) = start_lobby(&bank, store, config).await;
        let table = lobby.table(TABLE).expect("reopened");
        let mut notices = table.subscribe().await.unwrap();
        advance_secs(120).await;
        let status = table.status().await.unwrap();
        assert!(!status.hand_in_progress, "a held table dealt");
        assert!(!status.paused, "held is not paused");
        assert_eq!(status.seats.len(), 2);
        // A table opened now is not held: it deals at once.
        let other = lobby
            .open_table(GUILD, studbot::bank::TableId(TABLE.0 + 1), settings())
            .await
            .unwrap();
        let mut other_notices = other.subscribe().await.unwrap();
        for player in [CHEN, DEV] {
            seat_player(&other, player, 200).await;
        }
        advance_secs(5).await;
        assert_eq!(next_turn(&mut other_notices).await.hand, 1);
        // Released, the reopened table deals.
        drain(&mut notices);
        table.release().await.unwrap();
        advance_secs(5).await;
        assert_eq!(next_turn(&mut notices).await.hand, 1);
    });
}
