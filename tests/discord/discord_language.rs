//! The server's language end to end: a table's public text (answers in the channel, the
//! board, results) follows the guild's preferred locale (`guild_locale`), or the language a
//! moderator chose with `/table open language:`; what one player reads alone (their DM, "My
//! cards", a refusal) follows that player's own Discord locale. Choices are sent as Discord
//! sends them: the index of the choice (`language`: 0 en, 1 es, 2 id).

use crate::support;

use studbot::lobby::LobbyError;
use studbot::render::{self, Announcement, Locale};
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_011;

fn text(message: &serde_json::Value) -> String {
    message["content"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_text_follows_the_server_and_private_text_follows_each_player() {
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale("es-ES");
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), 7)).await;

    let moderator = FakeUser::moderator(100_000_000_000_000_021, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_022, "Ana");
    let budi = FakeUser::player(100_000_000_000_000_023, "Budi").with_locale("id");
    let mut table = open_and_play(
        &fake,
        CHANNEL,
        &moderator,
        &[ana.clone(), budi.clone()],
        200,
        7,
    )
    .await;

    // Public: the join answers and the board are in the server's Spanish, though Ana's
    // client is English and Budi's Indonesian.
    let channel: Vec<String> = fake.channel_messages(CHANNEL).iter().map(text).collect();
    let joined = render::notice(
        Locale::Es,
        &Announcement::Joined {
            name: "Ana".into(),
            buy_in: 200,
        },
    );
    assert!(channel.contains(&joined), "{joined:?} not in {channel:#?}");
    let board = text(&fake.message(table.board).unwrap());
    assert!(
        board.contains("**Mano #1** · Tercera calle") && board.contains("Límites 5/10"),
        "{board}"
    );

    // Private: each player's cards by DM in their own language.
    let ana_dm = fake
        .wait_for("Ana's cards by DM", 0, |r| {
            r.visibility == Visibility::Dm(ana.id) && r.is_success()
        })
        .await;
    assert!(
        ana_dm.content().starts_with("**Your cards** — hand #1"),
        "{}",
        ana_dm.content()
    );
    let budi_dm = fake
        .wait_for("Budi's cards by DM", 0, |r| {
            r.visibility == Visibility::Dm(budi.id) && r.is_success()
        })
        .await;
    assert!(
        budi_dm.content().starts_with("**Kartumu** — hand #1"),
        "{}",
        budi_dm.content()
    );

    // A refusal is private, in the player's language: Budi is seated already.
    let again = fake.slash(&budi, CHANNEL, "join", vec![]).await;
    let answer = fake.answer_to(again).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(budi.id));
    assert_eq!(
        answer.content(),
        render::refusal(Locale::Id, &LobbyError::AlreadySeated, &|_| String::new())
    );
    // "My cards" too.
    let asked = fake.slash(&ana, CHANNEL, "cards", vec![]).await;
    let answer = fake.answer_to(asked).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(ana.id));
    assert!(answer.content().contains("Down: "), "{}", answer.content());

    // The hand's results are told in Spanish: "color a la jota", mid-sentence, lowercase.
    let before = fake.mark();
    table.play_to_showdown(&fake).await;
    let results = fake
        .wait_for("the results", before, |r| {
            r.visibility == Visibility::Channel(CHANNEL)
                && r.is_success()
                && r.content().contains("**Mano #1 — resultados**")
        })
        .await;
    assert!(
        !results.content().contains("results"),
        "{}",
        results.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_sets_the_table_s_language_over_the_server_s() {
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale("es-419");
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), 7)).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_031, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_032, "Ana");
    let budi = FakeUser::player(100_000_000_000_000_033, "Budi");

    let opened = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub(
                "open",
                vec![
                    int("between_hands", 0),
                    int("timer", 600),
                    int("language", 2),
                ],
            )],
        )
        .await;
    let answer = assert_channel_answer(&fake, opened, CHANNEL).await;
    assert!(
        answer
            .content()
            .starts_with(&render::notice(Locale::Id, &Announcement::TableOpened)),
        "{}",
        answer.content()
    );
    for player in [&ana, &budi] {
        let joined = fake
            .slash(player, CHANNEL, "join", vec![int("buy_in", 200)])
            .await;
        let answer = assert_channel_answer(&fake, joined, CHANNEL).await;
        assert!(
            answer.content().contains("duduk dengan 200 chip"),
            "{}",
            answer.content()
        );
    }
    let (board, _) = wait_for_new_board(&fake, CHANNEL, 0).await;
    let board = text(&fake.message(board).unwrap());
    assert!(board.contains("**Hand #1** · Third Street"), "{board}");

    // Back to the server's language: /table settings changes the table's words at once.
    let changed = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("settings", vec![int("language", 1)])],
        )
        .await;
    let answer = assert_channel_answer(&fake, changed, CHANNEL).await;
    assert_eq!(
        answer.content(),
        render::notice(Locale::Es, &Announcement::SettingsNextHand)
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_s_language_is_kept_across_a_restart_until_the_server_s_is_chosen_again() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), 7);
    let moderator = FakeUser::moderator(100_000_000_000_000_051, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_052, "Ana");

    // The guild speaks English; the table is opened in Indonesian.
    let bot = TestBot::start(&fake, &config).await;
    let opened = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("open", vec![int("language", 2)])],
        )
        .await;
    assert_channel_answer(&fake, opened, CHANNEL).await;
    bot.stop().await;

    let bot = TestBot::start(&fake, &config).await;
    let joined = fake
        .slash(&ana, CHANNEL, "join", vec![int("buy_in", 200)])
        .await;
    let answer = assert_channel_answer(&fake, joined, CHANNEL).await;
    assert_eq!(
        answer.content(),
        render::notice(
            Locale::Id,
            &Announcement::Joined {
                name: "Ana".into(),
                buy_in: 200,
            }
        )
    );

    // `server` (the fourth choice) gives the table back the server's language.
    let changed = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("settings", vec![int("language", 3)])],
        )
        .await;
    let answer = assert_channel_answer(&fake, changed, CHANNEL).await;
    assert_eq!(
        answer.content(),
        render::notice(Locale::En, &Announcement::SettingsNextHand)
    );
    let left = fake.slash(&ana, CHANNEL, "leave", vec![]).await;
    let answer = assert_channel_answer(&fake, left, CHANNEL).await;
    assert_eq!(
        answer.content(),
        render::notice(
            Locale::En,
            &Announcement::Left {
                name: "Ana".into(),
                stack: 200,
            }
        )
    );
    bot.stop().await;
}

/// A server that changes its language is heard at once from the gateway (GUILD_UPDATE), before
/// any interaction carries the new `guild_locale`: the table tells a timeout in Spanish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_changes_its_language_is_heard_from_the_gateway() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), 7)).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_061, "Mod");
    let players = [
        FakeUser::player(100_000_000_000_000_062, "Ana"),
        FakeUser::player(100_000_000_000_000_063, "Budi"),
    ];
    // The shortest timer: nobody clicks, the table acts and tells the channel.
    open_and_seat_with(&fake, CHANNEL, &moderator, &players, 200, vec![]).await;
    let fast = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("settings", vec![int("timer", 5)])],
        )
        .await;
    fake.answer_to(fast).await;
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, 7).await;
    let first = table.to_act().unwrap().clone();

    let mark = fake.mark();
    let mut guild = serenity::model::guild::Guild::default();
    guild.id = serenity::model::id::GuildId::new(GUILD_ID);
    guild.name = "Mesa de prueba".to_owned();
    guild.preferred_locale = "es-ES".to_owned();
    fake.dispatch("GUILD_UPDATE", serde_json::to_value(&guild).unwrap())
        .await;

    let timed_out = fake
        .wait_for("the timeout told in the channel", mark, |r| {
            r.is_channel_write()
                && r.method == "POST"
                && r.channel() == Some(CHANNEL)
                && r.content().contains(&first.name)
        })
        .await;
    // The first to act on third street owes the bring-in: the table posts it (a forced
    // bring-in cannot fold) and says so, in Spanish.
    let told_in_spanish = render::timed_out(
        Locale::Es,
        &first.name,
        studbot::table::hand::ActionKind::BringIn,
    );
    assert_eq!(timed_out.content(), told_in_spanish);
    assert!(
        !timed_out.content().contains("se retira"),
        "{}",
        timed_out.content()
    );
    bot.stop().await;
}
