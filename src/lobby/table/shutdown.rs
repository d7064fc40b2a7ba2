//! Stopping a table for the process's shutdown: no new hand; the hand in progress may finish
//! within the grace, else it is cancelled through the bank and the channel told.

use crate::telemetry::record;
use std::time::Duration;

use tokio::time::Instant;

use super::super::command::{Responder, ShutdownOutcome};
use super::super::notice::{CancelReason, TableMessage};
use super::Table;

impl Table {
    /// Starts no hand any more; answers at once when no hand runs, else when the hand ends
    /// or, at `grace`, is cancelled.
    pub(super) fn begin_shutdown(&mut self, grace: Duration, reply: Responder<ShutdownOutcome>) {
        self.stopping = true;
        self.next_hand_at = None;
        if self.hand.is_none() {
            self.stopped();
            let _ = reply.send(Ok(ShutdownOutcome::Idle));
            return;
        }
        let deadline = Instant::now() + grace;
        self.stop_deadline = Some(self.stop_deadline.map_or(deadline, |at| at.min(deadline)));
        self.stop_waiters.push(reply);
    }

    /// Stopped for good: frozen, nothing scheduled.
    pub(super) fn stopped(&mut self) {
        self.paused = true;
        self.action_deadline = None;
        self.next_hand_at = None;
        self.stop_deadline = None;
    }

    pub(super) fn answer_stop_waiters(&mut self, outcome: &ShutdownOutcome) {
        for waiter in self.stop_waiters.drain(..) {
            let _ = waiter.send(Ok(outcome.clone()));
        }
    }

    /// The grace is over and the hand still runs: cancel it in the bank (every player keeps
    /// their stack from its start) and say so.
    pub(super) async fn cancel_for_shutdown(&mut self) {
        if self.settlement.is_some() {
            // The hand is over and may be settled already: never cancel it, ask once more.
            self.settle().await;
            if self.settlement.is_none() {
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
        let Some(in_play) = self.hand.take() else {
            self.stopped();
            self.answer_stop_waiters(&ShutdownOutcome::Idle);
            return;
        };
        let hand = in_play.number;
        let outcome = match self.bank.cancel_hand(self.table, hand).await {
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
