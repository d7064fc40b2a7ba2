//! What the table benchmarks share: settings from the environment, resident memory, disk use,
//! and the bank and lobby a run opens.
#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;

use studbot::bank::{Bank, EconomyConfig};
use studbot::lobby::{BankTableStore, DealingOutPace, Lobby, LobbyConfig, TableSettings};

pub fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// The process's resident memory, from /proc/self/statm (0 where there is none).
pub fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|field| field.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// Bytes of every file under `dir`.
pub fn disk_bytes(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .map(|entry| match entry.metadata() {
            Ok(meta) if meta.is_dir() => disk_bytes(&entry.path()),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        })
        .sum()
}

pub fn mib(bytes: u64) -> f64 {
    bytes as f64 / 1_048_576.0
}

/// The economy of a benchmark's bank: the default's, with `CACHE_MIB` of sled cache.
pub fn economy() -> EconomyConfig {
    let defaults = EconomyConfig::default();
    EconomyConfig {
        cache_capacity_bytes: env_or("CACHE_MIB", defaults.cache_capacity_bytes >> 20) << 20,
        ..defaults
    }
}

/// A bank in `dir` under `economy` and a lobby on it as the bot runs one (its tables'
/// settings kept in the bank), its decks from one seed and its all-in boards dealt out at
/// once; a sit & go's or an event's tables as `sit_and_go_table` says.
pub async fn bank_and_lobby(
    dir: &Path,
    economy: EconomyConfig,
    sit_and_go_table: TableSettings,
) -> (Bank, Lobby) {
    let bank = Bank::open(dir, economy).await.unwrap();
    let store = Arc::new(BankTableStore::new(bank.clone()));
    let (lobby, _) = Lobby::start(
        bank.clone(),
        store,
        LobbyConfig {
            deck_seed: Some(7),
            pace: DealingOutPace::NO_PAUSE,
            sit_and_go_table,
            ..LobbyConfig::default()
        },
    )
    .await
    .unwrap();
    (bank, lobby)
}
