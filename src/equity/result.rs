//! The answer: per player, the equity (expected share of all the chips in the pots, as an
//! exact fraction), the chance to scoop, and the chance to win or tie each half.

use serde::Serialize;

use super::settle::{PlayerTally, SHARE_SCALE, Tally, UNITS};
use super::spot::Spot;
use crate::table::{Card, Game};

/// A non-negative fraction in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fraction {
    numerator: u128,
    denominator: u128,
}

impl Fraction {
    /// `numerator / denominator`, reduced; `0/1` for a zero denominator.
    pub fn new(numerator: u128, denominator: u128) -> Fraction {
        if denominator == 0 {
            return Fraction {
                numerator: 0,
                denominator: 1,
            };
        }
        let divisor = gcd(numerator, denominator);
        Fraction {
            numerator: numerator / divisor,
            denominator: denominator / divisor,
        }
    }

    pub fn numerator(self) -> u128 {
        self.numerator
    }

    pub fn denominator(self) -> u128 {
        self.denominator
    }

    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

impl Serialize for Fraction {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The chance to take a half alone (`win`) and to share it (`tie`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinTie {
    pub win: Fraction,
    pub tie: Fraction,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlayerEquity {
    pub cards: Vec<Card>,
    /// Expected share of all the chips in play, side pots counted (each among its own
    /// players).
    pub equity: Fraction,
    /// The chance to take every chip of every pot this player is in, alone.
    pub scoop: Fraction,
    /// The high half (stud8) or the whole pot (stud); `None` in razz.
    pub high: Option<WinTie>,
    /// The eight-or-better low half (stud8) or the whole pot (razz); `None` in stud.
    pub low: Option<WinTie>,
    /// The standard error of a Monte Carlo estimate's `equity` (the sample standard
    /// deviation of a runout's share over √runouts); `None` when exact.
    pub standard_error: Option<f64>,
}

/// The answer to one spot.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    pub game: Game,
    /// True when every runout was enumerated; false for a Monte Carlo estimate.
    pub exact: bool,
    /// Runouts enumerated (exact) or drawn (estimate).
    pub runouts: u64,
    pub players: Vec<PlayerEquity>,
}

/// The standard error of the mean share over `runouts` sampled runouts. With one runout
/// there is no spread to measure: the bound of any share in [0, 1], ½, stands in.
fn standard_error(counts: &PlayerTally, runouts: u64) -> f64 {
    if runouts < 2 {
        return 0.5;
    }
    let n = runouts as f64;
    let sum = counts.sampled_share as f64 / SHARE_SCALE;
    let squares = counts.sampled_share_squares as f64 / (SHARE_SCALE * SHARE_SCALE);
    let variance = ((squares - sum * sum / n) / (n - 1.0)).max(0.0);
    (variance / n).sqrt()
}

pub(super) fn equity(spot: &Spot, tally: &Tally, exact: bool) -> Equity {
    let game = spot.game();
    let runouts = u128::from(tally.runouts);
    let total_chips: u128 = spot.pots().iter().map(|pot| u128::from(pot.amount)).sum();
    let denominator = total_chips * u128::from(UNITS) * runouts;
    let chance = |count: u64| Fraction::new(u128::from(count), runouts);
    let players = spot
        .hands()
        .iter()
        .zip(&tally.players)
        .enumerate()
        .map(|(index, (cards, counts))| {
            // A pot only this player can win is theirs on every runout.
            let uncontested: u128 = spot
                .pots()
                .iter()
                .filter(|pot| pot.players.as_slice() == [index])
                .map(|pot| u128::from(pot.amount))
                .sum();
            let won = counts.share + uncontested * u128::from(UNITS) * runouts;
            PlayerEquity {
                cards: cards.clone(),
                equity: Fraction::new(won, denominator),
                scoop: chance(counts.scoop),
                high: game.has_high().then(|| WinTie {
                    win: chance(counts.high_win),
                    tie: chance(counts.high_tie),
                }),
                low: game.has_low().then(|| WinTie {
                    win: chance(counts.low_win),
                    tie: chance(counts.low_tie),
                }),
                standard_error: (!exact).then(|| standard_error(counts, tally.runouts)),
            }
        })
        .collect();
    Equity {
        game,
        exact,
        runouts: tally.runouts,
        players,
    }
}
