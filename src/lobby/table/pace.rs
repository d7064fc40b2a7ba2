//! The pace of a table: what keeps a hand of up to eight players moving without rushing the
//! one with a hard decision.
//!
//! - **Pre-actions.** While it is not their turn, a player may choose what to do when it comes
//!   (`PreAction`, the engine's: check/fold, check, call N, call any, fold, as fit the street). Only they
//!   see it. When their turn comes it is carried out at once if it still fits (a "call 10"
//!   after a raise does not: it is dropped and they are asked as usual); a pre-action is
//!   dropped at the end of its street and with its hand, and a restart keeps none.
//! - **Time banks.** Each seat holds a time bank. When the action timer runs out it runs on
//!   by itself, and "+30 s" takes [`TIME_BANK_STEP`] from it at once; only an empty bank lets
//!   the table check or fold for the player. A cash table's bank earns back
//!   `TIME_BANK_EARNED_PER_HAND` a hand up to its size; a sit & go's starts full and grows by
//!   `time_bank_level_secs` at each level (`tournament.rs` keeps it in the bank).
//! - **Away players.** The table acting for a player on two turns in a row sits them out and
//!   tells them privately ([`AwayNotice::SatOut`], with "I'm back" on Discord); at a cash table
//!   a player away `away_hands` hands is stood up, their chips back in their balance.
//!
//! None of it costs the channel a write of its own: a pre-action changes the board only when
//! it is carried out (with the action's own board), and the time bank is shown with the
//! turn's board.

use std::time::Duration;

use tokio::time::Instant;

use crate::bank::UserId;
use crate::table::PreAction;
use crate::table::hand::Street;

use super::Table;
use super::phase::TablePhase;
use crate::lobby::error::LobbyError;
use crate::lobby::notice::{
    AwayNotice, BoardClock, NoticeBody, PlayerCards, PreActions, SeatStatus, SitOutReason,
};
use crate::lobby::settings::{TIME_BANK_EARNED_PER_HAND, TableSettings};

/// What "+30 s" takes from the time bank (or what is left of it).
pub const TIME_BANK_STEP: Duration = Duration::from_secs(30);

/// Whole seconds of `time`, rounded down.
fn whole_secs(time: Duration) -> u32 {
    u32::try_from(time.as_secs()).unwrap_or(u32::MAX)
}

impl Table {
    /// A cash table's full time bank (a sit & go's first one).
    pub(super) fn full_time_bank(&self) -> Duration {
        Duration::from_secs(u64::from(self.settings.time_bank_secs))
    }

    /// The pre-actions `user`'s private view shows now.
    pub(super) fn pre_actions_of(&self, user: UserId) -> PreActions {
        let Some(hand) = self.phase.hand() else {
            return PreActions {
                street: Street::Third,
                offered: Vec::new(),
                chosen: None,
                your_turn: false,
            };
        };
        let street = hand.hand.street();
        let playing = matches!(self.phase, TablePhase::Playing { .. }) && !self.paused;
        let seat = self.hand_seat(user);
        let offered = match seat {
            Some(seat) if playing => PreAction::fitting(&hand.hand.public_view(), seat),
            _ => Vec::new(),
        };
        let chosen = hand
            .pre_actions
            .iter()
            .find(|(player, (on, _))| *player == user && *on == street)
            .map(|(_, (_, pre))| *pre);
        PreActions {
            street,
            offered,
            chosen,
            your_turn: seat.is_some() && self.to_act().map(|(_, to_act)| to_act) == Some(user),
        }
    }

    /// The player's cards with their pre-actions and time bank: their private view.
    pub(super) fn private_view_of(&self, user: UserId) -> Result<PlayerCards, LobbyError> {
        self.seats.seated(user)?;
        let hand = self.phase.hand().ok_or(LobbyError::NoHandInProgress)?;
        let seat = self.hand_seat(user).ok_or(LobbyError::NotInHand)?;
        let view = hand.hand.private_view(seat).ok_or(LobbyError::NotInHand)?;
        Ok(PlayerCards {
            user,
            hand: hand.number,
            view,
            pre_actions: self.pre_actions_of(user),
            time_bank_secs: self.time_bank_of(user),
        })
    }

    /// Seconds left in `user`'s time bank (what a running bank spent so far taken off).
    pub(super) fn time_bank_of(&self, user: UserId) -> u32 {
        let Some(seat) = self.seats.get(user) else {
            return 0;
        };
        let running = match &self.phase {
            TablePhase::Playing { clock, .. }
                if self.to_act().is_some_and(|(_, to_act)| to_act == user) =>
            {
                clock
                    .bank_since
                    .map_or(Duration::ZERO, |since| since.elapsed())
            }
            _ => Duration::ZERO,
        };
        whole_secs(seat.time_bank.saturating_sub(running))
    }

    /// `user` chooses `choice` (or clears theirs, `None`) for street `street` of hand `hand`,
    /// as their private view offered it. Refused at their own turn, and when the view was
    /// stale (another hand or street, or a call of another amount). Answers the new view.
    pub(super) fn choose_pre_action(
        &mut self,
        user: UserId,
        (hand, street): (u64, Street),
        choice: Option<PreAction>,
    ) -> Result<PlayerCards, LobbyError> {
        self.seats.seated(user)?;
        if self.paused {
            return Err(LobbyError::Paused);
        }
        let in_play = self.phase.hand().ok_or(LobbyError::NoHandInProgress)?;
        self.hand_seat(user).ok_or(LobbyError::NotInHand)?;
        if in_play.number != hand || in_play.hand.street() != street {
            return Err(LobbyError::PreActionStale);
        }
        let current = self.pre_actions_of(user);
        if current.your_turn {
            return Err(LobbyError::YourTurnNow);
        }
        if let Some(choice) = choice
            && !current.offered.contains(&choice)
        {
            return Err(LobbyError::PreActionStale);
        }
        if let Some(in_play) = self.phase.hand_mut() {
            in_play.pre_actions.retain(|(player, _)| *player != user);
            if let Some(choice) = choice {
                in_play.pre_actions.push((user, (street, choice)));
            }
        }
        self.private_view_of(user)
    }

    /// When the player to act chose a pre-action for this street, takes it if it still fits
    /// (as their own action), or drops it (their turn then says so). Returns whether an
    /// action was taken.
    pub(super) fn play_pre_action(&mut self) -> bool {
        if self.paused {
            return false;
        }
        let Some((seat, user)) = self.to_act() else {
            return false;
        };
        let Some(in_play) = self.phase.hand_mut() else {
            return false;
        };
        let street = in_play.hand.street();
        // Any other street's choices are over.
        in_play.pre_actions.retain(|(_, (on, _))| *on == street);
        let Some(index) = in_play
            .pre_actions
            .iter()
            .position(|(player, _)| *player == user)
        else {
            return false;
        };
        let (_, (_, pre)) = in_play.pre_actions.swap_remove(index);
        let Some(kind) = pre.action_at(&in_play.hand.legal_actions()) else {
            in_play.dropped = Some((user, pre));
            return false;
        };
        if self.take_action(seat, kind, false).is_err() {
            return false;
        }
        if let Some(seat) = self.seats.get_mut(user) {
            seat.timeouts_in_a_row = 0;
        }
        true
    }

    /// The action timer of the player to act ran out at `ran_out`: their time bank runs on
    /// from then, when they have one and are not away. Returns whether it does (the turn goes
    /// on).
    pub(super) fn run_time_bank(&mut self, ran_out: Instant) -> bool {
        let Some((_, user)) = self.to_act() else {
            return false;
        };
        let bank = match self.seats.get(user) {
            Some(seat) if !seat.is_automatic() && !seat.user.is_computer() => seat.time_bank,
            _ => return false,
        };
        let TablePhase::Playing { clock, .. } = &mut self.phase else {
            return false;
        };
        if clock.bank_since.is_some() || bank.is_zero() {
            return false;
        }
        clock.bank_since = Some(ran_out);
        clock.deadline = Some(ran_out + bank);
        true
    }

    /// The turn ended or its clock stopped (an action, a pause, buttons off screen): what a
    /// running time bank spent is taken from the player to act's bank.
    pub(super) fn charge_time_bank(&mut self) {
        let Some((_, user)) = self.to_act() else {
            return;
        };
        let TablePhase::Playing { clock, .. } = &mut self.phase else {
            return;
        };
        let Some(since) = clock.bank_since.take() else {
            return;
        };
        let spent = since.elapsed();
        if let Some(seat) = self.seats.get_mut(user) {
            seat.time_bank = seat.time_bank.saturating_sub(spent);
        }
    }

    /// "+30 s": `user`, to act at turn `(hand, action_seq)`, takes [`TIME_BANK_STEP`] (or what
    /// is left) from their time bank onto their clock at once; the board shows it. Answers
    /// the seconds added.
    pub(super) fn add_time(
        &mut self,
        user: UserId,
        (offered_hand, offered_seq): (u64, u32),
    ) -> Result<u32, LobbyError> {
        self.seats.seated(user)?;
        if self.paused {
            return Err(LobbyError::Paused);
        }
        let in_play = self.phase.hand().ok_or(LobbyError::NoHandInProgress)?;
        let (hand, seq) = (in_play.number, in_play.hand.action_seq());
        if (offered_hand, offered_seq) != (hand, seq) {
            return Err(LobbyError::StaleAction {
                offered_hand,
                offered_seq,
                hand,
                seq,
            });
        }
        let to_act = self.to_act().map(|(_, to_act)| to_act);
        if to_act != Some(user) {
            return Err(LobbyError::NotYourTurn { to_act });
        }
        let bank = self.seats.seated(user)?.time_bank;
        let TablePhase::Playing { clock, .. } = &mut self.phase else {
            return Err(LobbyError::NotYourTurn { to_act: None });
        };
        if clock.bank_since.is_some() {
            return Err(LobbyError::TimeBankRunning);
        }
        let added = bank.min(TIME_BANK_STEP);
        if added.is_zero() {
            return Err(LobbyError::TimeBankEmpty);
        }
        clock.deadline = clock.deadline.map(|deadline| deadline + added);
        clock.added += added;
        clock.extensions = clock.extensions.saturating_add(1);
        if let Some(seat) = self.seats.get_mut(user) {
            seat.time_bank = seat.time_bank.saturating_sub(added);
        }
        self.in_one_batch(Table::publish_board);
        Ok(whole_secs(added))
    }

    /// The clock the board shows for the player to act, when a person is to act.
    pub(super) fn board_clock(&self) -> Option<BoardClock> {
        let TablePhase::Playing { clock, .. } = &self.phase else {
            return None;
        };
        let (_, user) = self.to_act()?;
        if user.is_computer() {
            return None;
        }
        Some(BoardClock {
            time_bank_secs: self.time_bank_of(user),
            added_secs: whole_secs(clock.added),
            extensions: clock.extensions,
        })
    }

    /// A cash table deals `players` a hand: each one's time bank earns back
    /// `TIME_BANK_EARNED_PER_HAND`, never past the table's bank. Those sitting out count one
    /// more hand away.
    pub(super) fn deal_time_and_count_away(&mut self, players: &[UserId]) {
        if self.is_tournament() {
            return;
        }
        let full = self.full_time_bank();
        for seat in self.seats.iter_mut() {
            if players.contains(&seat.user) {
                seat.time_bank = (seat.time_bank + TIME_BANK_EARNED_PER_HAND).min(full);
            } else if matches!(
                seat.status,
                SeatStatus::SittingOut {
                    reason: SitOutReason::Asked | SitOutReason::TimedOut
                }
            ) {
                seat.hands_away = seat.hands_away.saturating_add(1);
            }
        }
    }

    /// New settings at a cash table: no bank holds more than the new size.
    pub(super) fn fit_time_banks(&mut self, settings: &TableSettings) {
        if self.is_tournament() {
            return;
        }
        let full = Duration::from_secs(u64::from(settings.time_bank_secs));
        for seat in self.seats.iter_mut() {
            seat.time_bank = seat.time_bank.min(full);
        }
    }

    /// Between hands at a cash table: whoever has been away `away_hands` hands leaves, their
    /// chips going back to their balance (`let_departing_go` cashes them out and tells them).
    pub(super) fn stand_up_the_away(&mut self) {
        let limit = self.settings.away_hands;
        if self.is_tournament() || limit == 0 {
            return;
        }
        for seat in self.seats.iter_mut() {
            let away = matches!(
                seat.status,
                SeatStatus::SittingOut {
                    reason: SitOutReason::Asked | SitOutReason::TimedOut
                }
            );
            if away && seat.hands_away >= limit {
                seat.status = SeatStatus::Leaving;
                seat.stood_up_after = Some(seat.hands_away);
            }
        }
    }

    /// Tells `user`, privately, that the table sat them out as away.
    pub(super) fn tell_sat_out_away(&mut self, user: UserId) {
        let stood_up_after = (!self.is_tournament() && self.settings.away_hands > 0)
            .then_some(self.settings.away_hands);
        self.emit(NoticeBody::Away {
            user,
            away: AwayNotice::SatOut { stood_up_after },
        });
    }
}
