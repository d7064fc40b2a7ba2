//! The `good` computer player as it was at 859bfe7 (before it read the others' betting street
//! by street and sampled only while a decision was in doubt): the speed reference
//! `benches/computer.rs` measures the `good` of today against, in the same run. The same
//! algorithm, restated with the crate's public types; only the speed of it is used.
#![allow(dead_code)]

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use studbot::table::Game;
use studbot::table::card::{Card, Rank};
use studbot::table::eval::{CardSet, HighValue, LowValue};
use studbot::table::hand::{ActionKind, LegalAction, PrivateView, PublicView, SeatState, Street};

/// Random runouts measured for each decision.
pub const RUNOUTS: u32 = 2000;
/// A door-card steal needs only this much of the fair share.
const STEAL_EDGE: f64 = 0.75;
/// Equity from which a hand is big enough to slow-play.
const SLOWPLAY_EQUITY: f64 = 0.75;
/// Chance in 1000 of slow-playing such a hand before seventh street.
const SLOWPLAY_PER_MILLE: u32 = 250;
/// Chance in 1000 of bluffing when checked to with one or two opponents.
const BLUFF_PER_MILLE: u32 = 90;
/// How hard `good` bets and how much it reads into the others' betting, per game.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Tuning {
    /// Value bets and raises need this many times the fair share (one over the live hands).
    value_edge: f64,
    /// Raising a bet needs more: the bettor's range is stronger than a random one.
    raise_edge: f64,
    /// How much of a big bet each live hand is expected to put in per street still to
    /// come: what calling now commits to.
    future_bet_share: f64,
    /// Weight of a runout in which an opponent who came in for more than the bring-in
    /// holds a junk start (1: no weight taken off).
    junk_entry_weight: f64,
    /// Weight of a runout in which an opponent who bet or raised this street holds nothing.
    weak_aggressor_weight: f64,
}

/// Stud and Razz: opponents who came in or bet are read as holding something.
const STUD_AND_RAZZ: Tuning = Tuning {
    value_edge: 1.3,
    raise_edge: 1.6,
    future_bet_share: 0.5,
    junk_entry_weight: 0.2,
    weak_aggressor_weight: 0.4,
};

/// Stud/8: a hand that takes half the pot is worth betting, and the others' betting is
/// not read into. Measured with `sim --seats good,easy,easy,random,random,random --hands
/// 10000 --seed 1`: with the Stud and Razz tuning `good` only drew level with `easy`
/// (+3 bb/100); reading no ranges gained 15, betting and raising from 1.1 and 1.3 times
/// the fair share 15, both with calls that expect half as much future betting 31 (calls
/// alone, or no bluffs and slow plays, changed nothing). Reading every entry as a
/// playable start folds the low draws and split hands that the random and loose players'
/// raises pay.
const STUD8: Tuning = Tuning {
    value_edge: 1.1,
    raise_edge: 1.3,
    future_bet_share: 0.25,
    junk_entry_weight: 1.0,
    weak_aggressor_weight: 1.0,
};

fn tuning(game: Game) -> Tuning {
    match game {
        Game::Stud8 => STUD8,
        Game::Stud | Game::Razz => STUD_AND_RAZZ,
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
    let mut sampler = Xoshiro256PlusPlus::seed_from_u64(rng.random());
    let Some(equity) = equity(private, public, RUNOUTS, &mut sampler) else {
        // Too few unseen cards to deal every live hand out: the simple plan decides.
        return studbot::table::computer::easy::choose_action(private, public, rng);
    };
    Some(decide(private, public, equity, rng))
}

/// The seat's expected share of the pot if every live hand went to showdown, measured over
/// `runouts` random completions weighted by how well they fit the betting. `None` when the
/// unseen cards cannot complete every live hand.
pub fn equity<R: Rng + ?Sized>(
    private: &PrivateView,
    public: &PublicView,
    runouts: u32,
    rng: &mut R,
) -> Option<f64> {
    let community = public.community.or(private.community);
    let mut mine = CardSet::EMPTY;
    for &card in private.down_cards.iter().chain(&private.up_cards) {
        mine.insert(card);
    }
    if let Some(card) = community {
        mine.insert(card);
    }
    let mut seen = mine;
    let opponents = opponents(private, public, community, &mut seen);
    if opponents.is_empty() {
        return Some(1.0);
    }
    let mut unseen: Vec<Card> = Card::all().filter(|&card| !seen.contains(card)).collect();
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
    let runout = Runout {
        game: public.game,
        tune: tuning(public.game),
        mine,
        my_need,
        shared,
        opponents: &opponents,
    };
    let (mut won, mut weights) = (0.0f64, 0.0f64);
    for _ in 0..runouts {
        // A partial shuffle: the first `total` unseen cards are this runout's.
        for slot in 0..total {
            let pick = rng.random_range(slot..unseen.len());
            unseen.swap(slot, pick);
        }
        let (weight, share) = runout.settle(&unseen);
        won += weight * share;
        weights += weight;
    }
    (weights > 0.0).then(|| won / weights)
}

/// The live opponents of `private`'s seat, each with what it showed and how it bet; every
/// up card at the table, folded ones included, goes into `seen`.
fn opponents(
    private: &PrivateView,
    public: &PublicView,
    community: Option<Card>,
    seen: &mut CardSet,
) -> Vec<Opponent> {
    let mut opponents: Vec<Opponent> = Vec::with_capacity(public.seats.len());
    let most_this_street = public
        .seats
        .iter()
        .map(|seat| seat.street_bet)
        .max()
        .unwrap_or(0);
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
        let entered = seat.committed > public.stakes.ante.saturating_add(public.stakes.bring_in);
        let aggressor = public.street != Street::Third
            && seat.street_bet > 0
            && seat.street_bet == most_this_street
            && public.last_action.is_some_and(|(who, action)| {
                who == index && matches!(action.kind, ActionKind::Bet | ActionKind::Raise)
            });
        opponents.push(Opponent {
            known,
            door: seat.up_cards.first().copied(),
            need: 7usize.saturating_sub(known.len()),
            down_count: seat.down_count,
            entered,
            aggressor,
        });
    }
    opponents
}

/// How one runout deals the unseen cards out: the seat's, then each opponent's in turn.
struct Runout<'a> {
    game: Game,
    tune: Tuning,
    /// The seat's own cards (and the community card).
    mine: CardSet,
    /// Cards the seat has yet to be dealt.
    my_need: usize,
    /// The seventh card is one community card for every hand (the first card dealt).
    shared: bool,
    opponents: &'a [Opponent],
}

impl Runout<'_> {
    /// The runout dealt from the front of `cards`: how well it fits the opponents' betting,
    /// and the seat's share of the pot in it.
    fn settle(&self, cards: &[Card]) -> (f64, f64) {
        let (game, shared) = (self.game, self.shared);
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
            weight *= opponent.fit(game, &self.tune, hidden);
            let hand = deal_to(opponent.known, opponent.need, hidden);
            if let Some(slot) = hands.get_mut(index + 1) {
                *slot = ShowdownValue::of(game, hand);
            }
        }
        let players = (self.opponents.len() + 1).min(hands.len());
        (weight, share(game, &hands[..players]))
    }
}

/// A live opponent as the sampler deals it out.
struct Opponent {
    /// Its up cards (and the community card).
    known: CardSet,
    door: Option<Card>,
    /// Cards it has yet to be dealt, its hidden down cards included.
    need: usize,
    /// Down cards it holds now (the first of its hidden cards).
    down_count: usize,
    /// It put in more than the ante and the bring-in.
    entered: bool,
    /// It bet or raised last on this street.
    aggressor: bool,
}

impl Opponent {
    /// How likely the betting so far is with `hidden` as its unseen cards (its two first
    /// down cards come first), relative to a hand that fits.
    fn fit(&self, game: Game, tune: &Tuning, hidden: &[Card]) -> f64 {
        let mut weight = 1.0;
        if self.entered
            && let (Some(door), [first, second, ..]) = (self.door, hidden)
            && !playable_start(game, [*first, *second, door])
        {
            weight *= tune.junk_entry_weight;
        }
        if self.aggressor {
            let mut now = self.known;
            let held = hidden.len().min(self.down_count);
            for &card in &hidden[..held] {
                now.insert(card);
            }
            if !has_something(game, now) {
                weight *= tune.weak_aggressor_weight;
            }
        }
        weight
    }
}

/// A start a sensible player comes in with: a pair, three suited, or (for a low) three
/// different ranks of eight or lower; in Stud also two big cards.
fn playable_start(game: Game, cards: [Card; 3]) -> bool {
    let paired = cards[0].rank == cards[1].rank
        || cards[0].rank == cards[2].rank
        || cards[1].rank == cards[2].rank;
    let suited = cards[0].suit == cards[1].suit && cards[1].suit == cards[2].suit;
    let low = !paired && cards.iter().all(|card| card.rank.low_value() <= 8);
    match game {
        Game::Razz => low,
        Game::Stud8 => paired || suited || low,
        Game::Stud => {
            paired || suited || cards.iter().filter(|card| card.rank >= Rank::Ten).count() >= 2
        }
    }
}

/// A made hand or a strong draw: a pair or better, or four to a low.
fn has_something(game: Game, cards: CardSet) -> bool {
    let mut pair = false;
    let mut lows = 0;
    for rank in Rank::ALL {
        let count = cards.count_of_rank(rank);
        pair |= count >= 2;
        if count > 0 && rank.low_value() <= 8 {
            lows += 1;
        }
    }
    match game {
        Game::Razz => lows >= 4.min(cards.len()),
        Game::Stud => pair,
        Game::Stud8 => pair || lows >= 4,
    }
}

/// One hand at showdown, as the game plays it (greater is better, `None` for none).
#[derive(Clone, Copy, Default)]
struct ShowdownValue {
    high: Option<HighValue>,
    low: Option<LowValue>,
    razz: Option<u32>,
}

impl ShowdownValue {
    fn of(game: Game, cards: CardSet) -> ShowdownValue {
        match game {
            Game::Stud8 => {
                let (high, low) = cards.high_low();
                ShowdownValue {
                    high: Some(high),
                    low,
                    razz: None,
                }
            }
            Game::Stud => ShowdownValue {
                high: Some(cards.high()),
                ..ShowdownValue::default()
            },
            Game::Razz => ShowdownValue {
                razz: Some(cards.ace_five_low().get()),
                ..ShowdownValue::default()
            },
        }
    }
}

/// The first hand's share of one half among `hands`, by `value`; `None` when no hand has one.
fn half<T: Ord + Copy>(
    hands: &[ShowdownValue],
    value: fn(&ShowdownValue) -> Option<T>,
) -> Option<f64> {
    let best = hands.iter().filter_map(value).max()?;
    let mine = hands.first().and_then(value);
    if mine != Some(best) {
        return Some(0.0);
    }
    let tied = hands
        .iter()
        .filter(|hand| value(hand) == Some(best))
        .count();
    Some(1.0 / tied as f64)
}

/// The first hand's share of one pot among `hands`: half to the best high and half to the
/// best low in Stud/8 (all to the high with no low), ties sharing their half.
fn share(game: Game, hands: &[ShowdownValue]) -> f64 {
    match game {
        Game::Stud => half(hands, |hand| hand.high).unwrap_or(0.0),
        Game::Razz => half(hands, |hand| hand.razz).unwrap_or(0.0),
        Game::Stud8 => {
            let high = half(hands, |hand| hand.high).unwrap_or(0.0);
            match half(hands, |hand| hand.low) {
                Some(low) => (high + low) / 2.0,
                None => high,
            }
        }
    }
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

/// The choice, from the seat's equity and the betting.
fn decide<R: Rng + ?Sized>(
    private: &PrivateView,
    public: &PublicView,
    equity: f64,
    rng: &mut R,
) -> LegalAction {
    let legal = &public.legal;
    let live = public
        .seats
        .iter()
        .filter(|seat| seat.state != SeatState::Folded)
        .count()
        .max(2);
    let fair = 1.0 / live as f64;
    let tune = tuning(public.game);
    let wager = find(legal, &WAGERS);
    let passive = find(legal, &PASSIVE);
    let call = find(legal, &[ActionKind::Call]);
    let free = find(legal, &[ActionKind::Check, ActionKind::BringIn]);
    let fallback = passive
        .or_else(|| find(legal, &[ActionKind::Fold]))
        .unwrap_or(legal[0]);

    // Slow play: a big hand just calls or checks now and then before seventh street.
    let big = equity >= SLOWPLAY_EQUITY.max(fair * tune.raise_edge);
    if big && public.street < Street::Seventh && per_mille(rng, SLOWPLAY_PER_MILLE) {
        return passive.unwrap_or(fallback);
    }

    if public.street == Street::Third
        && let Some(complete) = find(legal, &[ActionKind::Complete])
    {
        // Nobody has completed yet: from the bring-in, or a steal when every door yet to
        // act is worse than this one.
        let edge = if steal_spot(private, public) {
            STEAL_EDGE
        } else {
            tune.value_edge
        };
        if equity >= fair * edge {
            return complete;
        }
    }

    let facing = call.is_some_and(|call| call.chips > 0);
    if !facing {
        if let Some(wager) = wager
            && equity >= fair * tune.value_edge
        {
            return wager;
        }
        let few = live <= 3;
        if let Some(wager) = wager
            && few
            && public.street >= Street::Fifth
            && per_mille(rng, BLUFF_PER_MILLE)
        {
            return wager;
        }
        return free.or(passive).unwrap_or(fallback);
    }

    let Some(call) = call else {
        return fallback;
    };
    if let Some(raise) = find(legal, &[ActionKind::RaiseBig, ActionKind::Raise])
        && equity >= fair * tune.raise_edge
    {
        return raise;
    }
    if calling_pays(public, &tune, equity, live, call.chips) {
        return call;
    }
    find(legal, &[ActionKind::Fold]).unwrap_or(fallback)
}

/// Whether calling `to_call` wins more than it costs: the pot now, and the bets of the
/// streets still to come, each live hand paying its part and the seat taking `equity` of it.
fn calling_pays(
    public: &PublicView,
    tune: &Tuning,
    equity: f64,
    live: usize,
    to_call: u64,
) -> bool {
    let streets_to_come = match public.street {
        Street::Third => 4.0,
        Street::Fourth => 3.0,
        Street::Fifth => 2.0,
        Street::Sixth => 1.0,
        Street::Seventh | Street::Showdown => 0.0,
    };
    let now = equity * (public.pot + to_call) as f64 - to_call as f64;
    let later = streets_to_come
        * tune.future_bet_share
        * public.stakes.big_bet as f64
        * (equity * live as f64 - 1.0);
    now + later > 0.0
}

/// Third street with no completion yet, and every live seat still to act showing a worse
/// door than this seat's: a completion there takes the antes and the bring-in often.
fn steal_spot(private: &PrivateView, public: &PublicView) -> bool {
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
