//! Pots: chips bet beyond what anyone could call go back to their owner; the main pot and
//! each side pot are built from what every player committed, both for the showdown (from the
//! seats) and for the board's pots while the hand is on (from what each seat shows). How each
//! pot is then divided is [`super::pot_division`]'s.

use super::seats::Seats;
use super::vocab::SeatIndex;

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

/// Main pot and side pots from what each seat committed: `(committed, all_in, still_in)`.
/// Each all-in level caps a pot; folded chips count in the pots but win nothing.
/// Returns `(amount, eligible seats)`, main pot first; pots of 0 are left out, and so are
/// a lone owner's chips above what anyone else put in (an uncalled bet).
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
        // Chips above what anyone else put in (an uncalled bet) go back to their owner: they
        // are no side pot. Folded players' chips at this level, and the owner's chips that
        // match them, are a side pot the owner alone wins.
        let amount = match eligible.as_slice() {
            [owner] if !pots.is_empty() => {
                let at_level = |committed: u64| committed.min(level).saturating_sub(floor);
                let others = || {
                    seats
                        .iter()
                        .enumerate()
                        .filter(|(seat, _)| seat != owner)
                        .map(|(_, (committed, _, _))| at_level(*committed))
                };
                let matched = others().max().unwrap_or(0);
                let own = seats.get(*owner).map_or(0, |(c, _, _)| at_level(*c));
                others().sum::<u64>().saturating_add(own.min(matched))
            }
            _ => amount,
        };
        if amount > 0 {
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
        assert_eq!(uncalled_excess(&seats(&[20, 20, 35], &[])), Some((2, 15)));
        assert_eq!(uncalled_excess(&seats(&[0, 0], &[])), None);
    }

    fn pot(amount: u64, eligible: &[SeatIndex]) -> Pot {
        Pot {
            amount,
            eligible: eligible.to_vec(),
        }
    }

    #[test]
    fn a_live_seat_that_put_nothing_in_makes_no_empty_pot() {
        assert_eq!(
            build_pots(&seats(&[0, 20, 20], &[])),
            vec![pot(40, &[1, 2])]
        );
        assert_eq!(build_pots(&seats(&[0, 0, 0], &[])), Vec::<Pot>::new());
    }

    #[test]
    fn folded_chips_above_every_live_total_stay_in_the_last_pot() {
        // Seat 1 folded with 30 in; seat 0, all-in for 10, is the only one left.
        assert_eq!(build_pots(&seats(&[10, 30], &[1])), vec![pot(40, &[0])]);
        // No live seat put anything in: the folded chips still make a pot.
        assert_eq!(build_pots(&seats(&[0, 30], &[1])), vec![pot(30, &[0])]);
    }

    fn shown(committed: u64, state: SeatState) -> (u64, bool, bool) {
        (
            committed,
            state == SeatState::AllIn,
            state != SeatState::Folded,
        )
    }

    #[test]
    fn shown_pots_cap_the_main_pot_at_the_all_in_and_leave_out_the_uncalled_bet() {
        use SeatState::{Active, AllIn, Folded};
        // Seat 0 all-in for 10, seat 2 folded with 15, seats 1 and 3 bet on; seat 3's last 10
        // are not called yet by seat 1, who can still call them.
        let pots = split_pots(&[
            shown(10, AllIn),
            shown(30, Active),
            shown(15, Folded),
            shown(40, Active),
        ]);
        assert_eq!(pots, vec![(40, vec![0, 1, 3]), (55, vec![1, 3])]);
        // Seat 1 all-in for 30 instead: seat 3's 10 above it are uncalled.
        let pots = split_pots(&[
            shown(10, AllIn),
            shown(30, AllIn),
            shown(15, Folded),
            shown(40, Active),
        ]);
        assert_eq!(pots, vec![(40, vec![0, 1, 3]), (45, vec![1, 3])]);
    }

    #[test]
    fn shown_pots_keep_the_folded_chips_a_side_pot_holds_for_its_only_live_player() {
        use SeatState::{Active, AllIn, Folded};
        // Seat 0 all-in for 10; seat 3 folded to seat 2's raise, then seat 1 folded: seat 2
        // alone wins the side pot of the folded chips above 10, with its own 15 that they
        // called; only nothing of seat 2's is uncalled.
        let pots = split_pots(&[
            shown(10, AllIn),
            shown(20, Folded),
            shown(25, Active),
            shown(25, Folded),
        ]);
        assert_eq!(pots, vec![(40, vec![0, 2]), (40, vec![2])]);
        // Before seat 2's uncalled 5 went back: those 5 are left out, the rest stays.
        let pots = split_pots(&[
            shown(10, AllIn),
            shown(20, Folded),
            shown(30, Active),
            shown(25, Folded),
        ]);
        assert_eq!(pots, vec![(40, vec![0, 2]), (40, vec![2])]);
    }

    #[test]
    fn shown_pots_give_the_only_player_left_the_whole_pot() {
        use SeatState::{Active, Folded};
        assert_eq!(
            split_pots(&[shown(10, Folded), shown(30, Active)]),
            vec![(40, vec![1])]
        );
    }

    #[test]
    fn shown_pots_of_nothing_are_left_out() {
        use SeatState::Active;
        assert_eq!(split_pots(&[shown(0, Active), shown(0, Active)]), vec![]);
        assert_eq!(split_pots(&[]), vec![]);
        assert_eq!(
            split_pots(&[shown(5, Active), shown(5, Active)]),
            vec![(10, vec![0, 1])]
        );
    }
}
