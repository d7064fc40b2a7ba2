//! The reminder of an event's start, sent once (`bot::reminders` says when and words it):
//! each message in the event's channel through the outbox, mentioning exactly its players.

use serde_json::json;

use crate::bank::EventRecord;
use crate::bot::Bot;
use crate::bot::limits;
use crate::render::Locale;
use crate::tournament::multi::schedule::ScheduledEvent;

/// Sends the reminder of `record`'s event to its players registered.
pub(super) async fn send(
    bot: &Bot,
    record: &EventRecord,
    scheduled: &ScheduledEvent,
    locale: Locale,
) {
    let messages = crate::bot::reminders::reminder_messages(
        locale,
        scheduled,
        &record.registered,
        limits::MESSAGE_TEXT,
    );
    for message in messages {
        let users: Vec<String> = message
            .mentions
            .iter()
            .map(|user| user.0.to_string())
            .collect();
        let body = json!({
            "content": message.content,
            "allowed_mentions": { "parse": [], "users": users },
        });
        if let Err(error) = bot.outbox().post(record.channel.0, body).await {
            tracing::warn!(%error, "a reminder of the event's start could not be sent");
        }
    }
}
