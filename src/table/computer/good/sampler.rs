//! `good`'s Monte Carlo: random completions of every live hand from the cards its seat has not
//! seen, each weighted by how well the guess at an opponent's down cards fits its betting
//! ([`super::reading`]), each settled as the game divides a pot.
//!
//! Every up card at the table, folded ones included, is out of the deck, so a dead card weighs
//! exactly as much as it takes from a draw. The sampler keeps running sums, so a decision can
//! ask for more runouts only while its answer is still in doubt ([`Estimate::se`]).

use rand::Rng;

use super::reading::Reading;
use crate::table::card::Card;
use crate::table::eval::CardSet;
use crate::table::game::Game;
use crate::table::hand::{PrivateView, PublicView, SeatState};

/// What the runouts so far say: the seat's expected share of the pot, its standard error,
/// and the chance it takes the whole pot (both halves, or the only one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Estimate {
    pub equity: f64,
    pub se: f64,
    pub scoop: f64,
}

/// A live opponent as the sampler deals it out.
struct Opponent {
    /// Its up cards (and the community card).
    known: CardSet,
    /// Cards it has yet to be dealt, its hidden down cards included.
    need: usize,
    /// Down cards it holds now (the first of its hidden cards).
    down_count: usize,
    /// What its betting asks of its down cards; `None` when it said nothing.
    reading: Option<Reading>,
}

/// The runouts of one decision and their running sums.
pub(super) struct Sampler {
    game: Game,
    /// The seat's own cards (and the community card).
    mine: CardSet,
    /// Cards the seat has yet to be dealt.
    my_need: usize,
    /// The seventh card is one community card for every hand (the first card dealt).
    shared: bool,
    opponents: Vec<Opponent>,
    /// The cards the seat has not seen; each runout deals from the front of a partial shuffle.
    unseen: Vec<Card>,
    /// Cards one runout deals.
    total: usize,
    runouts: u32,
    weights: f64,
    weights_squared: f64,
    won: f64,
    won_squared: f64,
    scooped: f64,
}

impl Sampler {
    /// The runouts of `private`'s seat's decision; `None` when the unseen cards cannot
    /// complete every live hand (the deck ran short beyond one community card).
    pub(super) fn new(private: &PrivateView, public: &PublicView) -> Option<Sampler> {
        let community = public.community.or(private.community);
        let mut mine = CardSet::EMPTY;
        for &card in private.down_cards.iter().chain(&private.up_cards) {
            mine.insert(card);
        }
        if let Some(card) = community {
            mine.insert(card);
        }
        let mut seen = mine;
        let mut opponents = Vec::with_capacity(public.seats.len());
        for (index, seat) in public.seats.iter().enumerate() {
            for &card in &seat.up_cards {
                seen.insert(card);
            }
            if index == private.seat || seat.state == SeatState::Folded {
                continue;
            }
            let mut known = CardSet::from_cards(&seat.up_cards);
            if let Some(card) = community {
                known.insert(card);
            }
            let reading = Reading::of(seat, &public.seats, public.street);
            opponents.push(Opponent {
                known,
                need: 7usize.saturating_sub(known.len()),
                down_count: seat.down_count,
                reading: (!reading.is_silent()).then_some(reading),
            });
        }
        let unseen: Vec<Card> = Card::all().filter(|&card| !seen.contains(card)).collect();
        let my_need = 7usize.saturating_sub(mine.len());
        let mut shared = false;
        let mut total = my_need + opponents.iter().map(|o| o.need).sum::<usize>();
        if total > unseen.len() && community.is_none() {
            // The deck runs short: the seventh card is one community card for every hand.
            shared = true;
            total = total + 1 - (opponents.len() + usize::from(my_need > 0));
        }
        if total > unseen.len() {
            return None;
        }
        Some(Sampler {
            game: public.game,
            mine,
            my_need,
            shared,
            opponents,
            unseen,
            total,
            runouts: 0,
            weights: 0.0,
            weights_squared: 0.0,
            won: 0.0,
            won_squared: 0.0,
            scooped: 0.0,
        })
    }

    /// Runouts measured so far.
    pub(super) fn runouts(&self) -> u32 {
        self.runouts
    }

    /// Whether no opponent is left: the pot is the seat's.
    pub(super) fn alone(&self) -> bool {
        self.opponents.is_empty()
    }

    /// Deals and settles `count` more runouts.
    pub(super) fn run<R: Rng + ?Sized>(&mut self, count: u32, rng: &mut R) {
        for _ in 0..count {
            // A partial shuffle: the first `total` unseen cards are this runout's.
            for slot in 0..self.total {
                let pick = rng.random_range(slot..self.unseen.len());
                self.unseen.swap(slot, pick);
            }
            let (weight, share) = self.settle();
            self.weights += weight;
            self.weights_squared += weight * weight;
            self.won += weight * share;
            self.won_squared += weight * share * share;
            if share >= 0.999 {
                self.scooped += weight;
            }
        }
        self.runouts += count;
    }

    /// The estimate from the runouts so far (every share 1 with no opponent left).
    pub(super) fn estimate(&self) -> Estimate {
        if self.opponents.is_empty() {
            return Estimate {
                equity: 1.0,
                se: 0.0,
                scoop: 1.0,
            };
        }
        if self.weights <= 0.0 {
            return Estimate {
                equity: 0.0,
                se: 1.0,
                scoop: 0.0,
            };
        }
        let equity = self.won / self.weights;
        let spread = (self.won_squared / self.weights - equity * equity).max(0.0);
        // The weighted runouts count as fewer: Kish's effective sample size.
        let effective = self.weights * self.weights / self.weights_squared.max(f64::MIN_POSITIVE);
        Estimate {
            equity,
            se: (spread / effective.max(1.0)).sqrt(),
            scoop: self.scooped / self.weights,
        }
    }

    /// The runout dealt from the front of the unseen cards: how well it fits the opponents'
    /// betting, and the seat's share of the pot in it.
    fn settle(&self) -> (f64, f64) {
        let (game, shared) = (self.game, self.shared);
        let cards = &self.unseen[..self.total];
        let mut next = 0usize;
        let mut take = |count: usize| {
            let cards = &cards[next..next + count];
            next += count;
            cards
        };
        let board = if shared {
            take(1).first().copied()
        } else {
            None
        };
        let deal_to = |set: CardSet, need: usize, cards: &[Card]| {
            let mut hand = set;
            for &card in cards {
                hand.insert(card);
            }
            if let Some(card) = board.filter(|_| need > 0) {
                hand.insert(card);
            }
            hand
        };
        let my_own = if shared && self.my_need > 0 {
            self.my_need - 1
        } else {
            self.my_need
        };
        let my_hand = deal_to(self.mine, self.my_need, take(my_own));
        let mut weight = 1.0;
        let mut hands: [ShowdownValue; 8] = [ShowdownValue::default(); 8];
        hands[0] = ShowdownValue::of(game, my_hand);
        for (index, opponent) in self.opponents.iter().enumerate() {
            let own = if shared && opponent.need > 0 {
                opponent.need - 1
            } else {
                opponent.need
            };
            let hidden = take(own);
            if let Some(reading) = &opponent.reading {
                let held = hidden.len().min(opponent.down_count);
                weight *= reading.weight(game, &hidden[..held]);
            }
            let hand = deal_to(opponent.known, opponent.need, hidden);
            if let Some(slot) = hands.get_mut(index + 1) {
                *slot = ShowdownValue::of(game, hand);
            }
        }
        let players = (self.opponents.len() + 1).min(hands.len());
        (weight, share(game, &hands[..players]))
    }
}

/// One hand at showdown: high and low as numbers, greater is better, 0 for none.
#[derive(Clone, Copy, Default)]
struct ShowdownValue {
    high: u32,
    low: u32,
}

impl ShowdownValue {
    fn of(game: Game, cards: CardSet) -> ShowdownValue {
        match game {
            Game::Stud8 => {
                let (high, low) = cards.high_low();
                ShowdownValue {
                    high: high.0,
                    low: low.map_or(0, |low| low.0.get()),
                }
            }
            Game::Stud => ShowdownValue {
                high: cards.high().0,
                low: 0,
            },
            Game::Razz => ShowdownValue {
                high: 0,
                low: cards.ace_five_low().get(),
            },
        }
    }
}

/// The first hand's share of one pot among `hands`: half to the best high and half to the
/// best low in Stud/8 (all to the high with no low), ties sharing their half.
fn share(game: Game, hands: &[ShowdownValue]) -> f64 {
    let half = |value: fn(&ShowdownValue) -> u32| -> Option<f64> {
        let best = hands.iter().map(value).max().unwrap_or(0);
        if best == 0 {
            return None;
        }
        let mine = hands.first().map(value).unwrap_or(0);
        if mine < best {
            return Some(0.0);
        }
        let tied = hands.iter().filter(|hand| value(hand) == best).count();
        Some(1.0 / tied as f64)
    };
    match game {
        Game::Stud => half(|hand| hand.high).unwrap_or(0.0),
        Game::Razz => half(|hand| hand.low).unwrap_or(0.0),
        Game::Stud8 => {
            let high = half(|hand| hand.high).unwrap_or(0.0);
            match half(|hand| hand.low) {
                Some(low) => (high + low) / 2.0,
                None => high,
            }
        }
    }
}
