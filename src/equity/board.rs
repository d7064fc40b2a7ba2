//! Equity for the board of an all-in hand: each live seat's share of all the pots (side pots
//! counted, each among its own players) and chance to scoop, computed only from what every
//! player can see — live hands' shown cards (or their up cards while the down cards are still
//! hidden: those are then as unknown as the cards to come), folded up cards dead, folded down
//! cards unknown. It reads nothing but the engine's [`PublicView`], which holds no down card
//! that was not shown, so no equity can leak one.
//!
//! Exact when its work fits `max_work`, else a seeded Monte Carlo estimate; the caller runs it
//! off the table's task.

use serde::Serialize;

use super::{Fraction, Method, Seventh, Spot, SpotError, SpotPot, exact_work, solve};
use crate::table::Card;
use crate::table::hand::{PublicView, SeatIndex, SeatState, Street};

/// One live seat's equity on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatEquity {
    pub seat: SeatIndex,
    /// Expected share of every chip in the pots.
    pub equity: Fraction,
    /// The chance to take every pot this seat is in, alone.
    pub scoop: Fraction,
}

/// The equities of every live seat, and whether they are exact (else estimates, shown "≈").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardEquity {
    pub exact: bool,
    pub seats: Vec<SeatEquity>,
}

/// How much to spend on one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most [`exact_work`] enumerated; more is estimated.
    pub max_work: u128,
    pub samples: u64,
    pub seed: u64,
    pub threads: usize,
}

impl Default for Budget {
    /// About a third of a second on one core either way: well inside the table's one-second
    /// budget on a loaded machine.
    fn default() -> Budget {
        Budget {
            max_work: 150_000_000,
            samples: 100_000,
            seed: 0,
            threads: 1,
        }
    }
}

/// True when no more betting can happen in this hand: two or more seats are still in and at
/// most one of them has chips behind.
pub fn betting_is_over(view: &PublicView) -> bool {
    let live = view
        .seats
        .iter()
        .filter(|seat| seat.state != SeatState::Folded);
    let with_chips = live
        .clone()
        .filter(|seat| seat.state == SeatState::Active)
        .count();
    live.count() >= 2 && with_chips <= 1 && view.to_act.is_none()
}

/// The equity question the board asks: one hand per live seat (in seat order, returned
/// beside it) and `pots` as `(amount, eligible seats)`, main pot first.
pub fn public_spot(
    view: &PublicView,
    pots: &[(u64, Vec<SeatIndex>)],
) -> Result<(Spot, Vec<SeatIndex>), SpotError> {
    let live: Vec<SeatIndex> = (0..view.seats.len())
        .filter(|&seat| view.seats[seat].state != SeatState::Folded)
        .collect();
    let hands: Vec<Vec<Card>> = live
        .iter()
        .map(|&seat| {
            let public = &view.seats[seat];
            public
                .shown
                .clone()
                .unwrap_or_else(|| public.up_cards.clone())
        })
        .collect();
    let dead: Vec<Card> = view
        .seats
        .iter()
        .filter(|seat| seat.state == SeatState::Folded)
        .flat_map(|seat| seat.up_cards.iter().copied())
        .collect();
    let pots: Vec<SpotPot> = pots
        .iter()
        .map(|(amount, eligible)| SpotPot {
            amount: *amount,
            players: eligible
                .iter()
                .filter_map(|seat| live.iter().position(|live| live == seat))
                .collect(),
        })
        .collect();
    let spot = Spot::new(view.game, hands, &dead)?.with_pots(pots)?;
    // The deck really holds fewer cards than are unseen (folded down cards are out of it):
    // whether seventh street is a community card follows from the real count.
    let held = |seat: &crate::table::hand::PublicSeat| seat.up_cards.len() + seat.down_count;
    let in_deck = 52usize.saturating_sub(view.seats.iter().map(held).sum::<usize>());
    let before_seventh: usize = live
        .iter()
        .map(|&seat| 6usize.saturating_sub(held(&view.seats[seat])))
        .sum();
    let needs_seventh = live.iter().any(|&seat| held(&view.seats[seat]) < 7);
    let seventh = if needs_seventh && in_deck.saturating_sub(before_seventh) < live.len() {
        Seventh::Community
    } else {
        Seventh::Own
    };
    Ok((spot.with_seventh(seventh)?, live))
}

/// The board's equities, or `None` when betting is not over, the showdown has come (or a
/// community card is out, which leaves nothing to deal), or the view is not a dealable spot.
pub fn board_equity(
    view: &PublicView,
    pots: &[(u64, Vec<SeatIndex>)],
    budget: Budget,
) -> Option<BoardEquity> {
    if !betting_is_over(view) || view.community.is_some() || view.street == Street::Showdown {
        return None;
    }
    let (spot, live) = public_spot(view, pots).ok()?;
    let method = if exact_work(&spot).is_some_and(|work| work <= budget.max_work) {
        Method::Exact
    } else {
        Method::Sample {
            samples: budget.samples,
            seed: budget.seed,
        }
    };
    let equity = solve(&spot, method, budget.threads).ok()?;
    Some(BoardEquity {
        exact: equity.exact,
        seats: live
            .into_iter()
            .zip(equity.players)
            .map(|(seat, player)| SeatEquity {
                seat,
                equity: player.equity,
                scoop: player.scoop,
            })
            .collect(),
    })
}
