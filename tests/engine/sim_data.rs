//! `studbot sim --data DIR`: the sim's hands go through the real bank. The books balance
//! afterwards, the poker (the checksum) is the same as without the bank, reruns on the same
//! directory carry the balances over, and a run killed with SIGKILL at random moments leaves
//! books that balance, every acknowledged settlement in the ledger, and the interrupted hand
//! reported by the bank's recovery.

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::sync::Arc;

use studbot::bank::{Bank, EconomyConfig, Reason, TableId};
use studbot::lobby::{BankTableStore, Lobby, LobbyConfig};
use studbot::table::Event;

use crate::child;
use crate::killable::Killable;

const SIM_TABLE: TableId = TableId(1);
const KILLS: u64 = 8;

fn studbot(args: &[&str], data: Option<&Path>) -> std::process::Output {
    let mut command = child::studbot();
    command.args(args);
    if let Some(dir) = data {
        // A new directory each time: a new bank is asked for on purpose.
        command.arg("--create").arg("--data").arg(dir);
    }
    child::run(command, "", &format!("studbot {}", args.join(" ")))
}

/// The JSON summary `sim` prints last.
fn sim(args: &[&str], data: Option<&Path>) -> Value {
    let mut argv = vec!["sim"];
    argv.extend_from_slice(args);
    let output = studbot(&argv, data);
    assert!(
        output.status.success(),
        "sim failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let last = stdout.lines().last().expect("a summary line");
    serde_json::from_str(last).expect("the summary is JSON")
}

/// The audit's report, which must find the books balanced.
fn audit(dir: &Path) -> Value {
    let (code, report) = crate::audit::audit(dir);
    assert!(
        code == Some(0) && report["ok"] == true && report["sum"] == 0,
        "audit failed ({code:?}): {report}"
    );
    report
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|number| number.as_u64().expect("a number"))
        .collect()
}

const FLAGS: [&str; 6] = ["--hands", "50", "--players", "4", "--seed", "3"];

#[test]
fn sim_through_the_bank_balances_the_books_and_plays_the_same_hands() {
    let dir = tempfile::tempdir().unwrap();
    let with_bank = sim(&FLAGS, Some(dir.path()));
    let without = sim(&FLAGS, None);
    assert_eq!(with_bank["checksum"], without["checksum"]);
    assert_eq!(with_bank["final_stacks"], without["final_stacks"]);
    assert!(without.get("bank").is_none());

    let bank = &with_bank["bank"];
    assert_eq!(bank["settlements"], 50);
    assert_eq!(bank["first_hand"], 1);
    let rebuys: u64 = numbers(&with_bank["rebuys"]).iter().sum();
    assert_eq!(bank["buy_ins"].as_u64(), Some(4 + rebuys));

    let report = audit(dir.path());
    assert_eq!(report["escrow_chips"], 0);
    assert_eq!(report["tables_open"], 0);
    assert_eq!(report["tables_closed"], 1);
    // Nothing was granted: every chip is a starting balance, now back in the balances.
    assert_eq!(bank["granted"], 0);
    let balances: u64 = numbers(&bank["final_balances"]).iter().sum();
    assert_eq!(report["player_chips"].as_u64(), Some(balances));
    assert_eq!(balances, 4 * EconomyConfig::default().starting_balance);
}

/// Each settled hand's public history is stored as a table stores it (so `sim --data`'s
/// disk figures are those of real play), and reads back through the lobby as `/history`
/// reads it: the last hand's end stacks are the sim's final stacks.
#[tokio::test]
async fn sim_through_the_bank_stores_every_hand_s_history_as_a_table_does() {
    let dir = tempfile::tempdir().unwrap();
    let summary = sim(&FLAGS, Some(dir.path()));
    assert!(summary["bank"]["history_bytes_per_hand"].as_f64().unwrap() > 0.0);
    let final_stacks = numbers(&summary["final_stacks"]);

    let bank = Bank::open(&dir.path().join("bank"), EconomyConfig::default())
        .await
        .expect("the bank opens");
    let store = Arc::new(BankTableStore::new(bank.clone()));
    let (lobby, _) = Lobby::start(bank.clone(), store, LobbyConfig::default())
        .await
        .expect("the lobby starts");
    for hand in 1..=50 {
        let history = lobby
            .hand_history(SIM_TABLE, Some(hand))
            .await
            .expect("readable")
            .unwrap_or_else(|| panic!("hand {hand} has no history"));
        assert_eq!(history.hand, hand);
        assert_eq!(history.players.len(), 4);
        assert!(
            !history
                .events
                .iter()
                .any(|event| matches!(event, Event::DownCard { .. }))
        );
        if hand == 50 {
            let Some(Event::HandEnded { stacks }) = history.events.last() else {
                panic!("hand 50 does not end with its stacks");
            };
            for (seat, user) in history.players.iter().enumerate() {
                let player = usize::try_from(user.0 - 1).unwrap();
                assert_eq!(stacks[seat], final_stacks[player], "player {}", user.0);
            }
        }
    }
    assert_eq!(
        lobby
            .hand_history(SIM_TABLE, None)
            .await
            .unwrap()
            .map(|h| h.hand),
        Some(50)
    );
    drop(lobby);
    bank.shutdown().await.expect("shutdown");
}

#[test]
fn a_second_run_on_the_same_directory_carries_the_balances_over() {
    let dir = tempfile::tempdir().unwrap();
    let first = sim(&FLAGS, Some(dir.path()));
    let second = sim(&FLAGS, Some(dir.path()));
    assert_eq!(first["checksum"], second["checksum"]);
    assert_ne!(first["bank"]["run"], second["bank"]["run"]);
    assert_eq!(second["bank"]["first_hand"], 51);

    // Each balance is the first run's, plus what the second run left its player, less what
    // it paid in, plus what the mint granted when it was short of a buy-in (whether anyone
    // was short depends on the cards: the summary counts the grants, not whose they were).
    let stack = 200i128;
    let wide = |values: Vec<u64>| values.into_iter().map(i128::from).collect::<Vec<_>>();
    let before = wide(numbers(&first["bank"]["final_balances"]));
    let after = wide(numbers(&second["bank"]["final_balances"]));
    let final_stacks = wide(numbers(&second["final_stacks"]));
    let rebuys = wide(numbers(&second["rebuys"]));
    let granted = i128::from(second["bank"]["granted"].as_u64().expect("granted"));
    let mut grants = 0;
    for player in 0..4 {
        let paid_in = stack * (1 + rebuys[player]);
        let without_grants = before[player] + final_stacks[player] - paid_in;
        assert!(
            after[player] >= without_grants,
            "player {}: {} after, {without_grants} without grants",
            player + 1,
            after[player]
        );
        grants += after[player] - without_grants;
    }
    assert_eq!(
        grants, granted,
        "the grants are all the balances gained beyond play"
    );
    audit(dir.path());
}

#[test]
fn the_mint_grants_what_a_balance_lacks_for_the_buy_in() {
    let dir = tempfile::tempdir().unwrap();
    let summary = sim(
        &[
            "--hands",
            "20",
            "--players",
            "3",
            "--seed",
            "9",
            "--stack",
            "1500",
            "--guild",
            "42",
        ],
        Some(dir.path()),
    );
    let bank = &summary["bank"];
    assert_eq!(bank["guild"], 42);
    let granted = bank["granted"].as_u64().expect("granted");
    assert!(granted >= 3 * 500, "granted only {granted}");
    let report = audit(dir.path());
    let balances: u64 = numbers(&bank["final_balances"]).iter().sum();
    assert_eq!(balances, 3 * 1_000 + granted);
    assert_eq!(report["mint_balance"].as_i64(), Some(-(balances as i64)));
}

/// Starts a long `sim --data --progress` and kills it after `kill_after` settled hands;
/// returns the progress lines it printed.
fn run_and_kill(dir: &Path, seed: u64, kill_after: usize) -> Vec<Value> {
    let mut command = child::studbot();
    command
        .args(["sim", "--hands", "1000000", "--players", "5", "--progress"])
        .args(["--seed", &seed.to_string(), "--create", "--data"])
        .arg(dir);
    let mut running = Killable::start(command);
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut printed = Vec::new();
    while printed.len() < kill_after {
        let what = format!("settled hand {} of {kill_after}", printed.len() + 1);
        printed.push(running.next_line(deadline, &what));
    }
    printed.extend(running.kill());
    printed
        .iter()
        .map(|line| serde_json::from_str(line).expect("a JSON progress line"))
        .collect()
}

/// Opens the bank (which recovers), checks its audit; returns the recovered hands of the
/// sim's table and the hands with a settlement in the ledger.
async fn recover_and_read(dir: &Path) -> (Vec<u64>, HashSet<u64>) {
    let bank = Bank::open(&dir.join("bank"), EconomyConfig::default())
        .await
        .expect("the bank opens");
    let report = bank.audit().await.expect("audit");
    assert!(report.ok, "breaks after recovery: {:?}", report.breaks);
    assert!(report.hands_in_progress.is_empty());
    let recovered = bank
        .recover()
        .await
        .expect("recover")
        .into_iter()
        .filter(|recovery| recovery.table == SIM_TABLE)
        .map(|recovery| recovery.hand)
        .collect();
    let settled = bank
        .ledger(1, usize::MAX)
        .await
        .expect("the ledger")
        .into_iter()
        .filter_map(|entry| match entry.reason {
            Reason::Settle { hand } => Some(hand),
            _ => None,
        })
        .collect();
    bank.shutdown().await.expect("shutdown");
    (recovered, settled)
}

#[tokio::test]
async fn a_killed_sim_leaves_balanced_books_and_its_interrupted_hand_is_recovered() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x51d);
    let mut interrupted = 0;
    for round in 0..KILLS {
        let progress = run_and_kill(dir.path(), round, rng.random_range(1..=25));
        let last_acknowledged = progress
            .last()
            .and_then(|line| line["settled"].as_u64())
            .expect("a settled hand");

        // As the kill left it: balanced, at most the next hand in progress.
        let report = audit(dir.path());
        let in_progress: Vec<u64> = report["hands_in_progress"]
            .as_array()
            .expect("hands in progress")
            .iter()
            .map(|hand| hand["hand"].as_u64().expect("a hand number"))
            .collect();
        assert!(
            in_progress.iter().all(|&hand| hand > last_acknowledged),
            "round {round}: {in_progress:?} in progress after hand {last_acknowledged} settled"
        );

        let (recovered, settled) = recover_and_read(dir.path()).await;
        assert_eq!(recovered, in_progress, "round {round}");
        interrupted += recovered.len();
        for line in &progress {
            let hand = line["settled"].as_u64().expect("a hand number");
            if line["moved"] == true {
                assert!(
                    settled.contains(&hand),
                    "round {round}: hand {hand} was acknowledged but is not in the ledger"
                );
            }
        }
    }
    eprintln!("{interrupted} of {KILLS} kills interrupted a hand");

    // A full run afterwards returns the leftovers and closes the table empty.
    let summary = sim(&FLAGS, Some(dir.path()));
    assert!(summary["bank"]["leftover_returned"].as_u64() > Some(0));
    let report = audit(dir.path());
    assert_eq!(report["escrow_chips"], 0);
    assert_eq!(report["tables_open"], 0);
}

#[test]
fn a_bank_refusal_is_a_clear_error_with_exit_status_2_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    sim(&["--hands", "2"], Some(dir.path()));
    let before = audit(dir.path());
    // The sim's table now belongs to guild 0: another guild cannot play at it.
    let output = studbot(&["sim", "--hands", "2", "--guild", "5"], Some(dir.path()));
    assert_eq!(output.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("belongs to another guild"), "{errors}");
    assert_eq!(
        audit(dir.path())["ledger_entries"],
        before["ledger_entries"]
    );
}
