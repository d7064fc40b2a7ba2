//! `studbot bank-workload --data DIR --seed S` (hidden): drives the real bank with many tables
//! and the guild economy at once, printing one JSON line per acknowledged movement, flushed,
//! until killed (or until `--operations` are done). The crash test kills it with SIGKILL and
//! checks that every printed movement survived.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bank::{
    Bank, BankError, EconomyConfig, GuildId, SeatOutcome, StoreLocation, TableId, UserId,
    settlement_reference, workload_player_reference, workload_reference,
};

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("bank").required(true).args(["data", "store"])))]
pub struct BankWorkloadArgs {
    /// The sled data directory.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The PostgreSQL database, instead of `--data` (several workloads may share it).
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// The guild whose tables this workload runs (it takes the guild's lease first).
    #[arg(long, default_value_t = 1)]
    pub guild: u64,
    /// The guild whose members the economy task moves chips of (default: `--guild`).
    #[arg(long)]
    pub economy_guild: Option<u64>,
    /// The tables whose players the economy task moves chips of (default: `--tables`).
    #[arg(long)]
    pub economy_tables: Option<u64>,
    /// Seeds the random choices; also makes this run's references unique.
    #[arg(long)]
    pub seed: u64,
    /// Tables playing at once (plus one task for gifts, grants, takes and dailies).
    #[arg(long, default_value_t = 8)]
    pub tables: u64,
    /// Stop after this many operations per task (default: run until killed).
    #[arg(long)]
    pub operations: Option<u64>,
}

const PLAYERS_PER_TABLE: u64 = 3;

/// Prints one acknowledged movement; the line is complete and flushed before the next call.
fn acknowledge(kind: &str, reference: &str) {
    let line = serde_json::json!({ "kind": kind, "reference": reference }).to_string();
    let mut out = std::io::stdout().lock();
    // A closed stdout means the reader is gone; the workload has no one left to tell.
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

fn table_players(table_index: u64) -> Vec<UserId> {
    (1..=PLAYERS_PER_TABLE)
        .map(|seat| UserId(table_index * 10 + seat))
        .collect()
}

/// The table a guild's workload plays at, by its index (guild 1's from 1000, each next guild
/// 100,000 further).
fn table_of(guild: GuildId, table_index: u64) -> TableId {
    TableId(1_000 + table_index + guild.0.saturating_sub(1).saturating_mul(100_000))
}

async fn play_table(
    bank: Bank,
    guild: GuildId,
    seed: u64,
    table_index: u64,
    operations: Option<u64>,
) -> Result<(), BankError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (table_index << 32));
    let table = table_of(guild, table_index);
    let players = table_players(table_index);
    let mut done = 0u64;
    while operations.is_none_or(|limit| done < limit) {
        done += 1;
        let reference = workload_reference(seed, &table_index.to_string(), done);
        let stacks = bank.table_stacks(table).await?;
        // Seat whoever has no chips at the table, sometimes let a player leave.
        for (index, &user) in players.iter().enumerate() {
            let seated = stacks
                .iter()
                .any(|&(seated, stack)| seated == user && stack > 0);
            if seated && rng.random_range(0..10) == 0 {
                let reference = workload_player_reference(&reference, "out", index);
                if bank.cash_out(guild, table, user, &reference).await? > 0 {
                    acknowledge("cash_out", &reference);
                }
            } else if !seated {
                let balance = bank.balance(guild, user).await?;
                if balance < 50 {
                    let reference = workload_player_reference(&reference, "grant", index);
                    bank.grant(guild, UserId(0), user, 500, &reference).await?;
                    acknowledge("grant", &reference);
                }
                let balance = bank.balance(guild, user).await?;
                let amount = rng.random_range(1..=balance.min(400));
                let reference = workload_player_reference(&reference, "in", index);
                match bank.buy_in(guild, table, user, amount, &reference).await {
                    Ok(_) => acknowledge("buy_in", &reference),
                    // The economy task took chips between the two calls.
                    Err(BankError::InsufficientFunds { .. }) => {}
                    Err(error) => return Err(error),
                }
            }
        }
        let stacks = bank.table_stacks(table).await?;
        if stacks.len() < 2 {
            continue;
        }
        let hand = bank.next_hand_number(table).await?;
        bank.begin_hand(guild, table, hand).await?;
        let outcomes = random_outcomes(&mut rng, &stacks);
        bank.settle_hand(guild, table, hand, &outcomes).await?;
        // A winner may win back only their own chips: then no chip moved.
        if outcomes.iter().any(|outcome| outcome.end != outcome.start) {
            acknowledge("settle", &settlement_reference(table, hand));
        }
    }
    Ok(())
}

/// A random settlement of `stacks`: each seat loses a random part of its stack, and
/// everything in the middle goes to one or two winners.
fn random_outcomes(rng: &mut ChaCha8Rng, stacks: &[(UserId, u64)]) -> Vec<SeatOutcome> {
    let mut pot = 0u64;
    let mut outcomes: Vec<SeatOutcome> = stacks
        .iter()
        .map(|&(user, start)| {
            let lost = rng.random_range(0..=start);
            pot += lost;
            SeatOutcome {
                user,
                start,
                end: start - lost,
                won_high: false,
                won_low: false,
                scooped: false,
            }
        })
        .collect();
    let high = rng.random_range(0..outcomes.len());
    let low = rng.random_range(0..outcomes.len());
    let low_half = if rng.random_bool(0.5) { pot / 2 } else { 0 };
    outcomes[high].end += pot - low_half;
    outcomes[high].won_high = true;
    outcomes[low].end += low_half;
    outcomes[low].won_low = low_half > 0;
    outcomes[high].scooped = low_half == 0;
    outcomes
}

async fn run_economy(
    bank: Bank,
    guild: GuildId,
    seed: u64,
    tables: u64,
    operations: Option<u64>,
) -> Result<(), BankError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xec0_0000_0000);
    let everyone: Vec<UserId> = (0..tables).flat_map(table_players).collect();
    let mut done = 0u64;
    while operations.is_none_or(|limit| done < limit) {
        done += 1;
        let reference = workload_reference(seed, "economy", done);
        let user = everyone[rng.random_range(0..everyone.len())];
        let outcome = match rng.random_range(0..4) {
            0 => bank.daily(guild, user, &reference).await.map(|_| "daily"),
            1 => bank
                .grant(
                    guild,
                    UserId(0),
                    user,
                    rng.random_range(1..=100),
                    &reference,
                )
                .await
                .map(|_| "grant"),
            2 => bank
                .take(
                    guild,
                    UserId(0),
                    user,
                    rng.random_range(1..=100),
                    &reference,
                )
                .await
                .map(|_| "take"),
            _ => {
                let to = everyone[rng.random_range(0..everyone.len())];
                bank.give(
                    guild,
                    user,
                    to,
                    false,
                    rng.random_range(1..=100),
                    &reference,
                )
                .await
                .map(|_| "give")
            }
        };
        match outcome {
            Ok(kind) => acknowledge(kind, &reference),
            // Refusals are part of the workload: they must move nothing.
            Err(
                BankError::InsufficientFunds { .. }
                | BankError::GiveToSelf
                | BankError::DailyCooldown { .. },
            ) => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

pub fn run(args: BankWorkloadArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    runtime.block_on(async move {
        let config = EconomyConfig {
            daily_cooldown_secs: 0,
            min_account_age_secs: 0,
            ..EconomyConfig::default()
        };
        let location = match (&args.store, &args.data) {
            (Some(url), _) => super::data_dir::database(url)?,
            (None, Some(dir)) => StoreLocation::Sled(dir.clone()),
            (None, None) => anyhow::bail!("give --data DIR or --store URL"),
        };
        let bank = Bank::open_at(&location, config)
            .await
            .with_context(|| format!("cannot open the bank in {location}"))?;
        let guild = GuildId(args.guild);
        if args.tables > 0 {
            super::sim_data::take_guild(&bank, guild).await?;
        }
        let mut tasks = tokio::task::JoinSet::new();
        for table_index in 0..args.tables {
            tasks.spawn(play_table(
                bank.clone(),
                guild,
                args.seed,
                table_index,
                args.operations,
            ));
        }
        let economy_tables = args.economy_tables.unwrap_or(args.tables);
        if economy_tables > 0 {
            tasks.spawn(run_economy(
                bank.clone(),
                GuildId(args.economy_guild.unwrap_or(args.guild)),
                args.seed,
                economy_tables,
                args.operations,
            ));
        }
        while let Some(finished) = tasks.join_next().await {
            finished.context("a workload task panicked")??;
        }
        bank.shutdown().await?;
        Ok(ExitCode::SUCCESS)
    })
}
