//! What a multi-table event's coordinator tells one of its tables (`TableCommand::Event`):
//! a leaf both the table (`table::event_play`) and the commands (`command`) name, so that
//! neither imports the other.

use tokio::sync::oneshot;

use crate::bank::UserId;
use crate::tournament::multi::{HandResult, HandToDeal};

/// A hand the coordinator gives a table, and where its end is answered.
#[derive(Debug)]
pub(crate) struct EventDeal {
    pub hand: HandToDeal,
    /// The players of `hand.seats`, in the same order.
    pub players: Vec<UserId>,
    pub done: oneshot::Sender<HandResult>,
}

/// A player the hand busted: told at the table with the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EventBust {
    pub user: UserId,
    pub place: usize,
    pub prize: u64,
}

/// What an event's coordinator tells one of its tables.
#[derive(Debug)]
pub(crate) enum EventOrder {
    /// Deal this hand next.
    Deal(Box<EventDeal>),
    /// The bank recorded hand `number`: tell its result and the players it busted.
    Recorded { number: u64, busts: Vec<EventBust> },
    /// The player moved to another table between this table's hands: their chair here is
    /// empty from now on (they are dealt nowhere until their new table deals).
    Left { user: UserId },
    /// The table deals no more: it broke, the event is over, or its coordinator stopped.
    Close,
}
