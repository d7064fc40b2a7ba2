//! Per-seat chips and status for one hand. Fixed-size arrays, so the whole betting state is
//! `Copy`: an action that turns out to be impossible (a card is missing) is undone by
//! restoring a copy, with no allocation on the hot path.

use super::vocab::{ActionKind, SeatIndex, SeatState, Street};

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
    /// The highest wager each seat made on each street, third to seventh, counted as the
    /// street's wagers with it (1 a completion or bet, 2 a raise, 3 a re-raise …; 0 none):
    /// what its betting said, for the computer players' reading of it.
    pub wagers: [[u8; STREETS_BET]; MAX_SEATS],
    /// What each seat did last on the current street (none yet: `None`), for the board.
    pub acted: [Option<ActionKind>; MAX_SEATS],
}

/// Streets with a betting round: third to seventh.
pub const STREETS_BET: usize = 5;

impl Seats {
    /// `stacks.len()` must be at most [`MAX_SEATS`] (checked by `Hand::start`).
    pub fn new(stacks: &[u64]) -> Seats {
        let mut seats = Seats {
            count: stacks.len().min(MAX_SEATS),
            stack: [0; MAX_SEATS],
            street_bet: [0; MAX_SEATS],
            acted: [None; MAX_SEATS],
            committed: [0; MAX_SEATS],
            state: [SeatState::Folded; MAX_SEATS],
            wagers: [[0; STREETS_BET]; MAX_SEATS],
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

    /// Records a completion, bet or raise of `seat` on `street`: one wager more than the
    /// street had.
    pub fn count_wager(&mut self, seat: SeatIndex, street: Street) {
        let index = street as usize;
        if index >= STREETS_BET {
            return;
        }
        let made = self.wagers[..self.count]
            .iter()
            .map(|streets| streets[index])
            .max()
            .unwrap_or(0);
        self.wagers[seat][index] = made.saturating_add(1);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_given_a_stack_starts_in_the_hand_and_no_other() {
        let seats = Seats::new(&[10, 20, 30]);
        assert_eq!(seats.count, 3);
        assert_eq!(&seats.stack[..4], &[10, 20, 30, 0]);
        assert!((0..3).all(|seat| seats.is_active(seat) && seats.is_live(seat)));
        assert!(!seats.is_live(3) && !seats.is_active(3));
        assert_eq!((seats.live_count(), seats.active_count()), (3, 3));
        assert_eq!(seats.pot(), 0);
    }

    #[test]
    fn a_folded_seat_is_out_and_an_all_in_seat_is_in_but_cannot_bet() {
        let mut seats = Seats::new(&[10, 20, 30, 40]);
        seats.state[1] = SeatState::Folded;
        seats.state[2] = SeatState::AllIn;
        assert!(!seats.is_live(1) && !seats.is_active(1));
        assert!(seats.is_live(2) && !seats.is_active(2));
        assert_eq!(seats.live_count(), 3);
        assert_eq!(seats.active_count(), 2);
    }

    #[test]
    fn a_payment_moves_chips_from_the_stack_to_the_pot_and_a_street_bet_only_when_it_is_one() {
        let mut seats = Seats::new(&[10, 20]);
        assert_eq!(seats.pay(0, 1, false), 1);
        assert_eq!(seats.pay(0, 4, true), 4);
        assert_eq!(seats.pay(0, 2, true), 2);
        assert_eq!(
            (seats.stack[0], seats.committed[0], seats.street_bet[0]),
            (3, 7, 6)
        );
        assert!(seats.is_active(0));
        assert_eq!(seats.pay(1, 3, true), 3);
        assert_eq!(seats.pot(), 10);
    }

    #[test]
    fn a_payment_of_more_than_the_stack_pays_the_stack_and_puts_the_seat_all_in() {
        let mut seats = Seats::new(&[10, 20]);
        assert_eq!(seats.pay(0, 25, true), 10);
        assert_eq!((seats.stack[0], seats.committed[0]), (0, 10));
        assert_eq!(seats.street_bet[0], 10);
        assert_eq!(seats.state[0], SeatState::AllIn);
        assert_eq!(seats.pay(1, 20, false), 20);
        assert_eq!(seats.state[1], SeatState::AllIn);
        assert_eq!(seats.street_bet[1], 0);
    }

    #[test]
    fn a_folded_seat_that_has_paid_its_last_chip_stays_folded() {
        let mut seats = Seats::new(&[10, 20]);
        seats.state[0] = SeatState::Folded;
        seats.pay(0, 10, false);
        assert_eq!(seats.state[0], SeatState::Folded);
    }

    #[test]
    fn the_pot_counts_only_the_seats_in_the_hand() {
        let mut seats = Seats::new(&[10, 20]);
        seats.committed = [3, 4, 9, 9, 9, 9, 9, 9];
        assert_eq!(seats.pot(), 7);
    }

    #[test]
    fn clockwise_order_starts_at_the_seat_given_and_wraps_around() {
        let seats = Seats::new(&[10, 20, 30, 40]);
        let order = |start| seats.clockwise_from(start).collect::<Vec<_>>();
        assert_eq!(order(0), vec![0, 1, 2, 3]);
        assert_eq!(order(2), vec![2, 3, 0, 1]);
        assert_eq!(order(3), vec![3, 0, 1, 2]);
        // A start past the last seat counts on around the table.
        assert_eq!(order(6), vec![2, 3, 0, 1]);
        let empty = Seats::new(&[]);
        assert_eq!(empty.clockwise_from(3).count(), 0);
    }

    #[test]
    fn the_next_seat_that_can_bet_skips_folded_and_all_in_seats_and_wraps_around() {
        let mut seats = Seats::new(&[10, 20, 30, 40]);
        seats.state[1] = SeatState::Folded;
        seats.state[2] = SeatState::AllIn;
        assert_eq!(seats.next_active_from(0), Some(0));
        assert_eq!(seats.next_active_from(1), Some(3));
        assert_eq!(seats.next_active_from(2), Some(3));
        seats.state[3] = SeatState::Folded;
        assert_eq!(seats.next_active_from(1), Some(0));
        seats.state[0] = SeatState::AllIn;
        assert_eq!(seats.next_active_from(0), None);
    }
}
