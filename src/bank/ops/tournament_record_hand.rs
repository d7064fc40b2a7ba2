//! A sit & go's hand is recorded: the stacks it ended with become the stacks the next hand
//! starts with, and with them the level, the hands played, the seat dealt first and the
//! places of the players it busted, whose prizes it pays in the same transaction
//! (`tournament_finish::pay_prizes_due`); the hand that leaves one player with every chip
//! also pays first prize and marks the sit & go finished. Idempotent by hand number: recording a hand
//! already recorded changes nothing, so a retry after a crash is safe; a hand out of turn or
//! stacks that do not fit the hand are refused, changing nothing. A hand cut short is never
//! recorded: the tournament resumes from the stacks it started with. The hand's public
//! history (when given) is stored in its channel by the same transaction, numbered as the
//! sit & go's hand (`records::ChannelHand::SitAndGo`), so it is stored exactly once.

use super::Operation;
use super::tournament_finish::{finish, pay_prizes_due};
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId, records};

#[derive(Clone)]
pub(crate) struct RecordTournamentHand {
    pub guild: GuildId,
    pub tournament: TournamentId,
    /// The hand's number in the tournament, from 0 (`NextHand::number`).
    pub hand: u64,
    /// In the hand's deal order, as `Tournament::record_hand` takes them.
    pub final_stacks: Vec<u64>,
    /// The hand's public history, stored by the same transaction.
    pub history: Option<Vec<u8>>,
}

impl Operation for RecordTournamentHand {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<(), BankError> {
        let RecordTournamentHand {
            guild,
            tournament: id,
            hand,
            final_stacks,
            history,
        } = self;
        let mut state = tournaments::read_in_guild(draft, guild, id)?;
        let mut tournament = match &state.phase {
            TournamentPhase::Registering => {
                return Err(BankError::TournamentNotRunning { tournament: id });
            }
            TournamentPhase::Finished { tournament, .. } if hand < tournament.hands_played() => {
                return Ok(());
            }
            TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
                return Err(BankError::TournamentOver { tournament: id });
            }
            TournamentPhase::Running(tournament) => tournament.clone(),
        };
        let next = tournament.hands_played();
        if hand < next {
            return Ok(());
        }
        if hand > next {
            return Err(BankError::TournamentHandOutOfTurn {
                tournament: id,
                hand,
                next,
            });
        }
        tournament.record_hand(&final_stacks).map_err(|error| {
            BankError::TournamentHandRefused {
                tournament: id,
                reason: error.to_string(),
            }
        })?;
        pay_prizes_due(draft, &state, &mut tournament)?;
        // A deal proposed before this hand is stale: the stacks it divided have moved.
        state.deal = None;
        if tournament.is_over() {
            finish(draft, &mut state, tournament)?;
        } else {
            state.phase = TournamentPhase::Running(tournament);
        }
        tournaments::write(draft, &state);
        if let Some(history) = history {
            // Shown from 1, as the board numbers the hands.
            records::record_sit_and_go_history(
                draft,
                state.channel,
                id,
                hand.saturating_add(1),
                history,
                config.hand_histories_kept,
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::BankError;
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::references;

    #[tokio::test]
    async fn a_hand_is_recorded_in_turn_once_an_old_one_changes_nothing_and_one_ahead_is_refused() {
        let bank = open_bank().await;
        let id = open_with(&bank, 4, 100, 4).await;
        // One ahead of the next hand is out of turn.
        let (first, first_stacks) = next_hand_busting_the_last(&bank, id).await;
        assert_eq!(first, 0);
        assert_eq!(
            bank.record_tournament_hand(GUILD, id, 1, &first_stacks)
                .await,
            Err(BankError::TournamentHandOutOfTurn {
                tournament: id,
                hand: 1,
                next: 0
            })
        );
        bank.record_tournament_hand(GUILD, id, 0, &first_stacks)
            .await
            .unwrap();
        let after_first = running(&bank, id).await;
        assert_eq!(after_first.hands_played(), 1);
        // The first hand again (a retry) changes nothing, even with other stacks.
        let (second, second_stacks) = next_hand_busting_the_last(&bank, id).await;
        bank.record_tournament_hand(GUILD, id, 0, &second_stacks)
            .await
            .unwrap();
        assert_eq!(running(&bank, id).await, after_first);
        assert_eq!(
            bank.record_tournament_hand(GUILD, id, second + 1, &second_stacks)
                .await,
            Err(BankError::TournamentHandOutOfTurn {
                tournament: id,
                hand: second + 1,
                next: second
            })
        );
        bank.record_tournament_hand(GUILD, id, second, &second_stacks)
            .await
            .unwrap();
        assert_eq!(running(&bank, id).await.hands_played(), 2);
    }

    #[tokio::test]
    async fn after_the_end_an_old_hand_is_a_retry_and_a_hand_past_the_last_is_refused() {
        let bank = open_bank().await;
        let id = open_with(&bank, 2, 100, 2).await;
        let (last, stacks) = next_hand_busting_the_last(&bank, id).await;
        bank.record_tournament_hand(GUILD, id, last, &stacks)
            .await
            .unwrap();
        // The last hand again: a retry after the payout, answered without paying twice.
        bank.record_tournament_hand(GUILD, id, last, &stacks)
            .await
            .unwrap();
        assert_eq!(
            bank.record_tournament_hand(GUILD, id, last + 1, &stacks)
                .await,
            Err(BankError::TournamentOver { tournament: id })
        );
        let winner = balance(&bank, 1).await.max(balance(&bank, 2).await);
        assert_eq!(winner, STARTING + 100);
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_paid_place_is_paid_in_the_transaction_of_the_hand_that_put_it_out() {
        let bank = open_bank().await;
        // Seven of 100 paying 50/30/20: 350/210/140. Four busts in turn reach third place.
        let id = open_with(&bank, 7, 100, 7).await;
        for _ in 0..4 {
            let (hand, stacks) = next_hand_busting_the_last(&bank, id).await;
            bank.record_tournament_hand(GUILD, id, hand, &stacks)
                .await
                .unwrap();
        }
        let paid_before = entries_with(&bank, &references::payout_reference(id)).await;
        assert!(paid_before.is_empty(), "places 7 to 4 are not paid");
        let third = {
            let next = running(&bank, id).await.next_hand().expect("a hand");
            let state = bank.tournament(id).await.unwrap().expect("known");
            state
                .entrant(*next.seats.last().expect("a seat"))
                .expect("an entrant")
        };
        let (hand, stacks) = next_hand_busting_the_last(&bank, id).await;
        bank.record_tournament_hand(GUILD, id, hand, &stacks)
            .await
            .unwrap();
        let paid = entries_with(&bank, &references::payout_reference(id)).await;
        assert_eq!(
            paid.len(),
            1,
            "third is paid with the hand that put them out"
        );
        assert_eq!(paid[0].amount, 140);
        assert_eq!(balance(&bank, third.0).await, STARTING - 100 + 140);
        let stats = bank.tournament_stats(GUILD, third).await.unwrap();
        assert_eq!((stats.entries, stats.cashes, stats.net), (1, 1, 40));
        // The escrow holds the pool less third's prize; the audit agrees.
        let report = bank.audit().await.unwrap();
        assert!(report.ok, "{:?}", report.breaks);
        assert_eq!(report.tournament_chips, 700 - 140);
        // The same hand again (a retry) pays nothing twice.
        bank.record_tournament_hand(GUILD, id, hand, &stacks)
            .await
            .unwrap();
        assert_eq!(
            entries_with(&bank, &references::payout_reference(id))
                .await
                .len(),
            1
        );
        let places = play_out(&bank, id).await;
        let prizes: Vec<u64> = places.iter().map(|(_, _, prize)| *prize).collect();
        assert_eq!(&prizes[..3], &[350, 210, 140]);
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_hand_of_a_sit_and_go_not_started_is_refused() {
        let bank = open_bank().await;
        let id = open_with(&bank, 4, 100, 2).await;
        assert_eq!(
            bank.record_tournament_hand(GUILD, id, 0, &[200, 0]).await,
            Err(BankError::TournamentNotRunning { tournament: id })
        );
    }
}
