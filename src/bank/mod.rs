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
//! and shares one flush among all the transactions waiting (group commit); every call has a
//! timeout so a stuck store is reported instead of hanging.

use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

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
}

/// The bank handle; cheap to clone, shared by every table.
#[derive(Clone)]
pub struct Bank {
    _private: (),
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

impl Bank {
    /// Opens (or creates) the bank in `dir`. Refuses a database of a newer schema.
    pub async fn open(dir: &Path, config: EconomyConfig) -> Result<Bank, BankError> {
        let _ = (dir, config);
        todo!("bank")
    }

    /// The player's balance, creating the account with the starting balance on first use.
    pub async fn balance(&self, guild: GuildId, user: UserId) -> Result<u64, BankError> {
        let _ = (guild, user);
        todo!("bank")
    }

    /// Moves `amount` from the player's balance to their seat at `table`; returns their stack.
    pub async fn buy_in(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        let _ = (guild, table, user, amount, reference);
        todo!("bank")
    }

    /// Returns the player's whole stack at `table` to their balance; returns the amount.
    pub async fn cash_out(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        let _ = (guild, table, user, reference);
        todo!("bank")
    }

    /// Each seated player's stack in `table`'s escrow.
    pub async fn table_stacks(&self, table: TableId) -> Result<Vec<(UserId, u64)>, BankError> {
        let _ = table;
        todo!("bank")
    }

    /// Marks hand `hand` of `table` as in progress (for recovery after a crash).
    pub async fn begin_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
    ) -> Result<(), BankError> {
        let _ = (guild, table, hand);
        todo!("bank")
    }

    /// Settles a finished hand in one transaction: every seat's stack becomes its `end`,
    /// stats are updated. The ends must sum to the starts. Settling the same hand twice
    /// takes effect once.
    pub async fn settle_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
    ) -> Result<(), BankError> {
        let _ = (guild, table, hand, outcomes);
        todo!("bank")
    }

    /// Cancels an interrupted hand: every player keeps their start-of-hand stack.
    pub async fn cancel_hand(&self, table: TableId, hand: u64) -> Result<(), BankError> {
        let _ = (table, hand);
        todo!("bank")
    }

    /// At start: cancels every hand left in progress and reports what it did.
    pub async fn recover(&self) -> Result<Vec<Recovery>, BankError> {
        todo!("bank")
    }
}
