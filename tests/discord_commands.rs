//! Slash commands end to end: the real bot against the fake Discord.

mod support;

use support::bot::{TestBot, config_text};
use support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_000_001;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_open_is_refused_to_a_non_moderator_and_done_for_a_moderator() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), 7)).await;

    let commands = fake.commands();
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    for name in [
        "table",
        "join",
        "leave",
        "sitout",
        "back",
        "cards",
        "balance",
        "daily",
        "give",
        "leaderboard",
        "stats",
        "history",
        "rules",
        "chips",
    ] {
        assert!(
            names.contains(&name),
            "/{name} is not registered: {names:?}"
        );
    }
    let table = commands.iter().find(|c| c["name"] == "table").unwrap();
    assert!(table["description_localizations"]["es-ES"].is_string());
    assert!(table["description_localizations"]["id"].is_string());

    let player = FakeUser::player(100_000_000_000_000_001, "Ana");
    let refused = fake
        .slash(&player, CHANNEL, "table", vec![sub("open", vec![])])
        .await;
    let answer = fake.answer_to(refused).await;
    assert_eq!(answer.body["type"], 4, "{:?}", answer.body);
    assert_eq!(answer.visibility, Visibility::Ephemeral(player.id));
    assert!(
        answer.content().contains("moderator"),
        "{}",
        answer.content()
    );

    let moderator = FakeUser::moderator(100_000_000_000_000_002, "Mod");
    let opened = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("open", vec![])])
        .await;
    let answer = fake.answer_to(opened).await;
    assert_eq!(
        answer.visibility,
        Visibility::Channel(CHANNEL),
        "{:?}",
        answer.body
    );

    // The configured role is enough, without Manage Channels.
    let role_holder =
        FakeUser::player(100_000_000_000_000_003, "Rol").with_role(555_000_000_000_000_001);
    let paused = fake
        .slash(&role_holder, CHANNEL, "table", vec![sub("pause", vec![])])
        .await;
    let answer = fake.answer_to(paused).await;
    assert_eq!(
        answer.visibility,
        Visibility::Channel(CHANNEL),
        "{:?}",
        answer.body
    );

    bot.stop().await;
}
