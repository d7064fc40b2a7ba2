//! A player cashes out: their whole stack at a table goes back to their balance, a computer
//! player's to the guild's house (0 for a player with no chips there). Refused while the player is in the table's hand in progress.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tables;
use crate::bank::{BankError, EconomyConfig, GuildId, TableId, UserId};

pub(crate) struct CashOut {
    pub guild: GuildId,
    pub table: TableId,
    pub user: UserId,
    pub reference: String,
}

impl Operation for CashOut {
    /// The chips paid back.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("cash_out {} {}", self.table.0, self.user.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        let CashOut {
            guild,
            table,
            user,
            reference,
        } = self;
        let record = tables::guild_record(draft, guild, table)?;
        tables::refuse_if_in_hand(draft, &record, table, user)?;
        let seat = Account::Seat { table, user };
        let stack = accounts::chips(draft, seat)?;
        if stack == 0 {
            // A busted player, or one who already left: nothing to pay back.
            return Ok(0);
        }
        accounts::transfer(
            draft,
            seat,
            Account::owner(guild, user),
            stack,
            Reason::CashOut,
            &reference,
        )?;
        Ok(stack)
    }
}
