//! Backups of a bank that is playing: `Bank::backup` while tables settle hands gives files
//! that restore to whole batches: the restored audit passes, its ledger is the live ledger up
//! to the snapshot, and every balance and stack is the live one at that point.

use std::collections::BTreeMap;
use std::path::Path;

use studbot::bank::backup;
use studbot::bank::{Account, Bank, EconomyConfig, GuildId, SeatOutcome, TableId, UserId};

const GUILD: GuildId = GuildId(8);
const TABLES: u64 = 4;
const PLAYERS: u64 = 3;
const HANDS: u64 = 12;
const BUY_IN: u64 = 100;

fn user(table: u64, seat: u64) -> UserId {
    UserId(table * 10 + seat + 1)
}

/// Buys in, plays `HANDS` hands (each a begin and a settlement moving chips to one winner),
/// cashes out.
async fn play_table(bank: Bank, index: u64) {
    let table = TableId(700 + index);
    for seat in 0..PLAYERS {
        let reference = format!("in-{index}-{seat}");
        bank.buy_in(GUILD, table, user(index, seat), BUY_IN, &reference)
            .await
            .expect("buy in");
    }
    for hand in 1..=HANDS {
        bank.begin_hand(GUILD, table, hand).await.expect("begin");
        let stacks = bank.table_stacks(table).await.expect("stacks");
        let winner = usize::try_from(hand).expect("small") % stacks.len();
        let mut pot = 0;
        let mut outcomes: Vec<SeatOutcome> = stacks
            .iter()
            .map(|&(user, start)| {
                let lost = start.min(3);
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
        outcomes[winner].end += pot;
        bank.settle_hand(GUILD, table, hand, &outcomes)
            .await
            .expect("settle");
    }
    for seat in 0..PLAYERS {
        let reference = format!("out-{index}-{seat}");
        bank.cash_out(GUILD, table, user(index, seat), &reference)
            .await
            .expect("cash out");
    }
}

/// Every account's balance after the first `entries` entries of `ledger`.
fn balances_after(
    ledger: &[studbot::bank::LedgerEntry],
    entries: usize,
) -> BTreeMap<Account, i128> {
    let mut balances = BTreeMap::new();
    for entry in &ledger[..entries] {
        *balances.entry(entry.from).or_insert(0) -= i128::from(entry.amount);
        *balances.entry(entry.to).or_insert(0) += i128::from(entry.amount);
    }
    balances
}

/// The restored bank's balance or stack of each of `accounts`, and of every seat it holds.
async fn restored_balances(
    bank: &Bank,
    accounts: impl Iterator<Item = Account>,
) -> BTreeMap<Account, i128> {
    let mut balances = BTreeMap::new();
    for index in 0..TABLES {
        let table = TableId(700 + index);
        for (user, stack) in bank.table_stacks(table).await.expect("stacks") {
            balances.insert(Account::Seat { table, user }, i128::from(stack));
        }
    }
    for account in accounts {
        let balance = match account {
            Account::Player { guild, user } => {
                i128::from(bank.balance(guild, user).await.expect("balance"))
            }
            Account::Seat { .. } => balances.get(&account).copied().unwrap_or(0),
            Account::Mint { .. } | Account::Tournament { .. } | Account::House { .. } => continue,
        };
        balances.insert(account, balance);
    }
    balances
}

/// Restores `file` into `target`, checks its audit and opens it.
async fn restore(file: &Path, target: &Path) -> Bank {
    backup::restore(file, target).expect("the backup restores");
    let report = studbot::bank::audit_data_dir(&target.join("bank")).expect("audit runs");
    assert!(report.ok, "the restored books balance: {report:?}");
    Bank::open(&target.join("bank"), EconomyConfig::default())
        .await
        .expect("the restored bank opens")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_hands_settle_restores_whole_batches_with_a_clean_audit() {
    let root = tempfile::tempdir().expect("tempdir");
    let bank = Bank::open(&root.path().join("live"), EconomyConfig::default())
        .await
        .expect("open the bank");
    let tables: Vec<_> = (0..TABLES)
        .map(|index| tokio::spawn(play_table(bank.clone(), index)))
        .collect();
    let mut backups = Vec::new();
    while tables.iter().any(|table| !table.is_finished()) {
        let file = root
            .path()
            .join(format!("live-{}.studbot-backup", backups.len()));
        let summary = bank.backup(&file).await.expect("a backup while playing");
        backups.push((file, summary));
    }
    for table in tables {
        table.await.expect("the table played");
    }
    let live_ledger = bank.ledger(1, usize::MAX).await.expect("the live ledger");
    let live_report = bank.audit().await.expect("audit");
    assert!(live_report.ok, "{live_report:?}");

    let mut mid_play = 0;
    for (index, (file, summary)) in backups.iter().enumerate() {
        let restored = restore(file, &root.path().join(format!("restored-{index}"))).await;
        let ledger = restored
            .ledger(1, usize::MAX)
            .await
            .expect("restored ledger");
        assert_eq!(
            ledger[..],
            live_ledger[..ledger.len()],
            "backup {index} (batch {}) holds the live ledger up to its snapshot",
            summary.batches
        );
        if !ledger.is_empty() && ledger.len() < live_ledger.len() {
            mid_play += 1;
        }
        let expected: BTreeMap<Account, i128> = balances_after(&live_ledger, ledger.len())
            .into_iter()
            .filter(|(account, _)| !matches!(account, Account::Mint { .. }))
            .collect();
        let found = restored_balances(&restored, expected.keys().copied()).await;
        assert_eq!(
            found, expected,
            "backup {index}: every balance and stack is the live one at batch {}",
            summary.batches
        );
        restored.shutdown().await.expect("close the restored bank");
    }
    assert!(
        mid_play > 0,
        "at least one of the {} backups was taken while hands were being settled",
        backups.len()
    );
}
