//! A table is registered as open in its guild, or reopened; refused in a channel where a
//! tournament is live.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::{self, TableRecord, table_key};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};

pub(crate) struct OpenTable {
    pub guild: GuildId,
    pub table: TableId,
}

impl Operation for OpenTable {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let OpenTable { guild, table } = self;
        match tables::read_table(draft, table)? {
            Some(record) if record.guild != guild => Err(BankError::WrongGuild { table }),
            Some(record) if record.open => Ok(()),
            Some(record) => {
                crate::bank::tournaments::refuse_if_live_in_channel(draft, table)?;
                let reopened = TableRecord {
                    open: true,
                    ..record
                };
                draft.put_record(Tree::Tables, table_key(table), &reopened);
                Ok(())
            }
            None => tables::open_record(draft, guild, table).map(|_| ()),
        }
    }
}
