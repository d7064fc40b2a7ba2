//! An older PostgreSQL bank opened by several processes at once: one migrates it while the
//! others wait for the lock of opening (`SharedStore::hold_opening`), then find it migrated.

use std::time::{Duration, Instant};

use studbot::bank::store::postgres::OPENING_LOCK;
use studbot::bank::{
    Bank, EconomyConfig, GuildId, SCHEMA_VERSION, StoreLocation, UserId, audit_location,
    stamp_version,
};

use crate::postgres;

/// A bank at `url` with a member's chips in it (their balance), stamped as of the schema
/// before ours.
async fn older_bank(url: &str) -> (StoreLocation, u64) {
    let location = StoreLocation::Postgres(url.to_string());
    let bank = Bank::open_at(&location, EconomyConfig::default())
        .await
        .expect("the bank opens");
    bank.daily(GuildId(1), UserId(2), "daily-1")
        .await
        .expect("a daily claim");
    let balance = bank
        .balance(GuildId(1), UserId(2))
        .await
        .expect("a balance");
    bank.shutdown().await.expect("shutdown");
    stamp(&location, SCHEMA_VERSION - 1).await;
    (location, balance)
}

async fn stamp(location: &StoreLocation, version: u32) {
    let location = location.clone();
    tokio::task::spawn_blocking(move || {
        let store = location.open_store(1 << 20).expect("the store opens");
        stamp_version(store.as_ref(), version).expect("stamped");
    })
    .await
    .expect("no panic");
}

async fn stored_version(url: &str) -> u32 {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || {
        let mut client = postgres_client(&url);
        let row = client
            .query_one(
                "SELECT value FROM studbot.kv k JOIN studbot.trees t USING (tree) \
                 WHERE t.name = 'meta' AND k.key = 'schema_version'::bytea",
                &[],
            )
            .expect("the stored version");
        let bytes: Vec<u8> = row.get(0);
        u32::from_be_bytes(bytes.try_into().expect("four bytes"))
    })
    .await
    .expect("no panic")
}

fn postgres_client(url: &str) -> ::postgres::Client {
    ::postgres::Client::connect(url, ::postgres::NoTls).expect("connect")
}

fn audits(location: &StoreLocation) {
    let report = audit_location(location).expect("audit");
    assert!(report.ok, "the books broke: {:?}", report.breaks);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_bank_another_process_is_migrating_is_opened_only_once_that_migration_ends() {
    let url = postgres::database();
    let (location, balance) = older_bank(&url).await;
    // Another process is migrating the bank: it holds the lock of opening, on a thread of
    // its own (a sync client), until told to let go (or this test ends).
    let (let_go, told) = std::sync::mpsc::channel::<()>();
    let (held, holding) = std::sync::mpsc::channel();
    let migrating = {
        let url = url.clone();
        std::thread::spawn(move || {
            let mut client = postgres_client(&url);
            client
                .execute("SELECT pg_advisory_lock($1)", &[&OPENING_LOCK])
                .expect("the lock of opening");
            held.send(()).expect("the test waits");
            let _ = told.recv();
        })
    };
    holding.recv().expect("the lock is held");
    let opening = tokio::spawn({
        let location = location.clone();
        async move { Bank::open_at(&location, EconomyConfig::default()).await }
    });
    // This opener waits for that lock rather than migrating beside the other.
    let waiting_for_it = {
        let url = url.clone();
        tokio::task::spawn_blocking(move || {
            let mut client = postgres_client(&url);
            let deadline = Instant::now() + Duration::from_secs(30);
            loop {
                let waiting: i64 = client
                    .query_one(
                        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' \
                         AND NOT granted AND database = (SELECT oid FROM pg_database \
                         WHERE datname = current_database()) \
                         AND ((classid::int8 << 32) | objid::int8) = $1",
                        &[&OPENING_LOCK],
                    )
                    .expect("the locks")
                    .get(0);
                if waiting > 0 || Instant::now() > deadline {
                    return waiting > 0;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
        .await
        .expect("no panic")
    };
    assert!(waiting_for_it, "the opener did not wait for the migration");
    assert!(!opening.is_finished(), "opened during another's migration");
    // The other process's migration ends: the bank is at our version, and it lets go.
    stamp(&location, SCHEMA_VERSION).await;
    let_go.send(()).expect("the holder waits");
    tokio::task::spawn_blocking(move || migrating.join())
        .await
        .expect("no panic")
        .expect("the holder lets go");
    let bank = opening
        .await
        .expect("no panic")
        .expect("the bank opens once the migration ended");
    assert_eq!(
        bank.balance(GuildId(1), UserId(2)).await.ok(),
        Some(balance)
    );
    bank.shutdown().await.expect("shutdown");
    assert_eq!(stored_version(&url).await, SCHEMA_VERSION);
    tokio::task::spawn_blocking(move || audits(&location))
        .await
        .expect("no panic");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_opening_an_older_bank_at_once_both_open_it_migrated_and_audited() {
    let url = postgres::database();
    let (location, _) = older_bank(&url).await;
    let config = EconomyConfig::default;
    let (first, second) = tokio::join!(
        Bank::open_at(&location, config()),
        Bank::open_at(&location, config())
    );
    for bank in [first, second] {
        bank.expect("the bank opens")
            .shutdown()
            .await
            .expect("shutdown");
    }
    assert_eq!(stored_version(&url).await, SCHEMA_VERSION);
    tokio::task::spawn_blocking(move || audits(&location))
        .await
        .expect("no panic");
}
