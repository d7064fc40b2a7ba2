//! What the multi-table event Discord tests share: scheduling through `/tournament
//! schedule` (or, for an event that starts within seconds, through the bank, since a
//! schedule starts at least a minute ahead), the event's message and its buttons, and the
//! channel's messages that hold it.

use std::collections::HashMap;
use std::time::Duration;

use studbot::bank::{EventNote, EventSchedule, GuildId, TournamentId, UserId};
use studbot::table::{GameChoice, Rules};
use studbot::tournament::multi::EventSettings;
use studbot::tournament::multi::schedule::{ScheduleOptions, schedule};
use studbot::tournament::{Level, Structure};

use serde_json::Value;

use crate::support;
use crate::tournament_common::{current_turn, moderator};
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
    schedule_soon_with_computers(bot, channel, name, lead, 0, None, set).await
}

/// `settings` with each level lasting `secs` seconds of the event's clock instead of the
/// minutes a moderator may choose, the stakes and starting stack kept: an event of people
/// dealt at Discord's pace (a hand takes seconds, held by the channel's write limit) reaches
/// stakes that end it within a test's wait.
pub fn with_level_secs(settings: EventSettings, secs: u32) -> EventSettings {
    let levels = settings
        .structure
        .levels()
        .iter()
        .map(|level| Level {
            stakes: level.stakes,
            hands: secs,
        })
        .collect();
    let structure = Structure::new(settings.structure.starting_stack(), levels)
        .expect("the same stakes make a valid structure");
    EventSettings {
        structure,
        ..settings
    }
}

/// [`schedule_soon`] with `computers` computer players registered before it opens (computer
/// players allowed, their buy-ins paid by the house), and levels of `level_secs` seconds
/// when given ([`with_level_secs`]).
pub async fn schedule_soon_with_computers(
    bot: &studbot::bot::Bot,
    channel: u64,
    name: &str,
    lead: u64,
    computers: u8,
    level_secs: Option<u32>,
    set: impl FnOnce(&mut ScheduleOptions),
) -> TournamentId {
    let now = now_unix();
    let mut options = ScheduleOptions::new(name, GameChoice::Stud8, "in 1h", 10);
    set(&mut options);
    if computers > 0 {
        options.computers_allowed = Some(true);
    }
    let scheduled = schedule(&options, now, Rules::default()).expect("a valid event");
    let settings = match level_secs {
        Some(secs) => with_level_secs(scheduled.settings, secs),
        None => scheduled.settings,
    };
    let stored = EventSchedule {
        channel: studbot::bank::TableId(channel),
        name: name.to_owned(),
        starts_at: now + lead,
        now,
        added_by: None,
    };
    let guild = GuildId(GUILD_ID);
    let bank = bot.bank();
    let id = bank
        .schedule_event(guild, stored, settings, name)
        .await
        .expect("scheduled");
    if computers > 0 {
        let note = EventNote::Scheduled {
            computers_allowed: true,
            scheduled_at: now,
        };
        bank.note_event(guild, id, note).await.expect("noted");
        for number in 0..computers {
            bank.enter_event(
                guild,
                id,
                UserId::computer(number),
                0,
                &format!("computer-{number}"),
            )
            .await
            .expect("a computer player registered");
        }
    }
    bot.open_event(id).await.expect("its coordinator runs");
    id
}

/// The way to stay in a person clicks by default (as [`click_turn`]): raise, bet or
/// complete when offered, else call, check or the bring-in.
pub const STAY_IN: &[&str] = &["ra", "be", "co", "ca", "ch", "bi"];

/// Never raising: call a bet, else bet; the bring-in rather than completing. The chips
/// change hands a bet at a time, so the players go out one by one.
pub const NEVER_RAISE: &[&str] = &["ca", "be", "bi", "ch", "co"];

/// `people` take their turns at the event's tables (the threads under `channel`) while
/// `until` runs: whenever a thread's newest board shows one of them to act, they click the
/// first of `preference` it offers, as a person at the table would. Returns what `until`
/// gives and how many turns they clicked.
pub async fn playing_until<T>(
    fake: &FakeDiscord,
    channel: u64,
    people: &[FakeUser],
    preference: &[&str],
    until: impl Future<Output = T>,
) -> (T, usize) {
    let mut until = std::pin::pin!(until);
    // Each thread's last turn clicked, by board and buttons (a restarted bot posts a new
    // board for the same turn).
    let mut clicked: HashMap<u64, (u64, String)> = HashMap::new();
    let mut clicks = 0;
    loop {
        tokio::select! {
            done = &mut until => return (done, clicks),
            () = tokio::time::sleep(Duration::from_millis(40)) => {}
        }
        for thread in fake.threads_started_in(channel) {
            let Some(turn) = current_turn(fake, thread) else {
                continue;
            };
            let Some(person) = people.iter().find(|person| person.id == turn.user) else {
                continue;
            };
            if clicked
                .get(&thread)
                .is_some_and(|(board, prefix)| *board == turn.board && *prefix == turn.prefix)
            {
                continue;
            }
            let code = preference
                .iter()
                .find(|code| turn.codes.iter().any(|offered| offered == *code))
                .expect("a board offers a way to stay in");
            let click = fake
                .click(person, turn.board, &format!("{}{code}", turn.prefix))
                .await;
            let response = fake.response_to(click).await;
            assert!(response.is_success(), "{:?}", response.body);
            clicks += 1;
            clicked.insert(thread, (turn.board, turn.prefix));
        }
    }
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

/// Waits until every one of `threads` is archived, then checks that nothing was written in
/// one after its archive (a post there would have unarchived it): a table's thread is
/// archived once its presenter has written the hands it had left, at Discord's pace, and a
/// table of computer players deals far ahead of that.
pub async fn wait_archived_with_nothing_after(fake: &FakeDiscord, threads: &[u64]) {
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while !threads.iter().all(|&thread| fake.thread_archived(thread)) {
        assert!(
            std::time::Instant::now() < deadline,
            "the threads were not archived: {:?}",
            threads
                .iter()
                .map(|&thread| (thread, fake.thread_archived(thread)))
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let requests = fake.requests();
    for &thread in threads {
        let archived_at = requests
            .iter()
            .rposition(|r| r.path == format!("/channels/{thread}") && r.body["archived"] == true)
            .expect("the archive's request");
        let late: Vec<String> = requests[archived_at..]
            .iter()
            .filter(|r| r.is_channel_write() && r.channel() == Some(thread))
            .map(|r| format!("{} {} {}", r.method, r.status, r.content()))
            .collect();
        assert!(
            late.is_empty(),
            "written in {thread} after its archive: {late:#?}"
        );
    }
}
