//! Multi-table events through Discord, before the start: `/tournament schedule` posts the
//! event's one message (with its Register and Unregister buttons), which is edited as
//! players register with `/join` or the button and unregister with `/leave` or the button
//! (each buy-in moved at once, each answer private); a refusal is told to the caller alone,
//! in their language, and changes nothing; a restart finds the message again.

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::bot::TestBot;
use support::fake_discord::*;

const SEED: u64 = 4_101;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scheduled_event_posts_one_message_that_registrations_edit() {
    const CHANNEL: u64 = 300_000_000_000_004_101;
    let (fake, _data, bot) = support::bot::start_fake_and_bot(SEED).await;
    let (ada, ben, cat) = (player(1, "Ada"), player(2, "Ben"), player(3, "Cat"));
    add_people(&fake, [&ada, &ben, &cat]);

    let scheduled = schedule_with(&fake, CHANNEL, "Sunday Stud", "in 2h", 100, vec![]).await;
    assert_private_to(
        &scheduled,
        &moderator(),
        "**Sunday Stud** is scheduled: it starts <t:",
    );
    let message = event_message(&fake, CHANNEL, "Sunday Stud").await;
    wait_saying(&fake, message, "Nobody has registered yet.").await;

    let joined = fake.ask(&ada, CHANNEL, "join", vec![]).await;
    assert_private_to(&joined, &ada, "You're registered for **Sunday Stud**");
    assert_balance(&fake, CHANNEL, &ada, 900).await;
    wait_saying(&fake, message, "1 player registered · prize pool 100").await;

    let register = button(&fake, message, ":r");
    let clicked = fake.click(&ben, message, &register).await;
    let answer = fake.answer_to(clicked).await;
    assert_private_to(&answer, &ben, "You're registered for **Sunday Stud**");
    let shown = wait_saying(&fake, message, "2 players registered · prize pool 200").await;
    assert!(
        shown["content"].as_str().unwrap_or("").contains("Ben"),
        "{shown}"
    );

    let twice = fake.ask(&ada, CHANNEL, "join", vec![]).await;
    assert_private_to(&twice, &ada, "You're in this event already.");
    let clicked_twice = fake.click(&ben, message, &register).await;
    let again = fake.answer_to(clicked_twice).await;
    assert_private_to(&again, &ben, "You're in this event already.");
    assert_balance(&fake, CHANNEL, &ben, 900).await;

    let not_in = fake.ask(&cat, CHANNEL, "leave", vec![]).await;
    assert_private_to(&not_in, &cat, "You're not registered for this event.");
    let unregister = button(&fake, message, ":u");
    let left = fake.click(&ben, message, &unregister).await;
    let left = fake.answer_to(left).await;
    assert_private_to(&left, &ben, "You're unregistered from **Sunday Stud**");
    assert_balance(&fake, CHANNEL, &ben, 1000).await;
    let left = fake.ask(&ada, CHANNEL, "leave", vec![]).await;
    assert_private_to(&left, &ada, "your buy-in (100) went back to your balance");
    assert_balance(&fake, CHANNEL, &ada, 1000).await;
    wait_saying(&fake, message, "Nobody has registered yet.").await;

    let status = tournament(&fake, &cat, CHANNEL, "status").await;
    assert_private_to(&status, &cat, "**Sunday Stud**");
    assert_eq!(event_messages(&fake, CHANNEL, "Sunday Stud").len(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_schedule_refused_is_told_in_the_moderators_language_and_changes_nothing() {
    const CHANNEL: u64 = 300_000_000_000_004_102;
    const SIT_AND_GO: u64 = 300_000_000_000_004_103;
    const NO_THREADS: u64 = 300_000_000_000_004_104;
    let (fake, _data, bot) = support::bot::start_fake_and_bot(SEED).await;
    add_people(&fake, []);

    let passed = schedule_with(&fake, CHANNEL, "Old", "2020-01-01 20:00 UTC", 10, vec![]).await;
    assert_private_to(&passed, &moderator(), "That start time has passed");
    let unreadable = schedule_with(&fake, CHANNEL, "Odd", "tomorrow at eight", 10, vec![]).await;
    assert_private_to(&unreadable, &moderator(), "I can't read that start time.");
    let custom = vec![int("structure", CUSTOM), string("timed_levels", "1/2/5")];
    let broken = schedule_with(&fake, CHANNEL, "Odd", "in 2h", 10, custom).await;
    assert_eq!(broken.visibility, Visibility::Ephemeral(moderator().id));
    let late = vec![int("re_entries", 1)];
    let no_late = schedule_with(&fake, CHANNEL, "Odd", "in 2h", 10, late).await;
    assert_private_to(&no_late, &moderator(), "Re-entries need late registration");

    let spanish = FakeUser::moderator(moderator().id, "Mod").with_locale("es-ES");
    let options = vec![
        string("name", "Viejo"),
        int("game", 0),
        string("start", "2020-01-01 20:00 UTC"),
        int("buy_in", 10),
    ];
    let refused = fake
        .ask(
            &spanish,
            CHANNEL,
            "tournament",
            vec![sub("schedule", options)],
        )
        .await;
    assert_private_to(&refused, &spanish, "Esa hora de inicio");

    open(&fake, SIT_AND_GO, 3, 10).await;
    let taken = schedule_with(&fake, SIT_AND_GO, "Here", "in 2h", 10, vec![]).await;
    assert_eq!(taken.visibility, Visibility::Ephemeral(moderator().id));
    assert!(taken.content().contains("sit & go"), "{}", taken.content());

    fake.deny_bot(NO_THREADS, CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS);
    let no_threads = schedule_with(&fake, NO_THREADS, "Threadless", "in 2h", 10, vec![]).await;
    assert_private_to(&no_threads, &moderator(), "Create Public Threads");
    assert!(
        no_threads.content().contains("Send Messages in Threads"),
        "{}",
        no_threads.content()
    );

    for channel in [CHANNEL, SIT_AND_GO, NO_THREADS] {
        let status = tournament(&fake, &moderator(), channel, "pause").await;
        assert_private_to(
            &status,
            &moderator(),
            "no multi-table tournament in this channel",
        );
    }
    assert!(event_messages(&fake, CHANNEL, "Old").is_empty());
    assert!(event_messages(&fake, NO_THREADS, "Threadless").is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_finds_the_events_message_and_edits_it_instead_of_posting_another() {
    const CHANNEL: u64 = 300_000_000_000_004_105;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = support::bot::config_text(&fake, data.path(), SEED);
    let bot = TestBot::start(&fake, &config).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);
    schedule_with(&fake, CHANNEL, "Weekly", "in 3h", 50, vec![]).await;
    let message = event_message(&fake, CHANNEL, "Weekly").await;
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    wait_saying(&fake, message, "1 player registered").await;
    bot.stop().await;

    let bot = TestBot::start(&fake, &config).await;
    let joined = fake.ask(&ben, CHANNEL, "join", vec![]).await;
    assert_private_to(&joined, &ben, "You're registered for **Weekly**");
    wait_saying(&fake, message, "2 players registered").await;
    assert_eq!(event_messages(&fake, CHANNEL, "Weekly").len(), 1);
    let posts = fake
        .requests()
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.channel() == Some(CHANNEL)
                && r.is_success()
                && r.content().starts_with("**Weekly** ·")
        })
        .count();
    let writes: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.path.contains("/messages") && r.method != "GET")
        .map(|r| format!("{} {} {} {}", r.method, r.path, r.status, r.content()))
        .collect();
    assert_eq!(
        posts, 1,
        "the event's message was posted again: {writes:#?}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_discord_will_no_longer_edit_is_replaced_so_the_channel_holds_one() {
    const CHANNEL: u64 = 300_000_000_000_004_106;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = support::bot::config_text(&fake, data.path(), SEED);
    let bot = TestBot::start(&fake, &config).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);
    schedule_with(&fake, CHANNEL, "Old Post", "in 5h", 20, vec![]).await;
    let first = event_message(&fake, CHANNEL, "Old Post").await;
    // Scheduled hours ahead, its message is past the hour Discord lets a bot edit freely.
    fake.make_message_older(first, std::time::Duration::from_secs(2 * 3_600));
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let second = loop {
        let shown = event_messages(&fake, CHANNEL, "Old Post");
        if let [only] = shown.as_slice()
            && only["content"]
                .as_str()
                .is_some_and(|text| text.contains("1 player registered"))
        {
            break only["id"].as_str().and_then(|id| id.parse::<u64>().ok());
        }
        assert!(std::time::Instant::now() < deadline, "{shown:#?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let second = second.expect("a message id");
    assert_ne!(second, first);
    assert!(fake.message(first).is_none(), "the old message stays");
    bot.stop().await;

    // The new message is the one kept: a restart edits it.
    let bot = TestBot::start(&fake, &config).await;
    fake.ask(&ben, CHANNEL, "join", vec![]).await;
    wait_saying(&fake, second, "2 players registered").await;
    assert_eq!(event_messages(&fake, CHANNEL, "Old Post").len(), 1);
    bot.stop().await;
}
