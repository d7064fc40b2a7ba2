//! `studbot sim --tournament --players 60 --table-size 6 --store URL`: a multi-table event
//! through a PostgreSQL bank, killed with SIGKILL at random moments: after each kill
//! `studbot audit --store` passes with at most the one event live, and a last run resumes it
//! to its end, its prize pool paid out whole.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::audit::audit_store;
use crate::child::studbot;
use crate::killable::Killable;

const KILLS: usize = 3;

fn sim_command(url: &str, progress: bool) -> std::process::Command {
    let mut command = studbot();
    command.args([
        "sim",
        "--tournament",
        "--players",
        "60",
        "--table-size",
        "6",
        "--structure",
        "turbo",
        "--buy-in",
        "10",
        "--seed",
        "23",
        "--json",
        "--store",
        url,
    ]);
    if progress {
        command.arg("--progress");
    }
    command
}

fn audit_passes(url: &str, what: &str) -> Value {
    let (code, report) = audit_store(url);
    assert!(
        code == Some(0) && report["ok"] == true && report["sum"] == 0,
        "{what}: audit failed ({code:?}): {report}"
    );
    report
}

#[test]
fn a_multi_table_event_on_postgres_killed_at_random_moments_resumes_and_the_audit_passes() {
    let url = crate::postgres::database();
    let mut rng = ChaCha8Rng::seed_from_u64(0x4142);
    for kill in 0..KILLS {
        let mut running = Killable::start(sim_command(&url, true));
        let deadline = Instant::now() + Duration::from_secs(60);
        let kill_after = rng.random_range(1..=200);
        for line in 0..kill_after {
            running.next_line(deadline, &format!("line {} of {kill_after}", line + 1));
        }
        running.kill();
        let report = audit_passes(&url, &format!("after kill {kill}"));
        let live = report["events_live"].as_array().expect("a list").len();
        assert!(live <= 1, "{report}");
    }
    let output = crate::child::run(sim_command(&url, false), "", "studbot sim --store");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = audit_passes(&url, "after the last run");
    assert_eq!(report["tournament_chips"], 0);
    assert_eq!(report["events_live"], serde_json::json!([]));
}
