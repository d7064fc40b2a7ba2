//! Computer players at a Discord table, end to end through the fake Discord: a moderator
//! opens a table whose spare chair a computer may take, one human plays hands against it, a
//! second human's `/join` on the full table takes the computer's chair (or, withdrawn with
//! `/leave` before the hand ends, does not), and the guild house
//! whose chips the computer plays audits clean after the bot is killed mid-hand. The bot
//! runs with a short thinking time (`[computers]` in its config), so the computers act
//! within tens of milliseconds rather than the 1-3 s players see.

use crate::support;

use studbot::table::ActionKind;
use support::audit::audit;
use support::bot::{ChildBot, TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 24_024;

/// The test config with computers that think 10-30 ms (5 ms over a forced move).
fn quick_config(fake: &FakeDiscord, data_dir: &std::path::Path) -> String {
    format!(
        "{}\n[computers]\nthink_min_ms = 10\nthink_max_ms = 30\nthink_forced_ms = 5\n",
        config_text(fake, data_dir, SEED)
    )
}

fn open_options() -> Vec<serde_json::Value> {
    vec![
        int("seats", 2),
        int("computer_players", 1),
        int("between_hands", 1),
        int("timer", 600),
    ]
}

/// Plays the hand on `board` to its end: `human` folds (or checks, or brings in) whenever the
/// board shows them to act; the computer acts by itself.
async fn play_out(fake: &FakeDiscord, board: u64, human: &FakeUser) {
    let to_act = format!("▶️ **{}**", human.name);
    loop {
        let message = fake
            .wait_message(board, "the human to act, or the hand over", |message| {
                let content = message["content"].as_str().unwrap_or_default();
                custom_ids(message).iter().all(|id| !id.starts_with("a:"))
                    || content.contains(&to_act)
            })
            .await;
        let ids = custom_ids(&message);
        let actions: Vec<&String> = ids.iter().filter(|id| id.starts_with("a:")).collect();
        if actions.is_empty() {
            return;
        }
        let pick = [
            ActionKind::Fold,
            ActionKind::Check,
            ActionKind::BringIn,
            ActionKind::Call,
        ]
        .iter()
        .find_map(|kind| {
            actions
                .iter()
                .find(|id| id.ends_with(&format!(":{}", action_code(*kind))))
        })
        .expect("a passive action is offered")
        .to_string();
        let click = fake.click(human, board, &pick).await;
        assert!(fake.response_to(click).await.is_success());
        // The board moves on from this action before the next look.
        fake.wait_message(board, "the board after the click", |message| {
            !custom_ids(message).contains(&pick)
        })
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_human_plays_a_computer_which_gives_its_seat_to_a_second_human() {
    const CHANNEL: u64 = 300_000_000_000_000_241;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &quick_config(&fake, data.path())).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_240, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_241, "Ana");
    let ben = FakeUser::player(100_000_000_000_000_242, "Ben").with_locale("es-ES");
    for user in [&moderator, &ana, &ben] {
        fake.add_user(user);
    }
    let opened = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("open", open_options())],
        )
        .await;
    let opened = assert_channel_answer(&fake, opened, CHANNEL).await;
    let status = fake
        .slash(&ana, CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    let status = fake.answer_to(status).await;
    assert!(
        status
            .content()
            .contains("Computer players may take up to 1 seat"),
        "{} / {}",
        opened.content(),
        status.content()
    );
    let mark = fake.mark();
    let joined = fake
        .slash(&ana, CHANNEL, "join", vec![int("buy_in", 200)])
        .await;
    assert_channel_answer(&fake, joined, CHANNEL).await;

    // Two hands of Ana against the computer, its seat marked on the board.
    let mut from = mark;
    for _ in 0..2 {
        let (board, posted) = wait_for_new_board(&fake, CHANNEL, from).await;
        let text = fake.message(board).unwrap()["content"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(
            text.lines()
                .any(|line| line.contains("Computer 2") && line.contains("🤖")),
            "{text}"
        );
        assert!(text.contains("🤖 = computer player"), "{text}");
        play_out(&fake, board, &ana).await;
        from = posted + 1;
    }

    // Ben asks for a seat at the full table: the computer gives its chair after the hand.
    let asked = fake
        .slash(&ben, CHANNEL, "join", vec![int("buy_in", 200)])
        .await;
    let answer = fake.answer_to(asked).await;
    let seated_at_once = answer.visibility == Visibility::Channel(CHANNEL);
    if !seated_at_once {
        assert_eq!(answer.visibility, Visibility::Ephemeral(ben.id));
        assert!(
            answer.content().contains("bot"),
            "told in Spanish that a bot gives its seat: {}",
            answer.content()
        );
        // The hand in play ends; Ana folds it.
        let (board, _) = wait_for_new_board(&fake, CHANNEL, from).await;
        play_out(&fake, board, &ana).await;
    }
    let mark = fake.mark();
    let (board, _) = wait_for_new_board(&fake, CHANNEL, mark).await;
    let text = fake.message(board).unwrap()["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("Ben") && text.contains("Ana"), "{text}");
    assert!(!text.contains("🤖"), "the computer left: {text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_waiting_for_a_computers_chair_withdraws_with_leave_and_is_not_dealt_in() {
    const CHANNEL: u64 = 300_000_000_000_000_243;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &quick_config(&fake, data.path())).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_250, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_251, "Ana");
    let ben = FakeUser::player(100_000_000_000_000_252, "Ben");
    for user in [&moderator, &ana, &ben] {
        fake.add_user(user);
    }
    let opened = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("open", open_options())],
        )
        .await;
    assert_channel_answer(&fake, opened, CHANNEL).await;
    let mark = fake.mark();
    let joined = fake
        .slash(&ana, CHANNEL, "join", vec![int("buy_in", 200)])
        .await;
    assert_channel_answer(&fake, joined, CHANNEL).await;
    // Hand 1 is under way (Ana has not acted): Ben's /join waits for the computer's chair.
    let (board, posted) = wait_for_new_board(&fake, CHANNEL, mark).await;
    let asked = fake
        .slash(&ben, CHANNEL, "join", vec![int("buy_in", 200)])
        .await;
    let answer = fake.answer_to(asked).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(ben.id));
    assert!(answer.content().contains("/leave"), "{}", answer.content());
    // He changes his mind.
    let left = fake.ask(&ben, CHANNEL, "leave", vec![]).await;
    assert_eq!(left.visibility, Visibility::Ephemeral(ben.id));
    assert!(
        left.content().contains("request for a seat is withdrawn"),
        "{}",
        left.content()
    );
    let again = fake.ask(&ben, CHANNEL, "leave", vec![]).await;
    assert!(
        again.content().contains("not seated"),
        "{}",
        again.content()
    );
    play_out(&fake, board, &ana).await;
    let (board, _) = wait_for_new_board(&fake, CHANNEL, posted + 1).await;
    let text = fake.message(board).unwrap()["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("Ana") && text.contains("🤖"), "{text}");
    assert!(!text.contains("Ben"), "Ben was dealt in: {text}");
    let balance = fake.ask(&ben, CHANNEL, "balance", vec![]).await;
    assert!(balance.content().contains("1,000"), "{}", balance.content());
    bot.stop().await;
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_house_audits_clean_after_a_kill_mid_hand_with_a_computer_seated() {
    const CHANNEL: u64 = 300_000_000_000_000_242;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, quick_config(&fake, &data.path().join("data"))).unwrap();
    let moderator = FakeUser::moderator(100_000_000_000_000_250, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_251, "Ana");
    for user in [&moderator, &ana] {
        fake.add_user(user);
    }
    let first = ChildBot::start(&fake, &config, &data.path().join("first.log")).await;
    let opened = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("open", open_options())],
        )
        .await;
    assert_channel_answer(&fake, opened, CHANNEL).await;
    let mark = fake.mark();
    let joined = fake
        .slash(&ana, CHANNEL, "join", vec![int("buy_in", 200)])
        .await;
    assert_channel_answer(&fake, joined, CHANNEL).await;
    let (board, _) = wait_for_new_board(&fake, CHANNEL, mark).await;
    assert!(
        fake.message(board).unwrap()["content"]
            .to_string()
            .contains("🤖")
    );
    first.kill();

    // Killed mid-hand: the books balance, the hand's chips (the house's among them) wait in
    // escrow to be refunded.
    let (code, report) = audit(&data.path().join("data"));
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(
        report["hands_in_progress"].as_array().map(Vec::len),
        Some(1)
    );
    let mark = fake.mark();
    let second = ChildBot::start(&fake, &config, &data.path().join("second.log")).await;
    fake.wait_for("the channel told of the refund", mark, |r| {
        r.is_channel_write()
            && r.is_success()
            && r.channel() == Some(CHANNEL)
            && r.content().contains("#1")
            && r.content().contains("cancelled")
    })
    .await;
    let closed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("close", vec![])])
        .await;
    assert_channel_answer(&fake, closed, CHANNEL).await;
    let house = fake
        .slash(&moderator, CHANNEL, "stats", vec![boolean("house", true)])
        .await;
    let house = fake.answer_to(house).await;
    assert_eq!(house.visibility, Visibility::Ephemeral(moderator.id));
    assert!(house.content().contains("The house"), "{}", house.content());
    assert_eq!(second.terminate().await, Some(0));
    let (code, report) = audit(&data.path().join("data"));
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(
        report["hands_in_progress"],
        serde_json::json!([]),
        "{report}"
    );
    assert_eq!(report["escrow_chips"], 0, "{report}");
    // The computer bought in with the table's largest buy-in and got it back when the hand
    // was refunded: the house holds it.
    assert_eq!(report["house_chips"], 1_000, "{report}");
    assert_eq!(report["player_accounts"], 1, "{report}");
}
