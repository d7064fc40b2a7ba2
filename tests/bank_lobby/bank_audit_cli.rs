//! `studbot audit --data DIR`: totals as JSON, exit 0 when the books balance, 1 on a break,
//! 2 when the directory is not a bank; the directory itself is never written. It lists the
//! tables whose escrow holds chips, and `studbot close-table` closes one of them by id.

use std::path::Path;

use studbot::bank::store::{SledStore, Store, Tree, Write};
use studbot::bank::{Account, Bank, EconomyConfig, GuildId, TableId, UserId};
use studbot::lobby::{BankTableStore, TableRecord, TableSettings, TableStore};

use crate::audit::audit;
use crate::bank_common::files_of;
use crate::lobby_common::restart_lobby;

pub(crate) async fn a_bank_with_some_play(dir: &Path) {
    let bank = Bank::open(dir, EconomyConfig::default()).await.unwrap();
    play_some(&bank).await;
    bank.shutdown().await.unwrap();
}

/// Two players at table 2 of guild 1 with 300 chips each, in hand 1.
async fn play_some(bank: &Bank) {
    let (guild, table) = (GuildId(1), TableId(2));
    bank.buy_in(guild, table, UserId(1), 300, "a")
        .await
        .unwrap();
    bank.buy_in(guild, table, UserId(2), 300, "b")
        .await
        .unwrap();
    bank.begin_hand(guild, table, 1).await.unwrap();
}

#[tokio::test]
async fn the_audit_of_sound_books_prints_totals_exits_zero_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    a_bank_with_some_play(dir.path()).await;
    let before = files_of(dir.path());
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["ok"], true);
    assert_eq!(report["sum"], 0);
    assert_eq!(report["player_chips"], 1_400);
    assert_eq!(report["escrow_chips"], 600);
    assert_eq!(report["mint_balance"], -2_000);
    assert_eq!(report["hands_in_progress"][0]["hand"], 1);
    assert_eq!(
        files_of(dir.path()),
        before,
        "the audit changed the data directory"
    );
}

/// [`a_bank_with_some_play`] whose books do not balance: player 1's balance says 800, its
/// ledger entries 700.
async fn a_bank_whose_books_do_not_balance(dir: &Path) {
    a_bank_with_some_play(dir).await;
    let store = SledStore::open(dir, 1 << 20).unwrap();
    let player = Account::Player {
        guild: GuildId(1),
        user: UserId(1),
    };
    store
        .apply(&[Write {
            tree: Tree::Balances,
            key: player.key(),
            value: Some(800i128.to_be_bytes().to_vec()),
        }])
        .unwrap();
    store.flush().unwrap();
}

#[tokio::test]
async fn a_balance_that_disagrees_with_the_ledger_fails_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    a_bank_whose_books_do_not_balance(dir.path()).await;
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(1), "{report}");
    assert_eq!(report["ok"], false);
    assert_eq!(report["sum"], 100);
    let breaks = report["breaks"].to_string();
    assert!(breaks.contains("ledger entries sum to 700"), "{breaks}");
    assert!(breaks.contains("sum to 100, not 0"), "{breaks}");
}

#[test]
fn a_directory_that_is_not_a_bank_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(audit(dir.path()).0, Some(2));
    assert_eq!(audit(&dir.path().join("missing")).0, Some(2));
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

/// `studbot close-table --data DIR TABLE`: its exit code, its JSON answer and its stderr.
fn close_table(dir: &Path, table: u64) -> (Option<i32>, serde_json::Value, String) {
    let output = crate::child::run_args(&[
        "close-table",
        "--data",
        dir.to_str().unwrap(),
        &table.to_string(),
    ]);
    let answer = serde_json::from_slice(&output.stdout).unwrap_or(serde_json::Value::Null);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), answer, stderr)
}

/// [`a_bank_with_some_play`] whose table the bot would reopen: its settings are stored.
async fn a_stopped_bot_mid_hand(dir: &Path) {
    let bank = Bank::open(dir, EconomyConfig::default()).await.unwrap();
    play_some(&bank).await;
    BankTableStore::new(bank.clone())
        .save(&TableRecord {
            guild: GuildId(1),
            table: TableId(2),
            settings: TableSettings::default(),
            chairs: vec![(UserId(1), 0), (UserId(2), 1)],
            mix_from_hand: 1,
            paused: false,
        })
        .await
        .unwrap();
    bank.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_audit_lists_each_table_whose_escrow_holds_chips() {
    let dir = tempfile::tempdir().unwrap();
    a_bank_with_some_play(dir.path()).await;
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(0), "{report}");
    let holding = report["tables_holding_chips"].as_array().unwrap();
    assert_eq!(holding.len(), 1, "{report}");
    assert_eq!(holding[0]["table"], 2);
    assert_eq!(holding[0]["guild"], 1);
    assert_eq!(holding[0]["chips"], 600);
    assert_eq!(holding[0]["open"], true);
    assert_eq!(holding[0]["hand_in_progress"], 1);
}

#[tokio::test]
async fn close_table_by_id_refunds_the_interrupted_hand_pays_every_seat_and_the_bot_never_reopens_it()
 {
    let dir = tempfile::tempdir().unwrap();
    a_stopped_bot_mid_hand(dir.path()).await;

    let (code, answer, stderr) = close_table(dir.path(), 2);
    assert_eq!(code, Some(0), "{answer} {stderr}");
    assert_eq!(answer["hand_cancelled"], 1);
    assert_eq!(
        answer["cashed_out"],
        serde_json::json!([[1, 300], [2, 300]])
    );
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["escrow_chips"], 0);
    assert_eq!(report["tables_holding_chips"], serde_json::json!([]));
    assert_eq!(report["hands_in_progress"], serde_json::json!([]));

    let bank = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    let (lobby, recovered) = restart_lobby(&bank).await;
    assert!(recovered.is_empty());
    assert!(lobby.tables().is_empty(), "the bot reopened a closed table");
    for user in [UserId(1), UserId(2)] {
        assert_eq!(bank.balance(GuildId(1), user).await.unwrap(), 1_000);
    }
    bank.shutdown().await.unwrap();

    // Run again, it finds the table closed and pays nothing twice.
    let (code, answer, stderr) = close_table(dir.path(), 2);
    assert_eq!(code, Some(0), "{answer} {stderr}");
    assert_eq!(answer["already_closed"], true);
    assert_eq!(answer["cashed_out"], serde_json::json!([]));
}

#[tokio::test]
async fn close_table_refuses_an_unknown_table_and_a_data_dir_a_running_bot_holds() {
    let dir = tempfile::tempdir().unwrap();
    a_stopped_bot_mid_hand(dir.path()).await;
    let (code, _, stderr) = close_table(dir.path(), 99);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("no table 99"), "{stderr}");

    let running = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    let (code, _, stderr) = close_table(dir.path(), 2);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("in use"), "{stderr}");
    // Nothing moved.
    assert_eq!(running.table_stacks(TableId(2)).await.unwrap().len(), 2);
    assert_eq!(running.table_settings().await.unwrap().len(), 1);
    running.shutdown().await.unwrap();
}

/// `studbot ARGS` whose standard output is a pipe already closed by its reader (`| true`):
/// its exit code and its stderr.
fn with_stdout_closed(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut command = crate::child::studbot();
    command
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(writer)
        .stderr(std::process::Stdio::piped());
    let child = command.spawn().unwrap();
    // The command holds the pipe's write end: dropped, so the child holds the only one.
    drop(command);
    let output = crate::child::output_within(child, crate::child::CHILD_LIMIT, &args.join(" "));
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

#[tokio::test]
async fn a_reader_gone_keeps_the_audits_verdict_and_lets_a_one_shot_tool_succeed_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    a_bank_whose_books_do_not_balance(dir.path()).await;
    let data = dir.path().to_str().unwrap();
    let (code, stderr) = with_stdout_closed(&["audit", "--data", data]);
    assert_eq!(code, Some(1), "the books still do not balance: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("sum to 100, not 0"), "{stderr}");

    let dir = tempfile::tempdir().unwrap();
    a_stopped_bot_mid_hand(dir.path()).await;
    let data = dir.path().to_str().unwrap();
    let (code, stderr) = with_stdout_closed(&["close-table", "--data", data, "2"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(
        report["escrow_chips"], 0,
        "the table was closed all the same"
    );
}
