//! Tables in threads and forum posts. Discord's Send Messages "does not allow sending messages
//! in threads": a post there takes Send Messages in Threads. `/table open` in a thread checks
//! that one (and not Send Messages), and the refusal names it in the moderator's language.

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
