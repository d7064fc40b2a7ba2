//! Bots never hold accounts, on the bot's side: `/balance`, `/stats`,
//! `/give` and `/chips grant|take` naming a bot answer a clear refusal to the caller alone, and
//! the bank holds nothing for the bot afterwards (no balance, no ledger entry).

use crate::support;

use studbot::bank::{Account, GuildId, UserId};
use support::bot::{TestBot, config_text};
use support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_001_701;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_naming_a_bot_are_refused_and_create_no_account() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (running, bot) = TestBot::start_observed(&fake, &config_text(&fake, data.path(), 1)).await;
    let moderator = FakeUser::moderator(100_000_000_000_001_700, "Mod");
    let ana = FakeUser::player(100_000_000_000_001_701, "Ana");
    let robot = FakeUser::robot(100_000_000_000_001_702, "Robo");
    fake.add_user(&robot);

    let asked: Vec<(&FakeUser, &str, Vec<serde_json::Value>)> = vec![
        (&ana, "balance", vec![user_opt("user", &robot)]),
        (&ana, "stats", vec![user_opt("user", &robot)]),
        (
            &ana,
            "give",
            vec![user_opt("user", &robot), int("amount", 5)],
        ),
        (
            &moderator,
            "chips",
            vec![sub(
                "grant",
                vec![user_opt("user", &robot), int("amount", 50)],
            )],
        ),
        (
            &moderator,
            "chips",
            vec![sub(
                "take",
                vec![user_opt("user", &robot), int("amount", 50)],
            )],
        ),
    ];
    for (user, command, options) in asked {
        let interaction = fake.slash(user, CHANNEL, command, options).await;
        let answer = fake.answer_to(interaction).await;
        assert_eq!(
            answer.visibility,
            Visibility::Ephemeral(user.id),
            "/{command}: {}",
            answer.content()
        );
        assert!(
            answer.content().to_lowercase().contains("bot"),
            "/{command} says why: {}",
            answer.content()
        );
    }

    let guild = GuildId(GUILD_ID);
    let robot_id = UserId(robot.id);
    let top = bot.bank().leaderboard(guild, 1_000).await.unwrap();
    assert!(
        top.iter().all(|(user, _)| *user != robot_id),
        "the bot has a balance: {top:?}"
    );
    let robot_account = Account::Player {
        guild,
        user: robot_id,
    };
    let entries = bot.bank().ledger(0, 10_000).await.unwrap();
    assert!(
        entries
            .iter()
            .all(|entry| entry.from != robot_account && entry.to != robot_account),
        "the ledger moved chips of the bot: {entries:?}"
    );
    // Ana's chips stayed hers.
    assert_eq!(
        bot.bank().balance(guild, UserId(ana.id)).await.unwrap(),
        1_000
    );
    running.stop().await;
}
