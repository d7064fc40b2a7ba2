//! `/table open` may be cancelled halfway (Discord's handler drops the future, e.g. around a
//! deferral): the channel must not stay "opening" forever.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::lobby_common::*;
use studbot::bank::TableId;
use studbot::lobby::{MemoryTableStore, StoreFuture, TableRecord, TableStore};

/// A store whose first save never finishes (a stalled disk), later ones do.
#[derive(Default)]
struct FirstSaveStalls {
    stalled_once: AtomicBool,
    records: MemoryTableStore,
}

impl TableStore for FirstSaveStalls {
    fn save<'a>(&'a self, record: &'a TableRecord) -> StoreFuture<'a, ()> {
        if !self.stalled_once.swap(true, Ordering::SeqCst) {
            return Box::pin(std::future::pending());
        }
        self.records.save(record)
    }

    fn remove(&self, table: TableId) -> StoreFuture<'_, ()> {
        self.records.remove(table)
    }

    fn load_all(&self) -> StoreFuture<'_, Vec<TableRecord>> {
        self.records.load_all()
    }
}

#[tokio::test]
async fn an_opening_dropped_halfway_leaves_the_channel_free_to_open() {
    let fixture = fixture_with_store(1, Arc::new(FirstSaveStalls::default())).await;
    let dropped = tokio::time::timeout(
        Duration::from_millis(300),
        fixture.lobby.open_table(GUILD, TABLE, settings()),
    )
    .await;
    assert!(dropped.is_err(), "the first opening stalls and is dropped");
    let opened = fixture.lobby.open_table(GUILD, TABLE, settings()).await;
    assert!(
        opened.is_ok(),
        "the channel opens after a dropped attempt: {opened:?}"
    );
}
