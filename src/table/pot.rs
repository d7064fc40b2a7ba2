//! Pots: chips bet beyond what anyone could call go back to their owner; the main pot and
//! each side pot are built from what every player committed; each pot, on its own, is
//! divided among its eligible players by the hands the game plays (see
//! [`super::showdown::contender`]): half to the best high and half to the best low when both
//! sides have a hand (Stud/8 with a qualifying low), the whole pot to the one side that has
//! (Stud/8 without a low, Stud's high, Razz's low), ties splitting their share.

use super::ace_five_low::AceFiveLow;
use super::eval::{HighValue, LowValue};
use super::odd_chip::OddChipOrder;
use super::seats::{MAX_SEATS, Seats};
use super::vocab::{PotAward, SeatIndex};

/// The chips the biggest contributor put in beyond anyone else, if any: those were never
/// called and go back.
pub fn uncalled_excess(seats: &Seats) -> Option<(SeatIndex, u64)> {
    let mut top: Option<SeatIndex> = None;
    let mut second = 0u64;
    for seat in 0..seats.count {
        let committed = seats.committed[seat];
        match top {
            Some(best) if committed > seats.committed[best] => {
                second = seats.committed[best];
                top = Some(seat);
            }
            Some(_) => second = second.max(committed),
            None => top = Some(seat),
        }
    }
    let top = top?;
    let excess = seats.committed[top].saturating_sub(second);
    (excess > 0).then_some((top, excess))
}

/// One pot before it is split: its chips and the live seats that may win it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot {
    pub amount: u64,
    pub eligible: Vec<SeatIndex>,
}

/// The main pot then the side pots, from the committed chips. A pot only ever includes
/// chips up to what each of its eligible players put in.
pub fn build_pots(seats: &Seats) -> Vec<Pot> {
    let mut levels: Vec<u64> = Vec::with_capacity(seats.count);
    levels.extend(
        (0..seats.count)
            .filter(|&s| seats.is_live(s))
            .map(|s| seats.committed[s])
            .filter(|&c| c > 0),
    );
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot> = Vec::with_capacity(levels.len());
    let mut previous = 0u64;
    for &level in &levels {
        let amount: u64 = (0..seats.count)
            .map(|s| {
                let c = seats.committed[s];
                c.min(level).saturating_sub(c.min(previous))
            })
            .sum();
        let mut eligible: Vec<SeatIndex> = Vec::with_capacity(seats.count);
        eligible
            .extend((0..seats.count).filter(|&s| seats.is_live(s) && seats.committed[s] >= level));
        pots.push(Pot { amount, eligible });
        previous = level;
    }
    // Chips of folded players above every live player's total (never left after uncalled
    // chips are returned) stay with the last pot rather than vanish.
    let leftover: u64 = (0..seats.count)
        .map(|s| seats.committed[s].saturating_sub(previous))
        .sum();
    if leftover > 0 {
        match pots.last_mut() {
            Some(last) => last.amount = last.amount.saturating_add(leftover),
            None => pots.push(Pot {
                amount: leftover,
                eligible: (0..seats.count).filter(|&s| seats.is_live(s)).collect(),
            }),
        }
    }
    pots
}

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
    PotAward {
        pot: index,
        amount: pot.amount,
        eligible: pot.eligible.clone(),
        high: share(high_half, high_winners, |seats| {
            order().high_priority(seats)
        }),
        low: share(low_half, low_winners, |seats| order().low_priority(seats)),
        uncontested: false,
    }
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

/// Main pot and side pots from what each seat committed: `(committed, all_in, still_in)`.
/// Each all-in level caps a pot; folded chips count in the pots but win nothing.
/// Returns `(amount, eligible seats)`, main pot first; pots of 0 are left out, and so are
/// chips above the last level that only their owner can win (an uncalled bet).
pub fn split_pots(seats: &[(u64, bool, bool)]) -> Vec<(u64, Vec<SeatIndex>)> {
    let mut levels: Vec<u64> = seats
        .iter()
        .filter(|(_, all_in, in_hand)| *all_in && *in_hand)
        .map(|(committed, _, _)| *committed)
        .collect();
    levels.push(seats.iter().map(|s| s.0).max().unwrap_or(0));
    levels.sort_unstable();
    levels.dedup();
    let mut pots = Vec::new();
    let mut floor = 0u64;
    for level in levels {
        let amount: u64 = seats
            .iter()
            .map(|(committed, _, _)| (*committed).min(level).saturating_sub(floor))
            .sum();
        let eligible: Vec<SeatIndex> = seats
            .iter()
            .enumerate()
            // A player with chips behind can still call up to any level; an all-in player
            // is in only the pots their chips reach.
            .filter(|(_, (committed, all_in, in_hand))| {
                *in_hand && (!*all_in || *committed >= level)
            })
            .map(|(index, _)| index)
            .collect();
        // Chips above what anyone else can match (an uncalled bet) go back to their owner:
        // they are no side pot.
        let uncalled = !pots.is_empty() && eligible.len() == 1;
        if amount > 0 && !uncalled {
            match pots.last_mut() {
                // Chips above the last all-in that only one player can win are simply theirs
                // in the same pot as the level below when the eligible set is unchanged.
                Some((previous, same)) if *same == eligible => *previous += amount,
                _ => pots.push((amount, eligible)),
            }
        }
        floor = level;
    }
    pots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::vocab::SeatState;

    fn seats(committed: &[u64], folded: &[usize]) -> Seats {
        let mut seats = Seats::new(&vec![100; committed.len()]);
        for (seat, &chips) in committed.iter().enumerate() {
            seats.committed[seat] = chips;
        }
        for &seat in folded {
            seats.state[seat] = SeatState::Folded;
        }
        seats
    }

    #[test]
    fn side_pots_stack_on_the_main_pot_by_all_in_level_with_folded_chips_inside() {
        // Seat 0 all-in for 10, seat 3 folded after putting in 15, seats 1 and 2 put in 30.
        let pots = build_pots(&seats(&[10, 30, 30, 15], &[3]));
        assert_eq!(
            pots,
            vec![
                Pot {
                    amount: 40,
                    eligible: vec![0, 1, 2]
                },
                Pot {
                    amount: 45,
                    eligible: vec![1, 2]
                },
            ]
        );
    }

    #[test]
    fn only_chips_beyond_every_other_contribution_are_uncalled() {
        assert_eq!(uncalled_excess(&seats(&[10, 30, 25], &[])), Some((1, 5)));
        assert_eq!(uncalled_excess(&seats(&[10, 30, 30], &[])), None);
        assert_eq!(uncalled_excess(&seats(&[40, 30, 30], &[0])), Some((0, 10)));
    }
}
