//! Entries while a multi-table event runs, through Discord: late registration seats a new
//! player at once, a player who is out re-enters (as many times as the event allows) with
//! `/join` or the Register button while late registration is open, and both are refused
//! in an event's words once they do not apply; nobody unregisters after the start.

use std::time::Duration;

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_401;

/// How many entries the message says are still in, and of how many.
fn still_in(text: &str) -> Option<(u64, u64)> {
    let line = text.lines().find(|line| line.contains("still in"))?;
    let mut words = line.split_whitespace();
    let left = words.next()?.parse().ok()?;
    let _of = words.next()?;
    let entries = words.next()?.parse().ok()?;
    Some((left, entries))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_entries_and_re_entries_are_taken_while_late_registration_is_open() {
    const CHANNEL: u64 = 300_000_000_000_004_401;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    // Twelve at tables of four: late registration stays open until the money is near.
    let players: Vec<FakeUser> = (1..=12).map(|n| player(n, &format!("P{n}"))).collect();
    add_people(&fake, &players);
    let late = player(20, "Lou");
    fake.add_user(&late);
    tournament(&fake, &moderator(), CHANNEL, "status").await;

    schedule_soon(&running, CHANNEL, "Late Cup", 5, |options| {
        options.table_size = Some(4);
        options.starting_stack = Some(200);
        options.late_registration_levels = Some(1);
        options.re_entries = Some(1);
    })
    .await;
    let message = event_message(&fake, CHANNEL, "Late Cup").await;
    for user in &players {
        fake.ask(user, CHANNEL, "join", vec![]).await;
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while fake.threads_started_in(CHANNEL).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the event never started"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Late registration: a new player is seated at once, their buy-in in the pool.
    let entered = fake.ask(&late, CHANNEL, "join", vec![]).await;
    assert_private_to(
        &entered,
        &late,
        "You're in **Late Cup** (your first entry, buy-in 10)",
    );
    assert_balance(&fake, CHANNEL, &late, 990).await;
    let unregister = fake.ask(&players[0], CHANNEL, "leave", vec![]).await;
    assert_private_to(&unregister, &players[0], "nobody can unregister now");

    // Someone is out (the players play their turns, never raising, so the field is not
    // near the money at once): they may buy in again, once; the
    // others are still in.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let someone_out = async {
        loop {
            let text = fake
                .message(message)
                .and_then(|json| json["content"].as_str().map(str::to_owned))
                .unwrap_or_default();
            if still_in(&text).is_some_and(|(left, entries)| left < entries) {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "nobody was out: {text}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let seated: Vec<FakeUser> = players.iter().chain([&late]).cloned().collect();
    playing_until(&fake, CHANNEL, &seated, NEVER_RAISE, someone_out).await;
    let mut re_entered = Vec::new();
    for user in players.iter().chain([&late]) {
        let answer = fake.ask(user, CHANNEL, "join", vec![]).await;
        assert_eq!(answer.visibility, Visibility::Ephemeral(user.id));
        if answer.content().contains("(entry 2, buy-in 10)") {
            re_entered.push(user.clone());
        } else {
            assert!(
                answer.content().contains("You're in this event already."),
                "{}",
                answer.content()
            );
        }
    }
    assert!(!re_entered.is_empty(), "nobody re-entered");
    for user in &re_entered {
        assert_balance(&fake, CHANNEL, user, 980).await;
    }
    let register = button(&fake, message, ":r");
    let twice = fake.click(&re_entered[0], message, &register).await;
    let twice = fake.answer_to(twice).await;
    let said = twice.content();
    assert!(
        said.contains("You're in this event already.")
            || said.contains("You have no re-entry left in this event."),
        "{said}"
    );
    assert_balance(&fake, CHANNEL, &re_entered[0], 980).await;
    bot.stop().await;
}
