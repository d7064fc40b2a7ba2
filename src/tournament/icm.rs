//! The Independent Chip Model (Malmuth–Harville): what the prizes still to be won are worth
//! to each player from their chips alone. A player's chance of finishing first among those
//! left is their share of the chips; given who finished above, the chance of finishing next
//! is their share of the chips of those still below; each player's value is the sum of the
//! prizes weighted by those chances. It divides a cancelled event's prizes and proposes an
//! ICM deal; a chip chop (the last prize to each, the rest by chips) is the other deal.
//!
//! Whole chips: each value rounded down, then the chips left over one each to the largest
//! stacks in order (the earlier of equal stacks first), no player above the first prize nor
//! below the last. The division always sums to the prizes exactly.

use thiserror::Error;

use super::payout::divide_in_proportion;

/// The most players ICM divides among exactly: the model walks every set of players who may
/// finish above the others (2^n of them), which past about twenty is more than a bot should
/// spend. A sit & go has at most eight.
pub const ICM_MAX_PLAYERS: usize = 20;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IcmError {
    #[error("ICM divides among at most {ICM_MAX_PLAYERS} players, not {0}")]
    TooManyPlayers(usize),
    #[error("{players} players for {prizes} prizes: each player left is given one place")]
    PrizeCount { players: usize, prizes: usize },
    #[error("a player left holds no chips")]
    EmptyStack,
}

/// Each player's ICM value of `prizes` (first place first, one per player; unpaid places
/// 0) from their `stacks`, in the same order, as real numbers.
pub fn icm_values(stacks: &[u64], prizes: &[u64]) -> Result<Vec<f64>, IcmError> {
    let players = stacks.len();
    if players > ICM_MAX_PLAYERS {
        return Err(IcmError::TooManyPlayers(players));
    }
    if prizes.len() != players {
        return Err(IcmError::PrizeCount {
            players,
            prizes: prizes.len(),
        });
    }
    if stacks.contains(&0) {
        return Err(IcmError::EmptyStack);
    }
    let total: f64 = stacks.iter().map(|&stack| stack as f64).sum();
    // Only places with a prize matter: the sets finishing above are at most that many.
    let paid = prizes
        .iter()
        .rposition(|&prize| prize > 0)
        .map_or(0, |last| last + 1);
    let mut values = vec![0.0; players];
    // `chance[set]`: the chance that exactly the players of `set` finish above all the others.
    let mut chance = vec![0.0f64; 1usize << players];
    chance[0] = 1.0;
    for set in 0..chance.len() {
        let placed = set.count_ones() as usize;
        let likely = chance[set];
        if placed >= paid || likely == 0.0 {
            continue;
        }
        let above: f64 = (0..players)
            .filter(|&player| set & (1 << player) != 0)
            .map(|player| stacks[player] as f64)
            .sum();
        let below = total - above;
        for player in (0..players).filter(|&player| set & (1 << player) == 0) {
            let next = likely * stacks[player] as f64 / below;
            values[player] += next * prizes[placed] as f64;
            chance[set | (1 << player)] += next;
        }
    }
    Ok(values)
}

/// `prizes` (first place first, one per player) divided among the players of `stacks` by
/// their ICM values in whole chips: each rounded down within the last prize and the first,
/// then the chips left over one each to the largest stacks (the earlier of equal stacks
/// first), never past the first prize. Sums to the prizes exactly.
pub fn icm_division(stacks: &[u64], prizes: &[u64]) -> Result<Vec<u64>, IcmError> {
    let values = icm_values(stacks, prizes)?;
    let most = prizes.first().copied().unwrap_or(0);
    let least = prizes.last().copied().unwrap_or(0);
    let total: u64 = prizes.iter().sum();
    let mut shares: Vec<u64> = values
        .iter()
        // A value a hair under a whole chip by floating error counts as that chip.
        .map(|&value| ((value + 1e-6).floor().max(0.0) as u64).clamp(least.min(most), most))
        .collect();
    settle_to_total(&mut shares, stacks, total, least, most);
    Ok(shares)
}

/// A chip chop of `prizes` (first place first, one per player): the last prize to each
/// player, the rest in proportion to their chips, odd chips one each to the largest stacks
/// (the earlier of equal stacks first). Sums to the prizes exactly.
pub fn chip_chop(stacks: &[u64], prizes: &[u64]) -> Result<Vec<u64>, IcmError> {
    if prizes.len() != stacks.len() {
        return Err(IcmError::PrizeCount {
            players: stacks.len(),
            prizes: prizes.len(),
        });
    }
    let least = prizes.last().copied().unwrap_or(0);
    let total: u64 = prizes.iter().sum();
    let guaranteed = least.saturating_mul(stacks.len() as u64);
    let by_chips = divide_in_proportion(total.saturating_sub(guaranteed), stacks);
    Ok(by_chips
        .into_iter()
        .map(|chips| chips.saturating_add(least))
        .collect())
}

/// `prizes` (first place first, one per player) divided by chips alone within the last
/// prize and the first: a chip chop held to ICM's bounds, for more players than ICM walks.
pub fn bounded_by_chips(stacks: &[u64], prizes: &[u64]) -> Vec<u64> {
    let most = prizes.first().copied().unwrap_or(0);
    let least = prizes.last().copied().unwrap_or(0);
    let total: u64 = prizes.iter().sum();
    let mut shares: Vec<u64> = match chip_chop(stacks, prizes) {
        Ok(shares) => shares.into_iter().map(|share| share.min(most)).collect(),
        Err(_) => vec![least; stacks.len()],
    };
    settle_to_total(&mut shares, stacks, total, least, most);
    shares
}

/// Brings `shares` (each within `least..=most`) to sum to `total`: chips missing go one
/// each to the largest stacks first, chips over come back one each from the smallest
/// first, within the bounds.
fn settle_to_total(shares: &mut [u64], stacks: &[u64], total: u64, least: u64, most: u64) {
    let mut largest_first: Vec<usize> = (0..shares.len()).collect();
    largest_first.sort_by(|&a, &b| stacks[b].cmp(&stacks[a]).then(a.cmp(&b)));
    loop {
        let sum: u64 = shares.iter().sum();
        if sum == total {
            return;
        }
        let mut moved = false;
        if sum < total {
            let mut missing = total - sum;
            for &player in &largest_first {
                if missing > 0 && shares[player] < most {
                    shares[player] += 1;
                    missing -= 1;
                    moved = true;
                }
            }
        } else {
            let mut over = sum - total;
            for &player in largest_first.iter().rev() {
                if over > 0 && shares[player] > least {
                    shares[player] -= 1;
                    over -= 1;
                    moved = true;
                }
            }
        }
        if !moved {
            // No room within the bounds (never with prizes from first to last place).
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_stacks_are_worth_equal_shares() {
        let values = icm_values(&[100, 100, 100], &[50, 30, 20]).unwrap();
        for value in values {
            assert!((value - 100.0 / 3.0).abs() < 1e-9, "{value}");
        }
        assert_eq!(
            icm_division(&[100, 100, 100], &[50, 30, 20]).unwrap(),
            vec![34, 33, 33]
        );
    }

    #[test]
    fn heads_up_icm_is_the_last_prize_plus_the_difference_by_chips() {
        // 2,800 against 200 for 325/175: 175 + 150 x 2800/3000 = 315.
        assert_eq!(
            icm_division(&[2_800, 200], &[325, 175]).unwrap(),
            vec![315, 185]
        );
    }

    #[test]
    fn the_reviews_bubble_and_three_handed_cases_match_hand_worked_icm() {
        // 8 x 100 paying 50/30/20: 400/240/160 among three left with 4200/500/100.
        assert_eq!(
            icm_division(&[4_200, 500, 100], &[400, 240, 160]).unwrap(),
            vec![380, 244, 176],
            "379.6 / 243.5 / 176.9 rounded down, the two odd chips to the two largest stacks"
        );
        // On the bubble, four left, 2400/1200/900/300 for 400/240/160/0.
        let shares = icm_division(&[2_400, 1_200, 900, 300], &[400, 240, 160, 0]).unwrap();
        assert_eq!(shares.iter().sum::<u64>(), 800);
        // 300.02 / 226.81 / 196.21 / 76.96.
        assert_eq!(shares, vec![301, 227, 196, 76]);
    }

    #[test]
    fn a_share_is_never_above_the_first_prize_nor_below_the_last() {
        let shares = icm_division(&[1_000_000, 1, 1], &[500, 300, 200]).unwrap();
        assert_eq!(shares.iter().sum::<u64>(), 1_000);
        assert!(shares.iter().all(|&share| (200..=500).contains(&share)));
    }

    #[test]
    fn a_chip_chop_guarantees_the_last_prize_and_divides_the_rest_by_chips() {
        assert_eq!(
            chip_chop(&[2_800, 200], &[325, 175]).unwrap(),
            vec![315, 185]
        );
        // 160 each, 320 more by chips 3:1.
        assert_eq!(
            chip_chop(&[3_000, 1_000, 1], &[400, 240, 160]).unwrap(),
            vec![400, 240, 160]
        );
    }

    #[test]
    fn more_players_than_the_model_walks_are_refused() {
        let stacks = vec![10; ICM_MAX_PLAYERS + 1];
        let prizes = vec![1; ICM_MAX_PLAYERS + 1];
        assert_eq!(
            icm_values(&stacks, &prizes),
            Err(IcmError::TooManyPlayers(ICM_MAX_PLAYERS + 1))
        );
        let at_limit = vec![10; ICM_MAX_PLAYERS];
        let mut prizes = vec![0; ICM_MAX_PLAYERS];
        prizes[0] = 100;
        prizes[1] = 50;
        let shares = icm_division(&at_limit, &prizes).unwrap();
        assert_eq!(shares.iter().sum::<u64>(), 150);
    }
}
