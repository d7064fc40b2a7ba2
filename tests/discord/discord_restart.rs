//! The bot process killed mid-hand and started again on the same data: the hand is refunded,
//! the channel is told, the next hand plays; SIGTERM then stops it with exit code 0. Runs the
//! real `studbot` binary, and checks its logs never hold the token.

#![cfg(unix)]

use crate::support;

use studbot::table::{ActionKind, Hand, Rules, Stakes};
use support::audit::audit;
use support::bot::{ChildBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_041;
const SEED: u64 = 31_337;
const TOKEN: &str = "test-token-not-secret-but-never-logged";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_mid_hand_refunds_it_on_restart_and_plays_the_next_hand() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    let text = config_text(&fake, &data.path().join("data"), SEED)
        .replace("level = \"warn\"", "level = \"debug\"\nformat = \"json\"");
    std::fs::write(&config, text).unwrap();
    let moderator = FakeUser::moderator(100_000_000_000_000_400, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_401, "Jo"),
        FakeUser::player(100_000_000_000_000_402, "Kim"),
        FakeUser::player(100_000_000_000_000_403, "Lu"),
    ];
    for player in &players {
        fake.add_user(player);
    }

    let first = ChildBot::start(&fake, &config, &data.path().join("first.log")).await;
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let raise = [ActionKind::Complete, ActionKind::Bet, ActionKind::Call];
    for _ in 0..3 {
        let click = table.act(&fake, &raise).await;
        assert_eq!(fake.response_to(click).await.body["type"], 7);
    }
    first.kill();

    let mark = fake.mark();
    let second = ChildBot::start(&fake, &config, &data.path().join("second.log")).await;
    let told = fake
        .wait_for("the channel told of the refund", mark, |r| {
            // A write Discord refused (429 from the channel's bucket) is retried: wait for
            // the one that got through.
            r.is_channel_write()
                && r.is_success()
                && r.channel() == Some(CHANNEL)
                && r.content().contains("#1")
                && r.content().contains("cancelled")
        })
        .await;
    assert_eq!(told.visibility, Visibility::Channel(CHANNEL));

    // The next hand: everyone starts again from the refunded 200, dealt from a fresh seeded
    // deck (the process restarted its random stream).
    let (board, posted_at) = wait_for_new_board(&fake, CHANNEL, mark).await;

    // The old hand's buttons still answer after the restart: that hand is over.
    let old_button = format!("{}{}", table.current_prefix(), "ca");
    let to_act = table.to_act().unwrap().clone();
    let click = fake.click(&to_act, table.board, &old_button).await;
    let answer = fake.response_to(click).await;
    assert_eq!(
        answer.visibility,
        Visibility::Ephemeral(to_act.id),
        "{:?}",
        answer.body
    );

    let hand_number: u64 = custom_ids(&fake.message(board).unwrap())
        .iter()
        .find_map(|id| {
            id.strip_prefix(&format!("a:{CHANNEL}:"))?
                .split(':')
                .next()?
                .parse()
                .ok()
        })
        .expect("the new board's buttons carry its hand number");
    assert!(hand_number > 1);
    table.hand_number = hand_number;
    table.board = board;
    table.board_posted_at = posted_at;
    table.mirror = Hand::start(
        Stakes::default(),
        Rules::default(),
        &[200, 200, 200],
        first_deck(SEED, CHANNEL),
    )
    .unwrap();
    no_next_hand_soon(&fake, CHANNEL, &moderator).await;
    table.play_to_showdown(&fake).await;

    table.cash_out_and_compare_balances(&fake).await;

    assert_eq!(second.terminate().await, Some(0), "SIGTERM exits with 0");
    // Nothing was lost across the kill: the books balance, no hand is left open, and every
    // chip is back with its player.
    let (code, report) = audit(&data.path().join("data"));
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(
        report["hands_in_progress"],
        serde_json::json!([]),
        "{report}"
    );
    assert_eq!(report["escrow_chips"], 0, "{report}");
    for log in ["first.log", "second.log"] {
        let text = std::fs::read_to_string(data.path().join(log)).unwrap();
        assert!(!text.is_empty(), "{log} is empty: logging is not set up");
        assert!(!text.contains(TOKEN), "{log} holds the token");
        // serenity's request spans carry message bodies (cards in "My cards" answers).
        assert!(!text.contains("body: Some"), "{log} holds a request body");
        if std::env::var("KEEP_LOGS").is_ok() {
            std::fs::copy(data.path().join(log), format!("/tmp/{log}")).unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigint_mid_hand_tells_the_channel_the_hand_stops_and_exits_zero() {
    const CHANNEL: u64 = 300_000_000_000_000_042;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, config_text(&fake, &data.path().join("data"), SEED)).unwrap();
    let moderator = FakeUser::moderator(100_000_000_000_000_410, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_411, "Mo"),
        FakeUser::player(100_000_000_000_000_412, "Ned"),
    ];
    let bot = ChildBot::start(&fake, &config, &data.path().join("bot.log")).await;
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    assert_eq!(fake.response_to(click).await.body["type"], 7);

    // Ctrl-C: handled as SIGTERM is (the grace of 1 s cannot finish the hand).
    let mark = fake.mark();
    let log = bot.log.clone();
    assert_eq!(bot.interrupt().await, Some(0), "SIGINT exits with 0");
    let told = fake
        .wait_for("the channel told hand #1 stops", mark, |r| {
            r.is_channel_write()
                && r.is_success()
                && r.channel() == Some(CHANNEL)
                && r.content().contains("#1")
        })
        .await;
    assert_eq!(told.visibility, Visibility::Channel(CHANNEL));
    let text = std::fs::read_to_string(log).unwrap();
    assert!(!text.contains("panicked"), "{text}");
    // The books balance after the stop; the unfinished hand waits to be refunded at the next
    // start, its chips still in escrow.
    let (code, report) = audit(&data.path().join("data"));
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["escrow_chips"], 400, "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_file_holds_no_colour_codes() {
    const CHANNEL: u64 = 300_000_000_000_000_043;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    let text = config_text(&fake, &data.path().join("data"), SEED)
        .replace("level = \"warn\"", "level = \"info\"");
    std::fs::write(&config, text).unwrap();
    let bot = ChildBot::start(&fake, &config, &data.path().join("bot.log")).await;
    let user = FakeUser::player(100_000_000_000_000_420, "Ora");
    let asked = fake.slash(&user, CHANNEL, "balance", vec![]).await;
    fake.answer_to(asked).await;
    let log = bot.log.clone();
    assert_eq!(bot.terminate().await, Some(0));
    let text = std::fs::read_to_string(log).unwrap();
    assert!(!text.is_empty(), "nothing was logged at info level");
    assert!(
        !text.contains('\u{1b}'),
        "the log file holds terminal colour codes:\n{text}"
    );
}
