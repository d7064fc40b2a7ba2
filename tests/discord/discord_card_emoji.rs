//! The card faces as the bot's own application emoji (`[discord] cards = "emoji"`): created
//! once on the first start and never again, shown on the board (up cards and backs), in the
//! DM of down cards and in "My cards"; a 429 on creation waited out; a refusal leaves text
//! cards and one line in the log. The fake checks every emoji request against Discord's spec
//! and rules (the last test provokes each rule).

use crate::support;

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use serde_json::{Value, json};
use studbot::faces::{Face, Palette};
use studbot::table::Card;
use support::bot::{ChildBot, TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_441;
const SEED: u64 = 44;
const EMOJI_ROUTE: &str = "/applications/800000000000000001/emojis";

fn emoji_config(fake: &FakeDiscord, data: &std::path::Path) -> String {
    config_text(fake, data, SEED).replace("cards = \"text\"", "cards = \"emoji\"")
}

fn players() -> Vec<FakeUser> {
    vec![
        FakeUser::player(100_000_000_000_000_441, "Ana"),
        FakeUser::player(100_000_000_000_000_442, "Bo"),
        FakeUser::player(100_000_000_000_000_443, "Cy"),
    ]
}

fn is_creation(request: &Recorded) -> bool {
    request.method == "POST" && request.path == EMOJI_ROUTE
}

/// Waits until the running bot shows cards as emoji.
async fn emoji_ready(bot: &studbot::bot::Bot) {
    let deadline = std::time::Instant::now() + DEFAULT_DEADLINE;
    while !bot.card_style().is_images() {
        assert!(
            std::time::Instant::now() < deadline,
            "the card emoji were not ready in time"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Each face's emoji markup, by the fake's record of the application's emoji.
fn markup(fake: &FakeDiscord) -> HashMap<String, String> {
    fake.application_emoji()
        .into_iter()
        .map(|emoji| {
            let text = format!("<:{}:{}>", emoji.name, emoji.id);
            (emoji.name, text)
        })
        .collect()
}

fn face_markup(markup: &HashMap<String, String>, card: Card) -> &str {
    &markup[&Face::Card(card).name(Palette::TwoColour)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_card_emoji_are_created_on_the_first_start_and_not_again_on_the_second() {
    let fake = FakeDiscord::start().await;
    // An emoji of the operator's own stays as it is.
    fake.add_application_emoji("party_parrot");
    let data = tempfile::tempdir().unwrap();
    let config = emoji_config(&fake, data.path());

    let (first, bot) = TestBot::start_observed(&fake, &config).await;
    emoji_ready(&bot).await;
    let created: Vec<Recorded> = fake.requests().into_iter().filter(is_creation).collect();
    assert_eq!(created.len(), 53, "one creation per face");
    assert!(created.iter().all(Recorded::is_success));
    let names: BTreeSet<String> = fake
        .application_emoji()
        .into_iter()
        .map(|emoji| emoji.name)
        .collect();
    let mut expected: BTreeSet<String> = Face::all()
        .map(|face| face.name(Palette::TwoColour))
        .collect();
    expected.insert("party_parrot".to_owned());
    assert_eq!(names, expected);
    // What Discord holds is what `studbot cards` draws.
    for emoji in fake.application_emoji() {
        if let Some(face) = Face::all().find(|face| face.name(Palette::TwoColour) == emoji.name) {
            let drawn = studbot::faces::png(face, Palette::TwoColour).unwrap();
            assert_eq!(emoji.image, drawn, "{}", emoji.name);
        }
    }
    first.stop().await;

    let mark = fake.mark();
    let (second, bot) = TestBot::start_observed(&fake, &config).await;
    emoji_ready(&bot).await;
    let after: Vec<Recorded> = fake.requests().into_iter().skip(mark).collect();
    assert!(
        after
            .iter()
            .any(|r| r.method == "GET" && r.path == EMOJI_ROUTE),
        "the second start lists the emoji"
    );
    assert!(
        !after.iter().any(is_creation),
        "the second start creates none"
    );
    assert_eq!(fake.application_emoji().len(), 54);
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_the_dms_and_my_cards_show_cards_as_the_bots_emoji() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot_task, bot) = TestBot::start_observed(&fake, &emoji_config(&fake, data.path())).await;
    emoji_ready(&bot).await;
    let markup = markup(&fake);
    let moderator = FakeUser::moderator(100_000_000_000_000_440, "Mod");
    let players = players();
    let table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    let board = fake.message(table.board).unwrap();
    let content = board["content"].as_str().unwrap();
    let back = &markup["c_back"];
    for seat in 0..players.len() {
        let seen = table.mirror.public_view().seats[seat].clone();
        for card in &seen.up_cards {
            assert!(
                content.contains(face_markup(&markup, *card)),
                "the board lacks {card} as an emoji:\n{content}"
            );
        }
        // No down card, as a picture or as text.
        for card in table.down_cards(seat) {
            assert!(!content.contains(face_markup(&markup, card)), "{content}");
            assert!(!content.contains(&card_text(card)), "{content}");
        }
    }
    assert_eq!(
        content.matches(back.as_str()).count(),
        2 * players.len(),
        "each player's two down cards show the back:\n{content}"
    );

    // The DM of down cards and "My cards" show the player's own cards as emoji.
    let first = &players[0];
    let own: Vec<Card> = table.down_cards(0);
    let dm = fake
        .wait_for("Ana's DM of her cards", 0, |r| {
            r.visibility == Visibility::Dm(first.id) && r.content().contains("<:c_")
        })
        .await;
    for card in &own {
        assert!(
            dm.content().contains(face_markup(&markup, *card)),
            "{}",
            dm.content()
        );
    }
    let click = fake
        .click(first, table.board, &format!("c:{CHANNEL}"))
        .await;
    let answer = fake.answer_to(click).await;
    for card in &own {
        assert!(
            answer.content().contains(face_markup(&markup, *card)),
            "{}",
            answer.content()
        );
    }
    bot_task.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_creating_an_emoji_is_waited_out_for_its_retry_after() {
    let fake = FakeDiscord::start().await;
    fake.rate_limit_emoji_creation(2, 0.4);
    let data = tempfile::tempdir().unwrap();
    let (bot_task, bot) = TestBot::start_observed(&fake, &emoji_config(&fake, data.path())).await;
    emoji_ready(&bot).await;
    let creations: Vec<Recorded> = fake.requests().into_iter().filter(is_creation).collect();
    let limited: Vec<&Recorded> = creations.iter().filter(|r| r.status == 429).collect();
    assert_eq!(limited.len(), 2);
    for refused in limited {
        let retried = creations
            .iter()
            .find(|r| r.index > refused.index)
            .expect("the creation is tried again");
        assert_eq!(retried.body["name"], refused.body["name"]);
        assert!(
            retried.at.duration_since(refused.at) >= Duration::from_millis(400),
            "tried again {:?} after a 429 that asked for 0.4 s",
            retried.at.duration_since(refused.at)
        );
    }
    assert_eq!(fake.application_emoji().len(), 53);
    bot_task.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_creation_discord_fails_with_a_5xx_is_tried_again_and_every_face_gets_its_emoji() {
    let fake = FakeDiscord::start().await;
    fake.fail_route(axum::http::Method::POST, "/emojis", 2, 502);
    let data = tempfile::tempdir().unwrap();
    let (bot_task, bot) = TestBot::start_observed(&fake, &emoji_config(&fake, data.path())).await;
    emoji_ready(&bot).await;
    let failed = fake
        .requests()
        .into_iter()
        .filter(|r| is_creation(r) && r.status == 502)
        .count();
    assert_eq!(failed, 2);
    assert_eq!(fake.application_emoji().len(), 53);
    bot_task.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_discord_refuses_the_card_emoji_boards_keep_text_cards_and_the_log_says_so_once() {
    let fake = FakeDiscord::start().await;
    fake.refuse_emoji_creation(400, 30008, "Maximum number of emojis reached (2000)");
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    let text = emoji_config(&fake, &data.path().join("data"))
        .replace("level = \"warn\"", "level = \"info\"");
    std::fs::write(&config, text).unwrap();
    let log = data.path().join("bot.log");
    let bot = ChildBot::start(&fake, &config, &log).await;
    fake.wait_for("the refused creation", 0, |r| {
        is_creation(r) && r.status == 400
    })
    .await;
    let moderator = FakeUser::moderator(100_000_000_000_000_440, "Mod");
    let players = players();
    let table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let board = fake.message(table.board).unwrap();
    let content = board["content"].as_str().unwrap();
    assert!(!content.contains("<:"), "{content}");
    assert!(content.contains("🂠🂠"), "{content}");
    for seat in &table.mirror.public_view().seats {
        for card in &seat.up_cards {
            assert!(content.contains(&card_text(*card)), "{content}");
        }
    }
    let creations = fake.requests().into_iter().filter(is_creation).count();
    assert_eq!(creations, 1, "a refusal is not tried again");
    assert_eq!(bot.terminate().await, Some(0));
    let written = std::fs::read_to_string(&log).unwrap();
    let told: Vec<&str> = written
        .lines()
        .filter(|line| line.contains("card emoji"))
        .collect();
    assert_eq!(told.len(), 1, "{written}");
    assert!(told[0].contains("boards show text cards"), "{}", told[0]);
    assert!(told[0].contains("30008"), "{}", told[0]);
}

/// Plain HTTP to the fake, as a faulty bot would send it.
async fn post(fake: &FakeDiscord, path: &str, body: Value) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(format!("{}/api/v10{path}", fake.api_base()))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let body = serde_json::from_str(&response.text().await.unwrap()).unwrap_or(Value::Null);
    (status, body)
}

#[tokio::test]
async fn the_fake_holds_emoji_creations_to_discords_spec_and_rules() {
    use base64::Engine as _;
    let fake = FakeDiscord::start().await;
    let png = studbot::faces::png(Face::Back, Palette::TwoColour).unwrap();
    let image = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(&png)
    );
    let mut broken = vec![
        // The spec: a name of 2 to 32 characters, and an image.
        (json!({"name": "c", "image": image}), "schema"),
        (json!({"name": "c_back"}), "schema"),
        // Discord's rules: letters, digits and `_`; a data URI of base64; at most 256 KiB.
        (json!({"name": "c-back", "image": image}), "underscores"),
        (
            json!({"name": "c_back", "image": "iVBORw0KGgo="}),
            "data URI",
        ),
        (
            json!({"name": "c_back", "image": "data:image/png;base64,%%%"}),
            "base64",
        ),
        (
            json!({"name": "c_back", "image": "data:image/png;base64,aGVsbG8="}),
            "not one",
        ),
    ];
    let huge = vec![0x89u8; 256 * 1024 + 1];
    let huge = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(huge)
    );
    broken.push((json!({"name": "c_huge", "image": huge}), "more than 262144"));
    for (body, why) in broken {
        let (status, _) = post(&fake, EMOJI_ROUTE, body.clone()).await;
        assert_eq!(status, 400, "{body}");
        let violations = fake.take_violations();
        assert_eq!(violations.len(), 1, "{body}: {violations:#?}");
        assert!(violations[0].contains(why), "{why}: {}", violations[0]);
    }
    // A good body makes the emoji; the same name again is Discord's refusal, not a fault.
    let good = json!({"name": "c_back", "image": image});
    let (status, made) = post(&fake, EMOJI_ROUTE, good.clone()).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["name"], "c_back");
    let (status, taken) = post(&fake, EMOJI_ROUTE, good).await;
    assert_eq!((status, taken["code"].as_u64()), (400, Some(50035)));
    // Another application's emoji are not the bot's to make.
    let (status, _) = post(
        &fake,
        "/applications/1/emojis",
        json!({"name": "c_As", "image": image}),
    )
    .await;
    assert_eq!(status, 403);
    assert_eq!(fake.take_violations().len(), 1);
    assert_eq!(fake.application_emoji().len(), 1);
}
