//! Shared by the bank's tests: a bank on a clock the test moves, the guild and table they play
//! at, seating players and playing hands, an audit that must balance, a Discord account of a
//! given age, a settled seat's outcome, the leaderboard's key layout for tests that write the
//! store directly, and a directory's files.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use studbot::bank::{
    Bank, EconomyConfig, GuildId, ManualClock, SeatOutcome, StoreLocation, TableId, UserId,
};

/// The bank's clock in these tests: 2024-01-01 00:00 UTC.
pub const NOW_MS: u64 = 1_704_067_200_000;

/// The guild and the table the bank's tests play at.
pub const GUILD: GuildId = GuildId(7);
pub const TABLE: TableId = TableId(100);

/// The store a test's bank is kept in: each test written for both runs once on each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestStore {
    Sled,
    Postgres,
}

/// A new, empty place for a test's bank: a temporary sled directory, or a new database of
/// the test binary's PostgreSQL server (`support::postgres`).
pub struct TestPlace {
    location: StoreLocation,
    _dir: Option<tempfile::TempDir>,
}

impl TestPlace {
    pub fn new(store: TestStore) -> TestPlace {
        match store {
            TestStore::Sled => {
                let dir = tempfile::tempdir().expect("temp dir");
                TestPlace {
                    location: StoreLocation::Sled(dir.path().to_path_buf()),
                    _dir: Some(dir),
                }
            }
            TestStore::Postgres => TestPlace {
                location: StoreLocation::Postgres(crate::postgres::database()),
                _dir: None,
            },
        }
    }

    pub fn location(&self) -> &StoreLocation {
        &self.location
    }
}

/// Declares each named test once per store, as `sled::NAME` and `postgres::NAME`: each is an
/// `async fn NAME(store: TestStore)`, run under the test attribute its group is given.
///
/// ```ignore
/// on_each_store!(#[tokio::test] first_test, second_test; #[tokio::test(start_paused = true)] third);
/// ```
macro_rules! on_each_store {
    ($( #[$attr:meta] $($test:ident),+ $(,)? );+ $(;)?) => {
        mod sled {
            $( $(
                #[$attr]
                async fn $test() {
                    super::$test($crate::bank_common::TestStore::Sled).await
                }
            )+ )+
        }
        mod postgres {
            $( $(
                #[$attr]
                async fn $test() {
                    super::$test($crate::bank_common::TestStore::Postgres).await
                }
            )+ )+
        }
    };
}

/// A bank at `place` with the default economy, on a clock that moves only when the test says.
pub async fn open_bank_at(place: &TestPlace) -> (Bank, Arc<ManualClock>) {
    open_bank_at_with(place, EconomyConfig::default()).await
}

/// A bank at `place` with `config`, on a clock that moves only when the test says.
pub async fn open_bank_at_with(
    place: &TestPlace,
    config: EconomyConfig,
) -> (Bank, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(NOW_MS));
    let bank = Bank::open_at_with_clock(place.location(), config, clock.clone())
        .await
        .expect("open");
    bank.take_leases(&TEST_GUILDS).await.expect("leases");
    (bank, clock)
}

/// Every guild the bank's and the lobby's tests play in: on a shared store, a bank opened for
/// a test takes their leases, as a process running their tables does.
pub const TEST_GUILDS: [GuildId; 6] = [
    GuildId(1),
    GuildId(3),
    GuildId(5),
    GuildId(7),
    GuildId(8),
    GuildId(9),
];

/// A bank in `dir` with the default economy, on a clock that moves only when the test says.
pub async fn open_bank(dir: &Path) -> (Bank, Arc<ManualClock>) {
    open_bank_with(dir, EconomyConfig::default()).await
}

/// A bank in `dir` with `config`, on a clock that moves only when the test says.
pub async fn open_bank_with(dir: &Path, config: EconomyConfig) -> (Bank, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(NOW_MS));
    let bank = Bank::open_with_clock(dir, config, clock.clone())
        .await
        .expect("open");
    (bank, clock)
}

/// The economy with gifts limited to 10..=500 chips.
pub fn gifts_from_10_to_500() -> EconomyConfig {
    EconomyConfig {
        give_min: 10,
        give_max: 500,
        ..EconomyConfig::default()
    }
}

/// The audit finds nothing broken and every chip accounted for (the books sum to zero).
pub async fn assert_books_balance(bank: &Bank) {
    let report = bank.audit().await.expect("audit");
    assert!(report.ok, "audit breaks: {:?}", report.breaks);
    assert_eq!(report.sum, 0);
}

/// A Discord account created `age_ms` before `NOW_MS`.
pub fn account_aged_ms(age_ms: u64) -> UserId {
    UserId((NOW_MS - age_ms - studbot::bank::DISCORD_EPOCH_UNIX_MS) << 22)
}

/// Seats `user` at `TABLE` with `amount` (the buy-in must succeed); their stack.
pub async fn buy_in(bank: &Bank, user: u64, amount: u64, reference: &str) -> u64 {
    bank.buy_in(GUILD, TABLE, UserId(user), amount, reference)
        .await
        .expect("buy-in")
}

/// Seats `users` at `TABLE` with `stack` each.
pub async fn seat(bank: &Bank, users: &[u64], stack: u64) {
    for user in users {
        buy_in(bank, *user, stack, &format!("in-{user}")).await;
    }
}

/// Two players bought in for 500 each play `hands` hands, each begun and settled, ending
/// every even hand back at 500 each.
pub async fn play_hands(bank: &Bank, hands: u64) {
    seat(bank, &[1, 2], 500).await;
    for hand in 1..=hands {
        bank.begin_hand(GUILD, TABLE, hand).await.unwrap();
        let outcomes = if hand % 2 == 0 {
            [outcome(1, 510, 500), outcome(2, 490, 500)]
        } else {
            [outcome(1, 500, 510), outcome(2, 500, 490)]
        };
        bank.settle_hand(GUILD, TABLE, hand, &outcomes)
            .await
            .unwrap();
    }
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
