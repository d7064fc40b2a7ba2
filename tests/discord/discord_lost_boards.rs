//! Nobody is acted for without having been shown their buttons: a board message deleted by a
//! moderator or a purge bot is posted anew, a board post or edit that Discord fails (5xx) is
//! written again with backoff until it lands, and the player to act keeps their whole timer
//! for once their buttons are on screen.

use crate::support;

use axum::http::Method;
use serde_json::Value;

use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 5_151;

fn players(base: u64) -> Vec<FakeUser> {
    vec![
        FakeUser::player(base + 1, "Ada"),
        FakeUser::player(base + 2, "Bea"),
        FakeUser::player(base + 3, "Cy"),
    ]
}

/// A paused table with a `timer`-second action timer, `players` seated.
async fn open_with_timer(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
    timer: i64,
) {
    let opened = fake
        .slash(
            moderator,
            channel,
            "table",
            vec![sub(
                "open",
                vec![int("between_hands", 0), int("timer", timer)],
            )],
        )
        .await;
    assert_channel_answer(fake, opened, channel).await;
    let paused = fake
        .slash(moderator, channel, "table", vec![sub("pause", vec![])])
        .await;
    assert_channel_answer(fake, paused, channel).await;
    for player in players {
        let joined = fake
            .slash(player, channel, "join", vec![int("buy_in", 200)])
            .await;
        assert_channel_answer(fake, joined, channel).await;
    }
}

/// No message in `channel` says someone ran out of time.
fn nobody_timed_out(fake: &FakeDiscord, channel: u64) {
    for message in fake.channel_messages(channel) {
        let text = message["content"].as_str().unwrap_or("");
        assert!(
            !text.contains("ran out of time"),
            "a player was acted for by the timer: {text}"
        );
    }
}

/// The player to act clicks the first of their buttons on `board` (whose ids start with
/// `prefix`); the click must be taken (the board is updated with it, type 7).
async fn click_is_taken(fake: &FakeDiscord, board: u64, prefix: &str, player: &FakeUser) {
    let message = fake
        .wait_message(board, &format!("buttons {prefix}*"), |message: &Value| {
            custom_ids(message).iter().any(|id| id.starts_with(prefix))
        })
        .await;
    let button = custom_ids(&message)
        .into_iter()
        .find(|id| id.starts_with(prefix))
        .expect("a button of the turn");
    let click = fake.click(player, board, &button).await;
    let response = fake.response_to(click).await;
    assert_eq!(
        response.body["type"], 7,
        "the click was not taken: {:?}",
        response.body
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_board_is_posted_anew_with_the_buttons_of_the_player_to_act() {
    const CHANNEL: u64 = 300_000_000_000_003_001;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_003_000, "Mod");
    let players = players(100_000_000_000_003_010);
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    let mut table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    let mark = fake.mark();
    fake.delete_message(table.board).await;
    let (board, posted_at) = wait_for_new_board(&fake, CHANNEL, mark).await;
    table.board = board;
    table.board_posted_at = posted_at;
    let player = table.to_act().expect("someone is to act").clone();
    click_is_taken(&fake, board, &table.current_prefix(), &player).await;
    nobody_timed_out(&fake, CHANNEL);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_post_that_discord_fails_is_posted_again_and_the_timer_waits_for_it() {
    const CHANNEL: u64 = 300_000_000_000_003_011;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_003_100, "Mod");
    let players = players(100_000_000_000_003_110);
    open_with_timer(&fake, CHANNEL, &moderator, &players, 5).await;
    // Four failures in a row: the retries (0.5 + 1 + 2 + 4 s) outlast the 5-second timer.
    fake.fail_route(
        Method::POST,
        &format!("/channels/{CHANNEL}/messages"),
        4,
        500,
    );
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    assert!(fake.route_faults_over());
    let player = table.to_act().expect("someone is to act").clone();
    click_is_taken(&fake, table.board, &table.current_prefix(), &player).await;
    nobody_timed_out(&fake, CHANNEL);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_edit_that_discord_fails_is_written_again_and_the_next_player_keeps_their_timer() {
    const CHANNEL: u64 = 300_000_000_000_003_021;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_003_200, "Mod");
    let players = players(100_000_000_000_003_210);
    // The first player's timer runs out (10 s: the outbox's own three tries of the edit
    // that follows, 3 s, stay well within the next player's timer on a loaded machine).
    open_with_timer(&fake, CHANNEL, &moderator, &players, 10).await;
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    // The first player lets their timer run out; the edit giving the next player their
    // buttons meets 503s, more than the outbox's own three tries.
    fake.fail_route(
        Method::PATCH,
        &format!("/channels/{CHANNEL}/messages/{}", table.board),
        3,
        503,
    );
    let next_prefix = format!("a:{CHANNEL}:{}:1:", table.hand_number);
    let next_seat = (table.mirror.to_act().expect("someone is to act") + 1) % players.len();
    let message = fake
        .wait_message(
            table.board,
            "the next player's buttons",
            |message: &Value| {
                custom_ids(message)
                    .iter()
                    .any(|id| id.starts_with(&next_prefix))
            },
        )
        .await;
    assert!(fake.route_faults_over());
    let to_act = message["content"].as_str().unwrap_or("").to_owned();
    let player = players
        .iter()
        .find(|player| to_act.contains(&player.mention()) || to_act.contains(&player.name))
        .unwrap_or(&players[next_seat])
        .clone();
    click_is_taken(&fake, table.board, &next_prefix, &player).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn down_cards_whose_dm_discord_fails_are_sent_again() {
    const CHANNEL: u64 = 300_000_000_000_003_031;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_003_300, "Mod");
    let players = players(100_000_000_000_003_310);
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    // Opening each player's DM channel fails once: every first try of third street's DMs.
    let mark = fake.mark();
    fake.fail_route(Method::POST, "/users/@me/channels", 3, 502);
    start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    for player in &players {
        fake.wait_for(&format!("{}'s down cards by DM", player.name), mark, |r| {
            r.method == Method::POST && r.is_success() && r.visibility == Visibility::Dm(player.id)
        })
        .await;
    }
    assert!(fake.route_faults_over());
    bot.stop().await;
}
