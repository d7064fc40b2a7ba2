//! An event's table looks and is looked up like any table (#41), through Discord: its
//! board in its thread is headed by the event's name, the table's number, the level and
//! the players left, and its legend says its computers are players of the event (they give
//! up no seat); `/history` in the thread tells that table's hands, headed by the event's
//! name; `/tournament status` there tells the event; once the event is over, `/tournament status` in its channel or in one of its
//! threads shows its places and prizes, until a sit & go opens in the channel.

use std::time::{Duration, Instant};

use studbot::bank::TableId;

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_231;
const CHANNEL: u64 = 300_000_000_000_004_231;

/// A message of `channel` saying `text`, once one does.
async fn message_saying(fake: &FakeDiscord, channel: u64, text: &str, within: Duration) -> String {
    let deadline = Instant::now() + within;
    loop {
        if let Some(found) = channel_texts(fake, channel)
            .into_iter()
            .find(|said| said.contains(text))
        {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "channel {channel} never said {text}: {:#?}",
            channel_texts(fake, channel)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_table_is_headed_and_looked_up_like_any_table_and_its_results_stay_after_the_end()
{
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let outsider = player(30, "Ines");
    fake.add_user(&outsider);
    tournament(&fake, &outsider, CHANNEL, "status").await;
    // Nine computers at tables of five: two tables, levels of 20 s.
    schedule_soon_with_computers(
        &fake,
        &running,
        CHANNEL,
        "Harbor Cup",
        3,
        9,
        Some(20),
        |options| {
            options.table_size = Some(5);
            options.starting_stack = Some(40);
        },
    )
    .await;
    let message = event_message(&fake, CHANNEL, "Harbor Cup").await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while fake.threads_started_in(CHANNEL).len() < 2 {
        assert!(Instant::now() < deadline, "the tables' threads never came");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let threads = fake.threads_started_in(CHANNEL);
    let thread = threads[0];
    let number = if fake
        .thread_name(thread)
        .is_some_and(|name| name.ends_with("Table 1"))
    {
        1
    } else {
        2
    };

    // The board: the event's header, and the legend of an event's computers.
    let header = format!("**Harbor Cup** · Table {number} · level ");
    let board = message_saying(&fake, thread, &header, Duration::from_secs(60)).await;
    assert!(board.contains("players left"), "{board}");
    assert!(board.contains("🤖 = computer player"), "{board}");
    assert!(!board.contains("gives its seat"), "{board}");

    // `/tournament status` in the thread, while it plays: the event.
    let status = tournament(&fake, &outsider, thread, "status").await;
    assert_private_to(&status, &outsider, "Harbor Cup");

    // `/history` in the thread: that table's hand, headed by the event's name.
    let bank = running.bank();
    let deadline = Instant::now() + Duration::from_secs(60);
    while bank
        .latest_channel_hand_history(TableId(thread))
        .await
        .expect("a read")
        .is_none()
    {
        assert!(Instant::now() < deadline, "no hand of the thread was kept");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let asked = fake.slash(&outsider, thread, "history", vec![]).await;
    let answer = fake.answer_to(asked).await;
    assert_private_to(&answer, &outsider, "**Harbor Cup, hand ");
    let asked = fake
        .slash(&outsider, thread, "history", vec![int("hand", 1)])
        .await;
    let answer = fake.answer_to(asked).await;
    assert_private_to(&answer, &outsider, "**Harbor Cup, hand 1**");

    // Over: its results, to anyone, in its channel and in its threads.
    wait_saying_for(
        &fake,
        message,
        "It's over: 9 entries",
        Duration::from_secs(240),
    )
    .await;
    for channel in [CHANNEL, threads[0], threads[1]] {
        let status = tournament(&fake, &outsider, channel, "status").await;
        assert_private_to(&status, &outsider, "It's over: 9 entries");
        assert!(status.content().contains("1st"), "{}", status.content());
    }
    // A sit & go opened in the channel takes it: the event's results are shown no more.
    let opened = open(&fake, CHANNEL, 2, 10).await;
    assert!(opened.is_success(), "{:?}", opened.body);
    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert!(cancelled.is_success(), "{:?}", cancelled.body);
    let status = tournament(&fake, &outsider, CHANNEL, "status").await;
    assert_private_to(&status, &outsider, "There is no sit & go in this channel.");
    bot.stop().await;
}
