//! Discord's global rate limit (a 429 with `global: true`) holds for every route of the bot:
//! once one write meets it, no write to another channel is sent before its `retry_after` has
//! passed, since each would be one more 429 towards Discord's ban on invalid requests.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::json;
use studbot::bot::rest::RestError;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_global_429_no_channel_write_is_sent_before_its_retry_after() {
    const FIRST: u64 = 300_000_000_000_004_401;
    const OTHER: u64 = 300_000_000_000_004_402;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) = TestBot::start_observed(&fake, &config_text(&fake, data.path(), 44)).await;
    fake.add_channel(FIRST);
    fake.add_channel(OTHER);
    let body = json!({"content": "hello"});

    fake.rate_limit_globally(1.0);
    let limited = running.rest().create_message(FIRST, &body).await;
    assert!(
        matches!(limited, Err(RestError::RateLimited(_))),
        "{limited:?}"
    );
    let started = Instant::now();
    // Another channel: the bot waits the global limit out before sending.
    running
        .rest()
        .create_message(OTHER, &body)
        .await
        .expect("posted once the limit passed");
    assert!(started.elapsed() >= Duration::from_millis(900));
    let violations = fake.take_violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.stop().await;
}
