//! Entering and leaving a multi-table event from Discord: `/join` in its channel or its
//! Register button (a registration before the start; a late entry or a re-entry while late
//! registration is open, seated at once by the coordinator: `Lobby::enter_event`), `/leave`
//! or its Unregister button before the start (the buy-in refunded: `Bank::unregister_event`).
//! Each answer is the caller's alone: the event's message counts the field for everyone.
//! The bank's refusals are worded for an event here ([`EventRefused`]): a re-entry past late
//! registration reads "registration is closed", never "the tournament has started".

use crate::bank::{BankError, EventPhase, EventRecord};
use crate::bot::reply::{Answer, Caller};
use crate::lobby::LobbyError;
use crate::refusal::Refusal;
use crate::render::event_message::discord_timestamp;
use crate::render::{escape_markdown, tr};
use crate::tournament::multi::EventError;

/// The bank's event refusals as a player of an event reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EventRefused {
    #[error("you are in this event already")]
    AlreadyIn,
    #[error("registration for this event is closed")]
    RegistrationClosed,
    #[error("no re-entry is left to you")]
    NoReEntryLeft,
    #[error("the event takes no more entries ({cap})")]
    Full { cap: usize },
    #[error("the event is over")]
    Over,
    #[error("you are not registered for this event")]
    NotRegistered,
    #[error("the event has started: nobody unregisters now")]
    UnregisterStarted,
    #[error("the event has not started")]
    NotStarted,
    #[error("there is no event in this channel")]
    NoneHere,
    #[error("the event is paused already")]
    AlreadyPaused,
    #[error("the event is not paused")]
    NotPaused,
}

impl Refusal for EventRefused {
    fn message_id(&self) -> &'static str {
        match self {
            EventRefused::AlreadyIn => "event-already-in",
            EventRefused::RegistrationClosed => "event-registration-closed",
            EventRefused::NoReEntryLeft => "event-no-re-entry-left",
            EventRefused::Full { .. } => "event-full",
            EventRefused::Over => "event-over-refused",
            EventRefused::NotRegistered => "event-not-registered",
            EventRefused::UnregisterStarted => "event-unregister-started",
            EventRefused::NotStarted => "event-not-started",
            EventRefused::NoneHere => "event-none-here",
            EventRefused::AlreadyPaused => "event-already-paused",
            EventRefused::NotPaused => "event-not-paused",
        }
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        match self {
            EventRefused::Full { cap } => vec![("cap", u64::try_from(*cap).unwrap_or(u64::MAX))],
            _ => Vec::new(),
        }
    }
}

/// What the caller did when the bank refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Asked {
    Enter,
    Unregister,
    Moderate,
}

/// The event's words for a bank refusal, when it has its own.
pub(crate) fn event_refusal(error: &BankError, asked: Asked) -> Option<EventRefused> {
    Some(match error {
        BankError::AlreadyRegistered { .. } => EventRefused::AlreadyIn,
        BankError::TournamentStarted { .. } if asked == Asked::Unregister => {
            EventRefused::UnregisterStarted
        }
        BankError::TournamentStarted { .. } => EventRefused::RegistrationClosed,
        BankError::TournamentFull { seats, .. } => EventRefused::Full { cap: *seats },
        BankError::TournamentOver { .. } => EventRefused::Over,
        BankError::NotRegistered { .. } => EventRefused::NotRegistered,
        BankError::TournamentNotRunning { .. } => EventRefused::NotStarted,
        BankError::BadTournament(why) if *why == EventError::NoReEntryLeft.to_string() => {
            EventRefused::NoReEntryLeft
        }
        _ => return None,
    })
}

/// The caller told why, in the event's words where it has them.
pub(crate) fn refuse(caller: &Caller, error: &LobbyError, asked: Asked) -> Answer {
    if let LobbyError::Bank { reason } = error
        && let Some(refused) = event_refusal(reason, asked)
    {
        return caller.refuse(&refused);
    }
    caller.refuse(error)
}

/// The live event of the caller's channel, if there is one; a read that fails is refused,
/// never taken for "none here".
pub(crate) async fn live_here(caller: &Caller) -> Result<Option<EventRecord>, Answer> {
    match caller.bot.bank().live_event_in(caller.table).await {
        Ok(record) => Ok(record.filter(|record| record.guild == caller.guild)),
        Err(error) => {
            tracing::warn!(channel = caller.table.0, %error, "cannot read the channel's event");
            Err(caller.refuse(&error))
        }
    }
}

/// Enters the caller: a registration, a late entry or a re-entry (through the coordinator
/// when it runs here). A retry of the same interaction is charged once.
pub(crate) async fn enter(caller: Caller, reference: String, record: EventRecord) -> Answer {
    let entered = caller
        .bot
        .lobby()
        .enter_event(record.id, caller.user, &reference)
        .await;
    let entry = match entered {
        Ok(entry) => entry,
        Err(error) => return refuse(&caller, &error, Asked::Enter),
    };
    caller.bot.event_changed(record.id);
    let name = escape_markdown(&record.name);
    let text = match record.phase {
        EventPhase::Scheduled => tr(
            caller.locale,
            "event-entered",
            &[
                ("name", name.into()),
                ("start", discord_timestamp(record.starts_at, 'F').into()),
                ("buy_in", record.settings.buy_in.into()),
            ],
        ),
        _ => tr(
            caller.locale,
            "event-entered-late",
            &[
                ("name", name.into()),
                ("entry", entry.into()),
                ("buy_in", record.settings.buy_in.into()),
            ],
        ),
    };
    Answer::private(text)
}

/// Unregisters the caller before the start; the buy-in goes back.
pub(crate) async fn unregister(caller: Caller, reference: String, record: EventRecord) -> Answer {
    let refunded = caller
        .bot
        .bank()
        .unregister_event(caller.guild, record.id, caller.user, &reference)
        .await;
    match refunded {
        Ok(refund) => {
            caller.bot.event_changed(record.id);
            Answer::private(tr(
                caller.locale,
                "event-unregistered",
                &[
                    ("name", escape_markdown(&record.name).into()),
                    ("refund", refund.into()),
                ],
            ))
        }
        Err(error) => refuse(&caller, &LobbyError::from(error), Asked::Unregister),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::TournamentId;
    use crate::render::{self, Locale};

    #[test]
    fn every_event_refusal_has_its_own_words_in_every_language() {
        let every = [
            EventRefused::AlreadyIn,
            EventRefused::RegistrationClosed,
            EventRefused::NoReEntryLeft,
            EventRefused::Full { cap: 200 },
            EventRefused::Over,
            EventRefused::NotRegistered,
            EventRefused::UnregisterStarted,
            EventRefused::NotStarted,
            EventRefused::NoneHere,
            EventRefused::AlreadyPaused,
            EventRefused::NotPaused,
        ];
        for why in every {
            for locale in Locale::ALL {
                let text = render::refusal(locale, &why, &|_| String::new());
                assert_ne!(text, tr(locale, "bot-failed", &[]), "{locale}: {why}");
                assert_ne!(text, why.message_id(), "{locale}: {why}");
            }
        }
        let full = render::refusal(Locale::En, &EventRefused::Full { cap: 200 }, &|_| {
            String::new()
        });
        assert_eq!(full, "The event is full: it takes at most 200 entries.");
    }

    #[test]
    fn a_re_entry_past_late_registration_reads_as_registration_closed_not_started() {
        let event = TournamentId(3);
        let started = BankError::TournamentStarted { tournament: event };
        assert_eq!(
            event_refusal(&started, Asked::Enter),
            Some(EventRefused::RegistrationClosed)
        );
        assert_eq!(
            event_refusal(&started, Asked::Unregister),
            Some(EventRefused::UnregisterStarted)
        );
        let no_more = BankError::BadTournament(EventError::NoReEntryLeft.to_string());
        assert_eq!(
            event_refusal(&no_more, Asked::Enter),
            Some(EventRefused::NoReEntryLeft)
        );
        let words = render::refusal(Locale::En, &EventRefused::RegistrationClosed, &|_| {
            String::new()
        });
        assert!(!words.contains("started"), "{words}");
    }
}
