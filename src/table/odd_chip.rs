//! Who receives the odd chips of a split half (`odd_chip` option). `by_suit` (Robert's):
//! among tied highs the player holding the highest card by suit, among tied lows the
//! player holding the lowest card by suit (ace low), all of a player's own cards counting,
//! not only the five played. `first_seat`: the tied winner nearest the dealer's left, i.e.
//! the lowest seat in deal order. No player receives more than one odd chip of a half.

use super::card::Card;
use super::deal::DealtCards;
use super::rules::OddChip;
use super::seats::MAX_SEATS;
use super::vocab::SeatIndex;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddChipOrder {
    rule: OddChip,
    /// Per seat: its highest own card (ace high, then suit).
    highest: [Option<Card>; MAX_SEATS],
    /// Per seat: its lowest own card with the ace low, as (low rank value, suit).
    lowest: [Option<(u8, u8)>; MAX_SEATS],
}

impl OddChipOrder {
    /// Built from the seats' own cards (a shared community card decides nothing).
    pub fn new(rule: OddChip, dealt: &DealtCards, seats: usize) -> OddChipOrder {
        let mut order = OddChipOrder {
            rule,
            highest: [None; MAX_SEATS],
            lowest: [None; MAX_SEATS],
        };
        for seat in 0..seats.min(MAX_SEATS) {
            order.highest[seat] = dealt.all(seat).max();
            order.lowest[seat] = dealt
                .all(seat)
                .map(|c| (c.rank.low_value(), c.suit.index()))
                .min();
        }
        order
    }

    /// `winners` ordered by who gets an odd chip of the high half first.
    pub fn high_priority(&self, winners: &[SeatIndex]) -> Vec<SeatIndex> {
        let mut order = winners.to_vec();
        match self.rule {
            OddChip::FirstSeat => order.sort_unstable(),
            OddChip::BySuit => order.sort_by(|a, b| {
                let key = |s: &SeatIndex| self.highest.get(*s).copied().flatten();
                key(b).cmp(&key(a)).then(a.cmp(b))
            }),
        }
        order
    }

    /// `winners` ordered by who gets an odd chip of the low half first.
    pub fn low_priority(&self, winners: &[SeatIndex]) -> Vec<SeatIndex> {
        let mut order = winners.to_vec();
        match self.rule {
            OddChip::FirstSeat => order.sort_unstable(),
            OddChip::BySuit => order.sort_by(|a, b| {
                let key = |s: &SeatIndex| self.lowest.get(*s).copied().flatten();
                // Seats without cards (never at showdown) sort last.
                match (key(a), key(b)) {
                    (Some(x), Some(y)) => x.cmp(&y).then(a.cmp(b)),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => a.cmp(b),
                }
            }),
        }
        order
    }
}
