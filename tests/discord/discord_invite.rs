//! `studbot invite`: the link that adds the bot to a server, from `--client-id` or asked from
//! (the fake) Discord with the config's token; bad input is one line and a non-zero exit.

use crate::support;

use std::process::Output;

use support::bot::config_text;
use support::fake_discord::{APPLICATION_ID, FakeDiscord};

/// View Channel + Send Messages + Create Public Threads + Send Messages in Threads, by
/// Discord's bit values.
const PERMISSIONS: u64 = 1024 + 2048 + (1 << 35) + (1 << 38);

fn studbot(args: &[&str]) -> Output {
    support::child::run_args(args)
}

#[test]
fn invite_with_a_client_id_prints_the_link_and_each_permission_with_its_reason() {
    let output = studbot(&["invite", "--client-id", "123456789012345678"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    let first = text.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!(
            "https://discord.com/oauth2/authorize?client_id=123456789012345678\
             &scope=bot+applications.commands&permissions={PERMISSIONS}&integration_type=0"
        )
    );
    assert!(
        text.contains("View Channel")
            && text.contains("Send Messages")
            && text.contains("Send Messages in Threads")
            && text.contains("Create Public Threads"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invite_asks_discord_for_the_application_id_with_the_token() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let config = data.path().join("config.toml");
    std::fs::write(&config, config_text(&fake, &data.path().join("data"), 1)).expect("config");
    let config = config.display().to_string();
    let output = tokio::task::spawn_blocking(move || studbot(&["invite", "--config", &config]))
        .await
        .expect("join");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with(&format!(
            "https://discord.com/oauth2/authorize?client_id={APPLICATION_ID}&"
        )),
        "{text}"
    );
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.method == "GET" && r.path.ends_with("/oauth2/applications/@me")),
        "the application was asked from Discord"
    );
}

#[test]
fn invite_without_a_token_or_client_id_says_how_in_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "data_dir = \"d\"\n").expect("config");
    let output = studbot(&["invite", "--config", &config.display().to_string()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(
        error.contains("token") && error.contains("--client-id"),
        "{error}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn invite_with_an_unreachable_discord_fails_with_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("config.toml");
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    std::fs::write(
        &config,
        "token = \"t\"\n[discord]\napi_proxy = \"http://127.0.0.1:9\"\n",
    )
    .expect("config");
    let output = studbot(&["invite", "--config", &config.display().to_string()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.starts_with("studbot: cannot ask Discord"), "{error}");
    assert!(output.stdout.is_empty());
}
