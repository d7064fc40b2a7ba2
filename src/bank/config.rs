//! The economy settings of `config.toml`'s `[economy]`, with their defaults.

use serde::{Deserialize, Serialize};

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
    /// The most chips one member may give away in a guild per UTC day (0: no cap). With the
    /// minimum account age, it keeps alternate accounts from funnelling their dailies.
    pub give_daily_cap: u64,
    /// The most chips one member may receive from gifts in a guild per UTC day (0: no cap).
    pub receive_daily_cap: u64,
    /// sled's page cache, in bytes (sled uses several times this much memory).
    pub cache_capacity_bytes: u64,
    /// How long a store call may take before it is reported as stuck.
    pub store_timeout_ms: u64,
    /// Each table keeps the public histories of its last this many hands (0: none).
    pub hand_histories_kept: u64,
    /// The most the mint may create for one guild's house, over the house's whole life:
    /// beyond it the house pays computer players' buy-ins only from chips it holds (it won
    /// them back), and a computer it cannot pay for is not seated (0: the mint never funds
    /// the house).
    pub house_mint_limit: u64,
    /// The most one computer player buys in for, at a cash table (whose `max_buy_in` may not
    /// exceed it where computers sit) or into a sit & go (whose buy-in may not exceed it
    /// where computers enter). At least 1.
    pub computer_max_buy_in: u64,
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
            give_daily_cap: 10_000,
            receive_daily_cap: 10_000,
            cache_capacity_bytes: 16 * 1024 * 1024,
            store_timeout_ms: 10_000,
            hand_histories_kept: 200,
            house_mint_limit: 100_000,
            computer_max_buy_in: 1_000,
        }
    }
}

impl EconomyConfig {
    /// The economy of the terminal game, where one person plays the house's computers on their
    /// own machine: the house is not bounded (nothing it mints leaves that machine).
    pub fn for_one_local_player() -> EconomyConfig {
        EconomyConfig {
            house_mint_limit: u64::MAX,
            computer_max_buy_in: u64::MAX,
            ..EconomyConfig::default()
        }
    }
}
