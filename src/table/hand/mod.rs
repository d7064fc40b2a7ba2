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
//! Here: the machine itself (its state, starting a hand, where it stands). Beside it: `setup`
//! (what a hand starts from: [`HandSetup`], and the shorthands for the usual setups),
//! `streets` (dealing each street, its betting round, moving on), `actions` (what the seat
//! to act may do, refusing the rest, taking it), `ending` (uncontested or showdown, and the
//! result), `views` (what the front ends read).

use serde::{Deserialize, Serialize};

use super::betting::{BettingRound, LegalSet};
use super::card::Card;
use super::card_source::{CardSource, SourceCursor};
use super::deal::DealtCards;
use super::game::Game;
use super::rules::{Rules, Stakes};
use super::seats::{MAX_SEATS, MIN_SEATS, Seats};

mod actions;
mod ending;
mod setup;
mod streets;
mod views;

#[cfg(test)]
mod tests;

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
}
