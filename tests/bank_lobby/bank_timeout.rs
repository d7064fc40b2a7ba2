//! A stalled or failing store never makes the bank tell a caller something false.
//!
//! The store double stalls its flush while a gate is closed (as sled's rare internal deadlock
//! would) and can panic once on demand. The bank's clock is the test's: a caller's timeout
//! ends when the test says so, never because the machine was slow, so nothing here races the
//! wall clock.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use studbot::bank::store::{Reads, Scan, SledStore, Store, StoreError, Tree, Write};
use studbot::bank::{Bank, BankError, Clock, EconomyConfig, GuildId, Sleep, TableId, UserId};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::bank_common::outcome;

/// A clock standing still, whose waits all end together when the test calls [`TestClock::expire`].
struct TestClock {
    expiries: watch::Sender<u64>,
}

impl TestClock {
    fn expire(&self) {
        self.expiries.send_modify(|count| *count += 1);
    }
}

impl Clock for TestClock {
    fn now_unix_ms(&self) -> u64 {
        1_767_225_600_000
    }

    fn sleep(&self, _: Duration) -> Sleep {
        let mut expiries = self.expiries.subscribe();
        Box::pin(async move {
            let _ = expiries.changed().await;
        })
    }
}

const GUILD: GuildId = GuildId(1);
const TABLE: TableId = TableId(77);
const MODERATOR: UserId = UserId(9);
const TIMEOUT_MS: u64 = 1_000;

/// sled whose flush waits while the gate is closed, reporting each stall as it begins; and
/// whose next `apply` or `get` panics when armed.
struct StallingStore {
    inner: SledStore,
    closed: Mutex<bool>,
    opened: Condvar,
    stalled: Mutex<Sender<()>>,
    panic_on_apply: AtomicBool,
    panic_on_get: AtomicBool,
}

impl StallingStore {
    fn open(dir: &std::path::Path) -> (Arc<StallingStore>, Receiver<()>) {
        let (stalled, stalls) = channel();
        let store = StallingStore {
            inner: SledStore::open(dir, 1 << 20).unwrap(),
            closed: Mutex::new(false),
            opened: Condvar::new(),
            stalled: Mutex::new(stalled),
            panic_on_apply: AtomicBool::new(false),
            panic_on_get: AtomicBool::new(false),
        };
        (Arc::new(store), stalls)
    }

    fn set_closed(&self, closed: bool) {
        *self.closed.lock().unwrap() = closed;
        self.opened.notify_all();
    }
}

impl Reads for StallingStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        if tree == Tree::Balances && self.panic_on_get.swap(false, Ordering::SeqCst) {
            panic!("an injected panic while reading a balance");
        }
        self.inner.get(tree, key)
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        self.inner.scan_prefix(tree, prefix)
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        self.inner.scan_from(tree, start)
    }
}

impl Store for StallingStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        if self.panic_on_apply.swap(false, Ordering::SeqCst) {
            panic!("an injected panic while writing a batch");
        }
        self.inner.apply(writes)
    }
    fn flush(&self) -> Result<(), StoreError> {
        let mut closed = self.closed.lock().unwrap();
        if *closed {
            let _ = self.stalled.lock().unwrap().send(());
        }
        while *closed {
            closed = self.opened.wait(closed).unwrap();
        }
        self.inner.flush()
    }
    fn is_empty(&self) -> Result<bool, StoreError> {
        self.inner.is_empty()
    }
}

struct Rig {
    bank: Bank,
    store: Arc<StallingStore>,
    stalls: Receiver<()>,
    clock: Arc<TestClock>,
}

async fn open(dir: &std::path::Path) -> Rig {
    let (store, stalls) = StallingStore::open(dir);
    let config = EconomyConfig {
        store_timeout_ms: TIMEOUT_MS,
        ..EconomyConfig::default()
    };
    let clock = Arc::new(TestClock {
        expiries: watch::Sender::new(0),
    });
    let bank = Bank::open_with_store(store.clone(), config, clock.clone())
        .await
        .unwrap();
    Rig {
        bank,
        store,
        stalls,
        clock,
    }
}

/// Waits until the store stalls on `stalled`'s write. An operation that answers first wrote
/// nothing (or was refused) and fails the test at once, naming it, instead of at the deadline.
async fn until_it_stalls<A>(rig: &Rig, what: &str, stalled: &JoinHandle<A>) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        tokio::task::yield_now().await;
        match rig.stalls.recv_timeout(Duration::from_millis(10)) {
            Ok(()) => return,
            Err(_) if stalled.is_finished() => {
                rig.store.set_closed(false);
                panic!("{what} answered without writing to the store: it never stalled")
            }
            Err(_) => assert!(
                std::time::Instant::now() < deadline,
                "the store never stalled on {what}"
            ),
        }
    }
}

/// Runs `stalled` while the store stalls, and `queued` behind it: `stalled` is taken up by the
/// committer before anything times out, `queued` waits past its timeout. Returns both answers
/// once the store has recovered.
async fn stall<A, B>(
    rig: &Rig,
    what: &str,
    stalled: JoinHandle<A>,
    queued: impl FnOnce() -> JoinHandle<B>,
) -> (A, B) {
    rig.store.set_closed(true);
    until_it_stalls(rig, what, &stalled).await;
    let queued = queued();
    tokio::task::yield_now().await;
    // Both callers' waits end: the stalled one was taken up, the queued one was not.
    rig.clock.expire();
    let queued = queued.await.unwrap();
    rig.store.set_closed(false);
    (stalled.await.unwrap(), queued)
}

#[tokio::test]
async fn a_stalled_store_answers_each_caller_what_really_happened() {
    let dir = tempfile::tempdir().unwrap();
    let rig = open(dir.path()).await;
    let bank = rig.bank.clone();
    for user in [1, 2] {
        bank.buy_in(GUILD, TABLE, UserId(user), 500, &format!("in-{user}"))
            .await
            .unwrap();
    }

    // Begin stalls; a grant queued behind it times out and never happens.
    let (begun, granted) = stall(
        &rig,
        "begin",
        tokio::spawn({
            let bank = bank.clone();
            async move { bank.begin_hand(GUILD, TABLE, 1).await }
        }),
        || {
            let bank = bank.clone();
            tokio::spawn(async move { bank.grant(GUILD, MODERATOR, UserId(3), 50, "g1").await })
        },
    )
    .await;
    assert_eq!(begun, Ok(()));
    assert_eq!(granted, Err(BankError::Timeout(TIMEOUT_MS)));
    assert_eq!(bank.balance(GUILD, UserId(3)).await, Ok(1_000));
    // The same request again takes effect once, however often it is retried.
    assert_eq!(
        bank.grant(GUILD, MODERATOR, UserId(3), 50, "g1").await,
        Ok(1_050)
    );
    assert_eq!(
        bank.grant(GUILD, MODERATOR, UserId(3), 50, "g1").await,
        Ok(1_050)
    );

    // Settle stalls; a gift queued behind it times out.
    let outcomes = [outcome(1, 500, 400), outcome(2, 500, 600)];
    let (settled, given) = stall(
        &rig,
        "settle",
        tokio::spawn({
            let bank = bank.clone();
            async move { bank.settle_hand(GUILD, TABLE, 1, &outcomes).await }
        }),
        || {
            let bank = bank.clone();
            tokio::spawn(async move {
                bank.give(GUILD, UserId(1), UserId(2), false, 10, "give1")
                    .await
            })
        },
    )
    .await;
    assert_eq!(settled, Ok(()));
    assert_eq!(given.map(|_| ()), Err(BankError::Timeout(TIMEOUT_MS)));
    assert_eq!(
        bank.table_stacks(TABLE).await,
        Ok(vec![(UserId(1), 400), (UserId(2), 600)])
    );
    assert_eq!(bank.balance(GUILD, UserId(1)).await, Ok(500));
    let given = bank
        .give(GUILD, UserId(1), UserId(2), false, 10, "give1")
        .await
        .unwrap();
    assert_eq!((given.from_balance, given.to_balance), (490, 510));

    // A gift stalls; a daily queued behind it times out.
    let (given, claimed) = stall(
        &rig,
        "give",
        tokio::spawn({
            let bank = bank.clone();
            async move {
                bank.give(GUILD, UserId(2), UserId(1), false, 20, "give2")
                    .await
            }
        }),
        || {
            let bank = bank.clone();
            tokio::spawn(async move { bank.daily(GUILD, UserId(3), "daily3").await })
        },
    )
    .await;
    assert_eq!(given.map(|given| given.to_balance), Ok(510));
    assert_eq!(claimed, Err(BankError::Timeout(TIMEOUT_MS)));
    assert_eq!(bank.balance(GUILD, UserId(3)).await, Ok(1_050));
    assert_eq!(bank.daily(GUILD, UserId(3), "daily3").await, Ok(1_250));

    // A daily stalls; a cash-out queued behind it times out.
    let (claimed, cashed) = stall(
        &rig,
        "daily",
        tokio::spawn({
            let bank = bank.clone();
            async move { bank.daily(GUILD, UserId(4), "daily4").await }
        }),
        || {
            let bank = bank.clone();
            tokio::spawn(async move { bank.cash_out(GUILD, TABLE, UserId(1), "out1").await })
        },
    )
    .await;
    assert_eq!(claimed, Ok(1_200));
    assert_eq!(cashed, Err(BankError::Timeout(TIMEOUT_MS)));
    assert_eq!(bank.balance(GUILD, UserId(1)).await, Ok(510));
    assert_eq!(
        bank.cash_out(GUILD, TABLE, UserId(1), "out1").await,
        Ok(400)
    );

    // A cash-out stalls; the table's next hand, queued behind it, times out and can be
    // begun again: the table plays on.
    let (cashed, begun) = stall(
        &rig,
        "cash-out",
        tokio::spawn({
            let bank = bank.clone();
            async move { bank.cash_out(GUILD, TABLE, UserId(2), "out2").await }
        }),
        || {
            let bank = bank.clone();
            tokio::spawn(async move { bank.begin_hand(GUILD, TABLE, 2).await })
        },
    )
    .await;
    assert_eq!(cashed, Ok(600));
    assert_eq!(begun, Err(BankError::Timeout(TIMEOUT_MS)));
    assert_eq!(bank.next_hand_number(TABLE).await, Ok(2));
    bank.begin_hand(GUILD, TABLE, 2).await.unwrap();
    bank.cancel_hand(TABLE, 2).await.unwrap();

    for (user, balance) in [(1, 910), (2, 1_090), (3, 1_250), (4, 1_200)] {
        assert_eq!(
            bank.balance(GUILD, UserId(user)).await,
            Ok(balance),
            "{user}"
        );
    }
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.player_chips, 910 + 1_090 + 1_250 + 1_200);
    assert_eq!(report.escrow_chips, 0);
}

#[tokio::test]
async fn a_panic_while_writing_fails_that_batch_and_the_bank_keeps_serving() {
    let dir = tempfile::tempdir().unwrap();
    let rig = open(dir.path()).await;
    let (bank, store) = (rig.bank.clone(), rig.store.clone());
    store.panic_on_apply.store(true, Ordering::SeqCst);
    let failed = bank.grant(GUILD, MODERATOR, UserId(1), 50, "g1").await;
    assert!(
        matches!(&failed, Err(BankError::Storage(text)) if text.contains("nothing changed")),
        "{failed:?}"
    );
    assert_eq!(bank.balance(GUILD, UserId(1)).await, Ok(1_000));
    assert_eq!(
        bank.grant(GUILD, MODERATOR, UserId(1), 50, "g1").await,
        Ok(1_050)
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

#[tokio::test]
async fn a_panic_while_drafting_fails_that_operation_alone() {
    let dir = tempfile::tempdir().unwrap();
    let rig = open(dir.path()).await;
    let (bank, store) = (rig.bank.clone(), rig.store.clone());
    store.panic_on_get.store(true, Ordering::SeqCst);
    let failed = bank.grant(GUILD, MODERATOR, UserId(1), 50, "g1").await;
    assert!(matches!(failed, Err(BankError::Internal(_))), "{failed:?}");
    assert_eq!(
        bank.grant(GUILD, MODERATOR, UserId(1), 50, "g1").await,
        Ok(1_050)
    );
    assert_eq!(bank.daily(GUILD, UserId(2), "d2").await, Ok(1_200));
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}
