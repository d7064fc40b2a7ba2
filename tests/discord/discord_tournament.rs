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
/// `structure`'s second choice: half the hands a level.
const TURBO: i64 = 1;
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
    // After the start `/leave` sits out: nobody leaves with chips.
    let leaving = ask(&fake, &ada, CHANNEL, "leave", vec![]).await;
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

/// These tests' bot config: no pause between hands, so a sit & go plays out quickly.
fn quick_config(fake: &FakeDiscord, data_dir: &std::path::Path) -> String {
    format!(
        "{}\n[table]\nbetween_hands_secs = 0\n",
        support::bot::config_text(fake, data_dir, SEED)
    )
}

/// The channel's newest board with action buttons: its id, the prefix of its buttons
/// (`a:channel:hand:seq:`), their codes, and the player it mentions (whose turn it is).
fn current_turn(fake: &FakeDiscord, channel: u64) -> Option<(u64, String, Vec<String>, u64)> {
    let board = fake
        .channel_messages(channel)
        .into_iter()
        .rev()
        .find(|message| {
            support::table::custom_ids(message)
                .iter()
                .any(|id| id.starts_with("a:"))
        })?;
    let id = board["id"].as_str()?.parse().ok()?;
    let content = board["content"].as_str().unwrap_or_default();
    let mentioned = content
        .strip_prefix("<@")?
        .split('>')
        .next()?
        .parse()
        .ok()?;
    let actions: Vec<String> = support::table::custom_ids(&board)
        .into_iter()
        .filter(|id| id.starts_with("a:"))
        .collect();
    let prefix = actions.first()?.rsplit_once(':')?.0.to_owned() + ":";
    let codes = actions
        .iter()
        .filter_map(|id| id.rsplit_once(':').map(|(_, code)| code.to_owned()))
        .collect();
    Some((id, prefix, codes, mentioned))
}

/// Whether a channel message says `text`.
fn channel_says(fake: &FakeDiscord, channel: u64, text: &str) -> bool {
    fake.channel_messages(channel).iter().any(|message| {
        message["content"]
            .as_str()
            .unwrap_or_default()
            .contains(text)
    })
}

/// Plays the channel's sit & go through its board's buttons until `done` holds: the player
/// the board mentions clicks raise, bet or complete when offered, else call, check or the
/// bring-in. Returns who clicked, in order. Fails after two minutes of real time.
async fn click_until(
    fake: &FakeDiscord,
    channel: u64,
    players: &[FakeUser],
    done: impl Fn(&FakeDiscord) -> bool,
) -> Vec<u64> {
    const PREFERENCE: [&str; 6] = ["ra", "be", "co", "ca", "ch", "bi"];
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let mut clicked: Vec<u64> = Vec::new();
    let mut last_prefix = String::new();
    while !done(fake) {
        assert!(
            std::time::Instant::now() < deadline,
            "the sit & go did not get there within two minutes; clicks: {}",
            clicked.len()
        );
        let Some((board, prefix, codes, user)) = current_turn(fake, channel) else {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        };
        if prefix == last_prefix {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        }
        let player = players
            .iter()
            .find(|player| player.id == user)
            .unwrap_or_else(|| panic!("the board mentions {user}, who does not play"));
        let code = PREFERENCE
            .iter()
            .find(|code| codes.iter().any(|offered| offered == *code))
            .expect("a board offers a way to stay in");
        let click = fake.click(player, board, &format!("{prefix}{code}")).await;
        let response = fake.response_to(click).await;
        assert!(response.is_success(), "{:?}", response.body);
        clicked.push(user);
        last_prefix = prefix;
    }
    clicked
}

fn over(channel: u64) -> impl Fn(&FakeDiscord) -> bool {
    move |fake| channel_says(fake, channel, "The sit & go is over after")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_is_played_in_its_channel_to_a_winner_who_is_paid() {
    const CHANNEL: u64 = 300_000_000_000_002_310;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = support::bot::TestBot::start(&fake, &quick_config(&fake, data.path())).await;
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    fake.add_user(&moderator());
    for user in &players {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 3, 100).await;
    for user in &players {
        ask(&fake, user, CHANNEL, "join", vec![]).await;
    }
    click_until(&fake, CHANNEL, &players, over(CHANNEL)).await;
    // Each message is posted on its own: the last bust may land after the result.
    let outs_told = |fake: &FakeDiscord| {
        fake.channel_messages(CHANNEL)
            .iter()
            .filter(|m| {
                m["content"]
                    .as_str()
                    .unwrap_or_default()
                    .contains(" is out in place ")
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

    let texts: Vec<String> = fake
        .channel_messages(CHANNEL)
        .iter()
        .map(|message| message["content"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(
        texts
            .iter()
            .any(|text| text.contains("Level 1 · ")
                && text.contains("3 players left · average stack")),
        "the first board shows where the sit & go stands"
    );
    let outs = texts
        .iter()
        .filter(|text| text.contains(" is out in place "))
        .count();
    assert_eq!(outs, 2, "both losers are told their place: {texts:#?}");
    let result = texts
        .iter()
        .find(|text| text.contains("The sit & go is over after"))
        .expect("the result");
    assert!(result.contains("Place 1: "), "{result}");
    assert!(result.contains(" wins 300 chips."), "{result}");
    let winner = players
        .iter()
        .find(|user| result.contains(&format!("Place 1: {} wins", user.name)))
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
    let last = ask(&fake, &players[0], CHANNEL, "history", vec![]).await;
    assert_private_to(
        &last,
        &players[0],
        &format!("**Sit & go #1, hand {hands}**"),
    );
    assert!(last.content().contains("Players: "), "{}", last.content());
    let first = ask(
        &fake,
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
    let cash = ask(&fake, &players[1], CHANNEL, "history", vec![int("hand", 1)]).await;
    assert_private_to(
        &cash,
        &players[1],
        "There is no such hand in this table's history.",
    );
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_after_the_start_sits_out_is_never_asked_and_still_pays() {
    const CHANNEL: u64 = 300_000_000_000_002_311;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = support::bot::TestBot::start(&fake, &quick_config(&fake, data.path())).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    fake.add_user(&moderator());
    for user in [&ada, &ben] {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 2, 100).await;
    ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    ask(&fake, &ben, CHANNEL, "join", vec![]).await;
    let left = ask(&fake, &ben, CHANNEL, "leave", vec![]).await;
    assert_public(&left, CHANNEL, "antes and bring-ins are paid");
    // Ben's balance holds no chips of the sit & go: nobody leaves with chips.
    assert_balance(&fake, CHANNEL, &ben, 900).await;

    // Three hands in which Ben is dealt in, pays, and is never asked to act.
    let hand_4 = format!("a:{CHANNEL}:4:");
    let fourth = |fake: &FakeDiscord| {
        current_turn(fake, CHANNEL).is_some_and(|(_, prefix, _, _)| prefix.starts_with(&hand_4))
    };
    let clicked = click_until(&fake, CHANNEL, &[ada.clone(), ben.clone()], fourth).await;
    assert!(
        clicked.iter().all(|user| *user == ada.id),
        "the player sitting out is never asked to act"
    );
    // Cancelled now, the pool is divided by the chips: Ben's antes and bring-ins went to Ada.
    let cancelled = tournament(&fake, &moderator(), CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "in proportion to their chips");
    let share = |name: &str| -> u64 {
        let line = cancelled
            .content()
            .lines()
            .find(|line| line.starts_with(&format!("• {name}: ")))
            .unwrap_or_else(|| panic!("{name}'s share: {}", cancelled.content()))
            .to_owned();
        line.chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .expect("a share in chips")
    };
    let (ada_share, ben_share) = (share("Ada"), share("Ben"));
    assert_eq!(ada_share + ben_share, 200);
    assert!(
        ben_share < 100,
        "Ben paid while sitting out: {}",
        cancelled.content()
    );
    assert_balance(&fake, CHANNEL, &ada, 900 + ada_share).await;
    assert_balance(&fake, CHANNEL, &ben, 900 + ben_share).await;
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
    let config = data.path().join("config.toml");
    std::fs::write(&config, quick_config(&fake, &data.path().join("data"))).unwrap();
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    fake.add_user(&moderator());
    for user in &players {
        fake.add_user(user);
    }
    let first = support::bot::ChildBot::start(&fake, &config, &data.path().join("first.log")).await;
    open(&fake, CHANNEL, 3, 100).await;
    for user in &players {
        ask(&fake, user, CHANNEL, "join", vec![]).await;
    }
    // Hand 1 is played and recorded; hand 2 is killed after its first click.
    let hand_2 = format!("a:{CHANNEL}:2:");
    let in_hand_2 = |fake: &FakeDiscord| {
        current_turn(fake, CHANNEL).is_some_and(|(_, prefix, _, _)| prefix.starts_with(&hand_2))
    };
    click_until(&fake, CHANNEL, &players, in_hand_2).await;
    let (_, first_turn, ..) = current_turn(&fake, CHANNEL).expect("hand 2's first turn");
    let acted = |fake: &FakeDiscord| {
        current_turn(fake, CHANNEL).is_none_or(|(_, prefix, _, _)| prefix != first_turn)
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
    let result = fake
        .channel_messages(CHANNEL)
        .iter()
        .map(|message| message["content"].as_str().unwrap_or_default().to_owned())
        .find(|text| text.contains("The sit & go is over after"))
        .expect("the result");
    let mut total = 0;
    for user in &players {
        let won = if result.contains(&format!("Place 1: {} wins 300", user.name)) {
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
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = support::bot::TestBot::start(&fake, &quick_config(&fake, data.path())).await;
    fake.add_user(&moderator());
    let long = "W".repeat(32);
    let players: Vec<FakeUser> = (1..=8).map(|n| player(n, &format!("{long}{n}"))).collect();
    for user in &players {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 8, 10).await;
    for user in &players {
        ask(&fake, user, CHANNEL, "join", vec![]).await;
    }
    let first_board = |fake: &FakeDiscord| current_turn(fake, CHANNEL).is_some();
    click_until(&fake, CHANNEL, &players, first_board).await;
    let (board, ..) = current_turn(&fake, CHANNEL).expect("the first board");
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
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = support::bot::TestBot::start(&fake, &quick_config(&fake, data.path())).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    for user in [&moderator(), &ada, &ben] {
        fake.add_user(user);
    }
    open(&fake, CHANNEL, 2, 100).await;
    let (message, button) = fake
        .channel_messages(CHANNEL)
        .iter()
        .find_map(|message| {
            let button = support::table::custom_ids(message)
                .into_iter()
                .find(|id| id.starts_with("r:"))?;
            Some((message["id"].as_str()?.parse::<u64>().ok()?, button))
        })
        .expect("the sit & go's message has a Register button");

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
    let dealt = |fake: &FakeDiscord| current_turn(fake, CHANNEL).is_some();
    click_until(&fake, CHANNEL, &[ada.clone(), ben.clone()], dealt).await;
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_gos_computer_plays_its_own_turns_and_is_never_mentioned() {
    const CHANNEL: u64 = 300_000_000_000_002_311;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = format!(
        "{}[computers]\nthink_min_ms = 10\nthink_max_ms = 30\nthink_forced_ms = 5\n",
        quick_config(&fake, data.path())
    );
    let bot = support::bot::TestBot::start(&fake, &config).await;
    let ada = player(1, "Ada");
    fake.add_user(&moderator());
    fake.add_user(&ada);
    let options = vec![
        int("game", STUD8),
        int("seats", 2),
        int("buy_in", 100),
        int("structure", TURBO),
        int("computer_players", 1),
    ];
    let opened = ask(
        &fake,
        &moderator(),
        CHANNEL,
        "tournament",
        vec![sub("open", options)],
    )
    .await;
    assert_public(
        &opened,
        CHANNEL,
        "computer players 🤖 fill up to 1 free seat",
    );
    ask(&fake, &ada, CHANNEL, "join", vec![]).await;
    let started = tournament(&fake, &moderator(), CHANNEL, "start").await;
    assert!(started.content().contains("🤖"), "{}", started.content());

    // Ada clicks when her turn comes; the computer acts on its own. Two hands are enough to
    // see it: a board that mentioned it would name a member who is not there.
    let second_hand_over =
        |fake: &FakeDiscord| channel_says(fake, CHANNEL, "**Hand #2 — results**");
    click_until(&fake, CHANNEL, std::slice::from_ref(&ada), second_hand_over).await;
    let texts: Vec<String> = fake
        .channel_messages(CHANNEL)
        .iter()
        .map(|message| message["content"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(
        texts.iter().any(|text| text.contains("Computer 2")),
        "the computer sits at the sit & go's board: {texts:#?}"
    );
    let mention = format!("<@{}>", studbot::bank::UserId::computer(1).0);
    assert!(
        texts.iter().all(|text| !text.contains(&mention)),
        "a computer has no account to mention: {texts:#?}"
    );
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}
