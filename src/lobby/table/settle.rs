//! The end of a hand: the bank settles it (storing its public history in the same
//! transaction), and only then is the result announced; then departures, busted players,
//! pending settings, the computer players' chairs and the next hand. This file owns the table's `Settling` phase: a
//! finished hand moves into it, and out of it to `BetweenHands` once the bank has answered.
//!
//! What players are told is what the bank did. A settlement the bank cannot confirm in time
//! (a stalled store: `Timeout`, or a storage error) may still happen, so the hand is neither
//! announced nor refunded: the table says it is settling and asks again, with the same hand
//! number, until the bank answers (settling a hand is idempotent: a settlement that went
//! through meanwhile answers done). Only a refusal is final: the hand is then cancelled, and
//! said to be refunded only once the bank has cancelled it.

use crate::telemetry::record;
use std::time::Duration;

use tokio::time::Instant;

use crate::bank::{BankError, SeatOutcome, UserId};
use crate::table::hand::Event;

use super::Table;
use super::phase::{HandInPlay, Settlement, TablePhase};
use crate::lobby::command::ShutdownOutcome;
use crate::lobby::error::LobbyError;
use crate::lobby::history::HandHistory;
use crate::lobby::notice::{
    AwayNotice, CancelReason, HandSummary, NoticeBody, SeatStatus, ShownHand, SitOutReason,
    TableMessage,
};
use crate::lobby::settlement::seat_outcomes;

/// The first wait before asking the bank again; it doubles up to `RETRY_MAX`.
const RETRY_FIRST: Duration = Duration::from_secs(1);
const RETRY_MAX: Duration = Duration::from_secs(60);
/// The wait before cashing out again a departing player whose cash-out went unconfirmed.
pub(super) const DEPARTURE_RETRY: Duration = Duration::from_secs(5);

/// How long the table waits for the bank before telling the players it is waiting: the
/// table's own timer, not the bank's timeout, since a write the store has taken up is waited
/// for as long as the store takes, and players should see why nothing happens.
pub(super) const BANK_PATIENCE: Duration = Duration::from_secs(2);

/// An answer that does not say whether the operation happened: it may still commit, so it
/// is asked again (with the same reference or hand) rather than reported as failed.
pub(super) fn outcome_unknown(error: &BankError) -> bool {
    matches!(error, BankError::Timeout(_) | BankError::Storage(_))
}

/// A bank answer with `NotDurable` taken for what it is: the change was applied (it is in
/// the store, only not flushed), so the table goes on as if it succeeded. The bank is failing
/// then, and the restart that follows keeps whatever the store holds.
pub(super) fn applied(answer: Result<(), BankError>, what: &str) -> Result<(), BankError> {
    match answer {
        Err(BankError::NotDurable(reason)) => {
            tracing::warn!("{what} applied but not saved to disk: {reason}");
            Ok(())
        }
        answer => answer,
    }
}

/// The wait before the next attempt after `unanswered` attempts went unanswered.
pub(super) fn retry_delay(unanswered: u32) -> Duration {
    RETRY_FIRST
        .saturating_mul(2u32.saturating_pow(unanswered.saturating_sub(1)))
        .min(RETRY_MAX)
}

impl Table {
    /// Awaits a bank call (one that borrows nothing of the table); when it has not answered
    /// within [`BANK_PATIENCE`], tells the players `waiting` and goes on waiting. Returns the
    /// answer and whether the players were told.
    pub(super) async fn await_bank<T>(
        &mut self,
        call: impl Future<Output = T>,
        waiting: TableMessage,
    ) -> (T, bool) {
        let mut call = std::pin::pin!(call);
        tokio::select! {
            biased;
            answer = &mut call => return (answer, false),
            () = tokio::time::sleep(BANK_PATIENCE) => {}
        }
        self.message(waiting);
        (call.await, true)
    }

    /// The hand is over: settle it through the bank and only then announce the result.
    /// `Playing` or `DealingOut` becomes `Settling`.
    pub(super) async fn finish_hand(&mut self) {
        if self.phase.is_settling() {
            // Already waiting for the bank: its retry timer asks again.
            return;
        }
        let Some(in_play) = self.phase.end_hand() else {
            return;
        };
        let number = in_play.number;
        if in_play.hand.result().is_none() {
            // A hand that is over always has a result; keep the table safe if not.
            let _ = self.services.bank.cancel_hand(self.table, number).await;
            self.halt("a finished hand had no result");
            return;
        }
        self.phase = TablePhase::Settling {
            hand: in_play,
            settlement: Settlement {
                unanswered: 0,
                told: false,
                retry_at: None,
                unconfirmed: None,
            },
        };
        self.settle().await;
    }

    /// Asks the bank to settle the finished hand (again), and acts on its answer: settled or
    /// refused, `Settling` becomes `BetweenHands`; not known yet, another try is scheduled.
    pub(super) async fn settle(&mut self) {
        if self.is_tournament() {
            self.record_tournament_hand().await;
            return;
        }
        let TablePhase::Settling { hand: in_play, .. } = &self.phase else {
            return;
        };
        let number = in_play.number;
        let Some((outcomes, history)) = self.settlement_request(in_play) else {
            return;
        };
        let (bank, guild, table) = (self.services.bank.clone(), self.guild, self.table);
        let call = async move {
            match history {
                Some(history) => {
                    bank.settle_hand_with_history(guild, table, number, &outcomes, history)
                        .await
                }
                None => bank.settle_hand(guild, table, number, &outcomes).await,
            }
        };
        let settled = self.await_settlement(number, call).await;
        match applied(settled, "settlement") {
            Ok(()) => {
                let Some(in_play) = self.phase.end_hand() else {
                    return;
                };
                record::hand_finished();
                self.announce_result(in_play);
            }
            Err(error) if outcome_unknown(&error) => {
                self.settlement_unconfirmed(number, error);
                return;
            }
            Err(BankError::Failed(reason)) => {
                // Not refused: the failed store took nothing, and will take no cancellation
                // either. The hand stays in progress in the bank, for the restart the failure
                // brings to refund.
                tracing::error!(
                    table = self.table.0,
                    hand = number,
                    "hand {number} cannot be settled: the bank's storage failed ({reason}); \
                     the restart refunds it"
                );
                let _ = self.phase.end_hand();
                self.halt("the bank's storage failed");
            }
            Err(error) => {
                tracing::error!(
                    table = self.table.0,
                    hand = number,
                    "settlement refused: {error}"
                );
                let Some(in_play) = self.phase.end_hand() else {
                    return;
                };
                match self.services.bank.cancel_hand(self.table, number).await {
                    Ok(()) => {
                        record::hand_finished();
                        let stacks = self.seats.stacks_of(&in_play.players);
                        self.message(TableMessage::HandCancelled {
                            hand: number,
                            reason: CancelReason::SettlementFailed,
                            stacks,
                        });
                    }
                    Err(cancel) => tracing::error!(
                        table = self.table.0,
                        hand = number,
                        "cancelling it failed too ({cancel}); the next start refunds it"
                    ),
                }
                self.halt(&error.to_string());
            }
        }
        self.after_hand().await;
    }

    /// Awaits the bank's settlement (or record) of hand `number`, telling the players once
    /// that it is settling when the bank is slow.
    pub(super) async fn await_settlement(
        &mut self,
        number: u64,
        call: impl Future<Output = Result<(), BankError>>,
    ) -> Result<(), BankError> {
        let TablePhase::Settling { settlement, .. } = &mut self.phase else {
            return call.await;
        };
        settlement.retry_at = None;
        if settlement.told {
            return call.await;
        }
        let (settled, told) = self
            .await_bank(call, TableMessage::Settling { hand: number })
            .await;
        if let TablePhase::Settling { settlement, .. } = &mut self.phase {
            settlement.told = told;
        }
        settled
    }

    /// The bank did not say whether hand `number` was settled: it is asked again later.
    pub(super) fn settlement_unconfirmed(&mut self, number: u64, error: BankError) {
        let TablePhase::Settling { settlement, .. } = &mut self.phase else {
            return;
        };
        settlement.unanswered = settlement.unanswered.saturating_add(1);
        let delay = retry_delay(settlement.unanswered);
        settlement.retry_at = Some(Instant::now() + delay);
        settlement.unconfirmed = Some(error.clone());
        tracing::warn!(
            table = self.table.0,
            hand = number,
            "the bank has not confirmed the settlement ({error}); asking again in {delay:?}"
        );
        if !settlement.told {
            settlement.told = true;
            self.message(TableMessage::Settling { hand: number });
        }
    }

    /// What the bank is asked to settle for the finished hand: each seat's outcome and the
    /// public history (none if it does not serialize: the chips still move).
    fn settlement_request(
        &self,
        in_play: &HandInPlay,
    ) -> Option<(Vec<SeatOutcome>, Option<Vec<u8>>)> {
        let result = in_play.hand.result()?;
        let outcomes = seat_outcomes(result, &in_play.players);
        let history = HandHistory::of_hand(in_play.number, &in_play.hand, &in_play.players)
            .map(|history| history.to_bytes());
        let history = match history {
            Some(Ok(history)) => Some(history),
            Some(Err(error)) => {
                tracing::error!(table = self.table.0, "{error}");
                None
            }
            None => None,
        };
        Some((outcomes, history))
    }

    /// The settled hand's result, for everyone; every seat's stack becomes its end stack.
    pub(super) fn announce_result(&mut self, in_play: HandInPlay) {
        let Some(result) = in_play.hand.result().cloned() else {
            return;
        };
        let outcomes = seat_outcomes(&result, &in_play.players);
        for outcome in &outcomes {
            if let Some(seat) = self.seats.get_mut(outcome.user) {
                seat.stack = outcome.end;
            }
        }
        let shown = in_play
            .hand
            .events()
            .iter()
            .filter_map(|event| match event {
                Event::Shown {
                    seat,
                    cards,
                    high,
                    low,
                } => Some(ShownHand {
                    seat: *seat,
                    user: *in_play.players.get(*seat)?,
                    cards: cards.clone(),
                    high: *high,
                    low: *low,
                }),
                _ => None,
            })
            .collect();
        let summary = HandSummary {
            hand: in_play.number,
            players: in_play.players.clone(),
            result,
            shown,
            view: in_play.hand.public_view(),
            public_events: in_play
                .hand
                .events()
                .iter()
                .filter(|event| !matches!(event, Event::DownCard { .. }))
                .cloned()
                .collect(),
            outcomes,
        };
        self.emit(NoticeBody::HandResult(Box::new(summary)));
    }

    /// Cashes out everyone leaving or kicked. A cash-out the bank did not confirm may still
    /// happen: that player stays seated as departing, told nothing yet, and is cashed out
    /// again with the same reference (which answers what the first one did) a little later.
    pub(super) async fn let_departing_go(&mut self) {
        let mut retry_at = None;
        let departing: Vec<(UserId, SeatStatus, Option<u32>)> = self
            .seats
            .iter()
            .filter(|seat| seat.is_departing())
            .map(|seat| (seat.user, seat.status, seat.stood_up_after))
            .collect();
        for (user, status, stood_up_after) in departing {
            match self.cash_out(user).await {
                Ok(cashed_out) if status == SeatStatus::Kicked => {
                    self.message(TableMessage::Kicked { user, cashed_out });
                }
                Ok(cashed_out) => {
                    if let Some(hands) = stood_up_after {
                        self.emit(NoticeBody::Away {
                            user,
                            away: AwayNotice::StoodUp { hands, cashed_out },
                        });
                    }
                    self.message(TableMessage::Left { user, cashed_out });
                }
                Err(LobbyError::Bank { reason }) if outcome_unknown(&reason) => {
                    retry_at = Some(Instant::now() + DEPARTURE_RETRY);
                }
                Err(error) => self.emit(NoticeBody::Error { user, error }),
            }
        }
        if let Some(between) = self.phase.between_hands_mut() {
            between.departures_retry_at = retry_at;
        }
    }

    /// Between hands: departures, busted players, pending settings, the next hand.
    pub(super) async fn after_hand(&mut self) {
        self.stand_up_the_away();
        self.let_departing_go().await;
        let busted_out = SeatStatus::SittingOut {
            reason: SitOutReason::Busted,
        };
        let busted: Vec<UserId> = self
            .seats
            .iter_mut()
            .filter(|seat| seat.stack == 0 && seat.status != busted_out)
            .map(|seat| {
                seat.status = busted_out;
                seat.user
            })
            .collect();
        for user in busted {
            self.message(TableMessage::SatOut {
                user,
                reason: SitOutReason::Busted,
            });
        }
        if let Some(settings) = self.pending_settings.take() {
            self.apply_settings(settings).await;
        }
        // Humans waiting for a computer's chair sit now; computers come and go for the next.
        self.arrange_computers().await;
        if self.stopping.is_some() {
            self.stopped();
            let hand = self.last_hand;
            self.answer_stop_waiters(&ShutdownOutcome::HandFinished { hand });
            return;
        }
        let ready = self.ready_for_next_hand();
        if ready < 2 {
            self.message(TableMessage::WaitingForPlayers { ready });
        }
        self.maybe_schedule_next_hand();
    }
}
