//! Accounts' balances, and the one way chips move between them (the accounts themselves and
//! their keys are the bank's vocabulary, `vocab`).
//!
//! Three kinds of account: a player's per guild; the guild's mint (chips are created by
//! starting balances, daily claims and grants and destroyed by takes, so its balance is the
//! negative of every chip in circulation); and a seat at a table, which is that player's part
//! of the table's escrow. Balances are stored as signed 128-bit numbers so that the mint's
//! negative balance and any sum fit; player and seat balances never go below zero nor above
//! `u64::MAX`.

use super::leaderboard;
use super::ledger::Draft;
use super::references;
use super::store::Tree;
// Named here too, where the operations that move chips have always found it.
pub use super::vocab::Account;
use super::vocab::Reason;
use super::{BankError, EconomyConfig, GuildId, UserId};

pub fn encode_balance(balance: i128) -> Vec<u8> {
    balance.to_be_bytes().to_vec()
}

pub fn decode_balance(bytes: &[u8]) -> Option<i128> {
    Some(i128::from_be_bytes(bytes.try_into().ok()?))
}

fn corrupt(account: Account) -> BankError {
    BankError::Storage(format!("the balance of {account:?} is corrupt"))
}

/// The stored balance (`None` when the account does not exist yet).
pub fn stored_balance(draft: &Draft<'_>, account: Account) -> Result<Option<i128>, BankError> {
    match draft.get(Tree::Balances, &account.key())? {
        None => Ok(None),
        Some(bytes) => decode_balance(&bytes)
            .map(Some)
            .ok_or_else(|| corrupt(account)),
    }
}

/// A player's or seat's balance as chips (0 when the account does not exist).
pub fn chips(draft: &Draft<'_>, account: Account) -> Result<u64, BankError> {
    let balance = stored_balance(draft, account)?.unwrap_or(0);
    u64::try_from(balance).map_err(|_| corrupt(account))
}

fn set_balance(draft: &mut Draft<'_>, account: Account, old: i128, new: i128) {
    if let Account::Player { guild, user } = account {
        leaderboard::reindex(draft, guild, user, old, new);
    }
    match account {
        // An empty seat is a player who left the table: no key, so it is not listed.
        Account::Seat { .. } if new == 0 => draft.remove(Tree::Balances, account.key()),
        _ => draft.put(Tree::Balances, account.key(), encode_balance(new)),
    }
}

/// The player's balance, opening the account with the starting balance on first use.
pub fn ensure_player(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    user: UserId,
) -> Result<u64, BankError> {
    let account = Account::Player { guild, user };
    if stored_balance(draft, account)?.is_some() {
        return chips(draft, account);
    }
    leaderboard::reindex_new(draft, guild, user, 0);
    draft.put(Tree::Balances, account.key(), encode_balance(0));
    if config.starting_balance > 0 {
        let reference = references::opening_reference(guild, user);
        transfer(
            draft,
            Account::Mint { guild },
            account,
            config.starting_balance,
            Reason::Opening,
            &reference,
        )?;
    }
    Ok(config.starting_balance)
}

/// Moves `amount` chips from one account to another and records the entry. Only the mint
/// may go below zero; no account goes past `u64::MAX`.
pub fn transfer(
    draft: &mut Draft<'_>,
    from: Account,
    to: Account,
    amount: u64,
    reason: Reason,
    reference: &str,
) -> Result<(), BankError> {
    if amount == 0 {
        return Err(BankError::ZeroAmount);
    }
    if from == to {
        return Err(BankError::Storage(format!(
            "a transfer from {from:?} to itself"
        )));
    }
    let from_old = stored_balance(draft, from)?.unwrap_or(0);
    let to_old = stored_balance(draft, to)?.unwrap_or(0);
    let delta = i128::from(amount);
    let from_new = from_old.checked_sub(delta).ok_or(BankError::Overflow)?;
    if !from.is_mint() && from_new < 0 {
        return Err(BankError::InsufficientFunds {
            balance: u64::try_from(from_old).unwrap_or(0),
            needed: amount,
        });
    }
    let to_new = to_old.checked_add(delta).ok_or(BankError::Overflow)?;
    if !to.is_mint() && to_new > i128::from(u64::MAX) {
        return Err(BankError::Overflow);
    }
    set_balance(draft, from, from_old, from_new);
    set_balance(draft, to, to_old, to_new);
    draft.append_entry(from, to, amount, reason, reference)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::ledger::Overlay;
    use crate::bank::store::SledStore;
    use crate::ids::TableId;

    const GUILD: GuildId = GuildId(7);
    const USER: UserId = UserId(42);
    const MINT: Account = Account::Mint { guild: GUILD };
    const PLAYER: Account = Account::Player {
        guild: GUILD,
        user: USER,
    };

    /// Runs `body` in one draft over an empty store: the draft reads its own writes.
    fn in_a_draft<T>(body: impl FnOnce(&mut Draft<'_>) -> T) -> T {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = SledStore::open(dir.path(), 1 << 20).expect("store opens");
        let batch = Overlay::new();
        let mut draft = Draft::new(&store, &batch, 1, 0);
        body(&mut draft)
    }

    fn ledger_entries(draft: &Draft<'_>) -> usize {
        draft.scan_prefix(Tree::Ledger, &[]).expect("ledger").len()
    }

    #[test]
    fn a_seat_left_with_no_chips_keeps_no_balance_so_it_is_not_listed() {
        in_a_draft(|draft| {
            let seat = Account::Seat {
                table: TableId(3),
                user: USER,
            };
            transfer(draft, MINT, PLAYER, 100, Reason::Opening, "open").unwrap();
            transfer(draft, PLAYER, seat, 60, Reason::Opening, "in").unwrap();
            assert_eq!(stored_balance(draft, seat).unwrap(), Some(60));
            transfer(draft, seat, PLAYER, 60, Reason::Opening, "out").unwrap();
            assert_eq!(stored_balance(draft, seat).unwrap(), None);
            // A player's account stays, empty or not.
            transfer(draft, PLAYER, MINT, 100, Reason::Opening, "take").unwrap();
            assert_eq!(stored_balance(draft, PLAYER).unwrap(), Some(0));
        });
    }

    #[test]
    fn an_opening_of_no_chips_opens_the_account_and_writes_no_ledger_entry() {
        in_a_draft(|draft| {
            let config = EconomyConfig {
                starting_balance: 0,
                ..EconomyConfig::default()
            };
            assert_eq!(ensure_player(draft, &config, GUILD, USER).unwrap(), 0);
            assert_eq!(stored_balance(draft, PLAYER).unwrap(), Some(0));
            assert_eq!(ledger_entries(draft), 0);
        });
    }

    #[test]
    fn an_opening_of_one_chip_is_one_ledger_entry() {
        in_a_draft(|draft| {
            let config = EconomyConfig {
                starting_balance: 1,
                ..EconomyConfig::default()
            };
            assert_eq!(ensure_player(draft, &config, GUILD, USER).unwrap(), 1);
            assert_eq!(ledger_entries(draft), 1);
            // Opened once: the second call reads the balance and moves nothing.
            assert_eq!(ensure_player(draft, &config, GUILD, USER).unwrap(), 1);
            assert_eq!(ledger_entries(draft), 1);
        });
    }

    #[test]
    fn a_balance_may_reach_u64_max_and_not_one_chip_past_it() {
        in_a_draft(|draft| {
            transfer(draft, MINT, PLAYER, u64::MAX, Reason::Opening, "all").unwrap();
            assert_eq!(chips(draft, PLAYER).unwrap(), u64::MAX);
            let past = transfer(draft, MINT, PLAYER, 1, Reason::Opening, "one more");
            assert!(matches!(past, Err(BankError::Overflow)), "{past:?}");
            assert_eq!(chips(draft, PLAYER).unwrap(), u64::MAX);
            assert_eq!(ledger_entries(draft), 1);
        });
    }
}
