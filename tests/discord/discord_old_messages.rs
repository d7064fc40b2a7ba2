//! A table that lives longer than Discord's time limits (issue 8, fault 9): a board message
//! older than an hour cannot be edited (30046), so it is posted anew; an interaction's token
//! dies after 15 minutes (50027), so nothing may depend on an old click's token. The fake's
//! clock is moved forward; the bot's own clock is not, so the bot learns the age from Discord's
//! answers or the message timestamps.

use crate::support;

use std::time::Duration;

use studbot::table::ActionKind;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 3_600;
const PASSIVE: [ActionKind; 3] = [ActionKind::BringIn, ActionKind::Call, ActionKind::Check];

fn players() -> Vec<FakeUser> {
    vec![
        FakeUser::player(100_000_000_000_000_901, "Ida"),
        FakeUser::player(100_000_000_000_000_902, "Jon"),
        FakeUser::player(100_000_000_000_000_903, "Kai"),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_older_than_an_hour_is_posted_anew_and_the_hand_goes_on_there() {
    const CHANNEL: u64 = 300_000_000_000_000_901;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_900, "Mod");
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players(), 200, SEED).await;
    let mark = fake.mark();
    let click = table.act(&fake, &PASSIVE).await;
    assert!(fake.response_to(click).await.is_success());
    table.wait_for_turn_ping(&fake, mark).await;

    // The table sits an hour and a minute: the board can no longer be edited.
    fake.advance(Duration::from_secs(61 * 60));
    let old_board = table.board;
    let mark = fake.mark();
    let click = table.act(&fake, &PASSIVE).await;
    let (board, _) = wait_for_new_board(&fake, CHANNEL, mark).await;
    assert_ne!(board, old_board, "a new board message");
    table.board = board;
    // The click was answered (the player does not see "This interaction failed").
    let answered = fake
        .wait_for("a successful answer to the click", mark, |r| {
            r.interaction == Some(click) && r.is_success()
        })
        .await;
    assert!(answered.is_success());
    // The hand goes on to its end on the new board.
    table.play_to_showdown(&fake).await;
    fake.wait_message(board, "the result on the new board", |message| {
        custom_ids(message).iter().all(|id| !id.starts_with("a:"))
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_uses_a_click_token_older_than_fifteen_minutes() {
    const CHANNEL: u64 = 300_000_000_000_000_902;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_900, "Mod");
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players(), 200, SEED).await;
    let mark = fake.mark();
    let click = table.act(&fake, &PASSIVE).await;
    assert!(fake.response_to(click).await.is_success());
    // What the bot does right after the click (the next player's ping) is done in time.
    table.wait_for_turn_ping(&fake, mark).await;

    // Sixteen minutes pass (the board is still young enough to edit): the moderator pauses
    // and resumes, the next player acts, the hand goes on.
    fake.advance(Duration::from_secs(16 * 60));
    let mark = fake.mark();
    for command in ["pause", "resume"] {
        let asked = fake
            .slash(&moderator, CHANNEL, "table", vec![sub(command, vec![])])
            .await;
        assert_channel_answer(&fake, asked, CHANNEL).await;
    }
    let click = table.act(&fake, &PASSIVE).await;
    assert!(fake.response_to(click).await.is_success());
    table.current_buttons(&fake).await;
    let expired: Vec<Recorded> = fake
        .requests()
        .into_iter()
        .filter(|r| r.index >= mark && r.error_code() == Some(50027))
        .collect();
    assert!(
        expired.is_empty(),
        "the bot used an expired token: {:?}",
        expired
            .iter()
            .map(|r| format!("{} {}", r.method, r.path))
            .collect::<Vec<_>>()
    );
    bot.stop().await;
}
