//! The engine's vocabulary: seat indices, streets, actions and the legal ones offered, seat
//! states, and the events a hand records (the record every replay, board and PHH file is made
//! from). A leaf of the engine: the rule files and the hand machine all speak it, and it knows
//! neither of them.

use serde::{Deserialize, Serialize};

use super::card::Card;
use super::eval::{HighValue, LowValue};

/// Index of a player in deal order for one hand.
pub type SeatIndex = usize;

/// Cards a stud hand ends with: three on third street, one a street to seventh.
pub const HAND_CARDS: usize = 7;

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
    /// The big bet on a fourth street with an open pair, under `open_pair_big_bet`.
    BetBig,
    /// A raise of the big amount on a fourth street with an open pair, under
    /// `open_pair_big_bet`.
    RaiseBig,
}

impl ActionKind {
    pub const ALL: [ActionKind; 9] = [
        ActionKind::BringIn,
        ActionKind::Complete,
        ActionKind::Bet,
        ActionKind::Raise,
        ActionKind::Call,
        ActionKind::Check,
        ActionKind::Fold,
        ActionKind::BetBig,
        ActionKind::RaiseBig,
    ];

    /// The action's name as `studbot replay` reads and writes it (the same as its serde form).
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::BringIn => "bring-in",
            ActionKind::Complete => "complete",
            ActionKind::Bet => "bet",
            ActionKind::Raise => "raise",
            ActionKind::Call => "call",
            ActionKind::Check => "check",
            ActionKind::Fold => "fold",
            ActionKind::BetBig => "bet-big",
            ActionKind::RaiseBig => "raise-big",
        }
    }

    /// Whether the action puts chips in beyond a call: a completion, bet or raise.
    pub fn is_wager(self) -> bool {
        matches!(
            self,
            ActionKind::Complete
                | ActionKind::Bet
                | ActionKind::Raise
                | ActionKind::BetBig
                | ActionKind::RaiseBig
        )
    }

    /// The action named `name` (exactly as [`ActionKind::name`] writes it).
    pub fn from_name(name: &str) -> Option<ActionKind> {
        ActionKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
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

/// What the table does for a player who does not act (a clock run out, an outside program
/// that answers nothing legal): check when free, else fold, or, for a forced bring-in that may
/// not fold, the cheapest action offered. `None` only when nothing is offered.
pub fn default_action(legal: &[LegalAction]) -> Option<LegalAction> {
    [ActionKind::Check, ActionKind::Fold]
        .into_iter()
        .find_map(|kind| legal.iter().copied().find(|action| action.kind == kind))
        .or_else(|| legal.iter().copied().min_by_key(|action| action.chips))
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
    /// Betting is over with streets still to come (everyone left is all-in, or all but one):
    /// docs/RULES.md turns every live hand face up at once, one event per live seat, before the
    /// rest is dealt out. The cards are those the seat holds so far (all of them).
    TurnedFaceUp {
        seat: SeatIndex,
        cards: Vec<Card>,
    },
    /// A hand shown at showdown. `high` and `low` are what its cards make (the best high,
    /// the best eight-or-better low) whatever the game; which of them plays is the game's
    /// rule (Razz plays neither: its hand is [`super::AceFiveLow::of`] the cards).
    Shown {
        seat: SeatIndex,
        cards: Vec<Card>,
        high: HighValue,
        low: Option<LowValue>,
    },
    Mucked {
        seat: SeatIndex,
    },
    /// One pot (0 = main, then side pots) and how it was split. Boxed: a pot award is
    /// twice the size of every other event, and a hand records dozens of events for one
    /// or two awards (serialized exactly as the unboxed award).
    PotAwarded(Box<PotAward>),
    /// Chips bet beyond what anyone could call, returned to their owner.
    Returned {
        seat: SeatIndex,
        chips: u64,
    },
    HandEnded {
        stacks: Vec<u64>,
    },
}

/// Appends the event `make` builds, built only once there is room for it: straight into its
/// slot, where a pushed event is built on the stack and copied, and the copy, reading back
/// the narrow writes that built it, stalled every action in `sim`'s profile.
#[inline(always)]
pub(in crate::table) fn record(events: &mut Vec<Event>, make: impl FnOnce() -> Event) {
    events.extend(std::iter::once_with(make));
}

/// How one pot was divided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PotAward {
    pub pot: usize,
    pub amount: u64,
    pub eligible: Vec<SeatIndex>,
    /// Winners of the high half (or the whole pot when there is no qualifying low, and in
    /// Stud), with what each received from this half. Empty in Razz.
    pub high: Vec<(SeatIndex, u64)>,
    /// Winners of the low half, empty when no eligible hand qualifies for low (and in Stud);
    /// in Razz the winners of the whole pot.
    pub low: Vec<(SeatIndex, u64)>,
    /// True when the pot went to the only player left, without a showdown.
    pub uncontested: bool,
}
