//! Sit & go tournaments through Discord: a moderator opens one, players register and
//! unregister with `/join` and `/leave` (the buy-in moves at once), it starts when its seats
//! are full or a moderator starts it, `/tournament status` shows it, and a cancel refunds
//! every buy-in before the start and divides the pool by chips after it. Every refusal is
//! told to the caller alone, in their language, and changes nothing.

use crate::support;

use serde_json::Value;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;

const SEED: u64 = 2_312;
/// `structure`'s choices in the order `/tournament open` offers them.
const REGULAR: i64 = 0;
/// `game`'s choices: stud8, stud, razz, mix.
const STUD8: i64 = 0;

fn moderator() -> FakeUser {
    FakeUser::moderator(100_000_000_000_002_300, "Mod")
}

fn player(n: u64, name: &str) -> FakeUser {
    FakeUser::player(100_000_000_000_002_300 + n, name)
}

async fn ask(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    name: &str,
    options: Vec<Value>,
) -> Recorded {
    let id = fake.slash(user, channel, name, options).await;
    fake.answer_to(id).await
}

async fn open(fake: &FakeDiscord, channel: u64, seats: i64, buy_in: i64) -> Recorded {
    let options = vec![
        int("game", STUD8),
        int("seats", seats),
        int("buy_in", buy_in),
        int("structure", REGULAR),
    ];
    ask(
        fake,
        &moderator(),
        channel,
        "tournament",
        vec![sub("open", options)],
    )
    .await
}

async fn tournament(fake: &FakeDiscord, user: &FakeUser, channel: u64, what: &str) -> Recorded {
    ask(fake, user, channel, "tournament", vec![sub(what, vec![])]).await
}

/// `/balance` tells `user` they hold `chips` (written with or without a thousands mark).
async fn assert_balance(fake: &FakeDiscord, channel: u64, user: &FakeUser, chips: u64) {
    let answer = ask(fake, user, channel, "balance", vec![]).await;
    let digits: String = answer
        .content()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(digits, chips.to_string(), "{}", answer.content());
}

fn assert_private_to(answer: &Recorded, user: &FakeUser, says: &str) {
    assert_eq!(
        answer.visibility,
        Visibility::Ephemeral(user.id),
        "{}",
        answer.content()
    );
    assert!(answer.content().contains(says), "{}", answer.content());
}

fn assert_public(answer: &Recorded, channel: u64, says: &str) {
    assert_eq!(
        answer.visibility,
        Visibility::Channel(channel),
        "{}",
        answer.content()
    );
    assert!(answer.content().contains(says), "{}", answer.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_register_and_unregister_with_join_and_leave_and_the_buy_in_moves_at_once() {
    const CHANNEL: u64 = 300_000_000_000_002_301;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    for user in [&moderator(), &ada, &ben] {
        fake.add_user(user);
    }
    let opened = open(&fake, CHANNEL, 3, 100).await;
    assert_public(&opened, CHANNEL, "A sit & go is open");
    assert!(
        opened.content().contains("0/3 entrants"),
        "{}",
        opened.content()
    );

    let joined = ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    assert_public(&joined, CHANNEL, "Ada registered (1/3); prize pool 100.");
    assert_balance(&fake, CHANNEL, &ada, 900).await;

    let twice = ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    assert_private_to(&twice, &ada, "You are already registered in this sit & go.");
    let not_in = ask(&fake, &ben, CHANNEL, "leave", vec![]).await;
    assert_private_to(&not_in, &ben, "You are not registered in this sit & go.");

    let status = tournament(&fake, &ben, CHANNEL, "status").await;
    assert_private_to(&status, &ben, "1/3 entrants · buy-in 100 · prize pool 100");
    assert!(status.content().contains("• Ada"), "{}", status.content());

    let left = ask(&fake, &ada, CHANNEL, "leave", vec![]).await;
    assert_public(&left, CHANNEL, "Ada unregistered; 100 chips back");
    assert_balance(&fake, CHANNEL, &ada, 1000).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_seat_starts_the_sit_and_go_and_then_nobody_registers_or_leaves() {
    const CHANNEL: u64 = 300_000_000_000_002_302;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben, cat) = (player(1, "Ada"), player(2, "Ben"), player(3, "Cat"));
    for user in [&moderator(), &ada, &ben, &cat] {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 2, 50).await;
    ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    let full = ask(&fake, &ben, CHANNEL, "join", vec![]).await;
    assert_public(&full, CHANNEL, "Ben registered (2/2)");
    assert!(
        full.content()
            .contains("The sit & go starts with 2 players; prize pool 100."),
        "{}",
        full.content()
    );
    let late = ask(&fake, &cat, CHANNEL, "join", vec![]).await;
    assert_private_to(&late, &cat, "has already started");
    assert_balance(&fake, CHANNEL, &cat, 1000).await;
    let leaving = ask(&fake, &ada, CHANNEL, "leave", vec![]).await;
    assert_private_to(&leaving, &ada, "nobody leaves with chips");
    let status = tournament(&fake, &cat, CHANNEL, "status").await;
    assert!(status.content().contains("• Ada: "), "{}", status.content());
    assert!(status.content().contains("• Ben: "), "{}", status.content());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_starts_with_two_entrants_but_not_with_one() {
    const CHANNEL: u64 = 300_000_000_000_002_303;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    for user in [&moderator(), &ada, &ben] {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 6, 0).await;
    ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    let too_few = tournament(&fake, &moderator(), CHANNEL, "start").await;
    assert_private_to(
        &too_few,
        &moderator(),
        "A sit & go needs at least two entrants to start; it has 1.",
    );
    let not_moderator = tournament(&fake, &ada, CHANNEL, "start").await;
    assert_private_to(&not_moderator, &ada, "moderator");
    ask(&fake, &ben, CHANNEL, "join", vec![]).await;
    let started = tournament(&fake, &moderator(), CHANNEL, "start").await;
    assert_public(
        &started,
        CHANNEL,
        "The sit & go starts with 2 players; prize pool 0.",
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_before_the_start_refunds_every_buy_in() {
    const CHANNEL: u64 = 300_000_000_000_002_304;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let ada = player(1, "Ada");
    for user in [&moderator(), &ada] {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 4, 250).await;
    ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    assert_balance(&fake, CHANNEL, &ada, 750).await;
    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "every buy-in was refunded");
    assert_balance(&fake, CHANNEL, &ada, 1000).await;
    let gone = tournament(&fake, &ada, CHANNEL, "status").await;
    assert_private_to(&gone, &ada, "There is no sit & go in this channel.");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_after_the_start_divides_the_pool_by_chips_and_says_so() {
    const CHANNEL: u64 = 300_000_000_000_002_305;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    for user in [&moderator(), &ada, &ben] {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 2, 100).await;
    ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    ask(&fake, &ben, CHANNEL, "join", vec![]).await;
    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "in proportion to their chips");
    // No hand was played: the stacks are equal, so each gets their buy-in back.
    assert!(
        cancelled.content().contains("• Ada: 100 chips"),
        "{}",
        cancelled.content()
    );
    assert!(
        cancelled.content().contains("• Ben: 100 chips"),
        "{}",
        cancelled.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_is_refused_where_a_table_is_open_or_its_payouts_do_not_sum_to_100() {
    const CHANNEL: u64 = 300_000_000_000_002_306;
    const TABLE: u64 = 300_000_000_000_002_307;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    fake.add_user(&moderator());
    ask(
        &fake,
        &moderator(),
        TABLE,
        "table",
        vec![sub("open", vec![])],
    )
    .await;
    let at_table = open(&fake, TABLE, 2, 0).await;
    assert_private_to(&at_table, &moderator(), "A table is open in this channel");
    let options = vec![
        int("game", STUD8),
        int("seats", 6),
        int("buy_in", 10),
        int("structure", REGULAR),
        string("payouts", "60/30"),
    ];
    let bad = ask(
        &fake,
        &moderator(),
        CHANNEL,
        "tournament",
        vec![sub("open", options)],
    )
    .await;
    assert_private_to(&bad, &moderator(), "sum to 100");
    let none = tournament(&fake, &moderator(), CHANNEL, "status").await;
    assert_private_to(&none, &moderator(), "There is no sit & go in this channel.");
    open(&fake, CHANNEL, 2, 0).await;
    let again = open(&fake, CHANNEL, 2, 0).await;
    assert_private_to(
        &again,
        &moderator(),
        "A sit & go is already open in this channel.",
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_long_names_fit_the_status_in_every_language() {
    const CHANNEL: u64 = 300_000_000_000_002_308;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    fake.add_user(&moderator());
    let long = "W".repeat(32);
    let players: Vec<FakeUser> = (1..=8).map(|n| player(n, &format!("{long}{n}"))).collect();
    for user in &players {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 8, 10).await;
    for user in &players {
        let joined = ask(&fake, user, CHANNEL, "join", vec![]).await;
        assert_eq!(
            joined.visibility,
            Visibility::Channel(CHANNEL),
            "{}",
            joined.content()
        );
    }
    for locale in ["en-US", "es-ES", "id"] {
        let reader = players[0].clone().with_locale(locale);
        let status = tournament(&fake, &reader, CHANNEL, "status").await;
        assert_eq!(
            status.visibility,
            Visibility::Ephemeral(reader.id),
            "{locale}"
        );
        let text = status.content();
        assert!(text.chars().count() <= 2000, "{locale}: {text}");
        assert_eq!(
            text.lines().filter(|line| line.starts_with('•')).count(),
            8,
            "{locale}: {text}"
        );
        assert!(!text.contains("tournament-"), "{locale}: {text}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_survives_a_restart_of_the_bot_with_its_entrants_and_pool() {
    const CHANNEL: u64 = 300_000_000_000_002_309;
    let (fake, data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    for user in [&moderator(), &ada, &ben] {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 2, 100).await;
    ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    bot.stop().await;

    let bot =
        support::bot::TestBot::start(&fake, &support::bot::config_text(&fake, data.path(), SEED))
            .await;
    let status = tournament(&fake, &ben, CHANNEL, "status").await;
    assert_private_to(&status, &ben, "1/2 entrants · buy-in 100 · prize pool 100");
    let joined = ask(&fake, &ben, CHANNEL, "join", vec![]).await;
    assert_public(
        &joined,
        CHANNEL,
        "The sit & go starts with 2 players; prize pool 200.",
    );
    assert_balance(&fake, CHANNEL, &ada, 900).await;
    bot.stop().await;
}
