//! A player unregisters before the start: their buy-in goes back to their balance. After
//! the start nobody leaves with chips (sitting out is the table's business), so it is
//! refused, as is unregistering someone not registered.

use super::tournament_entry::refuse_unless_registering;
use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tournaments::{self, TournamentId};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

#[derive(Clone)]
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

#[cfg(test)]
mod tests {
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::{BankError, UserId};

    #[tokio::test]
    async fn unregistering_refunds_that_entrant_only_and_a_retry_answers_the_same() {
        let bank = open_bank().await;
        let id = open_with(&bank, 4, 100, 3).await;
        assert_eq!(
            bank.unregister_tournament(GUILD, id, UserId(2), "u2").await,
            Ok(100)
        );
        assert_eq!(
            bank.unregister_tournament(GUILD, id, UserId(2), "u2").await,
            Ok(100)
        );
        assert_eq!(
            bank.unregister_tournament(GUILD, id, UserId(2), "u2 again")
                .await,
            Err(BankError::NotRegistered { tournament: id })
        );
        assert_eq!(
            bank.unregister_tournament(GUILD, id, UserId(3), "u3").await,
            Ok(100)
        );
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.entrants, vec![UserId(1)]);
        assert_eq!(balance(&bank, 1).await, STARTING - 100);
        assert_eq!(balance(&bank, 2).await, STARTING);
        assert_eq!(balance(&bank, 3).await, STARTING);
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn unregistering_from_a_freeroll_refunds_nothing_and_moves_no_chip() {
        let bank = open_bank().await;
        let id = open_with(&bank, 4, 0, 2).await;
        assert_eq!(
            bank.unregister_tournament(GUILD, id, UserId(1), "u1").await,
            Ok(0)
        );
        assert!(entries_with(&bank, "u1").await.is_empty());
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.entrants, vec![UserId(2)]);
    }

    #[tokio::test]
    async fn unregistering_after_the_start_is_refused_and_refunds_nothing() {
        let bank = open_bank().await;
        let id = open_with(&bank, 2, 100, 2).await;
        assert_eq!(
            bank.unregister_tournament(GUILD, id, UserId(1), "u1").await,
            Err(BankError::TournamentStarted { tournament: id })
        );
        assert_eq!(balance(&bank, 1).await, STARTING - 100);
    }
}
