//! An event's records for `/history` and `/tournament status` in the bank (#41), on both
//! stores: a table's hand history given with its record is stored in the table's channel by
//! the transaction that records the hand, once (a retry stores nothing again), and a hand
//! recorded with none keeps none; once the event is over it is the last event of its
//! channel and of its tables' channels, until a sit & go takes the channel.

use studbot::bank::{ChannelHand, EventPhase, TableId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::bank_common::{TestPlace, TestStore, open_bank_at};
use crate::event_bank_common::*;

const THREADS: [TableId; 2] = [TableId(9_001), TableId(9_002)];

async fn an_event_hand_keeps_the_history_given_with_its_record_once_and_the_event_is_the_last_of_its_channels(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 4), 8).await;
    start(&bank, &clock, id, 21).await.unwrap();
    let started = record(&bank, id).await;
    let tables = started.event().unwrap().seating().numbers();
    for (&table, thread) in tables.iter().zip(THREADS) {
        bank.keep_event_channel(GUILD, id, table, thread)
            .await
            .unwrap();
    }
    let first = busting_hand(&started, tables[0], 0).unwrap();
    let second = busting_hand(&started, tables[1], 0).unwrap();
    let at = |hand: u64| ChannelHand::Event { event: id, hand };

    let history = |bytes: &[u8]| Some((THREADS[0], bytes.to_vec()));
    bank.record_event_hand_with_history(GUILD, id, first.clone(), 0, None, history(b"first"))
        .await
        .unwrap();
    let kept = bank.channel_hand_history(THREADS[0], at(first.number));
    assert_eq!(kept.await.unwrap(), Some(b"first".to_vec()));
    let latest = bank.latest_channel_hand_history(THREADS[0]).await.unwrap();
    assert_eq!(latest, Some((at(first.number), b"first".to_vec())));
    // A retry of the same hand changes nothing, whatever history it brings.
    bank.record_event_hand_with_history(GUILD, id, first.clone(), 0, None, history(b"again"))
        .await
        .unwrap();
    let kept = bank.channel_hand_history(THREADS[0], at(first.number));
    assert_eq!(kept.await.unwrap(), Some(b"first".to_vec()));
    // The other table's hand brings no history: recorded, with none.
    bank.record_event_hand(GUILD, id, second.clone(), 0, None)
        .await
        .unwrap();
    let none = bank.latest_channel_hand_history(THREADS[1]).await.unwrap();
    assert_eq!(none, None);
    assert_eq!(record(&bank, id).await.event().unwrap().hands(), 2);
    assert_eq!(bank.last_event_over_in(CHANNEL).await.unwrap(), None);

    let mut round = 1;
    while matches!(record(&bank, id).await.phase, EventPhase::Running(_)) {
        play_round(&bank, id, round).await;
        round += 1;
        assert!(round < 500, "the event ends");
    }
    for channel in [CHANNEL, THREADS[0], THREADS[1]] {
        let last = bank.last_event_over_in(channel).await.unwrap();
        assert_eq!(last.map(|record| record.id), Some(id), "{channel:?}");
    }
    assert_audit_ok(&bank).await;
    // A sit & go takes the channel: the event is its last no more (its threads keep it).
    let sit_and_go = TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        0,
    );
    bank.open_tournament(GUILD, CHANNEL, 2, sit_and_go, "after the event")
        .await
        .unwrap();
    assert_eq!(bank.last_event_over_in(CHANNEL).await.unwrap(), None);
    let thread = bank.last_event_over_in(THREADS[0]).await.unwrap();
    assert_eq!(thread.map(|record| record.id), Some(id));
    bank.shutdown().await.unwrap();
}

on_each_store!(
    #[tokio::test]
    an_event_hand_keeps_the_history_given_with_its_record_once_and_the_event_is_the_last_of_its_channels,
);
