//! Permissions as Discord gives them: a channel the bot can no longer see answers 50001
//! (Missing Access), which pauses the table as 50013 does; `/table resume` while the
//! permission is still missing pauses it again at the first refused post. A table that loses
//! Send Messages while it plays says why where Discord still lets the bot speak: on its board
//! (an edit needs no Send Messages) and in the answer to any command there.

use crate::support;

use std::time::Duration;

use studbot::bank::TableId;
use studbot::table::ActionKind;
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

const PAUSED_WHY: &str = "The table is paused: I cannot post in this channel.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_that_loses_send_messages_says_why_on_its_board_and_in_every_answer_there() {
    const CHANNEL: u64 = 300_000_000_000_005_002;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let moderator = FakeUser::moderator(100_000_000_000_005_010, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_005_011, "Ada"),
        FakeUser::player(100_000_000_000_005_012, "Bea"),
    ];
    let late = FakeUser::player(100_000_000_000_005_013, "Cyd");
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    // A server admin takes Send Messages from the bot; it still sees the channel.
    fake.deny_bot(CHANNEL, SEND_MESSAGES);
    let mark = fake.mark();
    // Bea leaves: the table folds for her at her turn, and the channel is to be told she left
    // by a new message, which Discord refuses.
    let leaving = fake.slash(&players[1], CHANNEL, "leave", vec![]).await;
    assert_channel_answer(&fake, leaving, CHANNEL).await;
    if table.to_act().map(|user| user.id) == Some(players[0].id) {
        let click = table
            .act(&fake, &[ActionKind::BringIn, ActionKind::Check])
            .await;
        fake.response_to(click).await;
    }
    fake.wait_for("the departure's post refused with 50013", mark, |r| {
        r.is_channel_write() && r.channel() == Some(CHANNEL) && r.error_code() == Some(50013)
    })
    .await;
    wait_paused(&running, CHANNEL, true).await;
    // The board, which the bot may still edit, says why.
    fake.wait_message(
        table.board,
        "the board telling why it is paused",
        |message| {
            message["content"]
                .as_str()
                .is_some_and(|content| content.starts_with(&format!("⏸️ {PAUSED_WHY}")))
        },
    )
    .await;

    // Every answer in the channel tells it too: a join is taken and told why nothing is dealt;
    // a refusal for the pause is the reason itself.
    let joined = fake
        .slash(&late, CHANNEL, "join", vec![int("buy_in", 200)])
        .await;
    let answer = assert_channel_answer(&fake, joined, CHANNEL).await;
    assert!(
        answer.content().contains("Cyd sits down") && answer.content().contains(PAUSED_WHY),
        "{}",
        answer.content()
    );
    let paused = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("pause", vec![])])
        .await;
    let answer = fake.answer_to(paused).await;
    assert!(
        answer.content().starts_with(PAUSED_WHY),
        "{}",
        answer.content()
    );
    // Nothing else was posted while the bot could not: no board for a hand, no retries.
    let refused = fake
        .requests()
        .iter()
        .skip(mark)
        .filter(|r| r.method == "POST" && r.error_code() == Some(50013))
        .count();
    assert_eq!(refused, 1, "one refused post, then none");

    // Given back and resumed: the answer and the board no longer say it.
    fake.allow_bot(CHANNEL, SEND_MESSAGES);
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    let answer = assert_channel_answer(&fake, resumed, CHANNEL).await;
    assert!(
        !answer.content().contains(PAUSED_WHY),
        "{}",
        answer.content()
    );
    fake.wait_message(table.board, "the board without the pause", |message| {
        message["content"]
            .as_str()
            .is_some_and(|content| !content.contains(PAUSED_WHY))
    })
    .await;
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_next_board_is_refused_says_why_on_the_last_hands_board() {
    const CHANNEL: u64 = 300_000_000_000_005_003;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let moderator = FakeUser::moderator(100_000_000_000_005_020, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_005_021, "Ada"),
        FakeUser::player(100_000_000_000_005_022, "Bea"),
    ];
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let first_board = table.board;

    // Send Messages is taken mid-hand: the clicks' answers still edit the board, and the
    // hand ends; the next hand's board is a new message, which Discord refuses.
    fake.deny_bot(CHANNEL, SEND_MESSAGES);
    let mark = fake.mark();
    while table.mirror.to_act().is_some() {
        let click = table.act(&fake, &[ActionKind::Fold]).await;
        fake.response_to(click).await;
    }
    fake.wait_for("the next board refused with 50013", mark, |r| {
        r.method == "POST" && r.channel() == Some(CHANNEL) && r.error_code() == Some(50013)
    })
    .await;
    wait_paused(&running, CHANNEL, true).await;
    // The last hand's board, which the bot may still edit, says why, above its results.
    let told = fake
        .wait_message(
            first_board,
            "the last board telling why it is paused",
            |message| {
                message["content"]
                    .as_str()
                    .is_some_and(|content| content.starts_with(&format!("⏸️ {PAUSED_WHY}")))
            },
        )
        .await;
    assert!(
        told["content"]
            .as_str()
            .unwrap_or_default()
            .contains("results"),
        "{told}"
    );

    // Given back and resumed: that board is as it was, and the next hand's board is posted.
    fake.allow_bot(CHANNEL, SEND_MESSAGES);
    let mark = fake.mark();
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    assert_channel_answer(&fake, resumed, CHANNEL).await;
    fake.wait_message(first_board, "the last board without the pause", |message| {
        message["content"]
            .as_str()
            .is_some_and(|content| !content.contains(PAUSED_WHY) && content.contains("results"))
    })
    .await;
    wait_for_new_board(&fake, CHANNEL, mark).await;
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}
