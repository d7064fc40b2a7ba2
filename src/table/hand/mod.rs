//! One hand of seven-card stud as an explicit state machine: antes, the bring-in,
//! fixed-limit betting street by street, and the showdown. One machine deals every game
//! (Stud/8, Stud, Razz): where the games differ (who brings in, who acts first, which hands
//! win) it asks the hand's [`Game`] for its rule. It answers "whose turn, which
//! actions, at what amounts", refuses an illegal action with a typed error that changes
//! nothing, and records every event so the hand can be replayed, rendered and written as PHH.
//!
//! Seats are indexed in DEAL ORDER: seat 0 is nearest the dealer's left and is dealt first.
//! The caller (the lobby, `replay`, `sim`) maps its own seat numbers to these.
//!
//! Here: the machine itself (starting, dealing, betting rounds, actions). Beside it: `setup`
//! (what a hand starts from: [`HandSetup`], and the shorthands for the usual setups),
//! `ending`
//! (uncontested or showdown, and the result), `views` (what the front ends read).

use serde::{Deserialize, Serialize};

use super::betting::{BettingRound, LegalSet};
use super::bring_in::first_to_act_on_third;
use super::card::Card;
use super::card_source::{CardSource, SourceCursor};
use super::deal::{DealtCards, deal_street};
use super::first_to_act::first_to_act_after_third;
use super::game::Game;
use super::pot::uncalled_excess;
use super::rules::{Rules, Stakes};
use super::seats::{MAX_SEATS, MIN_SEATS, Seats};

mod ending;
mod setup;
mod views;

// The vocabulary and the refusals live beside the machine (`super::vocab`, `super::errors`),
// so the rule files need not import the hand; named here too, where code outside the engine
// has always found them.
use super::errors::MissingCard;
pub use super::errors::{ActionError, StartError};
use super::vocab::record;
pub use super::vocab::{ActionKind, Event, LegalAction, PotAward, SeatIndex, SeatState, Street};
pub use setup::{Cards, DealOut, HandSetup};
pub use views::{HandResult, PrivateView, PublicSeat, PublicView};

/// Where a hand stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A player is to act.
    Betting,
    /// Betting is over, the live hands are face up, and the next street waits for
    /// [`Hand::deal_next_street`] (a hand dealt out [`DealOut::StreetByStreet`] only).
    DealingOut,
    Over,
}

/// One hand in progress or finished.
#[derive(Debug, Clone)]
pub struct Hand {
    game: Game,
    stakes: Stakes,
    rules: Rules,
    source: CardSource,
    deal_out: DealOut,
    starting_stacks: Vec<u64>,
    state: HandState,
    events: Vec<Event>,
    result: Option<HandResult>,
}

/// Everything an action can change apart from the event log. `Copy`, so an action that
/// cannot be completed (a card is missing) is undone by restoring it.
#[derive(Debug, Clone, Copy)]
struct HandState {
    seats: Seats,
    dealt: DealtCards,
    community: Option<Card>,
    cursor: SourceCursor,
    street: Street,
    round: BettingRound,
    to_act: Option<SeatIndex>,
    /// The legal actions of `to_act`, computed once per state.
    legal: LegalSet,
    /// Every card the hand could still need is in the source (checked after each deal).
    cards_suffice: bool,
    action_seq: u32,
    last_action: Option<(SeatIndex, LegalAction)>,
    /// Who shows first if the hand reaches showdown: the last bettor or raiser of the last
    /// betting round, else the first to act on it.
    showdown_lead: Option<SeatIndex>,
    /// The live hands were turned face up when betting ended before seventh street.
    turned_face_up: bool,
    /// A street waits for [`Hand::deal_next_street`].
    street_due: bool,
}

/// Room for the events of a typical hand of `players` (about eight a player: the ante, the
/// cards, an action a street; plus the streets and the showdown), so the log seldom grows.
/// Sized by the players rather than for the longest hand: every hand in play keeps its log.
fn events_expected(players: usize) -> usize {
    16 + 16 * players
}

impl HandState {
    /// Before the antes: every seat in with its stack, nothing dealt.
    fn new(stacks: &[u64], stakes: &Stakes, rules: &Rules) -> HandState {
        let seats = Seats::new(stacks);
        HandState {
            seats,
            dealt: DealtCards::default(),
            community: None,
            cursor: SourceCursor::default(),
            street: Street::Third,
            round: BettingRound::new(Street::Third, stakes, rules, &seats, None, false),
            to_act: None,
            legal: LegalSet::empty(),
            cards_suffice: false,
            action_seq: 0,
            last_action: None,
            showdown_lead: None,
            turned_face_up: false,
            street_due: false,
        }
    }
}

/// The cards a setup names, as the machine deals them (per-seat lists checked).
fn card_source(cards: Cards, seats: usize) -> Result<CardSource, StartError> {
    match cards {
        Cards::Deck(deck) => Ok(CardSource::from_deck(deck)),
        Cards::PerSeat { cards, community } => CardSource::from_seat_lists(cards, community, seats),
    }
}

fn validate_table(stakes: &Stakes, rules: &Rules, stacks: &[u64]) -> Result<(), StartError> {
    if !(MIN_SEATS..=MAX_SEATS).contains(&stacks.len()) {
        return Err(StartError::PlayerCount(stacks.len()));
    }
    stakes.validate()?;
    rules.validate()?;
    if let Some(seat) = stacks.iter().position(|&chips| chips == 0) {
        return Err(StartError::EmptyStack(seat));
    }
    stacks
        .iter()
        .try_fold(0u64, |sum, &chips| sum.checked_add(chips))
        .ok_or(StartError::TooManyChips)?;
    Ok(())
}

impl Hand {
    /// Starts the hand `setup` describes: antes are posted, third street is dealt one card
    /// at a time in seat order, and the bring-in is determined.
    pub fn new(setup: HandSetup<'_>) -> Result<Hand, StartError> {
        let HandSetup {
            game,
            stakes,
            rules,
            stacks,
            cards,
            deal_out,
        } = setup;
        validate_table(&stakes, &rules, stacks)?;
        let mut hand = Hand {
            game,
            stakes,
            rules,
            source: card_source(cards, stacks.len())?,
            deal_out,
            starting_stacks: Vec::with_capacity(stacks.len()),
            state: HandState::new(stacks, &stakes, &rules),
            events: Vec::with_capacity(events_expected(stacks.len())),
            result: None,
        };
        hand.open(stacks)?;
        Ok(hand)
    }

    /// [`Hand::new`] in this hand's place, keeping the room it allocated (its event log, its
    /// starting stacks): for a caller that deals hand after hand (`sim`). The new hand is
    /// exactly the one [`Hand::new`] would start. A refused setup changes nothing; a deck
    /// too small for third street leaves the hand with no one to act and no result.
    pub fn restart(&mut self, setup: HandSetup<'_>) -> Result<(), StartError> {
        let HandSetup {
            game,
            stakes,
            rules,
            stacks,
            cards,
            deal_out,
        } = setup;
        validate_table(&stakes, &rules, stacks)?;
        let source = card_source(cards, stacks.len())?;
        self.game = game;
        self.stakes = stakes;
        self.rules = rules;
        self.source = source;
        self.deal_out = deal_out;
        self.state = HandState::new(stacks, &stakes, &rules);
        self.events.clear();
        self.result = None;
        let opened = self.open(stacks);
        if opened.is_err() {
            self.state.to_act = None;
            self.state.legal = LegalSet::empty();
        }
        opened
    }

    /// Antes, third street and the bring-in of a hand whose state is new.
    fn open(&mut self, stacks: &[u64]) -> Result<(), StartError> {
        self.starting_stacks.clear();
        self.starting_stacks.extend_from_slice(stacks);
        self.post_antes();
        let deck_source = matches!(self.source, CardSource::Deck(_));
        let refused = |MissingCard { seat, street }: MissingCard| {
            if street == Street::Third && deck_source {
                StartError::DeckTooSmall
            } else {
                StartError::MissingCard { seat, street }
            }
        };
        self.deal(Street::Third).map_err(refused)?;
        if !self.start_round(Street::Third) {
            self.end_round();
            self.advance().map_err(refused)?;
        }
        self.refresh_legal();
        Ok(())
    }

    fn post_antes(&mut self) {
        if self.stakes.ante == 0 {
            return;
        }
        let seats = &mut self.state.seats;
        for seat in 0..seats.count {
            let chips = seats.pay(seat, self.stakes.ante, false);
            let all_in = seats.stack[seat] == 0;
            record(&mut self.events, || Event::Ante {
                seat,
                chips,
                all_in,
            });
        }
    }

    fn deal(&mut self, street: Street) -> Result<(), MissingCard> {
        let state = &mut self.state;
        deal_street(
            street,
            &state.seats,
            &mut state.dealt,
            &mut state.community,
            &self.source,
            &mut state.cursor,
            &mut self.events,
        )?;
        // Once every card the hand could still need is there, it stays so: each street
        // takes exactly what it was counted for, and folds only ever need fewer. Checking
        // again would give the same answer, so it is checked only until it holds.
        if !state.cards_suffice {
            state.cards_suffice = self.source.can_deal_to_the_end(
                &state.cursor,
                &state.seats,
                &state.dealt,
                state.community,
            );
        }
        Ok(())
    }

    /// Opens the betting round of `street`; returns false when betting is skipped because at
    /// most one player can still bet.
    fn start_round(&mut self, street: Street) -> bool {
        let state = &mut self.state;
        state.street = street;
        state.seats.street_bet = [0; MAX_SEATS];
        let first = if street == Street::Third {
            first_to_act_on_third(&state.seats, &state.dealt, self.game.bring_in_card())
        } else {
            first_to_act_after_third(
                &state.seats,
                &state.dealt,
                state.community,
                self.game.board_ranking(),
            )
        };
        let open_pair = street == Street::Fourth
            && self.rules.open_pair_big_bet
            && self.game.has_open_pair_big_bet()
            && self.open_pair_showing();
        let state = &mut self.state;
        state.round = BettingRound::new(
            street,
            &self.stakes,
            &self.rules,
            &state.seats,
            first,
            open_pair,
        );
        state.to_act = if state.seats.active_count() >= 2 {
            first
        } else {
            None
        };
        let first_to_act = state.to_act;
        record(&mut self.events, || Event::StreetStarted {
            street,
            first_to_act,
        });
        first_to_act.is_some()
    }

    /// Whether any player still in shows a pair among their up cards.
    fn open_pair_showing(&self) -> bool {
        let state = &self.state;
        (0..state.seats.count)
            .filter(|&s| state.seats.is_live(s))
            .any(|seat| {
                let mut ranks = [0u8; 15];
                state.dealt.up_cards(seat).any(|card| {
                    let slot = &mut ranks[usize::from(card.rank.value())];
                    *slot += 1;
                    *slot >= 2
                })
            })
    }

    /// Closes the betting round: uncalled chips go back, and the round's last bettor (or
    /// first to act) becomes the first to show.
    fn end_round(&mut self) {
        let state = &mut self.state;
        state.to_act = None;
        if let Some((seat, chips)) = uncalled_excess(&state.seats) {
            let seats = &mut state.seats;
            seats.committed[seat] -= chips;
            seats.street_bet[seat] = seats.street_bet[seat].saturating_sub(chips);
            seats.stack[seat] = seats.stack[seat].saturating_add(chips);
            if seats.state[seat] == SeatState::AllIn && seats.stack[seat] > 0 {
                seats.state[seat] = SeatState::Active;
            }
            record(&mut self.events, || Event::Returned { seat, chips });
        }
        let round = &state.round;
        if round.any_action {
            state.showdown_lead = round.last_aggressor.or(round.first_to_act);
        }
    }

    /// Deals the next street(s) until a betting round needs a player, or shows down after
    /// seventh street. When betting is over before seventh street the live hands are turned
    /// face up first; a paced hand then stops until [`Hand::deal_next_street`].
    fn advance(&mut self) -> Result<(), MissingCard> {
        loop {
            if self.betting_is_over() && self.state.street < Street::Seventh {
                self.turn_face_up();
                if self.deal_out == DealOut::StreetByStreet {
                    self.state.street_due = true;
                    return Ok(());
                }
            }
            let next = match self.state.street {
                Street::Third => Street::Fourth,
                Street::Fourth => Street::Fifth,
                Street::Fifth => Street::Sixth,
                Street::Sixth => Street::Seventh,
                Street::Seventh | Street::Showdown => {
                    self.showdown();
                    return Ok(());
                }
            };
            self.deal(next)?;
            if self.start_round(next) {
                return Ok(());
            }
            self.end_round();
        }
    }

    /// No more betting can happen: two or more players are in and at most one has chips.
    fn betting_is_over(&self) -> bool {
        let seats = &self.state.seats;
        seats.active_count() <= 1 && seats.live_count() >= 2
    }

    /// docs/RULES.md, Showdown: "once someone is all-in and betting is over, all hands are
    /// shown" — at once, before the rest is dealt.
    fn turn_face_up(&mut self) {
        if self.state.turned_face_up {
            return;
        }
        self.state.turned_face_up = true;
        for seat in (0..self.state.seats.count).filter(|&s| self.state.seats.is_live(s)) {
            let cards = self.own_cards(seat);
            self.events.push(Event::TurnedFaceUp { seat, cards });
        }
    }

    /// Deals the next street of a hand in [`Phase::DealingOut`]: fourth to sixth street
    /// leave it dealing out, seventh street is dealt and shown down at once. Returns the
    /// events it caused. An error changes nothing.
    pub fn deal_next_street(&mut self) -> Result<Vec<Event>, ActionError> {
        if self.result.is_some() || !self.state.street_due {
            return Err(ActionError::NotDealingOut);
        }
        let first_new = self.events.len();
        let saved = self.state;
        self.state.street_due = false;
        if let Err(error) = self.deal_out_one_street() {
            self.state = saved;
            self.events.truncate(first_new);
            return Err(error.into());
        }
        Ok(self.events[first_new..].to_vec())
    }

    fn deal_out_one_street(&mut self) -> Result<(), MissingCard> {
        let next = match self.state.street {
            Street::Third => Street::Fourth,
            Street::Fourth => Street::Fifth,
            Street::Fifth => Street::Sixth,
            Street::Sixth | Street::Seventh | Street::Showdown => Street::Seventh,
        };
        self.deal(next)?;
        // No betting: at most one player has chips (the round opens with nobody to act).
        self.start_round(next);
        self.end_round();
        if next == Street::Seventh {
            self.showdown();
        } else {
            self.state.street_due = true;
        }
        Ok(())
    }

    /// Where the hand stands: betting, dealing out (paced hands only), or over.
    pub fn phase(&self) -> Phase {
        if self.result.is_some() {
            Phase::Over
        } else if self.state.street_due {
            Phase::DealingOut
        } else {
            Phase::Betting
        }
    }

    /// The seat to act, or `None` when the hand is over or being dealt out.
    pub fn to_act(&self) -> Option<SeatIndex> {
        self.state.to_act
    }

    fn refresh_legal(&mut self) {
        let state = &mut self.state;
        match state.to_act {
            Some(seat) => state.round.legal_into(&state.seats, seat, &mut state.legal),
            None => state.legal = LegalSet::empty(),
        }
    }

    /// The actions the seat to act may take now (empty when the hand is over).
    pub fn legal_actions(&self) -> Vec<LegalAction> {
        self.state.legal.iter().collect()
    }

    /// The actions the seat to act may take now, without allocating (for `sim` and benches).
    pub fn legal_iter(&self) -> impl Iterator<Item = LegalAction> + '_ {
        self.state.legal.iter()
    }

    /// The legal action of `kind` for the seat to act, if there is one (no allocation).
    pub fn legal_action(&self, kind: ActionKind) -> Option<LegalAction> {
        self.state.legal.find(kind)
    }

    fn check_action(&self, seat: SeatIndex, kind: ActionKind) -> Result<LegalAction, ActionError> {
        if self.result.is_some() {
            return Err(ActionError::HandOver);
        }
        if self.state.street_due {
            return Err(ActionError::DealingOut);
        }
        if seat >= self.state.seats.count {
            return Err(ActionError::NoSuchSeat(seat));
        }
        let Some(to_act) = self.state.to_act else {
            return Err(ActionError::HandOver);
        };
        if seat != to_act {
            return Err(ActionError::NotYourTurn { seat, to_act });
        }
        let set = &self.state.legal;
        set.find(kind).ok_or_else(|| ActionError::NotAllowed {
            kind,
            allowed: describe_legal(set),
        })
    }

    /// Why `kind` for `seat` is refused (`act_quietly` found it is).
    #[cold]
    fn refusal(&self, seat: SeatIndex, kind: ActionKind) -> ActionError {
        match self.check_action(seat, kind) {
            Err(error) => error,
            // Unreachable: `act_quietly` refuses exactly what `check_action` refuses.
            Ok(_) => ActionError::HandOver,
        }
    }

    /// Takes `kind` for `seat`; amounts follow from fixed limit. Returns the events it caused
    /// (the next street's cards, the showdown …). An error changes nothing.
    pub fn act(&mut self, seat: SeatIndex, kind: ActionKind) -> Result<Vec<Event>, ActionError> {
        let first_new = self.events.len();
        self.act_quietly(seat, kind)?;
        Ok(self.events[first_new..].to_vec())
    }

    /// Like [`Hand::act`] without copying out the events it caused (they are still in
    /// [`Hand::events`]): the allocation-free path for `sim` and benchmarks.
    pub fn act_quietly(&mut self, seat: SeatIndex, kind: ActionKind) -> Result<(), ActionError> {
        // The seat to act taking one of its legal actions is found without building the
        // `Result` of `check_action` (a copy of it, read back, stalled every action).
        let state = &self.state;
        let accepted = match state.to_act {
            Some(to_act) if to_act == seat && !state.street_due && self.result.is_none() => {
                state.legal.find(kind)
            }
            _ => None,
        };
        let Some(action) = accepted else {
            return Err(self.refusal(seat, kind));
        };
        let fast = self.state.cards_suffice;
        // With every card there, nothing can fail after the action is taken: no copy needed.
        let saved = if fast {
            None
        } else {
            Some((self.state, self.events.len()))
        };
        let outcome = self.apply(seat, action);
        if outcome.is_err()
            && let Some((state, events)) = saved
        {
            self.state = state;
            self.events.truncate(events);
        }
        outcome.map_err(ActionError::from)
    }

    fn apply(&mut self, seat: SeatIndex, action: LegalAction) -> Result<(), MissingCard> {
        let outcome = self.apply_and_advance(seat, action);
        self.refresh_legal();
        outcome
    }

    fn apply_and_advance(
        &mut self,
        seat: SeatIndex,
        action: LegalAction,
    ) -> Result<(), MissingCard> {
        let state = &mut self.state;
        state.round.apply(&mut state.seats, seat, action);
        state.action_seq = state.action_seq.wrapping_add(1);
        state.last_action = Some((seat, action));
        record(&mut self.events, || Event::Acted {
            seat,
            kind: action.kind,
            chips: action.chips,
            total: action.total,
            all_in: action.all_in,
        });
        // At least two players were in before this action, and only a fold can leave one:
        // other actions skip counting the seats.
        if action.kind == ActionKind::Fold && state.seats.live_count() <= 1 {
            self.finish_uncontested();
            return Ok(());
        }
        if let Some(next) = state.round.next_to_act(&state.seats, seat) {
            state.to_act = Some(next);
            return Ok(());
        }
        self.end_round();
        self.advance()
    }
}

/// "fold, call 5, raise to 10" for an error message.
fn describe_legal(set: &LegalSet) -> String {
    let parts: Vec<String> = set
        .iter()
        .map(|action| match action.kind {
            ActionKind::Fold => "fold".to_string(),
            ActionKind::Check => "check".to_string(),
            ActionKind::Call => format!("call {}", action.chips),
            ActionKind::BringIn => format!("bring-in {}", action.chips),
            ActionKind::Complete => format!("complete to {}", action.total),
            ActionKind::Bet => format!("bet {}", action.total),
            ActionKind::Raise => format!("raise to {}", action.total),
            ActionKind::BetBig => format!("bet-big {}", action.total),
            ActionKind::RaiseBig => format!("raise-big to {}", action.total),
        })
        .collect();
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(", ")
    }
}
