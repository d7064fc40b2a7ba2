//! The bank's calls for what the Discord front end keeps of a multi-table event beside its
//! record (`ops::EventNotes`: its message, its reminder, what the schedule said).

use super::Bank;
use crate::bank::ops::{self, EventNote, EventNotes};
use crate::bank::tournaments::TournamentId;
use crate::bank::{BankError, GuildId};

impl Bank {
    /// Keeps `note` of `event`; answers the event's message kept after it (0: none).
    pub async fn note_event(
        &self,
        guild: GuildId,
        event: TournamentId,
        note: EventNote,
    ) -> Result<u64, BankError> {
        self.call(ops::NoteEvent { guild, event, note }).await
    }

    /// What the front end keeps of `event` (the default when nothing is kept).
    pub async fn event_notes(&self, event: TournamentId) -> Result<EventNotes, BankError> {
        self.read(move |store| ops::stored_notes(store, event))
            .await
    }
}
