//! When the world changes under a table: its channel or thread deleted, the bot removed from
//! the server, a channel deleted while the bot was away. The table is closed through the
//! lobby's own close: the hand in progress is refunded, every seat cashed out to the player's
//! balance, and no restart deals there again.

use crate::support;

use std::time::Duration;

use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 4_040;
/// Where the players ask their balance once the table's channel is gone.
const LOBBY: u64 = 300_000_000_000_002_099;

fn players(base: u64) -> Vec<FakeUser> {
    vec![
        FakeUser::player(base + 1, "Ada"),
        FakeUser::player(base + 2, "Bea"),
    ]
}

/// Retries `check` until it holds, or fails the test after 20 s.
async fn eventually(what: &str, check: impl Fn() -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !check() {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting until {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Each player's `/balance`, asked in another channel, is the starting balance: nothing was
/// left in the closed table's escrow.
async fn every_chip_is_back(fake: &FakeDiscord, players: &[FakeUser]) {
    let starting = studbot::bank::EconomyConfig::default().starting_balance;
    for player in players {
        let asked = fake.slash(player, LOBBY, "balance", vec![]).await;
        let answer = fake.answer_to(asked).await;
        let content = answer.content();
        assert!(
            content.contains(&format_thousands(starting))
                || content.contains(&starting.to_string()),
            "{} expected the whole starting balance {starting} back: {content}",
            player.name
        );
    }
}

/// The bot on `data`, started again: the closed table is not reopened.
async fn restart_deals_nowhere(fake: &FakeDiscord, data: &std::path::Path, channel: u64) {
    let (bot, running) = TestBot::start_observed(fake, &config_text(fake, data, SEED)).await;
    assert!(
        running
            .lobby()
            .table(studbot::bank::TableId(channel))
            .is_err(),
        "the closed table was reopened at start-up"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_channel_is_deleted_mid_hand_is_closed_and_every_chip_goes_back() {
    const CHANNEL: u64 = 300_000_000_000_002_001;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let moderator = FakeUser::moderator(100_000_000_000_002_000, "Mod");
    let players = players(100_000_000_000_002_010);
    let table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    assert!(fake.message(table.board).is_some());

    fake.delete_channel(CHANNEL).await;
    eventually("the table is closed", || {
        running
            .lobby()
            .table(studbot::bank::TableId(CHANNEL))
            .is_err()
    })
    .await;
    every_chip_is_back(&fake, &players).await;
    bot.stop().await;
    restart_deals_nowhere(&fake, data.path(), CHANNEL).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_thread_is_deleted_is_closed_and_every_chip_goes_back() {
    const PARENT: u64 = 300_000_000_000_002_010;
    const THREAD: u64 = 300_000_000_000_002_011;
    let fake = FakeDiscord::start().await;
    fake.add_thread(THREAD, PARENT);
    let data = tempfile::tempdir().unwrap();
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let moderator = FakeUser::moderator(100_000_000_000_002_100, "Mod");
    let players = players(100_000_000_000_002_110);
    open_and_play(&fake, THREAD, &moderator, &players, 200, SEED).await;

    fake.delete_thread(THREAD).await;
    eventually("the table is closed", || {
        running
            .lobby()
            .table(studbot::bank::TableId(THREAD))
            .is_err()
    })
    .await;
    every_chip_is_back(&fake, &players).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_in_a_server_that_removes_the_bot_is_closed_and_an_outage_closes_nothing() {
    const CHANNEL: u64 = 300_000_000_000_002_021;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let moderator = FakeUser::moderator(100_000_000_000_002_200, "Mod");
    let players = players(100_000_000_000_002_210);
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;

    // A server unavailable in an outage is still the bot's: its tables stay.
    fake.make_guild_unavailable().await;
    let asked = fake.slash(&players[0], CHANNEL, "balance", vec![]).await;
    fake.answer_to(asked).await;
    assert!(
        running
            .lobby()
            .table(studbot::bank::TableId(CHANNEL))
            .is_ok()
    );

    fake.remove_bot_from_guild().await;
    eventually("the table is closed", || {
        running
            .lobby()
            .table(studbot::bank::TableId(CHANNEL))
            .is_err()
    })
    .await;
    bot.stop().await;
    // The players' balances, read from the bank the bot left.
    let fake = FakeDiscord::start().await;
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), SEED)).await;
    every_chip_is_back(&fake, &players).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_channel_was_deleted_while_the_bot_was_away_is_closed_at_start_without_a_post()
 {
    const CHANNEL: u64 = 300_000_000_000_002_031;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), SEED)).await;
    let moderator = FakeUser::moderator(100_000_000_000_002_300, "Mod");
    let players = players(100_000_000_000_002_310);
    open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    bot.stop().await;

    fake.delete_channel_while_away(CHANNEL);
    let mark = fake.mark();
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    fake.wait_for("the channel read at start as Unknown Channel", mark, |r| {
        r.method == "GET" && r.channel() == Some(CHANNEL) && r.error_code() == Some(10003)
    })
    .await;
    eventually("the table is closed", || {
        running
            .lobby()
            .table(studbot::bank::TableId(CHANNEL))
            .is_err()
    })
    .await;
    let posts: Vec<_> = fake
        .requests()
        .into_iter()
        .skip(mark)
        .filter(|r| r.is_channel_write() && r.channel() == Some(CHANNEL))
        .collect();
    assert!(
        posts.is_empty(),
        "nothing is posted to a deleted channel: {posts:?}"
    );
    every_chip_is_back(&fake, &players).await;
    bot.stop().await;
    restart_deals_nowhere(&fake, data.path(), CHANNEL).await;
}
