//! Discord's limits end to end: eight players named with 32 characters of
//! emoji (64 UTF-16 code units each, as Discord counts) play a hand in each language, and look
//! at everything that lists them: boards, results, "My cards", /cards, /table status,
//! /history, /leaderboard. The strict fake refuses any message over 2,000 UTF-16 code units, a
//! label over 80, a custom_id over 100, more than 5 buttons a row or 5 rows, and fails the test
//! naming it; the test also prints the longest message it saw.
//!
//! Discord's per-channel write bucket is off here: this test measures sizes, not pacing, and
//! an eight-player hand at five writes per five seconds would take over a minute.

use crate::support;

use studbot::table::ActionKind;
use support::bot::{TestBot, config_text};
use support::fake_discord::rules::{BUTTONS_PER_ROW, CONTENT_LIMIT, ROWS_PER_MESSAGE, utf16_len};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 3_232;
/// Single code points outside the Basic Multilingual Plane: two UTF-16 code units each.
const EMOJI: [&str; 8] = ["🂠", "📵", "💰", "💤", "🃏", "🎲", "🎰", "💎"];

/// Eight different names, each 32 emoji long.
fn players(locale: &str, first_id: u64) -> Vec<FakeUser> {
    (0..8)
        .map(|index| {
            let name: String = (0..32)
                .map(|at| EMOJI[(index + at) % EMOJI.len()])
                .collect();
            assert_eq!((name.chars().count(), utf16_len(&name)), (32, 64));
            FakeUser::player(first_id + index as u64, &name).with_locale(locale)
        })
        .collect()
}

async fn eight_emoji_players_stay_within_discords_limits(
    language: &str,
    locale: &str,
    channel: u64,
    with_history: bool,
) {
    let fake = FakeDiscord::start().await;
    fake.without_channel_buckets();
    // The table speaks its server's language (the configured one is the fallback).
    fake.set_guild_locale(locale);
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), SEED).replace(
        "shutdown_grace_secs = 1",
        &format!("shutdown_grace_secs = 1\nlocale = \"{language}\""),
    );
    let bot = TestBot::start(&fake, &config).await;
    // User ids in their own range, below the channels'.
    let first_user = channel - 200_000_000_000_000_000;
    let moderator = FakeUser::moderator(first_user, "Mod").with_locale(locale);
    let players = players(locale, first_user + 1);

    open_and_seat_with(
        &fake,
        channel,
        &moderator,
        &players,
        200,
        vec![int("seats", 8)],
    )
    .await;
    let mut table = start_first_hand(&fake, channel, &moderator, &players, 200, SEED).await;
    // No second hand while the test looks at the first one's results.
    no_next_hand_soon(&fake, channel, &moderator).await;

    // Mid-hand, everything that shows a hand or lists the players.
    let asker = &players[7];
    for (name, options) in [("cards", vec![]), ("table", vec![sub("status", vec![])])] {
        let asked = fake.slash(asker, channel, name, options).await;
        fake.answer_to(asked).await;
    }
    let click = fake
        .click(asker, table.board, &format!("c:{channel}"))
        .await;
    fake.answer_to(click).await;

    // Everyone bets and raises as long as they may: the longest history a hand can have.
    let aggressive = [
        ActionKind::BringIn,
        ActionKind::Complete,
        ActionKind::Raise,
        ActionKind::Bet,
        ActionKind::Call,
    ];
    while table.mirror.to_act().is_some() {
        let click = table.act(&fake, &aggressive).await;
        let response = fake.response_to(click).await;
        assert!(response.is_success(), "{:?}", response.body);
    }
    fake.wait_message(table.board, "the result on the finished board", |message| {
        custom_ids(message).iter().all(|id| !id.starts_with("a:"))
    })
    .await;
    let mut after_the_hand = vec![
        ("leaderboard", vec![]),
        ("table", vec![sub("status", vec![])]),
    ];
    if with_history {
        after_the_hand.push(("history", vec![]));
    }
    for (name, options) in after_the_hand {
        let asked = fake.slash(asker, channel, name, options).await;
        fake.answer_to(asked).await;
    }

    // Within the limits, message by message (the fake has refused nothing).
    let requests = fake.requests();
    let mut longest = (0, String::new());
    for request in requests.iter().filter(|r| r.is_success()) {
        let body = request.body.get("data").unwrap_or(&request.body);
        let length = body["content"].as_str().map_or(0, utf16_len);
        if length > longest.0 {
            longest = (length, format!("{} {}", request.method, request.path));
        }
        let rows = body["components"].as_array().map_or(0, Vec::len);
        assert!(rows <= ROWS_PER_MESSAGE, "{rows} rows in {}", request.path);
        for row in body["components"].as_array().into_iter().flatten() {
            let buttons = row["components"].as_array().map_or(0, Vec::len);
            assert!(buttons <= BUTTONS_PER_ROW, "{buttons} buttons in a row");
        }
    }
    println!(
        "{language}: the longest message of the game is {} UTF-16 code units of {CONTENT_LIMIT} ({})",
        longest.0, longest.1
    );
    assert!(longest.0 <= CONTENT_LIMIT);
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_players_with_emoji_names_stay_within_discords_limits_in_english() {
    eight_emoji_players_stay_within_discords_limits("en", "en-US", 300_000_000_000_001_001, false)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_players_with_emoji_names_stay_within_discords_limits_in_spanish() {
    eight_emoji_players_stay_within_discords_limits("es", "es-ES", 300_000_000_000_001_101, false)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_players_with_emoji_names_stay_within_discords_limits_in_indonesian() {
    eight_emoji_players_stay_within_discords_limits("id", "id", 300_000_000_000_001_201, false)
        .await;
}

/// `/history` of that hand truncates by `char`s, not UTF-16 code units: 3,481 units in English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_of_a_hand_of_eight_emoji_names_stays_within_discords_limits() {
    for (language, locale, channel) in [
        ("en", "en-US", 300_000_000_000_001_301),
        ("es", "es-ES", 300_000_000_000_001_401),
        ("id", "id", 300_000_000_000_001_501),
    ] {
        eight_emoji_players_stay_within_discords_limits(language, locale, channel, true).await;
    }
}
