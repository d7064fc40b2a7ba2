//! A multi-table event played through Discord: it starts at its time, each table plays in
//! its own public thread under the event's channel (named for the event and the table), the
//! event's one message follows it (level, field, pause) to its results, `/tournament
//! status` tells a player their place and anyone else the event, moderators pause and
//! resume it (each refused when it does not apply), and once it is over every table's
//! thread is archived and every chip of the prize pool is in a balance.
//!
//! An event starts at least a minute after `/tournament schedule`; these tests schedule
//! theirs through the bank to start within seconds, then register through Discord.

use std::time::Duration;

use studbot::bank::{EventSchedule, GuildId, UserId};
use studbot::table::{GameChoice, Rules};
use studbot::tournament::multi::schedule::{ScheduleOptions, schedule};

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_201;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_plays_in_a_thread_per_table_and_its_message_follows_it_to_the_results() {
    const CHANNEL: u64 = 300_000_000_000_004_201;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let players: Vec<FakeUser> = (1..=9).map(|n| player(n, &format!("P{n}"))).collect();
    add_people(&fake, &players);
    let outsider = player(20, "Zoe");
    fake.add_user(&outsider);

    // The channel as Discord shows it to the bot once someone uses it.
    tournament(&fake, &outsider, CHANNEL, "status").await;
    schedule_soon(&running, CHANNEL, "Night Run", 6, |options| {
        options.table_size = Some(4);
        options.starting_stack = Some(40);
    })
    .await;
    let message = event_message(&fake, CHANNEL, "Night Run").await;
    let register = button(&fake, message, ":r");
    for user in &players {
        let joined = fake.ask(user, CHANNEL, "join", vec![]).await;
        assert_private_to(&joined, user, "You're registered for **Night Run**");
    }
    wait_saying(&fake, message, "9 players registered · prize pool 90").await;

    // Nine players at tables of four: three tables, each in its thread.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while fake.threads_started_in(CHANNEL).len() < 3 {
        assert!(
            std::time::Instant::now() < deadline,
            "the tables' threads never came"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let threads = fake.threads_started_in(CHANNEL);
    assert_eq!(threads.len(), 3, "{threads:?}");
    let mut names: Vec<String> = threads
        .iter()
        .filter_map(|&thread| fake.thread_name(thread))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "Night Run · Table 1",
            "Night Run · Table 2",
            "Night Run · Table 3"
        ]
    );

    let late = fake.ask(&outsider, CHANNEL, "join", vec![]).await;
    assert_private_to(&late, &outsider, "Registration for this event is closed.");
    let unregister = fake.ask(&players[0], CHANNEL, "leave", vec![]).await;
    let said = unregister.content().to_owned();
    assert!(
        said.contains("nobody can unregister now") || said.contains("This event is over."),
        "{said}"
    );

    // The players play their turns (none waits out a timer) to the end.
    let (over, _) = playing_until(
        &fake,
        CHANNEL,
        &players,
        STAY_IN,
        wait_saying_for(
            &fake,
            message,
            "It's over: 9 entries",
            Duration::from_secs(120),
        ),
    )
    .await;
    let text = over["content"].as_str().unwrap_or_default();
    assert!(text.contains("1st"), "{text}");
    // A Register button kept from before the start: refused, nothing charged.
    let stale = fake.click(&outsider, message, &register).await;
    let stale = fake.answer_to(stale).await;
    assert_private_to(&stale, &outsider, "This event is over.");
    assert_balance(&fake, CHANNEL, &outsider, 1_000).await;
    // Over, `/tournament status` there shows its results, to anyone, until another event
    // or sit & go takes the channel (the event holds it no more).
    let status = tournament(&fake, &outsider, CHANNEL, "status").await;
    assert_private_to(&status, &outsider, "It's over: 9 entries");
    assert!(status.content().contains("1st"), "{}", status.content());

    // Nine players fit in two tables once one is out: a table broke and its players moved,
    // each mentioned in their new table's thread, that player alone notified.
    let moves: Vec<Recorded> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.content().contains("moves from table"))
        .collect();
    assert!(!moves.is_empty(), "nobody was told of a move");
    for told in &moves {
        let thread = told.channel().expect("a channel write");
        assert!(threads.contains(&thread), "told outside a table's thread");
        let users = &told.body["allowed_mentions"]["users"];
        let mentioned = users.as_array().cloned().unwrap_or_default();
        assert_eq!(mentioned.len(), 1, "{}", told.body);
        let user = mentioned[0].as_str().unwrap_or_default();
        assert!(
            told.content().starts_with(&format!("<@{user}> moves")),
            "{}",
            told.content()
        );
        assert_eq!(
            told.body["allowed_mentions"]["parse"],
            serde_json::json!([])
        );
    }
    // At the start each person was told their table in its thread, once, alone notified
    // among those of that table.
    let seated: Vec<Recorded> = fake
        .requests()
        .into_iter()
        .filter(|r| {
            r.method == "POST"
                && r.is_success()
                && r.content().contains("your seat is at this table")
        })
        .collect();
    let mut told: Vec<String> = Vec::new();
    for message in &seated {
        assert!(threads.contains(&message.channel().unwrap_or(0)));
        let users = message.body["allowed_mentions"]["users"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for user in users {
            let user = user.as_str().unwrap_or_default().to_owned();
            assert!(message.content().contains(&format!("<@{user}>")));
            told.push(user);
        }
    }
    told.sort();
    let mut expected: Vec<String> = players.iter().map(|p| p.id.to_string()).collect();
    expected.sort();
    assert_eq!(told, expected);
    // Every thread archived once its table's last messages are in, and nothing after.
    wait_archived_with_nothing_after(&fake, &threads).await;
    // Every chip of the prize pool went to a balance.
    let mut total = 0;
    for user in &players {
        total += running
            .bank()
            .balance(GuildId(GUILD_ID), UserId(user.id))
            .await
            .expect("a balance");
    }
    assert_eq!(total, 9 * 1_000);
    let shown = event_messages(&fake, CHANNEL, "Night Run");
    assert_eq!(shown.len(), 1, "{shown:#?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderators_pause_resume_and_cancel_a_running_event_and_players_read_their_status() {
    const CHANNEL: u64 = 300_000_000_000_004_202;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let players: Vec<FakeUser> = (1..=4).map(|n| player(n, &format!("P{n}"))).collect();
    add_people(&fake, &players);
    let outsider = player(20, "Zoe");
    fake.add_user(&outsider);

    tournament(&fake, &outsider, CHANNEL, "status").await;
    schedule_soon(&running, CHANNEL, "Pause Cup", 5, |options| {
        options.table_size = Some(4);
        options.starting_stack = Some(2_000);
    })
    .await;
    let message = event_message(&fake, CHANNEL, "Pause Cup").await;
    let early = tournament(&fake, &moderator(), CHANNEL, "pause").await;
    assert_private_to(&early, &moderator(), "The event hasn't started yet.");
    let not_mod = tournament(&fake, &players[0], CHANNEL, "pause").await;
    assert_eq!(not_mod.visibility, Visibility::Ephemeral(players[0].id));
    for user in &players {
        fake.ask(user, CHANNEL, "join", vec![]).await;
    }
    let registered = tournament(&fake, &players[0], CHANNEL, "status").await;
    assert_private_to(&registered, &players[0], "You're registered.");

    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while fake.threads_started_in(CHANNEL).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the table's thread never came"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let paused = tournament(&fake, &moderator(), CHANNEL, "pause").await;
    assert_public(&paused, CHANNEL, "Mod paused the event");
    // The tables stop once their hands are over, the players playing their turns.
    playing_until(
        &fake,
        CHANNEL,
        &players,
        STAY_IN,
        wait_saying(&fake, message, "The clock is paused"),
    )
    .await;
    let twice = tournament(&fake, &moderator(), CHANNEL, "pause").await;
    assert_private_to(&twice, &moderator(), "The event is paused already.");

    let seat = tournament(&fake, &players[1], CHANNEL, "status").await;
    assert_private_to(&seat, &players[1], "You are at table 1, seat");
    let summary = tournament(&fake, &outsider, CHANNEL, "status").await;
    assert_private_to(&summary, &outsider, "**Pause Cup**");
    assert!(
        summary.content().contains("still in"),
        "{}",
        summary.content()
    );

    let resumed = tournament(&fake, &moderator(), CHANNEL, "resume").await;
    assert_public(&resumed, CHANNEL, "Mod resumed the event");
    let again = tournament(&fake, &moderator(), CHANNEL, "resume").await;
    assert_private_to(&again, &moderator(), "The event isn't paused.");

    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "**Pause Cup** is being cancelled");
    playing_until(
        &fake,
        CHANNEL,
        &players,
        STAY_IN,
        wait_saying_for(&fake, message, "Cancelled", Duration::from_secs(30)),
    )
    .await;
    let mut total = 0;
    for user in &players {
        total += running
            .bank()
            .balance(GuildId(GUILD_ID), UserId(user.id))
            .await
            .expect("a balance");
    }
    assert_eq!(total, 4 * 1_000);
    let after = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_eq!(after.visibility, Visibility::Ephemeral(moderator().id));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_registered_are_reminded_once_before_the_start_even_across_a_restart() {
    const CHANNEL: u64 = 300_000_000_000_004_203;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let players: Vec<FakeUser> = (1..=4).map(|n| player(n, &format!("P{n}"))).collect();
    add_people(&fake, &players);
    tournament(&fake, &moderator(), CHANNEL, "status").await;

    // Scheduled a while ago, starting just past the reminder's lead: due in seconds.
    let guild = GuildId(GUILD_ID);
    let now = now_unix();
    let options = ScheduleOptions::new("Reminder Cup", GameChoice::Stud8, "in 1h", 10);
    let scheduled = schedule(&options, now, Rules::default()).expect("a valid event");
    let lead = studbot::bot::reminders::REMINDER_LEAD_SECS + 6;
    let stored = EventSchedule {
        channel: studbot::bank::TableId(CHANNEL),
        name: "Reminder Cup".to_owned(),
        starts_at: now + lead,
        now,
        added_by: None,
    };
    let bank = running.bank();
    let id = bank
        .schedule_event(guild, stored, scheduled.settings, "reminder-cup")
        .await
        .expect("scheduled");
    let note = studbot::bank::EventNote::Scheduled {
        computers_allowed: true,
        scheduled_at: now - 3_600,
    };
    bank.note_event(guild, id, note).await.expect("noted");
    bank.enter_event(guild, id, UserId::computer(0), 0, "reminded-computer")
        .await
        .expect("a computer player registered");
    running.open_event(id).await.expect("its coordinator runs");
    let message = event_message(&fake, CHANNEL, "Reminder Cup").await;
    for user in &players[..3] {
        fake.ask(user, CHANNEL, "join", vec![]).await;
    }
    let reminders = |fake: &FakeDiscord| -> Vec<Recorded> {
        fake.requests()
            .into_iter()
            .filter(|r| {
                r.method == "POST" && r.is_success() && r.content().contains("take your seats")
            })
            .collect()
    };
    let reminder = fake
        .wait_for("the reminder", 0, |r| {
            r.method == "POST" && r.is_success() && r.content().contains("take your seats")
        })
        .await;
    assert!(
        reminder
            .content()
            .starts_with("**Reminder Cup** starts <t:")
    );
    let mut mentioned: Vec<String> = reminder.body["allowed_mentions"]["users"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(|user| user.as_str().map(str::to_owned))
        .collect();
    mentioned.sort();
    let mut expected: Vec<String> = players[..3].iter().map(|p| p.id.to_string()).collect();
    expected.sort();
    assert_eq!(mentioned, expected, "exactly the people registered");
    assert_eq!(
        reminder.body["allowed_mentions"]["parse"],
        serde_json::json!([])
    );
    bot.stop().await;

    let bot = support::bot::TestBot::start(&fake, &config).await;
    fake.ask(&players[3], CHANNEL, "join", vec![]).await;
    // The computer player and four people.
    wait_saying(&fake, message, "5 players registered").await;
    assert_eq!(reminders(&fake).len(), 1, "reminded twice");
    bot.stop().await;
}
