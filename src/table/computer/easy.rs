//! The `easy` computer player: a simple, cheap strategy by buckets (junk, playable,
//! strong) for each stud game, kept for beginners and fast benchmarks. It sees only what its seat may see (its own cards in
//! a [`PrivateView`], everyone's up cards in a [`PublicView`]) and is deterministic given the
//! RNG it is handed.
//!
//! The plan, street by street:
//! - Third street: continue with a pair, trips, three low cards (eight or lower, different
//!   ranks) or three to a flush; complete or raise with trips, a big pair or three small
//!   cards with an ace or all five and under; fold everything else facing a completion.
//! - Later streets: bet and raise two pair or better, good made lows and four small cards
//!   early; check and call with a pair, a made eight-low or a draw to a low or a flush;
//!   check when it is free, otherwise fold, unless the pot pays the call many times over
//!   while two or more cards are to come. A small pair stops calling on sixth street.
//! - Stud plays only the high side of that plan; Razz only a low side of its own: three
//!   different cards of eight or lower to start (six or lower, or with an ace, to raise),
//!   then a made razz low of eight or better or four small cards early to bet, a nine or ten
//!   low or a draw to call.

use rand::Rng;

use crate::table::ace_five_low::AceFiveLow;
use crate::table::card::{Card, Rank};
use crate::table::eval::{HandCategory, best_high};
use crate::table::game::Game;
use crate::table::hand::{
    ActionKind, Hand, LegalAction, PrivateView, PublicView, SeatState, Street,
};

/// How much a hand is worth playing for, as the strategy sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bucket {
    /// Nothing to go on: check if free, fold to a bet.
    Junk,
    /// Worth seeing another card: check and call.
    Playable,
    /// Worth putting more in: bet, complete and raise.
    Strong,
}

/// Chance in 1000 of a strong hand just calling (so its bets say less about it).
const SLOWPLAY_PER_MILLE: u32 = 120;
/// Chance in 1000 of a playable hand betting when checked to.
const PROBE_BET_PER_MILLE: u32 = 200;
/// A junk hand calls when the pot is at least this many times the call (fourth and fifth
/// street only).
const JUNK_CALL_POT_ODDS: u64 = 10;

/// Picks one of the legal actions for the seat of `private`, or `None` when that seat is not
/// the one to act or no action is legal. Uses only `private` (the seat's own cards) and
/// `public` (what everyone sees).
pub fn choose_action<R: Rng + ?Sized>(
    private: &PrivateView,
    public: &PublicView,
    rng: &mut R,
) -> Option<LegalAction> {
    if public.to_act != Some(private.seat) || public.legal.is_empty() {
        return None;
    }
    let strength = assess(private, public);
    Some(pick(strength, public, rng))
}

/// Picks an action for whoever is to act in `hand`, from that seat's own view only: the
/// convenience for callers that hold the hand (terminal play, the lobby, `sim`).
pub fn choose_for_hand<R: Rng + ?Sized>(hand: &Hand, rng: &mut R) -> Option<LegalAction> {
    let seat = hand.to_act()?;
    let private = hand.private_view(seat)?;
    choose_action(&private, &hand.public_view(), rng)
}

/// How strong the seat's hand is, judged from its own cards and the others' boards.
pub fn assess(private: &PrivateView, public: &PublicView) -> Bucket {
    let mut cards: Vec<Card> = Vec::with_capacity(8);
    cards.extend_from_slice(&private.down_cards);
    cards.extend_from_slice(&private.up_cards);
    if let Some(card) = private.community {
        cards.push(card);
    }
    let third = public.street == Street::Third || cards.len() <= 3;
    match (public.game, third) {
        (Game::Stud8, true) => assess_third_street(&cards),
        (Game::Stud8, false) => assess_later_street(private, public, &cards),
        (Game::Stud, true) => assess_third_street_high(&cards),
        (Game::Stud, false) => assess_later_street_high(private, public, &cards),
        (Game::Razz, true) => assess_third_street_razz(&cards),
        (Game::Razz, false) => assess_later_street_razz(&cards),
    }
}

/// Stud: trips or a big pair to raise, any pair or three to a flush to call.
fn assess_third_street_high(cards: &[Card]) -> Bucket {
    let mut rank_counts = [0u8; 15];
    for card in cards {
        rank_counts[usize::from(card.rank.value())] += 1;
    }
    let top_group = rank_counts.iter().copied().max().unwrap_or(0);
    let paired_rank = rank_counts
        .iter()
        .rposition(|&count| count >= 2)
        .unwrap_or(0);
    if top_group >= 3 || paired_rank >= usize::from(Rank::Nine.value()) {
        Bucket::Strong
    } else if top_group == 2 || longest_suit(cards) >= 3 {
        Bucket::Playable
    } else {
        Bucket::Junk
    }
}

/// Razz: three different small cards, the smaller the better; a pair is junk.
fn assess_third_street_razz(cards: &[Card]) -> Bucket {
    let low_ranks = distinct_low_ranks(cards);
    let top = cards
        .iter()
        .map(|card| card.rank.low_value())
        .max()
        .unwrap_or(13);
    let has_ace = cards.iter().any(|card| card.rank == Rank::Ace);
    if low_ranks >= 3 && (top <= 6 || (has_ace && top <= 7)) {
        Bucket::Strong
    } else if low_ranks >= 3 {
        Bucket::Playable
    } else {
        Bucket::Junk
    }
}

/// Razz after third street: a made low of eight or better (seven or better to raise), a
/// nine or ten low, or four or more small cards while cards are to come.
fn assess_later_street_razz(cards: &[Card]) -> Bucket {
    let cards_to_come = 7usize.saturating_sub(cards.len());
    let low_ranks = distinct_low_ranks(cards);
    let low = AceFiveLow::of(cards);
    let made_top = (cards.len() >= 5 && low.category() == HandCategory::HighCard)
        .then(|| low.ranks().first().map_or(13, |rank| rank.low_value()));
    match made_top {
        Some(top) if top <= 7 => Bucket::Strong,
        Some(top) if top <= 10 => Bucket::Playable,
        _ if cards_to_come >= 2 && low_ranks >= cards.len().min(4) => Bucket::Strong,
        _ if cards_to_come > 0 && low_ranks + cards_to_come >= 5 && low_ranks >= 3 => {
            Bucket::Playable
        }
        _ => Bucket::Junk,
    }
}

fn assess_third_street(cards: &[Card]) -> Bucket {
    let mut rank_counts = [0u8; 15];
    for card in cards {
        rank_counts[usize::from(card.rank.value())] += 1;
    }
    let top_group = rank_counts.iter().copied().max().unwrap_or(0);
    let paired_rank = rank_counts
        .iter()
        .rposition(|&count| count >= 2)
        .unwrap_or(0);
    if top_group >= 3 || paired_rank >= usize::from(Rank::Nine.value()) {
        return Bucket::Strong;
    }
    let low_ranks = distinct_low_ranks(cards);
    let has_ace = cards.iter().any(|card| card.rank == Rank::Ace);
    let all_five_or_under = cards.iter().all(|card| card.rank.low_value() <= 5);
    if low_ranks >= 3 && (has_ace || all_five_or_under) {
        return Bucket::Strong;
    }
    if top_group == 2 || low_ranks >= 3 || longest_suit(cards) >= 3 {
        return Bucket::Playable;
    }
    Bucket::Junk
}

fn assess_later_street(private: &PrivateView, public: &PublicView, cards: &[Card]) -> Bucket {
    let cards_to_come = 7usize.saturating_sub(cards.len());
    let low_ranks = distinct_low_ranks(cards);
    let made_low_top = private.low.map(|low| low.ranks()[0].low_value());
    let low_strength = match made_low_top {
        Some(top) if top <= 7 => Bucket::Strong,
        Some(_) => Bucket::Playable,
        None if cards_to_come >= 2 && low_ranks >= cards.len().min(4) => Bucket::Strong,
        None if cards_to_come > 0 && low_ranks + cards_to_come >= 5 && low_ranks >= 3 => {
            Bucket::Playable
        }
        None => Bucket::Junk,
    };
    assess_later_street_high(private, public, cards).max(low_strength)
}

/// The high side of a hand after third street: two pair or better to bet, a pair that
/// holds or a flush draw to call; worth less when an open board already beats it.
fn assess_later_street_high(private: &PrivateView, public: &PublicView, cards: &[Card]) -> Bucket {
    let category = private.high.category();
    let cards_to_come = 7usize.saturating_sub(cards.len());

    // A small pair is worth a card while two or more are to come; by sixth street only a
    // pair of nines or better (or a draw) keeps calling.
    let pair_holds = category == HandCategory::OnePair
        && (cards_to_come >= 2
            || private
                .high
                .ranks()
                .first()
                .is_some_and(|&rank| rank >= Rank::Nine));
    let high_strength = if category >= HandCategory::TwoPair {
        Bucket::Strong
    } else if pair_holds || (cards_to_come > 0 && longest_suit(cards) >= 4) {
        Bucket::Playable
    } else {
        Bucket::Junk
    };
    // A made high hand that an open board already beats is worth less; a low is not hurt.
    if high_strength > Bucket::Junk && board_beats(private, public, category) {
        weaker(high_strength)
    } else {
        high_strength
    }
}

/// True when another live player's up cards alone make a better high category than ours.
fn board_beats(private: &PrivateView, public: &PublicView, ours: HandCategory) -> bool {
    public.seats.iter().enumerate().any(|(seat, view)| {
        seat != private.seat
            && view.state != SeatState::Folded
            && view.up_cards.len() >= 2
            && best_high(&view.up_cards).category() > ours
    })
}

fn weaker(strength: Bucket) -> Bucket {
    match strength {
        Bucket::Strong => Bucket::Playable,
        Bucket::Playable | Bucket::Junk => Bucket::Junk,
    }
}

/// Different ranks of eight or lower (the ace counts low).
fn distinct_low_ranks(cards: &[Card]) -> usize {
    let mut seen = 0u16;
    for card in cards {
        let value = card.rank.low_value();
        if value <= 8 {
            seen |= 1 << value;
        }
    }
    seen.count_ones() as usize
}

fn longest_suit(cards: &[Card]) -> usize {
    let mut counts = [0usize; 4];
    for card in cards {
        counts[usize::from(card.suit.index())] += 1;
    }
    counts.into_iter().max().unwrap_or(0)
}

fn per_mille<R: Rng + ?Sized>(rng: &mut R, chance: u32) -> bool {
    rng.random_range(0..1000) < chance
}

fn find(legal: &[LegalAction], kind: ActionKind) -> Option<LegalAction> {
    legal.iter().copied().find(|action| action.kind == kind)
}

fn first_of(legal: &[LegalAction], kinds: &[ActionKind]) -> Option<LegalAction> {
    kinds.iter().find_map(|&kind| find(legal, kind))
}

/// The cheapest legal action: check, else the bring-in, else call, else fold.
fn cheapest(legal: &[LegalAction]) -> LegalAction {
    let fallback = legal
        .iter()
        .copied()
        .min_by_key(|action| action.chips)
        .unwrap_or(legal[0]);
    first_of(
        legal,
        &[ActionKind::Check, ActionKind::BringIn, ActionKind::Call],
    )
    .unwrap_or(fallback)
}

/// The wager a strong hand makes: the big amount when an open pair on fourth street offers
/// the choice (or the round already went big), else the one bet, raise or completion.
fn aggressive(legal: &[LegalAction]) -> Option<LegalAction> {
    first_of(
        legal,
        &[
            ActionKind::RaiseBig,
            ActionKind::BetBig,
            ActionKind::Raise,
            ActionKind::Complete,
            ActionKind::Bet,
        ],
    )
}

fn pick<R: Rng + ?Sized>(strength: Bucket, public: &PublicView, rng: &mut R) -> LegalAction {
    let legal = &public.legal;
    let passive = first_of(
        legal,
        &[ActionKind::Check, ActionKind::Call, ActionKind::BringIn],
    );
    match strength {
        Bucket::Strong => {
            if per_mille(rng, SLOWPLAY_PER_MILLE)
                && let Some(action) = passive
            {
                return action;
            }
            aggressive(legal)
                .or(passive)
                .unwrap_or_else(|| cheapest(legal))
        }
        Bucket::Playable => {
            let free = find(legal, ActionKind::Check).is_some();
            if free
                && per_mille(rng, PROBE_BET_PER_MILLE)
                && let Some(bet) = find(legal, ActionKind::Bet)
            {
                return bet;
            }
            passive.unwrap_or_else(|| cheapest(legal))
        }
        Bucket::Junk => {
            if let Some(action) = first_of(legal, &[ActionKind::Check, ActionKind::BringIn]) {
                return action;
            }
            // Only while two or more cards are to come can a junk hand still improve.
            if let Some(call) = find(legal, ActionKind::Call)
                && matches!(public.street, Street::Fourth | Street::Fifth)
                && call.chips.saturating_mul(JUNK_CALL_POT_ODDS) <= public.pot
            {
                return call;
            }
            find(legal, ActionKind::Fold).unwrap_or_else(|| cheapest(legal))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::eval::best_low;
    use crate::table::hand::{HandSetup, PublicSeat, SeatIndex};
    use crate::table::rules::Stakes;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn cards(text: &str) -> Vec<Card> {
        Card::parse_many(text).unwrap()
    }

    fn private(seat: SeatIndex, down: &str, up: &str) -> PrivateView {
        let down_cards = cards(down);
        let up_cards = cards(up);
        let all: Vec<Card> = down_cards.iter().chain(&up_cards).copied().collect();
        PrivateView {
            game: crate::table::Game::Stud8,
            seat,
            down_cards,
            up_cards,
            community: None,
            high: best_high(&all),
            low: best_low(&all),
        }
    }

    fn seat(up: &str, street_bet: u64) -> PublicSeat {
        PublicSeat {
            stack: 100,
            street_bet,
            committed: street_bet + 1,
            up_cards: cards(up),
            down_count: 2,
            state: SeatState::Active,
            shown: None,
            wagers: [0; 5],
            acted: None,
        }
    }

    fn action(kind: ActionKind, chips: u64, total: u64) -> LegalAction {
        LegalAction {
            kind,
            chips,
            total,
            all_in: false,
        }
    }

    /// Seat 1 to act on third street, facing a completion to 5 by seat 0.
    fn facing_completion(me: &str) -> (PrivateView, PublicView) {
        let mine = private(1, &me[..4], &me[4..]);
        let up = me[4..].to_string();
        let public = PublicView {
            game: crate::table::Game::Stud8,
            stakes: Stakes::default(),
            street: Street::Third,
            seats: vec![seat("Qs", 5), seat(&up, 0), seat("3c", 2)],
            community: None,
            pot: 10,
            to_act: Some(1),
            legal: vec![
                action(ActionKind::Fold, 0, 0),
                action(ActionKind::Call, 5, 5),
                action(ActionKind::Raise, 10, 10),
            ],
            last_action: Some((0, action(ActionKind::Complete, 5, 5))),
        };
        (mine, public)
    }

    #[test]
    fn junk_folds_facing_a_completion_on_third_street() {
        let (mine, public) = facing_completion("7c2dKh");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200 {
            let chosen = choose_action(&mine, &public, &mut rng).map(|a| a.kind);
            assert_eq!(chosen, Some(ActionKind::Fold));
        }
    }

    #[test]
    fn rolled_up_trips_raise_or_call_but_never_fold() {
        let (mine, public) = facing_completion("9c9d9h");
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut raised = 0;
        for _ in 0..200 {
            let chosen = choose_action(&mine, &public, &mut rng).map(|a| a.kind);
            assert_ne!(chosen, Some(ActionKind::Fold));
            raised += usize::from(chosen == Some(ActionKind::Raise));
        }
        assert!(raised > 100, "raised only {raised} times of 200");
    }

    #[test]
    fn three_small_cards_continue_facing_a_completion() {
        let (mine, public) = facing_completion("2c4d6h");
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let chosen = choose_action(&mine, &public, &mut rng).map(|a| a.kind);
        assert_eq!(chosen, Some(ActionKind::Call));
    }

    #[test]
    fn nothing_is_chosen_for_a_seat_that_is_not_to_act() {
        let (mut mine, public) = facing_completion("7c2dKh");
        mine.seat = 2;
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        assert_eq!(choose_action(&mine, &public, &mut rng), None);
    }

    #[test]
    fn junk_checks_when_checking_is_free() {
        let mine = private(0, "7c2d", "KhJs9d");
        let public = PublicView {
            game: crate::table::Game::Stud8,
            stakes: Stakes::default(),
            street: Street::Fifth,
            seats: vec![seat("KhJs9d", 0), seat("Qs4h3c", 0)],
            community: None,
            pot: 40,
            to_act: Some(0),
            legal: vec![
                action(ActionKind::Check, 0, 0),
                action(ActionKind::Bet, 10, 10),
                action(ActionKind::Fold, 0, 0),
            ],
            last_action: None,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..100 {
            let chosen = choose_action(&mine, &public, &mut rng).map(|a| a.kind);
            assert_eq!(chosen, Some(ActionKind::Check));
        }
    }

    #[test]
    fn two_pair_bets_when_checked_to() {
        let mine = private(0, "Kc9c", "KhJs9d");
        let public = PublicView {
            game: crate::table::Game::Stud8,
            stakes: Stakes::default(),
            street: Street::Fifth,
            seats: vec![seat("KhJs9d", 0), seat("Qs4h3c", 0)],
            community: None,
            pot: 40,
            to_act: Some(0),
            legal: vec![
                action(ActionKind::Check, 0, 0),
                action(ActionKind::Bet, 10, 10),
                action(ActionKind::Fold, 0, 0),
            ],
            last_action: None,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let bets = (0..200)
            .filter(|_| {
                choose_action(&mine, &public, &mut rng).map(|a| a.kind) == Some(ActionKind::Bet)
            })
            .count();
        assert!(bets > 150, "bet only {bets} times of 200");
    }

    /// Over many seeded hands of every size and every game, the computer's choice is always
    /// one the engine lists as legal and accepts.
    #[test]
    fn the_computer_never_chooses_an_illegal_action() {
        use crate::table::deck::Deck;
        use crate::table::hand::Hand;
        use crate::table::rules::Rules;
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for game in Game::ALL {
            for number in 0..400u64 {
                let players = 2 + usize::try_from(number % 7).unwrap();
                let stacks: Vec<u64> = (0..players).map(|i| 8 + 23 * i as u64).collect();
                let mut hand = Hand::new(HandSetup::from_deck(
                    game,
                    Stakes::default(),
                    Rules::default(),
                    &stacks,
                    Deck::seeded(number),
                ))
                .unwrap();
                while let Some(seat) = hand.to_act() {
                    let choice = choose_for_hand(&hand, &mut rng).unwrap();
                    assert!(
                        hand.legal_actions().contains(&choice),
                        "{game:?} hand {number}: {choice:?}"
                    );
                    hand.act(seat, choice.kind).unwrap();
                }
                assert!(hand.result().is_some());
            }
        }
    }

    /// Sensible play shows in the chips, in every game: three computer players at a table
    /// with three players who pick uniformly among the legal actions win chips from them.
    #[test]
    fn computer_players_beat_random_players() {
        use crate::table::deck::Deck;
        use crate::table::hand::Hand;
        use crate::table::rules::Rules;
        use rand::Rng;
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for game in Game::ALL {
            let mut computer_net: i64 = 0;
            for number in 0..1200u64 {
                // Computer players in seats of alternating parity, so position evens out.
                let computer_parity = number % 2;
                let mut hand = Hand::new(HandSetup::from_deck(
                    game,
                    Stakes::default(),
                    Rules::default(),
                    &[200; 6],
                    Deck::seeded(number),
                ))
                .unwrap();
                while let Some(seat) = hand.to_act() {
                    let kind = if seat as u64 % 2 == computer_parity {
                        choose_for_hand(&hand, &mut rng).unwrap().kind
                    } else {
                        let legal = hand.legal_actions();
                        legal[rng.random_range(0..legal.len())].kind
                    };
                    hand.act(seat, kind).unwrap();
                }
                let result = hand.result().unwrap();
                for seat in 0..6 {
                    if seat as u64 % 2 == computer_parity {
                        computer_net += result.final_stacks[seat] as i64 - 200;
                    }
                }
            }
            assert!(
                computer_net > 0,
                "{game:?}: computer players lost {computer_net} chips"
            );
        }
    }
}
