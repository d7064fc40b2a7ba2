//! Where a table stands, as one value: between hands, a hand being played, an all-in hand
//! being dealt out, a finished hand waiting for the bank, or closed. Each phase holds only
//! what exists in it (the hand, its one timer), so a timer of a phase that is over cannot
//! fire and no combination of fields needs reading in several files to be understood.
//!
//! The moves between phases belong to the file of the phase moved into: `playing` starts a hand
//! (`BetweenHands` → `Playing`), `dealing_out` turns a hand with no decisions left to
//! `DealingOut`, `settle` takes a finished hand to `Settling` and on to `BetweenHands`, and
//! `admin` closes the table (`Closed`). What each phase holds is declared here, beside the
//! phase, so that the files that move the table between phases import it from here alone.

use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::earliest;
use std::time::Duration;

use crate::bank::{BankError, UserId};
use crate::equity::board::BoardEquity;
use crate::lobby::notice::LastAction;
use crate::table::PreAction;
use crate::table::hand::{Hand, Street};

/// The table's phase.
pub(super) enum TablePhase {
    /// No hand is in play.
    BetweenHands(BetweenHands),
    /// A hand in which a player is to act (or the table acts for one who has gone).
    Playing {
        hand: HandInPlay,
        /// The player to act's time: their action timer, then their time bank.
        clock: TurnClock,
        /// When the computer player to act has thought enough and acts.
        computer_turn_at: Option<Instant>,
    },
    /// The betting is over before seventh street: the live hands are face up and the rest
    /// is dealt street by street, each board shown for a while.
    DealingOut {
        hand: HandInPlay,
        street: DealtOutStreet,
    },
    /// The hand is over and the bank has not confirmed its settlement yet.
    Settling {
        hand: HandInPlay,
        settlement: Settlement,
    },
    /// Everyone was cashed out: the table's task ends.
    Closed,
}

/// A hand being played, dealt out or settled: the engine's hand, its number and players.
pub(super) struct HandInPlay {
    pub(super) number: u64,
    /// The series of deals it was dealt in (see `TurnOffer::deal`).
    pub(super) deal: u64,
    pub(super) hand: Hand,
    /// Deal order: `players[i]` is the engine's seat `i`.
    pub(super) players: Vec<UserId>,
    pub(super) last_action: Option<LastAction>,
    /// Each player's pre-action, with the street it was chosen for (`pace`).
    pub(super) pre_actions: Vec<(UserId, (Street, PreAction))>,
    /// The pre-action of the player about to be asked that no longer fit: their turn says so.
    pub(super) dropped: Option<(UserId, PreAction)>,
}

/// The player to act's time (`pace`).
#[derive(Debug, Default)]
pub(super) struct TurnClock {
    /// When their time runs out: the action timer, then the time bank. `None` while the
    /// table is paused or their buttons are not on screen.
    pub(super) deadline: Option<Instant>,
    /// The time bank runs on, since then: what it spent is taken from the bank when the
    /// turn ends or its clock stops.
    pub(super) bank_since: Option<Instant>,
    /// Taken from the time bank this turn with "+30 s".
    pub(super) added: Duration,
    /// How many times "+30 s" was taken this turn.
    pub(super) extensions: u32,
}

/// The street of a hand being dealt out whose board is up or about to be.
pub(super) struct DealtOutStreet {
    pub(super) hand: u64,
    pub(super) street: Street,
    /// The equities being computed for this board.
    pub(super) job: Option<JoinHandle<Option<BoardEquity>>>,
    /// Show the board by then, with or without its equities.
    pub(super) publish_by: Option<Instant>,
    /// When the next street is dealt (set once the board is up).
    pub(super) next_street_at: Option<Instant>,
    pub(super) equity: Option<BoardEquity>,
}

/// A finished hand the bank has not confirmed yet. What the bank is asked to settle (each
/// seat's outcome, the public history) is built from the hand, which the table keeps until
/// the bank answers, for each attempt: the only copy of it waits in the bank's queue.
pub(super) struct Settlement {
    /// Answers the bank could not give so far.
    pub(super) unanswered: u32,
    /// The players were told the hand is settling.
    pub(super) told: bool,
    pub(super) retry_at: Option<Instant>,
    /// The bank's last answer that did not say whether the hand was settled.
    pub(super) unconfirmed: Option<BankError>,
}

/// What is pending between two hands.
#[derive(Debug, Default)]
pub(super) struct BetweenHands {
    /// When the next hand is dealt (none while the table is paused or too few are ready).
    pub next_hand_at: Option<Instant>,
    /// A hand whose begin the bank did not confirm: cancelled before the next one begins.
    pub unconfirmed_begin: Option<u64>,
    /// When to cash out again departing players whose cash-out went unconfirmed.
    pub departures_retry_at: Option<Instant>,
}

impl TablePhase {
    pub(super) fn between_hands() -> TablePhase {
        TablePhase::BetweenHands(BetweenHands::default())
    }

    /// The hand in play, dealt out or being settled.
    pub(super) fn hand(&self) -> Option<&HandInPlay> {
        match self {
            TablePhase::Playing { hand, .. }
            | TablePhase::DealingOut { hand, .. }
            | TablePhase::Settling { hand, .. } => Some(hand),
            TablePhase::BetweenHands(_) | TablePhase::Closed => None,
        }
    }

    pub(super) fn hand_mut(&mut self) -> Option<&mut HandInPlay> {
        match self {
            TablePhase::Playing { hand, .. }
            | TablePhase::DealingOut { hand, .. }
            | TablePhase::Settling { hand, .. } => Some(hand),
            TablePhase::BetweenHands(_) | TablePhase::Closed => None,
        }
    }

    pub(super) fn between_hands_mut(&mut self) -> Option<&mut BetweenHands> {
        match self {
            TablePhase::BetweenHands(between) => Some(between),
            _ => None,
        }
    }

    pub(super) fn is_settling(&self) -> bool {
        matches!(self, TablePhase::Settling { .. })
    }

    pub(super) fn is_closed(&self) -> bool {
        matches!(self, TablePhase::Closed)
    }

    /// Ends the hand's phase, whichever it is, for `BetweenHands`; returns the hand. Any
    /// other phase is left as it is.
    pub(super) fn end_hand(&mut self) -> Option<HandInPlay> {
        self.hand()?;
        match std::mem::replace(self, TablePhase::between_hands()) {
            TablePhase::Playing { hand, .. }
            | TablePhase::DealingOut { hand, .. }
            | TablePhase::Settling { hand, .. } => Some(hand),
            other => {
                *self = other;
                None
            }
        }
    }

    /// Drops the phase's own timers (the table pauses or stops): a resumed table sets them
    /// again, whole. The bank's retries and the board of a street being dealt out are kept.
    pub(super) fn stop_timers(&mut self) {
        match self {
            TablePhase::BetweenHands(between) => between.next_hand_at = None,
            TablePhase::Playing {
                clock,
                computer_turn_at,
                ..
            } => {
                clock.deadline = None;
                *computer_turn_at = None;
            }
            TablePhase::DealingOut { .. } | TablePhase::Settling { .. } | TablePhase::Closed => {}
        }
    }

    /// The phase's next timer. A paused table's timers wait; what the bank did must be
    /// known either way, so its retries run even while paused.
    pub(super) fn deadline(&self, paused: bool) -> Option<Instant> {
        match self {
            TablePhase::BetweenHands(between) => {
                let next_hand_at = if paused { None } else { between.next_hand_at };
                earliest(next_hand_at, between.departures_retry_at)
            }
            TablePhase::Playing {
                clock,
                computer_turn_at,
                ..
            } => earliest(clock.deadline, *computer_turn_at).filter(|_| !paused),
            TablePhase::DealingOut { street, .. } => street.deadline().filter(|_| !paused),
            TablePhase::Settling { settlement, .. } => settlement.retry_at,
            TablePhase::Closed => None,
        }
    }
}
