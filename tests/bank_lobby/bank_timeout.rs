//! A stuck store is reported as a timeout instead of hanging the caller, and the bank runs on
//! any store behind its storage interface (here sled wrapped in a gate).

use std::sync::{Arc, Condvar, Mutex};

use studbot::bank::store::{Scan, SledStore, Store, StoreError, Tree, Write};
use studbot::bank::{Bank, BankError, EconomyConfig, GuildId, SystemClock, UserId};

/// sled whose flush waits while the gate is closed, as sled's rare internal deadlock would.
struct GatedStore {
    inner: SledStore,
    closed: Mutex<bool>,
    opened: Condvar,
}

impl GatedStore {
    fn set_closed(&self, closed: bool) {
        *self.closed.lock().unwrap() = closed;
        self.opened.notify_all();
    }
}

impl Store for GatedStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(tree, key)
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        self.inner.scan_prefix(tree, prefix)
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        self.inner.scan_from(tree, start)
    }
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        self.inner.apply(writes)
    }
    fn flush(&self) -> Result<(), StoreError> {
        let mut closed = self.closed.lock().unwrap();
        while *closed {
            closed = self.opened.wait(closed).unwrap();
        }
        self.inner.flush()
    }
    fn is_empty(&self) -> Result<bool, StoreError> {
        self.inner.is_empty()
    }
}

#[tokio::test]
async fn a_stuck_store_answers_timeout_and_the_bank_resumes_when_it_unsticks() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(GatedStore {
        inner: SledStore::open(dir.path(), 1 << 20).unwrap(),
        closed: Mutex::new(false),
        opened: Condvar::new(),
    });
    let config = EconomyConfig {
        store_timeout_ms: 300,
        ..EconomyConfig::default()
    };
    let bank = Bank::open_with_store(store.clone(), config, Arc::new(SystemClock))
        .await
        .unwrap();
    let (guild, moderator, user) = (GuildId(1), UserId(9), UserId(1));
    assert_eq!(bank.balance(guild, user).await.unwrap(), 1_000);

    store.set_closed(true);
    assert_eq!(
        bank.grant(guild, moderator, user, 50, "g1").await,
        Err(BankError::Timeout(300))
    );
    store.set_closed(false);

    // The grant that timed out did happen once the store came back; retrying with the same
    // reference is therefore safe and takes effect once.
    assert_eq!(
        bank.grant(guild, moderator, user, 50, "g1").await.unwrap(),
        1_050
    );
    assert_eq!(bank.balance(guild, user).await.unwrap(), 1_050);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}
