//! Runs the real bot (serenity + poise + lobby + bank) in the test process against a fake
//! Discord, and stops it the way SIGTERM does.

use std::path::Path;

use studbot::bot::config::Config;
use tokio::sync::oneshot;

use super::fake_discord::{FakeDiscord, GUILD_ID};

/// A config for the fake: its REST base, per-guild commands in the fake's guild, a seeded
/// deck, a 30 s action timer with no time bank and nobody stood up for being away (tests act
/// at their own pace, never by the clock; the tests of the time bank and of away players,
/// `discord_pace`, set their own).
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
cards = "text"
[log]
level = "warn"
[table]
action_timer_secs = 30
time_bank_secs = 0
away_hands = 0
[all_in]
street_pause_ms = 1200
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

    /// [`TestBot::start`], also returning the running bot (to read what it holds).
    pub async fn start_observed(
        fake: &FakeDiscord,
        config_text: &str,
    ) -> (TestBot, studbot::bot::Bot) {
        let config = Config::parse("test.toml", config_text, None).expect("test config");
        let identified = fake.identified();
        let mark = fake.mark();
        let (stop, stopped) = oneshot::channel::<()>();
        let (started, running) = oneshot::channel();
        let task = tokio::spawn(studbot::bot::serve_observed(
            config,
            async move {
                let _ = stopped.await;
            },
            move |bot| {
                let _ = started.send(bot);
            },
        ));
        fake.wait_identified(identified + 1).await;
        fake.wait_for("the slash commands registered", mark, |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
        let bot = running.await.expect("the bot started");
        (
            TestBot {
                stop: Some(stop),
                task,
            },
            bot,
        )
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

/// The real `studbot` binary, run with `run --config FILE` against the fake.
pub struct ChildBot {
    child: std::process::Child,
    pub log: std::path::PathBuf,
}

impl ChildBot {
    /// Starts the binary and waits until it has identified and registered its commands.
    pub async fn start(fake: &FakeDiscord, config_file: &Path, log: &Path) -> ChildBot {
        let identified = fake.identified();
        let mark = fake.mark();
        let log_file = std::fs::File::create(log).expect("log file");
        let child = super::child::studbot()
            .arg("run")
            .arg("--config")
            .arg(config_file)
            .stdout(std::process::Stdio::null())
            .stderr(log_file)
            .spawn()
            .expect("the studbot binary starts");
        fake.wait_identified(identified + 1).await;
        fake.wait_for("the slash commands registered", mark, |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
        ChildBot {
            child,
            log: log.to_path_buf(),
        }
    }

    /// SIGKILL: the process dies at once, mid-whatever.
    pub fn kill(mut self) {
        self.child.kill().expect("kill the bot");
        self.child.wait().expect("reap the bot");
    }

    /// SIGTERM, then waits for the process to exit; returns its exit code.
    pub async fn terminate(self) -> Option<i32> {
        self.signal("TERM").await
    }

    /// SIGINT (Ctrl-C), then waits for the process to exit; returns its exit code.
    pub async fn interrupt(self) -> Option<i32> {
        self.signal("INT").await
    }

    async fn signal(mut self, signal: &str) -> Option<i32> {
        let status = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill -TERM");
        assert!(status.success());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for the bot") {
                return status.code();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the bot did not exit within 30 s of SIG{signal}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}

impl Drop for ChildBot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fake Discord and the bot connected to it, on a fresh data directory, dealing from
/// `deck_seed`. Keep the directory as long as the bot runs.
pub async fn start_fake_and_bot(deck_seed: u64) -> (FakeDiscord, tempfile::TempDir, TestBot) {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary data directory");
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), deck_seed)).await;
    (fake, data, bot)
}
