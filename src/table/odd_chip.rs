//! Who receives the odd chips of a split half (`odd_chip` option). `by_suit` (Robert's):
//! among tied highs the player holding the highest card by suit, among tied lows the
//! player holding the lowest card by suit (ace low), all of a player's own cards counting,
//! not only the five played. `first_seat`: the tied winner nearest the dealer's left, i.e.
//! the lowest seat in deal order. No player receives more than one odd chip of a half.

use super::card::Card;
use super::hand::SeatIndex;
use super::rules::OddChip;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddChipOrder {
    rule: OddChip,
    /// Per seat: its highest own card (ace high, then suit).
    highest: Vec<Option<Card>>,
    /// Per seat: its lowest own card with the ace low, as (low rank value, suit).
    lowest: Vec<Option<(u8, u8)>>,
}

impl OddChipOrder {
    /// `own_cards[seat]` are the seat's own cards (a shared community card decides nothing).
    pub fn new(rule: OddChip, own_cards: &[Vec<Card>]) -> OddChipOrder {
        OddChipOrder {
            rule,
            highest: own_cards
                .iter()
                .map(|cards| cards.iter().copied().max())
                .collect(),
            lowest: own_cards
                .iter()
                .map(|cards| {
                    cards
                        .iter()
                        .map(|c| (c.rank.low_value(), c.suit.index()))
                        .min()
                })
                .collect(),
        }
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
