//! A player buys in: chips move from their balance to their seat at a table (registered as
//! open in the guild if unknown). Refused while the player is in the table's hand in progress.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tables;
use crate::bank::{BankError, EconomyConfig, GuildId, TableId, UserId};

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
        if amount == 0 {
            return Err(BankError::ZeroAmount);
        }
        let record = tables::open_record(draft, guild, table)?;
        tables::refuse_if_in_hand(draft, &record, table, user)?;
        accounts::ensure_player(draft, config, guild, user)?;
        let seat = Account::Seat { table, user };
        accounts::transfer(
            draft,
            Account::Player { guild, user },
            seat,
            amount,
            Reason::BuyIn,
            &reference,
        )?;
        accounts::chips(draft, seat)
    }
}
