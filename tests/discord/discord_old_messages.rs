//! A table that lives longer than Discord's time limits: a board message
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

/// What the table does for a player who is gone (`lobby::table::hand::default_action`): check
/// when free, else fold, else the cheapest action offered (a forced bring-in).
fn default_action(table: &PlayedTable) -> ActionKind {
    let legal = table.mirror.legal_actions();
    [ActionKind::Check, ActionKind::Fold]
        .into_iter()
        .find(|kind| legal.iter().any(|action| action.kind == *kind))
        .or_else(|| {
            legal
                .iter()
                .min_by_key(|action| action.chips)
                .map(|action| action.kind)
        })
        .expect("an action is offered")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_discord_refuses_to_edit_as_too_old_is_posted_anew() {
    const CHANNEL: u64 = 300_000_000_000_000_903;
    const AN_HOUR_AGO: Duration = Duration::from_secs(61 * 60);
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_900, "Mod");
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players(), 200, SEED).await;

    // Discord counts the board as older than an hour, though its id and every clock say it is
    // new. The player to act leaves: the table folds for them and the presenter edits the
    // board through the outbox, which Discord refuses (30046).
    fake.make_message_older(table.board, AN_HOUR_AGO);
    let old_board = table.board;
    let mark = fake.mark();
    let leaver = table.to_act().expect("someone is to act").clone();
    let seat = table.mirror.to_act().expect("someone is to act");
    let kind = default_action(&table);
    let left = fake.slash(&leaver, CHANNEL, "leave", vec![]).await;
    fake.answer_to(left).await;
    table
        .mirror
        .act(seat, kind)
        .expect("the mirror takes the same action");
    fake.wait_for("the board's edit refused as too old", mark, |r| {
        r.method == "PATCH" && r.error_code() == Some(30046)
    })
    .await;
    let (board, _) = wait_for_new_board(&fake, CHANNEL, mark).await;
    assert_ne!(board, old_board, "the board is posted anew");
    table.board = board;
    table.current_buttons(&fake).await;

    // The same for a click: the update of its board (type 7) is refused, the click is still
    // answered, and the board is posted anew with the next player's buttons.
    fake.make_message_older(table.board, AN_HOUR_AGO);
    let old_board = table.board;
    let mark = fake.mark();
    let click = table.act(&fake, &PASSIVE).await;
    fake.wait_for("the click's board update refused as too old", mark, |r| {
        r.interaction == Some(click) && r.error_code() == Some(30046)
    })
    .await;
    fake.wait_for("a successful answer to the click", mark, |r| {
        r.interaction == Some(click) && r.path.ends_with("/callback") && r.is_success()
    })
    .await;
    let (board, _) = wait_for_new_board(&fake, CHANNEL, mark).await;
    assert_ne!(board, old_board, "the board is posted anew");
    table.board = board;
    table.current_buttons(&fake).await;
    bot.stop().await;
}
