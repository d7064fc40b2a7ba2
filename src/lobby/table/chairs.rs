//! The chairs of one table: the `Chairs` collection every look-up by player goes through, and
//! the players' own seat commands (join, leave, sit out, back, top up, show cards).

use std::collections::VecDeque;

use crate::bank::UserId;

use super::Table;
use super::settle::{DEPARTURE_RETRY, outcome_unknown};
use super::turns::TIMEOUTS_BEFORE_SIT_OUT;
use crate::lobby::command::Departure;
use crate::lobby::error::LobbyError;
use crate::lobby::notice::{PlayerCards, SeatStatus, SitOutReason, TableMessage};

/// One occupied chair.
#[derive(Debug, Clone)]
pub(crate) struct Seat {
    pub chair: u8,
    pub user: UserId,
    /// The player's stack in the bank's escrow: during a hand, their stack at its start.
    pub stack: u64,
    pub status: SeatStatus,
    pub timeouts_in_a_row: u8,
    /// What is left of the player's time bank (`pace`).
    pub time_bank: std::time::Duration,
    /// Hands dealt while the player sat out (on their own or for timeouts); back to 0 when
    /// they come back.
    pub hands_away: u32,
    /// Stood up after this many hands away: told so once cashed out.
    pub stood_up_after: Option<u32>,
    /// The reference of a cash-out the bank has not confirmed: asking again with it answers
    /// what the first request did, so the player is never paid twice or told wrong.
    pub cash_out_reference: Option<String>,
}

impl Seat {
    pub(crate) fn new(chair: u8, user: UserId, stack: u64) -> Seat {
        Seat {
            chair,
            user,
            stack,
            status: SeatStatus::Playing,
            timeouts_in_a_row: 0,
            time_bank: std::time::Duration::ZERO,
            hands_away: 0,
            stood_up_after: None,
            cash_out_reference: None,
        }
    }

    /// The seat with a time bank of `time_bank`.
    pub(crate) fn with_time_bank(mut self, time_bank: std::time::Duration) -> Seat {
        self.time_bank = time_bank;
        self
    }

    /// Dealt into the next hand: playing, with chips.
    pub(crate) fn is_ready(&self) -> bool {
        self.status == SeatStatus::Playing && self.stack > 0
    }

    /// Leaving or kicked: cashed out when the hand in progress ends.
    pub(crate) fn is_departing(&self) -> bool {
        matches!(self.status, SeatStatus::Leaving | SeatStatus::Kicked)
    }

    /// Someone the table acts for at once when it is their turn. Never for a kick alone: the
    /// table's check-or-fold would decide a contested pot for whoever kicked (a moderator
    /// betting into the kicked player). A kicked player plays the hand in progress out as
    /// anyone does, the timer acting only as it would for them (at once once timeouts had
    /// sat them out), and leaves when it ends.
    pub(crate) fn is_automatic(&self) -> bool {
        match self.status {
            SeatStatus::Leaving
            | SeatStatus::SittingOut {
                reason: SitOutReason::TimedOut,
            } => true,
            SeatStatus::Kicked => self.timeouts_in_a_row >= TIMEOUTS_BEFORE_SIT_OUT,
            SeatStatus::Playing | SeatStatus::SittingOut { .. } => false,
        }
    }
}

/// The occupied chairs, always in chair order; at most one seat per player.
#[derive(Debug, Default)]
pub(crate) struct Chairs {
    seats: Vec<Seat>,
}

impl Chairs {
    /// The seats of a table reopened at start: every player with chips in the bank's escrow
    /// (`stacks`), each in the chair `chairs` recorded for them; a player with no recorded
    /// chair (or a taken one) gets the lowest free chair. Nobody with chips is left out.
    pub(crate) fn restore(
        stacks: &[(UserId, u64)],
        chairs: &[(UserId, u8)],
        table_chairs: u8,
    ) -> Chairs {
        let mut seats = Chairs::default();
        let (placed, unplaced): (Vec<_>, Vec<_>) = stacks
            .iter()
            .filter(|(_, stack)| *stack > 0)
            .map(|&(user, stack)| {
                let chair = chairs
                    .iter()
                    .find(|(sitter, _)| *sitter == user)
                    .map(|(_, chair)| *chair)
                    .filter(|chair| *chair < table_chairs);
                (user, stack, chair)
            })
            .partition(|(_, _, chair)| chair.is_some());
        for (user, stack, chair) in placed.into_iter().chain(unplaced) {
            let chair = chair
                .filter(|chair| seats.seats.iter().all(|seat| seat.chair != *chair))
                .or_else(|| seats.free_chair(table_chairs))
                .or_else(|| seats.free_chair(u8::MAX));
            if let Some(chair) = chair {
                seats.insert(Seat::new(chair, user, stack));
            }
        }
        seats
    }

    pub(crate) fn len(&self) -> usize {
        self.seats.len()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &Seat> {
        self.seats.iter()
    }

    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = &mut Seat> {
        self.seats.iter_mut()
    }

    pub(crate) fn contains(&self, user: UserId) -> bool {
        self.get(user).is_some()
    }

    pub(crate) fn get(&self, user: UserId) -> Option<&Seat> {
        self.seats.iter().find(|seat| seat.user == user)
    }

    pub(crate) fn get_mut(&mut self, user: UserId) -> Option<&mut Seat> {
        self.seats.iter_mut().find(|seat| seat.user == user)
    }

    /// The player's seat, or the refusal a player who is not seated gets.
    pub(crate) fn seated(&self, user: UserId) -> Result<&Seat, LobbyError> {
        self.get(user).ok_or(LobbyError::NotSeated)
    }

    pub(crate) fn seated_mut(&mut self, user: UserId) -> Result<&mut Seat, LobbyError> {
        self.get_mut(user).ok_or(LobbyError::NotSeated)
    }

    /// The lowest free chair of a table of `chairs` chairs.
    pub(crate) fn free_chair(&self, chairs: u8) -> Option<u8> {
        (0..chairs).find(|chair| self.seats.iter().all(|seat| seat.chair != *chair))
    }

    /// Seats a player in chair order (the chair must be free).
    pub(crate) fn insert(&mut self, seat: Seat) {
        let position = self
            .seats
            .iter()
            .position(|taken| taken.chair > seat.chair)
            .unwrap_or(self.seats.len());
        self.seats.insert(position, seat);
    }

    pub(crate) fn remove(&mut self, user: UserId) -> Option<Seat> {
        let index = self.seats.iter().position(|seat| seat.user == user)?;
        Some(self.seats.remove(index))
    }

    pub(crate) fn clear(&mut self) {
        self.seats = Vec::new();
    }

    /// Each of `players`' stack (for a hand in play: the stack at its start).
    pub(crate) fn stacks_of(&self, players: &[UserId]) -> Vec<(UserId, u64)> {
        players
            .iter()
            .filter_map(|user| self.get(*user))
            .map(|seat| (seat.user, seat.stack))
            .collect()
    }

    /// Each player's chair, in chair order: what a restart must give back.
    pub(crate) fn chairs(&self) -> Vec<(UserId, u8)> {
        self.seats
            .iter()
            .map(|seat| (seat.user, seat.chair))
            .collect()
    }

    /// Moves anyone whose chair is past a table of `chairs` chairs to the lowest free one;
    /// returns whether anyone moved.
    pub(crate) fn fit_into(&mut self, chairs: u8) -> bool {
        let mut free = (0..chairs)
            .filter(|chair| self.seats.iter().all(|seat| seat.chair != *chair))
            .collect::<VecDeque<u8>>();
        let mut moved = false;
        for seat in &mut self.seats {
            if seat.chair >= chairs
                && let Some(chair) = free.pop_front()
            {
                seat.chair = chair;
                moved = true;
            }
        }
        self.seats.sort_by_key(|seat| seat.chair);
        moved
    }
}

impl Table {
    pub(super) async fn join(
        &mut self,
        user: UserId,
        buy_in: u64,
    ) -> Result<(u8, u64), LobbyError> {
        if self.seats.contains(user) {
            return Err(LobbyError::AlreadySeated);
        }
        let full = LobbyError::TableFull {
            seats: self.settings.seats,
        };
        let (min, max) = (self.settings.min_buy_in, self.settings.max_buy_in);
        if !(min..=max).contains(&buy_in) {
            return Err(LobbyError::BuyInOutOfRange {
                min,
                max,
                amount: buy_in,
            });
        }
        if self.seats.len() >= usize::from(self.settings.seats) {
            if self.seats.iter().any(|seat| seat.user.is_computer()) {
                return self.take_a_computers_chair(user, buy_in).await;
            }
            return Err(full);
        }
        self.seat_player(user, buy_in).await
    }

    /// Buys a player (or a computer, from the house) in and seats them in the lowest free
    /// chair.
    pub(super) async fn seat_player(
        &mut self,
        user: UserId,
        buy_in: u64,
    ) -> Result<(u8, u64), LobbyError> {
        let full = LobbyError::TableFull {
            seats: self.settings.seats,
        };
        let chair = self.seats.free_chair(self.settings.seats).ok_or(full)?;
        let reference = self.next_reference("join");
        let stack = self
            .services
            .bank
            .buy_in(self.guild, self.table, user, buy_in, &reference)
            .await?;
        self.seats
            .insert(Seat::new(chair, user, stack).with_time_bank(self.full_time_bank()));
        self.save_chairs().await;
        self.message(TableMessage::Joined { user, chair, stack });
        self.maybe_schedule_next_hand();
        Ok((chair, stack))
    }

    /// Cashes the player out and frees their chair.
    pub(super) async fn cash_out(&mut self, user: UserId) -> Result<u64, LobbyError> {
        let reference = match self.seats.seated(user)?.cash_out_reference.clone() {
            Some(reference) => reference,
            None => {
                let reference = self.next_reference("cash-out");
                self.seats.seated_mut(user)?.cash_out_reference = Some(reference.clone());
                reference
            }
        };
        let amount = self
            .services
            .bank
            .cash_out(self.guild, self.table, user, &reference)
            .await;
        let amount = match amount {
            Ok(amount) => amount,
            Err(error) => {
                if !outcome_unknown(&error) {
                    // Refused: nothing happened, and a later cash-out is a new request.
                    self.seats.seated_mut(user)?.cash_out_reference = None;
                }
                return Err(error.into());
            }
        };
        self.seats.remove(user);
        self.save_chairs().await;
        Ok(amount)
    }

    pub(super) async fn leave(&mut self, user: UserId) -> Result<Departure, LobbyError> {
        if !self.seats.contains(user) {
            return self.withdraw_seat_request(user);
        }
        self.leave_seat(user).await.map(Departure::from)
    }

    /// A player waiting for a computer's chair (`take_a_computers_chair`) changed their mind:
    /// they are not seated when the hand ends.
    fn withdraw_seat_request(&mut self, user: UserId) -> Result<Departure, LobbyError> {
        let waiting = self.wanting_seat.len();
        self.wanting_seat.retain(|(wanting, _)| *wanting != user);
        if self.wanting_seat.len() == waiting {
            return Err(LobbyError::NotSeated);
        }
        Ok(Departure::SeatRequestWithdrawn)
    }

    async fn leave_seat(&mut self, user: UserId) -> Result<Option<u64>, LobbyError> {
        let seat = self.seats.seated_mut(user)?;
        // While a hand runs the bank holds every seat's stack, dealt in or not.
        if self.phase.hand().is_some() {
            seat.status = SeatStatus::Leaving;
            self.message(TableMessage::LeavingAfterHand { user });
            self.play_automatic_turns().await;
            return Ok(None);
        }
        match self.cash_out(user).await {
            Ok(cashed_out) => {
                self.message(TableMessage::Left { user, cashed_out });
                // The last human gone, the computers go too.
                self.arrange_computers().await;
                Ok(Some(cashed_out))
            }
            Err(error) => self.depart_when_confirmed(user, SeatStatus::Leaving, error),
        }
    }

    /// A cash-out the bank did not confirm may still happen, so the player is not told it
    /// failed: they stay seated as departing (dealt no hand) and are cashed out again, with
    /// the same reference, shortly. Any other refusal is the answer.
    pub(super) fn depart_when_confirmed(
        &mut self,
        user: UserId,
        departing: SeatStatus,
        error: LobbyError,
    ) -> Result<Option<u64>, LobbyError> {
        let LobbyError::Bank { reason } = &error else {
            return Err(error);
        };
        if !outcome_unknown(reason) {
            return Err(error);
        }
        self.seats.seated_mut(user)?.status = departing;
        if departing == SeatStatus::Leaving {
            self.message(TableMessage::LeavingAfterHand { user });
        }
        if let Some(between) = self.phase.between_hands_mut() {
            between.departures_retry_at = Some(tokio::time::Instant::now() + DEPARTURE_RETRY);
        }
        Ok(None)
    }

    pub(super) fn sit_out(&mut self, user: UserId) -> Result<(), LobbyError> {
        let seat = self.seats.seated_mut(user)?;
        match seat.status {
            SeatStatus::SittingOut { .. } => Err(LobbyError::AlreadySittingOut),
            SeatStatus::Leaving | SeatStatus::Kicked => Ok(()),
            SeatStatus::Playing => {
                seat.status = SeatStatus::SittingOut {
                    reason: SitOutReason::Asked,
                };
                self.message(TableMessage::SatOut {
                    user,
                    reason: SitOutReason::Asked,
                });
                Ok(())
            }
        }
    }

    pub(super) fn back(&mut self, user: UserId) -> Result<(), LobbyError> {
        let seat = self.seats.seated_mut(user)?;
        match seat.status {
            SeatStatus::Playing | SeatStatus::Kicked => return Err(LobbyError::NotSittingOut),
            SeatStatus::SittingOut { .. } if seat.stack == 0 => return Err(LobbyError::NoChips),
            SeatStatus::SittingOut { .. } | SeatStatus::Leaving => {}
        }
        seat.status = SeatStatus::Playing;
        seat.timeouts_in_a_row = 0;
        seat.hands_away = 0;
        seat.stood_up_after = None;
        self.message(TableMessage::Back { user });
        self.maybe_schedule_next_hand();
        Ok(())
    }

    pub(super) async fn top_up(&mut self, user: UserId, amount: u64) -> Result<u64, LobbyError> {
        let current = self.seats.seated(user)?.stack;
        if self.phase.hand().is_some() {
            return Err(LobbyError::TopUpDuringHand);
        }
        let (min, max) = (self.settings.min_buy_in, self.settings.max_buy_in);
        let stack = current.saturating_add(amount);
        if amount == 0 || !(min..=max).contains(&stack) {
            return Err(LobbyError::TopUpOutOfRange { min, max, stack });
        }
        let reference = self.next_reference("top-up");
        let stack = self
            .services
            .bank
            .buy_in(self.guild, self.table, user, amount, &reference)
            .await?;
        let seat = self.seats.seated_mut(user)?;
        seat.stack = stack;
        let came_back = seat.status
            == SeatStatus::SittingOut {
                reason: SitOutReason::Busted,
            };
        if came_back {
            seat.status = SeatStatus::Playing;
            seat.timeouts_in_a_row = 0;
        }
        self.message(TableMessage::ToppedUp {
            user,
            amount,
            stack,
        });
        if came_back {
            self.message(TableMessage::Back { user });
        }
        self.maybe_schedule_next_hand();
        Ok(stack)
    }

    pub(super) fn show_cards(&self, user: UserId) -> Result<PlayerCards, LobbyError> {
        self.private_view_of(user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chairs_of(seats: &Chairs) -> Vec<(UserId, u8)> {
        seats.chairs()
    }

    #[test]
    fn a_restored_player_without_a_recorded_chair_gets_the_lowest_free_one_and_nobody_moves() {
        let stacks = [
            (UserId(1), 100),
            (UserId(2), 50),
            (UserId(3), 70),
            (UserId(4), 0),
        ];
        // Player 2 bought in but the crash came before their chair was stored.
        let recorded = [(UserId(3), 0), (UserId(1), 4), (UserId(4), 1)];
        let seats = Chairs::restore(&stacks, &recorded, 6);
        assert_eq!(
            chairs_of(&seats),
            vec![(UserId(3), 0), (UserId(2), 1), (UserId(1), 4)]
        );
    }

    #[test]
    fn a_recorded_chair_past_the_table_or_taken_twice_is_replaced_by_a_free_one() {
        let stacks = [(UserId(1), 100), (UserId(2), 50)];
        let recorded = [(UserId(1), 9), (UserId(2), 9)];
        let seats = Chairs::restore(&stacks, &recorded, 2);
        assert_eq!(chairs_of(&seats), vec![(UserId(1), 0), (UserId(2), 1)]);
        let recorded = [(UserId(1), 1), (UserId(2), 1)];
        let seats = Chairs::restore(&stacks, &recorded, 2);
        assert_eq!(chairs_of(&seats), vec![(UserId(2), 0), (UserId(1), 1)]);
    }
}
