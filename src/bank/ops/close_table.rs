//! A table closes: every stack goes back to its player (a computer player's to the house) and the table is marked closed (a
//! closed table holds no chips). Refused while a hand is in progress.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::store::Tree;
use crate::bank::tables::{self, TableRecord, table_key};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts, TableId};

pub(crate) struct CloseTable {
    pub guild: GuildId,
    pub table: TableId,
    pub reference: String,
}

impl Operation for CloseTable {
    /// What each player was paid.
    type Output = Payouts;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("close_table {}", self.table.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<Payouts, BankError> {
        let CloseTable {
            guild,
            table,
            reference,
        } = self;
        let record = tables::guild_record(draft, guild, table)?;
        if let Some(hand) = record.hand_in_progress {
            return Err(BankError::HandInProgress { table, hand });
        }
        let paid = tables::draft_stacks(draft, table)?;
        for &(user, stack) in &paid {
            accounts::transfer(
                draft,
                Account::Seat { table, user },
                Account::owner(guild, user),
                stack,
                Reason::TableClosed,
                &reference,
            )?;
        }
        let closed = TableRecord {
            open: false,
            ..record
        };
        draft.put_record(Tree::Tables, table_key(table), &closed);
        Ok(paid)
    }
}
