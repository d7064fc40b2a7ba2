//! A finished hand's public record, as the bank keeps it (in the transaction that settles the
//! hand) for `/history` and the terminal's `history`: everything `render::HistoryView` needs,
//! with the players by user id (a front end names them when it renders).
//!
//! Stored compactly (`stored.rs`); the JSON of older versions still reads.
//!
//! Only public events are kept: no `DownCard` is ever stored, so a down card appears only in
//! the `Shown` event of a player who showed it at showdown.

use serde::{Deserialize, Serialize};

use crate::bank::{ChannelHand, TournamentId, UserId};
use crate::table::Game;
use crate::table::hand::{Event, Hand};
use crate::table::rules::Stakes;

use super::error::LobbyError;

mod stored;
#[cfg(test)]
mod tests;

/// The first byte of a compact record. Histories stored before it are JSON objects, whose
/// first byte is always `{`, so the two never mix up.
const POSTCARD_FORMAT: u8 = 1;

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
    /// The sit & go whose hand it is (`hand` then counts its hands, from 1); `None` for a
    /// cash table's hand. Not in the stored record: the bank's key for it says so, and the
    /// lobby fills it in when it reads the record back.
    #[serde(default, skip)]
    pub sit_and_go: Option<TournamentId>,
    /// The multi-table event whose hand it is (`hand` then counts its table's hands, from
    /// 1); filled in from the bank's key, as `sit_and_go` is.
    #[serde(default, skip)]
    pub event: Option<TournamentId>,
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
            sit_and_go: None,
            event: None,
        }
    }

    /// The public record of `hand`, hand number `number` at its table, once it is over
    /// (`None` before): what the lobby stores when it settles a hand, and what `sim --data`
    /// settles with. `players[i]` is the user in the engine's seat `i`.
    pub fn of_hand(number: u64, hand: &Hand, players: &[UserId]) -> Option<HandHistory> {
        hand.result()?;
        Some(HandHistory::new(
            number,
            hand.game(),
            *hand.stakes(),
            players,
            hand.starting_stacks(),
            hand.events(),
        ))
    }

    /// The stored form: a format byte, then the compact record (`stored.rs`).
    pub(crate) fn to_bytes(&self) -> Result<Vec<u8>, LobbyError> {
        let record = stored::encode(self).map_err(|error| LobbyError::Internal {
            reason: format!("a hand history does not serialize: {error}"),
        })?;
        let mut bytes = Vec::with_capacity(1 + record.len());
        bytes.push(POSTCARD_FORMAT);
        bytes.extend_from_slice(&record);
        Ok(bytes)
    }

    /// A record the bank keeps for `hand` of a channel: a sit & go's or an event's says
    /// whose it is.
    pub(crate) fn of_stored(
        (hand, bytes): (ChannelHand, Vec<u8>),
    ) -> Result<HandHistory, LobbyError> {
        let mut history = HandHistory::from_bytes(&bytes)?;
        match hand {
            ChannelHand::SitAndGo { tournament, .. } => history.sit_and_go = Some(tournament),
            ChannelHand::Event { event, .. } => history.event = Some(event),
            ChannelHand::Cash(_) => {}
        }
        Ok(history)
    }

    /// Reads a stored record, compact or in the JSON that histories were first stored as; a
    /// stored `DownCard` (impossible unless the store was edited) is dropped all the same.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<HandHistory, LobbyError> {
        let unreadable = |error: &dyn std::fmt::Display| LobbyError::Store {
            reason: format!("a stored hand history is unreadable: {error}"),
        };
        match bytes.split_first() {
            Some((&POSTCARD_FORMAT, record)) => {
                stored::decode(record).map_err(|error| unreadable(&error))
            }
            Some((b'{', _)) => {
                let stored: HandHistory =
                    serde_json::from_slice(bytes).map_err(|error| unreadable(&error))?;
                Ok(HandHistory::new(
                    stored.hand,
                    stored.game,
                    stored.stakes,
                    &stored.players,
                    &stored.starting_stacks,
                    &stored.events,
                ))
            }
            Some((format, _)) => Err(unreadable(&format!("unknown format byte {format:#04x}"))),
            None => Err(unreadable(&"the record is empty")),
        }
    }
}
