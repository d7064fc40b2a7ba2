//! A channel's queue of writes: what a write is ([`Job`]), how a waiting edit is replaced by a
//! newer one of the same message or dropped with its deleted message, and the sliding window
//! (plus a 429's wait) that says when the next write may go.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::oneshot;
use tokio::time::Instant;

use crate::bot::board_writes::BoardWrites;
use crate::bot::rest::RestError;

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
    /// The message's writes by every path: this edit holds a guard while it travels, and a
    /// newer version written meanwhile asks the owner to write the newest again.
    pub writes: Arc<BoardWrites>,
}

impl Freshness {
    pub(super) fn is_stale(&self) -> bool {
        self.written.load(Ordering::SeqCst) >= self.version
    }

    /// The edit was applied: it is the newest Discord has, unless a newer one was written
    /// while it was on its way.
    pub(super) fn mark_written_or_overtaken(&self) {
        if self.written.fetch_max(self.version, Ordering::SeqCst) > self.version {
            self.writes.overtaken();
        }
    }
}

pub(super) enum Job {
    Create {
        body: Value,
        reply: oneshot::Sender<Result<u64, RestError>>,
    },
    Edit {
        message: u64,
        body: Value,
        freshness: Option<Freshness>,
        reply: oneshot::Sender<Result<(), RestError>>,
    },
    Delete {
        message: u64,
    },
    /// Writes nothing: answered once every write queued before it in its channel is done.
    Settled {
        reply: oneshot::Sender<()>,
    },
}

/// Writes in the last `per`, and a 429's wait. A write is counted from when its answer came
/// back, not from when it left: Discord counts it when it arrives, which may be later than we
/// sent it (a slow network or a busy machine), and the answer is never earlier than that.
pub(super) struct Window {
    policy: RatePolicy,
    sent: VecDeque<Instant>,
    blocked_until: Option<Instant>,
}

impl Window {
    pub(super) fn new(policy: RatePolicy) -> Window {
        Window {
            policy,
            sent: VecDeque::new(),
            blocked_until: None,
        }
    }

    /// A write was answered now.
    pub(super) fn record_write(&mut self) {
        self.sent.push_back(Instant::now());
    }

    /// Discord answered 429: nothing goes out for `wait`.
    pub(super) fn block_for(&mut self, wait: Duration) {
        self.blocked_until = Some(Instant::now() + wait);
    }

    pub(super) fn delay(&mut self, now: Instant) -> Duration {
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

pub(super) fn push_coalescing(queue: &mut VecDeque<Job>, job: Job, shared_done: &dyn Fn(usize)) {
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
        reply,
    } = job
    {
        let waiting = queue.iter_mut().find_map(|queued| match queued {
            Job::Edit {
                message: queued_message,
                body,
                freshness,
                reply,
            } if *queued_message == message => Some((body, freshness, reply)),
            _ => None,
        });
        match waiting {
            Some((queued_body, queued_freshness, queued_reply)) => {
                *queued_body = body;
                *queued_freshness = freshness;
                *queued_reply = reply;
                shared_done(1);
            }
            None => queue.push_back(Job::Edit {
                message,
                body,
                freshness,
                reply,
            }),
        }
    } else {
        queue.push_back(job);
    }
}
