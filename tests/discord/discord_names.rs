//! Names after a restart: the bot has to ask Discord for the names of the
//! players it has not seen since it started, and Discord may be slow to answer. Those lookups
//! must never hold a board: eight unknown players, each lookup answered after 2 s, and the
//! board still comes at once (with a placeholder, the names edited in later). Eight players
//! named with 32 emoji each keep every message within Discord's limits, counted in UTF-16
//! units, before the restart and after it.

use crate::support;

use std::time::Duration;

use serde_json::Value;
use studbot::render::display_name;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_001_701;
const SEED: u64 = 1_701;
const LOOKUP: Duration = Duration::from_secs(2);
const EMOJI_CHANNEL: u64 = 300_000_000_000_000_081;
const EMOJI_SEED: u64 = 20_240_681;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_slow_name_lookups_after_a_restart_never_hold_the_board() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), SEED);
    let bot = TestBot::start(&fake, &config).await;
    let moderator = FakeUser::moderator(100_000_000_000_001_700, "Mod");
    let players: Vec<FakeUser> = (1..=8)
        .map(|n| FakeUser::player(100_000_000_000_001_700 + n, &format!("Player{n}")))
        .collect();
    open_and_seat_with(
        &fake,
        CHANNEL,
        &moderator,
        &players,
        200,
        vec![int("seats", 8)],
    )
    .await;
    bot.stop().await;

    // A new process knows none of the names; Discord takes 2 s for each. The table comes
    // back with its eight players, paused as it was left, and deals at once when resumed.
    fake.delay_user_lookups(LOOKUP);
    let mark = fake.mark();
    let bot = TestBot::start(&fake, &config).await;
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    assert_channel_answer(&fake, resumed, CHANNEL).await;
    let (board, posted_at) = wait_for_new_board(&fake, CHANNEL, mark).await;
    let requests = fake.requests();
    let started = requests[mark].at;
    let took = requests[posted_at].at.duration_since(started);
    assert!(
        took < LOOKUP,
        "the board came {took:?} after the bot started: it waited for name lookups"
    );
    // The names come later, by an edit.
    fake.wait_message(board, "every name on the board", |message| {
        let content = message["content"].as_str().unwrap_or("");
        players.iter().all(|player| content.contains(&player.name))
    })
    .await;
    bot.stop().await;
}

/// 32 characters of emoji, 64 UTF-16 units, different for each player.
fn emoji_name(n: u64) -> String {
    let marks = ['🂠', '📵', '💰', '💤'];
    let own = char::from_u32(0x1F600 + n as u32).unwrap_or('😀');
    std::iter::once(own)
        .chain((0..31).map(|i| marks[i % marks.len()]))
        .collect()
}

fn utf16(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Every message body the bot sent stays within Discord's limits.
fn assert_within_limits(fake: &FakeDiscord) {
    for request in fake.requests() {
        let body = request.body.get("data").unwrap_or(&request.body);
        if let Some(content) = body["content"].as_str() {
            assert!(
                utf16(content) <= 2000,
                "{} units: {}",
                utf16(content),
                request.path
            );
        }
        let rows = body["components"].as_array().cloned().unwrap_or_default();
        assert!(rows.len() <= 5, "{} rows", rows.len());
        for row in rows {
            let buttons = row["components"].as_array().cloned().unwrap_or_default();
            assert!(buttons.len() <= 5, "{} buttons in a row", buttons.len());
            for button in buttons {
                let label = button["label"].as_str().unwrap_or("");
                assert!(utf16(label) <= 80, "label {label}");
                let id = button["custom_id"].as_str().unwrap_or("");
                assert!(id.len() <= 100, "custom_id {id}");
            }
        }
    }
}

fn content(message: &Value) -> String {
    message["content"].as_str().unwrap_or("").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_slow_name_lookups_do_not_hold_the_board() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), EMOJI_SEED);
    let bot = TestBot::start(&fake, &config).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_800, "Mod");
    let players: Vec<FakeUser> = (1..=8)
        .map(|n| FakeUser::player(100_000_000_000_000_800 + n, &emoji_name(n)))
        .collect();
    open_and_play(&fake, EMOJI_CHANNEL, &moderator, &players, 200, EMOJI_SEED).await;
    assert_within_limits(&fake);
    bot.stop().await;

    // A new process knows nobody; Discord takes 2 s to answer each lookup.
    fake.delay_user_lookups(LOOKUP);
    let mark = fake.mark();
    let bot = TestBot::start(&fake, &config).await;
    let (board, posted_at) = wait_for_new_board(&fake, EMOJI_CHANNEL, mark).await;
    // Then the names come in, and the board is edited with them.
    let named = fake
        .wait_message(board, "the board with every player's name", |message| {
            players
                .iter()
                .all(|player| content(message).contains(&display_name(&player.name)))
        })
        .await;
    let requests = fake.requests();
    let posted = &requests[posted_at];
    // The fake records a lookup when it answers, LOOKUP after it was asked.
    let first_asked = requests
        .iter()
        .skip(mark)
        .filter(|r| r.method == "GET" && r.path.starts_with("/users/") && r.path != "/users/@me")
        .map(|r| r.at - LOOKUP)
        .min()
        .expect("the bot asked Discord for the names");
    let waited = posted.at.saturating_duration_since(first_asked);
    println!("the board came {waited:?} after the first name lookup was sent");
    assert!(
        waited < Duration::from_secs(1),
        "the board waited {waited:?} for names"
    );
    assert!(utf16(&content(&named)) <= 2000);
    assert_within_limits(&fake);
    bot.stop().await;
}
