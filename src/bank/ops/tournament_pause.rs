//! A moderator pauses or resumes a sit & go's table: the pause is stored beside the
//! tournament's record (`tournaments::set_paused`), so that a restart reopens the table
//! paused. Only a running sit & go can be paused; a resume is taken in any phase (there is
//! nothing left to clear once it finished or was cancelled, which clear it themselves).

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId};

pub(crate) struct PauseTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    /// Paused (`true`) or resumed.
    pub paused: bool,
}

impl Operation for PauseTournament {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let PauseTournament {
            guild,
            tournament,
            paused,
        } = self;
        let state = tournaments::read_in_guild(draft, guild, tournament)?;
        if paused {
            match state.phase {
                TournamentPhase::Running(_) => {}
                TournamentPhase::Registering => {
                    return Err(BankError::TournamentNotRunning { tournament });
                }
                TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
                    return Err(BankError::TournamentOver { tournament });
                }
            }
        }
        tournaments::set_paused(draft, tournament, paused);
        Ok(())
    }
}
