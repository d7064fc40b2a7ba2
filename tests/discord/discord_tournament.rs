//! Sit & go tournaments through Discord: a moderator opens one, players register and
//! unregister with `/join` and `/leave` (the buy-in moves at once), it starts when its seats
//! are full or a moderator starts it, `/tournament status` shows it, and a cancel refunds
//! every buy-in before anyone is out (a running one between hands). Every refusal is
//! told to the caller alone, in their language, and changes nothing.

use crate::support;
use crate::tournament_common::*;

use support::bot::start_fake_and_bot;
use support::fake_discord::*;

const SEED: u64 = 2_312;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_register_and_unregister_with_join_and_leave_and_the_buy_in_moves_at_once() {
    const CHANNEL: u64 = 300_000_000_000_002_301;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);
    let opened = open(&fake, CHANNEL, 3, 100).await;
    assert_public(&opened, CHANNEL, "A sit & go is open");
    assert!(
        opened.content().contains("0/3 entrants"),
        "{}",
        opened.content()
    );

    let joined = fake.ask(&ada, CHANNEL, "join", vec![]).await;
    assert_public(&joined, CHANNEL, "Ada registered (1/3); prize pool 100.");
    assert_balance(&fake, CHANNEL, &ada, 900).await;

    let twice = fake.ask(&ada, CHANNEL, "join", vec![]).await;
    assert_private_to(&twice, &ada, "You are already registered in this sit & go.");
    let not_in = fake.ask(&ben, CHANNEL, "leave", vec![]).await;
    assert_private_to(&not_in, &ben, "You are not registered in this sit & go.");

    let status = tournament(&fake, &ben, CHANNEL, "status").await;
    assert_private_to(&status, &ben, "1/3 entrants · buy-in 100 · prize pool 100");
    assert!(status.content().contains("• Ada"), "{}", status.content());

    let left = fake.ask(&ada, CHANNEL, "leave", vec![]).await;
    assert_public(&left, CHANNEL, "Ada unregistered; 100 chips go back");
    assert_balance(&fake, CHANNEL, &ada, 1000).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_seat_starts_the_sit_and_go_and_then_nobody_registers_or_leaves() {
    const CHANNEL: u64 = 300_000_000_000_002_302;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben, cat) = (player(1, "Ada"), player(2, "Ben"), player(3, "Cat"));
    add_people(&fake, [&ada, &ben, &cat]);
    open(&fake, CHANNEL, 2, 50).await;
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    let full = fake.ask(&ben, CHANNEL, "join", vec![]).await;
    assert_public(&full, CHANNEL, "Ben registered (2/2)");
    assert!(
        full.content()
            .contains("The sit & go starts with 2 players; prize pool 100."),
        "{}",
        full.content()
    );
    let late = fake.ask(&cat, CHANNEL, "join", vec![]).await;
    assert_private_to(&late, &cat, "has already started");
    assert_balance(&fake, CHANNEL, &cat, 1000).await;
    // After the start `/leave` sits out: nobody leaves with chips.
    let leaving = fake.ask(&ada, CHANNEL, "leave", vec![]).await;
    assert_public(&leaving, CHANNEL, "nobody leaves with chips");
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
    add_people(&fake, [&ada, &ben]);
    open(&fake, CHANNEL, 6, 0).await;
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    let too_few = tournament(&fake, &moderator(), CHANNEL, "start").await;
    assert_private_to(
        &too_few,
        &moderator(),
        "A sit & go needs at least two entrants to start; only one has registered so far.",
    );
    let not_moderator = tournament(&fake, &ada, CHANNEL, "start").await;
    assert_private_to(&not_moderator, &ada, "moderator");
    fake.ask(&ben, CHANNEL, "join", vec![]).await;
    let started = tournament(&fake, &moderator(), CHANNEL, "start").await;
    // A buy-in of 0 is a freeroll: no prize pool of 0 is told.
    assert_public(&started, CHANNEL, "The sit & go starts with 2 players.");
    assert!(
        !started.content().contains("prize pool"),
        "{}",
        started.content()
    );
    assert!(
        started.content().contains("freeroll"),
        "{}",
        started.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_before_the_start_refunds_every_buy_in() {
    const CHANNEL: u64 = 300_000_000_000_002_304;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let ada = player(1, "Ada");
    add_people(&fake, [&ada]);
    open(&fake, CHANNEL, 4, 250).await;
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    assert_balance(&fake, CHANNEL, &ada, 750).await;
    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "every buy-in was refunded");
    assert_balance(&fake, CHANNEL, &ada, 1000).await;
    let gone = tournament(&fake, &ada, CHANNEL, "status").await;
    assert_private_to(&gone, &ada, "There is no sit & go in this channel.");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_after_the_start_before_anyone_is_out_refunds_every_buy_in() {
    const CHANNEL: u64 = 300_000_000_000_002_305;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);
    open(&fake, CHANNEL, 2, 100).await;
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    fake.ask(&ben, CHANNEL, "join", vec![]).await;
    // Started (the last seat filled), and between hands: the cancel is made at once.
    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "every buy-in went back");
    assert_balance(&fake, CHANNEL, &ada, 1_000).await;
    assert_balance(&fake, CHANNEL, &ben, 1_000).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_is_refused_where_a_table_is_open_or_its_payouts_do_not_sum_to_100() {
    const CHANNEL: u64 = 300_000_000_000_002_306;
    const TABLE: u64 = 300_000_000_000_002_307;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    add_people(&fake, []);
    fake.ask(&moderator(), TABLE, "table", vec![sub("open", vec![])])
        .await;
    let at_table = open(&fake, TABLE, 2, 0).await;
    assert_private_to(&at_table, &moderator(), "A table is open in this channel");
    let mut options = open_options(STUD8, 6, 10, REGULAR);
    options.push(string("payouts", "60/30"));
    let bad = open_with(&fake, CHANNEL, options).await;
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
    let long = "W".repeat(32);
    let players: Vec<FakeUser> = (1..=8).map(|n| player(n, &format!("{long}{n}"))).collect();
    add_people(&fake, &players);
    open(&fake, CHANNEL, 8, 10).await;
    for user in &players {
        let joined = fake.ask(user, CHANNEL, "join", vec![]).await;
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
    add_people(&fake, [&ada, &ben]);
    open(&fake, CHANNEL, 2, 100).await;
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    bot.stop().await;

    let bot =
        support::bot::TestBot::start(&fake, &support::bot::config_text(&fake, data.path(), SEED))
            .await;
    let status = tournament(&fake, &ben, CHANNEL, "status").await;
    assert_private_to(&status, &ben, "1/2 entrants · buy-in 100 · prize pool 100");
    let joined = fake.ask(&ben, CHANNEL, "join", vec![]).await;
    assert_public(
        &joined,
        CHANNEL,
        "The sit & go starts with 2 players; prize pool 200.",
    );
    assert_balance(&fake, CHANNEL, &ada, 900).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_is_played_in_its_channel_to_a_winner_who_is_paid() {
    const CHANNEL: u64 = 300_000_000_000_002_310;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    add_people(&fake, &players);
    open(&fake, CHANNEL, 3, 100).await;
    register(&fake, CHANNEL, &players).await;
    click_until(&fake, CHANNEL, &players, over(CHANNEL)).await;
    // Each message is posted on its own: the last bust may land after the result.
    let outs_told = |fake: &FakeDiscord| {
        fake.channel_messages(CHANNEL)
            .iter()
            .filter(|m| {
                m["content"]
                    .as_str()
                    .unwrap_or_default()
                    .contains(" place.")
            })
            .count()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while outs_told(&fake) < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "a bust was never told"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    let texts = channel_texts(&fake, CHANNEL);
    assert!(
        texts
            .iter()
            .any(|text| text.contains("Level 1 · ")
                && text.contains("3 players left · average stack")),
        "the first board shows where the sit & go stands"
    );
    let outs = texts
        .iter()
        .filter(|text| text.contains(" is out in ") && text.contains(" place."))
        .count();
    assert_eq!(outs, 2, "both losers are told their place: {texts:#?}");
    let result = result_text(&fake, CHANNEL).expect("the result");
    assert!(result.contains("1st place: "), "{result}");
    assert!(result.contains(" wins 300 chips."), "{result}");
    let winner = players
        .iter()
        .find(|user| result.contains(&format!("1st place: {} wins", user.name)))
        .expect("the winner is named");
    for user in &players {
        let expected = if user.id == winner.id { 1_200 } else { 900 };
        assert_balance(&fake, CHANNEL, user, expected).await;
    }
    let gone = tournament(&fake, &players[0], CHANNEL, "status").await;
    assert_private_to(&gone, &players[0], "There is no sit & go in this channel.");

    // `/history` shows the sit & go's last hand, numbered as its own; any of its hands by
    // number; and its hand 1 is not the channel's cash hand 1, which never was.
    let hands: u64 = result
        .split("The sit & go is over after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .expect("the hands played");
    let last = fake.ask(&players[0], CHANNEL, "history", vec![]).await;
    assert_private_to(
        &last,
        &players[0],
        &format!("**Sit & go #1, hand {hands}**"),
    );
    assert!(last.content().contains("Players: "), "{}", last.content());
    let first = fake
        .ask(
            &players[1],
            CHANNEL,
            "history",
            vec![int("hand", 1), int("tournament", 1)],
        )
        .await;
    assert_private_to(&first, &players[1], "**Sit & go #1, hand 1**");
    let seats = first
        .content()
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    for user in &players {
        assert!(seats.contains(&format!("{} (", user.name)), "{seats}");
    }
    let cash = fake
        .ask(&players[1], CHANNEL, "history", vec![int("hand", 1)])
        .await;
    assert_private_to(
        &cash,
        &players[1],
        "There is no such hand in this table's history.",
    );
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_after_the_start_sits_out_is_never_asked_and_still_pays() {
    const CHANNEL: u64 = 300_000_000_000_002_311;
    let (fake, _data, bot) = start_bot_with(quick_config, SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);
    open(&fake, CHANNEL, 2, 100).await;
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    fake.ask(&ben, CHANNEL, "join", vec![]).await;
    let left = fake.ask(&ben, CHANNEL, "leave", vec![]).await;
    assert_public(
        &left,
        CHANNEL,
        "you check or fold automatically, and you pay the ante",
    );
    // Ben's balance holds no chips of the sit & go: nobody leaves with chips.
    assert_balance(&fake, CHANNEL, &ben, 900).await;

    // Three hands in which Ben is dealt in, pays, and is never asked to act.
    let clicked = click_until(
        &fake,
        CHANNEL,
        &[ada.clone(), ben.clone()],
        in_hand(CHANNEL, 4),
    )
    .await;
    assert!(
        clicked.iter().all(|user| *user == ada.id),
        "the player sitting out is never asked to act"
    );
    // The standings show it: Ben's antes and bring-ins went to Ada.
    let standings = tournament(&fake, &ada, CHANNEL, "status").await;
    let chips = |name: &str| -> u64 {
        standings
            .content()
            .lines()
            .find(|line| line.starts_with(&format!("• {name}: ")))
            .unwrap_or_else(|| panic!("{name}'s chips: {}", standings.content()))
            .chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .expect("chips")
    };
    assert!(
        chips("Ben") < 600 && chips("Ada") > 600,
        "Ben paid while sitting out: {}",
        standings.content()
    );
    // Nobody is out: a cancel gives every buy-in back, whatever the chips. Sent with hand 4
    // in its betting, it waits for Ada to play that hand out (Ben sits out), and the table
    // tells the channel once it is recorded.
    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "when the hand in play ends");
    let cancel_told = |fake: &FakeDiscord| {
        channel_texts(fake, CHANNEL)
            .into_iter()
            .find(|text| text.contains("before anyone was out"))
    };
    let clicked = click_until(&fake, CHANNEL, &[ada.clone(), ben.clone()], |fake| {
        cancel_told(fake).is_some()
    })
    .await;
    assert!(
        !clicked.is_empty() && clicked.iter().all(|user| *user == ada.id),
        "hand 4 is played out by Ada before the cancel: {clicked:?}"
    );
    let told = cancel_told(&fake).expect("the waiting cancel is told");
    assert!(told.contains("every buy-in went back"), "{told}");
    assert_balance(&fake, CHANNEL, &ada, 1_000).await;
    assert_balance(&fake, CHANNEL, &ben, 1_000).await;
    // The cancelled sit & go's table has closed: no hand is dealt after it.
    let gone = tournament(&fake, &ada, CHANNEL, "status").await;
    assert_private_to(&gone, &ada, "There is no sit & go in this channel.");
    bot.stop().await;
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_killed_mid_hand_resumes_from_that_hands_start_and_pays_once() {
    const CHANNEL: u64 = 300_000_000_000_002_312;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = child_config(&fake, data.path(), quick_config, SEED);
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    add_people(&fake, &players);
    let first = support::bot::ChildBot::start(&fake, &config, &data.path().join("first.log")).await;
    open(&fake, CHANNEL, 3, 100).await;
    register(&fake, CHANNEL, &players).await;
    // Hand 1 is played and recorded; hand 2 is killed after its first click.
    click_until(&fake, CHANNEL, &players, in_hand(CHANNEL, 2)).await;
    let first_turn = current_turn(&fake, CHANNEL)
        .expect("hand 2's first turn")
        .prefix;
    let acted = |fake: &FakeDiscord| {
        current_turn(fake, CHANNEL).is_none_or(|turn| turn.prefix != first_turn)
    };
    click_until(&fake, CHANNEL, &players, acted).await;
    first.kill();
    let (code, report) = support::audit::audit(&data.path().join("data"));
    assert_eq!(code, Some(0), "{report}");

    let mark = fake.mark();
    let second =
        support::bot::ChildBot::start(&fake, &config, &data.path().join("second.log")).await;
    fake.wait_for("the channel told the sit & go resumes", mark, |r| {
        r.is_channel_write()
            && r.is_success()
            && r.channel() == Some(CHANNEL)
            && r.content().contains("deals on from hand 2")
    })
    .await;
    click_until(&fake, CHANNEL, &players, over(CHANNEL)).await;
    let result = result_text(&fake, CHANNEL).expect("the result");
    let mut total = 0;
    for user in &players {
        let won = if result.contains(&format!("1st place: {} wins 300", user.name)) {
            300
        } else {
            0
        };
        total += won;
        assert_balance(&fake, CHANNEL, user, 900 + won).await;
    }
    assert_eq!(total, 300, "one winner, paid once: {result}");
    assert_eq!(second.terminate().await, Some(0));
    let (code, report) = support::audit::audit(&data.path().join("data"));
    assert_eq!(code, Some(0), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_long_names_fit_a_sit_and_go_board_with_its_header() {
    const CHANNEL: u64 = 300_000_000_000_002_313;
    let (fake, _data, bot) = start_bot_with(quick_config, SEED).await;
    let long = "W".repeat(32);
    let players: Vec<FakeUser> = (1..=8).map(|n| player(n, &format!("{long}{n}"))).collect();
    add_people(&fake, &players);
    open(&fake, CHANNEL, 8, 10).await;
    register(&fake, CHANNEL, &players).await;
    click_until(&fake, CHANNEL, &players, dealt(CHANNEL)).await;
    let board = current_turn(&fake, CHANNEL).expect("the first board").board;
    let message = fake.message(board).expect("the board");
    let text = message["content"].as_str().unwrap_or_default();
    assert!(text.encode_utf16().count() <= 2000, "{text}");
    assert!(text.contains("8 players left"), "{text}");
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_register_button_under_a_sit_and_gos_message_registers_whoever_clicks() {
    const CHANNEL: u64 = 300_000_000_000_002_314;
    let (fake, _data, bot) = start_bot_with(quick_config, SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);
    open(&fake, CHANNEL, 2, 100).await;
    let (message, button) = register_button(&fake, CHANNEL);

    let click = fake.click(&ada, message, &button).await;
    assert_public(
        &fake.answer_to(click).await,
        CHANNEL,
        "Ada registered (1/2); prize pool 100.",
    );
    assert_balance(&fake, CHANNEL, &ada, 900).await;
    let twice = fake.click(&ada, message, &button).await;
    assert_private_to(
        &fake.answer_to(twice).await,
        &ada,
        "You are already registered in this sit & go.",
    );
    assert_balance(&fake, CHANNEL, &ada, 900).await;
    // The last seat starts it, and its first hand is dealt.
    let click = fake.click(&ben, message, &button).await;
    assert_public(
        &fake.answer_to(click).await,
        CHANNEL,
        "The sit & go starts with 2 players; prize pool 200.",
    );
    click_until(&fake, CHANNEL, &[ada.clone(), ben.clone()], dealt(CHANNEL)).await;
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_gos_computer_plays_its_own_turns_and_is_never_mentioned() {
    const CHANNEL: u64 = 300_000_000_000_002_311;
    let (fake, data, bot) = start_bot_with(quick_computers_config, SEED).await;
    let ada = player(1, "Ada");
    add_people(&fake, [&ada]);
    let mut options = open_options(STUD8, 2, 100, TURBO);
    options.push(int("computer_players", 1));
    let opened = open_with(&fake, CHANNEL, options).await;
    assert_public(
        &opened,
        CHANNEL,
        "computer players 🤖 fill up to 1 free seat",
    );
    fake.ask(&ada, CHANNEL, "join", vec![]).await;
    let started = tournament(&fake, &moderator(), CHANNEL, "start").await;
    assert!(started.content().contains("🤖"), "{}", started.content());

    // Ada clicks when her turn comes; the computer acts on its own. Two hands are enough to
    // see it: a board that mentioned it would name a member who is not there.
    let second_hand_over =
        |fake: &FakeDiscord| channel_says(fake, CHANNEL, "**Hand #2 — results**");
    click_until(&fake, CHANNEL, std::slice::from_ref(&ada), second_hand_over).await;
    let texts = channel_texts(&fake, CHANNEL);
    assert!(
        texts.iter().any(|text| text.contains("Computer 2")),
        "the computer sits at the sit & go's board: {texts:#?}"
    );
    let mention = format!("<@{}>", studbot::bank::UserId::computer(1).0);
    assert!(
        texts.iter().all(|text| !text.contains(&mention)),
        "a computer has no account to mention: {texts:#?}"
    );
    stop_and_audit(&fake, bot, data.path()).await;
}
