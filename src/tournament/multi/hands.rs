//! What passes between the event and a table: the hand a table deals next ([`Turn`],
//! [`HandToDeal`], or why it waits, [`Wait`]), what the hand ended with ([`HandResult`]), and
//! what recording it or tidying the seats between hands decided ([`Recorded`], [`Tidied`]);
//! and the round of hand-for-hand under way ([`HandForHand`]).

use serde::{Deserialize, Serialize};

use super::seating::{Entry, SeatChange};
use crate::table::{Game, Rules, Stakes};
use crate::tournament::Finish;

/// A round of hand-for-hand under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandForHand {
    /// From 1 over the whole event.
    pub round: u64,
    /// The tables that finished this round's hand.
    pub recorded: Vec<u32>,
    /// The players out in this round so far, with their stacks at their hand's start.
    pub(super) busts: Vec<(Entry, u64)>,
}

impl HandForHand {
    /// A round has begun by what the event records: a table finished its hand or a player is
    /// out in it ([`Event::round_under_way`] counts the hands of the round being dealt too).
    pub(super) fn recorded_any(&self) -> bool {
        !self.recorded.is_empty() || !self.busts.is_empty()
    }
}

/// What a table deals next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandToDeal {
    pub table: u32,
    /// The table's hand number, from 1.
    pub number: u64,
    /// The players in deal order, each with their chair.
    pub seats: Vec<(usize, Entry)>,
    /// Their stacks, in the same order.
    pub stacks: Vec<u64>,
    pub game: Game,
    /// The level, from 0.
    pub level: usize,
    pub stakes: Stakes,
    /// Capped unless the whole event is down to two players.
    pub rules: Rules,
    /// The round of hand-for-hand this hand plays, if one is under way.
    pub round: Option<u64>,
}

/// Why a table deals nothing now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// The event is over.
    Over,
    /// The table is not in play (broken, or never was).
    NoTable,
    /// It is playing a hand already.
    Dealing,
    /// A break: until the clock reads `until`.
    Break { until: Option<u64> },
    /// The final table is to be drawn once every table's hand is over.
    FinalTable,
    /// This table breaks (`Event::tidy` breaks it).
    Breaking,
    /// Hand-for-hand: the other tables' hands of the round (or the hands begun before it)
    /// are not over.
    HandForHand,
    /// Fewer than two players: balancing brings more.
    Players,
}

/// A table's turn: a hand to deal, or why it waits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    Deal(Box<HandToDeal>),
    Wait(Wait),
}

/// A hand a table played, as it tells the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub table: u32,
    /// [`HandToDeal::number`].
    pub number: u64,
    /// The entries dealt in, in deal order.
    pub dealt: Vec<Entry>,
    /// Their stacks at the hand's end, in the same order.
    pub final_stacks: Vec<u64>,
    /// [`HandToDeal::round`].
    pub round: Option<u64>,
}

/// What recording a hand decided.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorded {
    /// The hand was recorded before: nothing changed.
    pub already: bool,
    /// The entries it left with no chips, in deal order.
    pub busted: Vec<Entry>,
    /// The places it decided (with late registration closing, those of earlier busts too),
    /// each with its prize, lowest place first.
    pub finishes: Vec<Finish>,
    /// Hand-for-hand began or ended with it.
    pub hand_for_hand_changed: bool,
}

/// What tidying between hands did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tidied {
    pub changes: Vec<SeatChange>,
    /// The tables it closed.
    pub closed: Vec<u32>,
    /// Places decided by late registration closing.
    pub finishes: Vec<Finish>,
}

impl Tidied {
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty() && self.finishes.is_empty()
    }
}
