//! The bot's log, written to a file as a service manager does, is plain text: no colour
//! escape codes (they belong on a terminal only).

use crate::support::bot::{ChildBot, config_text};
use crate::support::fake_discord::FakeDiscord;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_written_to_a_file_has_no_colour_codes() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    let text = config_text(&fake, data.path(), 1).replace("level = \"warn\"", "level = \"info\"");
    std::fs::write(&config, text).unwrap();
    let log = data.path().join("bot.log");
    let bot = ChildBot::start(&fake, &config, &log).await;
    assert_eq!(bot.terminate().await, Some(0));
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(!written.is_empty(), "the bot logged nothing");
    assert!(
        !written.contains('\u{1b}'),
        "the log holds escape codes:\n{written}"
    );
}
