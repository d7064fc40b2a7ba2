//! Multi-table events on Discord (#41): `/tournament schedule` and the moderators' commands
//! are `commands::event`'s; here is what runs beside each live event's coordinator
//! (`crate::lobby::Lobby::open_event`):
//!
//! - `board.rs`: the event's one message in its channel, posted once (its id kept in the
//!   bank's notes of the event, so a restart edits it instead of posting another) and edited
//!   from the coordinator's notices, its edits spaced so a field of 143 tables never floods
//!   the channel's write limit; the Register and Unregister buttons on it;
//! - `entry.rs`: registration (`/join`, the Register button, late entries and re-entries
//!   through the coordinator), unregistration before the start (refunded), and the event's
//!   refusals in words that name an event, not a sit & go;
//! - `tables.rs`: each table's public thread under the event's channel ([`ThreadTables`]), the
//!   moved players told there, a broken table's thread archived;
//! - `reminder.rs`: the players registered mentioned once, a few minutes before the start.

mod board;
pub(crate) mod entry;
mod reminder;
mod tables;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use crate::bank::TournamentId;
use crate::lobby::event::EventHandle;

use super::{Bot, lock};
pub use tables::ThreadTables;

/// The keeper of each live event's message, by event: poked when something the coordinator
/// does not tell changes (a registration, an unregistration).
#[derive(Default)]
pub(crate) struct Keepers {
    running: Mutex<HashMap<TournamentId, Arc<Notify>>>,
}

impl Bot {
    /// Starts the keeper of `handle`'s event message unless one runs.
    pub(crate) fn keep_event(&self, handle: EventHandle) {
        let poke = {
            let mut running = lock(&self.inner.events.running);
            if running.contains_key(&handle.id()) {
                return;
            }
            let poke = Arc::new(Notify::new());
            running.insert(handle.id(), Arc::clone(&poke));
            poke
        };
        let bot = self.clone();
        let id = handle.id();
        let span = tracing::info_span!("event", event = id.0);
        self.spawn(tracing::Instrument::instrument(
            async move {
                board::keep(&bot, handle, poke).await;
                lock(&bot.inner.events.running).remove(&id);
            },
            span,
        ));
    }

    /// Tells `event`'s message keeper its registrations changed.
    pub(crate) fn event_changed(&self, event: TournamentId) {
        if let Some(poke) = lock(&self.inner.events.running).get(&event) {
            poke.notify_one();
        }
    }

    /// Opens (or finds) `event`'s coordinator with its tables in threads, and keeps its
    /// message.
    pub async fn open_event(
        &self,
        event: TournamentId,
    ) -> Result<EventHandle, crate::lobby::LobbyError> {
        let tables = Arc::new(ThreadTables::new(self));
        let handle = self.lobby().open_event(event, tables).await?;
        self.keep_event(handle.clone());
        Ok(handle)
    }

    /// At start-up: every live event's coordinator resumed, each message found again.
    pub(crate) async fn resume_events(&self) {
        let tables = Arc::new(ThreadTables::new(self));
        match self.lobby().resume_events(tables).await {
            Ok(handles) => {
                for handle in handles {
                    self.keep_event(handle);
                }
            }
            Err(error) => tracing::error!(%error, "the live events could not be resumed"),
        }
    }
}

/// The wall clock in Unix seconds (the coordinator's own clock for an event's start).
pub(crate) fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}
