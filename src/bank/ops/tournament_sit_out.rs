//! A running sit & go's player sits out, or comes back: who sits out is kept beside the
//! record (`tournament_live`), so a restart deals on without waiting two timers for each of
//! them again. Idempotent by what it sets (no reference); refused for a sit & go not running
//! and for someone who is not one of its players still in.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::tournament_live::{self, SatOut};
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

#[derive(Clone)]
pub(crate) struct SetTournamentSittingOut {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub user: UserId,
    /// Sitting out (`Some`: whether for timeouts), or back in (`None`).
    pub away: Option<bool>,
}

impl Operation for SetTournamentSittingOut {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let SetTournamentSittingOut {
            guild,
            tournament,
            user,
            away,
        } = self;
        let state = tournaments::read_in_guild(draft, guild, tournament)?;
        let TournamentPhase::Running(running) = &state.phase else {
            return Err(match state.phase {
                TournamentPhase::Registering => BankError::TournamentNotRunning { tournament },
                _ => BankError::TournamentOver { tournament },
            });
        };
        let still_in = state
            .entrants
            .iter()
            .position(|&entrant| entrant == user)
            .is_some_and(|seat| running.stacks().get(seat).is_some_and(|&stack| stack > 0));
        if !still_in {
            return Err(BankError::NotRegistered { tournament });
        }
        let mut sitting_out = tournament_live::sitting_out(draft, tournament)?;
        sitting_out.retain(|sat_out| sat_out.user != user);
        if let Some(timed_out) = away {
            sitting_out.push(SatOut { user, timed_out });
        }
        tournament_live::set_sitting_out(draft, tournament, &sitting_out);
        Ok(())
    }
}

/// A running sit & go's table starts a new series of deals (it opens, at the start or after a
/// restart, or deals a hand again): answers the new series' number, from 0. Its buttons carry
/// it, so that no board of a deal cut short can act on the deal that replaces it. Without a
/// reference: a retry only skips a number.
#[derive(Clone)]
pub(crate) struct NewDealSeries {
    pub guild: GuildId,
    pub tournament: TournamentId,
}

impl Operation for NewDealSeries {
    type Output = u64;

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        let NewDealSeries { guild, tournament } = self;
        let state = tournaments::read_in_guild(draft, guild, tournament)?;
        if !matches!(state.phase, TournamentPhase::Running(_)) {
            return Err(BankError::TournamentNotRunning { tournament });
        }
        let series = tournament_live::deal_series(draft, tournament)?;
        let after = series.checked_add(1).ok_or(BankError::Overflow)?;
        tournament_live::set_deal_series(draft, tournament, after);
        Ok(series)
    }
}
