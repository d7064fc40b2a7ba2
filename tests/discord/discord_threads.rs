//! Tables in threads and forum posts. Discord's Send Messages "does not allow sending messages
//! in threads": a post there takes Send Messages in Threads. `/table open` in a thread checks
//! that one (and not Send Messages), and the refusal names it in the moderator's language.
//! A table's own thread is archived at its close only once its last messages are in: a post
//! after the archive would unarchive it.

use std::time::{Duration, Instant};

use crate::event_common::wait_archived_with_nothing_after;
use crate::support;

use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 38;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_in_a_thread_without_send_messages_in_threads_is_refused_naming_it() {
    const PARENT: u64 = 300_000_000_000_003_801;
    const THREAD: u64 = 300_000_000_000_003_802;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    fake.add_thread(THREAD, PARENT);
    fake.deny_bot(THREAD, SEND_MESSAGES_IN_THREADS);

    for (locale, named) in [
        ("en-US", "Send Messages in Threads"),
        ("es-ES", "Enviar mensajes en hilos"),
        ("id", "Kirim Pesan di Utas"),
    ] {
        let moderator = FakeUser::moderator(100_000_000_000_003_800, "Mod").with_locale(locale);
        let mark = fake.mark();
        let open = fake
            .slash(&moderator, THREAD, "table", vec![sub("open", vec![])])
            .await;
        let answer = fake.answer_to(open).await;
        assert_eq!(answer.visibility, Visibility::Ephemeral(moderator.id));
        assert!(
            answer.content().contains(named),
            "{locale}: {}",
            answer.content()
        );
        assert!(
            fake.requests()
                .iter()
                .skip(mark)
                .all(|request| !request.is_channel_write()),
            "nothing is posted in the thread"
        );
    }
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_in_a_thread_needs_no_send_messages_and_deals_there() {
    const PARENT: u64 = 300_000_000_000_003_811;
    const THREAD: u64 = 300_000_000_000_003_812;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    fake.add_thread(THREAD, PARENT);
    // The thread denies Send Messages (as a parent channel that reads only may): posting in
    // the thread takes Send Messages in Threads alone.
    fake.deny_bot(THREAD, SEND_MESSAGES);
    let moderator = FakeUser::moderator(100_000_000_000_003_810, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_003_813, "Ada"),
        FakeUser::player(100_000_000_000_003_814, "Bea"),
    ];
    let table = open_and_play(&fake, THREAD, &moderator, &players, 200, SEED).await;
    assert!(fake.message(table.board).is_some());
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

/// The thread's last messages held up for longer than the archive used to wait for them
/// (15 s for the presenter, then 15 s for its queue): archiving "all the same" then let the
/// late posts unarchive the thread (an event table's thread, whose computer players dealt
/// faster than Discord let its boards out, was found so). The archive now waits minutes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_thread_is_archived_only_after_its_last_messages_however_slow_discord_is() {
    const PARENT: u64 = 300_000_000_000_003_821;
    const STALL: Duration = Duration::from_secs(35);
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    fake.add_channel(PARENT);
    let moderator = FakeUser::moderator(100_000_000_000_003_820, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_003_823, "Ada"),
        FakeUser::player(100_000_000_000_003_824, "Bea"),
    ];
    let opened = fake
        .slash(
            &moderator,
            PARENT,
            "table",
            vec![sub("open", vec![boolean("thread", true), int("timer", 5)])],
        )
        .await;
    fake.answer_to(opened).await;
    let thread = *fake
        .threads_started_in(PARENT)
        .first()
        .expect("the table's thread");
    for player in &players {
        let joined = fake
            .slash(player, thread, "join", vec![int("buy_in", 200)])
            .await;
        assert_channel_answer(&fake, joined, thread).await;
    }
    wait_for_new_board(&fake, thread, 0).await;

    // Every message write in the thread answers 429 from now on, as a thread held at
    // Discord's limit; the close is an interaction response and is answered. The first
    // player's 5 s run out: the board's edit and the news of it wait to be written.
    fake.stall_channel(thread, 1.0);
    fake.wait_for("the timeout's writes held up", 0, |r| {
        r.is_channel_write() && r.channel() == Some(thread) && r.status == 429
    })
    .await;
    let closed = fake
        .slash(&moderator, thread, "table", vec![sub("close", vec![])])
        .await;
    assert_channel_answer(&fake, closed, thread).await;
    let stalled_until = Instant::now() + STALL;
    while Instant::now() < stalled_until {
        assert!(
            !fake.thread_archived(thread),
            "the thread was archived while its last messages waited"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    fake.release_channel(thread);
    wait_archived_with_nothing_after(&fake, &[thread]).await;
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.is_channel_write() && r.channel() == Some(thread) && r.status == 429),
        "the thread's last messages were held up"
    );
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}
