//! `[metrics] listen`: a running bot serves Prometheus text and `/healthz`. The scrape test runs
//! the real binary (its own process, so the metrics it serves are its own: the recorder is
//! process-wide) while a hand is played through the fake Discord, and checks that every series
//! is there and moved where it must; the health test stops the bank of a bot in this process
//! and sees `/healthz` fail, naming it.

use std::time::{Duration, Instant};

use crate::support;

use support::bot::{ChildBot, TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 31;
/// Real time a test waits for the bot's metrics to show what happened.
const PATIENCE: Duration = Duration::from_secs(30);

async fn scrape(url: &str) -> (u16, String) {
    let response = reqwest::get(url)
        .await
        .expect("the metrics listener answers");
    let status = response.status().as_u16();
    (status, response.text().await.expect("a body"))
}

/// A loopback port free now: bound by the OS, released, then given to the bot.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// The value of the series `name` (no labels), if the text has it.
fn value(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find(|line| line.split_whitespace().next() == Some(name))
        .and_then(|line| line.split_whitespace().nth(1)?.parse().ok())
}

/// Scrapes `/metrics` until `ready` holds for the text, or fails after [`PATIENCE`] naming
/// what it waited for.
async fn scrape_until(base: &str, what: &str, ready: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, text) = scrape(&format!("{base}/metrics")).await;
        assert_eq!(status, 200);
        if ready(&text) {
            return text;
        }
        assert!(
            Instant::now() < deadline,
            "waited {PATIENCE:?} for the metrics to show {what}:\n{text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_played_moves_every_series_the_bot_serves() {
    const CHANNEL: u64 = 300_000_000_000_000_091;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let port = free_port();
    let config = data.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "{}\n[metrics]\nlisten = \"127.0.0.1:{port}\"\n",
            config_text(&fake, &data.path().join("data"), SEED)
        ),
    )
    .expect("write the config");
    let bot = ChildBot::start(&fake, &config, &data.path().join("bot.log")).await;
    let base = format!("http://127.0.0.1:{port}");

    // Before any table: every series is there from the start, the tables at zero.
    let text = scrape_until(&base, "the gateway up", |text| {
        value(text, "studbot_gateway_up") == Some(1.0)
    })
    .await;
    for series in [
        "studbot_tables_open",
        "studbot_seated_players",
        "studbot_hands_total",
        "studbot_actions_total",
        "studbot_discord_rate_limited_total",
        "studbot_gateway_reconnects_total",
        "studbot_bank_queue_depth",
        "studbot_bank_store_timeouts_total",
        "studbot_bank_commit_seconds_count",
        "studbot_discord_rest_seconds_count",
    ] {
        assert!(
            value(&text, series).is_some(),
            "{series} is served:\n{text}"
        );
    }
    assert_eq!(value(&text, "studbot_tables_open"), Some(0.0), "{text}");

    let moderator = FakeUser::moderator(100_000_000_000_000_900, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_901, "Ann"),
        FakeUser::player(100_000_000_000_000_902, "Bo"),
    ];
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let clicks = table.play_to_showdown(&fake).await;

    let text = scrape_until(&base, "the hand finished", |text| {
        value(text, "studbot_hands_total").is_some_and(|hands| hands >= 1.0)
    })
    .await;
    assert_eq!(value(&text, "studbot_tables_open"), Some(1.0), "{text}");
    assert_eq!(value(&text, "studbot_seated_players"), Some(2.0), "{text}");
    let actions = value(&text, "studbot_actions_total").unwrap_or(0.0);
    assert!(
        actions >= clicks.len() as f64,
        "{} clicks, {actions} actions counted:\n{text}",
        clicks.len()
    );
    // Buy-ins, the hand's begin and its settlement were each committed and timed.
    let commits = value(&text, "studbot_bank_commit_seconds_count").unwrap_or(0.0);
    assert!(commits >= 4.0, "{commits} commits timed:\n{text}");
    assert!(
        value(&text, "studbot_bank_commit_seconds_sum").is_some_and(|seconds| seconds > 0.0),
        "{text}"
    );
    assert!(
        text.contains("studbot_bank_commit_seconds_bucket{le=\"0.001\"}"),
        "commit latency is a histogram:\n{text}"
    );
    assert!(
        value(&text, "studbot_discord_rest_seconds_count").is_some_and(|posts| posts >= 1.0),
        "the board's post was timed:\n{text}"
    );
    // The next hand may be beginning (a request may be waiting this instant); none timed out.
    assert!(
        value(&text, "studbot_bank_queue_depth").is_some_and(|depth| depth >= 0.0),
        "{text}"
    );
    assert_eq!(
        value(&text, "studbot_bank_store_timeouts_total"),
        Some(0.0),
        "{text}"
    );
    let (status, health) = scrape(&format!("{base}/healthz")).await;
    assert_eq!((status, health.as_str()), (200, "ok\n"));

    // Closing the table pays everyone out and the gauges come back down.
    let closed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("close", vec![])])
        .await;
    assert!(fake.answer_to(closed).await.is_success());
    scrape_until(&base, "no table open and nobody seated", |text| {
        value(text, "studbot_tables_open") == Some(0.0)
            && value(text, "studbot_seated_players") == Some(0.0)
    })
    .await;

    assert_eq!(bot.terminate().await, Some(0));
    assert!(
        reqwest::get(format!("{base}/healthz")).await.is_err(),
        "the listener stops with the bot"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_fails_naming_the_bank_once_the_bank_has_stopped() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let port = free_port();
    let config = format!(
        "{}\n[metrics]\nlisten = \"127.0.0.1:{port}\"\n",
        config_text(&fake, data.path(), SEED)
    );
    let (bot, running) = TestBot::start_observed(&fake, &config).await;
    let health = format!("http://127.0.0.1:{port}/healthz");
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, text) = scrape(&health).await;
        if status == 200 {
            assert_eq!(text, "ok\n");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "waited {PATIENCE:?} for a healthy bot: {status} {text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    assert_eq!(
        health_command(&health).await,
        (Some(0), "ok\n".to_owned()),
        "`studbot health` (the container's HEALTHCHECK) passes"
    );

    running.bank().shutdown().await.expect("the bank stops");
    let (status, text) = scrape(&health).await;
    assert_eq!((status, text.as_str()), (503, "bank stopped\n"));
    let (code, said) = health_command(&health).await;
    assert_eq!(code, Some(1), "an unhealthy bot fails the health check");
    assert!(
        said.contains("503") && said.contains("bank stopped"),
        "{said}"
    );
    bot.stop().await;
}

#[test]
fn the_health_check_fails_when_nothing_answers() {
    let output = crate::support::child::run_args(&["health", "http://127.0.0.1:9/healthz"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no health answer"), "{stderr}");
}

/// Runs `studbot health URL`: its exit code, and what it printed (stdout, then stderr).
async fn health_command(url: &str) -> (Option<i32>, String) {
    let url = url.to_owned();
    let output =
        tokio::task::spawn_blocking(move || crate::support::child::run_args(&["health", &url]))
            .await
            .expect("studbot health ran");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), said)
}
