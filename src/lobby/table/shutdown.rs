//! Stopping a table for the process's shutdown: no new hand; the hand in progress may finish
//! within the grace, else it is cancelled through the bank and the channel told.

use crate::telemetry::record;
use std::time::Duration;

use tokio::time::Instant;

use super::phase::TablePhase;
use super::{Stopping, Table};
use crate::lobby::command::{Responder, ShutdownOutcome};
use crate::lobby::notice::{CancelReason, TableMessage};

impl Table {
    /// Starts no hand any more; answers at once when no hand runs, else when the hand ends
    /// or, at `grace`, is cancelled.
    pub(super) fn begin_shutdown(&mut self, grace: Duration, reply: Responder<ShutdownOutcome>) {
        self.stopping.get_or_insert_with(Stopping::default);
        if let Some(between) = self.phase.between_hands_mut() {
            between.next_hand_at = None;
        }
        if self.phase.hand().is_none() {
            self.stopped();
            let _ = reply.send(Ok(ShutdownOutcome::Idle));
            return;
        }
        let deadline = Instant::now() + grace;
        let stopping = self.stopping.get_or_insert_with(Stopping::default);
        stopping.deadline = Some(stopping.deadline.map_or(deadline, |at| at.min(deadline)));
        stopping.waiters.push(reply);
    }

    /// Stopped for good: frozen, nothing scheduled.
    pub(super) fn stopped(&mut self) {
        self.freeze();
        if let Some(stopping) = &mut self.stopping {
            stopping.deadline = None;
        }
    }

    pub(super) fn answer_stop_waiters(&mut self, outcome: &ShutdownOutcome) {
        let Some(stopping) = &mut self.stopping else {
            return;
        };
        for waiter in stopping.waiters.drain(..) {
            let _ = waiter.send(Ok(outcome.clone()));
        }
    }

    /// The grace is over and the hand still runs: cancel it in the bank (every player keeps
    /// their stack from its start) and say so. A hand being dealt out has its outcome fixed
    /// by the deck: it is dealt out at once and settled instead, however long its streets
    /// would have taken.
    pub(super) async fn cancel_for_shutdown(&mut self) {
        if matches!(self.phase, TablePhase::DealingOut { .. }) {
            self.deal_out_at_once().await;
            if !self.phase.is_settling() {
                // Settled (or refused and cancelled): `after_hand` answered the waiters.
                return;
            }
        }
        if self.phase.is_settling() {
            // The hand is over and may be settled already: never cancel it, ask once more.
            self.settle().await;
            if !self.phase.is_settling() {
                // Settled (or refused and cancelled): `after_hand` answered the waiters.
                return;
            }
            let hand = self.last_hand;
            self.stopped();
            self.answer_stop_waiters(&ShutdownOutcome::CancelFailed {
                hand,
                reason: "the bank has not confirmed the hand's settlement; the next start \
                         finds it settled or refunds it"
                    .into(),
            });
            return;
        }
        let Some(in_play) = self.phase.end_hand() else {
            self.stopped();
            self.answer_stop_waiters(&ShutdownOutcome::Idle);
            return;
        };
        let hand = in_play.number;
        // A sit & go's hand never began in the bank: unrecorded, it is cancelled already.
        let cancelled = if self.is_tournament() {
            Ok(())
        } else {
            self.services.bank.cancel_hand(self.table, hand).await
        };
        let outcome = match cancelled {
            Ok(()) => {
                record::hand_finished();
                // During a hand each seat's stack is its stack from the start of the hand.
                let stacks = self.seats.stacks_of(&in_play.players);
                self.message(TableMessage::HandCancelled {
                    hand,
                    reason: CancelReason::Shutdown,
                    stacks,
                });
                ShutdownOutcome::HandCancelled { hand }
            }
            Err(error) => {
                tracing::error!(
                    table = self.table.0,
                    hand,
                    "cancelling a hand at shutdown failed ({error}); the next start refunds it"
                );
                ShutdownOutcome::CancelFailed {
                    hand,
                    reason: error.to_string(),
                }
            }
        };
        self.stopped();
        self.answer_stop_waiters(&outcome);
    }
}
