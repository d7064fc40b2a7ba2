//! A finished hand's public record, as the bank keeps it (in the transaction that settles the
//! hand) for `/history` and the terminal's `history`: everything `render::HistoryView` needs,
//! with the players by user id (a front end names them when it renders).
//!
//! Only public events are kept: no `DownCard` is ever stored, so a down card appears only in
//! the `Shown` event of a player who showed it at showdown.

use serde::{Deserialize, Serialize};

use crate::bank::UserId;
use crate::table::Game;
use crate::table::hand::Event;
use crate::table::rules::Stakes;

use super::error::LobbyError;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandHistory {
    pub hand: u64,
    /// The game dealt; histories of older versions were all Stud/8.
    #[serde(default)]
    pub game: Game,
    pub stakes: Stakes,
    /// Deal order: `players[i]` is the engine's seat `i`.
    pub players: Vec<UserId>,
    pub starting_stacks: Vec<u64>,
    /// The hand's events without any `DownCard`.
    pub events: Vec<Event>,
}

impl HandHistory {
    /// The public record of a hand; every `DownCard` event is dropped here.
    pub fn new(
        hand: u64,
        game: Game,
        stakes: Stakes,
        players: &[UserId],
        starting_stacks: &[u64],
        events: &[Event],
    ) -> HandHistory {
        HandHistory {
            hand,
            game,
            stakes,
            players: players.to_vec(),
            starting_stacks: starting_stacks.to_vec(),
            events: events
                .iter()
                .filter(|event| !matches!(event, Event::DownCard { .. }))
                .cloned()
                .collect(),
        }
    }

    pub(crate) fn to_bytes(&self) -> Result<Vec<u8>, LobbyError> {
        serde_json::to_vec(self).map_err(|error| LobbyError::Internal {
            reason: format!("a hand history does not serialize: {error}"),
        })
    }

    /// Reads a stored record; a stored `DownCard` (impossible unless the store was edited) is
    /// dropped all the same.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<HandHistory, LobbyError> {
        let stored: HandHistory =
            serde_json::from_slice(bytes).map_err(|error| LobbyError::Store {
                reason: format!("a stored hand history is unreadable: {error}"),
            })?;
        Ok(HandHistory::new(
            stored.hand,
            stored.game,
            stored.stakes,
            &stored.players,
            &stored.starting_stacks,
            &stored.events,
        ))
    }
}
