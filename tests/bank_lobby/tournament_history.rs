//! A sit & go's hands in its channel's history: stored by the transaction that records the
//! hand (so a replay after a crash stores nothing twice), numbered apart from the channel's
//! cash hands, the channel's latest hand whichever kind it is, and as bounded as a cash
//! table's.

use studbot::bank::{Bank, ChannelHand, EconomyConfig, TournamentId, UserId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::bank_common::{GUILD, TABLE as CHANNEL, open_bank_with, outcome, seat};

fn kept(hands: u64) -> EconomyConfig {
    EconomyConfig {
        hand_histories_kept: hands,
        ..EconomyConfig::default()
    }
}

/// A freeroll of players 1 and 2, running.
async fn running(bank: &Bank, reference: &str) -> TournamentId {
    let settings = TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        0,
    );
    let id = bank
        .open_tournament(GUILD, CHANNEL, 2, settings, reference)
        .await
        .unwrap();
    for user in [1, 2] {
        bank.register_tournament(GUILD, id, UserId(user), &format!("{reference} {user}"))
            .await
            .unwrap();
    }
    id
}

/// Records the sit & go's next hand (nobody wins a chip) with the history `sng-<id>-<hand>`.
async fn record_even_hand(bank: &Bank, id: TournamentId) -> u64 {
    let state = bank.tournament(id).await.unwrap().unwrap();
    let next = state.tournament().unwrap().next_hand().unwrap();
    let shown = next.number + 1;
    let history = format!("sng-{}-{shown}", id.0).into_bytes();
    bank.record_tournament_hand_with_history(GUILD, id, next.number, &next.stacks, history)
        .await
        .unwrap();
    shown
}

fn sit_and_go(tournament: TournamentId, hand: u64) -> ChannelHand {
    ChannelHand::SitAndGo { tournament, hand }
}

async fn cash_hand(bank: &Bank, hand: u64) {
    bank.begin_hand(GUILD, CHANNEL, hand).await.unwrap();
    bank.settle_hand_with_history(
        GUILD,
        CHANNEL,
        hand,
        &[outcome(1, 100, 100), outcome(2, 100, 100)],
        format!("cash-{hand}").into_bytes(),
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn a_sit_and_go_hand_is_in_the_channel_history_apart_from_its_cash_hands_and_stored_once() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank_with(dir.path(), kept(200)).await;
    // The channel played cash hand 1 before the sit & go.
    bank.open_table(GUILD, CHANNEL).await.unwrap();
    seat(&bank, &[1, 2], 100).await;
    cash_hand(&bank, 1).await;
    bank.close_table(GUILD, CHANNEL, "close").await.unwrap();

    let id = running(&bank, "first").await;
    assert_eq!(record_even_hand(&bank, id).await, 1);
    let first = sit_and_go(id, 1);
    assert_eq!(
        bank.channel_hand_history(CHANNEL, first).await.unwrap(),
        Some(b"sng-1-1".to_vec())
    );
    // Its hand 1 is not the cash hand 1, which is still there.
    assert_eq!(
        bank.channel_hand_history(CHANNEL, ChannelHand::Cash(1))
            .await
            .unwrap(),
        Some(b"cash-1".to_vec())
    );
    assert_eq!(
        bank.latest_channel_hand_history(CHANNEL).await.unwrap(),
        Some((first, b"sng-1-1".to_vec()))
    );
    // A replay of the recorded hand (a retry after a crash) stores nothing again.
    bank.record_tournament_hand_with_history(GUILD, id, 0, &[600, 600], b"again".to_vec())
        .await
        .unwrap();
    assert_eq!(
        bank.channel_hand_history(CHANNEL, first).await.unwrap(),
        Some(b"sng-1-1".to_vec())
    );
    assert_eq!(record_even_hand(&bank, id).await, 2);
    assert_eq!(
        bank.latest_sit_and_go_hand_history(CHANNEL, id)
            .await
            .unwrap(),
        Some((sit_and_go(id, 2), b"sng-1-2".to_vec()))
    );
    assert_eq!(
        bank.latest_sit_and_go_hand_history(CHANNEL, TournamentId(9))
            .await
            .unwrap(),
        None
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.hand_histories, 3);
    bank.shutdown().await.unwrap();

    // Read back after a restart; the latest is still the sit & go's.
    let (bank, _) = open_bank_with(dir.path(), kept(200)).await;
    assert_eq!(
        bank.latest_channel_hand_history(CHANNEL).await.unwrap(),
        Some((sit_and_go(id, 2), b"sng-1-2".to_vec()))
    );
    bank.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_channel_keeps_the_sit_and_go_histories_of_its_last_kept_hands_only() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank_with(dir.path(), kept(2)).await;
    let first = running(&bank, "first").await;
    for _ in 0..3 {
        record_even_hand(&bank, first).await;
    }
    // Exactly at the limit: hands 2 and 3 kept, hand 1 forgotten.
    assert_eq!(
        bank.channel_hand_history(CHANNEL, sit_and_go(first, 1))
            .await
            .unwrap(),
        None
    );
    for hand in [2, 3] {
        assert!(
            bank.channel_hand_history(CHANNEL, sit_and_go(first, hand))
                .await
                .unwrap()
                .is_some()
        );
    }
    bank.cancel_tournament(GUILD, first, "cancel first")
        .await
        .unwrap();
    // A later sit & go in the channel: the earlier one's hands go as its own come.
    let second = running(&bank, "second").await;
    record_even_hand(&bank, second).await;
    assert_eq!(
        bank.latest_sit_and_go_hand_history(CHANNEL, first)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        bank.latest_channel_hand_history(CHANNEL).await.unwrap(),
        Some((sit_and_go(second, 1), b"sng-2-1".to_vec()))
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.hand_histories, 1);
    bank.shutdown().await.unwrap();
}
