//! What each seat won in a finished hand, for stats: high, low, scoop. One definition, used
//! by every table (the lobby) and by `sim --data`, so stats mean the same everywhere.
//!
//! A seat won high (or low) when it received chips from that half of a pot it contested with
//! someone else, or took a pot uncontested (counted as high); in Razz every pot is won low.
//! It scooped when it alone won the whole of a pot contested at showdown: both halves, or
//! the whole pot when only one side is played (no qualifying low, Stud, Razz).
//! Pots with one eligible seat (uncalled chips going back) count for nothing.

use super::hand::{HandResult, PotAward, SeatIndex};

/// One seat's wins in a finished hand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatWins {
    pub won_high: bool,
    pub won_low: bool,
    pub scooped: bool,
}

impl HandResult {
    /// What `seat` won in this hand (all false for a seat that won nothing or is not in it).
    pub fn wins(&self, seat: SeatIndex) -> SeatWins {
        let counted = || self.awards.iter().filter(|award| counts(award));
        SeatWins {
            won_high: counted().any(|award| received(&award.high, seat)),
            won_low: counted().any(|award| received(&award.low, seat)),
            scooped: self.awards.iter().any(|award| scooped(award, seat)),
        }
    }
}

fn counts(award: &PotAward) -> bool {
    award.uncontested || award.eligible.len() > 1
}

fn received(half: &[(SeatIndex, u64)], seat: SeatIndex) -> bool {
    half.iter()
        .any(|&(winner, amount)| winner == seat && amount > 0)
}

fn scooped(award: &PotAward, seat: SeatIndex) -> bool {
    let mut winners = award.high.iter().chain(&award.low);
    !award.uncontested
        && award.eligible.len() > 1
        && (!award.high.is_empty() || !award.low.is_empty())
        && winners.all(|&(winner, _)| winner == seat)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn award(
        eligible: &[SeatIndex],
        high: &[(SeatIndex, u64)],
        low: &[(SeatIndex, u64)],
        uncontested: bool,
    ) -> PotAward {
        PotAward {
            pot: 0,
            amount: high.iter().chain(low).map(|(_, chips)| chips).sum(),
            eligible: eligible.to_vec(),
            high: high.to_vec(),
            low: low.to_vec(),
            uncontested,
        }
    }

    fn result(awards: Vec<PotAward>) -> HandResult {
        HandResult {
            game: crate::table::Game::Stud8,
            starting_stacks: vec![100, 100, 100],
            final_stacks: vec![100, 100, 100],
            awards,
            shown: vec![],
        }
    }

    #[test]
    fn a_seat_taking_both_halves_alone_scoops() {
        let hand = result(vec![award(&[0, 1, 2], &[(1, 30)], &[(1, 30)], false)]);
        assert_eq!(
            hand.wins(1),
            SeatWins {
                won_high: true,
                won_low: true,
                scooped: true
            }
        );
        assert_eq!(hand.wins(0), SeatWins::default());
    }

    #[test]
    fn a_high_without_a_qualifying_low_scoops_and_a_split_does_not() {
        let no_low = result(vec![award(&[0, 1], &[(0, 40)], &[], false)]);
        assert!(no_low.wins(0).scooped);
        let split = result(vec![award(&[0, 1], &[(0, 20)], &[(1, 20)], false)]);
        assert_eq!(
            split.wins(0),
            SeatWins {
                won_high: true,
                won_low: false,
                scooped: false
            }
        );
        assert_eq!(
            split.wins(1),
            SeatWins {
                won_high: false,
                won_low: true,
                scooped: false
            }
        );
    }

    #[test]
    fn a_razz_pot_won_alone_is_a_low_win_and_a_scoop_and_a_shared_one_is_not() {
        let alone = result(vec![award(&[0, 1, 2], &[], &[(2, 45)], false)]);
        assert_eq!(
            alone.wins(2),
            SeatWins {
                won_high: false,
                won_low: true,
                scooped: true
            }
        );
        let shared = result(vec![award(&[0, 1], &[], &[(0, 20), (1, 20)], false)]);
        assert!(shared.wins(0).won_low);
        assert!(!shared.wins(0).scooped);
    }

    #[test]
    fn uncalled_chips_returned_through_a_one_seat_pot_win_nothing() {
        let hand = result(vec![
            award(&[0, 1], &[(0, 10)], &[(1, 10)], false),
            award(&[1], &[(1, 15)], &[], false),
        ]);
        assert_eq!(
            hand.wins(1),
            SeatWins {
                won_high: false,
                won_low: true,
                scooped: false
            }
        );
    }

    #[test]
    fn an_uncontested_pot_counts_as_a_high_win_but_not_a_scoop() {
        let hand = result(vec![award(&[2], &[(2, 12)], &[], true)]);
        assert_eq!(
            hand.wins(2),
            SeatWins {
                won_high: true,
                won_low: false,
                scooped: false
            }
        );
    }
    #[test]
    fn a_share_of_no_chips_is_no_win() {
        // A one-chip pot split both ways: the high takes the odd chip, the tied lows share
        // the empty low half.
        let hand = result(vec![award(&[0, 1, 2], &[(0, 1)], &[(1, 0), (2, 0)], false)]);
        assert_eq!(hand.wins(1), SeatWins::default());
        assert_eq!(hand.wins(2), SeatWins::default());
        assert!(hand.wins(0).won_high);
        assert!(!hand.wins(0).scooped);
    }

    #[test]
    fn a_contested_pot_nobody_received_is_no_scoop() {
        let hand = result(vec![award(&[0, 1], &[], &[], false)]);
        assert_eq!(hand.wins(0), SeatWins::default());
        assert_eq!(hand.wins(1), SeatWins::default());
    }

    #[test]
    fn a_seat_that_scooped_one_pot_and_shared_another_still_scooped() {
        let hand = result(vec![
            award(&[0, 1, 2], &[(0, 30)], &[(0, 30)], false),
            award(&[0, 1], &[(0, 10)], &[(1, 10)], false),
        ]);
        assert_eq!(
            hand.wins(0),
            SeatWins {
                won_high: true,
                won_low: true,
                scooped: true
            }
        );
        assert_eq!(
            hand.wins(1),
            SeatWins {
                won_high: false,
                won_low: true,
                scooped: false
            }
        );
    }
}
