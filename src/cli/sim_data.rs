//! `studbot sim --data DIR`: the sim's hands played through the real bank.
//!
//! The players are the bank accounts of users 1..=P in `--guild`, seated at table
//! [`SIM_TABLE`]. Each player buys in `--stack` from their balance (the mint grants what a
//! balance lacks first); before each hand busted players buy in again, the hand is begun in
//! the bank, played in memory exactly as without `--data`, and settled in one durable
//! transaction before the next hand starts, with its public history as a table stores it. At the end everyone cashes out and the table is
//! closed, so the books balance and the table holds nothing.
//!
//! References: every buy-in, grant, cash-out and close carries `sim:RUN:N:...`, where RUN is
//! the ledger's next sequence number when the run started (every run writes at least one
//! ledger entry before its first reference-only operation, so no two runs share a RUN) and N
//! counts this run's operations. A rerun on the same directory therefore never replays an
//! earlier run's operation. An earlier run killed mid-way leaves its stacks at the table
//! (its interrupted hand was cancelled when the bank opened): they are cashed out first.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use serde::Serialize;

use super::sim_session::{PlayedHand, Session, SimConfig, SimSummary};
use crate::bank::{Bank, EconomyConfig, GuildId, StoreLocation, TableId, UserId};
use crate::lobby::{HandHistory, seat_outcomes};
use crate::table::hand::Hand;

/// The table the sim plays at (reopened by every run).
pub const SIM_TABLE: TableId = TableId(1);

/// The "moderator" named in the sims' grants.
pub const SIM_MODERATOR: UserId = UserId(0);

/// What the bank did during a `sim --data` run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BankSummary {
    pub guild: u64,
    pub table: u64,
    /// The ledger's next sequence number when the run started; part of every reference.
    pub run: u64,
    /// The bank's number of this run's first hand (hand numbers continue across runs).
    pub first_hand: u64,
    /// Hands begun and settled durably through the bank.
    pub settlements: u64,
    /// Settlements per second of the hands loop (the poker and the begin calls included).
    pub settlements_per_second: f64,
    /// Buy-ins, the first seating and rebuys together.
    pub buy_ins: u64,
    /// Chips the mint granted to players whose balance was short of a buy-in.
    pub granted: u64,
    /// Hands an earlier, interrupted run left in progress, cancelled when the bank opened.
    pub recovered_hands: Vec<u64>,
    /// Chips an earlier, interrupted run left at the table, cashed out before seating.
    pub leftover_returned: u64,
    /// Each player's balance after the table closed (player i is user i + 1).
    pub final_balances: Vec<u64>,
    /// The data directory's size on disk before the bank opened and after it shut down.
    pub disk_bytes_before: u64,
    pub disk_bytes_after: u64,
    /// (after − before) / hands settled: what one settled hand costs on disk.
    pub disk_bytes_per_hand: f64,
    /// The mean size of the hand histories settled (the stored record's bytes).
    pub history_bytes_per_hand: f64,
}

/// The bytes the files under `dir` take (0 for a directory not there yet).
fn dir_bytes(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| match entry.metadata() {
            Ok(meta) if meta.is_dir() => dir_bytes(&entry.path()),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        })
        .sum()
}

/// Where and how a run plays through the bank.
#[derive(Debug, Clone, Copy)]
pub struct BankRun<'a> {
    /// The bank: a sled directory, or a PostgreSQL database.
    pub location: &'a StoreLocation,
    /// The guild whose accounts play.
    pub guild: u64,
    /// Print one JSON line per hand (flushed) once it is settled or recorded durably.
    pub progress: bool,
    /// Reports as JSON.
    pub json: bool,
}

/// Opens the bank of `run` on a current-thread runtime, takes its guild's lease, plays on it,
/// and shuts it down (after a failed play too): the sit & go and multi-table sims' frame.
pub fn with_bank(
    run: &BankRun<'_>,
    play: impl AsyncFnOnce(&Bank) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let bank = Bank::open_at(run.location, EconomyConfig::default())
            .await
            .with_context(|| format!("cannot open the bank in {}", run.location))?;
        take_guild(&bank, GuildId(run.guild)).await?;
        let played = play(&bank).await;
        let stopped = bank.shutdown().await.context("the bank did not shut down");
        played?;
        stopped
    })
}

/// Plays `hands` hands of `config` through the bank of `run` on a current-thread runtime
/// (only `--data` pays for it). `after_hand` runs after each settled hand, as for `sim`.
pub fn simulate_through_bank(
    config: SimConfig,
    hands: u64,
    run: &BankRun<'_>,
    after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<(SimSummary, BankSummary)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(open_play_and_shut_down(config, hands, run, after_hand))
}

async fn open_play_and_shut_down(
    config: SimConfig,
    hands: u64,
    run: &BankRun<'_>,
    after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<(SimSummary, BankSummary)> {
    let dir = run.location.sled_dir();
    let mut before = dir.map_or(0, dir_bytes);
    let bank = Bank::open_at(run.location, EconomyConfig::default())
        .await
        .with_context(|| format!("cannot open the bank in {}", run.location))?;
    if let Some(bytes) = bank.database_bytes().await? {
        before = bytes;
    }
    let played = play(config, hands, run, &bank, after_hand).await;
    let database_after = bank.database_bytes().await;
    let stopped = bank.shutdown().await.context("the bank did not shut down");
    let (summary, mut bank_summary) = played?;
    stopped?;
    {
        let bank = &mut bank_summary;
        bank.disk_bytes_before = before;
        bank.disk_bytes_after = match dir {
            Some(dir) => dir_bytes(dir),
            None => database_after?.unwrap_or(0),
        };
        bank.disk_bytes_per_hand =
            bank.disk_bytes_after.saturating_sub(before) as f64 / bank.settlements.max(1) as f64;
        eprintln!(
            "bank disk: {:.0} bytes per settled hand ({} bytes before, {} after, {} hands; \
             {:.0} bytes per stored hand history)",
            bank.disk_bytes_per_hand,
            before,
            bank.disk_bytes_after,
            bank.settlements,
            bank.history_bytes_per_hand
        );
    }
    Ok((summary, bank_summary))
}

async fn play(
    config: SimConfig,
    hands: u64,
    run: &BankRun<'_>,
    bank: &Bank,
    mut after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<(SimSummary, BankSummary)> {
    let mut session = Session::new(config)?;
    take_guild(bank, GuildId(run.guild)).await?;
    let mut table = SimTable::open(bank, GuildId(run.guild)).await?;
    let recovered_hands = recovered_hands(bank, table.guild).await?;
    let leftover_returned = table.return_leftovers().await?;
    for player in 0..session.stacks().len() {
        table.seat(player, config.stack).await?;
    }
    let first_hand = bank
        .next_hand_number(SIM_TABLE)
        .await
        .context("cannot read the table's next hand number")?;
    let started = Instant::now();
    let mut history_bytes = 0u64;
    for number in 0..hands {
        for player in session.rebuy_busted() {
            table.seat(player, config.stack).await?;
        }
        let bank_hand = first_hand
            .checked_add(number)
            .context("the table's hand numbers overflow")?;
        table.begin(bank_hand).await?;
        let played = session.play_hand(number)?;
        let (moved, history_len) = table.settle(bank_hand, &played).await?;
        history_bytes = history_bytes.saturating_add(history_len);
        if run.progress {
            report_progress(bank_hand, number + 1, moved)?;
        }
        after_hand(number + 1, &played.hand, &played.players)?;
    }
    let loop_seconds = started.elapsed().as_secs_f64();
    table.check_stacks(session.stacks()).await?;
    let final_balances = table.close(session.stacks().len()).await?;
    let summary = session.finish(loop_seconds);
    let bank_summary = BankSummary {
        guild: run.guild,
        table: SIM_TABLE.0,
        run: table.run,
        first_hand,
        settlements: hands,
        settlements_per_second: per_second(hands, loop_seconds),
        buy_ins: table.buy_ins,
        granted: table.granted,
        recovered_hands,
        leftover_returned,
        final_balances,
        disk_bytes_before: 0,
        disk_bytes_after: 0,
        disk_bytes_per_hand: 0.0,
        history_bytes_per_hand: history_bytes as f64 / hands.max(1) as f64,
    };
    Ok((summary, bank_summary))
}

/// With a bank bots share, the guild's lease: the sim runs its table (a bot running the guild
/// keeps it, and the sim stops).
pub async fn take_guild(bank: &Bank, guild: GuildId) -> anyhow::Result<()> {
    if !bank.take_leases(&[guild]).await?.elsewhere.is_empty() {
        anyhow::bail!(
            "a running bot runs guild {}'s tables: play in another --guild",
            guild.0
        );
    }
    Ok(())
}

fn per_second(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}

/// One line per settled hand, flushed, so a reader knows the settlement is durable.
fn report_progress(hand: u64, sim_hand: u64, moved: bool) -> anyhow::Result<()> {
    let line = serde_json::json!({
        "settled": hand,
        "table": SIM_TABLE.0,
        "sim_hand": sim_hand,
        "moved": moved,
    });
    super::stdout::print_line(&line.to_string()).context("cannot print progress")
}

async fn recovered_hands(bank: &Bank, guild: GuildId) -> anyhow::Result<Vec<u64>> {
    let recovered = bank
        .recover()
        .await
        .context("cannot read what the bank recovered")?;
    Ok(recovered
        .iter()
        .filter(|recovery| recovery.table == SIM_TABLE && recovery.guild == guild)
        .map(|recovery| recovery.hand)
        .collect())
}

/// The ledger's next sequence number: found by doubling then bisecting, since the ledger
/// is numbered 1, 2, 3, … with no gap and `Bank::ledger` reads from a sequence number on.
pub(super) async fn next_ledger_seq(bank: &Bank) -> anyhow::Result<u64> {
    let exists = async |seq: u64| -> anyhow::Result<bool> {
        let entries = bank
            .ledger(seq, 1)
            .await
            .context("cannot read the ledger")?;
        Ok(!entries.is_empty())
    };
    let (mut present, mut missing) = (0u64, 1u64);
    while exists(missing).await? {
        present = missing;
        missing = missing
            .checked_mul(2)
            .context("the ledger is too long to number")?;
    }
    while missing - present > 1 {
        let middle = present + (missing - present) / 2;
        if exists(middle).await? {
            present = middle;
        } else {
            missing = middle;
        }
    }
    Ok(missing)
}

/// The sim's table in the bank and what this run did there.
struct SimTable<'a> {
    bank: &'a Bank,
    guild: GuildId,
    run: u64,
    operations: u64,
    buy_ins: u64,
    granted: u64,
}

/// Player `index` of the sim (from 0) is this bank user.
pub fn sim_user(index: usize) -> UserId {
    UserId(index as u64 + 1)
}

impl<'a> SimTable<'a> {
    async fn open(bank: &'a Bank, guild: GuildId) -> anyhow::Result<SimTable<'a>> {
        let run = next_ledger_seq(bank).await?;
        bank.open_table(guild, SIM_TABLE)
            .await
            .with_context(|| format!("cannot open table {} in the bank", SIM_TABLE.0))?;
        Ok(SimTable {
            bank,
            guild,
            run,
            operations: 0,
            buy_ins: 0,
            granted: 0,
        })
    }

    fn reference(&mut self, what: &str, user: UserId) -> String {
        self.operations += 1;
        crate::bank::cash_sim_reference(self.run, self.operations, what, user)
    }

    /// Cashes out what an interrupted earlier run left at the table; returns the chips.
    async fn return_leftovers(&mut self) -> anyhow::Result<u64> {
        let stacks = self
            .bank
            .table_stacks(SIM_TABLE)
            .await
            .context("cannot read the table's stacks")?;
        let mut returned = 0u64;
        for (user, stack) in stacks {
            if stack == 0 {
                continue;
            }
            let reference = self.reference("leftover", user);
            let paid = self
                .bank
                .cash_out(self.guild, SIM_TABLE, user, &reference)
                .await
                .with_context(|| format!("cannot cash out player {}'s leftover stack", user.0))?;
            returned = returned.checked_add(paid).context("leftovers overflow")?;
        }
        Ok(returned)
    }

    /// Buys player `index` in for `stack`, granting what their balance lacks first.
    async fn seat(&mut self, index: usize, stack: u64) -> anyhow::Result<()> {
        let user = sim_user(index);
        self.fund(user, stack).await?;
        let reference = self.reference("buy-in", user);
        let seated = self
            .bank
            .buy_in(self.guild, SIM_TABLE, user, stack, &reference)
            .await
            .with_context(|| format!("player {} cannot buy in for {stack}", user.0))?;
        if seated != stack {
            bail!(
                "player {} sits with {seated} chips after buying in for {stack}",
                user.0
            );
        }
        self.buy_ins += 1;
        Ok(())
    }

    async fn fund(&mut self, user: UserId, needed: u64) -> anyhow::Result<()> {
        let balance = self
            .bank
            .balance(self.guild, user)
            .await
            .with_context(|| format!("cannot read player {}'s balance", user.0))?;
        if balance >= needed {
            return Ok(());
        }
        let short = needed - balance;
        let reference = self.reference("grant", user);
        self.bank
            .grant(self.guild, SIM_MODERATOR, user, short, &reference)
            .await
            .with_context(|| format!("cannot grant player {} {short} chips", user.0))?;
        self.granted = self.granted.checked_add(short).context("grants overflow")?;
        Ok(())
    }

    async fn begin(&self, hand: u64) -> anyhow::Result<()> {
        self.bank
            .begin_hand(self.guild, SIM_TABLE, hand)
            .await
            .with_context(|| format!("cannot begin hand {hand} of table {}", SIM_TABLE.0))
    }

    /// Settles the played hand durably with its public history, as a table does; returns
    /// whether any chip changed seats, and the stored history's bytes.
    async fn settle(&self, hand: u64, played: &PlayedHand) -> anyhow::Result<(bool, u64)> {
        let users: Vec<UserId> = played.players.iter().map(|&p| sim_user(p)).collect();
        let outcomes = seat_outcomes(played.result()?, &users);
        let history = HandHistory::of_hand(hand, &played.hand, &users)
            .with_context(|| format!("hand {hand} is not over"))?
            .to_bytes()?;
        let history_len = history.len() as u64;
        self.bank
            .settle_hand_with_history(self.guild, SIM_TABLE, hand, &outcomes, history)
            .await
            .with_context(|| format!("cannot settle hand {hand} of table {}", SIM_TABLE.0))?;
        let moved = outcomes.iter().any(|outcome| outcome.start != outcome.end);
        Ok((moved, history_len))
    }

    /// Refuses to close when the bank's stacks differ from the sim's.
    async fn check_stacks(&self, stacks: &[u64]) -> anyhow::Result<()> {
        let in_bank = self
            .bank
            .table_stacks(SIM_TABLE)
            .await
            .context("cannot read the table's stacks")?;
        for (index, &stack) in stacks.iter().enumerate() {
            let user = sim_user(index);
            let held = in_bank
                .iter()
                .find(|(seated, _)| *seated == user)
                .map_or(0, |&(_, held)| held);
            if held != stack {
                bail!(
                    "the bank holds {held} for player {} but the sim has {stack}",
                    user.0
                );
            }
        }
        Ok(())
    }

    /// Cashes everyone out, closes the table; returns each player's balance.
    async fn close(&mut self, players: usize) -> anyhow::Result<Vec<u64>> {
        for index in 0..players {
            let user = sim_user(index);
            let reference = self.reference("cash-out", user);
            self.bank
                .cash_out(self.guild, SIM_TABLE, user, &reference)
                .await
                .with_context(|| format!("player {} cannot cash out", user.0))?;
        }
        let reference = self.reference("close", SIM_MODERATOR);
        self.bank
            .close_table(self.guild, SIM_TABLE, &reference)
            .await
            .with_context(|| format!("cannot close table {}", SIM_TABLE.0))?;
        let mut balances = Vec::with_capacity(players);
        for index in 0..players {
            let user = sim_user(index);
            let balance = self
                .bank
                .balance(self.guild, user)
                .await
                .with_context(|| format!("cannot read player {}'s balance", user.0))?;
            balances.push(balance);
        }
        Ok(balances)
    }
}
