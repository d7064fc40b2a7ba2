//! The default payouts of a multi-table event by its field (the number of entries, re-entries
//! counted): up to ten entries the sit & go's tables (2-4 winner takes all, 5-6 65/35, 7-10
//! 50/30/20); past ten, 15% of the field rounded up plus one place paid, every paid place first
//! given the buy-in (so the last paid place always gets its buy-in back) and the rest of the
//! pool shared on one steady curve: place `i` weighs `1/(i + shift)`, the harmonic curve
//! flattened by the smallest shift that keeps first place within its share of the pool,
//! `(11N + 100) / 48N` of a field of `N` (a third at 20 entries, a quarter at 100, tending to
//! 23%); a field large enough for the plain harmonic curve to stay within it (about 150
//! entries up) is paid on that curve, first place taking about a sixth at 1,000. Every prize is
//! a whole chip and the prizes sum to the pool exactly (the chips left by rounding go one each
//! to the highest places). docs/TOURNAMENTS.md prints the table, and a test keeps it true.

use super::super::payout::{PayoutTable, divide_in_proportion};

/// The share of the field paid past ten entries, in percent (rounded up, plus one place).
pub const PAID_PERCENT: usize = 15;

/// The shift of the curve is searched in steps of `1 / SHIFT_STEPS` of a place.
const SHIFT_STEPS: u64 = 1024;
/// The largest shift searched, in steps: flat enough for any field (at a shift of 4,096
/// places the first and last of 1,000 paid places differ by a fifth).
const MAX_SHIFT: u64 = 4096 * SHIFT_STEPS;
/// Weights on a common fixed-point scale, exact to far below a chip for any pool.
const WEIGHT_SCALE: u128 = 1 << 60;

/// The places paid to a field of `entries` by default.
pub fn places_paid(entries: usize) -> usize {
    match entries {
        0..=10 => PayoutTable::for_entrants(entries).places_paid(),
        _ => (entries * PAID_PERCENT).div_ceil(100) + 1,
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
    let prizes_at = |shift: u64| -> Vec<u64> {
        divide_in_proportion(above, &curve(paid, shift))
            .into_iter()
            .map(|share| share + floor)
            .collect()
    };
    let within = |prizes: &[u64]| first_within_share(prizes[0], pool, entries);
    // The first share only falls as the shift grows (the curve flattens), so the smallest
    // shift within it is found by halving.
    let (mut low, mut high) = (0, MAX_SHIFT);
    if within(&prizes_at(low)) {
        return prizes_at(low);
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if within(&prizes_at(middle)) {
            high = middle;
        } else {
            low = middle;
        }
    }
    prizes_at(high)
}

/// Whether `first` is at most `(11N + 100) / 48N` of `pool` for a field of `N` entries.
fn first_within_share(first: u64, pool: u64, entries: usize) -> bool {
    let entries = entries as u128;
    u128::from(first) * 48 * entries <= u128::from(pool) * (11 * entries + 100)
}

/// The weight of each of `paid` places: `1 / (place + shift / SHIFT_STEPS)`, on one scale.
fn curve(paid: usize, shift: u64) -> Vec<u64> {
    (1..=paid as u64)
        .map(|place| {
            let denominator = u128::from(place * SHIFT_STEPS + shift);
            // At most `WEIGHT_SCALE * SHIFT_STEPS / SHIFT_STEPS`, which fits a u64.
            u64::try_from(WEIGHT_SCALE * u128::from(SHIFT_STEPS) / denominator).unwrap_or(u64::MAX)
        })
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
    fn past_ten_fifteen_percent_rounded_up_and_one_more_are_paid() {
        assert_eq!(places_paid(11), 3);
        assert_eq!(places_paid(13), 3);
        assert_eq!(places_paid(14), 4);
        assert_eq!(places_paid(20), 4);
        assert_eq!(places_paid(100), 16);
        assert_eq!(places_paid(1000), 151);
    }

    fn first_share(entries: usize) -> f64 {
        let prizes = field_prizes(entries, entries as u64 * 100, 100);
        prizes[0] as f64 / (entries as f64 * 100.0)
    }

    #[test]
    fn first_place_takes_a_quarter_to_a_third_from_twenty_to_a_hundred_entries() {
        for entries in 20..=100 {
            let share = first_share(entries);
            assert!((0.245..=0.334).contains(&share), "{entries}: {share}");
        }
        assert!(
            (0.33..=0.334).contains(&first_share(20)),
            "{}",
            first_share(20)
        );
        assert!(
            (0.245..=0.251).contains(&first_share(100)),
            "{}",
            first_share(100)
        );
    }

    #[test]
    fn first_place_falls_steadily_with_the_field() {
        let shares: Vec<f64> = (11..=3000).map(first_share).collect();
        for (offset, pair) in shares.windows(2).enumerate() {
            // A field one larger never gives first place more than a hair (a chip of
            // rounding, or the step where one more place is paid) above the smaller one.
            assert!(pair[1] <= pair[0] + 0.005, "{}: {pair:?}", offset + 11);
        }
        assert!(
            (0.14..0.18).contains(&first_share(1000)),
            "{}",
            first_share(1000)
        );
        assert!(first_share(11) < 0.5, "{}", first_share(11));
    }

    #[test]
    fn every_place_is_paid_more_than_the_next_on_a_steady_curve() {
        for entries in [11, 20, 35, 50, 100, 200, 1000] {
            let prizes = field_prizes(entries, entries as u64 * 100, 100);
            // At a thousand the tail's places differ by less than a chip.
            assert!(
                entries > 200 || prizes.windows(2).all(|pair| pair[0] > pair[1]),
                "{entries}: {prizes:?}"
            );
            // Steady: no step down the places is larger than the one before it.
            let steps: Vec<u64> = prizes.windows(2).map(|pair| pair[0] - pair[1]).collect();
            assert!(
                steps.windows(2).all(|pair| pair[0] + 1 >= pair[1]),
                "{entries}: {prizes:?}"
            );
        }
    }

    /// The table in docs/TOURNAMENTS.md is what the code pays.
    #[test]
    fn the_documented_payout_table_is_what_the_field_pays() {
        let docs = include_str!("../../../docs/TOURNAMENTS.md");
        let rows: Vec<Vec<String>> = docs
            .lines()
            .skip_while(|line| !line.contains("| Entries | Places paid |"))
            .skip(2)
            .take_while(|line| line.trim_start().starts_with('|'))
            .map(|line| {
                line.split('|')
                    .map(|cell| cell.trim().to_string())
                    .filter(|cell| !cell.is_empty())
                    .collect()
            })
            .collect();
        assert!(rows.len() >= 6, "{rows:?}");
        let mut expected_rows = Vec::new();
        for row in &rows {
            let entries: usize = row[0].replace(',', "").parse().unwrap();
            let prizes = field_prizes(entries, entries as u64 * 100, 100);
            let pool = entries as f64 * 100.0;
            let percent = |place: usize| format!("{:.1}%", prizes[place] as f64 * 100.0 / pool);
            let expected = vec![
                row[0].clone(),
                prizes.len().to_string(),
                percent(0),
                percent(1),
                percent(2),
                prizes.last().unwrap().to_string(),
            ];
            expected_rows.push(expected);
        }
        assert_eq!(rows, expected_rows, "docs/TOURNAMENTS.md's payout table");
    }

    proptest! {
        #[test]
        fn prizes_sum_to_the_pool_never_rise_and_pay_the_last_place_its_buy_in(
            entries in 2usize..5001,
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

        #[test]
        fn prizes_of_a_huge_pool_sum_to_it(
            entries in 11usize..5001,
            pool in (u64::MAX / 2)..=u64::MAX,
        ) {
            let prizes = field_prizes(entries, pool, pool / entries as u64);
            prop_assert_eq!(prizes.iter().map(|&prize| u128::from(prize)).sum::<u128>(), u128::from(pool));
        }
    }
}
