//! Start-up mistakes a newcomer makes: a `[discord] guild_ids` entry that is not a server the
//! bot is in (a channel's id copied by mistake, or a server it was never invited to) is one
//! log line naming it, and the commands still work in the servers it is in.

#![cfg(unix)]

use std::time::{Duration, Instant};

use crate::support;

use support::bot::{ChildBot, config_text};
use support::fake_discord::*;

/// A channel's id, put in `guild_ids` by mistake: Discord answers 403 / 50001 Missing Access.
const NOT_A_SERVER: u64 = 300_000_000_000_000_151;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guild_id_the_bot_is_not_in_is_one_log_line_and_the_commands_work_elsewhere() {
    const CHANNEL: u64 = 300_000_000_000_000_152;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let config = data.path().join("config.toml");
    let text = config_text(&fake, &data.path().join("data"), 5).replace(
        &format!("guild_ids = [{GUILD_ID}]"),
        &format!("guild_ids = [{NOT_A_SERVER}, {GUILD_ID}]"),
    );
    std::fs::write(&config, text).expect("write the config");
    let log = data.path().join("bot.log");
    let mark = fake.mark();
    let bot = ChildBot::start(&fake, &config, &log).await;
    fake.wait_for(
        "the commands registered in the bot's server",
        mark,
        |request| {
            request.method == "PUT"
                && request
                    .path
                    .contains(&format!("/guilds/{GUILD_ID}/commands"))
                && request.is_success()
        },
    )
    .await;

    let moderator = FakeUser::moderator(100_000_000_000_000_150, "Mod");
    let open = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("open", vec![])])
        .await;
    assert!(fake.answer_to(open).await.is_success());

    let named = |line: &&str| line.contains(&NOT_A_SERVER.to_string());
    let deadline = Instant::now() + Duration::from_secs(30);
    let lines = loop {
        let written = std::fs::read_to_string(&log).unwrap_or_default();
        let lines: Vec<String> = written.lines().filter(named).map(str::to_owned).collect();
        if !lines.is_empty() || Instant::now() > deadline {
            break lines;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(lines.len(), 1, "one line names the wrong id: {lines:#?}");
    assert!(lines[0].contains("guild_ids"), "{}", lines[0]);
    assert_eq!(bot.terminate().await, Some(0));
}
