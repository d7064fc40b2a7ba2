//! Per-seat chips and status for one hand. Fixed-size arrays, so the whole betting state is
//! `Copy`: an action that turns out to be impossible (a card is missing) is undone by
//! restoring a copy, with no allocation on the hot path.

use super::vocab::{SeatIndex, SeatState};

/// The fewest players a hand is dealt to (docs/RULES.md: 2 to 8).
pub const MIN_SEATS: usize = 2;
/// The most players a hand can seat (docs/RULES.md: 2 to 8): the one home of "8 seats".
pub const MAX_SEATS: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats {
    pub count: usize,
    pub stack: [u64; MAX_SEATS],
    /// Chips put in on the current street (bring-in, bets, calls; antes are not street bets).
    pub street_bet: [u64; MAX_SEATS],
    /// Everything put in this hand, antes included.
    pub committed: [u64; MAX_SEATS],
    pub state: [SeatState; MAX_SEATS],
}

impl Seats {
    /// `stacks.len()` must be at most [`MAX_SEATS`] (checked by `Hand::start`).
    pub fn new(stacks: &[u64]) -> Seats {
        let mut seats = Seats {
            count: stacks.len().min(MAX_SEATS),
            stack: [0; MAX_SEATS],
            street_bet: [0; MAX_SEATS],
            committed: [0; MAX_SEATS],
            state: [SeatState::Folded; MAX_SEATS],
        };
        for (seat, &chips) in stacks.iter().enumerate().take(MAX_SEATS) {
            seats.stack[seat] = chips;
            seats.state[seat] = SeatState::Active;
        }
        seats
    }

    pub fn is_live(&self, seat: SeatIndex) -> bool {
        self.state[seat] != SeatState::Folded
    }

    pub fn is_active(&self, seat: SeatIndex) -> bool {
        self.state[seat] == SeatState::Active
    }

    /// Seats still in the hand (not folded), all-in or not.
    pub fn live_count(&self) -> usize {
        (0..self.count).filter(|&s| self.is_live(s)).count()
    }

    /// Seats that can still bet: in the hand with chips behind.
    pub fn active_count(&self) -> usize {
        (0..self.count).filter(|&s| self.is_active(s)).count()
    }

    /// Moves `chips` (at most the stack) from the stack into the pot; the seat is all-in when
    /// its stack reaches zero.
    pub fn pay(&mut self, seat: SeatIndex, chips: u64, as_street_bet: bool) -> u64 {
        let chips = chips.min(self.stack[seat]);
        self.stack[seat] -= chips;
        self.committed[seat] = self.committed[seat].saturating_add(chips);
        if as_street_bet {
            self.street_bet[seat] = self.street_bet[seat].saturating_add(chips);
        }
        if self.stack[seat] == 0 && self.state[seat] == SeatState::Active {
            self.state[seat] = SeatState::AllIn;
        }
        chips
    }

    /// Every chip in the middle (all streets, current bets included).
    pub fn pot(&self) -> u64 {
        self.committed[..self.count].iter().sum()
    }

    /// Seats in clockwise (deal) order starting at `start`, wrapping around.
    pub fn clockwise_from(&self, start: SeatIndex) -> impl Iterator<Item = SeatIndex> + use<> {
        let count = self.count;
        let start = if count == 0 { 0 } else { start % count };
        (start..count).chain(0..start)
    }

    /// The first seat at or after `start`, clockwise, that can still bet.
    pub fn next_active_from(&self, start: SeatIndex) -> Option<SeatIndex> {
        self.clockwise_from(start).find(|&s| self.is_active(s))
    }
}
