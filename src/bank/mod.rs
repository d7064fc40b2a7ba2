//! The bank: the only code that touches chips. Balances live in sled, per guild and player;
//! every movement is one atomic, double-entry ledger transaction (the sum of all accounts,
//! the mint's negative balance included, is always zero), flushed to disk before the caller
//! is told it happened. Operations carrying the same reference twice take effect once.
//!
//! A table's chips sit in escrow while it plays: the escrow holds each seated player's stack
//! as it was at the start of the current hand, so cancelling an interrupted hand moves
//! nothing, and a settlement moves chips between the seats of one table in one transaction.
//!
//! The API is async: calls are queued to one committer thread that applies them in order
//! and shares one transaction and one flush among all the operations waiting (group commit,
//! see `committer`); every call has a timeout (`store_timeout_ms`) so a stuck store is
//! reported as [`BankError::Timeout`] instead of hanging. Reads (balance, stacks, leaderboard,
//! stats, ledger) go straight to the store on the blocking pool, under the same timeout; a
//! read may see a batch during its flush, a moment before that batch's callers are answered
//! (a crash in that moment loses the batch, which no caller had been told of).
//!
//! Module map: `store` (the narrow storage interface, and sled behind it), `ledger` (entries
//! and the per-operation draft), `accounts` (keys, balances, the one transfer), `tables`
//! (registry, escrow seats, hands, recovery), `economy` (daily, give, grant, take), `stats`,
//! `records` (table settings and recent hand histories, kept for the lobby), `leaderboard`,
//! `audit`, `schema`, `clock`, `committer`.

mod accounts;
mod audit;
pub mod backup;
mod clock;
mod committer;
mod economy;
mod leaderboard;
mod ledger;
mod messages;
mod records;
mod schema;
mod stats;
pub mod store;
mod tables;

use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock, mpsc};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;
use tokio::sync::oneshot;

pub use accounts::Account;
pub use audit::{AuditReport, HandInProgress, audit_data_dir};
pub use clock::{Clock, ManualClock, SystemClock};
pub use economy::{DISCORD_EPOCH_UNIX_MS, account_created_unix_ms};
pub use ledger::{LedgerEntry, Reason};
pub use schema::{SCHEMA_VERSION, check_marker as check_schema_marker, stamp_version};

use committer::{Committer, Op, Reply, Request};
use store::{SledStore, Store, StoreError, Tree};

/// A Discord guild, or any community the economy is kept per (the terminal uses 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GuildId(pub u64);

/// A player (a Discord user id; the terminal uses small numbers for its players).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UserId(pub u64);

/// A table, named by its channel id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TableId(pub u64);

/// The economy settings of `config.toml`'s `[economy]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EconomyConfig {
    pub starting_balance: u64,
    pub daily_amount: u64,
    pub daily_cooldown_secs: u64,
    /// Accounts younger than this (by the Discord id's timestamp) cannot claim the daily.
    pub min_account_age_secs: u64,
    pub give_min: u64,
    pub give_max: u64,
    /// sled's page cache, in bytes (sled uses several times this much memory).
    pub cache_capacity_bytes: u64,
    /// How long a store call may take before it is reported as stuck.
    pub store_timeout_ms: u64,
    /// Each table keeps the public histories of its last this many hands (0: none).
    pub hand_histories_kept: u64,
}

impl Default for EconomyConfig {
    fn default() -> Self {
        EconomyConfig {
            starting_balance: 1_000,
            daily_amount: 200,
            daily_cooldown_secs: 20 * 60 * 60,
            min_account_age_secs: 7 * 24 * 60 * 60,
            give_min: 1,
            give_max: 100_000,
            cache_capacity_bytes: 16 * 1024 * 1024,
            store_timeout_ms: 10_000,
            hand_histories_kept: 200,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BankError {
    #[error("the amount must be more than 0")]
    ZeroAmount,
    #[error("not enough chips: the balance is {balance}, {needed} are needed")]
    InsufficientFunds { balance: u64, needed: u64 },
    #[error("that amount would overflow")]
    Overflow,
    #[error("you cannot give chips to yourself")]
    GiveToSelf,
    #[error("amount must be between {min} and {max}")]
    OutOfLimits { min: u64, max: u64 },
    #[error("the daily claim is available again in {wait_secs} seconds")]
    DailyCooldown { wait_secs: u64 },
    #[error("this account is too new to claim the daily")]
    AccountTooNew,
    #[error(
        "the database is schema version {found}; this program knows up to {known}. Use a newer studbot"
    )]
    SchemaTooNew { found: u32, known: u32 },
    #[error("the store did not answer within {0} ms; restart the process")]
    Timeout(u64),
    #[error("storage error: {0}")]
    Storage(String),
    #[error("a settlement does not balance: {0}")]
    Unbalanced(String),
    #[error("you cannot give chips to a bot")]
    GiveToBot,
    #[error("an operation needs a reference (an interaction id, a hand, …) to be safe to retry")]
    EmptyReference,
    #[error("the reference {reference:?} was already used by a different operation")]
    ReferenceReused { reference: String },
    #[error("table {} is not known to the bank", table.0)]
    UnknownTable { table: TableId },
    #[error("table {} belongs to another guild", table.0)]
    WrongGuild { table: TableId },
    #[error("table {} is closed", table.0)]
    TableClosed { table: TableId },
    #[error("hand {hand} is in progress at table {}", table.0)]
    HandInProgress { table: TableId, hand: u64 },
    #[error("hand {hand} of table {} is already settled or cancelled", table.0)]
    HandFinished { table: TableId, hand: u64 },
    #[error("hand {hand} of table {} was never begun", table.0)]
    UnknownHand { table: TableId, hand: u64 },
    #[error("the bank has stopped")]
    Stopped,
}

impl From<StoreError> for BankError {
    fn from(error: StoreError) -> Self {
        BankError::Storage(error.0)
    }
}

/// What recovery did for one table whose hand never settled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovery {
    pub guild: GuildId,
    pub table: TableId,
    pub hand: u64,
    /// Each player's stack at the start of the cancelled hand (what they got back).
    pub stacks: Vec<(UserId, u64)>,
}

/// One player's part in a settled hand, for their stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatOutcome {
    pub user: UserId,
    /// Stack at the start of the hand.
    pub start: u64,
    /// Stack at the end of the hand.
    pub end: u64,
    pub won_high: bool,
    pub won_low: bool,
    pub scooped: bool,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStats {
    pub hands_played: u64,
    pub won_high: u64,
    pub won_low: u64,
    pub scoops: u64,
    pub biggest_pot: u64,
    /// Chips won minus chips lost at tables.
    pub net: i64,
}

/// The result of a gift: both players' balances after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub from_balance: u64,
    pub to_balance: u64,
}

/// The bank handle; cheap to clone, shared by every table.
#[derive(Clone)]
pub struct Bank {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Bank {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Bank")
            .field("timeout", &self.inner.timeout)
            .finish_non_exhaustive()
    }
}

struct Inner {
    requests: mpsc::Sender<Request>,
    /// For reads, which do not go through the committer. Emptied by `shutdown`.
    store: RwLock<Option<Arc<dyn Store>>>,
    timeout: Duration,
    hand_histories_kept: u64,
    recovered: OnceLock<Vec<Recovery>>,
}

fn unexpected(reply: Reply) -> BankError {
    BankError::Storage(format!("the committer answered {reply:?}"))
}

async fn within<T>(
    timeout: Duration,
    work: impl Future<Output = Result<T, tokio::task::JoinError>>,
) -> Result<T, BankError> {
    match tokio::time::timeout(timeout, work).await {
        Err(_) => Err(BankError::Timeout(
            u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
        )),
        Ok(Err(error)) => Err(BankError::Storage(format!("a store call failed: {error}"))),
        Ok(Ok(value)) => Ok(value),
    }
}

impl Bank {
    /// Opens (or creates) the bank in `dir`. Refuses a database of a newer schema.
    ///
    /// Opening recovers: every hand left in progress by an earlier process is cancelled (each
    /// player keeps their start-of-hand stack) and reported by [`Bank::recover`].
    pub async fn open(dir: &Path, config: EconomyConfig) -> Result<Bank, BankError> {
        Bank::open_with_clock(dir, config, Arc::new(SystemClock)).await
    }

    /// [`Bank::open`] with the clock the bank takes the time from.
    pub async fn open_with_clock(
        dir: &Path,
        config: EconomyConfig,
        clock: Arc<dyn Clock>,
    ) -> Result<Bank, BankError> {
        let timeout = Duration::from_millis(config.store_timeout_ms);
        let path = dir.to_path_buf();
        let cache_capacity = config.cache_capacity_bytes;
        let store = within(
            timeout,
            tokio::task::spawn_blocking(move || -> Result<Arc<dyn Store>, BankError> {
                schema::check_marker(&path)?;
                let store = SledStore::open(&path, cache_capacity)?;
                schema::prepare(&store)?;
                let version = schema::stored_version(&store)?.unwrap_or(SCHEMA_VERSION);
                schema::write_marker(&path, version)?;
                Ok(Arc::new(store))
            }),
        )
        .await??;
        Bank::open_with_store(store, config, clock).await
    }

    /// [`Bank::open`] over any store implementing the bank's storage interface.
    pub async fn open_with_store(
        store: Arc<dyn Store>,
        config: EconomyConfig,
        clock: Arc<dyn Clock>,
    ) -> Result<Bank, BankError> {
        let timeout = Duration::from_millis(config.store_timeout_ms);
        let hand_histories_kept = config.hand_histories_kept;
        let prepared = Arc::clone(&store);
        within(
            timeout,
            tokio::task::spawn_blocking(move || schema::prepare(prepared.as_ref())),
        )
        .await??;
        let committer = Committer::new(Arc::clone(&store), config, clock)?;
        let (requests, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("bank-committer".into())
            .spawn(move || committer.run_loop(receiver))
            .map_err(|error| BankError::Storage(format!("cannot start the committer: {error}")))?;
        let bank = Bank {
            inner: Arc::new(Inner {
                requests,
                store: RwLock::new(Some(store)),
                timeout,
                hand_histories_kept,
                recovered: OnceLock::new(),
            }),
        };
        let recovered = match bank.call(Op::RecoverAll).await? {
            Reply::Recoveries(recovered) => recovered,
            other => return Err(unexpected(other)),
        };
        let _ = bank.inner.recovered.set(recovered);
        Ok(bank)
    }

    async fn call(&self, op: Op) -> Result<Reply, BankError> {
        let (reply, answer) = oneshot::channel();
        self.inner
            .requests
            .send(Request::Run { op, reply })
            .map_err(|_| BankError::Stopped)?;
        self.wait_for(answer).await
    }

    /// The committer's answer, or `Timeout` when the store does not answer in time.
    async fn wait_for<T>(
        &self,
        answer: oneshot::Receiver<Result<T, BankError>>,
    ) -> Result<T, BankError> {
        match tokio::time::timeout(self.inner.timeout, answer).await {
            Err(_) => Err(BankError::Timeout(
                u64::try_from(self.inner.timeout.as_millis()).unwrap_or(u64::MAX),
            )),
            Ok(Err(_)) => Err(BankError::Stopped),
            Ok(Ok(result)) => result,
        }
    }

    async fn call_amount(&self, op: Op) -> Result<u64, BankError> {
        match self.call(op).await? {
            Reply::Amount(amount) => Ok(amount),
            other => Err(unexpected(other)),
        }
    }

    async fn call_done(&self, op: Op) -> Result<(), BankError> {
        match self.call(op).await? {
            Reply::Done => Ok(()),
            other => Err(unexpected(other)),
        }
    }

    /// Runs a read on the blocking pool, under the store timeout.
    async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Store) -> Result<T, BankError> + Send + 'static,
    ) -> Result<T, BankError> {
        let store = self
            .inner
            .store
            .read()
            .map_err(|_| BankError::Stopped)?
            .clone()
            .ok_or(BankError::Stopped)?;
        within(
            self.inner.timeout,
            tokio::task::spawn_blocking(move || work(store.as_ref())),
        )
        .await?
    }

    /// The player's balance, creating the account with the starting balance on first use.
    pub async fn balance(&self, guild: GuildId, user: UserId) -> Result<u64, BankError> {
        let account = Account::Player { guild, user };
        let stored = self
            .read(move |store| {
                store
                    .get(Tree::Balances, &account.key())
                    .map_err(Into::into)
            })
            .await?;
        match stored {
            Some(bytes) => accounts::decode_balance(&bytes)
                .and_then(|balance| u64::try_from(balance).ok())
                .ok_or_else(|| {
                    BankError::Storage(format!("the balance of {account:?} is corrupt"))
                }),
            None => self.call_amount(Op::EnsurePlayer { guild, user }).await,
        }
    }

    /// Moves `amount` from the player's balance to their seat at `table`; returns their stack.
    /// An unknown table is registered as open in `guild`. Refused while the player is in the
    /// table's hand in progress.
    pub async fn buy_in(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call_amount(Op::BuyIn {
            guild,
            table,
            user,
            amount,
            reference: reference.to_string(),
        })
        .await
    }

    /// Returns the player's whole stack at `table` to their balance; returns the amount
    /// (0 for a player with no chips at the table). Refused while the player is in the
    /// table's hand in progress.
    pub async fn cash_out(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call_amount(Op::CashOut {
            guild,
            table,
            user,
            reference: reference.to_string(),
        })
        .await
    }

    /// Each seated player's stack in `table`'s escrow, by user id.
    pub async fn table_stacks(&self, table: TableId) -> Result<Vec<(UserId, u64)>, BankError> {
        self.read(move |store| tables::stacks(store, table)).await
    }

    /// Marks hand `hand` of `table` as in progress (for recovery after a crash), recording
    /// every seat's stack. Beginning the hand in progress again is a no-op; another hand while
    /// one is in progress, or a hand number already finished, is refused.
    pub async fn begin_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
    ) -> Result<(), BankError> {
        self.call_done(Op::BeginHand { guild, table, hand }).await
    }

    /// Settles a finished hand in one transaction: every seat's stack becomes its `end`,
    /// stats are updated. The ends must sum to the starts, and each start must be the seat's
    /// stack. Settling the same hand twice takes effect once.
    pub async fn settle_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
    ) -> Result<(), BankError> {
        self.call_done(Op::SettleHand {
            guild,
            table,
            hand,
            outcomes: outcomes.to_vec(),
            history: None,
        })
        .await
    }

    /// [`Bank::settle_hand`], storing the hand's public `history` in the same transaction
    /// (read back by [`Bank::hand_history`]). The table keeps the histories of its last
    /// `hand_histories_kept` hands; older ones are removed by the same transaction.
    pub async fn settle_hand_with_history(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
        history: Vec<u8>,
    ) -> Result<(), BankError> {
        self.call_done(Op::SettleHand {
            guild,
            table,
            hand,
            outcomes: outcomes.to_vec(),
            history: Some(history),
        })
        .await
    }

    /// The stored history of hand `hand` of `table`, if it is one of the recent ones kept.
    pub async fn hand_history(
        &self,
        table: TableId,
        hand: u64,
    ) -> Result<Option<Vec<u8>>, BankError> {
        self.read(move |store| records::history(store, table, hand))
            .await
    }

    /// The table's latest stored hand history and its hand number.
    pub async fn latest_hand_history(
        &self,
        table: TableId,
    ) -> Result<Option<(u64, Vec<u8>)>, BankError> {
        let kept = self.inner.hand_histories_kept;
        self.read(move |store| records::latest_history(store, table, kept))
            .await
    }

    /// Stores (replaces) the settings record of `table`, durably before answering. The bytes
    /// are the caller's format; the bank only keeps them.
    pub async fn save_table_settings(
        &self,
        table: TableId,
        record: Vec<u8>,
    ) -> Result<(), BankError> {
        self.call_done(Op::SaveTableSettings { table, record })
            .await
    }

    /// Forgets the settings record of `table` (nothing to forget is fine).
    pub async fn remove_table_settings(&self, table: TableId) -> Result<(), BankError> {
        self.call_done(Op::RemoveTableSettings { table }).await
    }

    /// Every stored table settings record, by table id.
    pub async fn table_settings(&self) -> Result<Vec<(TableId, Vec<u8>)>, BankError> {
        self.read(records::all_settings).await
    }

    /// Cancels an interrupted hand: every player keeps their start-of-hand stack.
    pub async fn cancel_hand(&self, table: TableId, hand: u64) -> Result<(), BankError> {
        self.call_done(Op::CancelHand { table, hand }).await
    }

    /// What opening the bank recovered: every hand an earlier process left in progress, now
    /// cancelled. Calling it again returns the same list (it never cancels a live hand).
    pub async fn recover(&self) -> Result<Vec<Recovery>, BankError> {
        Ok(self.inner.recovered.get().cloned().unwrap_or_default())
    }

    /// Registers `table` as open in `guild` (or reopens it).
    pub async fn open_table(&self, guild: GuildId, table: TableId) -> Result<(), BankError> {
        self.call_done(Op::OpenTable { guild, table }).await
    }

    /// Pays every stack at `table` back to its player and marks the table closed (a closed
    /// table holds no chips). Refused while a hand is in progress. Returns what was paid.
    pub async fn close_table(
        &self,
        guild: GuildId,
        table: TableId,
        reference: &str,
    ) -> Result<Vec<(UserId, u64)>, BankError> {
        match self
            .call(Op::CloseTable {
                guild,
                table,
                reference: reference.to_string(),
            })
            .await?
        {
            Reply::Stacks(paid) => Ok(paid),
            other => Err(unexpected(other)),
        }
    }

    /// The number the table's next hand should take (one past every hand it has seen).
    pub async fn next_hand_number(&self, table: TableId) -> Result<u64, BankError> {
        self.read(move |store| tables::next_hand_number(store, table))
            .await
    }

    /// Claims the daily amount; returns the new balance.
    pub async fn daily(
        &self,
        guild: GuildId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call_amount(Op::Daily {
            guild,
            user,
            reference: reference.to_string(),
        })
        .await
    }

    /// Gives chips from one player to another (`to_is_bot` from the caller, who knows).
    pub async fn give(
        &self,
        guild: GuildId,
        from: UserId,
        to: UserId,
        to_is_bot: bool,
        amount: u64,
        reference: &str,
    ) -> Result<Transfer, BankError> {
        match self
            .call(Op::Give {
                guild,
                from,
                to,
                to_is_bot,
                amount,
                reference: reference.to_string(),
            })
            .await?
        {
            Reply::Transfer(transfer) => Ok(transfer),
            other => Err(unexpected(other)),
        }
    }

    /// A moderator creates chips for a player (from the guild's mint); returns the balance.
    pub async fn grant(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call_amount(Op::Grant {
            guild,
            moderator,
            user,
            amount,
            reference: reference.to_string(),
        })
        .await
    }

    /// A moderator destroys chips of a player (into the guild's mint); returns the balance.
    pub async fn take(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call_amount(Op::Take {
            guild,
            moderator,
            user,
            amount,
            reference: reference.to_string(),
        })
        .await
    }

    /// The `limit` richest players of `guild`, richest first.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        limit: usize,
    ) -> Result<Vec<(UserId, u64)>, BankError> {
        self.read(move |store| leaderboard::top(store, guild, limit))
            .await
    }

    /// The player's stats in `guild`.
    pub async fn stats(&self, guild: GuildId, user: UserId) -> Result<PlayerStats, BankError> {
        self.read(move |store| stats::read(store, guild, user))
            .await
    }

    /// Up to `limit` ledger entries from sequence number `from_seq` on.
    pub async fn ledger(&self, from_seq: u64, limit: usize) -> Result<Vec<LedgerEntry>, BankError> {
        self.read(move |store| {
            let mut entries = Vec::new();
            for item in store
                .scan_from(Tree::Ledger, &from_seq.to_be_bytes())
                .take(limit)
            {
                let (_, value) = item?;
                let entry = serde_json::from_slice(&value).map_err(|error| {
                    BankError::Storage(format!("a corrupt ledger entry: {error}"))
                })?;
                entries.push(entry);
            }
            Ok(entries)
        })
        .await
    }

    /// Audits the books as they stand once every operation sent before it is written (the
    /// committer waits for it: on a large ledger, call it off-peak).
    pub async fn audit(&self) -> Result<AuditReport, BankError> {
        let (reply, answer) = oneshot::channel();
        self.inner
            .requests
            .send(Request::Audit { reply })
            .map_err(|_| BankError::Stopped)?;
        self.wait_for(answer).await
    }

    /// Stops the committer after the requests already sent and closes the store (once any read
    /// in flight ends). Every later call answers `Stopped`.
    pub async fn shutdown(&self) -> Result<(), BankError> {
        let (done, stopped) = oneshot::channel();
        if self.inner.requests.send(Request::Shutdown { done }).is_ok()
            && tokio::time::timeout(self.inner.timeout, stopped)
                .await
                .is_err()
        {
            return Err(BankError::Timeout(
                u64::try_from(self.inner.timeout.as_millis()).unwrap_or(u64::MAX),
            ));
        }
        if let Ok(mut store) = self.inner.store.write() {
            store.take();
        }
        Ok(())
    }
}
