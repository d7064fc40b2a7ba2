//! Entering a sit & go, as registration, a moderator's start filling seats with computer
//! players, and unregistration all need it: refusing a tournament no longer registering, and
//! entering one player with their buy-in. A leaf those operations share.

use super::house_buy_in::fund_house;
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tournaments::{TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, UserId};

/// Refuses anything but registration to a tournament no longer registering.
pub(super) fn refuse_unless_registering(
    phase: &TournamentPhase,
    tournament: TournamentId,
) -> Result<(), BankError> {
    match phase {
        TournamentPhase::Registering => Ok(()),
        TournamentPhase::Running(_) => Err(BankError::TournamentStarted { tournament }),
        TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
            Err(BankError::TournamentOver { tournament })
        }
    }
}

/// Enters `user` in a registering `state` (not yet written), moving their buy-in into the
/// prize pool: from their balance, or for a computer player from the guild's house.
/// Refused, changing nothing, for someone already in, a full field or a short balance.
pub(super) fn enter(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    state: &mut TournamentState,
    user: UserId,
    reference: &str,
) -> Result<(), BankError> {
    let (guild, tournament) = (state.guild, state.id);
    if state.entrants.contains(&user) {
        return Err(BankError::AlreadyRegistered { tournament });
    }
    if state.entrants.len() >= state.seats {
        return Err(BankError::TournamentFull {
            tournament,
            seats: state.seats,
        });
    }
    let buy_in = state.settings.buy_in;
    // A computer player's buy-in is the house's, never a player account's.
    let from = if user.is_computer() {
        if buy_in > 0 {
            fund_house(draft, config, guild, buy_in, reference)?
        } else {
            Account::House { guild }
        }
    } else {
        accounts::ensure_player(draft, config, guild, user)?;
        Account::Player { guild, user }
    };
    if buy_in > 0 {
        accounts::transfer(
            draft,
            from,
            tournament.escrow(),
            buy_in,
            Reason::TournamentBuyIn,
            reference,
        )?;
    }
    state.entrants.push(user);
    Ok(())
}
