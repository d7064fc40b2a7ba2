//! A board post whose answer is lost after Discord made the message (a 5xx from a proxy, a
//! timeout): the post is tried again, and the retry must not leave a second board in the
//! channel, the first one's buttons refused as stale. Every try carries the same nonce with
//! `enforce_nonce`, so Discord returns the message it already made.

use crate::support;

use axum::http::Method;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 4_343;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_post_whose_answer_was_lost_leaves_one_board_not_two() {
    const CHANNEL: u64 = 300_000_000_000_004_301;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_300, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_004_301, "Ada"),
        FakeUser::player(100_000_000_000_004_302, "Bea"),
    ];
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    // The first hand's board is made by Discord, but its answer is lost.
    fake.lose_answer_route(
        Method::POST,
        &format!("/channels/{CHANNEL}/messages"),
        1,
        502,
    );
    let mut table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    assert!(
        fake.route_faults_over(),
        "the board's first post met the fault"
    );

    let boards: Vec<u64> = fake
        .channel_messages(CHANNEL)
        .iter()
        .filter(|message| custom_ids(message).iter().any(|id| id.starts_with("a:")))
        .filter_map(|message| message["id"].as_str()?.parse().ok())
        .collect();
    assert_eq!(boards, vec![table.board], "one board in the channel");
    // The board plays: its buttons are the current ones.
    let click = table.act(&fake, &support::actions::PASSIVE).await;
    assert!(fake.response_to(click).await.is_success());
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}
