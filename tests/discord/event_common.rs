//! What the multi-table event Discord tests share: scheduling through `/tournament
//! schedule` (or, for an event that starts within seconds, through the bank, since a
//! schedule starts at least a minute ahead), the event's message and its buttons, and the
//! channel's messages that hold it.

use std::time::Duration;

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
                .is_some_and(|text| text.starts_with(&format!("**{name}**")))
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
