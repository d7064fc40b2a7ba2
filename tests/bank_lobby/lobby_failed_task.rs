//! A table task that panics is supervised: the table is closed as after a crash (its hand in
//! progress cancelled and refunded by the bank's recovery, every seat cashed out), forgotten by
//! the lobby, and its channel can open a table again at once, without a restart.

use crate::lobby_common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use lobby_common::*;
use studbot::bank::TableId;
use studbot::lobby::{MemoryTableStore, StoreFuture, TableRecord, TableStore};

/// A table store that panics on its next save once armed: the only way into a table task's
/// code from outside that can panic there, standing for any fault in the table's own code.
#[derive(Default)]
struct PanickingStore {
    inner: MemoryTableStore,
    armed: AtomicBool,
}

impl TableStore for PanickingStore {
    fn save<'a>(&'a self, record: &'a TableRecord) -> StoreFuture<'a, ()> {
        assert!(
            !self.armed.swap(false, Ordering::SeqCst),
            "the table store fails inside the table's task (a test fault)"
        );
        self.inner.save(record)
    }
    fn remove(&self, table: TableId) -> StoreFuture<'_, ()> {
        self.inner.remove(table)
    }
    fn load_all(&self) -> StoreFuture<'_, Vec<TableRecord>> {
        self.inner.load_all()
    }
}

#[tokio::test(start_paused = true)]
async fn a_table_task_that_panics_mid_hand_is_closed_refunded_and_its_channel_opens_again() {
    let store = Arc::new(PanickingStore::default());
    let fixture = fixture_with_store(5, store.clone()).await;
    let starting = fixture.bank.balance(GUILD, ANA).await.unwrap();
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(settings().between_hands_secs.into()).await;
    let offer = next_turn(&mut notices).await;
    take(&table, &offer, passive(&offer)).await;
    let in_progress = fixture.bank.audit().await.unwrap().hands_in_progress;
    assert_eq!(
        in_progress.len(),
        1,
        "a hand is in progress: {in_progress:?}"
    );

    store.armed.store(true, Ordering::SeqCst);
    assert!(
        table.pause().await.is_err(),
        "the panicking table cannot answer"
    );
    deadline("the lobby to forget the failed table", async {
        while fixture.lobby.table(TABLE).is_ok() {
            tokio::task::yield_now().await;
            std::thread::yield_now();
        }
    })
    .await;

    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "the books balance: {report:?}");
    assert!(
        report.hands_in_progress.is_empty(),
        "the hand was cancelled: {:?}",
        report.hands_in_progress
    );
    assert_eq!(report.escrow_chips, 0, "every seat was cashed out");
    for player in [ANA, BEN] {
        assert_eq!(
            fixture.bank.balance(GUILD, player).await.unwrap(),
            starting,
            "player {} got their whole buy-in back (the hand was refunded)",
            player.0
        );
    }
    assert!(
        store.load_all().await.unwrap().is_empty(),
        "the failed table's record is gone, so a restart does not reopen it"
    );

    let reopened = fixture
        .lobby
        .open_table(GUILD, TABLE, settings())
        .await
        .expect("the channel opens a table again");
    let mut notices = reopened.subscribe().await.unwrap();
    reopened.join(ANA, 200).await.unwrap();
    reopened.join(BEN, 200).await.unwrap();
    advance_secs(settings().between_hands_secs.into()).await;
    next_turn(&mut notices).await;
}
