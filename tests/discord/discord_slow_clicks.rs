//! Clicks on a slow table, end to end against the fake: the bot acknowledges them with a
//! deferred update before Discord's 3 seconds run out and edits the board afterwards. The table
//! is made slow with the `[testing] click_delay_ms` knob.

use crate::support;

use std::time::Duration;

use studbot::table::ActionKind;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 91;
/// Longer than the bot's 1.2 s before it defers a click, well inside Discord's 3 s.
const CLICK_DELAY_MS: u64 = 1600;

fn slow_config(fake: &FakeDiscord, data: &std::path::Path) -> String {
    format!(
        "{}click_delay_ms = {CLICK_DELAY_MS}\n",
        config_text(fake, data, SEED)
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_slow_table_is_deferred_in_time_and_the_board_edited_afterwards() {
    const CHANNEL: u64 = 300_000_000_000_000_061;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &slow_config(&fake, data.path())).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_600, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_601, "Gus"),
        FakeUser::player(100_000_000_000_000_602, "Hal"),
    ];
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    let click = table
        .act(&fake, &[ActionKind::BringIn, ActionKind::Call])
        .await;
    let response = fake.response_to(click).await;
    assert_eq!(
        response.body["type"], 6,
        "a deferred update: {:?}",
        response.body
    );
    assert!(response.is_success());
    let delay = fake.response_delay(click).await;
    assert!(
        delay < Duration::from_secs(3),
        "deferred after {delay:?}, past Discord's 3 seconds"
    );

    // After the deferral the board is edited: the original response, or the message itself.
    let board = table.board;
    let edit = fake
        .wait_for("the board edited after the deferral", response.index, |r| {
            r.method == "PATCH"
                && r.is_success()
                && ((r.interaction == Some(click) && r.path.ends_with("/messages/@original"))
                    || (r.is_channel_write() && r.path.ends_with(&format!("/messages/{board}"))))
        })
        .await;
    assert!(edit.index > response.index);
    // The board now offers the next action, to the next player.
    let buttons = table.current_buttons(&fake).await;
    assert!(
        buttons
            .iter()
            .any(|id| id.starts_with(&table.current_prefix()))
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_click_on_a_slow_table_is_deferred_then_answered_privately() {
    const CHANNEL: u64 = 300_000_000_000_000_062;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &slow_config(&fake, data.path())).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_600, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_601, "Gus"),
        FakeUser::player(100_000_000_000_000_602, "Hal"),
    ];
    let table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    let to_act = table.to_act().unwrap().clone();
    let other = players.iter().find(|p| p.id != to_act.id).unwrap().clone();
    let button = table
        .current_buttons(&fake)
        .await
        .into_iter()
        .find(|id| id.starts_with("a:"))
        .unwrap();
    let mark = fake.mark();
    let click = fake.click(&other, table.board, &button).await;
    let response = fake.response_to(click).await;
    assert_eq!(
        response.body["type"], 6,
        "a deferred update: {:?}",
        response.body
    );
    assert!(fake.response_delay(click).await < Duration::from_secs(3));

    // The refusal comes as an ephemeral followup naming the player to act.
    let answer = fake.answer_to(click).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(other.id));
    assert!(
        answer.content().contains(&to_act.name),
        "{}",
        answer.content()
    );
    // Nothing was written to the channel for it.
    let writes = fake
        .requests()
        .into_iter()
        .filter(|r| r.index >= mark && r.is_channel_write() && r.channel() == Some(CHANNEL))
        .count();
    assert_eq!(writes, 0);
    bot.stop().await;
}
