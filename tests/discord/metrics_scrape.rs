//! `[metrics] listen`: a running bot serves Prometheus text and `/healthz`, scraped here while a
//! table plays: the gateway is up, the bot's Discord writes are timed, and health is "ok"; once
//! the bot stops, the listener is gone.

use crate::support;

use studbot::table::ActionKind;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_091;
const SEED: u64 = 31;

async fn scrape(url: &str) -> (u16, String) {
    let response = reqwest::get(url)
        .await
        .expect("the metrics listener answers");
    let status = response.status().as_u16();
    (status, response.text().await.expect("a body"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_bot_serves_metrics_and_health_while_a_table_plays() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    // A free loopback port: bound by the OS, released, then given to the bot.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let config = format!(
        "{}\n[metrics]\nlisten = \"127.0.0.1:{port}\"\n",
        config_text(&fake, data.path(), SEED)
    );
    let bot = TestBot::start(&fake, &config).await;
    let base = format!("http://127.0.0.1:{port}");

    let moderator = FakeUser::moderator(100_000_000_000_000_900, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_901, "Ann"),
        FakeUser::player(100_000_000_000_000_902, "Bo"),
    ];
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;

    let (status, health) = scrape(&format!("{base}/healthz")).await;
    assert_eq!((status, health.as_str()), (200, "ok\n"));
    let (status, text) = scrape(&format!("{base}/metrics")).await;
    assert_eq!(status, 200);
    assert!(text.contains("studbot_gateway_up 1"), "{text}");
    let timed = text
        .lines()
        .find(|line| line.starts_with("studbot_discord_rest_seconds_count"))
        .and_then(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    assert!(timed >= 1.0, "the board's post was timed: {text}");

    bot.stop().await;
    assert!(
        reqwest::get(format!("{base}/healthz")).await.is_err(),
        "the listener stops with the bot"
    );
}
