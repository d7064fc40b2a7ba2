//! Durable settlements per second: one table settling alone, and 100 tables settling at once
//! (group commit shares one flush among them), beside sled's raw rate for one transaction plus
//! one flush, measured in the same run on the same disk; then the same on PostgreSQL (a
//! throwaway server this bench starts, every commit synced to disk), by one process and by
//! two processes sharing the database (each its own guild and half the tables), with the
//! bytes the database grew by per settlement.
//!
//! `cargo bench --bench bank [-- --seconds N] [--no-postgres]`

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use sled::transaction::{ConflictableTransactionError, Transactional};
use studbot::bank::{Bank, EconomyConfig, GuildId, SeatOutcome, StoreLocation, TableId, UserId};

#[path = "../tests/support/postgres.rs"]
mod postgres;

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
async fn settle_until(bank: Bank, guild: GuildId, table: TableId, deadline: Instant) -> u64 {
    let players = [UserId(table.0 * 10 + 1), UserId(table.0 * 10 + 2)];
    for (index, user) in players.iter().enumerate() {
        let reference = format!("in-{}-{index}", table.0);
        bank.buy_in(guild, table, *user, 500, &reference)
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
        bank.settle_hand(guild, table, hand, &outcomes)
            .await
            .expect("settle");
        stacks = ends;
    }
    hand
}

/// The bank at `location`, holding `guild`'s lease.
async fn open_leased(location: &StoreLocation, guild: GuildId) -> Bank {
    let bank = Bank::open_at(location, EconomyConfig::default())
        .await
        .expect("open the bank");
    bank.take_leases(&[guild]).await.expect("the guild's lease");
    bank
}

/// Settlements per second of `tables` tables of `guild` (numbered from `first_table`) settling
/// at once through `bank` for `run_for`, and the settlements; then shuts the bank down.
async fn settle_for(
    bank: Bank,
    guild: GuildId,
    first_table: u64,
    tables: u64,
    run_for: Duration,
) -> (f64, u64) {
    let started = Instant::now();
    let deadline = started + run_for;
    let mut tasks = tokio::task::JoinSet::new();
    for table in first_table..first_table + tables {
        tasks.spawn(settle_until(bank.clone(), guild, TableId(table), deadline));
    }
    let mut settled = 0;
    while let Some(count) = tasks.join_next().await {
        settled += count.expect("a table task");
    }
    let rate = settled as f64 / started.elapsed().as_secs_f64();
    bank.shutdown().await.expect("shutdown");
    (rate, settled)
}

/// [`settle_for`] on a bank opened at `location` (the opening not timed).
async fn bank_rate(
    location: &StoreLocation,
    guild: GuildId,
    first_table: u64,
    tables: u64,
    run_for: Duration,
) -> (f64, u64) {
    let bank = open_leased(location, guild).await;
    settle_for(bank, guild, first_table, tables, run_for).await
}

/// Bytes the files under `dir` hold.
fn dir_size(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| match entry.metadata() {
            Ok(meta) if meta.is_dir() => dir_size(&entry.path()),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        })
        .sum()
}

/// The books still balance (blocks: off the runtime).
fn assert_audits(location: &StoreLocation) {
    let report = studbot::bank::audit_location(location).expect("audit");
    assert!(report.ok, "the books broke: {:?}", report.breaks);
}

/// `bank --worker URL GUILD FIRST_TABLE TABLES SECONDS`: one process of the two-process run.
/// Opens the bank, says `ready`, settles from the moment it reads a line (so that both
/// processes settle over the same seconds, their start-up not counted), then prints its
/// settlements.
fn worker(runtime: &tokio::runtime::Runtime, args: &[String]) {
    let number = |index: usize| args[index].parse::<u64>().expect("a number");
    let location = StoreLocation::Postgres(args[0].clone());
    let guild = GuildId(number(1));
    let bank = runtime.block_on(open_leased(&location, guild));
    println!("ready");
    let mut go = String::new();
    std::io::stdin().read_line(&mut go).expect("the go line");
    let (_, settled) = runtime.block_on(settle_for(
        bank,
        guild,
        number(2),
        number(3),
        Duration::from_secs_f64(args[4].parse().expect("seconds")),
    ));
    println!("{settled}");
}

/// Two worker processes of this bench on `url`, each its own guild and half the tables,
/// settling over the same `run_for`; their settlements per second together, and the
/// settlements.
fn two_processes(url: &str, tables: u64, run_for: Duration) -> (f64, u64) {
    use std::io::{BufRead, BufReader, Write};
    let exe = std::env::current_exe().expect("this bench's path");
    let half = tables / 2;
    let mut children: Vec<_> = [(1u64, 1u64), (2, 1 + half)]
        .into_iter()
        .map(|(guild, first)| {
            let mut child = Command::new(&exe)
                .args(["--worker", url])
                .args([guild, first, half].map(|number| number.to_string()))
                .arg(run_for.as_secs_f64().to_string())
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("a worker starts");
            let mut lines = BufReader::new(child.stdout.take().expect("its stdout")).lines();
            let ready = lines.next().expect("a line").expect("read");
            assert_eq!(ready, "ready", "the worker opened its bank");
            (child, lines)
        })
        .collect();
    for (child, _) in &mut children {
        writeln!(child.stdin.as_mut().expect("its stdin"), "go").expect("go");
    }
    let settled: u64 = children
        .into_iter()
        .map(|(mut child, mut lines)| {
            let count = lines
                .next()
                .expect("its settlements")
                .expect("read")
                .parse::<u64>()
                .expect("a number");
            assert!(
                child.wait().expect("a worker ends").success(),
                "a worker failed"
            );
            count
        })
        .sum();
    (settled as f64 / run_for.as_secs_f64(), settled)
}

/// Database `name`'s transactions while `phase` ran: how many settlements each committed
/// transaction carried (the committer's batches, beside the short ones that take ledger
/// numbers or prune references), and how many were rolled back (conflicts).
fn batching<T>(
    server: &postgres::Server,
    name: &str,
    phase: impl FnOnce() -> T,
    settled: impl Fn(&T) -> u64,
) -> (T, String) {
    let (commits, rollbacks) = server.transactions(name);
    let result = phase();
    // A connection reports its counts as it ends: give the ended ones a moment.
    std::thread::sleep(Duration::from_millis(1500));
    let (commits_after, rollbacks_after) = server.transactions(name);
    let committed = commits_after.saturating_sub(commits);
    let summary = format!(
        "{committed} transactions committed, {:.1} settlements each; {} rolled back",
        settled(&result) as f64 / committed.max(1) as f64,
        rollbacks_after.saturating_sub(rollbacks)
    );
    (result, summary)
}

fn main() {
    let mut seconds = 3.0;
    let mut postgres_too = true;
    let all: Vec<String> = std::env::args().skip(1).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    if all.first().map(String::as_str) == Some("--worker") {
        worker(&runtime, &all[1..]);
        return;
    }
    let mut args = all.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                seconds = args
                    .next()
                    .and_then(|value| value.parse().ok())
                    .expect("--seconds N");
            }
            "--no-postgres" => postgres_too = false,
            _ => {}
        }
    }
    let run_for = Duration::from_secs_f64(seconds);
    let scratch = tempfile::tempdir().expect("a scratch dir");
    let sled_at = |name: &str| StoreLocation::Sled(scratch.path().join(name));

    let raw = raw_sled_rate(&scratch.path().join("raw"), run_for);
    let (one, _) = runtime.block_on(bank_rate(&sled_at("one"), GUILD, 1, 1, run_for));
    let (hundred, sled_settled) =
        runtime.block_on(bank_rate(&sled_at("hundred"), GUILD, 1, 100, run_for));
    assert_audits(&sled_at("hundred"));
    let sled_bytes = dir_size(&scratch.path().join("hundred"));

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
    let sled_per_settlement = sled_bytes as f64 / sled_settled.max(1) as f64;
    println!(
        "sled, bytes per settlement:           {sled_per_settlement:>10.0}     ({sled_settled} \
         settlements, {sled_bytes} bytes: the data directory)"
    );
    if !postgres_too {
        return;
    }
    let server = postgres::durable_server();
    let database = |name: &str| {
        server.sql(&format!("CREATE DATABASE {name}"));
        (StoreLocation::Postgres(server.url(name)), name.to_string())
    };
    let (pg_one_at, one_name) = database("one");
    let ((pg_one, _), one_batches) = batching(
        &server,
        &one_name,
        || runtime.block_on(bank_rate(&pg_one_at, GUILD, 1, 1, run_for)),
        |(_, settled)| *settled,
    );
    let (pg_hundred_at, name) = database("hundred");
    // The tables made first, so that only what the settlements wrote is counted.
    runtime.block_on(async {
        let bank = Bank::open_at(&pg_hundred_at, EconomyConfig::default())
            .await
            .expect("open the bank");
        bank.shutdown().await.expect("shutdown");
    });
    let before = server.database_size(&name);
    let ((pg_hundred, settled), hundred_batches) = batching(
        &server,
        &name,
        || runtime.block_on(bank_rate(&pg_hundred_at, GUILD, 1, 100, run_for)),
        |(_, settled)| *settled,
    );
    let grown = server.database_size(&name).saturating_sub(before);
    assert_audits(&pg_hundred_at);
    let (pg_two_at, two_name) = database("two");
    let StoreLocation::Postgres(two_url) = &pg_two_at else {
        unreachable!("a database")
    };
    let ((pg_two, _), two_batches) = batching(
        &server,
        &two_name,
        || two_processes(two_url, 100, run_for),
        |(_, settled)| *settled,
    );
    assert_audits(&pg_two_at);
    println!(
        "postgres, 1 table settling:           {pg_one:>10.0} /s  ({:.2} x sled's 1 table)",
        pg_one / one
    );
    println!("    {one_batches}");
    println!(
        "postgres, 100 tables, 1 process:      {pg_hundred:>10.0} /s  ({:.2} x sled's 100 tables)",
        pg_hundred / hundred
    );
    println!("    {hundred_batches}");
    println!(
        "postgres, 100 tables, 2 processes:    {pg_two:>10.0} /s  ({:.2} x 1 process)",
        pg_two / pg_hundred
    );
    println!("    {two_batches}");
    let pg_per_settlement = grown as f64 / settled.max(1) as f64;
    println!(
        "postgres, bytes per settlement:       {pg_per_settlement:>10.0}     ({:.2} x sled; \
         {settled} settlements, {grown} bytes the database grew by, its log not counted)",
        pg_per_settlement / sled_per_settlement
    );
}
