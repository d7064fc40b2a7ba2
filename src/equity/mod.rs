//! All-in equity: each player's expected share of the pot once no more betting can happen,
//! from the cards they hold so far, the cards known to be out, and the pots they are in —
//! the engine behind `studbot equity` and the equities the board shows in all-in hands.
//!
//! Pure, synchronous and deterministic like [`crate::table`]: no clock, no I/O; Monte Carlo
//! draws from a seed. Exact answers are fractions (halves, ties and quartering as docs/RULES.md
//! divides a pot, without odd-chip rounding); the pot split itself is in [`settle`].

pub mod board;
mod completion;
mod exact;
mod multiway;
mod result;
mod sample;
mod settle;
mod spot;

use thiserror::Error;

pub use result::{Equity, Fraction, PlayerEquity, WinTie};
pub use settle::UNITS;
pub use spot::{HAND_CARDS, MAX_PLAYERS, MIN_PLAYERS, Seventh, Spot, SpotError, SpotPot, binomial};

use settle::{Contest, Tally};

/// Beyond this many runouts an exact enumeration would take hours: refused even when asked.
pub const EXACT_LIMIT: u128 = 1_000_000_000_000;

/// How to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Every runout, however long it takes (up to [`EXACT_LIMIT`]).
    Exact,
    /// `samples` random runouts drawn with `seed`.
    Sample { samples: u64, seed: u64 },
    /// Exact when its [`exact_work`] is at most `max_work`, else sampled.
    Auto {
        max_work: u128,
        samples: u64,
        seed: u64,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EquityError {
    #[error(
        "an exact answer needs {runouts} runouts, more than the {EXACT_LIMIT} this tool \
         enumerates: drop --exact to sample instead"
    )]
    TooManyRunouts { runouts: u128 },
    #[error("--samples must be at least 1")]
    NoSamples,
}

/// The cost of an exact answer in "heads-up runouts": heads-up a runout is one compare of two
/// values already known; three and four players count outcome classes at about twice that
/// (the last player's completions are filtered against the others, some share a card); with
/// more players each runout settles every hand. Listing the completions costs one
/// evaluation each. `None` when it does not fit a `u128`.
pub fn exact_work(spot: &Spot) -> Option<u128> {
    let players = spot.hands().len();
    let per_runout = match players {
        2 => 1,
        3..=multiway::MAX_COUNTED_PLAYERS => 2,
        _ => 4 * players as u128,
    };
    let mut listing: u128 = 0;
    let pool = spot.unseen().len() as u128 - u128::from(spot.deals_community());
    for missing in spot.own_cards_missing() {
        listing = listing.checked_add(binomial(pool, missing as u128)?)?;
    }
    let deals = if spot.deals_community() {
        spot.unseen().len() as u128
    } else {
        1
    };
    spot.runouts()?
        .checked_mul(per_runout)?
        .checked_add(listing.checked_mul(deals)?.checked_mul(20)?)
}

/// Answers `spot` by `method`, using up to `threads` threads (the answer does not depend on
/// how many).
pub fn solve(spot: &Spot, method: Method, threads: usize) -> Result<Equity, EquityError> {
    let exact = match method {
        Method::Exact => true,
        Method::Sample { .. } => false,
        Method::Auto { max_work, .. } => exact_work(spot).is_some_and(|work| work <= max_work),
    };
    let contests = contests(spot);
    let mut tally = Tally::new(spot.hands().len());
    if exact {
        let runouts = spot.runouts().unwrap_or(u128::MAX);
        if runouts > EXACT_LIMIT {
            return Err(EquityError::TooManyRunouts { runouts });
        }
        exact::enumerate(spot, &contests, threads, &mut tally);
    } else {
        let (Method::Sample { samples, seed } | Method::Auto { samples, seed, .. }) = method else {
            unreachable!("only Exact enumerates without sampling");
        };
        if samples == 0 {
            return Err(EquityError::NoSamples);
        }
        sample::sample(spot, &contests, samples, seed, threads, &mut tally);
    }
    Ok(result::equity(spot, &tally, exact))
}

/// The pots that more than one player can win, merged by who can win them.
fn contests(spot: &Spot) -> Vec<Contest> {
    let mut contests: Vec<Contest> = Vec::new();
    for pot in spot.pots() {
        let players = pot
            .players
            .iter()
            .fold(0u8, |mask, &player| mask | 1 << player);
        if players.count_ones() < 2 || pot.amount == 0 {
            continue;
        }
        match contests.iter_mut().find(|c| c.players == players) {
            Some(contest) => contest.amount += pot.amount,
            None => contests.push(Contest {
                players,
                amount: pot.amount,
            }),
        }
    }
    contests
}
