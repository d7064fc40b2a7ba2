//! The audit: recomputes every balance from the ledger and checks the books.
//!
//! Checks: the ledger is numbered 1, 2, 3, … with no gap; every stored balance equals the sum
//! of its entries; no player, seat, prize pool or house account is below zero; all accounts
//! (the mint's negative balance included) sum to zero, and so do each guild's (its tables'
//! seats and its house counted in it); the leaderboard index matches the balances; no closed
//! table holds chips or a hand in progress; each tournament's prize pool holds its buy-ins
//! less what it paid out, which is every buy-in while it is live and nothing once it is over,
//! and each account it moved chips with paid in exactly its entrants' buy-ins less what they
//! were paid (a computer entrant's are the guild house's, never a player's);
//! the lobby's records (table settings, hand histories) are counted and their keys checked.
//! Each failure is a "break" in the report; only an unreadable store is an error.
//!
//! This file holds the report, the ledger's recomputation and the checks of balances, the
//! leaderboard, tables and guilds; [`tournament_checks`] holds the sit & go checks, and
//! [`balance_totals`] the stored balances totalled by kind, which both read.

mod balance_totals;
mod event_checks;
mod live_checks;
mod tournament_checks;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::accounts::{self, Account};
use super::encoding;
use super::ledger::{self, LedgerEntry, NEXT_SEQ_KEY};
use super::store::{Reads, Tree};
use super::tables::RegisteredTable;
use super::tournaments::TournamentId;
use super::{BankError, GuildId, TableId, UserId, schema};
use balance_totals::BalanceTotals;
pub use event_checks::LiveEventReport;
pub use live_checks::LiveSitAndGoReport;
use tournament_checks::check_tournaments;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandInProgress {
    pub table: TableId,
    pub hand: u64,
}

/// A table whose escrow holds chips: what an operator closing tables by hand looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEscrow {
    pub table: TableId,
    pub guild: GuildId,
    pub open: bool,
    /// The chips in its seats.
    pub chips: i128,
    pub hand_in_progress: Option<u64>,
}

/// The totals and breaks found by an audit; `ok` when there is no break.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditReport {
    pub ok: bool,
    pub schema_version: u32,
    pub ledger_entries: u64,
    pub accounts: u64,
    pub player_accounts: u64,
    /// Chips in players' balances.
    pub player_chips: i128,
    /// Chips in table escrow (every seat of every table).
    pub escrow_chips: i128,
    /// Chips in tournaments' prize pools. Reports of older versions have none.
    #[serde(default)]
    pub tournament_chips: i128,
    /// The mints' balances together: minus every chip in circulation.
    pub mint_balance: i128,
    /// Chips in the guilds' house accounts (their computer players' bank). Reports of older
    /// versions have none.
    #[serde(default)]
    pub house_chips: i128,
    /// Of every account; zero when the books balance.
    pub sum: i128,
    pub tables_open: u64,
    pub tables_closed: u64,
    pub hands_in_progress: Vec<HandInProgress>,
    /// Every table whose seats hold chips, by table id. Reports of older versions have none.
    #[serde(default)]
    pub tables_holding_chips: Vec<TableEscrow>,
    /// Tournaments registering or running, and finished or cancelled.
    #[serde(default)]
    pub tournaments_live: u64,
    #[serde(default)]
    pub tournaments_over: u64,
    /// Every live sit & go (registering or running) by number, with its guild and channel:
    /// what an operator cancelling one by hand looks for. Reports of older versions have none.
    #[serde(default)]
    pub sit_and_gos_live: Vec<LiveSitAndGoReport>,
    /// The sit & gos whose record cannot be read, by number (each is a break too): every
    /// other is served. Reports of older versions have none.
    #[serde(default)]
    pub sit_and_gos_unreadable: Vec<u64>,
    /// Every live multi-table event (scheduled or running). Reports of older versions have
    /// none.
    #[serde(default)]
    pub events_live: Vec<LiveEventReport>,
    /// Tables with a stored settings record.
    pub table_settings: u64,
    /// Hand histories kept (they hold no chips; only their keys are checked).
    pub hand_histories: u64,
    pub breaks: Vec<String>,
}

pub(crate) fn audit_store(store: &dyn Reads) -> Result<AuditReport, BankError> {
    let mut breaks = Vec::new();
    let schema_version = schema::stored_version(store)?.unwrap_or(0);
    let ledger = recompute_ledger(store, &mut breaks)?;
    let ledger_entries = ledger.entries;
    let mut books = check_balances(store, ledger, &mut breaks)?;
    let sum = books.player_chips
        + books.escrow_chips
        + books.tournament_chips
        + books.house_chips
        + books.mint_balance;
    if sum != 0 {
        breaks.push(format!("the accounts sum to {sum}, not 0"));
    }
    check_leaderboard(
        store,
        std::mem::take(&mut books.expected_board),
        &mut breaks,
    )?;
    let tables = check_tables(store, &mut books, &mut breaks)?;
    let tournaments = check_tournaments(store, &mut books, &mut breaks)?;
    let sit_and_gos_live = live_checks::check_live_index(
        store,
        &tournaments.live_records,
        &tournaments.unreadable,
        &mut breaks,
    )?;
    check_guild_sums(&books.by_guild, &mut breaks);
    let (table_settings, hand_histories) = count_lobby_records(store, &mut breaks)?;
    Ok(AuditReport {
        ok: breaks.is_empty(),
        schema_version,
        ledger_entries,
        accounts: books.accounts,
        player_accounts: books.player_accounts,
        player_chips: books.player_chips,
        escrow_chips: books.escrow_chips,
        tournament_chips: books.tournament_chips,
        mint_balance: books.mint_balance,
        house_chips: books.house_chips,
        sum,
        tables_open: tables.open,
        tables_closed: tables.closed,
        hands_in_progress: tables.hands_in_progress,
        tables_holding_chips: tables.holding_chips,
        tournaments_live: tournaments.live,
        tournaments_over: tournaments.over,
        sit_and_gos_live,
        sit_and_gos_unreadable: tournaments.unreadable.iter().map(|id| id.0).collect(),
        events_live: tournaments.events_live,
        table_settings,
        hand_histories,
        breaks,
    })
}

/// What the ledger says: each account's balance recomputed, and each tournament's chips
/// paid in and out.
struct Recomputed {
    entries: u64,
    balances: BTreeMap<Account, i128>,
    /// Per tournament: (chips paid into its escrow, chips paid out of it).
    tournament_flows: BTreeMap<TournamentId, (i128, i128)>,
    /// Per tournament, each account's chips into its escrow less chips out of it to them.
    tournament_parties: BTreeMap<TournamentId, BTreeMap<Account, i128>>,
}

/// The numbers of the ledger that were never given: the rest of each block a writer sharing
/// the store took and stopped before using up (`ledger::Numbering::Block`), first → end.
fn unused_numbers(
    store: &dyn Reads,
    breaks: &mut Vec<String>,
) -> Result<BTreeMap<u64, u64>, BankError> {
    let mut unused = BTreeMap::new();
    for item in store.scan_prefix(Tree::Meta, ledger::BLOCK_PREFIX) {
        let (key, value) = item?;
        match ledger::decode_block(&key, &value) {
            Some((_, next, end)) if next < end => {
                unused.insert(next, end);
            }
            Some(_) => {}
            None => breaks.push(format!("a corrupt ledger block record {key:?}")),
        }
    }
    Ok(unused)
}

/// The number expected after `expected` once the unused numbers starting there are skipped.
fn past_unused(mut expected: u64, unused: &BTreeMap<u64, u64>) -> u64 {
    while let Some(&end) = unused.get(&expected) {
        expected = end;
    }
    expected
}

/// The ledger, recomputed into balances: numbered 1, 2, 3, … with no gap (but the numbers
/// of a writer's block it never gave), every entry moving something between two accounts.
fn recompute_ledger(store: &dyn Reads, breaks: &mut Vec<String>) -> Result<Recomputed, BankError> {
    let unused = unused_numbers(store, breaks)?;
    let mut balances: BTreeMap<Account, i128> = BTreeMap::new();
    let mut tournament_flows: BTreeMap<TournamentId, (i128, i128)> = BTreeMap::new();
    let mut tournament_parties: BTreeMap<TournamentId, BTreeMap<Account, i128>> = BTreeMap::new();
    let mut entries = 0u64;
    let mut expected_seq = 1u64;
    for item in store.scan_prefix(Tree::Ledger, &[]) {
        let (key, value) = item?;
        entries += 1;
        let decoded = ledger::decode_u64(&key)
            .ok_or_else(|| BankError::Storage(format!("a corrupt ledger key {key:?}")))
            .and_then(|seq| encoding::decode_entry(seq, &value));
        let entry: LedgerEntry = match decoded {
            Ok(entry) => entry,
            Err(error) => {
                breaks.push(format!("ledger entry {key:?} is unreadable: {error}"));
                continue;
            }
        };
        expected_seq = past_unused(expected_seq, &unused);
        if ledger::decode_u64(&key) != Some(entry.seq) || entry.seq != expected_seq {
            breaks.push(format!(
                "ledger entry {} found where {expected_seq} was expected",
                entry.seq
            ));
        }
        expected_seq = entry.seq.saturating_add(1);
        if entry.amount == 0 {
            breaks.push(format!("ledger entry {} moves nothing", entry.seq));
        }
        if entry.from == entry.to {
            breaks.push(format!(
                "ledger entry {} moves chips to their own account",
                entry.seq
            ));
        }
        let amount = i128::from(entry.amount);
        *balances.entry(entry.from).or_default() -= amount;
        *balances.entry(entry.to).or_default() += amount;
        if let Account::Tournament { tournament } = entry.to {
            tournament_flows.entry(tournament).or_default().0 += amount;
            *tournament_parties
                .entry(tournament)
                .or_default()
                .entry(entry.from)
                .or_default() += amount;
        }
        if let Account::Tournament { tournament } = entry.from {
            tournament_flows.entry(tournament).or_default().1 += amount;
            *tournament_parties
                .entry(tournament)
                .or_default()
                .entry(entry.to)
                .or_default() -= amount;
        }
    }
    expected_seq = past_unused(expected_seq, &unused);
    let next_seq = ledger::load_next_seq(store)?;
    if store.get(Tree::Meta, NEXT_SEQ_KEY)?.is_some() && next_seq != expected_seq {
        breaks.push(format!(
            "the next sequence number is {next_seq}, the ledger ends before {expected_seq}"
        ));
    }
    Ok(Recomputed {
        entries,
        balances,
        tournament_flows,
        tournament_parties,
    })
}

/// Every stored balance against the ledger; no player, seat or prize pool below zero, no
/// mint above it.
fn check_balances(
    store: &dyn Reads,
    ledger: Recomputed,
    breaks: &mut Vec<String>,
) -> Result<BalanceTotals, BankError> {
    let Recomputed {
        balances: mut from_ledger,
        tournament_flows,
        tournament_parties,
        ..
    } = ledger;
    let mut books = BalanceTotals {
        tournament_flows,
        tournament_parties,
        ..BalanceTotals::default()
    };
    for item in store.scan_prefix(Tree::Balances, &[]) {
        let (key, value) = item?;
        let (Some(account), Some(balance)) =
            (Account::from_key(&key), accounts::decode_balance(&value))
        else {
            breaks.push(format!("an unreadable balance record {key:?}"));
            continue;
        };
        books.accounts += 1;
        let recomputed = from_ledger.remove(&account).unwrap_or(0);
        if recomputed != balance {
            breaks.push(format!(
                "{account:?} holds {balance} but its ledger entries sum to {recomputed}"
            ));
        }
        books.add(account, balance, breaks);
    }
    for (account, recomputed) in from_ledger {
        if recomputed != 0 {
            breaks.push(format!(
                "{account:?} has no stored balance but its ledger entries sum to {recomputed}"
            ));
        }
    }
    Ok(books)
}

/// The leaderboard index against the balances.
fn check_leaderboard(
    store: &dyn Reads,
    mut expected_board: BTreeSet<(GuildId, UserId, u64)>,
    breaks: &mut Vec<String>,
) -> Result<(), BankError> {
    for item in store.scan_prefix(Tree::Board, &[]) {
        let (key, _) = item?;
        match super::leaderboard::decode(&key) {
            Some(row) if expected_board.remove(&row) => {}
            Some((guild, user, chips)) => breaks.push(format!(
                "the leaderboard lists player {} of guild {} with {chips}, which is not their balance",
                user.0, guild.0
            )),
            None => breaks.push(format!("an unreadable leaderboard key {key:?}")),
        }
    }
    for (guild, user, _) in expected_board {
        breaks.push(format!(
            "player {} of guild {} is missing from the leaderboard",
            user.0, guild.0
        ));
    }
    Ok(())
}

struct TableCounts {
    open: u64,
    closed: u64,
    hands_in_progress: Vec<HandInProgress>,
    holding_chips: Vec<TableEscrow>,
}

/// Tables: a closed table holds no chips and no hand; seats belong to a registered table.
/// Each table's seats are counted in its guild.
fn check_tables(
    store: &dyn Reads,
    books: &mut BalanceTotals,
    breaks: &mut Vec<String>,
) -> Result<TableCounts, BankError> {
    let mut counts = TableCounts {
        open: 0,
        closed: 0,
        hands_in_progress: Vec::new(),
        holding_chips: Vec::new(),
    };
    for item in store.scan_prefix(Tree::Tables, &[]) {
        let (key, value) = item?;
        let (Some(table), Ok(record)) = (
            ledger::decode_u64(&key).map(TableId),
            encoding::decode::<RegisteredTable>(&value, "table"),
        ) else {
            breaks.push(format!("an unreadable table record {key:?}"));
            continue;
        };
        let held = books.seats_by_table.remove(&table).unwrap_or(0);
        *books.by_guild.entry(record.guild).or_default() += held;
        if let Some(hand) = record.hand_in_progress {
            counts
                .hands_in_progress
                .push(HandInProgress { table, hand });
        }
        if held != 0 {
            counts.holding_chips.push(TableEscrow {
                table,
                guild: record.guild,
                open: record.open,
                chips: held,
                hand_in_progress: record.hand_in_progress,
            });
        }
        if record.open {
            counts.open += 1;
            continue;
        }
        counts.closed += 1;
        if held != 0 {
            breaks.push(format!("closed table {} still holds {held} chips", table.0));
        }
        if let Some(hand) = record.hand_in_progress {
            breaks.push(format!(
                "closed table {} has hand {hand} in progress",
                table.0
            ));
        }
    }
    for (table, held) in std::mem::take(&mut books.seats_by_table) {
        breaks.push(format!(
            "table {} is not registered but holds {held} chips",
            table.0
        ));
    }
    Ok(counts)
}

/// Chips never cross guilds: each guild's accounts (its tables' seats and tournaments'
/// prize pools included) sum to 0.
fn check_guild_sums(by_guild: &BTreeMap<GuildId, i128>, breaks: &mut Vec<String>) {
    for (guild, guild_sum) in by_guild {
        if *guild_sum != 0 {
            breaks.push(format!(
                "the accounts of guild {} sum to {guild_sum}, not 0",
                guild.0
            ));
        }
    }
}

/// The lobby's records hold no chips: only their keys are the bank's to check. Answers the
/// table settings and hand histories counted.
fn count_lobby_records(
    store: &dyn Reads,
    breaks: &mut Vec<String>,
) -> Result<(u64, u64), BankError> {
    let mut table_settings = 0u64;
    for item in store.scan_prefix(Tree::TableSettings, &[]) {
        let (key, _) = item?;
        table_settings += 1;
        if key.len() != 8 {
            breaks.push(format!("an unreadable table settings key {key:?}"));
        }
    }
    let mut hand_histories = 0u64;
    for item in store.scan_prefix(Tree::HandHistories, &[]) {
        let (key, _) = item?;
        hand_histories += 1;
        if key.len() != 16 {
            breaks.push(format!("an unreadable hand history key {key:?}"));
        }
    }
    Ok((table_settings, hand_histories))
}

/// Audits the bank in `dir` without writing to it: sled has no read-only mode (opening may
/// replay and rewrite its log), so the directory is copied and the copy is opened. Run it on
/// a stopped bot for an exact picture; a copy taken under a running one looks like a crash.
pub fn audit_data_dir(dir: &std::path::Path) -> Result<AuditReport, BankError> {
    if !dir.join("conf").is_file() || !dir.join("db").is_file() {
        return Err(BankError::Storage(format!(
            "{} is not a studbot data directory (no sled database in it)",
            dir.display()
        )));
    }
    schema::check_marker(dir)?;
    let copy = ScratchDir::new()?;
    copy_dir(dir, &copy.path)
        .map_err(|error| BankError::Storage(format!("cannot copy {}: {error}", dir.display())))?;
    let report = {
        let store = super::store::SledStore::open(&copy.path, 8 * 1024 * 1024)?;
        match schema::stored_version(&store)? {
            Some(found) if found > schema::SCHEMA_VERSION => {
                return Err(BankError::SchemaTooNew {
                    found,
                    known: schema::SCHEMA_VERSION,
                });
            }
            _ => audit_store(&store)?,
        }
    };
    Ok(report)
}

/// A temporary directory removed when dropped.
struct ScratchDir {
    path: std::path::PathBuf,
}

impl ScratchDir {
    fn new() -> Result<ScratchDir, BankError> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|elapsed| elapsed.subsec_nanos())
            .unwrap_or(0);
        let path = std::env::temp_dir().join(format!(
            "studbot-audit-{}-{}-{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).map_err(|error| {
            BankError::Storage(format!("cannot create {}: {error}", path.display()))
        })?;
        Ok(ScratchDir { path })
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}
