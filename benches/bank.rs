//! Durable settlements per second: one table settling alone, and 100 tables settling at once
//! (group commit shares one flush among them), beside sled's raw rate for one transaction plus
//! one flush, measured in the same run on the same disk.
//!
//! `cargo bench --bench bank [-- --seconds N]`

use std::path::Path;
use std::time::{Duration, Instant};

use sled::transaction::{ConflictableTransactionError, Transactional};
use studbot::bank::{Bank, EconomyConfig, GuildId, SeatOutcome, TableId, UserId};

const GUILD: GuildId = GuildId(1);

/// sled alone, configured as the bank's store: a two-tree transaction (two balances and a
/// ledger entry), then a flush.
fn raw_sled_rate(dir: &Path, run_for: Duration) -> f64 {
    let db = sled::Config::new()
        .path(dir)
        .cache_capacity(EconomyConfig::default().cache_capacity_bytes)
        .flush_every_ms(Some(studbot::bank::store::CLEANER_EVERY_MS))
        .open()
        .expect("open sled");
    let balances = db.open_tree("balances").expect("tree");
    let ledger = db.open_tree("ledger").expect("tree");
    let started = Instant::now();
    let mut done = 0u64;
    while started.elapsed() < run_for {
        done += 1;
        (&balances, &ledger)
            .transaction(|(balances, ledger)| {
                balances.insert(b"seat-a".as_slice(), &done.to_be_bytes())?;
                balances.insert(b"seat-b".as_slice(), &(!done).to_be_bytes())?;
                ledger.insert(
                    &done.to_be_bytes(),
                    b"an entry of about this size".as_slice(),
                )?;
                Ok::<(), ConflictableTransactionError<()>>(())
            })
            .expect("transaction");
        db.flush().expect("flush");
    }
    done as f64 / started.elapsed().as_secs_f64()
}

/// One table settling hand after hand as fast as the bank acknowledges; returns settlements.
async fn settle_until(bank: Bank, table: TableId, deadline: Instant) -> u64 {
    let players = [UserId(table.0 * 10 + 1), UserId(table.0 * 10 + 2)];
    for (index, user) in players.iter().enumerate() {
        let reference = format!("in-{}-{index}", table.0);
        bank.buy_in(GUILD, table, *user, 500, &reference)
            .await
            .expect("buy in");
    }
    let mut stacks = [500u64, 500u64];
    let mut hand = 0;
    while Instant::now() < deadline {
        hand += 1;
        let (winner, loser) = if hand % 2 == 0 { (0, 1) } else { (1, 0) };
        let mut ends = stacks;
        ends[winner] += 10;
        ends[loser] -= 10;
        let outcomes: Vec<SeatOutcome> = (0..2)
            .map(|seat| SeatOutcome {
                user: players[seat],
                start: stacks[seat],
                end: ends[seat],
                won_high: seat == winner,
                won_low: false,
                scooped: seat == winner,
            })
            .collect();
        bank.settle_hand(GUILD, table, hand, &outcomes)
            .await
            .expect("settle");
        stacks = ends;
    }
    hand
}

async fn bank_rate(dir: &Path, tables: u64, run_for: Duration) -> f64 {
    let bank = Bank::open(dir, EconomyConfig::default())
        .await
        .expect("open the bank");
    let started = Instant::now();
    let deadline = started + run_for;
    let mut tasks = tokio::task::JoinSet::new();
    for table in 1..=tables {
        tasks.spawn(settle_until(bank.clone(), TableId(table), deadline));
    }
    let mut settled = 0;
    while let Some(count) = tasks.join_next().await {
        settled += count.expect("a table task");
    }
    let rate = settled as f64 / started.elapsed().as_secs_f64();
    let report = bank.audit().await.expect("audit");
    assert!(report.ok, "the books broke: {:?}", report.breaks);
    bank.shutdown().await.expect("shutdown");
    rate
}

fn main() {
    let mut seconds = 3.0;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--seconds" {
            seconds = args
                .next()
                .and_then(|value| value.parse().ok())
                .expect("--seconds N");
        }
    }
    let run_for = Duration::from_secs_f64(seconds);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let scratch = tempfile::tempdir().expect("a scratch dir");

    let raw = raw_sled_rate(&scratch.path().join("raw"), run_for);
    let one = runtime.block_on(bank_rate(&scratch.path().join("one"), 1, run_for));
    let hundred = runtime.block_on(bank_rate(&scratch.path().join("hundred"), 100, run_for));

    println!("sled raw (1 transaction + 1 flush):   {raw:>10.0} /s");
    println!(
        "bank, 1 table settling:               {one:>10.0} /s  ({:.2} x raw)",
        one / raw
    );
    println!(
        "bank, 100 tables settling at once:    {hundred:>10.0} /s  ({:.2} x raw, {:.2} x 1 table)",
        hundred / raw,
        hundred / one
    );
}
