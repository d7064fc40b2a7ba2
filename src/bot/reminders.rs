//! The reminder of a multi-table event: once, a few minutes before the start, the players
//! registered are mentioned in the event's channel. Pure: when it is due ([`reminder_due`])
//! and the messages that mention them ([`reminder_messages`]), within Discord's limits. The
//! event's message keeper (`events/board.rs`) wakes at its time, records in the bank that
//! it is sent (`EventNote::Reminded`), so a restart does not send it twice, and sends the
//! messages through the outbox (which paces a channel's writes) each with exactly its
//! mentions allowed (`events/reminder.rs`).
//!
//! An event scheduled inside the reminder's window gets none: everyone registered then did
//! so minutes ago, with the event's message and its countdown on screen, and a burst of
//! mentions right after the announcement is noise. A reminder whose time passed while the
//! bot was down is still sent if the event has not started; once it has, the start itself
//! (and each table's thread) tells the players.

use crate::ids::UserId;
use crate::render::event_message::discord_timestamp;
use crate::render::{Locale, TextLimit, escape_markdown, tr};
use crate::tournament::multi::schedule::ScheduledEvent;

/// How long before the start the players are reminded: ten minutes, time enough to come
/// back to Discord, and close enough to the start to be a call to sit down.
pub const REMINDER_LEAD_SECS: u64 = 10 * 60;

/// The most users one message may mention: Discord's `allowed_mentions.users` holds at most
/// 100 ids (discord/openapi.json, `MessageAllowedMentionsRequest`).
pub const MENTIONS_PER_MESSAGE: usize = 100;

/// One message of the reminder: its content and the users it mentions (its allowed
/// mentions, nobody else: no role, no @everyone, whatever a name says).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderMessage {
    pub content: String,
    pub mentions: Vec<UserId>,
}

/// When the reminder of `scheduled` is due (Unix seconds), `None` when it gets none: it was
/// scheduled inside the reminder's window.
pub fn reminder_time(scheduled: &ScheduledEvent) -> Option<u64> {
    let at = scheduled.start_unix.checked_sub(REMINDER_LEAD_SECS)?;
    (scheduled.scheduled_unix < at).then_some(at)
}

/// Whether the reminder is to be sent now: not sent yet, its time come and the start not.
pub fn reminder_due(scheduled: &ScheduledEvent, now_unix: u64, sent: bool) -> bool {
    !sent
        && now_unix < scheduled.start_unix
        && reminder_time(scheduled).is_some_and(|at| now_unix >= at)
}

/// The reminder's messages mentioning every member of `registered` once (computer players
/// and repeats left out), each within `limit` and [`MENTIONS_PER_MESSAGE`], each read alone:
/// the event's name and start, then the mentions. None when nobody is to be mentioned.
pub fn reminder_messages(
    locale: Locale,
    scheduled: &ScheduledEvent,
    registered: &[UserId],
    limit: TextLimit,
) -> Vec<ReminderMessage> {
    let mut members: Vec<UserId> = Vec::with_capacity(registered.len());
    for &user in registered {
        if !user.is_computer() && !members.contains(&user) {
            members.push(user);
        }
    }
    let head = tr(
        locale,
        "event-reminder",
        &[
            ("name", escape_markdown(&scheduled.name).into()),
            ("start", discord_timestamp(scheduled.start_unix, 'R').into()),
        ],
    );
    let mut messages = Vec::new();
    let mut current = ReminderMessage {
        content: head.clone(),
        mentions: Vec::new(),
    };
    for user in members {
        let mention = format!(" <@{}>", user.0);
        let with = format!("{}{mention}", current.content);
        if current.mentions.len() == MENTIONS_PER_MESSAGE || !limit.fits(&with) {
            messages.push(std::mem::replace(
                &mut current,
                ReminderMessage {
                    content: format!("{head}{mention}"),
                    mentions: vec![user],
                },
            ));
        } else {
            current.content = with;
            current.mentions.push(user);
        }
    }
    if !current.mentions.is_empty() {
        messages.push(current);
    }
    messages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::limits::{MESSAGE, MESSAGE_TEXT, length};
    use crate::table::{GameChoice, Rules};
    use crate::tournament::multi::schedule::{ScheduleOptions, schedule};

    /// 2026-12-06 17:00:00 UTC.
    const NOW: u64 = 1_796_576_400;

    fn event_starting_in(seconds: u64) -> ScheduledEvent {
        let start = (NOW + seconds).to_string();
        let options = ScheduleOptions::new(&"Ñ*".repeat(30), GameChoice::Stud8, &start, 0);
        schedule(&options, NOW, Rules::default()).expect("scheduled")
    }

    #[test]
    fn the_reminder_is_due_once_from_ten_minutes_before_the_start_until_it() {
        let event = event_starting_in(3_600);
        let at = NOW + 3_600 - REMINDER_LEAD_SECS;
        assert_eq!(reminder_time(&event), Some(at));
        assert!(!reminder_due(&event, at - 1, false));
        assert!(reminder_due(&event, at, false));
        assert!(!reminder_due(&event, at, true), "once");
        // Down through its time, back before the start: still sent; after the start: not.
        assert!(reminder_due(&event, NOW + 3_599, false));
        assert!(!reminder_due(&event, NOW + 3_600, false));
    }

    #[test]
    fn an_event_scheduled_inside_the_reminders_window_gets_none() {
        // Scheduled one second before the window opens: reminded as it opens.
        let just_before = event_starting_in(REMINDER_LEAD_SECS + 1);
        assert_eq!(reminder_time(&just_before), Some(NOW + 1));
        // Scheduled as it opens, or inside it: none.
        for lead in [REMINDER_LEAD_SECS, REMINDER_LEAD_SECS - 1, 60] {
            let inside = event_starting_in(lead);
            assert_eq!(reminder_time(&inside), None, "{lead}");
            for now in [NOW, NOW + lead - 1] {
                assert!(!reminder_due(&inside, now, false));
            }
        }
    }

    /// Realistic snowflakes: 19 digits.
    fn members(count: u64) -> Vec<UserId> {
        (0..count)
            .map(|n| UserId(1_234_567_890_123_456_789 + n))
            .collect()
    }

    fn assert_each_mentioned_once_within_limits(messages: &[ReminderMessage], expected: &[UserId]) {
        let mut mentioned = Vec::new();
        for message in messages {
            assert!(length(&message.content) <= MESSAGE, "{}", message.content);
            assert!(!message.mentions.is_empty());
            assert!(message.mentions.len() <= MENTIONS_PER_MESSAGE);
            // The content mentions exactly the message's allowed users.
            assert_eq!(
                message.content.matches("<@").count(),
                message.mentions.len()
            );
            for user in &message.mentions {
                assert!(message.content.contains(&format!("<@{}>", user.0)));
            }
            assert!(message.content.contains("<t:"), "{}", message.content);
            mentioned.extend(message.mentions.iter().copied());
        }
        assert_eq!(mentioned, expected);
    }

    #[test]
    fn nobody_registered_is_no_message_and_one_player_is_one() {
        let event = event_starting_in(3_600);
        for locale in Locale::ALL {
            assert!(reminder_messages(locale, &event, &[], MESSAGE_TEXT).is_empty());
            let computers = [UserId::computer(0), UserId::computer(1)];
            assert!(reminder_messages(locale, &event, &computers, MESSAGE_TEXT).is_empty());
            let one = reminder_messages(locale, &event, &members(1), MESSAGE_TEXT);
            assert_eq!(one.len(), 1);
            assert_each_mentioned_once_within_limits(&one, &members(1));
            // The name's markdown is escaped: it cannot restyle the message.
            assert!(one[0].content.contains("Ñ\\*"), "{}", one[0].content);
        }
    }

    #[test]
    fn a_message_mentions_at_most_one_hundred_users() {
        let event = event_starting_in(3_600);
        // Short ids: the mention limit binds before the content's.
        let short: Vec<UserId> = (1..=101).map(UserId).collect();
        let exactly = reminder_messages(Locale::En, &event, &short[..100], MESSAGE_TEXT);
        assert_eq!(exactly.len(), 1);
        assert_eq!(exactly[0].mentions.len(), 100);
        let past = reminder_messages(Locale::En, &event, &short, MESSAGE_TEXT);
        assert_eq!(past.len(), 2);
        assert_eq!(past[1].mentions, [UserId(101)]);
        assert_each_mentioned_once_within_limits(&past, &short);
    }

    #[test]
    fn a_thousand_players_are_mentioned_once_each_in_messages_within_discords_limits() {
        let event = event_starting_in(3_600);
        let mut registered = members(1_000);
        // A repeat and a computer player are not mentioned.
        registered.push(registered[3]);
        registered.push(UserId::computer(2));
        for locale in Locale::ALL {
            let messages = reminder_messages(locale, &event, &registered, MESSAGE_TEXT);
            assert_each_mentioned_once_within_limits(&messages, &members(1_000));
            // 19-digit ids: the content limit binds (about 80 mentions a message, fewer than
            // 100), so 1,000 players take a dozen messages or more, each but the last full.
            assert!(messages.len() >= 11, "{locale}: {}", messages.len());
            assert!(
                messages
                    .iter()
                    .all(|m| m.mentions.len() < MENTIONS_PER_MESSAGE)
            );
            for message in &messages[..messages.len() - 1] {
                assert!(length(&message.content) > MESSAGE - 23, "{locale}");
            }
        }
    }
}
