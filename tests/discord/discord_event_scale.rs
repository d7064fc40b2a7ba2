//! An event large enough to open a dozen threads at once, within Discord's limits (#41): every
//! table gets its thread though the starts come in a burst Discord answers with 429s, the bot
//! waits each 429 out (never asks again before its `retry_after`) rather than give up a
//! table (before, a 429 on a thread's start halted the event), every table's thread gets its
//! boards, nothing is sent that Discord would refuse, and the event ends with every chip
//! audited.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_801;
const CHANNEL: u64 = 300_000_000_000_004_801;
/// Computer players at tables of four: twelve tables, twelve threads started at the start.
const PLAYERS: u8 = 48;
const TABLES: usize = 12;

/// The hands whose board was posted in `thread` (each board's header, `**Hand #N**`).
fn boards_posted(requests: &[Recorded], thread: u64) -> BTreeSet<u64> {
    requests
        .iter()
        .filter(|r| r.method == "POST" && r.channel() == Some(thread) && r.is_success())
        .filter_map(|r| {
            let after = r.content().split("**Hand #").nth(1)?;
            after.split("**").next()?.parse().ok()
        })
        .collect()
}

/// Every 429 the fake answered was waited out: the bot's next request on the same route
/// came no sooner than the `retry_after` it was given (less a few ms of the fake's rounding).
fn assert_429s_waited_out(requests: &[Recorded]) -> usize {
    let mut last_refusal: BTreeMap<(String, String), (tokio::time::Instant, f64)> = BTreeMap::new();
    let mut refusals = 0;
    for request in requests {
        let route = (request.method.to_string(), request.path.clone());
        if let Some((at, retry_after)) = last_refusal.remove(&route) {
            let waited = request.at.saturating_duration_since(at);
            assert!(
                waited.as_secs_f64() + 0.05 >= retry_after,
                "{} {} again {waited:?} after a 429 that said to wait {retry_after} s",
                route.0,
                route.1
            );
        }
        if request.status == 429 {
            refusals += 1;
            let retry_after = request
                .response
                .as_ref()
                .and_then(|body| body["retry_after"].as_f64())
                .unwrap_or(0.0);
            last_refusal.insert(route, (request.at, retry_after));
        }
    }
    refusals
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dozen_tables_get_their_threads_through_discords_limits_and_the_event_ends_audited() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let outsider = player(1, "Zoe");
    fake.add_user(&outsider);
    tournament(&fake, &outsider, CHANNEL, "status").await;
    let started = Instant::now();
    // Levels of 20 s and short stacks: at Discord's pace the event ends within the wait.
    schedule_soon_with_computers(
        &fake,
        &running,
        CHANNEL,
        "Big Field",
        5,
        PLAYERS,
        Some(20),
        |options| {
            options.table_size = Some(4);
            options.starting_stack = Some(20);
        },
    )
    .await;
    let message = event_message(&fake, CHANNEL, "Big Field").await;

    // Every table gets its thread, though Discord refuses a burst of starts.
    let deadline = Instant::now() + Duration::from_secs(90);
    while fake.threads_started_in(CHANNEL).len() < TABLES {
        assert!(
            Instant::now() < deadline,
            "{} of {TABLES} threads started: {:?}",
            fake.threads_started_in(CHANNEL).len(),
            fake.requests()
                .iter()
                .filter(|r| r.path.ends_with("/threads") || r.status == 429)
                .map(|r| (r.at, r.status, r.path.clone(), r.response.clone()))
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let threads = fake.threads_started_in(CHANNEL);
    assert_eq!(threads.len(), TABLES, "{threads:?}");
    let names: BTreeSet<String> = threads
        .iter()
        .filter_map(|&thread| fake.thread_name(thread))
        .collect();
    let expected: BTreeSet<String> = (1..=TABLES)
        .map(|table| format!("Big Field · Table {table}"))
        .collect();
    assert_eq!(names, expected);

    let over = wait_saying_for(
        &fake,
        message,
        &format!("It's over: {PLAYERS} entries"),
        Duration::from_secs(400),
    )
    .await;
    assert!(over["content"].to_string().contains("1st"));
    let took = started.elapsed();

    let requests = fake.requests();
    let starts_refused = requests
        .iter()
        .filter(|r| r.path == format!("/channels/{CHANNEL}/threads") && r.status == 429)
        .count();
    assert!(
        starts_refused > 0,
        "{TABLES} thread starts at once met no 429: the fake's bucket is not applied"
    );
    let refusals = assert_429s_waited_out(&requests);
    // Every table's thread holds its boards. Not every hand's: an event's table is never
    // held for Discord, and computers thinking 10-30 ms finish hands faster than a thread's
    // five writes in five seconds can show them, so the presenter shows the latest hand.
    let mut skipped = 0;
    for &thread in &threads {
        let hands = boards_posted(&requests, thread);
        let (Some(&first), Some(&last)) = (hands.first(), hands.last()) else {
            panic!("no board in thread {thread}");
        };
        skipped += (first..=last).filter(|hand| !hands.contains(hand)).count();
    }
    eprintln!(
        "{PLAYERS} players on {TABLES} threads: over in {:.1} s, {} requests, {refusals} 429s \
         waited out ({starts_refused} of them thread starts), {skipped} hands' boards skipped",
        took.as_secs_f64(),
        requests.len()
    );
    stop_and_audit(&fake, bot, data.path()).await;
}
