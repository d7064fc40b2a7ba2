//! One outbox per channel for every channel write that is not an interaction response (new
//! messages and edits). Discord lets a bot write about 5 times per 5 seconds in one channel; the
//! outbox keeps within a sliding window of that size, coalesces edits of the same message that
//! are still waiting (only the newest is sent), and when Discord answers 429 it waits the
//! `retry_after` it was given before trying the same write again, never sooner.
//!
//! A channel's worker ends once its queue has been empty for [`IDLE_WORKER_ENDS_AFTER`]; the
//! next write starts another. The queue itself (coalescing, the window) is in [`queue`].
//!
//! Edits may carry a [`Freshness`]: the board is also updated by interaction responses, which
//! bypass the outbox, so an edit older than what an interaction already wrote is dropped
//! instead of turning the board back. An edit's answer tells its writer how Discord took it
//! (a board refused as too old, 30046, is posted anew).

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::Instant;

use super::rest::{Rest, RestError};

mod queue;
#[cfg(test)]
mod tests;

pub use queue::{Freshness, RatePolicy};
use queue::{Job, Window, push_coalescing};

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
    /// The answer tells how Discord took it; it is dropped unanswered when the edit was
    /// replaced by a newer one, found stale or dropped with its deleted message.
    pub fn edit(
        &self,
        channel: u64,
        message: u64,
        body: Value,
        freshness: Option<Freshness>,
    ) -> oneshot::Receiver<Result<(), RestError>> {
        let (reply, answer) = oneshot::channel();
        self.enqueue(
            channel,
            Job::Edit {
                message,
                body,
                freshness,
                reply,
            },
        );
        answer
    }

    /// Queues the deletion of a message; a waiting edit of it is dropped.
    pub fn delete(&self, channel: u64, message: u64) {
        self.enqueue(channel, Job::Delete { message });
    }

    /// Waits until every write queued in `channel` so far is done (what comes after is not
    /// waited for): a thread is archived only once its last messages are in. A channel with
    /// no worker has nothing queued: none is started for it (a closed table leaves none).
    pub async fn settled(&self, channel: u64) {
        let (reply, answer) = oneshot::channel();
        {
            let channels = self
                .shared
                .channels
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let Some(sender) = channels.get(&channel) else {
                return;
            };
            self.shared.pending.fetch_add(1, Ordering::SeqCst);
            if sender.send(Job::Settled { reply }).is_err() {
                // The worker is gone (runtime shutting down): nothing is left to wait for.
                self.shared.done(1);
                return;
            }
        }
        let _ = answer.await;
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

async fn channel_worker<W: MessageWriter>(
    shared: Arc<Shared<W>>,
    channel: u64,
    mut receiver: mpsc::UnboundedReceiver<Job>,
) {
    let mut queue: VecDeque<Job> = VecDeque::new();
    let mut window = Window::new(shared.policy);
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
        if matches!(queue.front(), Some(Job::Settled { .. })) {
            // Writes nothing, so it waits for no window.
            if let Some(Job::Settled { reply }) = queue.pop_front() {
                let _ = reply.send(());
            }
            shared.done(1);
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
        Job::Create { body, reply } => create_once(shared, channel, body, reply, window).await,
        Job::Delete { message } => delete_once(shared, channel, message, window).await,
        Job::Settled { reply } => {
            let _ = reply.send(());
            None
        }
        Job::Edit {
            message,
            body,
            freshness,
            reply,
        } => {
            let edit = Edit {
                message,
                body,
                freshness,
                reply,
            };
            edit_once(shared, channel, edit, window).await
        }
    }
}

async fn create_once<W: MessageWriter>(
    shared: &Shared<W>,
    channel: u64,
    body: Value,
    reply: oneshot::Sender<Result<u64, RestError>>,
    window: &mut Window,
) -> Option<Job> {
    let outcome = shared.writer.create(channel, &body).await;
    window.record_write();
    match outcome {
        Err(RestError::RateLimited(wait)) => {
            tracing::warn!(channel, ?wait, "rate limited; waiting before posting");
            window.block_for(wait);
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

async fn delete_once<W: MessageWriter>(
    shared: &Shared<W>,
    channel: u64,
    message: u64,
    window: &mut Window,
) -> Option<Job> {
    // Deleting has its own bucket at Discord: it does not use up the window of writes.
    match shared.writer.delete(channel, message).await {
        Err(RestError::RateLimited(wait)) => {
            window.block_for(wait);
            Some(Job::Delete { message })
        }
        Err(error) => {
            tracing::warn!(channel, message, %error, "deleting a message failed");
            None
        }
        Ok(()) => None,
    }
}

/// The fields of a [`Job::Edit`], taken apart to be tried and put back when rate limited.
struct Edit {
    message: u64,
    body: Value,
    freshness: Option<Freshness>,
    reply: oneshot::Sender<Result<(), RestError>>,
}

/// Edits the message, retrying a transient failure up to `EDIT_ATTEMPTS` times; a stale edit
/// (a newer board already written) is dropped unsent.
async fn edit_once<W: MessageWriter>(
    shared: &Shared<W>,
    channel: u64,
    edit: Edit,
    window: &mut Window,
) -> Option<Job> {
    let Edit {
        message,
        body,
        freshness,
        reply,
    } = edit;
    if freshness.as_ref().is_some_and(Freshness::is_stale) {
        return None;
    }
    let mut attempt = 1;
    loop {
        let writing = freshness.as_ref().map(|freshness| freshness.writes.start());
        let outcome = shared.writer.edit(channel, message, &body).await;
        window.record_write();
        match outcome {
            Ok(()) => {
                if let Some(freshness) = &freshness {
                    freshness.mark_written_or_overtaken();
                }
                drop(writing);
                let _ = reply.send(Ok(()));
                return None;
            }
            Err(RestError::RateLimited(wait)) => {
                tracing::warn!(channel, ?wait, "rate limited; waiting before editing");
                window.block_for(wait);
                return Some(Job::Edit {
                    message,
                    body,
                    freshness,
                    reply,
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
                let _ = reply.send(Err(error));
                return None;
            }
        }
    }
}
