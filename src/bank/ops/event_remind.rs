//! What the Discord front end keeps of a multi-table event beside its record, so that a
//! restart neither posts nor sends anything twice: the event's one message (posted at the
//! schedule, edited as it goes), whether the players registered were reminded of the start,
//! and what the schedule said that the event's record does not hold (computer players
//! allowed, when it was scheduled). Kept under `b"mtt_notes"` and the event's number, one
//! small record; each write is idempotent by what it sets (a message kept stays the first
//! one given; a reminder marked sent stays sent).

use serde::{Deserialize, Serialize};

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::{Reads, Tree};
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::events;
use crate::bank::{BankError, EconomyConfig, GuildId, encoding};

const NOTES_PREFIX: &[u8] = b"mtt_notes";

/// What the front end keeps of one event.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventNotes {
    /// The event's message in its channel, once posted.
    pub message: Option<u64>,
    /// The players registered were reminded of the start.
    pub reminded: bool,
    /// Computer players may be entered.
    pub computers_allowed: bool,
    /// When it was scheduled, in Unix seconds.
    pub scheduled_at: u64,
}

/// What a note changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventNote {
    /// At the schedule: what it said beyond the record.
    Scheduled {
        computers_allowed: bool,
        scheduled_at: u64,
    },
    /// The event's message: kept unless one is kept already.
    Message(u64),
    /// The event's message is gone (deleted in Discord): the next one posted is kept.
    MessageGone(u64),
    /// The reminder was sent.
    Reminded,
}

fn key(event: TournamentId) -> Vec<u8> {
    let mut key = NOTES_PREFIX.to_vec();
    key.extend_from_slice(&event.0.to_be_bytes());
    key
}

fn decode(event: TournamentId, bytes: Option<&[u8]>) -> Result<EventNotes, BankError> {
    let Some(bytes) = bytes else {
        return Ok(EventNotes::default());
    };
    encoding::decode(bytes, &format!("event {} notes", event.0)).map_err(|error| {
        BankError::UnreadableTournament {
            tournament: event,
            reason: error.to_string(),
        }
    })
}

/// The notes kept of `event`, read outside an operation (none kept: the default).
pub(crate) fn stored_notes(
    store: &dyn Reads,
    event: TournamentId,
) -> Result<EventNotes, BankError> {
    let bytes = store.get(Tree::Meta, &key(event))?;
    decode(event, bytes.as_deref())
}

/// The notes kept of `event`, as an operation's draft sees them.
pub(crate) fn drafted_notes(
    draft: &Draft<'_>,
    event: TournamentId,
) -> Result<EventNotes, BankError> {
    decode(event, draft.get(Tree::Meta, &key(event))?.as_deref())
}

/// Keeps one note of an event of `guild`; answers the message kept after it (0: none).
#[derive(Clone)]
pub(crate) struct NoteEvent {
    pub guild: GuildId,
    pub event: TournamentId,
    pub note: EventNote,
}

impl Operation for NoteEvent {
    type Output = u64;

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        // Only an event of this guild is noted (its record answers whether it is).
        events::read_in_guild(draft, self.guild, self.event)?;
        let key = key(self.event);
        let mut notes = decode(self.event, draft.get(Tree::Meta, &key)?.as_deref())?;
        let before = notes;
        match self.note {
            EventNote::Scheduled {
                computers_allowed,
                scheduled_at,
            } => {
                notes.computers_allowed = computers_allowed;
                notes.scheduled_at = scheduled_at;
            }
            EventNote::Message(message) => {
                notes.message.get_or_insert(message);
            }
            EventNote::MessageGone(message) => {
                if notes.message == Some(message) {
                    notes.message = None;
                }
            }
            EventNote::Reminded => notes.reminded = true,
        }
        if notes != before {
            draft.put(Tree::Meta, key, encoding::encode(&notes));
        }
        Ok(notes.message.unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::ops::ScheduleEvent;
    use crate::bank::ops::testing::{Books, GUILD, TABLE};
    use crate::tournament::multi::EventSettings;
    use crate::tournament::{Structure, StructureKind};

    fn scheduled(books: &mut Books) -> TournamentId {
        let settings = EventSettings::new(
            crate::table::GameChoice::Stud,
            Structure::built_in(StructureKind::Turbo),
            10,
            7,
        );
        books
            .run(ScheduleEvent {
                guild: GUILD,
                channel: TABLE,
                name: "Sunday".into(),
                starts_at: 2_000_000_000,
                now: 1_900_000_000,
                settings,
                added_by: None,
                reference: "schedule".into(),
            })
            .expect("scheduled")
    }

    fn note(event: TournamentId, note: EventNote) -> NoteEvent {
        NoteEvent {
            guild: GUILD,
            event,
            note,
        }
    }

    fn notes(books: &Books, event: TournamentId) -> EventNotes {
        books.read(|draft| decode(event, draft.get(Tree::Meta, &key(event))?.as_deref()))
    }

    #[test]
    fn the_first_message_kept_stays_kept_until_it_is_gone_and_a_reminder_stays_sent() {
        let mut books = Books::new();
        let event = scheduled(&mut books);
        assert_eq!(notes(&books, event), EventNotes::default());
        let when = EventNote::Scheduled {
            computers_allowed: true,
            scheduled_at: 1_900_000_000,
        };
        assert_eq!(books.run(note(event, when)).ok(), Some(0));
        assert_eq!(
            books.run(note(event, EventNote::Message(11))).ok(),
            Some(11)
        );
        // A second keeper's message loses: the first one stays the event's.
        assert_eq!(
            books.run(note(event, EventNote::Message(12))).ok(),
            Some(11)
        );
        // Another message gone changes nothing; the kept one gone frees the place.
        assert_eq!(
            books.run(note(event, EventNote::MessageGone(12))).ok(),
            Some(11)
        );
        assert_eq!(
            books.run(note(event, EventNote::MessageGone(11))).ok(),
            Some(0)
        );
        assert_eq!(
            books.run(note(event, EventNote::Message(13))).ok(),
            Some(13)
        );
        books
            .run(note(event, EventNote::Reminded))
            .expect("reminded");
        books
            .run(note(event, EventNote::Reminded))
            .expect("twice changes nothing");
        let kept = notes(&books, event);
        assert_eq!(
            kept,
            EventNotes {
                message: Some(13),
                reminded: true,
                computers_allowed: true,
                scheduled_at: 1_900_000_000,
            }
        );
        books.assert_balanced();
    }

    #[test]
    fn an_event_of_another_guild_or_none_is_not_noted() {
        let mut books = Books::new();
        let event = scheduled(&mut books);
        let elsewhere = NoteEvent {
            guild: GuildId(GUILD.0 + 1),
            event,
            note: EventNote::Reminded,
        };
        assert!(books.run(elsewhere).is_err());
        assert!(
            books
                .run(note(TournamentId(event.0 + 9), EventNote::Reminded))
                .is_err()
        );
        assert_eq!(notes(&books, event), EventNotes::default());
    }

    #[test]
    fn notes_round_trip_and_none_kept_reads_as_the_default() {
        let event = TournamentId(7);
        assert_eq!(decode(event, None).ok(), Some(EventNotes::default()));
        let notes = EventNotes {
            message: Some(42),
            reminded: true,
            computers_allowed: true,
            scheduled_at: 1_797_796_800,
        };
        let bytes = encoding::encode(&notes);
        assert_eq!(decode(event, Some(&bytes)).ok(), Some(notes));
        assert!(decode(event, Some(b"\xff\xff")).is_err());
    }
}
