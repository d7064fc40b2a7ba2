//! Entries while a multi-table event runs, through Discord: late registration seats a new
//! player at once, a player who is out re-enters (as many times as the event allows) with
//! `/join` or the Register button while late registration is open, and both are refused
//! in an event's words once they do not apply; nobody unregisters after the start.

use std::time::Duration;

use studbot::bank::UserId;

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_401;

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

    // Stacks of 150: a player who calls two hands down to the river (75 each at the first
    // level's stakes) and loses both is out, so the first bust comes within a table's second
    // or third hand, whatever the machine's pace.
    let id = schedule_soon(&running, CHANNEL, "Late Cup", 5, |options| {
        options.table_size = Some(4);
        options.starting_stack = Some(150);
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
    // near the money at once): they may buy in again, once; the others are still in. The
    // bank records a bust with its hand: the players stop acting the moment it does (the
    // event's message tells it only up to 3 s later), so no table busts more meanwhile.
    let seated: Vec<FakeUser> = players.iter().chain([&late]).cloned().collect();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let bank = running.bank().clone();
    let someone_out = async {
        loop {
            let record = bank.event(id).await.expect("the bank answers");
            let event = record.as_ref().and_then(|record| record.event());
            let out = event.is_some_and(|event| {
                seated
                    .iter()
                    .any(|user| event.live_entry(UserId(user.id)).is_none())
            });
            if out {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "nobody was out: {:?}",
                event.map(|event| event.field().players_left())
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
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
