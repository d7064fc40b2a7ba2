//! Nothing waits on Discord for ever: an interaction callback that hangs (a stalled proxy, a
//! stuck stream) is given up after serenity's call timeout, and the table's board goes on
//! being written meanwhile: the next player gets their buttons and the table plays on.

use crate::support;

use std::time::Duration;

use axum::http::Method;
use serde_json::Value;

use support::actions::PASSIVE;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 6_161;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_click_callback_never_freezes_the_board() {
    const CHANNEL: u64 = 300_000_000_000_004_001;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_000, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_004_001, "Ada"),
        FakeUser::player(100_000_000_000_004_002, "Bea"),
        FakeUser::player(100_000_000_000_004_003, "Cy"),
    ];
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    // The first click's callback is answered only after a minute.
    fake.hang_route(Method::POST, "/callback", 1, Duration::from_secs(60));
    table.act(&fake, &PASSIVE).await;
    let prefix = table.current_prefix();
    let started = std::time::Instant::now();
    fake.wait_message(
        table.board,
        &format!("buttons {prefix}*"),
        |message: &Value| custom_ids(message).iter().any(|id| id.starts_with(&prefix)),
    )
    .await;
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "the board waited {:?} for the hanging callback",
        started.elapsed()
    );
    assert_eq!(fake.hangs_started(), 1, "the callback never met the hang");
    // The next player plays on.
    let click = table.act(&fake, &PASSIVE).await;
    assert!(fake.response_to(click).await.is_success());
    bot.stop().await;
}
