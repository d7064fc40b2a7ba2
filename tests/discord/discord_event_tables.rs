//! A person at an event table plays it like any table (#41): the table's board is posted in
//! its thread (one board per hand), their down cards come by DM, their turn's buttons move
//! the hand on with their action, and the bot's presenter of each table goes when the event
//! is over.

use std::time::{Duration, Instant};

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_501;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_at_an_event_table_sees_its_board_in_the_thread_and_plays_its_buttons() {
    const CHANNEL: u64 = 300_000_000_000_004_501;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let ana = player(1, "Ana");
    add_people(&fake, [&ana]);
    tournament(&fake, &moderator(), CHANNEL, "status").await;
    // Levels of 20 s: at Discord's pace the stakes rise every few hands, so the event ends
    // within the wait however its cards fall.
    schedule_soon_with_computers(&running, CHANNEL, "Table Talk", 5, 3, Some(20), |options| {
        options.table_size = Some(4);
        options.starting_stack = Some(20);
    })
    .await;
    let message = event_message(&fake, CHANNEL, "Table Talk").await;
    let joined = fake.ask(&ana, CHANNEL, "join", vec![]).await;
    assert_private_to(&joined, &ana, "You're registered for **Table Talk**");
    wait_saying(&fake, message, "4 players registered").await;

    // Ana's first turn: the board in the table's thread mentions her, with her buttons.
    let deadline = Instant::now() + Duration::from_secs(40);
    let (thread, turn) = loop {
        let threads = fake.threads_started_in(CHANNEL);
        assert!(threads.len() <= 1, "four players at one table: {threads:?}");
        if let Some(&thread) = threads.first()
            && let Some(turn) = current_turn(&fake, thread).filter(|turn| turn.user == ana.id)
        {
            break (thread, turn);
        }
        assert!(
            Instant::now() < deadline,
            "Ana's turn never came in her thread: {:?}",
            threads.first().map(|&thread| fake.channel_messages(thread))
        );
        tokio::time::sleep(Duration::from_millis(40)).await;
    };
    assert!(
        turn.prefix.starts_with(&format!("a:{thread}:")),
        "{}",
        turn.prefix
    );
    assert!(
        fake.channel_messages(CHANNEL)
            .iter()
            .all(|message| !support::table::custom_ids(message)
                .iter()
                .any(|id| id.starts_with("a:"))),
        "a board was posted in the event's channel"
    );
    // One board for the hand in the thread.
    let hand = turn.prefix.split(':').nth(2).expect("the hand's number");
    let hand_ids = format!("a:{thread}:{hand}:");
    let boards = fake
        .requests()
        .into_iter()
        .filter(|r| {
            r.method == "POST"
                && r.channel() == Some(thread)
                && r.is_success()
                && r.body["components"].to_string().contains(&hand_ids)
        })
        .count();
    assert_eq!(boards, 1, "hand {hand} was posted {boards} times");

    // Her down cards, by DM.
    let dm = fake
        .wait_for("Ana's down cards by DM", 0, |r| {
            r.visibility == Visibility::Dm(ana.id) && r.is_success()
        })
        .await;
    assert!(dm.content().contains("**Your cards**"), "{}", dm.content());
    assert!(dm.content().contains("Down:"), "{}", dm.content());

    // Her click moves the hand on: her turn's buttons are gone long before her 30 s timer.
    let clicked_at = Instant::now();
    click_turn(&fake, &turn, std::slice::from_ref(&ana)).await;
    fake.wait_message(turn.board, "the board after Ana's click", |board| {
        !support::table::custom_ids(board)
            .iter()
            .any(|id| id.starts_with(&turn.prefix))
    })
    .await;
    assert!(
        clicked_at.elapsed() < Duration::from_secs(10),
        "the hand went on by her timer, not her click"
    );

    // She plays on to the end (at 20 chips, a hand or a few); every table's presenter goes with the event.
    let (over, _) = playing_until(
        &fake,
        CHANNEL,
        std::slice::from_ref(&ana),
        STAY_IN,
        wait_saying_for(
            &fake,
            message,
            "It's over: 4 entries",
            Duration::from_secs(150),
        ),
    )
    .await;
    assert!(over["content"].to_string().contains("1st"));
    // The table's thread is archived once its presenter has written the hands it had left
    // (the computers dealt on faster than Discord lets boards out), and nothing after.
    wait_archived_with_nothing_after(&fake, &[thread]).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while running.footprint().presenters > 0 {
        assert!(Instant::now() < deadline, "a presenter outlived the event");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop_and_audit(&fake, bot, data.path()).await;
}
