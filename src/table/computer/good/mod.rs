//! The `good` computer player: it decides by its equity, its expected share of the pot, against
//! the hands still live as their betting says they are.
//!
//! Each decision deals random completions of every live hand from the cards its seat has not
//! seen and settles each as the game divides a pot ([`sampler`]), weighting each guess at an
//! opponent's down cards by how well it fits that opponent's betting, street by street
//! ([`reading`]): a bet asks for something, a raise for a strong hand, a re-raise for a very
//! strong one, so the ranges narrow as the raises come. It deals runouts in batches and stops
//! as soon as its equity is clearly on one side of every threshold the decision turns on (at
//! most [`MOST_RUNOUTS`]). Then:
//! - Not facing a bet, it bets when its equity is above its fair share of the pot (one over
//!   the live hands) by the game's value edge, and bets the best board showing with less: a
//!   razz player leading with the best board bets it. Now and then it bluffs with few
//!   opponents, and slow-plays a very big hand before seventh street.
//! - Facing a bet, it raises when its equity against the bettor's narrowed range clears a
//!   threshold that climbs with every wager already made on the street, so two hands that are
//!   not the nuts stop re-raising after a raise or two; heads-up in Stud/8 it re-raises only a
//!   hand that can take the whole pot. Otherwise it calls when the pot and the bets still to
//!   come pay for its equity, and folds: with nothing against open strength, or a one-way hand
//!   facing a likely scoop, the equity is too small to call.
//! - On third street it completes from the bring-in with a strong start, and steals with a
//!   wider range when every door yet to act is worse than its own.
//!
//! It reads only its [`PrivateView`] and the [`PublicView`], and every random draw comes
//! from the RNG it is handed, so the same views and RNG give the same choice whatever the
//! other seats' down cards are.

mod reading;
mod sampler;
#[cfg(test)]
mod tests;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::table::ace_five_low::AceFiveLow;
use crate::table::card::Card;
use crate::table::eval::CardSet;
use crate::table::game::Game;
use crate::table::hand::{
    ActionKind, LegalAction, PrivateView, PublicSeat, PublicView, SeatState, Street,
};
use crate::table::seats::STREETS_BET;

use sampler::{Estimate, Sampler};

/// Runouts of the first batch, and of each further batch while the decision is in doubt.
pub const RUNOUT_BATCH: u32 = 400;
/// The most runouts one decision measures.
pub const MOST_RUNOUTS: u32 = 3200;
/// A decision is in doubt while its equity is within this many standard errors of one of its
/// thresholds.
const DOUBT: f64 = 2.0;
/// A door-card steal needs only this much of the fair share.
const STEAL_EDGE: f64 = 0.75;
/// Equity from which a hand is big enough to slow-play.
const SLOWPLAY_EQUITY: f64 = 0.85;
/// Chance in 1000 of slow-playing such a hand before seventh street.
const SLOWPLAY_PER_MILLE: u32 = 150;
/// Chance in 1000 of bluffing when checked to with one or two opponents.
const BLUFF_PER_MILLE: u32 = 90;
/// Equity at which a hand raises whatever came before: it cannot lose.
const NUTS: f64 = 0.97;

/// How hard `good` bets, per game.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Tuning {
    /// Bets need this many times the fair share.
    bet_edge: f64,
    /// Betting the best board showing needs only this many.
    lead_edge: f64,
    /// Heads-up, raising the first wager of a street needs this equity, and each further
    /// wager already made `raise_step` more.
    raise_heads_up: f64,
    raise_step: f64,
    /// With more opponents, raising needs this many times the fair share, and each further
    /// wager `raise_multiway_step` times more.
    raise_multiway: f64,
    raise_multiway_step: f64,
    /// Completing on third street (not a steal) needs this many times the fair share.
    complete_edge: f64,
    /// How much of a big bet each live hand is expected to put in per street still to come:
    /// what calling now commits to.
    future_bet_share: f64,
}

const STUD: Tuning = Tuning {
    bet_edge: 1.1,
    lead_edge: 0.9,
    raise_heads_up: 0.58,
    raise_step: 0.09,
    raise_multiway: 1.4,
    raise_multiway_step: 0.3,
    complete_edge: 1.3,
    future_bet_share: 0.5,
};

const RAZZ: Tuning = STUD;

const STUD8: Tuning = Tuning {
    bet_edge: 1.05,
    lead_edge: 0.9,
    raise_heads_up: 0.58,
    raise_step: 0.09,
    raise_multiway: 1.3,
    raise_multiway_step: 0.3,
    complete_edge: 1.15,
    future_bet_share: 0.35,
};

/// Heads-up in Stud/8, re-raising needs at least this chance of taking the whole pot.
const STUD8_REREAISE_SCOOP: f64 = 0.45;

fn tuning(game: Game) -> Tuning {
    match game {
        Game::Stud8 => STUD8,
        Game::Stud => STUD,
        Game::Razz => RAZZ,
    }
}

/// Picks one of the legal actions for the seat of `private`, or `None` when that seat is
/// not the one to act or no action is legal.
pub fn choose_action<R: Rng + ?Sized>(
    private: &PrivateView,
    public: &PublicView,
    rng: &mut R,
) -> Option<LegalAction> {
    if public.to_act != Some(private.seat) || public.legal.is_empty() {
        return None;
    }
    let mut runouts = Xoshiro256PlusPlus::seed_from_u64(rng.random());
    let Some(mut sampler) = Sampler::new(private, public) else {
        // Too few unseen cards to deal every live hand out: the simple plan decides.
        return super::easy::choose_action(private, public, rng);
    };
    let spot = Spot::new(private, public);
    let estimate = measure(&mut sampler, &spot, &mut runouts);
    Some(spot.decide(&estimate, rng))
}

/// The seat's equity against the live hands as their betting reads, measured over exactly
/// `runouts` runouts. `None` when the unseen cards cannot complete every live hand.
pub fn equity<R: Rng + ?Sized>(
    private: &PrivateView,
    public: &PublicView,
    runouts: u32,
    rng: &mut R,
) -> Option<f64> {
    let mut sampler = Sampler::new(private, public)?;
    sampler.run(runouts, rng);
    Some(sampler.estimate().equity)
}

/// Runs batches of runouts until the equity is clear of every threshold of `spot` or the
/// most runouts are spent.
fn measure<R: Rng + ?Sized>(sampler: &mut Sampler, spot: &Spot, rng: &mut R) -> Estimate {
    if sampler.alone() {
        return sampler.estimate();
    }
    let cuts = spot.thresholds();
    loop {
        sampler.run(RUNOUT_BATCH, rng);
        let estimate = sampler.estimate();
        let in_doubt = cuts
            .iter()
            .any(|&cut| (estimate.equity - cut).abs() < DOUBT * estimate.se);
        if !in_doubt || sampler.runouts() >= MOST_RUNOUTS {
            return estimate;
        }
    }
}

/// What the decision turns on, apart from the equity: the betting, the pot, the boards.
struct Spot<'a> {
    legal: &'a [LegalAction],
    game: Game,
    street: Street,
    tune: Tuning,
    live: usize,
    fair: f64,
    /// Wagers (completions, bets, raises) made on this street so far, by anyone.
    level: u8,
    pot: u64,
    big_bet: u64,
    /// Chips to call; 0 when nothing is owed.
    to_call: u64,
    /// The seat's board is the best showing: it leads.
    leads: bool,
    /// Third street, no completion yet, and every door yet to act worse than this one.
    steal: bool,
}

impl<'a> Spot<'a> {
    fn new(private: &PrivateView, public: &'a PublicView) -> Spot<'a> {
        let live = public
            .seats
            .iter()
            .filter(|seat| seat.state != SeatState::Folded)
            .count()
            .max(2);
        let street_index = (public.street as usize).min(STREETS_BET - 1);
        let level = public
            .seats
            .iter()
            .map(|seat| seat.wagers[street_index])
            .max()
            .unwrap_or(0);
        let to_call = find(&public.legal, &[ActionKind::Call]).map_or(0, |call| call.chips);
        Spot {
            legal: &public.legal,
            game: public.game,
            street: public.street,
            tune: tuning(public.game),
            live,
            fair: 1.0 / live as f64,
            level,
            pot: public.pot,
            big_bet: public.stakes.big_bet,
            to_call,
            leads: public.street > Street::Third && leads_board(private, public),
            steal: steal_spot(private, public),
        }
    }

    fn heads_up(&self) -> bool {
        self.live == 2
    }

    /// The equity a raise needs, with `level` wagers already made on the street.
    fn raise_threshold(&self) -> f64 {
        let more = f64::from(self.level.saturating_sub(1));
        let needed = if self.heads_up() {
            self.tune.raise_heads_up + self.tune.raise_step * more
        } else {
            self.fair * (self.tune.raise_multiway + self.tune.raise_multiway_step * more)
        };
        needed.min(NUTS)
    }

    /// The equity from which calling pays: the pot now and the bets of the streets to come.
    fn call_threshold(&self) -> f64 {
        let to_come = streets_to_come(self.street);
        let later = to_come * self.tune.future_bet_share * self.big_bet as f64;
        let to_call = self.to_call as f64;
        // equity × (pot + call) − call + later × (equity × live − 1) ≥ 0
        (to_call + later) / ((self.pot + self.to_call) as f64 + later * self.live as f64)
    }

    fn complete_threshold(&self) -> f64 {
        let edge = if self.steal {
            STEAL_EDGE
        } else {
            self.tune.complete_edge
        };
        self.fair * edge
    }

    /// Every equity at which the decision changes: where sampling more pays.
    fn thresholds(&self) -> Vec<f64> {
        let mut cuts = vec![SLOWPLAY_EQUITY, NUTS];
        if find(self.legal, &[ActionKind::Complete]).is_some() {
            cuts.push(self.complete_threshold());
        }
        if self.to_call > 0 {
            cuts.push(self.raise_threshold());
            cuts.push(self.call_threshold());
        } else {
            cuts.push(self.fair * self.tune.bet_edge);
            if self.leads {
                cuts.push(self.fair * self.tune.lead_edge);
            }
        }
        cuts
    }

    /// The choice, from the seat's equity and the betting.
    fn decide<R: Rng + ?Sized>(&self, estimate: &Estimate, rng: &mut R) -> LegalAction {
        let legal = self.legal;
        let equity = estimate.equity;
        let wager = find(legal, &WAGERS);
        let passive = find(legal, &PASSIVE);
        let free = find(legal, &[ActionKind::Check, ActionKind::BringIn]);
        let fallback = passive
            .or_else(|| find(legal, &[ActionKind::Fold]))
            .unwrap_or(legal[0]);

        // Slow play: a very big hand just calls or checks now and then before seventh street.
        if (SLOWPLAY_EQUITY..NUTS).contains(&equity)
            && self.street < Street::Seventh
            && per_mille(rng, SLOWPLAY_PER_MILLE)
        {
            return passive.unwrap_or(fallback);
        }

        if let Some(complete) = find(legal, &[ActionKind::Complete])
            && self.street == Street::Third
            && equity >= self.complete_threshold()
        {
            return complete;
        }

        if self.to_call == 0 {
            // On third street the only wager is the completion, decided above.
            if let Some(wager) = wager.filter(|_| self.street > Street::Third) {
                let value = equity >= self.fair * self.tune.bet_edge;
                let lead = self.leads && equity >= self.fair * self.tune.lead_edge;
                let bluff = self.live <= 3
                    && self.street >= Street::Fifth
                    && per_mille(rng, BLUFF_PER_MILLE);
                if value || lead || bluff {
                    return wager;
                }
            }
            return free.or(passive).unwrap_or(fallback);
        }

        if let Some(raise) = find(legal, &[ActionKind::RaiseBig, ActionKind::Raise])
            && self.raise_pays(estimate)
        {
            return raise;
        }
        if let Some(call) = find(legal, &[ActionKind::Call])
            && equity >= self.call_threshold()
        {
            return call;
        }
        find(legal, &[ActionKind::Fold]).unwrap_or(fallback)
    }

    /// Whether raising the wagers made so far pays: the equity clears the climbing threshold,
    /// and heads-up in Stud/8 a re-raise needs a hand that can take the whole pot.
    fn raise_pays(&self, estimate: &Estimate) -> bool {
        if estimate.equity >= NUTS {
            return true;
        }
        if estimate.equity < self.raise_threshold() {
            return false;
        }
        !(self.game == Game::Stud8
            && self.heads_up()
            && self.level >= 2
            && estimate.scoop < STUD8_REREAISE_SCOOP)
    }
}

fn streets_to_come(street: Street) -> f64 {
    match street {
        Street::Third => 4.0,
        Street::Fourth => 3.0,
        Street::Fifth => 2.0,
        Street::Sixth => 1.0,
        Street::Seventh | Street::Showdown => 0.0,
    }
}

/// A board's value as the game ranks boards for acting first (greater is better): the high
/// in Stud and Stud/8, the razz low in Razz.
fn board_value(game: Game, up: &[Card]) -> u32 {
    let board = CardSet::from_cards(up);
    match game {
        Game::Stud | Game::Stud8 => board.high().0,
        Game::Razz => AceFiveLow::of_set(board).get(),
    }
}

/// Whether `up` is a low board in Stud/8: every card eight or lower, none paired; and how
/// good (the razz value of the same cards).
fn low_board(up: &[Card]) -> Option<u32> {
    let board = CardSet::from_cards(up);
    let small = up.iter().all(|card| card.rank.low_value() <= 8);
    let unpaired = (board.rank_mask().count_ones() as usize) == up.len();
    (small && unpaired).then(|| AceFiveLow::of_set(board).get())
}

/// Whether the seat's board is strictly the best showing among the live hands; in Stud/8 also
/// the best low board when no live board shows a pair.
fn leads_board(private: &PrivateView, public: &PublicView) -> bool {
    let others = || {
        public
            .seats
            .iter()
            .enumerate()
            .filter(|&(index, seat)| index != private.seat && seat.state != SeatState::Folded)
            .map(|(_, seat)| seat)
    };
    let mine = board_value(public.game, &private.up_cards);
    if others().all(|seat| board_value(public.game, &seat.up_cards) < mine) {
        return true;
    }
    public.game == Game::Stud8
        && low_board(&private.up_cards).is_some_and(|low| {
            others().all(|seat: &PublicSeat| {
                let paired = CardSet::from_cards(&seat.up_cards).rank_mask().count_ones()
                    < seat.up_cards.len() as u32;
                !paired && low_board(&seat.up_cards).is_none_or(|theirs| theirs < low)
            })
        })
}

fn per_mille<R: Rng + ?Sized>(rng: &mut R, chance: u32) -> bool {
    rng.random_range(0..1000) < chance
}

fn find(legal: &[LegalAction], kinds: &[ActionKind]) -> Option<LegalAction> {
    kinds
        .iter()
        .find_map(|&kind| legal.iter().copied().find(|action| action.kind == kind))
}

const WAGERS: [ActionKind; 5] = [
    ActionKind::RaiseBig,
    ActionKind::BetBig,
    ActionKind::Raise,
    ActionKind::Complete,
    ActionKind::Bet,
];
const PASSIVE: [ActionKind; 3] = [ActionKind::Check, ActionKind::BringIn, ActionKind::Call];

/// Third street with no completion yet, and every live seat still to act showing a worse
/// door than this seat's: a completion there takes the antes and the bring-in often.
fn steal_spot(private: &PrivateView, public: &PublicView) -> bool {
    if public.street != Street::Third {
        return false;
    }
    let Some(mine) = private.up_cards.first() else {
        return false;
    };
    let worse = |theirs: &Card| match public.game {
        Game::Razz => theirs.rank.low_value() > mine.rank.low_value(),
        Game::Stud | Game::Stud8 => theirs.rank < mine.rank,
    };
    let count = public.seats.len();
    let bring_in = public.stakes.bring_in;
    (1..count)
        .map(|step| (private.seat + step) % count)
        .filter(|&seat| {
            let view = &public.seats[seat];
            // Yet to act: live, and nothing in beyond the bring-in.
            view.state == SeatState::Active && view.street_bet < bring_in
        })
        .all(|seat| public.seats[seat].up_cards.first().is_none_or(worse))
}
