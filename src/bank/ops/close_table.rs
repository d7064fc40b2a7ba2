//! A table closes: every stack goes back to its player (a computer player's to the house) and the table is marked closed (a
//! closed table holds no chips). Refused while a hand is in progress.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::store::Tree;
use crate::bank::tables::{self, RegisteredTable, table_key};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts, TableId};

#[derive(Clone)]
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
        let closed = RegisteredTable {
            open: false,
            ..record
        };
        draft.put_record(Tree::Tables, table_key(table), &closed);
        Ok(paid)
    }
}

#[cfg(test)]
mod tests {
    use super::CloseTable;
    use crate::bank::ops::BuyIn;
    use crate::bank::ops::testing::{Books, GUILD, TABLE};
    use crate::bank::{BankError, UserId};

    fn close(reference: &str) -> CloseTable {
        CloseTable {
            guild: GUILD,
            table: TABLE,
            reference: reference.into(),
        }
    }

    #[test]
    fn closing_a_table_pays_every_stack_back_and_answers_what_each_was_paid() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        books.buy_in(2, 200);
        assert_eq!(
            books.run(close("x")),
            Ok(vec![(UserId(1), 300), (UserId(2), 200)])
        );
        assert_eq!((books.player(1), books.player(2)), (1_000, 1_000));
        assert_eq!((books.seat(1), books.seat(2)), (0, 0));
        books.assert_balanced();
    }

    #[test]
    fn a_closed_table_takes_no_buy_in() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        books.run(close("x")).unwrap();
        assert_eq!(books.table().map(|record| record.open), Some(false));
        let refused = books.refused(BuyIn {
            guild: GUILD,
            table: TABLE,
            user: UserId(1),
            amount: 100,
            reference: "late".into(),
        });
        assert_eq!(refused, BankError::TableClosed { table: TABLE });
    }

    #[test]
    fn a_retried_close_pays_once_and_answers_the_same() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        assert_eq!(books.run(close("x")), Ok(vec![(UserId(1), 300)]));
        assert_eq!(books.run(close("x")), Ok(vec![(UserId(1), 300)]));
        assert_eq!(books.player(1), 1_000);
    }

    #[test]
    fn closing_a_table_with_a_hand_in_progress_is_refused() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        books.buy_in(2, 300);
        books.begin(1).unwrap();
        assert_eq!(
            books.refused(close("x")),
            BankError::HandInProgress {
                table: TABLE,
                hand: 1
            }
        );
    }
}
