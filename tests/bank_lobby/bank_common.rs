//! Shared by the bank's tests: a bank on a clock the test moves, a settled seat's outcome, the
//! leaderboard's key layout for tests that write the store directly, and a directory's files.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use studbot::bank::{Bank, EconomyConfig, GuildId, ManualClock, SeatOutcome, UserId};

/// The bank's clock in these tests: 2024-01-01 00:00 UTC.
pub const NOW_MS: u64 = 1_704_067_200_000;

/// A bank in `dir` with the default economy, on a clock that moves only when the test says.
pub async fn open_bank(dir: &Path) -> (Bank, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(NOW_MS));
    let bank = Bank::open_with_clock(dir, EconomyConfig::default(), clock.clone())
        .await
        .expect("open");
    (bank, clock)
}

/// A seat that started the hand with `start` and ended it with `end` (a winner wins high).
pub fn outcome(user: u64, start: u64, end: u64) -> SeatOutcome {
    SeatOutcome {
        user: UserId(user),
        start,
        end,
        won_high: end > start,
        won_low: false,
        scooped: end > start,
    }
}

/// The leaderboard's index key: guild, then the complement of the balance, then the user.
pub fn board_key(guild: GuildId, user: UserId, chips: u64) -> Vec<u8> {
    [guild.0, !chips, user.0]
        .iter()
        .flat_map(|number| number.to_be_bytes())
        .collect()
}

/// Every file under `dir` with its bytes, in path order.
pub fn files_of(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in std::fs::read_dir(&next).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                files.push((path, bytes));
            }
        }
    }
    files.sort();
    files
}
