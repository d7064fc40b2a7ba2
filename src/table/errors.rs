//! Why an action or a start was refused; the hand is unchanged after any of these. Beside the
//! vocabulary, not inside the hand: the card source and the dealing refuse with them too.

use thiserror::Error;

use super::card::Card;
use super::rules::{RulesError, StakesError};
use super::seats::{MAX_SEATS, MIN_SEATS};
use super::vocab::{ActionKind, SeatIndex, Street};

/// Why an action was refused. The hand is unchanged after any of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("the hand is over")]
    HandOver,
    #[error("it is seat {to_act}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: SeatIndex, to_act: SeatIndex },
    #[error("there is no seat {0} in this hand")]
    NoSuchSeat(SeatIndex),
    #[error("{} is not allowed now; allowed: {allowed}", kind.name())]
    NotAllowed { kind: ActionKind, allowed: String },
    /// The card source has no card for a seat still in the hand (a stacked deck or a
    /// replay's card lists ran out): the action that would deal it is refused.
    #[error("no card left to deal to seat {seat} on {street:?} street")]
    MissingCard { seat: SeatIndex, street: Street },
    /// Betting is over and the hand waits for [`super::Hand::deal_next_street`]: nobody acts.
    #[error("betting is over: the rest of the hand is being dealt out")]
    DealingOut,
    /// [`super::Hand::deal_next_street`] while betting goes on (or once the hand is over).
    #[error("no street waits to be dealt: betting is not over")]
    NotDealingOut,
}

/// The one way dealing fails: no card for `seat` on `street`. The dealing path's own error,
/// small enough to come back in registers on every action (the 32-byte [`ActionError`]
/// went through memory, read back after each call); it becomes
/// [`ActionError::MissingCard`] or [`StartError::MissingCard`] at the public edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::table) struct MissingCard {
    pub seat: SeatIndex,
    pub street: Street,
}

impl From<MissingCard> for ActionError {
    fn from(MissingCard { seat, street }: MissingCard) -> ActionError {
        ActionError::MissingCard { seat, street }
    }
}

/// Why a hand could not start.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartError {
    #[error("a hand needs {MIN_SEATS} to {MAX_SEATS} players, not {0}")]
    PlayerCount(usize),
    #[error("seat {0} has no chips")]
    EmptyStack(SeatIndex),
    #[error("invalid stakes: {0}")]
    Stakes(#[from] StakesError),
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
    #[error("the deck ran out before third street was dealt")]
    DeckTooSmall,
    #[error("the stacks add up to more chips than can be counted")]
    TooManyChips,
    #[error("{lists} card lists given for {seats} seats")]
    SeatCardLists { lists: usize, seats: usize },
    #[error("seat {seat} is given {count} cards; a player receives at most 7")]
    TooManyCards { seat: SeatIndex, count: usize },
    #[error("card {0} is given more than once")]
    DuplicateCard(Card),
    #[error("seat {seat} has no card to receive on {street:?} street")]
    MissingCard { seat: SeatIndex, street: Street },
}
