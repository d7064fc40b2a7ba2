//! How a prize pool is paid: the payout table (each paid place's percentage), the default
//! table by entrants, and the division of a pool in chips, which always sums to the pool
//! exactly (odd chips to the higher place). Also the division of a cancelled tournament's
//! pool among the players still in, in proportion to their chips.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Each paid place's share of the prize pool in whole percent, first place first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredPayoutTable")]
pub struct PayoutTable {
    percentages: Vec<u32>,
}

/// Why a payout table was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PayoutError {
    #[error("a payout table pays at least one place")]
    NoPlaces,
    #[error("the payout table's percentages add up to {0}%, not 100%")]
    NotHundred(u64),
    #[error("place {0} is paid 0%: leave an unpaid place out of the table")]
    ZeroPlace(usize),
    #[error("place {place} is paid more ({percent}%) than place {higher}")]
    LowerPlacePaidMore {
        place: usize,
        higher: usize,
        percent: u32,
    },
    #[error("{0:?} is not a payout table: write the places' percentages, e.g. 50/30/20")]
    Unreadable(String),
}

/// A payout table as stored: read back only through [`PayoutTable::new`], so a corrupt
/// record is refused, never trusted.
#[derive(Deserialize)]
struct StoredPayoutTable {
    percentages: Vec<u32>,
}

impl TryFrom<StoredPayoutTable> for PayoutTable {
    type Error = PayoutError;

    fn try_from(stored: StoredPayoutTable) -> Result<PayoutTable, PayoutError> {
        PayoutTable::new(stored.percentages)
    }
}

impl PayoutTable {
    /// A table from its percentages: at least one place, each paid something, no place
    /// paid more than the one above it, summing to 100.
    pub fn new(percentages: Vec<u32>) -> Result<PayoutTable, PayoutError> {
        if percentages.is_empty() {
            return Err(PayoutError::NoPlaces);
        }
        if let Some(index) = percentages.iter().position(|&percent| percent == 0) {
            return Err(PayoutError::ZeroPlace(index + 1));
        }
        if let Some(index) = percentages.windows(2).position(|pair| pair[1] > pair[0]) {
            return Err(PayoutError::LowerPlacePaidMore {
                place: index + 2,
                higher: index + 1,
                percent: percentages[index + 1],
            });
        }
        let total: u64 = percentages.iter().map(|&percent| u64::from(percent)).sum();
        if total != 100 {
            return Err(PayoutError::NotHundred(total));
        }
        Ok(PayoutTable { percentages })
    }

    /// `65/35`: the places' percentages, first place first.
    pub fn parse(text: &str) -> Result<PayoutTable, PayoutError> {
        let percentages = text
            .split('/')
            .map(|percent| percent.trim().trim_end_matches('%').parse().ok())
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| PayoutError::Unreadable(text.to_string()))?;
        PayoutTable::new(percentages)
    }

    /// The default for `entrants`: 2 to 4 winner takes all, 5 and 6 pay 65/35, 7 and more
    /// pay 50/30/20.
    pub fn for_entrants(entrants: usize) -> PayoutTable {
        let percentages = match entrants {
            0..=4 => vec![100],
            5 | 6 => vec![65, 35],
            _ => vec![50, 30, 20],
        };
        PayoutTable { percentages }
    }

    pub fn percentages(&self) -> &[u32] {
        &self.percentages
    }

    /// How many places are paid.
    pub fn places_paid(&self) -> usize {
        self.percentages.len()
    }

    /// The chips of each paid place from `prize_pool`, first place first: each place its
    /// percentage rounded down, then the chips left over one each from first place down
    /// (fewer than the places paid, since each place lost less than one). Sums to
    /// `prize_pool` exactly.
    pub fn divide(&self, prize_pool: u64) -> Vec<u64> {
        let mut shares: Vec<u64> = self
            .percentages
            .iter()
            .map(|&percent| {
                // Fits: `percent <= 100`, so the share is at most the pool.
                let share = u128::from(prize_pool) * u128::from(percent) / 100;
                u64::try_from(share).unwrap_or(prize_pool)
            })
            .collect();
        let paid: u64 = shares.iter().sum();
        let mut left = prize_pool.saturating_sub(paid);
        for share in shares.iter_mut() {
            if left == 0 {
                break;
            }
            *share = share.saturating_add(1);
            left -= 1;
        }
        shares
    }
}

/// Divides `total` among `weights` in proportion (each rounded down), then the chips left
/// over one each to the largest weights first, the earlier of equal weights first. Sums to
/// `total` exactly; when every weight is 0 the split is equal.
pub fn divide_in_proportion(total: u64, weights: &[u64]) -> Vec<u64> {
    if weights.is_empty() {
        return Vec::new();
    }
    let weight_sum: u128 = weights.iter().map(|&weight| u128::from(weight)).sum();
    let equal = weight_sum == 0;
    let (weight_of, weight_sum) = if equal {
        (vec![1u128; weights.len()], weights.len() as u128)
    } else {
        (
            weights.iter().map(|&weight| u128::from(weight)).collect(),
            weight_sum,
        )
    };
    let mut shares: Vec<u64> = weight_of
        .iter()
        .map(|&weight| {
            // Fits: `weight <= weight_sum`, so the share is at most `total`.
            u64::try_from(u128::from(total) * weight / weight_sum).unwrap_or(total)
        })
        .collect();
    let paid: u64 = shares.iter().sum();
    let left = total.saturating_sub(paid);
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| weight_of[b].cmp(&weight_of[a]).then(a.cmp(&b)));
    // Fewer chips are left than there are shares, since each lost less than one.
    for &index in order
        .iter()
        .take(usize::try_from(left).unwrap_or(usize::MAX))
    {
        shares[index] = shares[index].saturating_add(1);
    }
    shares
}
