//! What the multi-table event Discord tests share: scheduling through `/tournament
//! schedule` (or, for an event that starts within seconds, through the bank, since a
//! schedule starts at least a minute ahead), the event's message and its buttons, and the
//! channel's messages that hold it.

use std::time::Duration;

use studbot::bank::{EventSchedule, GuildId, TournamentId};
use studbot::table::{GameChoice, Rules};
use studbot::tournament::multi::schedule::{ScheduleOptions, schedule};

use serde_json::Value;

use crate::support;
use crate::tournament_common::moderator;
use support::fake_discord::*;

/// `/tournament schedule` by the moderator with `options` after the name, game, start and
/// buy-in.
pub async fn schedule_with(
    fake: &FakeDiscord,
    channel: u64,
    name: &str,
    start: &str,
    buy_in: i64,
    more: Vec<Value>,
) -> Recorded {
    let mut options = vec![
        string("name", name),
        int("game", 0),
        string("start", start),
        int("buy_in", buy_in),
    ];
    options.extend(more);
    fake.ask(
        &moderator(),
        channel,
        "tournament",
        vec![sub("schedule", options)],
    )
    .await
}

/// The bot's messages in `channel` that are the event `name`'s message (its title).
pub fn event_messages(fake: &FakeDiscord, channel: u64, name: &str) -> Vec<Value> {
    fake.channel_messages(channel)
        .into_iter()
        .filter(|message| {
            message["content"]
                .as_str()
                .is_some_and(|text| text.starts_with(&format!("**{name}** ·")))
        })
        .collect()
}

/// The event `name`'s message in `channel`, once posted: its id.
pub async fn event_message(fake: &FakeDiscord, channel: u64, name: &str) -> u64 {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(message) = event_messages(fake, channel, name).first() {
            return message["id"]
                .as_str()
                .and_then(|id| id.parse().ok())
                .expect("a message id");
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the event's message was never posted"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The button of `message` whose custom id starts with `prefix` and ends with `suffix`.
pub fn button(fake: &FakeDiscord, message: u64, suffix: &str) -> String {
    let json = fake.message(message).expect("the event's message");
    support::table::custom_ids(&json)
        .into_iter()
        .find(|id| id.starts_with("e:") && id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no button ending {suffix}: {json}"))
}

/// Waits until message `id` says `says`.
pub async fn wait_saying(fake: &FakeDiscord, id: u64, says: &str) -> Value {
    fake.wait_message(id, says, |message| {
        message["content"]
            .as_str()
            .is_some_and(|text| text.contains(says))
    })
    .await
}

pub fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// Schedules `name` in `channel` through the bank (a stud8 event, buy-in 10, its options
/// set by `set`), to start `lead` seconds from now, and starts its coordinator and message.
pub async fn schedule_soon(
    bot: &studbot::bot::Bot,
    channel: u64,
    name: &str,
    lead: u64,
    set: impl FnOnce(&mut ScheduleOptions),
) -> TournamentId {
    let now = now_unix();
    let mut options = ScheduleOptions::new(name, GameChoice::Stud8, "in 1h", 10);
    set(&mut options);
    let scheduled = schedule(&options, now, Rules::default()).expect("a valid event");
    let stored = EventSchedule {
        channel: studbot::bank::TableId(channel),
        name: name.to_owned(),
        starts_at: now + lead,
        now,
        added_by: None,
    };
    let id = bot
        .bank()
        .schedule_event(GuildId(GUILD_ID), stored, scheduled.settings, name)
        .await
        .expect("scheduled");
    bot.open_event(id).await.expect("its coordinator runs");
    id
}

/// [`wait_saying`] with a longer deadline than the fake's own: an event's whole play.
pub async fn wait_saying_for(
    fake: &FakeDiscord,
    id: u64,
    says: &str,
    within: Duration,
) -> serde_json::Value {
    let deadline = std::time::Instant::now() + within;
    loop {
        if let Some(message) = fake.message(id)
            && message["content"]
                .as_str()
                .is_some_and(|text| text.contains(says))
        {
            return message;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "message {id} never said {says}: {:?}",
            fake.message(id)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
