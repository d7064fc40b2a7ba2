//! One runout's showdown, as docs/RULES.md divides a pot: in each pot, among its own players, half
//! to the best high and half to the best qualifying low (the whole pot to the high when no
//! one there has a low; in stud the high takes it all, in razz the low), tied hands sharing
//! their half — quartering falls out. Shares are counted in [`UNITS`] per pot, a number every
//! such share divides exactly, so the totals are exact fractions with no odd chip.

use crate::table::Game;
use crate::table::eval::CardSet;

/// The units one pot is cut into: 2 halves × lcm(1..=8) ways to tie. Every share of a half
/// among up to eight tied hands is a whole number of units.
pub const UNITS: u64 = 2 * 840;

/// A player's hand as the showdown compares it: `high` and `low`, greater is better, 0 for
/// "none" (no qualifying low in stud8, no low at all in stud, no high in razz).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Strength {
    pub high: u32,
    pub low: u32,
}

/// The strength of a complete hand in `game`.
#[inline]
pub fn strength(game: Game, cards: CardSet) -> Strength {
    match game {
        Game::Stud8 => {
            let (high, low) = cards.high_low();
            Strength {
                high: high.0,
                low: low.map_or(0, |low| low.0.get()),
            }
        }
        Game::Stud => Strength {
            high: cards.high().0,
            low: 0,
        },
        Game::Razz => Strength {
            high: 0,
            low: cards.ace_five_low().get(),
        },
    }
}

/// A pot contested by two or more players: its chips and who may win it (bit `i` = player
/// `i`). Pots with the same players are merged; a pot with one player is no contest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contest {
    pub players: u8,
    pub amount: u64,
}

/// What one player collected over the runouts settled so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerTally {
    /// Runouts with the best high alone, and shared (against every live hand).
    pub high_win: u64,
    pub high_tie: u64,
    /// Runouts with the best (qualifying) low alone, and shared.
    pub low_win: u64,
    pub low_tie: u64,
    /// Runouts that give this player every chip of every pot they are in, alone.
    pub scoop: u64,
    /// Σ over runouts and contests of `amount × units won`.
    pub share: u128,
    /// Sampled runouts only: Σ of each runout's share in [`SHARE_SCALE`] fixed point, and
    /// Σ of its square, from which the estimate's standard error follows. Whole numbers, so
    /// that they add up the same in any order (whatever the number of threads).
    pub sampled_share: u128,
    pub sampled_share_squares: u128,
}

/// The fixed point of a sampled runout's share of all the chips: `2^24` is one whole pot,
/// fine enough that rounding moves a standard error by far less than it measures.
pub const SHARE_SCALE: f64 = (1u64 << 24) as f64;

/// The tallies of all players over a number of runouts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    pub runouts: u64,
    pub players: Vec<PlayerTally>,
}

impl Tally {
    pub fn new(players: usize) -> Tally {
        Tally {
            runouts: 0,
            players: vec![PlayerTally::default(); players],
        }
    }

    pub fn add(&mut self, other: &Tally) {
        self.runouts += other.runouts;
        for (mine, theirs) in self.players.iter_mut().zip(&other.players) {
            mine.high_win += theirs.high_win;
            mine.high_tie += theirs.high_tie;
            mine.low_win += theirs.low_win;
            mine.low_tie += theirs.low_tie;
            mine.scoop += theirs.scoop;
            mine.share += theirs.share;
            mine.sampled_share += theirs.sampled_share;
            mine.sampled_share_squares += theirs.sampled_share_squares;
        }
    }
}

/// The winners of the high and of the low among `players` (bit masks; the low mask is 0 when
/// no one there has a low).
#[inline]
fn winners(hands: &[Strength], players: u8) -> (u8, u8) {
    let mut best_high = 0;
    let mut best_low = 0;
    let mut high = 0u8;
    let mut low = 0u8;
    for (index, hand) in hands.iter().enumerate() {
        let bit = 1u8 << index;
        if players & bit == 0 {
            continue;
        }
        if hand.high > best_high {
            best_high = hand.high;
            high = bit;
        } else if hand.high == best_high {
            high |= bit;
        }
        if hand.low > best_low {
            best_low = hand.low;
            low = bit;
        } else if hand.low == best_low {
            low |= bit;
        }
    }
    (high, if best_low == 0 { 0 } else { low })
}

/// The units of one pot each of its winners takes from the high and from the low half.
#[inline]
fn units_each(has_high: bool, high: u8, low: u8) -> (u64, u64) {
    let high_units = if low == 0 {
        UNITS
    } else if has_high {
        UNITS / 2
    } else {
        0
    };
    let low_units = UNITS - high_units;
    let per_high = if high_units == 0 {
        0
    } else {
        high_units / u64::from(high.count_ones().max(1))
    };
    let per_low = if low_units == 0 {
        0
    } else {
        low_units / u64::from(low.count_ones().max(1))
    };
    (per_high, per_low)
}

/// Settles `weight` runouts that all end with `hands`: each contest split among its own
/// players; wins, ties and scoops counted against every live hand (`everyone`).
#[inline]
pub fn settle(
    has_high: bool,
    hands: &[Strength],
    everyone: u8,
    contests: &[Contest],
    weight: u64,
    tally: &mut Tally,
) {
    tally.runouts += weight;
    let (high, low) = winners(hands, everyone);
    let (per_high, per_low) = units_each(has_high, high, low);
    for (index, player) in tally.players.iter_mut().enumerate() {
        let bit = 1u8 << index;
        let (high_alone, high_shared) = (high == bit, high & bit != 0 && high != bit);
        let (low_alone, low_shared) = (low == bit, low & bit != 0 && low != bit);
        if has_high {
            player.high_win += weight * u64::from(high_alone);
            player.high_tie += weight * u64::from(high_shared);
        }
        player.low_win += weight * u64::from(low_alone);
        player.low_tie += weight * u64::from(low_shared);
        let units = per_high * u64::from(high & bit != 0) + per_low * u64::from(low & bit != 0);
        player.scoop += weight * u64::from(units == UNITS);
    }
    for contest in contests {
        let (high, low) = if contest.players == everyone {
            (high, low)
        } else {
            winners(hands, contest.players)
        };
        let (per_high, per_low) = units_each(has_high, high, low);
        let chips = u128::from(contest.amount) * u128::from(weight);
        for (index, player) in tally.players.iter_mut().enumerate() {
            let bit = 1u8 << index;
            let units = per_high * u64::from(high & bit != 0) + per_low * u64::from(low & bit != 0);
            player.share += chips * u128::from(units);
        }
    }
}
