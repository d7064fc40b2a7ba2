//! `studbot sim --tournament --players N --table-size T --data DIR`: multi-table events
//! through the real bank. The same seed plays the same event as without the bank (its places
//! and prizes equal), re-entries included, and the audit passes; a 60-player event killed
//! with SIGKILL at random moments resumes on the next run, the audit passing after each
//! kill, and every event pays exactly its prize pool, once.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use studbot::bank::{Account, Bank, EconomyConfig, EventPhase, Reason, TournamentId};

use crate::child;
use crate::killable::Killable;
use crate::sim_bank_common::{audit_passes, sim_lines};

const KILLS: usize = 4;

fn flags(players: u64, extra: &[&str]) -> Vec<String> {
    let players = players.to_string();
    let mut flags = vec![
        "sim",
        "--tournament",
        "--players",
        &players,
        "--table-size",
        "6",
        "--structure",
        "turbo",
        "--buy-in",
        "10",
        "--seed",
        "17",
        "--json",
    ];
    flags.extend_from_slice(extra);
    flags.iter().map(|flag| flag.to_string()).collect()
}

/// The JSON lines `sim` printed.
fn sim(flags: &[String], data: Option<&Path>) -> Vec<Value> {
    sim_lines(flags, data, "studbot sim --tournament --table-size")
}

#[test]
fn a_multi_table_event_through_the_bank_is_the_one_played_without_it_and_the_audit_passes() {
    for extra in [
        &[][..],
        &["--late-reg-levels", "2", "--re-entries", "2"][..],
    ] {
        let flags = flags(30, extra);
        let without = sim(&flags, None);
        let dir = tempfile::tempdir().unwrap();
        let with = sim(&flags, Some(dir.path()));
        assert_eq!(with.len(), 1);
        for key in [
            "places",
            "prize_pool",
            "entries",
            "hands",
            "rounds",
            "tables",
        ] {
            assert_eq!(with[0][key], without[0][key], "{key} with {extra:?}");
        }
        assert_eq!(with[0]["event"], 1);
        let report = audit_passes(dir.path());
        assert_eq!(report["tournament_chips"], 0);
        assert_eq!(report["events_live"], serde_json::json!([]));
    }
}

/// Starts a `sim --data --progress` of a 60-player event and kills it after `kill_after`
/// lines (hands recorded durably).
fn run_and_kill(dir: &Path, kill_after: usize) {
    let mut command = child::studbot();
    command
        .args(flags(60, &["--progress"]))
        .arg("--data")
        .arg(dir);
    let mut running = Killable::start(command);
    let deadline = Instant::now() + Duration::from_secs(60);
    for line in 0..kill_after {
        running.next_line(deadline, &format!("line {} of {kill_after}", line + 1));
    }
    running.kill();
}

/// Every event's prize pool and what the ledger paid out of its escrow, by number.
async fn pools_and_payouts(dir: &Path) -> BTreeMap<TournamentId, (u64, u64)> {
    let bank = Bank::open(&dir.join("bank"), EconomyConfig::default())
        .await
        .unwrap();
    let mut found: BTreeMap<TournamentId, (u64, u64)> = BTreeMap::new();
    for entry in bank.ledger(1, usize::MAX).await.unwrap() {
        if let Account::Tournament { tournament } = entry.from {
            assert_eq!(entry.reason, Reason::TournamentPayout);
            found.entry(tournament).or_default().1 += entry.amount;
        }
    }
    for (id, (pool, _)) in found.iter_mut() {
        let record = bank.event(*id).await.unwrap().expect("an event");
        let EventPhase::Finished(event) = &record.phase else {
            panic!("event {} not finished: {:?}", id.0, record.phase);
        };
        assert!(event.payouts().is_some(), "every entry placed");
        *pool = event.prize_pool();
    }
    bank.shutdown().await.unwrap();
    found
}

#[tokio::test]
async fn a_sixty_player_event_killed_at_random_moments_resumes_and_pays_its_pool_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x4141);
    for _ in 0..KILLS {
        run_and_kill(dir.path(), rng.random_range(1..=200));
        let report = audit_passes(dir.path());
        let live = report["events_live"].as_array().expect("a list").len();
        assert!(live <= 1, "{report}");
    }
    // A run to the end resumes the event left live, then plays one more.
    let finished = sim(&flags(60, &[]), Some(dir.path()));
    assert!(!finished.is_empty());
    let report = audit_passes(dir.path());
    assert_eq!(report["tournament_chips"], 0);
    assert_eq!(report["events_live"], serde_json::json!([]));
    let paid = pools_and_payouts(dir.path()).await;
    assert!(!paid.is_empty());
    for (id, (pool, paid)) in paid {
        assert_eq!(paid, pool, "event {} paid its pool exactly once", id.0);
    }
}
