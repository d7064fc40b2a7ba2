//! The time banks of a running sit & go's players (`tournaments::set_time_banks`), kept so
//! that a restart deals on with each bank as it was when the last hand ended. Only a running
//! sit & go keeps them; its finish and its cancel take them away.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId};

#[derive(Clone)]
pub(crate) struct SaveTournamentTimeBanks {
    pub guild: GuildId,
    pub tournament: TournamentId,
    /// Each entrant's time bank in milliseconds, by tournament seat.
    pub millis: Vec<u64>,
}

impl Operation for SaveTournamentTimeBanks {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let SaveTournamentTimeBanks {
            guild,
            tournament,
            millis,
        } = self;
        let state = tournaments::read_in_guild(draft, guild, tournament)?;
        match state.phase {
            TournamentPhase::Running(_) => {}
            TournamentPhase::Registering => {
                return Err(BankError::TournamentNotRunning { tournament });
            }
            TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
                return Err(BankError::TournamentOver { tournament });
            }
        }
        tournaments::set_time_banks(draft, tournament, &millis);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::BankError;
    use crate::bank::ops::tournament_testkit::*;

    #[tokio::test]
    async fn a_running_sit_and_gos_time_banks_are_kept_until_it_ends() {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 100, 2).await;
        assert_eq!(
            bank.save_tournament_time_banks(GUILD, id, vec![1, 2]).await,
            Err(BankError::TournamentNotRunning { tournament: id })
        );
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        assert_eq!(bank.tournament_time_banks(id).await.unwrap(), None);
        bank.save_tournament_time_banks(GUILD, id, vec![60_000, 45_500])
            .await
            .unwrap();
        assert_eq!(
            bank.tournament_time_banks(id).await.unwrap(),
            Some(vec![60_000, 45_500])
        );
        bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert_eq!(bank.tournament_time_banks(id).await.unwrap(), None);
        assert_eq!(
            bank.save_tournament_time_banks(GUILD, id, vec![1, 2]).await,
            Err(BankError::TournamentOver { tournament: id })
        );
    }
}
