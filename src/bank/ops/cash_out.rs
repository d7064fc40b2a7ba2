//! A player cashes out: their whole stack at a table goes back to their balance, a computer
//! player's to the guild's house (0 for a player with no chips there). Refused while the player is in the table's hand in progress.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tables;
use crate::bank::{BankError, EconomyConfig, GuildId, TableId, UserId};

#[derive(Clone)]
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

#[cfg(test)]
mod tests {
    use super::CashOut;
    use crate::bank::UserId;
    use crate::bank::ops::testing::{Books, GUILD, TABLE, outcome};
    use crate::bank::{BankError, TableId};

    fn cash_out(user: u64, reference: &str) -> CashOut {
        CashOut {
            guild: GUILD,
            table: TABLE,
            user: UserId(user),
            reference: reference.into(),
        }
    }

    #[test]
    fn a_cash_out_pays_the_whole_stack_back_and_answers_it() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        assert_eq!(books.run(cash_out(1, "c")), Ok(300));
        assert_eq!((books.player(1), books.seat(1)), (1_000, 0));
        books.assert_balanced();
    }

    #[test]
    fn a_cash_out_with_no_chips_at_the_table_pays_nothing() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        let before = books.ledger().len();
        assert_eq!(books.run(cash_out(2, "c")), Ok(0));
        assert_eq!(books.ledger().len(), before);
    }

    #[test]
    fn a_retried_cash_out_pays_once_and_answers_the_same() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        assert_eq!(books.run(cash_out(1, "c")), Ok(300));
        assert_eq!(books.run(cash_out(1, "c")), Ok(300));
        assert_eq!(books.player(1), 1_000);
        assert_eq!(
            books.refused(cash_out(2, "c")),
            BankError::ReferenceReused {
                reference: "c".into()
            }
        );
    }

    #[test]
    fn a_cash_out_of_a_player_in_the_hand_in_progress_is_refused() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        books.buy_in(2, 300);
        books.begin(1).unwrap();
        assert_eq!(
            books.refused(cash_out(1, "c")),
            BankError::HandInProgress {
                table: TABLE,
                hand: 1
            }
        );
        books
            .settle(1, &[outcome(1, 300, 200), outcome(2, 300, 400)])
            .unwrap();
        assert_eq!(books.run(cash_out(1, "c")), Ok(200));
    }

    #[test]
    fn a_cash_out_at_an_unknown_table_is_refused() {
        let mut books = Books::new();
        let elsewhere = CashOut {
            table: TableId(5),
            ..cash_out(1, "c")
        };
        assert_eq!(
            books.refused(elsewhere),
            BankError::UnknownTable { table: TableId(5) }
        );
    }
}
