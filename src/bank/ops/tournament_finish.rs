//! What every sit & go operation that decides places does with them, in its own
//! transaction: each prize decided is paid to the place's balance (a computer's to the
//! guild's house) and the finish added to the entrant's stats (`pay_prizes_due`), so a
//! prize is paid in the transaction of the hand that put its player out (docs/RULES.md,
//! "Prizes are paid at the bust") and a crash either leaves that hand unrecorded and
//! nothing paid, or everything paid: never a part, never twice. When the sit & go is over
//! (the last hand, or a deal), `finish` marks it finished: every prize paid sums to the
//! prize pool exactly (the core's division), which leaves the escrow empty, and it takes
//! away what only a live one needs (its pause, its allowance of computer players, a pending
//! cancel) and marks its result as still to announce (`tournaments::set_unannounced`): the
//! post comes after the commit, and a crash between them must not lose it.

use super::Operation;
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::references;
use crate::bank::stats::{self, TournamentResult};
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::{self, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts};
use crate::tournament::Tournament;

/// Pays every prize `tournament` has decided and not yet paid, out of `state`'s escrow, and
/// adds each of those finishes to its entrant's stats; answers what was paid, in the order
/// decided (0 for an unpaid place).
pub(super) fn pay_prizes_due(
    draft: &mut Draft<'_>,
    state: &TournamentState,
    tournament: &mut Tournament,
) -> Result<Payouts, BankError> {
    let reference = references::payout_reference(state.id);
    let mut paid = Vec::new();
    for finish in tournament.prizes_due() {
        let user = state
            .entrant(finish.seat)
            .ok_or_else(|| BankError::Storage(format!("no entrant at seat {}", finish.seat)))?;
        if finish.prize > 0 {
            accounts::transfer(
                draft,
                state.id.escrow(),
                Account::owner(state.guild, user),
                finish.prize,
                Reason::TournamentPayout,
                &reference,
            )?;
        }
        stats::record_tournament(
            draft,
            state.guild,
            &TournamentResult {
                user,
                buy_in: state.settings.buy_in,
                paid: finish.prize,
                place: Some(finish.place),
            },
        )?;
        paid.push((user, finish.prize));
    }
    tournament.mark_prizes_paid();
    Ok(paid)
}

/// Marks the sit & go over (won, or ended by a deal): its prizes are all paid (with
/// [`pay_prizes_due`] first), what only a live one keeps goes, and its result is to
/// announce.
pub(super) fn finish(
    draft: &mut Draft<'_>,
    state: &mut TournamentState,
    tournament: Tournament,
) -> Result<(), BankError> {
    let Some(payouts) = tournament.payouts() else {
        return Err(BankError::TournamentNotRunning {
            tournament: state.id,
        });
    };
    let paid: Payouts = payouts
        .iter()
        .map(|payout| {
            state
                .entrant(payout.seat)
                .map(|user| (user, payout.chips))
                .ok_or_else(|| BankError::Storage(format!("no entrant at seat {}", payout.seat)))
        })
        .collect::<Result<_, _>>()?;
    tournaments::set_unannounced(draft, state.id, true);
    state.deal = None;
    state.phase = TournamentPhase::Finished {
        tournament,
        payouts: paid,
    };
    Ok(())
}

/// Adds results of a cancelled sit & go to its entrants' stats.
pub(super) fn record_results(
    draft: &mut Draft<'_>,
    state: &TournamentState,
    results: &[TournamentResult],
) -> Result<(), BankError> {
    for result in results {
        stats::record_tournament(draft, state.guild, result)?;
    }
    Ok(())
}

/// The result of finished sit & go `tournament` was posted: it is no longer to announce.
/// Idempotent (a post confirmed twice clears nothing more); refused for a tournament of
/// another guild.
#[derive(Clone)]
pub(crate) struct TournamentResultAnnounced {
    pub guild: GuildId,
    pub tournament: TournamentId,
}

impl Operation for TournamentResultAnnounced {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        tournaments::read_in_guild(draft, self.guild, self.tournament)?;
        tournaments::set_unannounced(draft, self.tournament, false);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::GuildId;
    use crate::bank::TournamentPhase;
    use crate::bank::TournamentStats;
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::references;

    #[tokio::test]
    async fn a_finished_sit_and_go_pays_each_paid_place_under_its_payout_reference_and_counts_it_in_the_stats()
     {
        let bank = open_bank().await;
        // Five entrants of 100: 65/35 of 500, three places paid nothing.
        let id = open_with(&bank, 5, 100, 5).await;
        let places = play_out(&bank, id).await;
        let (winner, second) = (places[0].0, places[1].0);
        assert_eq!((places[0].2, places[1].2), (325, 175));
        let payouts = entries_with(&bank, &references::payout_reference(id)).await;
        let mut paid: Vec<u64> = payouts.iter().map(|entry| entry.amount).collect();
        paid.sort_unstable();
        assert_eq!(paid, vec![175, 325], "one movement per paid place only");
        assert_eq!(balance(&bank, winner.0).await, STARTING - 100 + 325);
        assert_eq!(balance(&bank, second.0).await, STARTING - 100 + 175);
        for &(user, _, _) in &places[2..] {
            assert_eq!(balance(&bank, user.0).await, STARTING - 100);
        }
        let state = bank.tournament(id).await.unwrap().expect("known");
        match state.phase {
            TournamentPhase::Finished { payouts, .. } => {
                assert_eq!(payouts.len(), 5);
                assert!(payouts.contains(&(winner, 325)));
            }
            other => panic!("not finished: {other:?}"),
        }
        assert_eq!(
            bank.tournament_stats(GUILD, winner).await.unwrap(),
            TournamentStats {
                entries: 1,
                wins: 1,
                cashes: 1,
                net: 225
            }
        );
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_finished_sit_and_go_keeps_no_allowance_of_computer_players() {
        let bank = open_bank().await;
        let id = open_with_computers(&bank, 3, 100, 1, 2).await;
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        assert_eq!(bank.tournament_computer_players(id).await.unwrap(), 1);
        play_out(&bank, id).await;
        assert_eq!(bank.tournament_computer_players(id).await.unwrap(), 0);
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_finished_sit_and_go_is_to_announce_until_its_own_guild_says_its_result_was_posted() {
        let bank = open_bank().await;
        let id = open_with(&bank, 2, 100, 2).await;
        play_out(&bank, id).await;
        assert_eq!(bank.unannounced_tournaments().await, Ok(vec![id]));
        assert!(
            bank.tournament_result_announced(GuildId(8), id)
                .await
                .is_err(),
            "another guild's word is refused"
        );
        assert_eq!(bank.unannounced_tournaments().await, Ok(vec![id]));
        bank.tournament_result_announced(GUILD, id).await.unwrap();
        assert_eq!(bank.unannounced_tournaments().await, Ok(Vec::new()));
        // Said twice (a post confirmed again), it clears nothing more.
        bank.tournament_result_announced(GUILD, id).await.unwrap();
        assert_eq!(bank.unannounced_tournaments().await, Ok(Vec::new()));
    }
}
