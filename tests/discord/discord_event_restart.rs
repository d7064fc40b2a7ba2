//! The end-to-end event: 20 players (people and computer players) at tables of
//! seven, three threads, a restart in the middle (the coordinator resumed, each table in its
//! own thread again, the event's message found again), played to the end, and the books
//! audited mid-event and after; and each table's first board after a restart headed by the
//! event, even when the event's keeper reads the coordinator's notices late.

use std::time::Duration;

use studbot::bank::{EventNote, EventSchedule, GuildId, TableId, UserId};
use studbot::table::{GameChoice, Rules};
use studbot::tournament::multi::schedule::{ScheduleOptions, schedule};

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_301;
const CHANNEL: u64 = 300_000_000_000_004_301;

fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// Until `check` holds of the event's message, within `within`.
async fn wait_until_message(
    fake: &FakeDiscord,
    id: u64,
    what: &str,
    within: Duration,
    check: impl Fn(&str) -> bool,
) -> String {
    let deadline = std::time::Instant::now() + within;
    loop {
        let text = fake
            .message(id)
            .and_then(|message| message["content"].as_str().map(str::to_owned))
            .unwrap_or_default();
        if check(&text) {
            return text;
        }
        assert!(std::time::Instant::now() < deadline, "{what}: {text}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// How many entries the message says are still in, once running.
fn still_in(text: &str) -> Option<u64> {
    let before = text.split(" of 20 entries still in").next()?;
    if before.len() == text.len() {
        return None;
    }
    before.rsplit(['\n', ' ']).next()?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_players_on_three_threads_play_to_the_end_across_a_restart_audited() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let people: Vec<FakeUser> = (1..=14).map(|n| player(n, &format!("P{n}"))).collect();
    add_people(&fake, &people);
    tournament(&fake, &moderator(), CHANNEL, "status").await;

    let guild = GuildId(GUILD_ID);
    let now = now_unix();
    let mut options = ScheduleOptions::new("Big Sunday", GameChoice::Stud8, "in 1h", 10);
    options.starting_stack = Some(60);
    options.computers_allowed = Some(true);
    let scheduled = schedule(&options, now, Rules::default()).expect("a valid event");
    let stored = EventSchedule {
        channel: TableId(CHANNEL),
        name: "Big Sunday".to_owned(),
        starts_at: now + 8,
        now,
        added_by: None,
    };
    let bank = running.bank();
    let id = bank
        .schedule_event(
            guild,
            stored,
            // Levels of 20 s: at Discord's pace (a hand takes seconds at each table) the
            // stakes rise every few hands, so 20 players are down to one within the wait.
            with_level_secs(scheduled.settings, 20),
            "big-sunday",
        )
        .await
        .expect("scheduled");
    let note = EventNote::Scheduled {
        computers_allowed: true,
        scheduled_at: now,
    };
    bank.note_event(guild, id, note).await.expect("noted");
    for number in 0..6 {
        let computer = UserId::computer(number);
        bank.enter_event(guild, id, computer, 0, &format!("computer-{number}"))
            .await
            .expect("a computer player registered");
    }
    running.open_event(id).await.expect("its coordinator runs");
    let message = event_message(&fake, CHANNEL, "Big Sunday").await;
    for user in &people {
        let joined = fake.ask(user, CHANNEL, "join", vec![]).await;
        assert_private_to(&joined, user, "You're registered for **Big Sunday**");
    }
    wait_saying(&fake, message, "20 players registered").await;

    // Running, and someone is out: the restart comes in the middle.
    // The people play their turns; the computer players act by themselves.
    let bust = wait_until_message(&fake, message, "a bust", Duration::from_secs(180), |text| {
        still_in(text).is_some_and(|left| left < 20)
    });
    playing_until(&fake, CHANNEL, &people, STAY_IN, bust).await;
    let threads_before = fake.threads_started_in(CHANNEL);
    assert_eq!(threads_before.len(), 3, "{threads_before:?}");
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "mid-event: {report}");

    let (bot, _running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let end = wait_until_message(
        &fake,
        message,
        "the end",
        Duration::from_secs(480),
        |text| text.contains("It's over: 20 entries"),
    );
    let (over, _) = playing_until(&fake, CHANNEL, &people, STAY_IN, end).await;
    assert!(over.contains("1st"), "{over}");
    // Every table kept its thread across the restart; a thread only for a table new since.
    let threads = fake.threads_started_in(CHANNEL);
    let mut names: Vec<String> = threads
        .iter()
        .filter_map(|&t| fake.thread_name(t))
        .collect();
    let count = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), count, "a table got a second thread: {names:?}");
    assert!(threads_before.iter().all(|thread| threads.contains(thread)));
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !threads.iter().all(|&thread| fake.thread_archived(thread)) {
        assert!(
            std::time::Instant::now() < deadline,
            "the threads were not archived"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(event_messages(&fake, CHANNEL, "Big Sunday").len(), 1);
    let posts = fake
        .requests()
        .iter()
        .filter(|r| {
            // In the event's channel: each table's board in its thread is headed with the
            // event's name too.
            r.method == "POST"
                && r.channel() == Some(CHANNEL)
                && r.is_success()
                && r.content().starts_with("**Big Sunday** ·")
        })
        .count();
    assert_eq!(posts, 1, "the event's message was posted again");
    // Nobody was refused a write for the channel's rate: the edits were spaced.
    let limited = fake
        .requests()
        .iter()
        .filter(|r| r.path.contains(&CHANNEL.to_string()) && r.status == 429)
        .count();
    assert_eq!(limited, 0);
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "after the event: {report}");
}

const HEADED_CHANNEL: u64 = 300_000_000_000_004_302;

/// The first board (a message saying `**Hand #`) each of `threads` is posted from request
/// `from` on, once each has one, within `within`.
async fn first_boards_from(
    fake: &FakeDiscord,
    threads: &[u64],
    from: usize,
    within: Duration,
) -> Vec<String> {
    let deadline = std::time::Instant::now() + within;
    loop {
        let requests = fake.requests();
        let first = |thread: u64| {
            requests
                .iter()
                .filter(|r| r.index >= from && r.is_success() && r.is_channel_write())
                .find(|r| {
                    r.method == "POST"
                        && r.channel() == Some(thread)
                        && r.content().contains("**Hand #")
                })
                .map(|r| r.content().to_owned())
        };
        let boards: Vec<String> = threads.iter().filter_map(|&t| first(t)).collect();
        if boards.len() == threads.len() {
            return boards;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no board after the restart in every thread: {boards:#?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_each_tables_first_board_is_headed_by_the_event() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED + 1);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    tournament(&fake, &moderator(), HEADED_CHANNEL, "status").await;
    // Nine computers at tables of five: two tables, deep stacks (it runs past the restart).
    let name = "Dawn Cup";
    let id = schedule_soon_with_computers(&running, HEADED_CHANNEL, name, 3, 9, None, |options| {
        options.table_size = Some(5);
        options.starting_stack = Some(5_000);
    })
    .await;
    let threads = {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            let threads = fake.threads_started_in(HEADED_CHANNEL);
            if threads.len() == 2 {
                break threads;
            }
            assert!(std::time::Instant::now() < deadline, "{threads:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    // Each table has dealt: its board is headed by the event.
    let before = first_boards_from(&fake, &threads, 0, Duration::from_secs(60)).await;
    for board in &before {
        assert!(board.starts_with("**Dawn Cup** · Table "), "{board}");
    }
    bot.stop().await;

    // The event's message cannot be edited for a while after the restart, so its keeper
    // reads the coordinator's notices only once the tables have played on without it.
    fake.stall_channel(HEADED_CHANNEL, 0.2);
    let restart = fake.requests().len();
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let hands = |running: &studbot::bot::Bot| {
        let bank = running.bank().clone();
        async move {
            let record = bank.event(id).await.expect("read").expect("the event");
            record.event().map_or(0, |event| event.hands())
        }
    };
    let at_restart = hands(&running).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while hands(&running).await < at_restart + 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "no hand after the restart"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.release_channel(HEADED_CHANNEL);
    let after = first_boards_from(&fake, &threads, restart, Duration::from_secs(60)).await;
    for board in &after {
        assert!(board.starts_with("**Dawn Cup** · Table "), "{board}");
    }
    bot.stop().await;
}
