//! Runs the real bot (serenity + poise + lobby + bank) in the test process against a fake
//! Discord, and stops it the way SIGTERM does.

#![allow(dead_code)]

use std::path::Path;

use studbot::bot::config::Config;
use tokio::sync::oneshot;

use super::fake_discord::{FakeDiscord, GUILD_ID};

/// A config for the fake: its REST base, per-guild commands in the fake's guild, a seeded
/// deck, long action timers (tests act at their own pace, never by the clock).
pub fn config_text(fake: &FakeDiscord, data_dir: &Path, deck_seed: u64) -> String {
    format!(
        r#"
token = "test-token-not-secret-but-never-logged"
data_dir = "{data}"
shutdown_grace_secs = 1
[discord]
api_proxy = "{api}"
guild_ids = [{GUILD_ID}]
moderator_role = 555000000000000001
[log]
level = "warn"
[testing]
deck_seed = {deck_seed}
"#,
        data = data_dir.display().to_string().replace('\\', "/"),
        api = fake.api_base(),
    )
}

pub struct TestBot {
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl TestBot {
    /// Starts the bot and waits until it has identified and registered its commands.
    pub async fn start(fake: &FakeDiscord, config_text: &str) -> TestBot {
        let config = Config::parse("test.toml", config_text, None).expect("test config");
        let identified = fake.identified();
        let mark = fake.mark();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(studbot::bot::serve(config, async move {
            let _ = stopped.await;
        }));
        fake.wait_identified(identified + 1).await;
        fake.wait_for("the slash commands registered", mark, |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
        TestBot {
            stop: Some(stop),
            task,
        }
    }

    /// Stops the bot as SIGTERM does and waits for it to finish.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let outcome = tokio::time::timeout(std::time::Duration::from_secs(30), &mut self.task)
            .await
            .expect("the bot stops within 30 s")
            .expect("the bot task did not panic");
        outcome.expect("the bot stopped cleanly");
    }
}
