//! The outbox's behaviour on tokio's paused clock, against a recorder instead of Discord.

use super::*;
use serde_json::json;
use std::sync::atomic::AtomicU64;

use crate::bot::board_writes::BoardWrites;

/// One write: when, what kind, to which channel or message, with which body.
type Write = (Instant, &'static str, u64, Value);

/// Records every write with the (paused) time it happened; answers 429 to the first
/// `limited` writes.
#[derive(Clone, Default)]
struct Recorder {
    log: Arc<Mutex<Vec<Write>>>,
    limited: Arc<AtomicUsize>,
    next_id: Arc<AtomicU64>,
    /// Every edit is refused with this, when set.
    refused_edits: Arc<Mutex<Option<RestError>>>,
    /// How long each of the next writes travels before it arrives (and is recorded).
    transit: Arc<Mutex<VecDeque<Duration>>>,
}

impl Recorder {
    async fn arrive(&self) {
        let transit = self.transit.lock().unwrap().pop_front();
        if let Some(transit) = transit {
            tokio::time::sleep(transit).await;
        }
    }

    fn record(&self, kind: &'static str, target: u64, body: &Value) -> Result<(), RestError> {
        if self.limited.load(Ordering::SeqCst) > 0 {
            self.limited.fetch_sub(1, Ordering::SeqCst);
            self.log
                .lock()
                .unwrap()
                .push((Instant::now(), "429", target, body.clone()));
            return Err(RestError::RateLimited(Duration::from_millis(1500)));
        }
        self.log
            .lock()
            .unwrap()
            .push((Instant::now(), kind, target, body.clone()));
        Ok(())
    }

    fn writes(&self) -> Vec<Write> {
        self.log.lock().unwrap().clone()
    }
}

impl MessageWriter for Recorder {
    async fn create(&self, channel: u64, body: &Value) -> Result<u64, RestError> {
        self.arrive().await;
        self.record("create", channel, body)?;
        Ok(self.next_id.fetch_add(1, Ordering::SeqCst) + 1)
    }

    async fn edit(&self, _channel: u64, message: u64, body: &Value) -> Result<(), RestError> {
        if let Some(refused) = self.refused_edits.lock().unwrap().clone() {
            return Err(refused);
        }
        self.arrive().await;
        self.record("edit", message, body)
    }

    async fn delete(&self, _channel: u64, message: u64) -> Result<(), RestError> {
        self.record("delete", message, &Value::Null)
    }
}

#[tokio::test(start_paused = true)]
async fn an_idle_channel_worker_ends_and_a_later_write_starts_another() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    for channel in 0..100 {
        outbox
            .post(channel, json!({ "content": "hi" }))
            .await
            .unwrap();
    }
    assert_eq!(outbox.channels(), 100);
    tokio::time::sleep(IDLE_WORKER_ENDS_AFTER + Duration::from_secs(1)).await;
    assert_eq!(outbox.channels(), 0);
    outbox.post(7, json!({ "content": "again" })).await.unwrap();
    assert_eq!(outbox.channels(), 1);
    assert_eq!(recorder.writes().len(), 101);
}

#[tokio::test(start_paused = true)]
async fn settled_waits_for_the_channels_queued_writes_and_starts_no_worker_where_none_is() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    // Nothing was written in channel 9: settled at once, and no worker is left behind.
    outbox.settled(9).await;
    assert_eq!(outbox.channels(), 0);
    // Channel 1's six edits need a second window: settled only once the sixth is in.
    for message in 0..6 {
        drop(outbox.edit(1, message, json!({ "content": message }), None));
    }
    outbox.settled(1).await;
    assert_eq!(recorder.writes().len(), 6);
    assert!(outbox.flush(Duration::ZERO).await);
}

#[tokio::test(start_paused = true)]
async fn deleting_a_message_drops_its_waiting_edits() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    for n in 0..5 {
        outbox.post(1, json!({ "content": n })).await.unwrap();
    }
    outbox.edit(1, 3, json!({ "content": "late" }), None);
    outbox.delete(1, 3);
    assert!(outbox.flush(Duration::from_secs(60)).await);
    let kinds: Vec<&str> = recorder.writes().iter().skip(5).map(|w| w.1).collect();
    assert_eq!(kinds, ["delete"]);
}

fn most_in_any_window(times: &[Instant], per: Duration) -> usize {
    times
        .iter()
        .map(|start| {
            times
                .iter()
                .filter(|t| **t >= *start && t.duration_since(*start) < per)
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[tokio::test(start_paused = true)]
async fn writes_stay_within_five_per_five_seconds_per_channel() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    let posts: Vec<_> = (0..12)
        .map(|n| {
            let outbox = outbox.clone();
            tokio::spawn(async move { outbox.post(1, json!({ "content": n })).await })
        })
        .collect();
    for post in posts {
        post.await.unwrap().unwrap();
    }
    let times: Vec<Instant> = recorder.writes().iter().map(|w| w.0).collect();
    assert_eq!(times.len(), 12);
    assert_eq!(most_in_any_window(&times, Duration::from_secs(5)), 5);
}

#[tokio::test(start_paused = true)]
async fn waiting_edits_of_one_message_are_coalesced_into_the_newest() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    for n in 0..5 {
        outbox.post(1, json!({ "content": n })).await.unwrap();
    }
    // The window is full: these wait, and only the last one is sent.
    for n in 0..20 {
        outbox.edit(1, 99, json!({ "content": format!("board {n}") }), None);
    }
    assert!(outbox.flush(Duration::from_secs(60)).await);
    let edits: Vec<Value> = recorder
        .writes()
        .into_iter()
        .filter(|w| w.1 == "edit")
        .map(|w| w.3)
        .collect();
    assert_eq!(edits, vec![json!({ "content": "board 19" })]);
}

#[tokio::test(start_paused = true)]
async fn a_429_waits_its_retry_after_and_the_write_happens_once() {
    let recorder = Recorder::default();
    recorder.limited.store(2, Ordering::SeqCst);
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    let started = Instant::now();
    let id = outbox.post(7, json!({ "content": "hello" })).await.unwrap();
    assert_eq!(id, 1);
    let writes = recorder.writes();
    let kinds: Vec<&str> = writes.iter().map(|w| w.1).collect();
    assert_eq!(kinds, ["429", "429", "create"]);
    assert!(writes[1].0.duration_since(writes[0].0) >= Duration::from_millis(1500));
    assert!(writes[2].0.duration_since(writes[1].0) >= Duration::from_millis(1500));
    assert!(started.elapsed() >= Duration::from_secs(3));
}

#[tokio::test(start_paused = true)]
async fn an_edit_older_than_what_an_interaction_wrote_is_dropped() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    let written = Arc::new(AtomicU64::new(0));
    for n in 0..5 {
        outbox.post(1, json!({ "content": n })).await.unwrap();
    }
    outbox.edit(
        1,
        42,
        json!({ "content": "version 3" }),
        Some(Freshness {
            written: written.clone(),
            version: 3,
            writes: Arc::default(),
        }),
    );
    // An interaction response wrote version 4 meanwhile.
    written.store(4, Ordering::SeqCst);
    assert!(outbox.flush(Duration::from_secs(60)).await);
    assert!(recorder.writes().iter().all(|w| w.1 != "edit"));
}

#[tokio::test(start_paused = true)]
async fn channels_do_not_wait_for_each_other() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    for n in 0..5 {
        outbox.post(1, json!({ "content": n })).await.unwrap();
    }
    let before = Instant::now();
    outbox.post(2, json!({ "content": "other" })).await.unwrap();
    assert_eq!(before.elapsed(), Duration::ZERO);
}

#[tokio::test(start_paused = true)]
async fn an_edit_discord_refuses_is_answered_with_why_and_a_replaced_one_unanswered() {
    let recorder = Recorder::default();
    let too_old = RestError::Refused {
        status: 400,
        code: crate::bot::rest::OLD_MESSAGE_EDIT_CODE,
        message: "Maximum number of edits to messages older than 1 hour reached".to_owned(),
    };
    *recorder.refused_edits.lock().unwrap() = Some(too_old.clone());
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    for n in 0..5 {
        outbox.post(1, json!({ "content": n })).await.unwrap();
    }
    // The window is full: the first edit waits and is replaced by the second.
    let replaced = outbox.edit(1, 9, json!({ "content": "old" }), None);
    let newest = outbox.edit(1, 9, json!({ "content": "new" }), None);
    assert!(replaced.await.is_err(), "a replaced edit is never answered");
    let answer = newest.await.expect("the edit that was sent is answered");
    assert_eq!(answer, Err(too_old));
    assert!(answer.is_err_and(|error| error.is_old_message_edit()));
}

#[tokio::test(start_paused = true)]
async fn a_write_that_arrives_late_still_counts_in_discords_window() {
    let recorder = Recorder::default();
    // The first post takes a second to reach Discord; the others arrive at once.
    recorder
        .transit
        .lock()
        .unwrap()
        .push_back(Duration::from_secs(1));
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    for n in 0..6 {
        outbox.post(1, json!({ "content": n })).await.unwrap();
    }
    let arrivals: Vec<Instant> = recorder.writes().iter().map(|w| w.0).collect();
    assert_eq!(arrivals.len(), 6);
    assert_eq!(most_in_any_window(&arrivals, Duration::from_secs(5)), 5);
}

#[tokio::test(start_paused = true)]
async fn an_edit_overtaken_on_its_way_by_a_newer_board_asks_for_the_newest_again() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    let written = Arc::new(AtomicU64::new(2));
    let writes = Arc::new(BoardWrites::default());
    // The edit takes a second to reach Discord; a click's response writes version 4
    // meanwhile, and Discord applies the older edit last.
    recorder
        .transit
        .lock()
        .unwrap()
        .push_back(Duration::from_secs(1));
    outbox.edit(
        1,
        42,
        json!({ "content": "version 3" }),
        Some(Freshness {
            written: written.clone(),
            version: 3,
            writes: writes.clone(),
        }),
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    written.store(4, Ordering::SeqCst);
    assert!(outbox.flush(Duration::from_secs(60)).await);
    assert_eq!(
        recorder.writes().iter().filter(|w| w.1 == "edit").count(),
        1
    );
    tokio::time::timeout(Duration::from_secs(1), writes.rewrite_needed())
        .await
        .expect("the presenter is asked to write the newest board again");
}

#[tokio::test(start_paused = true)]
async fn an_edit_nobody_overtook_asks_for_nothing() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    let written = Arc::new(AtomicU64::new(2));
    let writes = Arc::new(BoardWrites::default());
    outbox.edit(
        1,
        42,
        json!({ "content": "version 3" }),
        Some(Freshness {
            written: written.clone(),
            version: 3,
            writes: writes.clone(),
        }),
    );
    assert!(outbox.flush(Duration::from_secs(60)).await);
    assert_eq!(written.load(Ordering::SeqCst), 3);
    assert!(
        tokio::time::timeout(Duration::from_secs(1), writes.rewrite_needed())
            .await
            .is_err()
    );
}

#[tokio::test(start_paused = true)]
async fn an_edit_that_crossed_a_click_response_asks_for_the_newest_again() {
    let recorder = Recorder::default();
    let outbox = Outbox::new(recorder.clone(), RatePolicy::default());
    let written = Arc::new(AtomicU64::new(2));
    let writes = Arc::new(BoardWrites::default());
    recorder
        .transit
        .lock()
        .unwrap()
        .push_back(Duration::from_secs(1));
    outbox.edit(
        1,
        42,
        json!({ "content": "version 3" }),
        Some(Freshness {
            written: written.clone(),
            version: 3,
            writes: writes.clone(),
        }),
    );
    // A click's response leaves and lands while the edit travels; the bot has not yet
    // heard that it landed (its version is not recorded), so only the crossing tells.
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(writes.start());
    assert!(outbox.flush(Duration::from_secs(60)).await);
    tokio::time::timeout(Duration::from_secs(1), writes.rewrite_needed())
        .await
        .expect("the presenter is asked to write the newest board again");
}
