//! A sit & go starts: the seats are drawn at random (docs/RULES.md, "Seats": the entrants
//! are put in seat order, from a seed the caller drew, so a retry draws the same), every
//! entrant gets the structure's starting stack and the prize pool is the buy-ins and any
//! added prize. It starts by itself when its seats fill; a moderator starts it earlier
//! with at least two entrants (fewer are refused, changing nothing). Where the moderator who
//! opened it allowed computer players, a moderator's start first fills that many free seats
//! with them, their buy-ins the house's, in the same transaction; computers never fill a
//! sit & go nobody has entered.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha20Rng;

use super::tournament_entry::{enter, refuse_unless_registering};
use super::tournament_open::refusal_of;
use super::{Once, Operation};
use crate::bank::ledger::Draft;
use crate::bank::references;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};
use crate::tournament::Tournament;

#[derive(Clone)]
pub(crate) struct StartTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    /// Draws the seats (not part of the fingerprint: a retry with another seed is the same
    /// start, answered as it was).
    pub seat_seed: u64,
    pub reference: String,
}

/// Starts a registering tournament with its entrants (at least two), drawing their seats
/// from `seat_seed`.
pub(super) fn start(state: &mut TournamentState, seat_seed: u64) -> Result<(), BankError> {
    let entrants = state.entrants.len();
    if entrants < 2 {
        return Err(BankError::TooFewEntrants {
            tournament: state.id,
            entrants,
        });
    }
    let tournament = Tournament::start(state.settings.clone(), entrants).map_err(refusal_of)?;
    state
        .entrants
        .shuffle(&mut ChaCha20Rng::seed_from_u64(seat_seed));
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
        start(&mut state, self.seat_seed)?;
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
            &references::computer_entry_reference(reference, seat),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::{BankError, TableId, TournamentPhase, UserId};

    #[tokio::test]
    async fn a_moderators_start_takes_two_entrants_and_refuses_one() {
        let bank = open_bank().await;
        let id = open_with(&bank, 4, 100, 1).await;
        let refused = bank.start_tournament(GUILD, id, "start alone").await;
        assert_eq!(
            refused,
            Err(BankError::TooFewEntrants {
                tournament: id,
                entrants: 1
            })
        );
        bank.register_tournament(GUILD, id, UserId(2), "register 2")
            .await
            .unwrap();
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        assert_eq!(
            running(&bank, id)
                .await
                .next_hand()
                .map(|hand| hand.stacks.len()),
            Some(2)
        );
        // A retry of the same start is the same start; another start is refused.
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        assert_eq!(
            bank.start_tournament(GUILD, id, "start twice").await,
            Err(BankError::TournamentStarted { tournament: id })
        );
    }

    #[tokio::test]
    async fn two_starts_of_two_sit_and_gos_each_start_their_own() {
        let bank = open_bank().await;
        let first = open_with(&bank, 4, 100, 2).await;
        let second = bank
            .open_tournament(GUILD, TableId(41), 4, settings(100), "open second")
            .await
            .unwrap();
        for n in 3..=4 {
            bank.register_tournament(GUILD, second, UserId(n), &format!("second {n}"))
                .await
                .unwrap();
        }
        bank.start_tournament(GUILD, first, "start first")
            .await
            .unwrap();
        bank.start_tournament(GUILD, second, "start second")
            .await
            .unwrap();
        running(&bank, first).await;
        running(&bank, second).await;
    }

    #[tokio::test]
    async fn a_sit_and_go_starts_by_itself_when_its_last_seat_fills() {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 100, 2).await;
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.phase, TournamentPhase::Registering);
        bank.register_tournament(GUILD, id, UserId(3), "register 3")
            .await
            .unwrap();
        running(&bank, id).await;
    }

    #[tokio::test]
    async fn a_moderators_start_fills_the_allowed_free_seats_with_computers_bought_in_by_the_house()
    {
        let bank = open_bank().await;
        let id = open_with_computers(&bank, 6, 100, 3, 2).await;
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.entrants.len(), 5);
        assert_eq!(
            state
                .entrants
                .iter()
                .filter(|user| user.is_computer())
                .count(),
            3
        );
        assert_eq!(
            running(&bank, id)
                .await
                .next_hand()
                .map(|hand| hand.stacks.len()),
            Some(5)
        );
        let house = bank.house_stats(GUILD).await.unwrap();
        assert_eq!(house.minted, 300);
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn the_start_draws_the_seats_from_its_seed_and_a_retry_keeps_them() {
        let mut seatings = std::collections::BTreeSet::new();
        for seed in 0..8 {
            let bank = open_bank().await;
            let id = open_with(&bank, 6, 100, 6 - 1).await;
            bank.start_tournament_seeded(GUILD, id, seed, "start")
                .await
                .unwrap();
            let drawn = bank.tournament(id).await.unwrap().expect("known").entrants;
            // The same start again (another seed) answers as it was: the seats stand.
            bank.start_tournament_seeded(GUILD, id, seed + 100, "start")
                .await
                .unwrap();
            let again = bank.tournament(id).await.unwrap().expect("known").entrants;
            assert_eq!(drawn, again);
            let mut sorted = drawn.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (1..=5).map(UserId).collect::<Vec<_>>());
            seatings.insert(drawn);
        }
        assert!(
            seatings.len() > 4,
            "eight seeds draw several seatings, not registration order: {seatings:?}"
        );
    }

    #[tokio::test]
    async fn computers_join_a_freeroll_with_no_chip_moved() {
        let bank = open_bank().await;
        let id = open_with_computers(&bank, 4, 0, 2, 1).await;
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.entrants.len(), 3);
        assert_eq!(bank.house_stats(GUILD).await.unwrap().minted, 0);
        assert_books_balance(&bank).await;
    }
}
