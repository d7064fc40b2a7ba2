//! A moderator creates chips for a player (a grant, from the guild's mint) or destroys some
//! of theirs (a take, into the mint): one operation, its direction an argument.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

/// Which way a moderator moves chips between a player and the guild's mint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MintMove {
    /// Chips created for the player.
    Grant,
    /// Chips of the player destroyed.
    Take,
}

#[derive(Clone)]
pub(crate) struct Moderate {
    pub guild: GuildId,
    pub moderator: UserId,
    pub user: UserId,
    pub amount: u64,
    pub direction: MintMove,
    pub reference: String,
}

impl Operation for Moderate {
    /// The player's new balance.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        let verb = match self.direction {
            MintMove::Grant => "grant",
            MintMove::Take => "take",
        };
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!(
                "{verb} {} {} {}",
                self.moderator.0, self.user.0, self.amount
            ),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<u64, BankError> {
        let Moderate {
            guild,
            moderator,
            user,
            amount,
            direction,
            reference,
        } = self;
        if amount == 0 {
            return Err(BankError::ZeroAmount);
        }
        accounts::ensure_player(draft, config, guild, user)?;
        let (player, mint) = (Account::Player { guild, user }, Account::Mint { guild });
        let (from, to, reason) = match direction {
            MintMove::Grant => (mint, player, Reason::Grant { by: moderator }),
            MintMove::Take => (player, mint, Reason::Take { by: moderator }),
        };
        accounts::transfer(draft, from, to, amount, reason, &reference)?;
        accounts::chips(draft, player)
    }
}

#[cfg(test)]
mod tests {
    use super::{MintMove, Moderate};
    use crate::bank::ops::testing::{Books, GUILD};
    use crate::bank::{BankError, UserId};

    fn moderate(direction: MintMove, amount: u64, reference: &str) -> Moderate {
        Moderate {
            guild: GUILD,
            moderator: UserId(9),
            user: UserId(1),
            amount,
            direction,
            reference: reference.into(),
        }
    }

    #[test]
    fn a_grant_creates_chips_for_the_player_and_answers_the_balance() {
        let mut books = Books::new();
        assert_eq!(books.run(moderate(MintMove::Grant, 500, "g")), Ok(1_500));
        assert_eq!(books.mint(), -1_500);
        books.assert_balanced();
    }

    #[test]
    fn a_take_destroys_chips_of_the_player_and_answers_the_balance() {
        let mut books = Books::new();
        assert_eq!(books.run(moderate(MintMove::Take, 300, "t")), Ok(700));
        assert_eq!(books.mint(), -700);
        books.assert_balanced();
    }

    #[test]
    fn a_take_past_the_balance_is_refused() {
        let mut books = Books::new();
        books.run(moderate(MintMove::Take, 1_000, "all")).unwrap();
        assert_eq!(
            books.refused(moderate(MintMove::Take, 1, "more")),
            BankError::InsufficientFunds {
                balance: 0,
                needed: 1
            }
        );
    }

    #[test]
    fn a_grant_or_take_of_no_chips_is_refused() {
        let mut books = Books::new();
        assert_eq!(
            books.refused(moderate(MintMove::Grant, 0, "g")),
            BankError::ZeroAmount
        );
        assert_eq!(
            books.refused(moderate(MintMove::Take, 0, "t")),
            BankError::ZeroAmount
        );
    }

    #[test]
    fn a_retried_grant_grants_once_and_its_reference_on_a_take_is_refused() {
        let mut books = Books::new();
        assert_eq!(books.run(moderate(MintMove::Grant, 500, "m")), Ok(1_500));
        assert_eq!(books.run(moderate(MintMove::Grant, 500, "m")), Ok(1_500));
        assert_eq!(books.player(1), 1_500);
        assert_eq!(
            books.refused(moderate(MintMove::Take, 500, "m")),
            BankError::ReferenceReused {
                reference: "m".into()
            }
        );
    }
}
