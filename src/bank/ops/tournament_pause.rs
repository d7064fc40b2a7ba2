//! A moderator pauses or resumes a sit & go's table: the pause is stored beside the
//! tournament's record (`tournaments::set_paused`), so that a restart reopens the table
//! paused. Only a running sit & go can be paused; a resume is taken in any phase (there is
//! nothing left to clear once it finished or was cancelled, which clear it themselves).

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId};

#[derive(Clone)]
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

#[cfg(test)]
mod tests {
    use crate::bank::BankError;
    use crate::bank::ops::tournament_testkit::*;

    #[tokio::test]
    async fn a_running_sit_and_go_is_paused_and_resumed_and_one_registering_is_refused() {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 100, 2).await;
        assert_eq!(
            bank.pause_tournament(GUILD, id, true).await,
            Err(BankError::TournamentNotRunning { tournament: id })
        );
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        bank.pause_tournament(GUILD, id, true).await.unwrap();
        assert!(bank.tournament_paused(id).await.unwrap());
        bank.pause_tournament(GUILD, id, false).await.unwrap();
        assert!(!bank.tournament_paused(id).await.unwrap());
    }
}
