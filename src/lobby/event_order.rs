//! What a multi-table event's coordinator tells one of its tables (`TableCommand::Event`):
//! a leaf both the table (`table::event_play`) and the commands (`command`) name, so that
//! neither imports the other; and who sits out of the event ([`EventAway`]), which both hold.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use crate::bank::UserId;
use crate::tournament::multi::{HandResult, HandToDeal};

/// A hand the coordinator gives a table, and where its end is answered.
#[derive(Debug)]
pub(crate) struct EventDeal {
    pub hand: HandToDeal,
    /// The players of `hand.seats`, in the same order.
    pub players: Vec<UserId>,
    pub done: oneshot::Sender<EventHandEnd>,
}

/// What a table answers its coordinator at a hand's end: the result the event records, and
/// the hand's public history (none if it does not serialize), which the coordinator's record
/// stores in the table's channel in the same transaction.
#[derive(Debug, Clone)]
pub(crate) struct EventHandEnd {
    pub result: HandResult,
    pub history: Option<Vec<u8>>,
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
    /// The bank recorded hand `number`: tell its result and the players it busted, then
    /// answer `told` (so the coordinator tells a bust only after the hand that made it).
    Recorded {
        number: u64,
        busts: Vec<EventBust>,
        told: oneshot::Sender<()>,
    },
    /// The player moved to another table between this table's hands: their chair here is
    /// empty from now on (they are dealt nowhere until their new table deals).
    Left { user: UserId },
    /// The table deals no more: it broke, the event is over, or its coordinator stopped.
    Close,
}

/// Who sits out of an event, and whether for timeouts (`true`) or asked (`false`): kept in
/// the bank, and shared by the event's coordinator (which reads it back after a restart)
/// and its tables (each seats a player who comes to it as they were), so that a player who
/// sat out is neither asked again at the next table nor after a restart. Never held across
/// an await.
#[derive(Debug, Clone, Default)]
pub(crate) struct EventAway(Arc<Mutex<BTreeMap<UserId, bool>>>);

impl EventAway {
    fn held(&self) -> std::sync::MutexGuard<'_, BTreeMap<UserId, bool>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether `user` sits out: `Some(timed_out)`.
    pub(crate) fn of(&self, user: UserId) -> Option<bool> {
        self.held().get(&user).copied()
    }

    /// `user` sits out (`Some(timed_out)`) or is back (`None`).
    pub(crate) fn set(&self, user: UserId, away: Option<bool>) {
        let mut held = self.held();
        match away {
            Some(timed_out) => held.insert(user, timed_out),
            None => held.remove(&user),
        };
    }

    /// Everyone who sits out, as the bank kept them.
    pub(crate) fn replace(&self, away: BTreeMap<UserId, bool>) {
        *self.held() = away;
    }
}
