//! A stop while an all-in hand is being dealt out: the grace deals it out at once and settles
//! it, and the finished board (the results in) is on Discord before the bot exits, even while
//! a click holds the board and the presenter waits to write it.

use std::time::{Duration, Instant};

use crate::support;

use studbot::table::ActionKind;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_061;
const SEED: u64 = 20_261_201;

/// How late every click reaches its table: longer than the shutdown's grace (1 s), so a click
/// made as the stop begins still holds the board when the grace has settled the hand.
const CLICK_DELAY_MS: u64 = 2_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_settled_by_the_shutdown_grace_leaves_its_results_on_the_board() {
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL);
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), SEED).replace(
        "[testing]\n",
        &format!("[testing]\nclick_delay_ms = {CLICK_DELAY_MS}\n"),
    );
    let (bot, running) = TestBot::start_observed(&fake, &config).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_610, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_611, "Mo"),
        FakeUser::player(100_000_000_000_000_612, "Ned"),
    ];
    let mut table = start_all_in_hand(&fake, CHANNEL, &moderator, &players, SEED).await;
    let mut last = None;
    while table.mirror.to_act().is_some() {
        let prefix = table.current_prefix();
        let player = table.to_act().unwrap().clone();
        let click = table.act(&fake, &ALL_IN_ACTIONS).await;
        assert!(fake.response_to(click).await.is_success());
        last = Some((player, prefix));
    }
    assert!(table.mirror.result().is_some(), "both players are all in");
    let (player, prefix) = last.expect("someone acted");

    // The board is being dealt out street by street (1.2 s apart), its last click answered:
    // stop now.
    fake.wait_message(
        table.board,
        "the board dealt out with equities",
        |message| {
            message["content"]
                .as_str()
                .is_some_and(|text| text.contains("equity"))
        },
    )
    .await;
    let stopping = tokio::spawn(bot.stop());
    let deadline = Instant::now() + Duration::from_secs(10);
    while !running.is_shutting_down() {
        assert!(Instant::now() < deadline, "the bot never began stopping");
        tokio::task::yield_now().await;
    }
    // A click on a button the player's screen still showed holds the board while it is
    // answered, past the grace.
    let stale = format!("{prefix}{}", action_code(ActionKind::Call));
    let click = fake.click(&player, table.board, &stale).await;
    stopping.await.expect("the stop did not panic");
    assert!(fake.response_to(click).await.is_success());

    let board = fake.message(table.board).expect("the board is on Discord");
    let content = board["content"].as_str().unwrap_or_default();
    assert!(
        content.contains("— results"),
        "the board does not show the settled hand's results: {content}"
    );
    assert!(custom_ids(&board).iter().all(|id| !id.starts_with("a:")));
}
