//! Many tables in one process: 10,000 tables of computer players, each its own actor task,
//! all on one bank (sled in a temporary directory, every hand settled durably).
//!
//! Measures
//! - actions per second with every table playing flat out (the service saturated);
//! - latency from a command (`act`) to the notice it causes (the next board, or the result
//!   after the bank has settled the hand), p50 and p99 with `hdrhistogram`, at a paced load
//!   where each table's players take a "thinking" pause before acting, as people do;
//! - memory per table: resident memory (from /proc/self/statm) with every table open and
//!   playing, minus the resident memory before the first table opened, divided by the tables.
//!
//! Targets: p99 under 1 ms, at most 32 KiB per table; resident memory
//! after the flat-out phase at most 300 MiB, and once every table has closed (and the
//! allocator's decay time has passed, see `studbot::memory`) within 1.5x of the
//! open-and-seated figure. Each memory line also gives the allocator's own counts: bytes in
//! live allocations against bytes it holds resident.
//! Run: `cargo bench --bench tables` (env `TABLES`, `PLAYERS`, `SECS`, `THINK_MS`,
//! `HISTORIES_KEPT` override; every settled hand also stores its history unless that is 0).
//! `EXIT_AFTER_FLAT_OUT=1` ends the process right after the flat-out phase, so a heap
//! profiler's "leaked at exit" list is what was live then: `cargo bench --bench tables
//! --no-default-features --no-run`, then `EXIT_AFTER_FLAT_OUT=1 TABLES=1000 heaptrack
//! target/release/deps/tables-*` and `heaptrack_print --print-leaks 1`.
//!
//! What heaptrack found live after the flat-out phase (10,000 tables of 4, glibc, bytes per
//! table, before -> after the memory work (boxed table, 40-byte events, jemalloc); runs under heaptrack are slower, so the bank was
//! less backed up than in a plain run):
//! - the table's task: 6.3 KiB -> 2.1 KiB (a boxed `Table`) + 0.5 KiB, + 1.9 KiB while a
//!   command or timer is being handled (boxed then). The `async fn` kept the table twice (its
//!   argument and its local) and the state of its deepest chain of awaits;
//! - the hand's event log: 8.4 -> 2.8 KiB (events 96 -> 40 bytes, `PotAwarded` boxed; room for
//!   16 + 16 per player instead of 160);
//! - the notice queue: 5.7 -> 2.7 KiB and the command queue 5.1 -> 1.8 KiB (tokio allocates
//!   slots 32 at a time, each as large as the largest message: the settings are boxed);
//! - the finished hand's history and outcomes, kept by the table beside the bank's queued
//!   copy: 3.4 -> 0.2 KiB (built from the hand for each attempt; postcard histories since);
//! - sled: 61 MiB in all (its 16 MiB cache is exceeded by the nodes a transaction copies);
//!   backed up, with batches of 4096 settlements, 253 MiB: batches are now at most 256
//!   (`src/bank/committer.rs`); sled's metrics histograms, 20.5 MiB, are allocated but never
//!   touched, so not resident;
//! - this bench's own players (task, computer players): about 2.5 KiB.
//!
//! Then jemalloc kept some 200 MiB of freed pages for its 10 s decay time; it is 1 s now.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures::StreamExt;
use hdrhistogram::Histogram;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::bank::{Bank, EconomyConfig, GuildId, TableId, UserId};
use studbot::lobby::computer::ComputerPlayers;
use studbot::lobby::{
    DealingOutPace, Lobby, LobbyConfig, MemoryTableStore, NoticeBody, NoticeReceiver, TableHandle,
    TableSettings,
};

use common::{env_or, mib, resident_bytes};

const GUILD: GuildId = GuildId(0);

/// Resident memory and, from the allocator, bytes live and bytes it holds.
fn memory_line(label: &str) -> u64 {
    let resident = resident_bytes();
    match studbot::memory::figures() {
        Some(figures) => println!(
            "  memory {label}: {:.1} MiB resident (allocator: {:.1} MiB live, {:.1} MiB active, \
             {:.1} MiB resident)",
            mib(resident),
            mib(figures.allocated),
            mib(figures.active),
            mib(figures.resident)
        ),
        None => println!("  memory {label}: {:.1} MiB resident", mib(resident)),
    }
    resident
}

struct Shared {
    running: AtomicBool,
    /// When false, players act at once; when true they think first.
    paced: AtomicBool,
    think_ms: u64,
    actions: AtomicU64,
    hands: AtomicU64,
    /// Latencies in microseconds, `[flat out, paced]`. Shared, not per table: a histogram of
    /// this range takes about 150 KiB, which per table would dwarf the table itself.
    latencies: [std::sync::Mutex<Histogram<u64>>; 2],
    settled_latencies: [std::sync::Mutex<Histogram<u64>>; 2],
}

fn histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 60_000_000, 3).unwrap_or_else(|_| unreachable!())
}

async fn seat_table(lobby: &Lobby, table: TableId, players: u64) -> (TableHandle, NoticeReceiver) {
    let settings = TableSettings {
        seats: u8::try_from(players).unwrap_or(8),
        between_hands_secs: 0,
        max_buy_in: 1_000,
        ..TableSettings::default()
    };
    let handle = lobby.open_table(GUILD, table, settings).await.unwrap();
    let notices = handle.subscribe().await.unwrap();
    handle.pause().await.unwrap();
    for seat in 0..players {
        handle
            .join(UserId(table.0 * 10 + seat), 1_000)
            .await
            .unwrap();
    }
    (handle, notices)
}

/// One table's computer players: answers every turn, timing each `act` until its notice.
async fn drive(
    table: TableHandle,
    mut notices: NoticeReceiver,
    players: Vec<UserId>,
    seed: u64,
    shared: Arc<Shared>,
) {
    let mut computers = ComputerPlayers::new(players, seed);
    let mut think = ChaCha8Rng::seed_from_u64(seed);
    // When the last action was sent, and in which phase.
    let mut sent_at: Option<(Instant, usize)> = None;
    while let Some(notice) = notices.recv().await {
        if !shared.running.load(Ordering::Relaxed) {
            break;
        }
        match &notice.body {
            NoticeBody::Board(_) => {
                if let Some((sent, phase)) = sent_at.take() {
                    record(&shared.latencies[phase], sent);
                }
            }
            NoticeBody::HandResult(_) => {
                shared.hands.fetch_add(1, Ordering::Relaxed);
                if let Some((sent, phase)) = sent_at.take() {
                    record(&shared.settled_latencies[phase], sent);
                }
            }
            _ => {}
        }
        let Some(offer) = computers.observe(&notice) else {
            continue;
        };
        let offer = offer.clone();
        let paced = shared.paced.load(Ordering::Relaxed);
        if paced {
            let pause = think.random_range(shared.think_ms / 2..=shared.think_ms * 3 / 2);
            tokio::time::sleep(Duration::from_millis(pause)).await;
        }
        // The cards the player holds, then the action; the clock runs from the action.
        let Ok(cards) = table.show_cards(offer.user).await else {
            continue;
        };
        let _ = cards;
        sent_at = Some((Instant::now(), usize::from(paced)));
        if computers.answer(&table, &offer).await.is_ok() {
            shared.actions.fetch_add(1, Ordering::Relaxed);
        } else {
            sent_at = None;
        }
    }
}

fn record(histogram: &std::sync::Mutex<Histogram<u64>>, sent: Instant) {
    let micros = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
    if let Ok(mut histogram) = histogram.lock() {
        let _ = histogram.record(micros.max(1));
    }
}

fn report(label: &str, histogram: &Histogram<u64>) {
    println!(
        "  {label}: n={} p50={} µs p99={} µs p99.9={} µs max={} µs",
        histogram.len(),
        histogram.value_at_quantile(0.50),
        histogram.value_at_quantile(0.99),
        histogram.value_at_quantile(0.999),
        histogram.max()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; there is nothing to filter.
    let tables = env_or("TABLES", 10_000);
    let players = env_or("PLAYERS", 4);
    let secs = env_or("SECS", 10);
    let think_ms = env_or("THINK_MS", 1_000);
    studbot::memory::return_freed_memory();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let dir = tempfile::tempdir().unwrap();
        let economy = EconomyConfig {
            hand_histories_kept: env_or("HISTORIES_KEPT", 200),
            ..EconomyConfig::default()
        };
        let bank = Bank::open(dir.path(), economy).await.unwrap();
        let (lobby, _) = Lobby::start(
            bank.clone(),
            Arc::new(MemoryTableStore::new()),
            LobbyConfig {
                deck_seed: Some(1),
                pace: DealingOutPace::NO_PAUSE,
                ..LobbyConfig::default()
            },
        )
        .await
        .unwrap();
        let before = memory_line("before the tables");

        let setup = Instant::now();
        let seated: Vec<(TableHandle, NoticeReceiver)> = futures::stream::iter(1..=tables)
            .map(|table| {
                let lobby = lobby.clone();
                async move { seat_table(&lobby, TableId(table), players).await }
            })
            .buffer_unordered(512)
            .collect()
            .await;
        println!(
            "{tables} tables of {players} computer players opened and seated in {:.1} s \
             ({} bank transactions)",
            setup.elapsed().as_secs_f64(),
            tables * (players + 1)
        );

        let shared = Arc::new(Shared {
            running: AtomicBool::new(true),
            paced: AtomicBool::new(false),
            think_ms,
            actions: AtomicU64::new(0),
            hands: AtomicU64::new(0),
            latencies: [
                std::sync::Mutex::new(histogram()),
                std::sync::Mutex::new(histogram()),
            ],
            settled_latencies: [
                std::sync::Mutex::new(histogram()),
                std::sync::Mutex::new(histogram()),
            ],
        });
        let mut handles = Vec::with_capacity(seated.len());
        let mut drivers = Vec::with_capacity(seated.len());
        for (handle, notices) in seated {
            let table = handle.table();
            let players = (0..players)
                .map(|seat| UserId(table.0 * 10 + seat))
                .collect();
            drivers.push(tokio::spawn(drive(
                handle.clone(),
                notices,
                players,
                table.0,
                Arc::clone(&shared),
            )));
            handles.push(handle);
        }
        let seated_rss = memory_line("open and seated");
        for handle in &handles {
            handle.resume().await.unwrap();
        }

        // Phase 1: flat out.
        let start = Instant::now();
        tokio::time::sleep(Duration::from_secs(secs)).await;
        let flat_actions = shared.actions.swap(0, Ordering::Relaxed);
        let flat_hands = shared.hands.swap(0, Ordering::Relaxed);
        let flat_secs = start.elapsed().as_secs_f64();
        let during = memory_line("after the flat-out phase");
        if std::env::var_os("EXIT_AFTER_FLAT_OUT").is_some() {
            // Under a heap profiler (heaptrack), what is "leaked" at exit is what was live
            // after the flat-out phase.
            println!("flat out: {flat_actions} actions, {flat_hands} hands");
            std::process::exit(0);
        }

        // Phase 2: paced, as people play; latencies recorded only from here on.
        shared.paced.store(true, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(think_ms * 2)).await;
        shared.actions.store(0, Ordering::Relaxed);
        shared.hands.store(0, Ordering::Relaxed);
        let paced_start = Instant::now();
        tokio::time::sleep(Duration::from_secs(secs)).await;
        let paced_actions = shared.actions.load(Ordering::Relaxed);
        let paced_hands = shared.hands.load(Ordering::Relaxed);
        let paced_secs = paced_start.elapsed().as_secs_f64();
        shared.running.store(false, Ordering::Relaxed);
        // Wake every driver so it sees `running` is false: close the tables.
        futures::stream::iter(handles.iter().cloned())
            .map(|handle| async move {
                let _ = handle.close().await;
            })
            .buffer_unordered(512)
            .collect::<Vec<()>>()
            .await;
        for driver in drivers {
            let _ = driver.await;
        }
        drop(handles);
        let after_close = memory_line("just after every table closed");
        // The allocator gives freed pages back after its decay time (1 s,
        // `studbot::memory::DIRTY_DECAY_MS`); a few seconds leave room for its background thread.
        tokio::time::sleep(Duration::from_secs(env_or("SETTLE_SECS", 5))).await;
        let settled = memory_line("after the allocator's decay time");

        let per_table = during.saturating_sub(before) / tables.max(1);
        let per_seated_table = seated_rss.saturating_sub(before) / tables.max(1);
        println!("flat out: {flat_actions} actions, {flat_hands} hands in {flat_secs:.1} s");
        println!(
            "  {:.0} actions/s, {:.0} hands/s",
            flat_actions as f64 / flat_secs,
            flat_hands as f64 / flat_secs
        );
        println!(
            "paced ({think_ms} ms ±50% thinking per action): {paced_actions} actions, \
             {paced_hands} hands in {paced_secs:.1} s ({:.0} actions/s)",
            paced_actions as f64 / paced_secs
        );
        for (phase, name) in ["flat out", "paced"].into_iter().enumerate() {
            println!("latency from act to its notice, {name}:");
            report(
                "act -> next board",
                &shared.latencies[phase].lock().unwrap(),
            );
            report(
                "last act -> result (after durable settlement)",
                &shared.settled_latencies[phase].lock().unwrap(),
            );
        }
        println!(
            "memory: {:.1} MiB resident before the tables; {:.1} MiB with {tables} tables open \
             and seated ({:.1} KiB per table); {:.1} MiB after the flat-out phase \
             ({:.1} KiB per table, the bank's cache and ledger growth included)",
            before as f64 / 1_048_576.0,
            seated_rss as f64 / 1_048_576.0,
            per_seated_table as f64 / 1024.0,
            during as f64 / 1_048_576.0,
            per_table as f64 / 1024.0
        );
        println!(
            "  {:.1} MiB just after every table closed, {:.1} MiB after the allocator's decay \
             time ({:.2}x the open-and-seated figure)",
            mib(after_close),
            mib(settled),
            settled as f64 / seated_rss.max(1) as f64
        );
        let audit = bank.audit().await.unwrap();
        println!("ledger audit after closing every table: ok={}", audit.ok);

        // Where the rest goes: the lobby's maps, then the bank and sled's cache, let go of.
        drop(lobby);
        tokio::time::sleep(Duration::from_secs(env_or("SETTLE_SECS", 5))).await;
        let without_lobby = memory_line("after the lobby is dropped");
        bank.shutdown().await.unwrap();
        drop(bank);
        tokio::time::sleep(Duration::from_secs(env_or("SETTLE_SECS", 5))).await;
        let without_bank = memory_line("after the bank shut down (sled closed)");
        println!(
            "breakdown after every table closed: {:.1} MiB held by the lobby, {:.1} MiB by the \
             bank and sled, {:.1} MiB by the rest of the process",
            mib(settled.saturating_sub(without_lobby)),
            mib(without_lobby.saturating_sub(without_bank)),
            mib(without_bank)
        );
    });
}
