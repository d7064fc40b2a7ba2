//! A gateway outage (no shard connected, REST still answering, as in Discord's own incidents):
//! no click can reach the bot, so the player to act is not folded by their timer meanwhile.
//! Their turn's timer is held while the gateway is down and starts again, whole, once the bot
//! is back on the gateway.

use crate::support;

use std::time::Duration;

use serde_json::Value;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 21;
const CHANNEL: u64 = 300_000_000_000_005_001;
/// The shortest action timer a table allows, in seconds.
const TIMER: u64 = 5;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gateway_outage_longer_than_the_timer_folds_nobody_and_the_player_acts_after_it() {
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_005_000, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_005_001, "Ida"),
        FakeUser::player(100_000_000_000_005_002, "Jon"),
    ];
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    let fast = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("settings", vec![int("timer", TIMER as i64)])],
        )
        .await;
    fake.answer_to(fast).await;
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let player = table.to_act().expect("someone is to act").clone();

    let (identified, resumed) = (fake.identified(), fake.resumed());
    fake.begin_gateway_outage();
    // What is proved is that nothing happens for longer than the timer: only time passing
    // shows it.
    tokio::time::sleep(Duration::from_secs(TIMER + 3)).await;
    nobody_timed_out(&fake, CHANNEL);
    fake.end_gateway_outage();
    fake.wait_reconnected(identified, resumed).await;

    let button = table.current_prefix();
    let message = fake
        .wait_message(table.board, "the turn's buttons", |message: &Value| {
            custom_ids(message).iter().any(|id| id.starts_with(&button))
        })
        .await;
    let button = custom_ids(&message)
        .into_iter()
        .find(|id| id.starts_with(&button))
        .expect("a button of the turn");
    let click = fake.click(&player, table.board, &button).await;
    let response = fake.response_to(click).await;
    assert_eq!(
        response.body["type"], 7,
        "the click after the outage was not taken: {:?}",
        response.body
    );
    nobody_timed_out(&fake, CHANNEL);
    bot.stop().await;
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
