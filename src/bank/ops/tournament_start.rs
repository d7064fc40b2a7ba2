//! A sit & go starts: every entrant gets the structure's starting stack and the prize pool
//! is the buy-ins. It starts by itself when its seats fill; a moderator starts it earlier
//! with at least two entrants (fewer are refused, changing nothing). Where the moderator who
//! opened it allowed computer players, a moderator's start first fills that many free seats
//! with them, their buy-ins the house's, in the same transaction; computers never fill a
//! sit & go nobody has entered.

use super::tournament_register::{enter, refuse_unless_registering};
use super::{Once, Operation};
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};
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

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<(), BankError> {
        let mut state = tournaments::read_in_guild(draft, self.guild, self.tournament)?;
        refuse_unless_registering(&state.phase, self.tournament)?;
        fill_with_computers(draft, config, &mut state, &self.reference)?;
        start(&mut state)?;
        tournaments::write(draft, &state);
        Ok(())
    }
}

/// Enters computer players in the free seats, as many as were allowed, numbered by the seat
/// they take; none where nobody entered.
fn fill_with_computers(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    state: &mut TournamentState,
    reference: &str,
) -> Result<(), BankError> {
    if state.entrants.iter().all(|user| user.is_computer()) {
        return Ok(());
    }
    let allowed = tournaments::computer_allowance(draft, state.id)?;
    let free = state.seats.saturating_sub(state.entrants.len());
    for _ in 0..allowed.min(free) {
        let seat = state.entrants.len();
        let computer = u8::try_from(seat)
            .map(UserId::computer)
            .map_err(|_| BankError::Storage(format!("seat {seat}")))?;
        enter(
            draft,
            config,
            state,
            computer,
            &format!("{reference}:computer:{seat}"),
        )?;
    }
    Ok(())
}
