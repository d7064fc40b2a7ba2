//! The bot's permissions in a table's channel, end to end against the fake Discord and its
//! permission model: `/table open` where the bot lacks View Channel or Send Messages is
//! refused naming what is missing, and nothing is opened; a table reopened at start-up in a
//! channel where Discord answers 50013 is paused with one log line naming the channel and the
//! permissions, the next command there is told why, and it plays on once they are given back
//! and a moderator resumes it. A table reopened where the bot can no longer see its channel
//! (50001) deals nothing and posts nothing there: it is paused at once, with one log line; one
//! whose server removed the bot while it was stopped is closed, every seat cashed out.

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

/// A bot started on `config`, with a hand of `players` at `CHANNEL` cut short by SIGKILL:
/// what the restart finds.
async fn hand_cut_short(
    fake: &FakeDiscord,
    config: &std::path::Path,
    log: &std::path::Path,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
) {
    for player in players {
        fake.add_user(player);
    }
    let first = ChildBot::start(fake, config, log).await;
    let mut table = open_and_play(fake, channel, moderator, players, 200, SEED).await;
    let click = table.act(fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;
    first.kill();
}

/// Waits (30 s at most) until the log holds a line with `needle`.
async fn wait_for_log_line(log: &std::path::Path, needle: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while log_lines(log, needle).is_empty() {
        assert!(
            Instant::now() < deadline,
            "waited 30 s for a log line with {needle:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// What the bot wrote, since `mark`, to `channel` or to anyone's DMs: a dealt hand does both.
fn posts_and_dms(fake: &FakeDiscord, mark: usize, channel: u64) -> Vec<String> {
    fake.requests()
        .iter()
        .skip(mark)
        .filter(|request| {
            (request.is_channel_write() && request.channel() == Some(channel))
                || matches!(request.visibility, Visibility::Dm(_))
        })
        .map(|request| format!("{} {} {}", request.method, request.path, request.status))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_restarted_while_a_channel_denies_view_channel_posts_nothing_there_and_deals_nothing()
{
    const CHANNEL: u64 = 300_000_000_000_000_134;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let config = data.path().join("config.toml");
    std::fs::write(&config, config_text(&fake, &data.path().join("data"), SEED))
        .expect("write the config");
    let moderator = FakeUser::moderator(100_000_000_000_000_150, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_151, "Kai"),
        FakeUser::player(100_000_000_000_000_152, "Lia"),
    ];
    let first_log = data.path().join("first.log");
    hand_cut_short(&fake, &config, &first_log, CHANNEL, &moderator, &players).await;

    // While the bot was away, a server admin hid the channel from it.
    fake.deny_bot(CHANNEL, VIEW_CHANNEL);
    let mark = fake.mark();
    let log = data.path().join("second.log");
    let second = ChildBot::start(&fake, &config, &log).await;
    fake.wait_for(
        "the channel read at start, refused with 50001",
        mark,
        |request| {
            request.method == "GET"
                && request.path == format!("/channels/{CHANNEL}")
                && request.error_code() == Some(50001)
        },
    )
    .await;
    wait_for_log_line(&log, "cannot see channel").await;
    // The line is written once the table is paused: from here it cannot deal.
    assert!(
        posts_and_dms(&fake, mark, CHANNEL).is_empty(),
        "the restart wrote: {:?}",
        posts_and_dms(&fake, mark, CHANNEL)
    );
    let lines = log_lines(&log, &CHANNEL.to_string());
    assert_eq!(lines.len(), 1, "one line about the channel: {lines:#?}");
    assert!(
        lines[0].contains("View Channel") && lines[0].contains("paused"),
        "names the permission and what was done: {}",
        lines[0]
    );

    // Given View Channel back, a moderator resumes: the next hand is dealt there, the one
    // the crash cut short having been refunded, and no hand was dealt blind between.
    fake.allow_bot(CHANNEL, VIEW_CHANNEL);
    let mark = fake.mark();
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    assert_channel_answer(&fake, resumed, CHANNEL).await;
    let (board, _) = wait_for_new_board(&fake, CHANNEL, mark).await;
    let board = fake.message(board).expect("the new board");
    let text = board["content"].as_str().unwrap_or_default();
    assert!(text.contains("Hand #2"), "{text}");
    assert_eq!(log_lines(&log, &CHANNEL.to_string()).len(), 1);
    assert_eq!(second.terminate().await, Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_removed_the_bot_while_it_was_stopped_has_its_table_closed_at_start_and_every_chip_back()
 {
    const CHANNEL: u64 = 300_000_000_000_000_135;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let config = data.path().join("config.toml");
    std::fs::write(&config, config_text(&fake, &data.path().join("data"), SEED))
        .expect("write the config");
    let moderator = FakeUser::moderator(100_000_000_000_000_160, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_161, "Max"),
        FakeUser::player(100_000_000_000_000_162, "Noa"),
    ];
    let first_log = data.path().join("first.log");
    hand_cut_short(&fake, &config, &first_log, CHANNEL, &moderator, &players).await;

    fake.remove_bot_from_guild_while_away();
    let mark = fake.mark();
    let log = data.path().join("second.log");
    let second = ChildBot::start(&fake, &config, &log).await;
    wait_for_log_line(&log, "removed from its server").await;
    assert!(
        posts_and_dms(&fake, mark, CHANNEL).is_empty(),
        "the restart wrote: {:?}",
        posts_and_dms(&fake, mark, CHANNEL)
    );
    assert_eq!(second.terminate().await, Some(0));

    // The table is gone from the bank and every chip is back in its player's balance.
    let bank = studbot::bank::Bank::open(
        &data.path().join("data").join("bank"),
        studbot::bank::EconomyConfig::default(),
    )
    .await
    .expect("the bank opens");
    let guild = studbot::bank::GuildId(GUILD_ID);
    for player in &players {
        let balance = bank
            .balance(guild, studbot::bank::UserId(player.id))
            .await
            .expect("a balance");
        assert_eq!(balance, 1_000, "{}", player.name);
    }
    let audit = bank.audit().await.expect("an audit");
    assert!(audit.ok, "{:?}", audit.breaks);
    assert_eq!(audit.escrow_chips, 0);
    bank.shutdown().await.expect("the bank closes");
}
