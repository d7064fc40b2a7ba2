//! The end of a hand: the bank settles it (storing its public history in the same
//! transaction), and only then is the result announced; then departures, busted players,
//! pending settings and the next hand.

use crate::bank::UserId;
use crate::table::hand::Event;

use super::super::command::ShutdownOutcome;
use super::super::history::HandHistory;
use super::super::notice::{
    CancelReason, HandSummary, NoticeBody, SeatStatus, ShownHand, SitOutReason, TableMessage,
};
use super::super::settlement::seat_outcomes;
use super::Table;

impl Table {
    /// Settles the finished hand through the bank, and only then announces the result;
    /// then lets departing players go and schedules the next hand.
    pub(super) async fn finish_hand(&mut self) {
        let Some(in_play) = self.hand.take() else {
            return;
        };
        self.action_deadline = None;
        let Some(result) = in_play.hand.result().cloned() else {
            // A hand that is over always has a result; keep the table safe if not.
            let _ = self.bank.cancel_hand(self.table, in_play.number).await;
            self.halt("a finished hand had no result");
            return;
        };
        let outcomes = seat_outcomes(&result, &in_play.players);
        let history = HandHistory::new(
            in_play.number,
            in_play.hand.public_view().stakes,
            &in_play.players,
            &result.starting_stacks,
            in_play.hand.events(),
        );
        // The history is stored by the settlement's own transaction.
        let settled = match history.to_bytes() {
            Ok(history) => {
                self.bank
                    .settle_hand_with_history(
                        self.guild,
                        self.table,
                        in_play.number,
                        &outcomes,
                        history,
                    )
                    .await
            }
            Err(error) => {
                tracing::error!(table = self.table.0, "{error}");
                self.bank
                    .settle_hand(self.guild, self.table, in_play.number, &outcomes)
                    .await
            }
        };
        match settled {
            Ok(()) => {
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
            Err(error) => {
                tracing::error!(
                    table = self.table.0,
                    hand = in_play.number,
                    "settlement failed: {error}"
                );
                let stacks = outcomes
                    .iter()
                    .map(|outcome| (outcome.user, outcome.start))
                    .collect();
                let _ = self.bank.cancel_hand(self.table, in_play.number).await;
                self.message(TableMessage::HandCancelled {
                    hand: in_play.number,
                    reason: CancelReason::SettlementFailed,
                    stacks,
                });
                self.halt(&error.to_string());
            }
        }
        self.after_hand().await;
    }

    /// Between hands: departures, busted players, pending settings, the next hand.
    async fn after_hand(&mut self) {
        let departing: Vec<(UserId, SeatStatus)> = self
            .seats
            .iter()
            .filter(|seat| seat.is_departing())
            .map(|seat| (seat.user, seat.status))
            .collect();
        for (user, status) in departing {
            match self.cash_out(user).await {
                Ok(cashed_out) if status == SeatStatus::Kicked => {
                    self.message(TableMessage::Kicked { user, cashed_out });
                }
                Ok(cashed_out) => self.message(TableMessage::Left { user, cashed_out }),
                Err(error) => self.emit(NoticeBody::Error { user, error }),
            }
        }
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
        if self.stopping {
            self.stopped();
            let hand = self.last_hand;
            self.answer_stop_waiters(&ShutdownOutcome::HandFinished { hand });
            return;
        }
        let ready = self.seats.ready_count();
        if ready < 2 {
            self.message(TableMessage::WaitingForPlayers { ready });
        }
        self.maybe_schedule_next_hand();
    }
}
