//! A player registers for a sit & go: the buy-in moves from their balance into its prize
//! pool at once (nothing for a freeroll), and the sit & go starts by itself when its seats
//! are full. A computer player's buy-in comes from the guild's house (the mint filling what
//! it lacks, as for a computer's buy-in at a table). Refused, changing nothing: a balance short of the buy-in, registering twice,
//! a tournament already started or over.

use super::tournament_entry::{enter, refuse_unless_registering};
use super::tournament_start::start;
use super::{Once, Operation};
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, TournamentId};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

#[derive(Clone)]
pub(crate) struct RegisterTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub user: UserId,
    /// Draws the seats when this registration fills the last one (not part of the
    /// fingerprint).
    pub seat_seed: u64,
    pub reference: String,
}

impl Operation for RegisterTournament {
    /// How many have entered, this player included.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("tournament_register {} {}", self.tournament.0, self.user.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<u64, BankError> {
        let RegisterTournament {
            guild,
            tournament,
            user,
            seat_seed,
            reference,
        } = self;
        let mut state = tournaments::read_in_guild(draft, guild, tournament)?;
        refuse_unless_registering(&state.phase, tournament)?;
        enter(draft, config, &mut state, user, &reference)?;
        if state.entrants.len() == state.seats {
            start(&mut state, seat_seed)?;
        }
        tournaments::write(draft, &state);
        Ok(state.entrants.len() as u64)
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::{BankError, UserId};

    #[tokio::test]
    async fn registering_moves_the_buy_in_answers_the_count_and_a_retry_answers_the_same() {
        let bank = open_bank().await;
        let id = bank
            .open_tournament(GUILD, CHANNEL, 3, settings(100), "open")
            .await
            .unwrap();
        assert_eq!(
            bank.register_tournament(GUILD, id, UserId(1), "r1").await,
            Ok(1)
        );
        assert_eq!(
            bank.register_tournament(GUILD, id, UserId(1), "r1").await,
            Ok(1)
        );
        assert_eq!(
            bank.register_tournament(GUILD, id, UserId(1), "r1 again")
                .await,
            Err(BankError::AlreadyRegistered { tournament: id })
        );
        assert_eq!(
            bank.register_tournament(GUILD, id, UserId(2), "r2").await,
            Ok(2)
        );
        assert_eq!(balance(&bank, 1).await, STARTING - 100);
        assert_eq!(balance(&bank, 2).await, STARTING - 100);
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.entrants, vec![UserId(1), UserId(2)]);
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn registering_for_a_freeroll_moves_no_chip() {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 0, 2).await;
        assert_eq!(balance(&bank, 1).await, STARTING);
        assert!(entries_with(&bank, "register 1").await.is_empty());
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.entrants.len(), 2);
    }

    #[tokio::test]
    async fn registering_after_the_start_or_the_cancel_is_refused_and_moves_nothing() {
        let bank = open_bank().await;
        let id = open_with(&bank, 2, 100, 2).await;
        assert_eq!(
            bank.register_tournament(GUILD, id, UserId(3), "late").await,
            Err(BankError::TournamentStarted { tournament: id })
        );
        bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert_eq!(
            bank.register_tournament(GUILD, id, UserId(3), "later")
                .await,
            Err(BankError::TournamentOver { tournament: id })
        );
        assert_eq!(balance(&bank, 3).await, STARTING);
        assert_books_balance(&bank).await;
    }
}
