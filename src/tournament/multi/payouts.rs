//! The default payouts of a multi-table event by its field (the number of entries, re-entries
//! counted): up to ten entries the sit & go's tables (2-4 winner takes all, 5-6 65/35, 7-10
//! 50/30/20); past ten, 15% of the field paid (at least three places, rounded up), every paid
//! place first given the buy-in and the rest of the pool shared on a harmonic curve (place `i`
//! weighs `1/i`), so the last paid place always gets its buy-in back and first place takes
//! about a third of the pool at 50 entries, a quarter at 100 and a sixth at 1,000. Every
//! prize is a whole chip and the prizes sum to the pool exactly (the chips left by rounding
//! go one each to the highest places). docs/TOURNAMENTS.md prints the table.

use super::super::payout::{PayoutTable, divide_in_proportion};

/// The share of the field paid past ten entries, in percent.
pub const PAID_PERCENT: usize = 15;

/// The places paid to a field of `entries` by default.
pub fn places_paid(entries: usize) -> usize {
    match entries {
        0..=10 => PayoutTable::for_entrants(entries).places_paid(),
        _ => (entries * PAID_PERCENT).div_ceil(100).max(3),
    }
}

/// Each place's prize from `pool` for a field of `entries` who each paid `buy_in`, first
/// place first, one per place paid. Sums to `pool`; never increases down the places; every
/// paid place gets at least `buy_in` when the pool holds a buy-in per place paid.
pub fn field_prizes(entries: usize, pool: u64, buy_in: u64) -> Vec<u64> {
    if entries <= 10 {
        return PayoutTable::for_entrants(entries).divide(pool);
    }
    let paid = places_paid(entries);
    let floor = buy_in.min(pool / paid as u64);
    let above = pool - floor * paid as u64;
    // Harmonic weights on a common scale: 1/i as a fixed-point number. The scale keeps the
    // ratios exact to far below a chip for any field a u64 pool can pay.
    const SCALE: u64 = 1 << 40;
    let weights: Vec<u64> = (1..=paid as u64).map(|place| SCALE / place).collect();
    divide_in_proportion(above, &weights)
        .into_iter()
        .map(|share| share + floor)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_fields_pay_as_a_sit_and_go() {
        assert_eq!(field_prizes(4, 400, 100), vec![400]);
        assert_eq!(field_prizes(6, 600, 100), vec![390, 210]);
        assert_eq!(field_prizes(10, 1000, 100), vec![500, 300, 200]);
    }

    #[test]
    fn past_ten_fifteen_percent_are_paid_at_least_three() {
        assert_eq!(places_paid(11), 3);
        assert_eq!(places_paid(20), 3);
        assert_eq!(places_paid(21), 4);
        assert_eq!(places_paid(100), 15);
        assert_eq!(places_paid(1000), 150);
    }

    #[test]
    fn first_place_takes_about_a_third_at_fifty_and_a_quarter_at_a_hundred() {
        let share = |entries: usize| {
            let prizes = field_prizes(entries, entries as u64 * 100, 100);
            prizes[0] as f64 / (entries as f64 * 100.0)
        };
        assert!((0.30..0.36).contains(&share(50)), "{}", share(50));
        assert!((0.24..0.29).contains(&share(100)), "{}", share(100));
        assert!((0.13..0.18).contains(&share(1000)), "{}", share(1000));
        // Eleven entries continue the sit & go's 50/30/20.
        assert_eq!(field_prizes(11, 1100, 100), vec![537, 318, 245]);
    }

    proptest! {
        #[test]
        fn prizes_sum_to_the_pool_never_rise_and_pay_the_last_place_its_buy_in(
            entries in 2usize..3000,
            buy_in in 0u64..1_000_000,
            added in 0u64..1_000_000,
        ) {
            let pool = entries as u64 * buy_in + added;
            let prizes = field_prizes(entries, pool, buy_in);
            prop_assert_eq!(prizes.len(), places_paid(entries));
            prop_assert!(prizes.len() < entries);
            prop_assert_eq!(prizes.iter().sum::<u64>(), pool);
            prop_assert!(prizes.windows(2).all(|pair| pair[0] >= pair[1]));
            if entries > 10 {
                prop_assert!(*prizes.last().unwrap() >= buy_in);
            }
        }
    }
}
