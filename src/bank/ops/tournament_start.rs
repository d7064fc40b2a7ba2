//! A sit & go starts: every entrant gets the structure's starting stack and the prize pool
//! is the buy-ins. It starts by itself when its seats fill; a moderator starts it earlier
//! with at least two entrants (fewer are refused, changing nothing).

use super::tournament_register::refuse_unless_registering;
use super::{Once, Operation};
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, GuildId};
use crate::tournament::Tournament;

pub(crate) struct StartTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub reference: String,
}

/// Starts a registering tournament with its entrants (at least two).
pub(super) fn start(state: &mut TournamentState) -> Result<(), BankError> {
    let entrants = state.entrants.len();
    if entrants < 2 {
        return Err(BankError::TooFewEntrants {
            tournament: state.id,
            entrants,
        });
    }
    let tournament = Tournament::start(state.settings.clone(), entrants)
        .map_err(|error| BankError::BadTournament(error.to_string()))?;
    state.phase = TournamentPhase::Running(tournament);
    Ok(())
}

impl Operation for StartTournament {
    type Output = ();

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("tournament_start {}", self.tournament.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let mut state = tournaments::read_in_guild(draft, self.guild, self.tournament)?;
        refuse_unless_registering(&state.phase, self.tournament)?;
        start(&mut state)?;
        tournaments::write(draft, &state);
        Ok(())
    }
}
