//! One hand of Seven-Card Stud Hi/Lo as an explicit state machine: antes, the bring-in,
//! fixed-limit betting street by street, and the showdown. It answers "whose turn, which
//! actions, at what amounts", refuses an illegal action with a typed error that changes
//! nothing, and records every event so the hand can be replayed, rendered and written as PHH.
//!
//! Seats are indexed in DEAL ORDER: seat 0 is nearest the dealer's left and is dealt first.
//! The caller (the lobby, `replay`, `sim`) maps its own seat numbers to these.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::card::Card;
use super::deck::Deck;
use super::eval::{HighValue, LowValue};
use super::rules::{Rules, Stakes, StakesError};

/// Index of a player in deal order for one hand.
pub type SeatIndex = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Street {
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    /// Betting is over; hands are shown and pots awarded.
    Showdown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    BringIn,
    Complete,
    Bet,
    Raise,
    Call,
    Check,
    Fold,
}

/// One action the player to act may take now, with the chips it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    pub kind: ActionKind,
    /// Chips that move from the player's stack to the pot with this action (0 for check/fold).
    pub chips: u64,
    /// The player's total bet on this street after the action.
    pub total: u64,
    /// True when `chips` is the player's whole stack.
    pub all_in: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatState {
    /// Still in the hand with chips behind.
    Active,
    Folded,
    AllIn,
}

/// Everything that happens in a hand, in order. `DownCard` is private to its seat: never
/// show it to anyone else before that seat's `Shown` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Ante {
        seat: SeatIndex,
        chips: u64,
        all_in: bool,
    },
    DownCard {
        seat: SeatIndex,
        street: Street,
        card: Card,
    },
    UpCard {
        seat: SeatIndex,
        street: Street,
        card: Card,
    },
    /// The deck ran short on seventh street: one card face up that every player uses.
    CommunityCard {
        card: Card,
    },
    StreetStarted {
        street: Street,
        first_to_act: Option<SeatIndex>,
    },
    Acted {
        seat: SeatIndex,
        kind: ActionKind,
        chips: u64,
        total: u64,
        all_in: bool,
    },
    Shown {
        seat: SeatIndex,
        cards: Vec<Card>,
        high: HighValue,
        low: Option<LowValue>,
    },
    Mucked {
        seat: SeatIndex,
    },
    /// One pot (0 = main, then side pots) and how it was split.
    PotAwarded(PotAward),
    /// Chips bet beyond what anyone could call, returned to their owner.
    Returned {
        seat: SeatIndex,
        chips: u64,
    },
    HandEnded {
        stacks: Vec<u64>,
    },
}

/// How one pot was divided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PotAward {
    pub pot: usize,
    pub amount: u64,
    pub eligible: Vec<SeatIndex>,
    /// Winners of the high half (or the whole pot when there is no qualifying low), with
    /// what each received from this half.
    pub high: Vec<(SeatIndex, u64)>,
    /// Winners of the low half, empty when no eligible hand qualifies for low.
    pub low: Vec<(SeatIndex, u64)>,
    /// True when the pot went to the only player left, without a showdown.
    pub uncontested: bool,
}

/// Why an action was refused. The hand is unchanged after any of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("the hand is over")]
    HandOver,
    #[error("it is seat {to_act}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: SeatIndex, to_act: SeatIndex },
    #[error("there is no seat {0} in this hand")]
    NoSuchSeat(SeatIndex),
    #[error("{kind:?} is not allowed now; allowed: {allowed}")]
    NotAllowed { kind: ActionKind, allowed: String },
}

/// Why a hand could not start.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartError {
    #[error("a hand needs 2 to 8 players, not {0}")]
    PlayerCount(usize),
    #[error("seat {0} has no chips")]
    EmptyStack(SeatIndex),
    #[error("invalid stakes: {0}")]
    Stakes(#[from] StakesError),
    #[error("the deck ran out before third street was dealt")]
    DeckTooSmall,
}

/// What anyone at the table may see of one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicSeat {
    pub stack: u64,
    /// This seat's bet on the current street.
    pub street_bet: u64,
    /// Everything this seat has put in this hand, antes included.
    pub committed: u64,
    pub up_cards: Vec<Card>,
    /// How many face-down cards this seat holds (never which).
    pub down_count: usize,
    pub state: SeatState,
    /// The seat's whole hand, once shown at showdown.
    pub shown: Option<Vec<Card>>,
}

/// What anyone at the table may see of the hand. Holds no down card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicView {
    pub stakes: Stakes,
    pub street: Street,
    pub seats: Vec<PublicSeat>,
    pub community: Option<Card>,
    /// Total in the middle, bets of the current street included.
    pub pot: u64,
    pub to_act: Option<SeatIndex>,
    pub legal: Vec<LegalAction>,
    pub last_action: Option<(SeatIndex, ActionKind, u64)>,
}

/// One seat's own cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrivateView {
    pub seat: SeatIndex,
    pub down_cards: Vec<Card>,
    pub up_cards: Vec<Card>,
    pub community: Option<Card>,
    pub high: HighValue,
    pub low: Option<LowValue>,
}

/// The final outcome of a finished hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandResult {
    pub starting_stacks: Vec<u64>,
    pub final_stacks: Vec<u64>,
    pub awards: Vec<PotAward>,
    /// Seats whose hands were shown, in showing order.
    pub shown: Vec<SeatIndex>,
}

/// One hand in progress or finished.
#[derive(Debug, Clone)]
pub struct Hand {
    _private: (),
}

impl Hand {
    /// Starts a hand: antes are posted, third street is dealt from `deck` one card at a time
    /// in seat order, and the bring-in is determined. `stacks[i]` is seat i's stack.
    pub fn start(
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        deck: Deck,
    ) -> Result<Hand, StartError> {
        let _ = (stakes, rules, stacks, deck);
        todo!("engine")
    }

    /// The seat to act, or `None` when the hand is over.
    pub fn to_act(&self) -> Option<SeatIndex> {
        todo!("engine")
    }

    /// The actions the seat to act may take now (empty when the hand is over).
    pub fn legal_actions(&self) -> Vec<LegalAction> {
        todo!("engine")
    }

    /// Takes `kind` for `seat`; amounts follow from fixed limit. Returns the events it caused
    /// (the next street's cards, the showdown …). An error changes nothing.
    pub fn act(&mut self, seat: SeatIndex, kind: ActionKind) -> Result<Vec<Event>, ActionError> {
        let _ = (seat, kind);
        todo!("engine")
    }

    /// The sequence number of the next action: increases by one with every accepted action,
    /// so a stale offer can be recognised.
    pub fn action_seq(&self) -> u32 {
        todo!("engine")
    }

    pub fn street(&self) -> Street {
        todo!("engine")
    }

    pub fn is_over(&self) -> bool {
        todo!("engine")
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        todo!("engine")
    }

    pub fn public_view(&self) -> PublicView {
        todo!("engine")
    }

    pub fn private_view(&self, seat: SeatIndex) -> Option<PrivateView> {
        let _ = seat;
        todo!("engine")
    }

    /// The outcome, once the hand is over.
    pub fn result(&self) -> Option<&HandResult> {
        todo!("engine")
    }

    /// Chips in the hand right now: stacks plus everything committed. Constant for a hand.
    pub fn total_chips(&self) -> u64 {
        todo!("engine")
    }
}

// The signature the engine engineer is adding for replays (tools codes against it); the
// engine branch replaces this placeholder.
impl Hand {
    /// Starts a hand whose cards come from per-seat lists (`cards[i]`: what seat i receives,
    /// in the order dealt) and an optional community card, for `replay`.
    pub fn start_with_seat_cards(
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        cards: Vec<Vec<Card>>,
        community: Option<Card>,
    ) -> Result<Hand, StartError> {
        let _ = (stakes, rules, stacks, cards, community);
        todo!("engine")
    }
}
