//! Permissions as Discord gives them: a channel the bot can no longer see answers 50001
//! (Missing Access), which pauses the table as 50013 does; `/table resume` while the
//! permission is still missing pauses it again at the first refused post.

use crate::support;

use std::time::Duration;

use studbot::bank::TableId;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 7_171;

/// Waits until the table's status says `paused`, or fails after 20 s.
async fn wait_paused(bot: &studbot::bot::Bot, channel: u64, paused: bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let status = bot
            .lobby()
            .table(TableId(channel))
            .expect("the table is open")
            .status()
            .await
            .expect("the table answers");
        if status.paused == paused {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting for the table to be paused = {paused}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_channel_the_bot_cannot_see_is_paused_and_a_resume_without_it_pauses_again() {
    const CHANNEL: u64 = 300_000_000_000_005_001;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let moderator = FakeUser::moderator(100_000_000_000_005_000, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_005_001, "Ada"),
        FakeUser::player(100_000_000_000_005_002, "Bea"),
    ];
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), SEED)).await;
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    bot.stop().await;

    // While the bot was away, a moderator hid the channel from it: Discord answers 50001.
    fake.deny_bot(CHANNEL, VIEW_CHANNEL);
    let mark = fake.mark();
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    // The moderator's pause of `open_and_seat` is kept across the restart: resume to deal.
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    fake.answer_to(resumed).await;
    fake.wait_for("a post refused with 50001", mark, |r| {
        r.is_channel_write() && r.channel() == Some(CHANNEL) && r.error_code() == Some(50001)
    })
    .await;
    wait_paused(&running, CHANNEL, true).await;

    // Resumed with the channel still hidden: the next refused post pauses it again.
    let mark = fake.mark();
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    fake.answer_to(resumed).await;
    fake.wait_for("a post refused again", mark, |r| {
        r.is_channel_write() && r.channel() == Some(CHANNEL) && r.error_code() == Some(50001)
    })
    .await;
    wait_paused(&running, CHANNEL, true).await;
    bot.stop().await;
}
