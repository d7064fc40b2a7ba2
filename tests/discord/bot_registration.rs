//! The bot never stays up deaf: a global command registration that Discord fails at start is
//! tried again with backoff, and a bot that cannot register at all stops with
//! `CannotServe` (which the binary turns into an exit its supervisor restarts on).

use crate::support;

use std::time::Duration;

use axum::http::Method;
use studbot::bot::config::Config;
use studbot::bot::registration::{CannotServe, REGISTRATION_ATTEMPTS};
use support::bot::{TestBot, config_text};
use support::fake_discord::*;

const SEED: u64 = 8_181;

fn global_config(fake: &FakeDiscord, data: &std::path::Path) -> String {
    config_text(fake, data, SEED).replace(&format!("guild_ids = [{GUILD_ID}]"), "guild_ids = []")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_registration_that_discord_fails_is_tried_again_and_the_bot_answers() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    fake.fail_route(Method::PUT, "/commands", 2, 500);
    let bot = TestBot::start(&fake, &global_config(&fake, data.path())).await;
    fake.wait_for("the commands registered", 0, |r| {
        r.method == Method::PUT && r.path.ends_with("/commands") && r.is_success()
    })
    .await;
    let user = FakeUser::player(100_000_000_000_006_001, "Ada");
    let asked = fake
        .slash(&user, 300_000_000_000_006_001, "balance", vec![])
        .await;
    assert!(fake.answer_to(asked).await.is_success());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_commands_cannot_be_registered_stops_with_cannot_serve() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    fake.fail_route(Method::PUT, "/commands", REGISTRATION_ATTEMPTS, 503);
    let config = Config::parse("test.toml", &global_config(&fake, data.path()), None).unwrap();
    let served = tokio::time::timeout(
        Duration::from_secs(60),
        studbot::bot::serve(config, std::future::pending()),
    )
    .await
    .expect("the bot stops by itself");
    let error = served.expect_err("a bot that cannot serve returns an error");
    let reason = error
        .downcast_ref::<CannotServe>()
        .unwrap_or_else(|| panic!("not CannotServe: {error:#}"));
    assert_eq!(reason.attempts, REGISTRATION_ATTEMPTS);
    assert!(fake.route_faults_over());
}
