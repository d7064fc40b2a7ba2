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
