//! A table is registered as open in its guild, or reopened; refused in a channel where a
//! tournament is live.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::{self, RegisteredTable, table_key};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};

#[derive(Clone)]
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
                crate::bank::tournaments::events::refuse_if_live_in_channel(draft, table)?;
                let reopened = RegisteredTable {
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

#[cfg(test)]
mod tests {
    use super::OpenTable;
    use crate::bank::ops::CloseTable;
    use crate::bank::ops::testing::{Books, GUILD, TABLE};
    use crate::bank::{BankError, GuildId};

    fn open(guild: GuildId) -> OpenTable {
        OpenTable {
            guild,
            table: TABLE,
        }
    }

    #[test]
    fn opening_an_unknown_table_registers_it_open_in_its_guild() {
        let mut books = Books::new();
        books.run(open(GUILD)).unwrap();
        let record = books.table().expect("registered");
        assert!(record.open);
        assert_eq!(record.guild, GUILD);
        assert_eq!(record.hand_in_progress, None);
    }

    #[test]
    fn opening_an_open_table_again_changes_nothing() {
        let mut books = Books::new();
        books.run(open(GUILD)).unwrap();
        let before = books.snapshot();
        books.run(open(GUILD)).unwrap();
        assert!(books.snapshot() == before);
    }

    #[test]
    fn a_closed_table_reopens_with_its_hand_count() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        books.buy_in(2, 300);
        books.begin(1).unwrap();
        books
            .settle(
                1,
                &[
                    crate::bank::ops::testing::outcome(1, 300, 300),
                    crate::bank::ops::testing::outcome(2, 300, 300),
                ],
            )
            .unwrap();
        books
            .run(CloseTable {
                guild: GUILD,
                table: TABLE,
                reference: "close".into(),
            })
            .unwrap();
        books.run(open(GUILD)).unwrap();
        let record = books.table().expect("registered");
        assert!(record.open);
        assert_eq!(record.last_hand, 1);
    }

    #[test]
    fn another_guilds_table_is_refused_open_or_closed() {
        let mut books = Books::new();
        books.run(open(GUILD)).unwrap();
        let wrong = BankError::WrongGuild { table: TABLE };
        assert_eq!(books.refused(open(GuildId(8))), wrong);
        books
            .run(CloseTable {
                guild: GUILD,
                table: TABLE,
                reference: "close".into(),
            })
            .unwrap();
        assert_eq!(books.refused(open(GuildId(8))), wrong);
    }
}
