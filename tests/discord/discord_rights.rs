//! Who may act on the guild's economy, through the fake Discord: a member who may manage one
//! channel only (a channel overwrite, as temporary-voice bots give) runs that channel's table
//! but mints nothing, takes nothing, reads no house and adds no computer player; the server's
//! staff (Manage Server, the configured role, Administrator, the owner) may. The bot reads the
//! guild's roles once and again as soon as Discord says a role changed.

use crate::support;

use serde_json::Value;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;

const SEED: u64 = 3901;

fn grant(user: &FakeUser, amount: i64) -> Vec<Value> {
    vec![sub(
        "grant",
        vec![user_opt("user", user), int("amount", amount)],
    )]
}

/// The balance `user` has, as a staff member's `/balance user` says it.
async fn balance_text(fake: &FakeDiscord, channel: u64, user: &FakeUser) -> String {
    let staff = FakeUser::staff(100_000_000_000_039_099, "Staff");
    let answer = fake
        .ask(&staff, channel, "balance", vec![user_opt("user", user)])
        .await;
    answer.content().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_managing_one_channel_runs_its_table_but_is_refused_the_economy_with_nothing_minted()
 {
    const CHANNEL: u64 = 300_000_000_000_039_001;
    const OTHER: u64 = 300_000_000_000_039_002;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let host = FakeUser::player(100_000_000_000_039_001, "Host");
    let rival = FakeUser::player(100_000_000_000_039_002, "Rival");
    fake.add_user(&host);
    fake.add_user(&rival);
    fake.allow_member_in(&host, CHANNEL, MANAGE_CHANNELS);
    fake.allow_member_in(&host, OTHER, MANAGE_CHANNELS);
    let host_before = balance_text(&fake, CHANNEL, &host).await;
    let rival_before = balance_text(&fake, CHANNEL, &rival).await;
    assert!(host_before.contains("1,000"), "{host_before}");

    // The channel's own table: open, settings, pause and resume are theirs.
    let opened = fake
        .ask(&host, CHANNEL, "table", vec![sub("open", vec![])])
        .await;
    assert_eq!(
        opened.visibility,
        Visibility::Channel(CHANNEL),
        "{:?}",
        opened.body
    );
    let timer = fake
        .ask(
            &host,
            CHANNEL,
            "table",
            vec![sub("settings", vec![int("timer", 60)])],
        )
        .await;
    assert_eq!(
        timer.visibility,
        Visibility::Channel(CHANNEL),
        "{:?}",
        timer.body
    );

    let mark = fake.mark();
    let refused: Vec<(&str, u64, Vec<Value>)> = vec![
        ("chips", CHANNEL, grant(&host, 1_000_000_000)),
        (
            "chips",
            CHANNEL,
            vec![sub(
                "take",
                vec![user_opt("user", &rival), int("amount", 1_000)],
            )],
        ),
        ("stats", CHANNEL, vec![boolean("house", true)]),
        (
            "table",
            CHANNEL,
            vec![sub("settings", vec![int("computer_players", 3)])],
        ),
        (
            "table",
            OTHER,
            vec![sub("open", vec![int("computer_players", 1)])],
        ),
        (
            "tournament",
            OTHER,
            vec![sub(
                "open",
                vec![
                    int("game", 0),
                    int("seats", 4),
                    int("buy_in", 100),
                    int("structure", 1),
                    int("computer_players", 2),
                ],
            )],
        ),
    ];
    for (name, channel, options) in refused {
        let what = format!("/{name} {}", options[0]["name"].as_str().unwrap_or(""));
        let answer = fake.ask(&host, channel, name, options).await;
        assert_eq!(
            answer.visibility,
            Visibility::Ephemeral(host.id),
            "{what}: {:?}",
            answer.body
        );
        assert!(
            answer.content().contains("staff") && answer.content().contains("Manage Server"),
            "{what}: {}",
            answer.content()
        );
    }
    // Nothing reached either channel; nothing was minted or taken; no computer sits.
    let public: Vec<Recorded> = fake
        .requests()
        .into_iter()
        .filter(|r| {
            r.index >= mark
                && matches!(r.visibility, Visibility::Channel(c) if c == CHANNEL || c == OTHER)
        })
        .collect();
    assert!(public.is_empty(), "the channels saw: {public:?}");
    assert_eq!(balance_text(&fake, CHANNEL, &host).await, host_before);
    assert_eq!(balance_text(&fake, CHANNEL, &rival).await, rival_before);
    let status = fake
        .ask(&host, CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    assert!(!status.content().contains("🤖"), "{}", status.content());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn manage_server_the_moderator_role_administrator_and_the_owner_mint_and_manage_channels_does_not()
 {
    const CHANNEL: u64 = 300_000_000_000_039_011;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let receiver = FakeUser::player(100_000_000_000_039_011, "Receiver");
    fake.add_user(&receiver);
    // Manage Channels for the whole server: a channel's moderator everywhere, still no staff.
    let hosts = fake.add_role(MANAGE_CHANNELS);
    let host = FakeUser::player(100_000_000_000_039_012, "Host").with_role(hosts);
    let answer = fake.ask(&host, CHANNEL, "chips", grant(&receiver, 7)).await;
    assert_eq!(
        answer.visibility,
        Visibility::Ephemeral(host.id),
        "{:?}",
        answer.body
    );
    assert!(
        balance_text(&fake, CHANNEL, &receiver)
            .await
            .contains("1,000")
    );

    let staff = [
        FakeUser::staff(100_000_000_000_039_013, "Manager"),
        FakeUser::player(100_000_000_000_039_014, "Roled").with_role(CONFIGURED_MODERATOR_ROLE),
        FakeUser::admin(100_000_000_000_039_015, "Admin"),
        FakeUser::owner("Owner"),
    ];
    for (minted, granter) in staff.iter().enumerate() {
        let answer = fake
            .ask(granter, CHANNEL, "chips", grant(&receiver, 10))
            .await;
        assert_eq!(
            answer.visibility,
            Visibility::Channel(CHANNEL),
            "{}: {:?}",
            granter.name,
            answer.body
        );
        let expected = format!("{}", 1_000 + 10 * (minted + 1));
        let expected = format!("{},{}", &expected[..1], &expected[1..]);
        let balance = balance_text(&fake, CHANNEL, &receiver).await;
        assert!(balance.contains(&expected), "{}: {balance}", granter.name);
    }
    // The staff reads what the house has cost and what the mint may still create for it.
    let house = fake
        .ask(&staff[0], CHANNEL, "stats", vec![boolean("house", true)])
        .await;
    assert_eq!(house.visibility, Visibility::Ephemeral(staff[0].id));
    assert!(
        house.content().contains("minted 0")
            && house
                .content()
                .contains("The mint may create 100,000 more chips for the house"),
        "{}",
        house.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guilds_roles_are_read_once_and_again_as_soon_as_discord_says_a_role_changed() {
    const CHANNEL: u64 = 300_000_000_000_039_021;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let receiver = FakeUser::player(100_000_000_000_039_021, "Receiver");
    fake.add_user(&receiver);
    let treasurers = fake.add_role(0);
    let treasurer = FakeUser::player(100_000_000_000_039_022, "Treasurer").with_role(treasurers);
    let refused = fake
        .ask(&treasurer, CHANNEL, "chips", grant(&receiver, 5))
        .await;
    assert_eq!(refused.visibility, Visibility::Ephemeral(treasurer.id));
    let again = fake
        .ask(&treasurer, CHANNEL, "chips", grant(&receiver, 5))
        .await;
    assert_eq!(again.visibility, Visibility::Ephemeral(treasurer.id));
    assert_eq!(fake.guild_reads(), 1, "the roles are kept between commands");

    // A server admin gives the role Manage Server: the next grant passes, read anew.
    fake.set_role_permissions(treasurers, MANAGE_GUILD).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let answer = fake
            .ask(&treasurer, CHANNEL, "chips", grant(&receiver, 5))
            .await;
        if answer.visibility == Visibility::Channel(CHANNEL) {
            break;
        }
        // The event may reach the bot a moment after the fake sent it.
        assert!(std::time::Instant::now() < deadline, "{:?}", answer.body);
    }
    assert!(fake.guild_reads() >= 2);
    // And taken away again: refused at once.
    fake.set_role_permissions(treasurers, 0).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let answer = fake
            .ask(&treasurer, CHANNEL, "chips", grant(&receiver, 5))
            .await;
        if answer.visibility == Visibility::Ephemeral(treasurer.id) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{:?}", answer.body);
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_economy_commands_are_registered_for_manage_server_only() {
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let commands = fake.commands();
    let permissions = |name: &str| {
        commands
            .iter()
            .find(|command| command["name"] == name)
            .map(|command| command["default_member_permissions"].clone())
    };
    assert_eq!(
        permissions("chips"),
        Some(Value::from(MANAGE_GUILD.to_string()))
    );
    // Everyone's commands stay everyone's.
    for name in ["join", "balance", "stats", "table"] {
        assert_eq!(permissions(name), Some(Value::Null), "/{name}");
    }
    bot.stop().await;
}
