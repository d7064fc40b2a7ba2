//! A player buys in: chips move from their balance to their seat at a table (registered as
//! open in the guild if unknown). Refused while the player is in the table's hand in progress.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tables;
use crate::bank::{BankError, EconomyConfig, GuildId, TableId, UserId};

#[derive(Clone)]
pub(crate) struct BuyIn {
    pub guild: GuildId,
    pub table: TableId,
    pub user: UserId,
    pub amount: u64,
    pub reference: String,
}

impl Operation for BuyIn {
    /// The player's stack at the table.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("buy_in {} {} {}", self.table.0, self.user.0, self.amount),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<u64, BankError> {
        let BuyIn {
            guild,
            table,
            user,
            amount,
            reference,
        } = self;
        seat_from(draft, guild, table, user, amount, &reference, |draft| {
            accounts::ensure_player(draft, config, guild, user)?;
            Ok(Account::Player { guild, user })
        })
    }
}

/// Moves `amount` into `user`'s seat at `table` from the account `source` names (and may
/// first fill): refused for zero chips, a closed table, or a player in its hand in progress.
/// The seat's stack after it.
pub(super) fn seat_from(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
    user: UserId,
    amount: u64,
    reference: &str,
    source: impl FnOnce(&mut Draft<'_>) -> Result<Account, BankError>,
) -> Result<u64, BankError> {
    if amount == 0 {
        return Err(BankError::ZeroAmount);
    }
    let record = tables::open_record(draft, guild, table)?;
    tables::refuse_if_in_hand(draft, &record, table, user)?;
    let from = source(draft)?;
    let seat = Account::Seat { table, user };
    accounts::transfer(draft, from, seat, amount, Reason::BuyIn, reference)?;
    accounts::chips(draft, seat)
}
