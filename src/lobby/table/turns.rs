//! The turn of the player to act: offering it, the action timer (held while the buttons are
//! off screen, a time bank run when it runs out, the table's check or fold after that, a
//! player sat out after timeouts in a row), and the turns the table plays at once for
//! players who are away or leaving.

use std::time::Duration;

use tokio::time::Instant;

use crate::bank::UserId;
use crate::table::hand::{ActionKind, SeatIndex};

use super::Table;
use super::phase::{TablePhase, TurnClock};
use crate::lobby::error::LobbyError;
use crate::lobby::notice::{NoticeBody, SeatStatus, SitOutReason, TableMessage, TurnOffer};

/// Timeouts in a row after which a player is sat out.
pub(super) const TIMEOUTS_BEFORE_SIT_OUT: u8 = 2;

impl Table {
    /// Plays the turns of players who left or were kicked during the hand, and of those sat
    /// out for timeouts, at once: nobody waits a whole timer for someone who has gone.
    pub(super) async fn play_automatic_turns(&mut self) {
        if self.play_one_automatic_turn() {
            self.after_action().await;
        }
    }

    /// When the player to act is one the table acts for, acts for them; returns whether it did.
    pub(super) fn play_one_automatic_turn(&mut self) -> bool {
        if self.paused {
            return false;
        }
        let Some((seat, user)) = self.to_act() else {
            return false;
        };
        // At a sit & go or an event everyone still in is dealt in: whoever sits out is acted
        // for.
        let tournament = self.is_tournament() || self.is_event_table();
        if !self
            .seats
            .get(user)
            .is_some_and(|seat| seat.is_automatic() || (tournament && !seat.is_ready()))
        {
            return false;
        }
        let Some(kind) = self.default_action() else {
            return false;
        };
        self.take_action(seat, kind, true).is_ok()
    }

    pub(super) fn to_act(&self) -> Option<(SeatIndex, UserId)> {
        let hand = self.phase.hand()?;
        let seat = hand.hand.to_act()?;
        Some((seat, *hand.players.get(seat)?))
    }

    /// What the table does for a player who does not act: check when free, else fold
    /// (or, for a forced bring-in that may not fold, the cheapest action offered).
    pub(super) fn default_action(&self) -> Option<ActionKind> {
        let legal = self.phase.hand()?.hand.legal_actions();
        crate::table::default_action(&legal).map(|action| action.kind)
    }

    pub(super) fn offer_turn(&mut self) {
        let Some((seat, user)) = self.to_act() else {
            return;
        };
        let time_bank_secs = self.time_bank_of(user);
        let Some(hand) = self.phase.hand_mut() else {
            return;
        };
        let dropped = hand
            .dropped
            .take()
            .filter(|(dropped_for, _)| *dropped_for == user)
            .map(|(_, pre)| pre);
        let view = hand.hand.public_view();
        let offer = TurnOffer {
            user,
            hand: hand.number,
            deal: hand.deal,
            action_seq: hand.hand.action_seq(),
            seat,
            street: view.street,
            stack: view.seats.get(seat).map_or(0, |public| public.stack),
            pot: view.pot,
            legal: view.legal,
            timer_secs: self.settings.action_timer_secs,
            time_bank_secs,
            dropped,
        };
        if let TablePhase::Playing { clock, .. } = &mut self.phase {
            *clock = TurnClock {
                deadline: (!self.paused).then(|| {
                    Instant::now() + Duration::from_secs(u64::from(self.settings.action_timer_secs))
                }),
                ..TurnClock::default()
            };
        }
        self.emit(NoticeBody::YourTurn(Box::new(offer)));
        self.schedule_computer_turn(user);
    }

    /// Holds the timer of the player to act while their buttons are not on screen, and
    /// gives them the whole timer once they are; only for turn `(hand, action_seq)`.
    pub(super) fn turn_on_screen(
        &mut self,
        hand: u64,
        action_seq: u32,
        on_screen: bool,
    ) -> Result<(), LobbyError> {
        if self.paused || self.to_act().is_none() {
            return Ok(());
        }
        let timer = Duration::from_secs(u64::from(self.settings.action_timer_secs));
        let this_turn = self.phase.hand().is_some_and(|playing| {
            (playing.number, playing.hand.action_seq()) == (hand, action_seq)
        });
        if !this_turn {
            return Ok(());
        }
        // A time bank running stops with the clock; the whole timer (and what "+30 s" added)
        // comes back with the buttons.
        self.charge_time_bank();
        if let TablePhase::Playing { clock, .. } = &mut self.phase {
            clock.deadline = on_screen.then(|| Instant::now() + timer + clock.added);
        }
        Ok(())
    }

    /// The player to act's time ran out at `ran_out`: their time bank runs on from then, or,
    /// with none left, the table checks or folds for them.
    pub(super) async fn time_out(&mut self, ran_out: Instant) {
        if self.paused {
            return;
        }
        if self.run_time_bank(ran_out) {
            return;
        }
        let Some((seat, user)) = self.to_act() else {
            return;
        };
        let Some(kind) = self.default_action() else {
            return;
        };
        if self.take_action(seat, kind, true).is_err() {
            return;
        }
        self.message(TableMessage::TimedOut { user, action: kind });
        let mut sat_out = false;
        if let Some(seat) = self.seats.get_mut(user) {
            seat.timeouts_in_a_row = seat.timeouts_in_a_row.saturating_add(1);
            if seat.timeouts_in_a_row >= TIMEOUTS_BEFORE_SIT_OUT
                && seat.status == SeatStatus::Playing
            {
                seat.status = SeatStatus::SittingOut {
                    reason: SitOutReason::TimedOut,
                };
                sat_out = true;
            }
        }
        if sat_out {
            // At a sit & go the bank keeps it, so a restart does not wait for them again; the
            // table acts for them meanwhile whether or not the bank could keep it.
            if let Err(error) = self.keep_sitting_out(user, Some(true)).await {
                tracing::warn!(
                    table = self.table.0,
                    user = user.0,
                    %error,
                    "a sit & go player sat out for timeouts, but the bank could not keep it: \
                     a restart waits for them again"
                );
            }
            self.message(TableMessage::SatOut {
                user,
                reason: SitOutReason::TimedOut,
            });
            self.tell_sat_out_away(user);
        }
        self.after_action().await;
    }
}
