//! The bot's permissions in a table's channel, end to end against the fake Discord and its
//! permission model: `/table open` where the bot lacks View Channel or Send Messages is
//! refused naming what is missing, and nothing is opened; a table reopened at start-up in a
//! channel where Discord answers 50013 is paused with one log line naming the channel and the
//! permissions, the next command there is told why, and it plays on once they are given back
//! and a moderator resumes it.

#![cfg(unix)]

use std::time::{Duration, Instant};

use crate::support;

use studbot::table::ActionKind;
use support::bot::{ChildBot, config_text, start_fake_and_bot};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 13;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_a_table_where_the_bot_cannot_post_is_refused_naming_the_permission() {
    const CHANNEL: u64 = 300_000_000_000_000_131;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_130, "Mod");
    fake.add_channel(CHANNEL);

    for (denied, named, not_named) in [
        (SEND_MESSAGES, "Send Messages", "View Channel"),
        (VIEW_CHANNEL, "View Channel", "Send Messages"),
    ] {
        fake.deny_bot(CHANNEL, denied);
        let mark = fake.mark();
        let open = fake
            .slash(&moderator, CHANNEL, "table", vec![sub("open", vec![])])
            .await;
        let answer = fake.answer_to(open).await;
        assert_eq!(answer.visibility, Visibility::Ephemeral(moderator.id));
        let text = answer.content();
        assert!(text.contains(named), "names {named}: {text}");
        assert!(
            !text.contains(not_named),
            "names only what is missing: {text}"
        );
        assert!(
            fake.requests()
                .iter()
                .skip(mark)
                .all(|request| !request.is_channel_write()),
            "nothing is posted in the channel"
        );
        fake.allow_bot(CHANNEL, denied);
    }

    // Nothing was opened: with the permissions given, the table opens now (a second open of
    // an open table would be refused).
    let open = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("open", vec![])])
        .await;
    assert_channel_answer(&fake, open, CHANNEL).await;
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

/// Every line of the log that mentions `needle`.
fn log_lines(log: &std::path::Path, needle: &str) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|line| line.contains(needle))
        .map(str::to_owned)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_reopened_where_discord_answers_50013_is_paused_with_one_log_line() {
    const CHANNEL: u64 = 300_000_000_000_000_132;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let config = data.path().join("config.toml");
    std::fs::write(&config, config_text(&fake, &data.path().join("data"), SEED))
        .expect("write the config");
    let moderator = FakeUser::moderator(100_000_000_000_000_140, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_141, "Ivo"),
        FakeUser::player(100_000_000_000_000_142, "Jan"),
    ];
    for player in &players {
        fake.add_user(player);
    }
    let first = ChildBot::start(&fake, &config, &data.path().join("first.log")).await;
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;
    first.kill();

    // While the bot was away, a server admin took Send Messages from it in the channel.
    fake.deny_bot(CHANNEL, SEND_MESSAGES);
    let mark = fake.mark();
    let log = data.path().join("second.log");
    let second = ChildBot::start(&fake, &config, &log).await;
    fake.wait_for("a post refused with 50013", mark, |request| {
        request.is_channel_write()
            && request.channel() == Some(CHANNEL)
            && request.error_code() == Some(50013)
    })
    .await;
    let channel = CHANNEL.to_string();
    let deadline = Instant::now() + Duration::from_secs(30);
    while log_lines(&log, "50013").is_empty() {
        assert!(
            Instant::now() < deadline,
            "waited 30 s for the log line about 50013"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // No board to edit after the restart: the next command there tells why it is paused.
    let asked = fake
        .slash(&players[0], CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    let answer = fake.answer_to(asked).await;
    assert!(
        answer
            .content()
            .contains("The table is paused: I cannot post in this channel."),
        "{}",
        answer.content()
    );

    // Given back its permission, the table waits for a moderator: it was paused.
    fake.allow_bot(CHANNEL, SEND_MESSAGES);
    let mark = fake.mark();
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    assert_channel_answer(&fake, resumed, CHANNEL).await;
    wait_for_new_board(&fake, CHANNEL, mark).await;

    let lines = log_lines(&log, "50013");
    assert_eq!(lines.len(), 1, "one line, not one per write: {lines:#?}");
    let line = &lines[0];
    assert!(line.contains(&channel), "names the channel: {line}");
    assert!(
        line.contains("Send Messages") && line.contains("paused"),
        "names the permission and what was done: {line}"
    );
    let refused_posts = fake
        .requests()
        .iter()
        .filter(|request| request.error_code() == Some(50013))
        .count();
    assert!(refused_posts >= 1);
    assert_eq!(second.terminate().await, Some(0));
}
