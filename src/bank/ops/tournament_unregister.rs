//! A player unregisters before the start: their buy-in goes back to their balance. After
//! the start nobody leaves with chips (sitting out is the table's business), so it is
//! refused, as is unregistering someone not registered.

use super::tournament_register::refuse_unless_registering;
use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tournaments::{self, TournamentId};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

pub(crate) struct UnregisterTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub user: UserId,
    pub reference: String,
}

impl Operation for UnregisterTournament {
    /// The chips refunded.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!(
                "tournament_unregister {} {}",
                self.tournament.0, self.user.0
            ),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        let UnregisterTournament {
            guild,
            tournament,
            user,
            reference,
        } = self;
        let mut state = tournaments::read_in_guild(draft, guild, tournament)?;
        refuse_unless_registering(&state.phase, tournament)?;
        let Some(index) = state.entrants.iter().position(|&entrant| entrant == user) else {
            return Err(BankError::NotRegistered { tournament });
        };
        let refund = state.settings.buy_in;
        if refund > 0 {
            accounts::transfer(
                draft,
                tournament.escrow(),
                Account::owner(guild, user),
                refund,
                Reason::TournamentRefund,
                &reference,
            )?;
        }
        state.entrants.remove(index);
        tournaments::write(draft, &state);
        Ok(refund)
    }
}
