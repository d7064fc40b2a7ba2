//! Several studbot processes on one PostgreSQL bank, and what may happen to them: each killed
//! with SIGKILL at random moments, the database server restarted under them, two processes
//! writing the same guild's accounts at once, two processes claiming one guild's tables.
//! After each, `studbot audit --store` passes, no hand is lost (every settlement a process
//! was told of is in the ledger) and none is paid twice (each hand's movements are one batch).

use std::collections::{BTreeMap, HashSet};
use std::process::Stdio;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use studbot::bank::{Bank, EconomyConfig, GuildId, LedgerEntry, Reason, StoreLocation, TableId};

use crate::audit::audit_store;
use crate::child::{CHILD_LIMIT, output_within, studbot};
use crate::killable::Killable;

/// The sim's table (`studbot sim --data/--store` plays at table 1).
const SIM_TABLE: TableId = TableId(1);
const SIM_GUILD: GuildId = GuildId(7);

/// `studbot sim` through the bank at `url`, printing each settled hand, for a long while.
fn sim(url: &str, seed: u64) -> Killable {
    let mut command = studbot();
    command
        .args(["sim", "--hands", "1000000", "--players", "5", "--progress"])
        .args([
            "--seed",
            &seed.to_string(),
            "--guild",
            &SIM_GUILD.0.to_string(),
        ])
        .args(["--store", url]);
    Killable::start(command)
}

fn settled_hand(line: &str) -> (u64, bool) {
    let value: Value = serde_json::from_str(line).expect("a JSON progress line");
    (
        value["settled"].as_u64().expect("a settled hand"),
        value["moved"] == true,
    )
}

/// `studbot audit --store` passes with the books summing to zero; its report.
fn audit_passes(url: &str, what: &str) -> Value {
    let (code, report) = audit_store(url);
    assert!(
        code == Some(0) && report["ok"] == true && report["sum"] == 0,
        "{what}: audit failed ({code:?}): {report}"
    );
    report
}

/// The sim table's hands settled in the ledger, each checked paid once: all its movements
/// in one run of consecutive entries (one batch), none repeated later.
async fn settled_once(url: &str) -> HashSet<u64> {
    let bank = Bank::open_at(
        &StoreLocation::Postgres(url.into()),
        EconomyConfig::default(),
    )
    .await
    .expect("the bank opens");
    let ledger = bank.ledger(1, usize::MAX).await.expect("the ledger");
    bank.shutdown().await.expect("shutdown");
    let mut runs: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    for LedgerEntry {
        seq, reason, from, ..
    } in ledger
    {
        if let (Reason::Settle { hand }, studbot::bank::Account::Seat { table, .. }) =
            (reason, from)
            && table == SIM_TABLE
        {
            runs.entry(hand).or_default().push(seq);
        }
    }
    for (hand, seqs) in &runs {
        let spread = seqs.last().copied().unwrap_or(0) - seqs[0];
        assert!(
            spread < seqs.len() as u64 + 2,
            "hand {hand} was paid in more than one batch: entries {seqs:?}"
        );
    }
    runs.into_keys().collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sim_on_postgresql_killed_at_random_moments_loses_no_hand_and_pays_none_twice() {
    const KILLS: u64 = 8;
    let url = crate::postgres::database();
    let mut rng = ChaCha8Rng::seed_from_u64(0x9051);
    let mut acknowledged = Vec::new();
    for round in 0..KILLS {
        let mut running = sim(&url, round);
        let kill_after = rng.random_range(1..=20);
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut last = 0;
        for seen in 0..kill_after {
            let line = running.next_line(deadline, &format!("round {round}: hand {seen}"));
            let (hand, moved) = settled_hand(&line);
            last = hand;
            if moved {
                acknowledged.push(hand);
            }
        }
        for line in running.kill() {
            let (hand, moved) = settled_hand(&line);
            last = hand;
            if moved {
                acknowledged.push(hand);
            }
        }
        let report = audit_passes(&url, &format!("round {round}"));
        for hand in report["hands_in_progress"].as_array().expect("hands") {
            let hand = hand["hand"].as_u64().expect("a hand number");
            assert!(
                hand > last,
                "round {round}: hand {hand} in progress after {last}"
            );
        }
        let settled = settled_once(&url).await;
        for hand in &acknowledged {
            assert!(
                settled.contains(hand),
                "round {round}: hand {hand} was acknowledged but is not in the ledger"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_server_restarted_under_a_running_sim_loses_no_hand_and_pays_none_twice() {
    let server = crate::postgres::private_server();
    let url = server.database();
    let mut running = sim(&url, 1);
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut acknowledged = Vec::new();
    let mut take = |running: &mut Killable, count: usize, what: &str| {
        for seen in 0..count {
            let line = running.next_line(deadline, &format!("{what}: hand {seen}"));
            if let (hand, true) = settled_hand(&line) {
                acknowledged.push(hand);
            }
        }
    };
    take(&mut running, 10, "before the restart");
    server.restart();
    // The sim rides through: its store reconnects and its batch is written once.
    take(&mut running, 10, "after the restart");
    for line in running.kill() {
        if let (hand, true) = settled_hand(&line) {
            acknowledged.push(hand);
        }
    }
    audit_passes(&url, "after the restart");
    let settled = settled_once(&url).await;
    for hand in &acknowledged {
        assert!(settled.contains(hand), "hand {hand} is not in the ledger");
    }
}

/// `studbot bank-workload --store URL` with `args`, to its end: its acknowledged references.
fn workload(url: &str, args: &[&str]) -> std::process::Child {
    let mut command = studbot();
    command
        .args(["bank-workload", "--store", url])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command.spawn().expect("the workload starts")
}

fn references(output: &std::process::Output, what: &str) -> Vec<String> {
    assert!(
        output.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).expect("a JSON line");
            value["reference"]
                .as_str()
                .expect("a reference")
                .to_string()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_settling_and_claiming_in_the_same_guilds_keep_every_chip() {
    let url = crate::postgres::database();
    // Each settles its own guild's tables and moves chips (dailies, gifts, grants, takes) of
    // the members seated at the other's: the same accounts, written by both at once.
    let first = workload(
        &url,
        &[
            "--seed",
            "1",
            "--guild",
            "1",
            "--tables",
            "3",
            "--economy-guild",
            "2",
            "--operations",
            "60",
        ],
    );
    let second = workload(
        &url,
        &[
            "--seed",
            "2",
            "--guild",
            "2",
            "--tables",
            "3",
            "--economy-guild",
            "1",
            "--operations",
            "60",
        ],
    );
    let first = output_within(first, CHILD_LIMIT, "the first workload");
    let second = output_within(second, CHILD_LIMIT, "the second workload");
    let mut acknowledged = references(&first, "the first workload");
    acknowledged.extend(references(&second, "the second workload"));
    assert!(acknowledged.len() > 100, "the workloads barely ran");
    let report = audit_passes(&url, "after both workloads");
    assert_eq!(report["tables_open"], 6);
    let bank = Bank::open_at(&StoreLocation::Postgres(url), EconomyConfig::default())
        .await
        .expect("the bank opens");
    let in_ledger: HashSet<String> = bank
        .ledger(1, usize::MAX)
        .await
        .expect("the ledger")
        .into_iter()
        .map(|entry| entry.reference)
        .collect();
    bank.shutdown().await.expect("shutdown");
    for reference in &acknowledged {
        assert!(
            in_ledger.contains(reference),
            "{reference} is not in the ledger"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_processes_claiming_one_guild_only_one_deals_and_the_other_takes_over_when_it_dies()
{
    let url = crate::postgres::database();
    let mut dealer = sim(&url, 1);
    let deadline = Instant::now() + Duration::from_secs(60);
    let first = dealer.next_line(deadline, "the first process's first hand");
    let (first_hand, _) = settled_hand(&first);
    // The guild's lease is the dealer's: a second process claiming it is refused, and deals
    // nothing there.
    let mut second = studbot();
    second
        .args([
            "sim",
            "--hands",
            "5",
            "--players",
            "5",
            "--progress",
            "--seed",
            "2",
        ])
        .args(["--guild", &SIM_GUILD.0.to_string(), "--store", &url]);
    let refused = crate::child::run(second, "", "a second process claiming the guild");
    assert!(!refused.status.success());
    assert!(
        refused.stdout.is_empty(),
        "the second process dealt: {refused:?}"
    );
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("runs guild 7's tables"), "{said}");
    // Its first process killed, the guild is free at once (its holder stopped): the next one
    // takes it over, cancels the hand it left, and deals on from there.
    let mut last = first_hand;
    for line in dealer.kill() {
        last = settled_hand(&line).0;
    }
    let mut taker = sim(&url, 3);
    let line = taker.next_line(deadline, "the second process's first hand");
    assert!(settled_hand(&line).0 > last, "{line} after hand {last}");
    taker.kill();
    audit_passes(&url, "after the takeover");
}
