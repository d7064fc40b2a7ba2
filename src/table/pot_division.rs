//! Dividing one pot among its eligible players by the hands the game plays (see
//! [`super::showdown::contender`]): half to the best high and half to the best low when both
//! sides have a hand (Stud/8 with a qualifying low), the whole pot to the one side that has
//! (Stud/8 without a low, Stud's high, Razz's low), ties splitting their share, odd chips in
//! the game's priority. The pots themselves are built by [`super::pot`].

use super::ace_five_low::AceFiveLow;
use super::eval::{HighValue, LowValue};
use super::odd_chip::OddChipOrder;
use super::pot::Pot;
use super::seats::MAX_SEATS;
use super::vocab::{PotAward, SeatIndex};

/// A hand's claim on the low side of a pot. One game plays one kind, so the two are never
/// compared with each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LowClaim {
    /// A qualifying eight-or-better low (Stud/8).
    EightOrBetter(LowValue),
    /// Any ace-to-five low, no qualifier (Razz).
    Razz(AceFiveLow),
}

/// A hand at showdown as the pot split sees it: what it claims on each side (`None` when
/// the game gives it nothing there: no high in Razz, no low in Stud, no qualifying low).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contender {
    pub seat: SeatIndex,
    pub high: Option<HighValue>,
    pub low: Option<LowClaim>,
}

/// Fills the unused slots of fixed contender buffers; never read.
pub const NO_CONTENDER: Contender = Contender {
    seat: 0,
    high: None,
    low: None,
};

/// Up to one seat each, in a fixed buffer: the winners of a half, without allocating.
struct SeatList {
    seats: [SeatIndex; MAX_SEATS],
    len: usize,
}

impl SeatList {
    fn from_seats(seats: impl Iterator<Item = SeatIndex>) -> SeatList {
        let mut list = SeatList {
            seats: [0; MAX_SEATS],
            len: 0,
        };
        for seat in seats {
            if let Some(slot) = list.seats.get_mut(list.len) {
                *slot = seat;
                list.len += 1;
            }
        }
        list
    }

    fn as_slice(&self) -> &[SeatIndex] {
        &self.seats[..self.len]
    }
}

/// Splits one pot among its eligible contenders: the high half takes the odd chip of an odd
/// pot; within a half, tied winners share and the chips that do not divide go one each in
/// `order`'s priority (built only when a chip is left over).
pub fn split_pot(
    index: usize,
    pot: &Pot,
    contenders: &[Contender],
    order: &dyn Fn() -> OddChipOrder,
) -> PotAward {
    // At most one entry per seat: fixed buffers, no allocation per pot.
    let mut eligible = [NO_CONTENDER; MAX_SEATS];
    let mut eligible_count = 0;
    for contender in contenders.iter().filter(|c| pot.eligible.contains(&c.seat)) {
        if let Some(slot) = eligible.get_mut(eligible_count) {
            *slot = *contender;
            eligible_count += 1;
        }
    }
    let eligible = &mut eligible[..eligible_count];
    eligible.sort_unstable_by_key(|c| c.seat);
    let best_high = eligible.iter().filter_map(|c| c.high).max();
    let best_low = eligible.iter().filter_map(|c| c.low).max();
    let high_winners = match best_high {
        Some(best) => SeatList::from_seats(
            eligible
                .iter()
                .filter(|c| c.high == Some(best))
                .map(|c| c.seat),
        ),
        None => SeatList::from_seats(std::iter::empty()),
    };
    let low_winners = match best_low {
        Some(best) => SeatList::from_seats(
            eligible
                .iter()
                .filter(|c| c.low == Some(best))
                .map(|c| c.seat),
        ),
        None => SeatList::from_seats(std::iter::empty()),
    };
    let (high_winners, low_winners) = (high_winners.as_slice(), low_winners.as_slice());
    // The high side takes the odd chip of an odd pot split both ways.
    let (high_half, low_half) = match (high_winners.is_empty(), low_winners.is_empty()) {
        (false, true) => (pot.amount, 0),
        (true, false) => (0, pot.amount),
        _ => (pot.amount - pot.amount / 2, pot.amount / 2),
    };
    let high = share(high_half, high_winners, |seats| {
        order().high_priority(seats)
    });
    let low = if low_half > 0 && high_winners.len() > 1 && high_winners == low_winners {
        one_share_low_half(pot.amount, &high, |seats| order().high_priority(seats))
    } else {
        share(low_half, low_winners, |seats| order().low_priority(seats))
    };
    PotAward {
        pot: index,
        amount: pot.amount,
        eligible: pot.eligible.clone(),
        high,
        low,
        uncontested: false,
    }
}

/// The low half when the same players tie both the high and the low (identical hands both
/// ways): the pot is split among them as one share, as evenly as possible (Robert's, the
/// TDA; a 66 pot between two such players is 33/33, never 34/32), its odd chips in the high
/// half's priority. Each player's low share is their share of the whole pot less what the
/// high half gave them; with the high half's odd chips in the same priority as the whole
/// pot's, that is never below 0.
fn one_share_low_half(
    amount: u64,
    high: &[(SeatIndex, u64)],
    priority: impl Fn(&[SeatIndex]) -> Vec<SeatIndex>,
) -> Vec<(SeatIndex, u64)> {
    let winners: Vec<SeatIndex> = high.iter().map(|&(seat, _)| seat).collect();
    share(amount, &winners, priority)
        .into_iter()
        .zip(high)
        .map(|((seat, whole), &(_, from_high))| (seat, whole.saturating_sub(from_high)))
        .collect()
}

/// Divides `amount` among `winners` (in seat order); the remainder goes one chip each to
/// the winners first in `priority`.
fn share(
    amount: u64,
    winners: &[SeatIndex],
    priority: impl Fn(&[SeatIndex]) -> Vec<SeatIndex>,
) -> Vec<(SeatIndex, u64)> {
    if winners.is_empty() || amount == 0 {
        return Vec::new();
    }
    let count = winners.len() as u64;
    let each = amount / count;
    let remainder = amount % count;
    let mut shares: Vec<(SeatIndex, u64)> = winners.iter().map(|&s| (s, each)).collect();
    if remainder > 0 {
        for seat in priority(winners).into_iter().take(remainder as usize) {
            if let Some(entry) = shares.iter_mut().find(|(s, _)| *s == seat) {
                entry.1 += 1;
            }
        }
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pot(amount: u64, eligible: &[SeatIndex]) -> Pot {
        Pot {
            amount,
            eligible: eligible.to_vec(),
        }
    }

    fn high(value: u32) -> Contender {
        Contender {
            seat: 0,
            high: Some(HighValue(value)),
            low: None,
        }
    }

    fn at(seat: SeatIndex, contender: Contender) -> Contender {
        Contender { seat, ..contender }
    }

    fn eight_low(seat: SeatIndex, text: &str) -> Option<LowClaim> {
        let cards: crate::table::eval::CardSet = crate::table::card::Card::parse_many(text)
            .expect("cards")
            .into_iter()
            .collect();
        let low = cards.low().map(LowClaim::EightOrBetter);
        assert!(low.is_some(), "seat {seat}: {text} makes no low");
        low
    }

    fn razz_low(text: &str) -> Option<LowClaim> {
        let cards = crate::table::card::Card::parse_many(text).expect("cards");
        Some(LowClaim::Razz(AceFiveLow::of(&cards)))
    }

    fn first_seat() -> OddChipOrder {
        let dealt = crate::table::deal::DealtCards::default();
        OddChipOrder::new(crate::table::rules::OddChip::FirstSeat, &dealt, MAX_SEATS)
    }

    fn award(index: usize, pot: &Pot, contenders: &[Contender]) -> PotAward {
        split_pot(index, pot, contenders, &first_seat)
    }

    #[test]
    fn a_pot_without_a_low_goes_whole_to_the_best_high() {
        let contenders = [at(0, high(7)), at(1, high(9)), at(2, high(3))];
        let result = award(1, &pot(31, &[0, 1, 2]), &contenders);
        assert_eq!(result.pot, 1);
        assert_eq!(result.amount, 31);
        assert_eq!(result.eligible, vec![0, 1, 2]);
        assert_eq!(result.high, vec![(1, 31)]);
        assert_eq!(result.low, vec![]);
        assert!(!result.uncontested);
    }

    #[test]
    fn a_contender_not_eligible_for_the_pot_wins_none_of_it() {
        // Seat 1 has the best high but put in less than this side pot asks.
        let contenders = [at(0, high(7)), at(1, high(9)), at(2, high(3))];
        let result = award(1, &pot(20, &[0, 2]), &contenders);
        assert_eq!(result.high, vec![(0, 20)]);
    }

    #[test]
    fn a_razz_pot_goes_whole_to_the_best_low() {
        let contenders = [
            Contender {
                seat: 0,
                high: None,
                low: razz_low("Ah 2c 3d 4s 6h"),
            },
            Contender {
                seat: 1,
                high: None,
                low: razz_low("Ah 2c 3d 4s 7h"),
            },
        ];
        let result = award(0, &pot(25, &[0, 1]), &contenders);
        assert_eq!(result.high, vec![]);
        assert_eq!(result.low, vec![(0, 25)]);
    }

    #[test]
    fn an_odd_pot_split_both_ways_gives_the_odd_chip_to_the_high_half() {
        let contenders = [
            Contender {
                seat: 0,
                high: Some(HighValue(9)),
                low: None,
            },
            Contender {
                seat: 1,
                high: Some(HighValue(2)),
                low: eight_low(1, "Ah 2c 3d 4s 6h"),
            },
            Contender {
                seat: 2,
                high: Some(HighValue(1)),
                low: eight_low(2, "Ah 2c 3d 4s 7h"),
            },
        ];
        let result = award(0, &pot(11, &[0, 1, 2]), &contenders);
        assert_eq!(result.high, vec![(0, 6)]);
        assert_eq!(result.low, vec![(1, 5)]);
        let even = award(0, &pot(12, &[0, 1, 2]), &contenders);
        assert_eq!((even.high, even.low), (vec![(0, 6)], vec![(1, 6)]));
    }

    #[test]
    fn a_one_chip_pot_split_both_ways_names_no_low_winner_of_nothing() {
        let contenders = [
            Contender {
                seat: 0,
                high: Some(HighValue(9)),
                low: None,
            },
            Contender {
                seat: 1,
                high: Some(HighValue(2)),
                low: eight_low(1, "Ah 2c 3d 4s 6h"),
            },
        ];
        let result = award(0, &pot(1, &[0, 1]), &contenders);
        assert_eq!((result.high, result.low), (vec![(0, 1)], vec![]));
    }

    fn both_ways(seat: SeatIndex, low: &str) -> Contender {
        Contender {
            seat,
            high: Some(HighValue(5)),
            low: eight_low(seat, low),
        }
    }

    #[test]
    fn identical_hands_both_ways_split_the_pot_as_one_share() {
        // Both hold 6-5-4-3-2 for high and for low: a 66 pot is 33/33, never 34/32, though
        // first seat would give seat 0 the odd chip of each half.
        let contenders = [
            both_ways(0, "6h 5c 4d 3s 2h"),
            both_ways(2, "6c 5d 4h 3c 2s"),
        ];
        let result = award(0, &pot(66, &[0, 2]), &contenders);
        assert_eq!(result.high, vec![(0, 17), (2, 16)]);
        assert_eq!(result.low, vec![(0, 16), (2, 17)]);
        // An odd pot: one odd chip in all, to the high half's first in priority.
        let odd = award(0, &pot(67, &[0, 2]), &contenders);
        let total = |seat| {
            odd.high
                .iter()
                .chain(&odd.low)
                .filter(|(s, _)| *s == seat)
                .map(|(_, c)| c)
                .sum::<u64>()
        };
        assert_eq!((total(0), total(2)), (34, 33));
        // Three ways, 100: 34/33/33.
        let three = [
            both_ways(0, "6h 5c 4d 3s 2h"),
            both_ways(1, "6s 5s 4s 3d 2d"),
            both_ways(2, "6c 5d 4h 3c 2s"),
        ];
        let result = award(0, &pot(100, &[0, 1, 2]), &three);
        let mut totals = [0u64; 3];
        for (seat, chips) in result.high.iter().chain(&result.low) {
            totals[*seat] += chips;
        }
        assert_eq!(totals, [34, 33, 33]);
    }

    #[test]
    fn different_players_tying_each_half_still_split_each_half_on_its_own() {
        // Seats 0 and 1 tie the high, seats 0 and 2 the low: each half is split apart.
        let contenders = [
            both_ways(0, "6h 5c 4d 3s 2h"),
            Contender {
                seat: 1,
                high: Some(HighValue(5)),
                low: None,
            },
            Contender {
                high: Some(HighValue(3)),
                ..both_ways(2, "6c 5d 4h 3c 2s")
            },
        ];
        let result = award(0, &pot(66, &[0, 1, 2]), &contenders);
        assert_eq!(result.high, vec![(0, 17), (1, 16)]);
        assert_eq!(result.low, vec![(0, 17), (2, 16)]);
    }

    #[test]
    fn tied_winners_share_and_the_odd_chips_go_one_each_in_priority() {
        let contenders = [
            at(3, high(9)),
            at(1, high(9)),
            at(0, high(2)),
            at(5, high(9)),
        ];
        // 3 winners of 20: 6 each and 2 odd chips, to seats 1 and 3 (first seat).
        let result = award(0, &pot(20, &[0, 1, 3, 5]), &contenders);
        assert_eq!(result.high, vec![(1, 7), (3, 7), (5, 6)]);
        // Two winners of 7: the odd chip to the first.
        let two = award(0, &pot(7, &[0, 3, 5]), &contenders);
        assert_eq!(two.high, vec![(3, 4), (5, 3)]);
        // Divides evenly: no odd chip.
        let even = award(0, &pot(18, &[1, 3, 5]), &contenders);
        assert_eq!(even.high, vec![(1, 6), (3, 6), (5, 6)]);
    }
}
