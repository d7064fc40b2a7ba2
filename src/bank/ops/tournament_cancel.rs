//! A sit & go is cancelled, in one transaction (docs/RULES.md, "Cancelling"). Before the
//! start, and after it while nobody is out, every buy-in goes back to its entrant (a
//! computer's to the house) and a prize added at the open goes back to whoever added it.
//! After a bust the prizes already paid stand, and the prizes not yet won are divided among
//! the players still in by ICM on their chips, each within the last and the first of those
//! prizes (the core's [`crate::tournament::CancelDivision`]). Either way the escrow is left
//! empty, and its pause, its allowance of computer players and a cancel waiting for its
//! hand go with it. A tournament over is refused.
//!
//! The table never cancels a hand's outcome: a running sit & go is cancelled between hands,
//! its last hand recorded (the lobby waits for the hand in play). The bank divides by the
//! stacks it recorded last.
//!
//! In the stats a refund is no result: it counts for nobody. A cancel after a bust counts an
//! entry for each player still in and what their share made of their buy-in, but no win
//! and no cash (the players out counted theirs at the bust).

use super::tournament_finish::{pay_prizes_due, record_results};
use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::stats::TournamentResult;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts};
use crate::tournament::CancelDivision;

#[derive(Clone)]
pub(crate) struct CancelTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub reference: String,
}

impl Operation for CancelTournament {
    /// What each entrant was paid back by the cancel, in seat order (0 for those out, and
    /// for those whose prize was paid at their bust).
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
        let (tournament, shares) = match &state.phase {
            TournamentPhase::Registering => (None, None),
            TournamentPhase::Running(tournament) => {
                let mut tournament = tournament.clone();
                // An older record's places may wait for their prizes: they stand.
                pay_prizes_due(draft, &state, &mut tournament)?;
                let shares = match tournament
                    .cancel_division()
                    .ok_or(BankError::TournamentOver { tournament: id })?
                {
                    CancelDivision::Refund => None,
                    CancelDivision::Shares(shares) => Some(shares),
                };
                (Some(tournament), shares)
            }
            TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
                return Err(BankError::TournamentOver { tournament: id });
            }
        };
        let paid = match shares {
            None => refund(draft, &state, &reference)?,
            Some(shares) => {
                let paid = pay_shares(draft, &state, &shares, &reference)?;
                let left = tournament
                    .as_ref()
                    .map(|played| played.players_left())
                    .unwrap_or_default();
                let results: Vec<TournamentResult> = left
                    .iter()
                    .filter_map(|&seat| {
                        Some(TournamentResult {
                            user: state.entrant(seat)?,
                            buy_in: state.settings.buy_in,
                            paid: shares.get(seat).copied().unwrap_or(0),
                            place: None,
                        })
                    })
                    .collect();
                record_results(draft, &state, &results)?;
                paid
            }
        };
        let answer = paid.clone();
        state.deal = None;
        state.phase = TournamentPhase::Cancelled { tournament, paid };
        tournaments::write(draft, &state);
        Ok(answer)
    }
}

/// A moderator's cancel of a running sit & go waits for the hand in play: kept beside its
/// record (with the reference the cancel will carry), so that a restart, which deals that
/// hand again, cancels before dealing. Asking again keeps the first reference.
#[derive(Clone)]
pub(crate) struct RequestTournamentCancel {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub reference: String,
}

impl Operation for RequestTournamentCancel {
    /// The reference the cancel will carry.
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let state = tournaments::read_in_guild(draft, self.guild, self.tournament)?;
        match state.phase {
            TournamentPhase::Running(_) => {}
            TournamentPhase::Registering => {
                return Err(BankError::TournamentNotRunning {
                    tournament: self.tournament,
                });
            }
            TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
                return Err(BankError::TournamentOver {
                    tournament: self.tournament,
                });
            }
        }
        if tournaments::cancel_requested(draft, self.tournament)?.is_none() {
            tournaments::set_cancel_requested(draft, self.tournament, Some(&self.reference));
        }
        Ok(())
    }
}

/// Every buy-in back to its entrant and the added prize back to where it came from.
fn refund(
    draft: &mut Draft<'_>,
    state: &TournamentState,
    reference: &str,
) -> Result<Payouts, BankError> {
    let buy_in = state.settings.buy_in;
    let mut paid = Vec::with_capacity(state.entrants.len());
    for &user in &state.entrants {
        if buy_in > 0 {
            accounts::transfer(
                draft,
                state.id.escrow(),
                Account::owner(state.guild, user),
                buy_in,
                Reason::TournamentRefund,
                reference,
            )?;
        }
        paid.push((user, buy_in));
    }
    if let Some(source) = state.added_by
        && state.settings.added_prize > 0
    {
        accounts::transfer(
            draft,
            state.id.escrow(),
            super::prize_pool::source_account(state.guild, source),
            state.settings.added_prize,
            Reason::TournamentRefund,
            reference,
        )?;
    }
    Ok(paid)
}

/// Each entrant's share (by seat) paid out of the escrow.
fn pay_shares(
    draft: &mut Draft<'_>,
    state: &TournamentState,
    shares: &[u64],
    reference: &str,
) -> Result<Payouts, BankError> {
    let mut paid = Vec::with_capacity(shares.len());
    for (&user, &chips) in state.entrants.iter().zip(shares) {
        if chips > 0 {
            accounts::transfer(
                draft,
                state.id.escrow(),
                Account::owner(state.guild, user),
                chips,
                Reason::TournamentPayout,
                reference,
            )?;
        }
        paid.push((user, chips));
    }
    Ok(paid)
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
    async fn a_cancel_after_an_unpaid_bust_divides_the_pool_among_the_players_still_in() {
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
    async fn a_cancel_after_the_start_while_nobody_is_out_refunds_every_buy_in() {
        let bank = open_bank().await;
        let id = open_with(&bank, 4, 100, 4).await;
        // A hand moves chips but busts nobody.
        let next = running(&bank, id).await.next_hand().expect("a hand");
        let mut stacks = next.stacks.clone();
        stacks[0] += 300;
        stacks[1] -= 300;
        bank.record_tournament_hand(GUILD, id, next.number, &stacks)
            .await
            .unwrap();
        let paid = bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert!(paid.iter().all(|&(_, chips)| chips == 100), "{paid:?}");
        for user in 1..=4 {
            assert_eq!(balance(&bank, user).await, STARTING);
            let stats = bank.tournament_stats(GUILD, UserId(user)).await.unwrap();
            assert_eq!(stats, TournamentStats::default(), "a refund is no result");
        }
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_cancel_after_a_paid_bust_leaves_that_prize_and_divides_the_rest_within_the_bounds() {
        let bank = open_bank().await;
        // Seven of 100: 350/210/140. Play down to two, third paid at the bust.
        let id = open_with(&bank, 7, 100, 7).await;
        for _ in 0..5 {
            let (hand, stacks) = next_hand_busting_the_last(&bank, id).await;
            bank.record_tournament_hand(GUILD, id, hand, &stacks)
                .await
                .unwrap();
        }
        let state = bank.tournament(id).await.unwrap().expect("known");
        let tournament = running(&bank, id).await;
        assert_eq!(tournament.players_left().len(), 2);
        let paid = bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        let shares: Vec<u64> = tournament
            .players_left()
            .iter()
            .map(|&seat| {
                let user = state.entrant(seat).expect("entrant");
                paid.iter()
                    .find(|(paid_to, _)| *paid_to == user)
                    .map_or(0, |(_, chips)| *chips)
            })
            .collect();
        assert_eq!(
            shares.iter().sum::<u64>(),
            560,
            "350 + 210, third's 140 stands"
        );
        assert!(shares.iter().all(|&share| (210..=350).contains(&share)));
        let after = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(
            after.tournament().expect("played").prizes_won(),
            140,
            "third keeps the prize paid at the bust"
        );
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_refunded_sit_and_go_sends_an_added_prize_back_where_it_came_from() {
        use crate::bank::{OpenExtras, PrizeSource};
        let bank = open_bank().await;
        bank.grant(GUILD, UserId(0), UserId(9), 500, "fund")
            .await
            .unwrap();
        let mut freeroll = settings(0);
        freeroll.added_prize = 300;
        let member = PrizeSource::Member(UserId(9));
        let id = bank
            .open_tournament_with(
                GUILD,
                CHANNEL,
                4,
                freeroll.clone(),
                OpenExtras {
                    computer_players: 0,
                    added_by: Some(member),
                },
                "open",
            )
            .await
            .unwrap();
        assert_eq!(balance(&bank, 9).await, STARTING + 500 - 300);
        assert_books_balance(&bank).await;
        // The house adds nothing it does not hold: refused, nothing moved.
        let refused = bank
            .open_tournament_with(
                GUILD,
                TableId(41),
                4,
                freeroll,
                OpenExtras {
                    computer_players: 0,
                    added_by: Some(PrizeSource::House),
                },
                "open from the house",
            )
            .await;
        assert!(
            matches!(refused, Err(BankError::InsufficientFunds { .. })),
            "{refused:?}"
        );
        for user in 1..=2 {
            bank.register_tournament(GUILD, id, UserId(user), &format!("r{user}"))
                .await
                .unwrap();
        }
        bank.start_tournament(GUILD, id, "start").await.unwrap();
        assert_eq!(running(&bank, id).await.prize_pool(), 300);
        bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
        assert_eq!(balance(&bank, 9).await, STARTING + 500);
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

    #[tokio::test]
    async fn a_cancel_request_waits_only_beside_a_running_sit_and_go_keeping_its_first_reference() {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 100, 2).await;
        assert_eq!(
            bank.request_tournament_cancel(GUILD, id, "too early").await,
            Err(BankError::TournamentNotRunning { tournament: id })
        );
        assert_eq!(bank.tournament_cancel_requested(id).await, Ok(None));
        bank.register_tournament(GUILD, id, UserId(3), "register 3")
            .await
            .unwrap();
        bank.request_tournament_cancel(GUILD, id, "first")
            .await
            .unwrap();
        bank.request_tournament_cancel(GUILD, id, "second")
            .await
            .unwrap();
        assert_eq!(
            bank.tournament_cancel_requested(id).await,
            Ok(Some("first".to_string()))
        );
        bank.cancel_tournament(GUILD, id, "first").await.unwrap();
        assert_eq!(bank.tournament_cancel_requested(id).await, Ok(None));
        assert_eq!(
            bank.request_tournament_cancel(GUILD, id, "too late").await,
            Err(BankError::TournamentOver { tournament: id })
        );
        assert_eq!(bank.tournament_cancel_requested(id).await, Ok(None));
    }
}
