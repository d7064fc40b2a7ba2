//! A store that fails as sled 0.34 does (its first write error is sticky until the process
//! restarts): the bank says so at once, to its callers, to `/healthz` and to the binary, which
//! restarts on it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use studbot::bank::store::{Reads, Scan, SledStore, Store, StoreError, Tree, Write};
use studbot::bank::{Bank, BankError, EconomyConfig, GuildId, SystemClock, TableId, UserId};
use studbot::telemetry::Health;

const GUILD: GuildId = GuildId(7);
const TABLE: TableId = TableId(100);

/// Serves like sled until told to fail; then its next flush fails, and every write and flush
/// after it.
struct PoisonedStore {
    inner: SledStore,
    fail_next_flush: AtomicBool,
    poisoned: AtomicBool,
}

impl PoisonedStore {
    fn refuse(&self) -> Result<(), StoreError> {
        if self.poisoned.load(Ordering::SeqCst) {
            Err(StoreError("No space left on device (os error 28)".into()))
        } else {
            Ok(())
        }
    }
}

impl Reads for PoisonedStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(tree, key)
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        self.inner.scan_prefix(tree, prefix)
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        self.inner.scan_from(tree, start)
    }
}

impl Store for PoisonedStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        self.refuse()?;
        self.inner.apply(writes)
    }
    fn flush(&self) -> Result<(), StoreError> {
        if self.fail_next_flush.swap(false, Ordering::SeqCst) {
            self.poisoned.store(true, Ordering::SeqCst);
        }
        self.refuse()?;
        self.inner.flush()
    }
    fn is_empty(&self) -> Result<bool, StoreError> {
        self.inner.is_empty()
    }
}

async fn bank_on_a_store_about_to_fail() -> (tempfile::TempDir, Arc<PoisonedStore>, Bank) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(PoisonedStore {
        inner: SledStore::open(dir.path(), 1 << 20).unwrap(),
        fail_next_flush: AtomicBool::new(false),
        poisoned: AtomicBool::new(false),
    });
    let bank = Bank::open_with_store(
        store.clone(),
        EconomyConfig::default(),
        Arc::new(SystemClock),
    )
    .await
    .unwrap();
    (dir, store, bank)
}

#[tokio::test]
async fn the_first_store_error_marks_the_bank_failed_and_later_writes_are_refused_at_once() {
    let (_dir, store, bank) = bank_on_a_store_about_to_fail().await;
    let health = Health::default();
    let watched = bank.clone();
    health.set_gateway_up(true);
    health.watch_bank(move || watched.problem());
    bank.buy_in(GUILD, TABLE, UserId(1), 100, "in-1")
        .await
        .unwrap();
    assert!(bank.failure().is_none());
    assert!(health.problems().is_empty(), "{:?}", health.problems());

    store.fail_next_flush.store(true, Ordering::SeqCst);
    // Applied but not flushed: the bank says so, and from now on it is failing.
    assert!(matches!(
        bank.buy_in(GUILD, TABLE, UserId(2), 100, "in-2").await,
        Err(BankError::NotDurable(_))
    ));
    let failure = bank.failure().expect("the bank knows it failed");
    assert!(failure.to_string().contains("No space left"), "{failure}");
    assert_eq!(health.problems(), vec!["bank failing"]);
    // The binary's signal to exit with the restartable code resolves at once.
    let signalled = tokio::time::timeout(std::time::Duration::from_secs(5), bank.failed())
        .await
        .expect("the failure is signalled");
    assert_eq!(signalled, failure);
    // Nothing more is queued for a store that will refuse it: no hand begins, no gift moves.
    assert!(matches!(
        bank.begin_hand(GUILD, TABLE, 1).await,
        Err(BankError::Failed(_))
    ));
    assert!(matches!(
        bank.give(GUILD, UserId(3), UserId(4), false, 10, "g").await,
        Err(BankError::Failed(_))
    ));
    // Reads still answer from what the store holds.
    assert_eq!(bank.table_stacks(TABLE).await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_write_the_store_refused_outright_also_marks_the_bank_failed() {
    let (_dir, store, bank) = bank_on_a_store_about_to_fail().await;
    store.poisoned.store(true, Ordering::SeqCst);
    assert!(matches!(
        bank.buy_in(GUILD, TABLE, UserId(1), 100, "in-1").await,
        Err(BankError::Storage(_))
    ));
    assert!(bank.failure().is_some());
    assert_eq!(bank.problem(), Some("bank failing"));
    bank.shutdown().await.unwrap();
    assert_eq!(
        bank.problem(),
        Some("bank failing"),
        "failing says more than stopped"
    );
}

/// PostgreSQL gone for good (not restarting): the bank retries a while, then fails as a full
/// disk fails sled, refusing loudly: the caller is told nothing changed, `/healthz` says "bank
/// failing", the binary is signalled to exit with the restartable code, and nothing more is
/// queued. The database back, its books hold what was acknowledged and nothing else.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_stays_down_fails_the_bank_loudly_after_its_retries() {
    use studbot::bank::StoreLocation;
    let server = crate::postgres::private_server();
    let location = StoreLocation::Postgres(server.database());
    let bank = Bank::open_at(&location, EconomyConfig::default())
        .await
        .unwrap();
    bank.take_leases(&[GUILD]).await.unwrap();
    let health = Health::default();
    let watched = bank.clone();
    health.set_gateway_up(true);
    health.watch_bank(move || watched.problem());
    let before = bank.daily(GUILD, UserId(1), "daily-1").await.unwrap();

    server.stop();
    let refused = bank.daily(GUILD, UserId(2), "daily-2").await;
    assert!(
        matches!(refused, Err(BankError::Storage(_) | BankError::Failed(_))),
        "{refused:?}"
    );
    let failure = bank.failure().expect("the bank knows it failed");
    assert_eq!(health.problems(), vec!["bank failing"]);
    let signalled = tokio::time::timeout(std::time::Duration::from_secs(5), bank.failed())
        .await
        .expect("the failure is signalled");
    assert_eq!(signalled, failure);
    assert!(matches!(
        bank.give(GUILD, UserId(1), UserId(3), false, 10, "gift")
            .await,
        Err(BankError::Failed(_))
    ));
    let _ = bank.shutdown().await;

    server.start_again();
    let audited = location.clone();
    let report = tokio::task::spawn_blocking(move || studbot::bank::audit_location(&audited))
        .await
        .unwrap()
        .expect("audit");
    assert!(report.ok, "{:?}", report.breaks);
    let bank = Bank::open_at(&location, EconomyConfig::default())
        .await
        .unwrap();
    assert_eq!(bank.balance(GUILD, UserId(1)).await.unwrap(), before);
    let references: Vec<String> = bank
        .ledger(1, usize::MAX)
        .await
        .unwrap()
        .into_iter()
        .map(|entry| entry.reference)
        .collect();
    assert!(
        references
            .iter()
            .any(|reference| reference.contains("daily-1"))
    );
    assert!(
        !references
            .iter()
            .any(|reference| reference.contains("daily-2")),
        "{references:?}"
    );
    bank.shutdown().await.unwrap();
}
