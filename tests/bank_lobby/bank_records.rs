//! The records the bank keeps for the tables: settings per table and the public histories of
//! recent hands. Both are durable across a reopen; a hand's history is written with its
//! settlement (a replayed settlement writes nothing), each table keeps only its last N, and
//! the audit knows both trees. Histories an older version stored as JSON still read.

use studbot::bank::{Bank, ChannelHand, EconomyConfig, GuildId, TableId, UserId};
use studbot::lobby::LobbyError;
use studbot::table::{Event, Game};

use crate::bank_common::outcome;
use crate::lobby_common::{reopen, restart_lobby};

const GUILD: GuildId = GuildId(7);
const TABLE: TableId = TableId(100);
const OTHER_TABLE: TableId = TableId(101);

fn config(kept: u64) -> EconomyConfig {
    EconomyConfig {
        hand_histories_kept: kept,
        ..EconomyConfig::default()
    }
}

/// Plays hand `hand` of `table` (players 1 and 2, 100 chips each, nobody wins) and settles it
/// with the history `hand-<table>-<hand>`.
async fn settle_with_history(bank: &Bank, table: TableId, hand: u64) {
    bank.begin_hand(GUILD, table, hand).await.unwrap();
    bank.settle_hand_with_history(
        GUILD,
        table,
        hand,
        &[outcome(1, 100, 100), outcome(2, 100, 100)],
        format!("hand-{}-{hand}", table.0).into_bytes(),
    )
    .await
    .unwrap();
}

async fn seat_two(bank: &Bank, table: TableId) {
    for user in [1, 2] {
        let reference = format!("buy-{}-{user}", table.0);
        bank.buy_in(GUILD, table, UserId(user), 100, &reference)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn table_settings_survive_a_reopen_and_a_removed_one_stays_removed() {
    let dir = tempfile::tempdir().unwrap();
    let bank = Bank::open(dir.path(), config(200)).await.unwrap();
    bank.save_table_settings(TABLE, b"first".to_vec())
        .await
        .unwrap();
    bank.save_table_settings(TABLE, b"second".to_vec())
        .await
        .unwrap();
    bank.save_table_settings(OTHER_TABLE, b"other".to_vec())
        .await
        .unwrap();
    bank.remove_table_settings(OTHER_TABLE).await.unwrap();
    bank.remove_table_settings(TableId(999)).await.unwrap();
    bank.shutdown().await.unwrap();

    let bank = reopen(dir.path(), config(200)).await;
    assert_eq!(
        bank.table_settings().await.unwrap(),
        vec![(TABLE, b"second".to_vec())]
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!((report.table_settings, report.ledger_entries), (1, 0));
    bank.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_settled_hand_keeps_its_history_across_a_reopen_and_a_replay_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bank = Bank::open(dir.path(), config(200)).await.unwrap();
    seat_two(&bank, TABLE).await;
    settle_with_history(&bank, TABLE, 1).await;
    // The same settlement again (a retry) is taken once, its history too.
    bank.settle_hand_with_history(
        GUILD,
        TABLE,
        1,
        &[outcome(1, 100, 100), outcome(2, 100, 100)],
        b"a different history".to_vec(),
    )
    .await
    .unwrap();
    // A hand settled without a history, and a cancelled one, have none.
    bank.begin_hand(GUILD, TABLE, 2).await.unwrap();
    bank.settle_hand(
        GUILD,
        TABLE,
        2,
        &[outcome(1, 100, 100), outcome(2, 100, 100)],
    )
    .await
    .unwrap();
    bank.begin_hand(GUILD, TABLE, 3).await.unwrap();
    bank.cancel_hand(TABLE, 3).await.unwrap();
    bank.shutdown().await.unwrap();

    let bank = reopen(dir.path(), config(200)).await;
    assert_eq!(
        cash_history(&bank, TABLE, 1).await,
        Some(b"hand-100-1".to_vec())
    );
    assert_eq!(cash_history(&bank, TABLE, 2).await, None);
    assert_eq!(cash_history(&bank, TABLE, 3).await, None);
    assert_eq!(cash_history(&bank, OTHER_TABLE, 1).await, None);
    assert_eq!(
        bank.latest_channel_hand_history(TABLE).await.unwrap(),
        Some((ChannelHand::Cash(1), b"hand-100-1".to_vec()))
    );
    assert_eq!(
        bank.latest_channel_hand_history(OTHER_TABLE).await.unwrap(),
        None
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.hand_histories, 1);
    bank.shutdown().await.unwrap();
}

/// A history as versions before the compact form stored it (JSON; written by one).
const OLD_JSON_HISTORY: &[u8] = include_bytes!("../../src/lobby/history/json_history.json");

/// A data directory of an older version holds its hand histories as JSON: after the upgrade
/// the lobby (`/history`, the terminal's `history`) still reads them, and a corrupt record is
/// a clear error rather than a panic.
#[tokio::test]
async fn histories_stored_as_json_by_an_older_version_still_read_through_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let bank = Bank::open(dir.path(), config(200)).await.unwrap();
    seat_two(&bank, TABLE).await;
    for (hand, history) in [
        (1, OLD_JSON_HISTORY.to_vec()),
        (2, b"\x07 not a history".to_vec()),
    ] {
        bank.begin_hand(GUILD, TABLE, hand).await.unwrap();
        bank.settle_hand_with_history(
            GUILD,
            TABLE,
            hand,
            &[outcome(1, 100, 100), outcome(2, 100, 100)],
            history,
        )
        .await
        .unwrap();
    }
    bank.shutdown().await.unwrap();

    let bank = reopen(dir.path(), config(200)).await;
    let (lobby, _) = restart_lobby(&bank).await;
    let old = lobby
        .hand_history(TABLE, Some(1))
        .await
        .unwrap()
        .expect("hand 1 has its history");
    assert_eq!((old.game, old.players.len()), (Game::Stud8, 3));
    assert!(
        old.events
            .iter()
            .any(|event| matches!(event, Event::Shown { .. }))
    );
    match lobby.hand_history(TABLE, Some(2)).await {
        Err(LobbyError::Store { reason }) => {
            assert!(reason.contains("unreadable"), "{reason}");
        }
        other => panic!("a corrupt history read as {other:?}"),
    }
    drop(lobby);
    bank.shutdown().await.unwrap();
}

#[tokio::test]
async fn each_table_keeps_the_histories_of_its_last_n_hands_only() {
    let dir = tempfile::tempdir().unwrap();
    let bank = Bank::open(dir.path(), config(3)).await.unwrap();
    seat_two(&bank, TABLE).await;
    seat_two(&bank, OTHER_TABLE).await;
    settle_with_history(&bank, OTHER_TABLE, 1).await;
    for hand in 1..=7 {
        settle_with_history(&bank, TABLE, hand).await;
    }
    for hand in 1..=4 {
        assert_eq!(cash_history(&bank, TABLE, hand).await, None, "{hand}");
    }
    for hand in 5..=7 {
        assert_eq!(
            cash_history(&bank, TABLE, hand).await,
            Some(format!("hand-100-{hand}").into_bytes())
        );
    }
    // Another table's histories are its own.
    assert_eq!(
        cash_history(&bank, OTHER_TABLE, 1).await,
        Some(b"hand-101-1".to_vec())
    );
    assert_eq!(
        bank.latest_channel_hand_history(TABLE)
            .await
            .unwrap()
            .unwrap()
            .0,
        ChannelHand::Cash(7)
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.hand_histories, 4);
    bank.shutdown().await.unwrap();

    // Zero keeps none.
    let dir = tempfile::tempdir().unwrap();
    let bank = Bank::open(dir.path(), config(0)).await.unwrap();
    seat_two(&bank, TABLE).await;
    settle_with_history(&bank, TABLE, 1).await;
    assert_eq!(bank.latest_channel_hand_history(TABLE).await.unwrap(), None);
    bank.shutdown().await.unwrap();
}

/// The stored history of cash hand `hand` of `table`.
async fn cash_history(bank: &Bank, table: TableId, hand: u64) -> Option<Vec<u8>> {
    bank.channel_hand_history(table, ChannelHand::Cash(hand))
        .await
        .unwrap()
}
