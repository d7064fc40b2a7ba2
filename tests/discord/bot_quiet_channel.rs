//! A quiet channel: a hand leaves at most 3 messages in the channel (its board with its
//! result, at most one live turn mention), while the player to act is still mentioned once
//! per turn; a player who turned mentions off (`/ping off`) is never mentioned.
//!
//! `cargo test --test bot_quiet_channel -- --nocapture` prints the figures.

use std::time::{Duration, Instant};

use crate::support::actions::PASSIVE;
use crate::support::bot::{TestBot, config_text};
use crate::support::fake_discord::*;
use crate::support::table::*;
use serde_json::Value;

const CHANNEL: u64 = 300_000_000_000_000_061;
const SEED: u64 = 20_240_611;

fn players() -> Vec<FakeUser> {
    vec![
        FakeUser::player(100_000_000_000_000_601, "Ana"),
        FakeUser::player(100_000_000_000_000_602, "Bo"),
        FakeUser::player(100_000_000_000_000_603, "Cy"),
    ]
}

fn id_of(message: &Value) -> u64 {
    message["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .unwrap_or(0)
}

/// The users a channel write may notify.
fn notified(request: &Recorded) -> Vec<String> {
    request.body["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|user| user.as_str().map(str::to_owned))
        .collect()
}

/// Channel messages posted since the hand's board that everyone still sees, waiting (until a
/// deadline) for the mentions of the finished hand to be deleted.
/// (The answer to a command, `except`, is the command's, not the hand's.)
async fn messages_left(fake: &FakeDiscord, first: u64, except: &str, at_most: usize) -> usize {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = fake
            .channel_messages(CHANNEL)
            .iter()
            .filter(|message| id_of(message) >= first && message["content"] != except)
            .count();
        if left <= at_most || Instant::now() > deadline {
            return left;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_leaves_at_most_three_messages_and_mentions_the_player_to_act_once_per_turn() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), SEED)).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_600, "Mod");
    let players = players();
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    // No next hand: what this hand leaves is what the channel keeps.
    let slow = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("settings", vec![int("between_hands", 120)])],
        )
        .await;
    let settings_answer = fake.answer_to(slow).await.content().to_owned();
    let start = table.board_posted_at;
    let clicks = table.play_to_showdown(&fake).await;
    fake.wait_message(table.board, "the result on the board", |message| {
        custom_ids(message).iter().all(|id| !id.starts_with("a:"))
    })
    .await;
    // The ideal is the board alone; wait for the mentions' deletions to land.
    let left = messages_left(&fake, table.board, &settings_answer, 1).await;

    let requests = fake.requests();
    let mentions = requests
        .iter()
        .filter(|r| r.index >= start && r.is_success() && r.method == "POST")
        .filter(|r| !notified(r).is_empty())
        .count();
    let posted = requests
        .iter()
        .filter(|r| r.index >= start && r.is_success() && r.method == "POST")
        .filter(|r| r.path == format!("/channels/{CHANNEL}/messages"))
        .count();
    let turns = clicks.len();
    println!(
        "quiet channel: 3 players, {turns} turns: {posted} messages posted, {left} left in the \
         channel after the hand, {mentions} mentions = {:.2} per turn",
        mentions as f64 / turns as f64
    );
    assert!(left <= 3, "the hand left {left} messages in the channel");
    assert_eq!(mentions, turns, "one mention per turn");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_turned_mentions_off_is_never_mentioned_but_still_plays() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &config_text(&fake, data.path(), SEED)).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_600, "Mod");
    let players = players();
    let quiet = players[1].clone();
    let off = fake
        .slash(&quiet, CHANNEL, "ping", vec![sub("off", vec![])])
        .await;
    let answer = fake.answer_to(off).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(quiet.id));
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    let mut table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    while table.to_act().is_some() {
        let click = table.act(&fake, &PASSIVE).await;
        assert!(fake.response_to(click).await.is_success());
    }
    fake.wait_message(table.board, "the result on the board", |message| {
        custom_ids(message).iter().all(|id| !id.starts_with("a:"))
    })
    .await;
    let quiet_id = quiet.id.to_string();
    let mentioned_quiet = fake
        .requests()
        .iter()
        .filter(|r| notified(r).contains(&quiet_id))
        .count();
    assert_eq!(mentioned_quiet, 0, "{} turned mentions off", quiet.name);
    let others = players[0].id.to_string();
    assert!(
        fake.requests()
            .iter()
            .any(|r| notified(r).contains(&others)),
        "the others are still mentioned"
    );
    bot.stop().await;
}
