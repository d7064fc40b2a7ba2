//! Sit & go look-ups must not grow with history. Measured on one bank, first holding no
//! finished sit & go, then `HISTORY` of them (default 100,000):
//! - `/join`'s bank look-up: the live sit & go of the caller's channel
//!   (`Bank::live_tournament_in`, one key of the index of live sit & gos and its record);
//! - `/tournament open` (`Bank::open_tournament`: the open's check of its channel is one key,
//!   inside the committer), each in a channel of its own, then cancelled;
//! - the reference, measured in the same run on the same bank: the look-up `/join` made before
//!   the index (`Bank::tournaments`, every record read and checked, then the channel's found).
//!
//! The history is made by the bank's own operations, many at once as a busy bot makes them:
//! each sit & go opened, two players registered (a freeroll, so it starts full), and
//! cancelled after its start, so every record holds a started tournament as a finished one
//! does.
//!
//! `HISTORY=100000 SAMPLES=2000 cargo bench --bench sit_and_gos`

use std::time::{Duration, Instant};

use studbot::bank::{Bank, EconomyConfig, GuildId, TableId, TournamentId, UserId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

mod common;

const GUILD: GuildId = GuildId(1);
/// The channel whose live sit & go `/join` looks up.
const LIVE: TableId = TableId(1);
/// Channels of the history; each open of the measurement takes one above these.
const HISTORY_CHANNELS: u64 = 1_000_000;
const MEASURED_CHANNELS: u64 = 2_000_000;
/// Sit & gos made at once while the history is written.
const AT_ONCE: u64 = 64;

fn freeroll() -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud8,
        Structure::built_in(StructureKind::Regular),
        0,
    )
}

/// The median and the 99th percentile of `samples`, in microseconds.
fn spread(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    let at = |fraction: f64| {
        let index = ((samples.len() as f64 - 1.0) * fraction).round() as usize;
        samples[index].as_secs_f64() * 1e6
    };
    (at(0.5), at(0.99))
}

struct Costs {
    lookup: (f64, f64),
    open: (f64, f64),
    /// The look-up before the index: (median, p99) µs.
    scan: (f64, f64),
}

async fn measure(bank: &Bank, samples: usize, scans: usize, round: u64) -> Costs {
    let mut lookups = Vec::with_capacity(samples);
    for _ in 0..samples {
        let started = Instant::now();
        let live = bank.live_tournament_in(LIVE).await.expect("a look-up");
        lookups.push(started.elapsed());
        assert!(live.is_some(), "the live sit & go is found");
    }
    let mut opens = Vec::with_capacity(samples);
    for sample in 0..samples as u64 {
        let channel = TableId(MEASURED_CHANNELS + round * 1_000_000 + sample);
        let reference = format!("measure {round} {sample}");
        let started = Instant::now();
        let id = bank
            .open_tournament(GUILD, channel, 2, freeroll(), &reference)
            .await
            .expect("an open");
        opens.push(started.elapsed());
        bank.cancel_tournament(GUILD, id, &format!("{reference} cancel"))
            .await
            .expect("a cancel");
    }
    let mut old = Vec::with_capacity(scans);
    for _ in 0..scans {
        let started = Instant::now();
        let all = bank.tournaments().await.expect("every record");
        let live = all
            .into_iter()
            .find(|state| state.is_live() && state.channel == LIVE);
        old.push(started.elapsed());
        assert!(live.is_some());
    }
    Costs {
        lookup: spread(lookups),
        open: spread(opens),
        scan: spread(old),
    }
}

/// One finished sit & go of the history: opened, full (it starts), cancelled.
async fn one_of_history(bank: Bank, n: u64) {
    let reference = format!("history {n}");
    let id: TournamentId = bank
        .open_tournament(
            GUILD,
            TableId(HISTORY_CHANNELS + n),
            2,
            freeroll(),
            &reference,
        )
        .await
        .expect("opens");
    for seat in 0..2 {
        let user = UserId(10_000_000 + n * 2 + seat);
        bank.register_tournament(GUILD, id, user, &format!("{reference} {seat}"))
            .await
            .expect("registers");
    }
    bank.cancel_tournament(GUILD, id, &format!("{reference} cancel"))
        .await
        .expect("cancels");
}

async fn write_history(bank: &Bank, count: u64) -> Duration {
    let started = Instant::now();
    let mut next = 0;
    let mut tasks = tokio::task::JoinSet::new();
    while next < count.min(AT_ONCE) {
        tasks.spawn(one_of_history(bank.clone(), next));
        next += 1;
    }
    while let Some(done) = tasks.join_next().await {
        done.expect("a history task");
        if next < count {
            tasks.spawn(one_of_history(bank.clone(), next));
            next += 1;
        }
    }
    started.elapsed()
}

fn print(label: &str, costs: &Costs) {
    println!(
        "{label:<28} /join look-up {:>9.1} µs (p99 {:>9.1})   /tournament open {:>9.1} µs (p99 {:>9.1})   look-up before the index {:>11.1} µs",
        costs.lookup.0, costs.lookup.1, costs.open.0, costs.open.1, costs.scan.0
    );
}

fn main() {
    let history = common::env_or("HISTORY", 100_000);
    let samples = usize::try_from(common::env_or("SAMPLES", 2_000)).unwrap_or(2_000);
    let scans = usize::try_from(common::env_or("SCANS", 5)).unwrap_or(5);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let scratch = tempfile::tempdir().expect("a scratch dir");
    runtime.block_on(async {
        let economy = EconomyConfig {
            // Reading 100,000 records the old way takes longer than a store call may.
            store_timeout_ms: 10 * 60 * 1000,
            ..EconomyConfig::default()
        };
        let bank = Bank::open(scratch.path(), economy)
            .await
            .expect("open the bank");
        bank.open_tournament(GUILD, LIVE, 8, freeroll(), "the live one")
            .await
            .expect("the live sit & go");
        let empty = measure(&bank, samples, scans, 0).await;
        let took = write_history(&bank, history).await;
        println!(
            "history: {history} finished sit & gos written in {:.1} s ({:.0} a second)",
            took.as_secs_f64(),
            history as f64 / took.as_secs_f64()
        );
        let full = measure(&bank, samples, scans, 1).await;
        print("0 finished sit & gos:", &empty);
        print(&format!("{history} finished sit & gos:"), &full);
        println!(
            "with history / without: /join look-up {:.2}x, /tournament open {:.2}x; the look-up before the index {:.0}x (and {:.0}x this look-up)",
            full.lookup.0 / empty.lookup.0,
            full.open.0 / empty.open.0,
            full.scan.0 / empty.scan.0,
            full.scan.0 / full.lookup.0
        );
        let report = bank.audit().await.expect("audit");
        assert!(report.ok, "the books broke: {:?}", report.breaks);
        bank.shutdown().await.expect("shutdown");
    });
}
