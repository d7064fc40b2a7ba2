//! A bank moved between sled and PostgreSQL (`studbot migrate`), whole or not at all; a bank
//! in PostgreSQL backed up and restored with `studbot backup --store` and `restore --store`;
//! a database a newer studbot wrote refused before anything is written to it.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;
use studbot::bank::{Bank, EconomyConfig, StoreLocation};

use crate::audit::{audit, audit_store};
use crate::child::{CHILD_LIMIT, output_within, run_args, studbot};

/// What two audits of the same bank agree on.
const TOTALS: [&str; 10] = [
    "ledger_entries",
    "accounts",
    "player_accounts",
    "player_chips",
    "escrow_chips",
    "mint_balance",
    "house_chips",
    "sum",
    "table_settings",
    "hand_histories",
];

fn totals(report: &Value) -> Vec<(&'static str, Value)> {
    TOTALS
        .iter()
        .map(|name| (*name, report[*name].clone()))
        .collect()
}

/// A data directory with a bank `studbot sim` played `hands` hands in.
fn played_data_dir(dir: &Path, hands: u32) {
    let data = dir.to_str().expect("a UTF-8 path");
    let output = run_args(&[
        "sim",
        "--hands",
        &hands.to_string(),
        "--players",
        "5",
        "--seed",
        "3",
        "--guild",
        "7",
        "--data",
        data,
        "--create",
    ]);
    assert!(
        output.status.success(),
        "sim: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The data directory's audit, passing.
fn audited_dir(dir: &Path) -> Value {
    let (code, report) = audit(dir);
    assert!(code == Some(0) && report["ok"] == true, "{report}");
    report
}

fn audited_store(url: &str) -> Value {
    let (code, report) = audit_store(url);
    assert!(code == Some(0) && report["ok"] == true, "{report}");
    report
}

fn migrate(args: &[&str]) -> std::process::Output {
    let mut all = vec!["migrate"];
    all.extend_from_slice(args);
    run_args(&all)
}

/// Rows in the database's studbot.kv (none when studbot never prepared it).
fn kv_rows(url: &str) -> i64 {
    rows_in(url, "studbot.kv")
}

/// Entries in the database's ledger: none in a database that holds no bank (opening one
/// stamps only its version).
fn ledger_rows(url: &str) -> i64 {
    rows_in(url, "studbot.kv_ledger")
}

fn rows_in(url: &str, table: &str) -> i64 {
    let table = table.to_owned();
    let url = url.to_owned();
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
        let prepared: bool = client
            .query_one("SELECT to_regclass($1) IS NOT NULL", &[&table])
            .expect("asks")
            .get(0);
        if !prepared {
            return 0;
        }
        client
            .query_one(&format!("SELECT count(*) FROM {table}"), &[])
            .expect("counts")
            .get(0)
    })
    .join()
    .expect("no panic")
}

fn execute(url: &str, sql: &str) {
    let (url, sql) = (url.to_owned(), sql.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
        client.batch_execute(&sql).expect("runs");
    })
    .join()
    .expect("no panic");
}

#[test]
fn a_bank_moved_into_postgresql_and_back_audits_the_same_total_for_total() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    played_data_dir(&data, 60);
    let original = audited_dir(&data);
    let url = crate::postgres::database();
    let data_arg = data.to_str().unwrap();

    let moved = migrate(&["--from-data", data_arg, "--to", &url]);
    assert!(
        moved.status.success(),
        "{}",
        String::from_utf8_lossy(&moved.stderr)
    );
    let report: Value = serde_json::from_slice(&moved.stdout).expect("JSON");
    assert_eq!(totals(&report["audit"]), totals(&original));
    assert_eq!(totals(&audited_store(&url)), totals(&original));

    // Into a database that holds a bank: refused, nothing written.
    let rows = kv_rows(&url);
    let again = migrate(&["--from-data", data_arg, "--to", &url]);
    assert_eq!(again.status.code(), Some(2));
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("already holds a bank"), "{said}");
    assert_eq!(kv_rows(&url), rows);

    // And back, into a new data directory.
    let back = root.path().join("back");
    let back_arg = back.to_str().unwrap();
    let returned = migrate(&["--from", &url, "--to-data", back_arg]);
    assert!(
        returned.status.success(),
        "{}",
        String::from_utf8_lossy(&returned.stderr)
    );
    assert_eq!(totals(&audited_dir(&back)), totals(&original));
    // Into a directory that holds a bank: refused.
    let again = migrate(&["--from", &url, "--to-data", back_arg]);
    assert_eq!(again.status.code(), Some(2));
    assert_eq!(totals(&audited_dir(&back)), totals(&original));
}

/// `studbot migrate` killed with SIGKILL at several moments of its copy: the database holds
/// no bank (and a new migrate then moves it) or the whole bank, never part of it.
#[test]
fn a_migration_killed_midway_leaves_the_database_without_a_bank_never_half_of_one() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    played_data_dir(&data, 400);
    let original = audited_dir(&data);
    let url = crate::postgres::database();
    let data_arg = data.to_str().unwrap();
    for after_ms in [30, 120, 400, 1_000] {
        let mut child = studbot()
            .args(["migrate", "--from-data", data_arg, "--to", &url])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("migrate starts");
        std::thread::sleep(Duration::from_millis(after_ms));
        let _ = child.kill();
        let finished = child.wait().expect("migrate ends").success();
        match ledger_rows(&url) {
            0 => assert!(!finished, "a migrate that succeeded left no bank"),
            _ => {
                assert_eq!(totals(&audited_store(&url)), totals(&original));
                return;
            }
        }
    }
    let moved = migrate(&["--from-data", data_arg, "--to", &url]);
    assert!(
        moved.status.success(),
        "{}",
        String::from_utf8_lossy(&moved.stderr)
    );
    assert_eq!(totals(&audited_store(&url)), totals(&original));
}

#[test]
fn a_bank_in_postgresql_is_backed_up_and_restored_into_another_database() {
    let url = crate::postgres::database();
    let mut command = studbot();
    command
        .args(["sim", "--hands", "40", "--players", "4", "--seed", "5"])
        .args(["--guild", "7", "--store", &url])
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let played = output_within(command.spawn().unwrap(), CHILD_LIMIT, "sim --store");
    assert!(played.status.success());
    let original = audited_store(&url);
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("bank.studbot-backup");
    let file_arg = file.to_str().unwrap();
    let backed_up = run_args(&["backup", "--store", &url, "--out", file_arg]);
    assert!(
        backed_up.status.success(),
        "{}",
        String::from_utf8_lossy(&backed_up.stderr)
    );
    let restored_url = crate::postgres::database();
    let restored = run_args(&["restore", "--from", file_arg, "--store", &restored_url]);
    assert!(
        restored.status.success(),
        "{}",
        String::from_utf8_lossy(&restored.stderr)
    );
    let report = audited_store(&restored_url);
    for name in [
        "player_chips",
        "escrow_chips",
        "mint_balance",
        "house_chips",
        "sum",
    ] {
        assert_eq!(report[name], original[name], "{name}");
    }
    // Into a database that holds a bank: refused.
    let again = run_args(&["restore", "--from", file_arg, "--store", &restored_url]);
    assert!(!again.status.success());
    assert_eq!(totals(&audited_store(&restored_url)), totals(&report));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_a_newer_studbot_wrote_is_refused_and_left_as_it_was() {
    let url = crate::postgres::database();
    let location = StoreLocation::Postgres(url.clone());
    let bank = Bank::open_at(&location, EconomyConfig::default())
        .await
        .expect("opens");
    bank.daily(studbot::bank::GuildId(7), studbot::bank::UserId(1), "daily")
        .await
        .expect("daily");
    bank.shutdown().await.expect("shutdown");
    let newer = studbot::bank::store::postgres::STORE_SCHEMA_VERSION + 1;
    execute(
        &url,
        &format!("UPDATE studbot.store_version SET version = {newer}"),
    );
    let rows = kv_rows(&url);
    let refused = Bank::open_at(&location, EconomyConfig::default()).await;
    let Err(error) = refused else {
        panic!("a newer database was opened")
    };
    let error = error.to_string();
    assert!(error.contains("newer studbot"), "{error}");
    let (code, _) = audit_store(&url);
    assert_ne!(code, Some(0), "audit refuses it too");
    assert_eq!(kv_rows(&url), rows, "the refused database was written to");
}
