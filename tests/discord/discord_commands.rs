//! Slash commands end to end: the real bot against the fake Discord.

use crate::support;

use studbot::render::{self, Locale};
use studbot::table::{ActionKind, Hand, Rules, Stakes};
use support::table::*;

use support::bot::{TestBot, config_text, start_fake_and_bot};
use support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_000_001;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_open_is_refused_to_a_non_moderator_and_done_for_a_moderator() {
    let (fake, _data, bot) = start_fake_and_bot(7).await;

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn economy_commands_answer_from_the_bank() {
    const CHANNEL: u64 = 300_000_000_000_000_002;
    let (fake, _data, bot) = start_fake_and_bot(7).await;
    let ana = FakeUser::player(100_000_000_000_000_011, "Ana");
    let bo = FakeUser::player(100_000_000_000_000_012, "Bo").with_locale("es-ES");
    let moderator = FakeUser::moderator(100_000_000_000_000_013, "Mod");

    let ask = |user: &FakeUser, name: &str, options: Vec<serde_json::Value>| {
        let user = user.clone();
        let name = name.to_owned();
        let fake = &fake;
        async move {
            let id = fake.slash(&user, CHANNEL, &name, options).await;
            fake.answer_to(id).await
        }
    };

    let answer = ask(&ana, "balance", vec![]).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(ana.id));
    assert!(answer.content().contains("1,000"), "{}", answer.content());

    let answer = ask(&ana, "daily", vec![]).await;
    assert!(answer.content().contains("200"), "{}", answer.content());
    assert!(
        answer.content().contains("Your balance: 1,200."),
        "{}",
        answer.content()
    );
    let again = ask(&ana, "daily", vec![]).await;
    assert_eq!(again.visibility, Visibility::Ephemeral(ana.id));
    // Refused with the time left (the cooldown is 20 h), and the balance did not move.
    assert!(
        again.content().contains("20") && !again.content().contains("1,400"),
        "a second daily is refused: {}",
        again.content()
    );
    let balance = ask(&ana, "balance", vec![]).await;
    assert!(
        balance.content().contains("1,200"),
        "the refused daily granted nothing: {}",
        balance.content()
    );

    let answer = ask(
        &ana,
        "give",
        vec![user_opt("user", &bo), int("amount", 150)],
    )
    .await;
    assert_eq!(
        answer.visibility,
        Visibility::Channel(CHANNEL),
        "{}",
        answer.content()
    );
    let answer = ask(&ana, "give", vec![user_opt("user", &ana), int("amount", 5)]).await;
    assert_eq!(
        answer.visibility,
        Visibility::Ephemeral(ana.id),
        "no gift to oneself"
    );

    // Spanish for Bo.
    let answer = ask(&bo, "balance", vec![]).await;
    assert!(
        // Spanish leaves a four-digit amount ungrouped.
        answer.content().contains("1150"),
        "{}",
        answer.content()
    );

    let answer = ask(
        &ana,
        "chips",
        vec![sub("grant", vec![user_opt("user", &bo), int("amount", 10)])],
    )
    .await;
    assert_eq!(
        answer.visibility,
        Visibility::Ephemeral(ana.id),
        "players cannot mint chips"
    );
    let answer = ask(
        &moderator,
        "chips",
        vec![sub("grant", vec![user_opt("user", &bo), int("amount", 10)])],
    )
    .await;
    assert_eq!(
        answer.visibility,
        Visibility::Channel(CHANNEL),
        "{}",
        answer.content()
    );
    let answer = ask(
        &moderator,
        "chips",
        vec![sub("take", vec![user_opt("user", &bo), int("amount", 60)])],
    )
    .await;
    assert_eq!(
        answer.visibility,
        Visibility::Channel(CHANNEL),
        "{}",
        answer.content()
    );
    let answer = ask(&moderator, "balance", vec![user_opt("user", &bo)]).await;
    assert!(answer.content().contains("1,100"), "{}", answer.content());

    let answer = ask(&ana, "leaderboard", vec![]).await;
    assert!(
        answer.content().contains("Bo") && answer.content().contains("Ana"),
        "{}",
        answer.content()
    );
    // Before any hand: Ana's stats are all zero, the rules are the whole summary in the
    // asker's language, there is no history and no table.
    let answer = ask(&ana, "stats", vec![]).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(ana.id));
    let expected_stats = render::stats(
        Locale::En,
        &render::StatsView {
            name: "Ana".to_owned(),
            hands_played: 0,
            pots_won: 0,
            scoops: 0,
            net_chips: 0,
            biggest_pot: 0,
            tournaments: None,
        },
    );
    assert_eq!(answer.content(), expected_stats);
    for (user, locale) in [(&ana, Locale::En), (&bo, Locale::Es)] {
        let answer = ask(user, "rules", vec![]).await;
        assert_eq!(answer.visibility, Visibility::Ephemeral(user.id));
        assert_eq!(
            answer.content(),
            render::rules_summary(locale, &Rules::default(), None)
        );
    }
    let rules = render::rules_summary(Locale::En, &Rules::default(), None);
    assert!(
        rules.contains("eight or better") && rules.contains("bring"),
        "the rules name the game and the bring-in: {rules}"
    );
    let answer = ask(&ana, "history", vec![]).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(ana.id));
    assert_eq!(
        answer.content(),
        render::tr(Locale::En, "bot-no-history", &[])
    );
    let answer = ask(&ana, "table", vec![sub("status", vec![])]).await;
    assert_eq!(
        answer.visibility,
        Visibility::Ephemeral(ana.id),
        "no table yet: {}",
        answer.content()
    );
    assert_eq!(
        answer.content(),
        render::refusal(
            Locale::En,
            &studbot::lobby::LobbyError::NoSuchTable {
                table: studbot::bank::TableId(0)
            },
            &|_| String::new()
        )
    );

    // Every command was answered within Discord's 3 seconds.
    for request in fake
        .requests()
        .iter()
        .filter(|r| r.path.ends_with("/callback"))
    {
        let delay = fake.response_delay(request.interaction.unwrap()).await;
        assert!(delay < std::time::Duration::from_secs(3));
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_hand_refunds_the_hand_and_tells_the_channel() {
    const CHANNEL: u64 = 300_000_000_000_000_003;
    const SEED: u64 = 9;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), SEED);
    let bot = TestBot::start(&fake, &config).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_020, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_021, "Mia"),
        FakeUser::player(100_000_000_000_000_022, "Ned"),
    ];
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 100, SEED).await;
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;

    // The hand cannot finish within the grace: it is cancelled, refunded and announced.
    let mark = fake.mark();
    bot.stop().await;
    fake.wait_for("the channel told the hand is refunded", mark, |r| {
        r.is_channel_write()
            && r.channel() == Some(CHANNEL)
            && r.content().contains("restarting")
            && r.content().contains("#1")
    })
    .await;

    // Started again, the table deals the next hand from the refunded stacks.
    let mark = fake.mark();
    let bot = TestBot::start(&fake, &config).await;
    let (board, posted_at) = wait_for_new_board(&fake, CHANNEL, mark).await;
    table.board = board;
    table.board_posted_at = posted_at;
    table.hand_number = custom_ids(&fake.message(board).unwrap())
        .iter()
        .find_map(|id| {
            id.strip_prefix(&format!("a:{CHANNEL}:"))?
                .split(':')
                .next()?
                .parse()
                .ok()
        })
        .unwrap();
    table.mirror = Hand::start(
        Stakes::default(),
        Rules::default(),
        &[100, 100],
        first_deck(SEED, CHANNEL),
    )
    .unwrap();
    no_next_hand_soon(&fake, CHANNEL, &moderator).await;
    table.play_to_showdown(&fake).await;
    table.cash_out_and_compare_balances(&fake).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_tell_the_raise_cap_of_the_channel_s_table() {
    let (fake, _data, bot) = start_fake_and_bot(7).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_041, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_042, "Ana");
    let opened = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub(
                "open",
                vec![int("max_raises", 5), boolean("heads_up_uncapped", false)],
            )],
        )
        .await;
    assert_channel_answer(&fake, opened, CHANNEL).await;

    let asked = fake.slash(&ana, CHANNEL, "rules", vec![]).await;
    let answer = fake.answer_to(asked).await;
    let rules = Rules {
        max_raises: 5,
        heads_up_uncapped: false,
        ..Rules::default()
    };
    // The channel's table deals Stud/8 (the default game), as the first line says.
    let table = Some((studbot::table::GameChoice::Stud8, 6));
    assert_eq!(
        answer.content(),
        render::rules_summary(Locale::En, &rules, table)
    );
    assert!(
        answer.content().contains("up to 5 raises per round.")
            && !answer.content().contains("three"),
        "{}",
        answer.content()
    );
    // Where there is no table, the rules a new table gets.
    let elsewhere = fake.slash(&ana, CHANNEL + 1, "rules", vec![]).await;
    let answer = fake.answer_to(elsewhere).await;
    assert_eq!(
        answer.content(),
        render::rules_summary(Locale::En, &Rules::default(), None)
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gift_is_told_to_the_channel_in_the_third_person_without_the_givers_balance() {
    const CHANNEL: u64 = 300_000_000_000_000_003;
    let (fake, _data, bot) = start_fake_and_bot(7).await;
    let ana = FakeUser::player(100_000_000_000_000_021, "Ana");
    let bo = FakeUser::player(100_000_000_000_000_022, "Bo");
    // Bo has been seen in the server, so Discord resolves the option to his name.
    let seen = fake.slash(&bo, CHANNEL, "balance", vec![]).await;
    fake.answer_to(seen).await;
    let asked = fake
        .slash(
            &ana,
            CHANNEL,
            "give",
            vec![user_opt("user", &bo), int("amount", 150)],
        )
        .await;
    let answer = fake.answer_to(asked).await;
    assert_eq!(answer.visibility, Visibility::Channel(CHANNEL));
    let text = answer.content();
    assert!(
        text.contains("Ana") && text.contains("Bo") && text.contains("150"),
        "the channel reads who gave what to whom: {text}"
    );
    assert!(
        !text.contains("You") && !text.contains("850"),
        "the channel reads neither \"you\" nor the giver's balance: {text}"
    );
    bot.stop().await;
}
