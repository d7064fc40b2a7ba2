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

#[cfg(test)]
mod tests {
    use super::BuyIn;
    use crate::bank::ops::testing::{Books, GUILD, TABLE, outcome};
    use crate::bank::{BankError, UserId};

    fn buy_in(user: u64, amount: u64, reference: &str) -> BuyIn {
        BuyIn {
            guild: GUILD,
            table: TABLE,
            user: UserId(user),
            amount,
            reference: reference.into(),
        }
    }

    #[test]
    fn a_buy_in_moves_chips_from_the_balance_to_the_seat_and_answers_the_stack() {
        let mut books = Books::new();
        assert_eq!(books.run(buy_in(1, 300, "b1")), Ok(300));
        assert_eq!(books.run(buy_in(1, 200, "b2")), Ok(500));
        assert_eq!((books.player(1), books.seat(1)), (500, 500));
        books.assert_balanced();
    }

    #[test]
    fn a_retried_buy_in_seats_once_and_answers_the_same() {
        let mut books = Books::new();
        assert_eq!(books.run(buy_in(1, 300, "b")), Ok(300));
        assert_eq!(books.run(buy_in(1, 300, "b")), Ok(300));
        assert_eq!((books.player(1), books.seat(1)), (700, 300));
        assert_eq!(
            books.refused(buy_in(1, 301, "b")),
            BankError::ReferenceReused {
                reference: "b".into()
            }
        );
    }

    #[test]
    fn a_buy_in_of_no_chips_or_past_the_balance_is_refused() {
        let mut books = Books::new();
        assert_eq!(books.refused(buy_in(1, 0, "b0")), BankError::ZeroAmount);
        assert_eq!(
            books.refused(buy_in(1, 1_001, "b1")),
            BankError::InsufficientFunds {
                balance: 1_000,
                needed: 1_001
            }
        );
        assert_eq!(books.run(buy_in(1, 1_000, "b2")), Ok(1_000));
    }

    #[test]
    fn a_player_in_the_hand_in_progress_cannot_buy_in_until_it_settles() {
        let mut books = Books::new();
        books.buy_in(1, 300);
        books.buy_in(2, 300);
        books.begin(1).unwrap();
        assert_eq!(
            books.refused(buy_in(1, 100, "b")),
            BankError::HandInProgress {
                table: TABLE,
                hand: 1
            }
        );
        books
            .settle(1, &[outcome(1, 300, 200), outcome(2, 300, 400)])
            .unwrap();
        assert_eq!(books.run(buy_in(1, 100, "b")), Ok(300));
    }
}
