//! Multi-table events in the bank (#41): the audit checking each event's escrow (naming a
//! record that does not make it) and what is kept beside each event (naming a pause or a
//! tables' channels left for an event over or unknown); the table operations fenced by the
//! guild's lease.

use studbot::bank::{Bank, BankError, EventPhase, IdleTables};

use crate::bank_common::{TestPlace, TestStore, open_bank_at};
use crate::event_bank_common::*;

/// The audit checks each event's escrow against its record: a record planted with one
/// registration fewer than the buy-ins its escrow holds is named, as is an escrow whose
/// event record is gone (and the live index that still names it).
#[tokio::test]
async fn the_audit_names_an_event_whose_escrow_its_record_does_not_make() {
    use studbot::bank::store::{SledStore, Store, Tree, Write};
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let id = scheduled_with(&bank, settings(100, 6), 3).await;
    let mut short = record(&bank, id).await;
    bank.shutdown().await.unwrap();
    short.registered.pop();
    let mut bytes = vec![1u8];
    bytes.extend(postcard::to_stdvec(&short).unwrap());
    let plant = |writes: &[Write]| {
        let store = SledStore::open(dir.path(), 1 << 20).unwrap();
        store.apply(writes).unwrap();
        store.flush().unwrap();
    };
    plant(&[Write {
        tree: Tree::Meta,
        key: event_key(id),
        value: Some(bytes),
    }]);
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let report = bank.audit().await.unwrap();
    assert!(!report.ok);
    let holds = format!(
        "event {} holds 300 chips where its record makes it 200",
        id.0
    );
    assert!(report.breaks.contains(&holds), "{:?}", report.breaks);
    bank.shutdown().await.unwrap();
    plant(&[Write {
        tree: Tree::Meta,
        key: event_key(id),
        value: None,
    }]);
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let report = bank.audit().await.unwrap();
    let orphan = format!("tournament {} has no record but holds 300 chips", id.0);
    assert!(report.breaks.contains(&orphan), "{:?}", report.breaks);
    assert!(
        report
            .breaks
            .iter()
            .any(|found| found.contains("index of live events")),
        "{:?}",
        report.breaks
    );
    bank.shutdown().await.unwrap();
}

/// A pause and tables' channels are kept beside an event only while it is live: planted for
/// an event cancelled, and for one the bank never knew, each is named by the audit.
#[tokio::test]
async fn the_audit_names_a_pause_or_channels_left_for_an_event_over_or_unknown() {
    use studbot::bank::store::{SledStore, Store, Tree, Write};
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let id = scheduled_with(&bank, settings(100, 6), 2).await;
    bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert_audit_ok(&bank).await;
    bank.shutdown().await.unwrap();
    let unknown = id.0 + 1_000;
    let kept = |prefix: &[u8], event: u64, value: Vec<u8>| Write {
        tree: Tree::Meta,
        key: [prefix, &event.to_be_bytes()].concat(),
        value: Some(value),
    };
    let channels = postcard::to_stdvec(&vec![(1u32, 77u64)]).unwrap();
    let store = SledStore::open(dir.path(), 1 << 20).unwrap();
    store
        .apply(&[
            kept(b"mtt_paused", id.0, vec![1]),
            kept(b"mtt_channels", unknown, channels),
        ])
        .unwrap();
    store.flush().unwrap();
    drop(store);
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let report = bank.audit().await.unwrap();
    assert!(!report.ok);
    for named in [
        format!("event {} is over but its pause is still kept", id.0),
        format!("a tables' channels is kept for event {unknown}, which the bank does not know"),
    ] {
        assert!(
            report.breaks.contains(&named),
            "{named}: {:?}",
            report.breaks
        );
    }
    bank.shutdown().await.unwrap();
}

/// Two processes on one PostgreSQL bank: only the one holding the guild's lease runs the
/// event's tables, so its start, its tidying and its tables' hands are refused to the other
/// with `LeaseLost`, changing nothing; the holder goes on.
#[tokio::test]
async fn a_process_without_the_guilds_lease_cannot_start_tidy_or_record_an_events_hand() {
    let place = TestPlace::new(TestStore::Postgres);
    let (holder, clock) = open_bank_at(&place).await;
    let other = Bank::open_at(place.location(), studbot::bank::EconomyConfig::default())
        .await
        .expect("a second process's bank");
    let id = scheduled_with(&holder, settings(100, 4), 8).await;
    let lost = |what: &str, result: Result<(), BankError>| {
        assert!(
            matches!(result, Err(BankError::LeaseLost { guild }) if guild == GUILD),
            "{what}: {result:?}"
        );
    };
    lost("the start", other.start_event(GUILD, id, 1).await);
    assert!(matches!(
        record(&holder, id).await.phase,
        EventPhase::Scheduled
    ));
    start(&holder, &clock, id, 1).await.unwrap();
    let all = IdleTables {
        tables: Vec::new(),
        all: true,
    };
    lost("the tidying", other.tidy_event(GUILD, id, all, 5).await);
    let started = record(&holder, id).await;
    let table = started.event().unwrap().seating().numbers()[0];
    let hand = busting_hand(&started, table, 0).unwrap();
    lost(
        "a hand",
        other
            .record_event_hand(GUILD, id, hand.clone(), 0, None)
            .await,
    );
    assert_eq!(record(&holder, id).await, started, "nothing changed");
    holder
        .record_event_hand(GUILD, id, hand, 0, None)
        .await
        .expect("the holder records");
    assert_eq!(record(&holder, id).await.event().unwrap().hands(), 1);
    assert_audit_ok(&holder).await;
    other.shutdown().await.unwrap();
    holder.shutdown().await.unwrap();
}
