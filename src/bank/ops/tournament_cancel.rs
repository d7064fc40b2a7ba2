//! A sit & go is cancelled, in one transaction. Before the start every buy-in goes back to
//! its entrant; after it the prize pool is divided among the players still in, in
//! proportion to their chips (a place already finished keeps nothing, since the tournament
//! never finished). Either way the escrow is left empty, and its pause and its allowance of
//! computer players go with it. A tournament over is refused.
//!
//! In the stats a refund is no result: a tournament cancelled before its start counts for
//! nobody. One cancelled after it counts an entry for each entrant and what their share
//! made of their buy-in, but no win and no cash, since nobody finished in a place.

use super::tournament_finish::record_results;
use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::stats::TournamentResult;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts};

#[derive(Clone)]
pub(crate) struct CancelTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub reference: String,
}

impl Operation for CancelTournament {
    /// What each entrant was paid back, in seat order (0 for those out).
    type Output = Payouts;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("tournament_cancel {}", self.tournament.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<Payouts, BankError> {
        let CancelTournament {
            guild,
            tournament: id,
            reference,
        } = self;
        let mut state = tournaments::read_in_guild(draft, guild, id)?;
        let (tournament, shares, reason) = match &state.phase {
            TournamentPhase::Registering => (
                None,
                vec![state.settings.buy_in; state.entrants.len()],
                Reason::TournamentRefund,
            ),
            TournamentPhase::Running(tournament) => {
                let shares = tournament
                    .cancel_shares()
                    .ok_or(BankError::TournamentOver { tournament: id })?;
                (Some(tournament.clone()), shares, Reason::TournamentPayout)
            }
            TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
                return Err(BankError::TournamentOver { tournament: id });
            }
        };
        let mut paid = Vec::with_capacity(shares.len());
        for (&user, &chips) in state.entrants.iter().zip(&shares) {
            if chips > 0 {
                accounts::transfer(
                    draft,
                    id.escrow(),
                    Account::owner(guild, user),
                    chips,
                    reason.clone(),
                    &reference,
                )?;
            }
            paid.push((user, chips));
        }
        if tournament.is_some() {
            let results: Vec<TournamentResult> = paid
                .iter()
                .map(|&(user, chips)| TournamentResult {
                    user,
                    buy_in: state.settings.buy_in,
                    paid: chips,
                    place: None,
                })
                .collect();
            record_results(draft, &state, &results)?;
        }
        let answer = paid.clone();
        tournaments::set_paused(draft, id, false);
        tournaments::remove_computer_allowance(draft, id);
        tournaments::remove_time_banks(draft, id);
        state.phase = TournamentPhase::Cancelled { tournament, paid };
        tournaments::write(draft, &state);
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::{BankError, TableId, TournamentPhase, TournamentStats, UserId};

    #[tokio::test]
    async fn a_cancel_before_the_start_refunds_every_buy_in_and_a_retry_answers_the_same() {
        let bank = open_bank().await;
        let id = open_with(&bank, 4, 100, 2).await;
        let paid = bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert_eq!(paid, vec![(UserId(1), 100), (UserId(2), 100)]);
        assert_eq!(balance(&bank, 1).await, STARTING);
        assert_eq!(balance(&bank, 2).await, STARTING);
        // The same reference again is the same cancel, answered as it was.
        let again = bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert_eq!(again, paid);
        // A cancel of its own is refused: it is over.
        let refused = bank.cancel_tournament(GUILD, id, "cancel again").await;
        assert_eq!(refused, Err(BankError::TournamentOver { tournament: id }));
        assert!(
            bank.tournament_stats(GUILD, UserId(1)).await.unwrap() == TournamentStats::default()
        );
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn two_cancels_of_two_sit_and_gos_each_cancel_their_own() {
        let bank = open_bank().await;
        let first = open_with(&bank, 4, 100, 1).await;
        let second = bank
            .open_tournament(GUILD, TableId(41), 4, settings(50), "open second")
            .await
            .unwrap();
        bank.register_tournament(GUILD, second, UserId(2), "register second")
            .await
            .unwrap();
        assert_eq!(
            bank.cancel_tournament(GUILD, first, "cancel first")
                .await
                .unwrap(),
            vec![(UserId(1), 100)]
        );
        assert_eq!(
            bank.cancel_tournament(GUILD, second, "cancel second")
                .await
                .unwrap(),
            vec![(UserId(2), 50)]
        );
        for id in [first, second] {
            let state = bank.tournament(id).await.unwrap().expect("known");
            assert!(
                matches!(state.phase, TournamentPhase::Cancelled { .. }),
                "{:?}",
                state.phase
            );
        }
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_cancel_after_the_start_divides_the_pool_among_the_players_still_in_and_pays_none_out()
     {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 100, 3).await;
        // The first hand busts one player: two are left with every chip between them.
        let (hand, stacks) = next_hand_busting_the_last(&bank, id).await;
        bank.record_tournament_hand(GUILD, id, hand, &stacks)
            .await
            .unwrap();
        let paid = bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert_eq!(paid.len(), 3);
        assert_eq!(paid.iter().map(|(_, chips)| chips).sum::<u64>(), 300);
        let out: Vec<_> = paid.iter().filter(|(_, chips)| *chips == 0).collect();
        assert_eq!(out.len(), 1, "{paid:?}");
        let movements = entries_with(&bank, "cancel").await;
        assert_eq!(
            movements.len(),
            2,
            "one movement per share, none of 0 chips"
        );
        for &(user, chips) in &paid {
            assert_eq!(balance(&bank, user.0).await, STARTING - 100 + chips);
            let stats = bank.tournament_stats(GUILD, user).await.unwrap();
            assert_eq!((stats.entries, stats.wins, stats.cashes), (1, 0, 0));
            assert_eq!(stats.net, chips as i64 - 100);
        }
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_cancelled_sit_and_go_keeps_no_allowance_of_computer_players() {
        let bank = open_bank().await;
        let id = open_with_computers(&bank, 4, 100, 2, 1).await;
        assert_eq!(bank.tournament_computer_players(id).await.unwrap(), 2);
        bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert_eq!(bank.tournament_computer_players(id).await.unwrap(), 0);
        assert_books_balance(&bank).await;
    }
}
