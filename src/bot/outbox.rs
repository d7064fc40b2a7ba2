//! One outbox per channel for every channel write that is not an interaction response (new
//! messages and edits). Discord lets a bot write about 5 times per 5 seconds in one channel; the
//! outbox keeps within a sliding window of that size, coalesces edits of the same message that
//! are still waiting (only the newest is sent), and when Discord answers 429 it waits the
//! `retry_after` it was given before trying the same write again, never sooner.
//!
//! A channel's worker ends once its queue has been empty for [`IDLE_WORKER_ENDS_AFTER`]; the
//! next write starts another.
//!
//! Edits may carry a [`Freshness`]: the board is also updated by interaction responses, which
//! bypass the outbox, so an edit older than what an interaction already wrote is dropped
//! instead of turning the board back.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::Instant;

use super::rest::{Rest, RestError};

/// What actually writes to Discord; [`Rest`] in the bot, a recorder in unit tests.
pub trait MessageWriter: Send + Sync + 'static {
    fn create(
        &self,
        channel: u64,
        body: &Value,
    ) -> impl Future<Output = Result<u64, RestError>> + Send;
    fn edit(
        &self,
        channel: u64,
        message: u64,
        body: &Value,
    ) -> impl Future<Output = Result<(), RestError>> + Send;
    fn delete(
        &self,
        channel: u64,
        message: u64,
    ) -> impl Future<Output = Result<(), RestError>> + Send;
}

impl MessageWriter for Rest {
    fn create(
        &self,
        channel: u64,
        body: &Value,
    ) -> impl Future<Output = Result<u64, RestError>> + Send {
        self.create_message(channel, body)
    }

    fn edit(
        &self,
        channel: u64,
        message: u64,
        body: &Value,
    ) -> impl Future<Output = Result<(), RestError>> + Send {
        self.edit_message(channel, message, body)
    }

    fn delete(
        &self,
        channel: u64,
        message: u64,
    ) -> impl Future<Output = Result<(), RestError>> + Send {
        self.delete_message(channel, message)
    }
}

/// A channel's worker with nothing to write for this long ends.
pub const IDLE_WORKER_ENDS_AFTER: Duration = Duration::from_secs(30);

/// At most `writes` writes in any window of `per`, per channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatePolicy {
    pub writes: usize,
    pub per: Duration,
}

impl Default for RatePolicy {
    fn default() -> Self {
        RatePolicy {
            writes: 5,
            per: Duration::from_secs(5),
        }
    }
}

/// The newest version of a message already written by any path, and the version an edit holds.
#[derive(Debug, Clone)]
pub struct Freshness {
    pub written: Arc<AtomicU64>,
    pub version: u64,
}

impl Freshness {
    fn is_stale(&self) -> bool {
        self.written.load(Ordering::SeqCst) >= self.version
    }

    fn mark_written(&self) {
        self.written.fetch_max(self.version, Ordering::SeqCst);
    }
}

enum Job {
    Create {
        body: Value,
        reply: oneshot::Sender<Result<u64, RestError>>,
    },
    Edit {
        message: u64,
        body: Value,
        freshness: Option<Freshness>,
    },
    Delete {
        message: u64,
    },
}

/// Transient failures of an edit are tried this many times in all.
const EDIT_ATTEMPTS: u32 = 3;

struct Shared<W> {
    writer: W,
    policy: RatePolicy,
    channels: Mutex<HashMap<u64, mpsc::UnboundedSender<Job>>>,
    pending: AtomicUsize,
    drained: Notify,
}

/// The outboxes of every channel; cheap to clone.
pub struct Outbox<W: MessageWriter = Rest> {
    shared: Arc<Shared<W>>,
}

impl<W: MessageWriter> Clone for Outbox<W> {
    fn clone(&self) -> Self {
        Outbox {
            shared: self.shared.clone(),
        }
    }
}

impl<W: MessageWriter> Outbox<W> {
    pub fn new(writer: W, policy: RatePolicy) -> Outbox<W> {
        Outbox {
            shared: Arc::new(Shared {
                writer,
                policy,
                channels: Mutex::new(HashMap::new()),
                pending: AtomicUsize::new(0),
                drained: Notify::new(),
            }),
        }
    }

    /// Posts a message in its turn; returns its id once Discord has it.
    pub async fn post(&self, channel: u64, body: Value) -> Result<u64, RestError> {
        let (reply, answer) = oneshot::channel();
        self.enqueue(channel, Job::Create { body, reply });
        answer
            .await
            .unwrap_or_else(|_| Err(RestError::Network("the outbox stopped".to_owned())))
    }

    /// Queues an edit; a later edit of the same message that is still waiting replaces it.
    pub fn edit(&self, channel: u64, message: u64, body: Value, freshness: Option<Freshness>) {
        self.enqueue(
            channel,
            Job::Edit {
                message,
                body,
                freshness,
            },
        );
    }

    /// Queues the deletion of a message; a waiting edit of it is dropped.
    pub fn delete(&self, channel: u64, message: u64) {
        self.enqueue(channel, Job::Delete { message });
    }

    /// Channels with a worker right now.
    pub fn channels(&self) -> usize {
        self.shared
            .channels
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len()
    }

    /// Waits until every queued write is done, or `timeout` passes. True when all were done.
    pub async fn flush(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            let drained = self.shared.drained.notified();
            if self.shared.pending.load(Ordering::SeqCst) == 0 {
                return true;
            }
            if tokio::time::timeout_at(deadline, drained).await.is_err() {
                return self.shared.pending.load(Ordering::SeqCst) == 0;
            }
        }
    }

    fn enqueue(&self, channel: u64, job: Job) {
        self.shared.pending.fetch_add(1, Ordering::SeqCst);
        let mut channels = self
            .shared
            .channels
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let sender = channels.entry(channel).or_insert_with(|| {
            let (sender, receiver) = mpsc::unbounded_channel();
            tokio::spawn(channel_worker(self.shared.clone(), channel, receiver));
            sender
        });
        if let Err(mpsc::error::SendError(job)) = sender.send(job) {
            // The worker is gone (runtime shutting down): report instead of hanging.
            self.shared.done(1);
            if let Job::Create { reply, .. } = job {
                let _ = reply.send(Err(RestError::Network("the outbox stopped".to_owned())));
            }
        }
    }
}

impl<W> Shared<W> {
    fn done(&self, jobs: usize) {
        if self.pending.fetch_sub(jobs, Ordering::SeqCst) == jobs {
            self.drained.notify_waiters();
        }
    }
}

/// Writes in the last `per`, and a 429's wait.
struct Window {
    policy: RatePolicy,
    sent: VecDeque<Instant>,
    blocked_until: Option<Instant>,
}

impl Window {
    fn delay(&mut self, now: Instant) -> Duration {
        while self
            .sent
            .front()
            .is_some_and(|sent| now.duration_since(*sent) >= self.policy.per)
        {
            self.sent.pop_front();
        }
        let blocked = self
            .blocked_until
            .map_or(Duration::ZERO, |until| until.saturating_duration_since(now));
        let full = match self.sent.front() {
            Some(oldest) if self.sent.len() >= self.policy.writes => {
                (*oldest + self.policy.per).saturating_duration_since(now)
            }
            _ => Duration::ZERO,
        };
        blocked.max(full)
    }
}

fn push_coalescing(queue: &mut VecDeque<Job>, job: Job, shared_done: &dyn Fn(usize)) {
    if let Job::Delete { message } = job {
        let before = queue.len();
        queue.retain(
            |queued| !matches!(queued, Job::Edit { message: edited, .. } if *edited == message),
        );
        shared_done(before - queue.len());
        queue.push_back(job);
        return;
    }
    if let Job::Edit {
        message,
        body,
        freshness,
    } = job
    {
        let waiting = queue.iter_mut().find_map(|queued| match queued {
            Job::Edit {
                message: queued_message,
                body,
                freshness,
            } if *queued_message == message => Some((body, freshness)),
            _ => None,
        });
        match waiting {
            Some((queued_body, queued_freshness)) => {
                *queued_body = body;
                *queued_freshness = freshness;
                shared_done(1);
            }
            None => queue.push_back(Job::Edit {
                message,
                body,
                freshness,
            }),
        }
    } else {
        queue.push_back(job);
    }
}

async fn channel_worker<W: MessageWriter>(
    shared: Arc<Shared<W>>,
    channel: u64,
    mut receiver: mpsc::UnboundedReceiver<Job>,
) {
    let mut queue: VecDeque<Job> = VecDeque::new();
    let mut window = Window {
        policy: shared.policy,
        sent: VecDeque::new(),
        blocked_until: None,
    };
    let mut open = true;
    let done = |jobs: usize| shared.done(jobs);
    loop {
        while let Ok(job) = receiver.try_recv() {
            push_coalescing(&mut queue, job, &done);
        }
        if queue.is_empty() {
            if !open {
                return;
            }
            match tokio::time::timeout(IDLE_WORKER_ENDS_AFTER, receiver.recv()).await {
                Ok(Some(job)) => push_coalescing(&mut queue, job, &done),
                Ok(None) => open = false,
                Err(_) => {
                    // Idle: end, unless a write arrived meanwhile (senders enqueue under the
                    // same lock, so none can slip in between this check and the removal).
                    let mut channels = shared
                        .channels
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    match receiver.try_recv() {
                        Ok(job) => push_coalescing(&mut queue, job, &done),
                        Err(_) => {
                            channels.remove(&channel);
                            return;
                        }
                    }
                }
            }
            continue;
        }
        let wait = window.delay(Instant::now());
        if !wait.is_zero() {
            if open {
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    job = receiver.recv() => match job {
                        Some(job) => push_coalescing(&mut queue, job, &done),
                        None => open = false,
                    },
                }
            } else {
                tokio::time::sleep(wait).await;
            }
            continue;
        }
        let Some(job) = queue.pop_front() else {
            continue;
        };
        if let Some(job) = write_once(&shared, channel, job, &mut window).await {
            // Rate limited: the same write goes first again once the wait is over.
            queue.push_front(job);
        } else {
            shared.done(1);
        }
    }
}

/// Tries one write. Returns the job when it must be tried again (after the window's wait).
async fn write_once<W: MessageWriter>(
    shared: &Shared<W>,
    channel: u64,
    job: Job,
    window: &mut Window,
) -> Option<Job> {
    match job {
        Job::Create { body, reply } => {
            window.sent.push_back(Instant::now());
            match shared.writer.create(channel, &body).await {
                Err(RestError::RateLimited(wait)) => {
                    tracing::warn!(channel, ?wait, "rate limited; waiting before posting");
                    window.blocked_until = Some(Instant::now() + wait);
                    Some(Job::Create { body, reply })
                }
                outcome => {
                    match &outcome {
                        // The table's presenter reports the channel's permissions, once.
                        Err(RestError::MissingPermissions) | Ok(_) => {}
                        Err(error) => tracing::warn!(channel, %error, "posting a message failed"),
                    }
                    let _ = reply.send(outcome);
                    None
                }
            }
        }
        Job::Delete { message } => {
            // Deleting has its own bucket at Discord: it does not use up the window of writes.
            match shared.writer.delete(channel, message).await {
                Err(RestError::RateLimited(wait)) => {
                    window.blocked_until = Some(Instant::now() + wait);
                    Some(Job::Delete { message })
                }
                Err(error) => {
                    tracing::warn!(channel, message, %error, "deleting a message failed");
                    None
                }
                Ok(()) => None,
            }
        }
        Job::Edit {
            message,
            body,
            freshness,
        } => {
            if freshness.as_ref().is_some_and(Freshness::is_stale) {
                return None;
            }
            let mut attempt = 1;
            loop {
                window.sent.push_back(Instant::now());
                match shared.writer.edit(channel, message, &body).await {
                    Ok(()) => {
                        if let Some(freshness) = &freshness {
                            freshness.mark_written();
                        }
                        return None;
                    }
                    Err(RestError::RateLimited(wait)) => {
                        tracing::warn!(channel, ?wait, "rate limited; waiting before editing");
                        window.blocked_until = Some(Instant::now() + wait);
                        return Some(Job::Edit {
                            message,
                            body,
                            freshness,
                        });
                    }
                    Err(error) if error.is_transient() && attempt < EDIT_ATTEMPTS => {
                        tracing::warn!(channel, %error, attempt, "editing a message failed; retrying");
                        tokio::time::sleep(Duration::from_secs(u64::from(attempt))).await;
                        attempt += 1;
                    }
                    Err(RestError::MissingPermissions) => {
                        // A post to the channel fails too, and its presenter says so once.
                        tracing::debug!(channel, message, "editing a message: missing permissions");
                        return None;
                    }
                    Err(error) => {
                        tracing::warn!(channel, message, %error, "editing a message failed");
                        return None;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// One write: when, what kind, to which channel or message, with which body.
    type Write = (Instant, &'static str, u64, Value);

    /// Records every write with the (paused) time it happened; answers 429 to the first
    /// `limited` writes.
    #[derive(Clone, Default)]
    struct Recorder {
        log: Arc<Mutex<Vec<Write>>>,
        limited: Arc<AtomicUsize>,
        next_id: Arc<AtomicU64>,
    }

    impl Recorder {
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
            self.record("create", channel, body)?;
            Ok(self.next_id.fetch_add(1, Ordering::SeqCst) + 1)
        }

        async fn edit(&self, _channel: u64, message: u64, body: &Value) -> Result<(), RestError> {
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
}
