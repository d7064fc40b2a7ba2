//! Where an event's coordinator publishes its notices, and how a front end subscribes to
//! them. The notices of the start (the tables' channels, the first seats, the first hands
//! dealt) are kept until the first hand is recorded, so that a subscriber made right after
//! `Lobby::open_event` sees them all, however soon the coordinator ran: it is given them
//! first, then everything after, in order, none twice. Later subscribers see what is told
//! from then on.

use std::sync::{Mutex, MutexGuard, PoisonError};

use tokio::sync::broadcast;

use super::notice::EventNotice;

/// How many notices a slow subscriber may fall behind before it misses some.
const NOTICE_BACKLOG: usize = 4_096;

pub(crate) struct Publisher {
    sender: broadcast::Sender<EventNotice>,
    /// The start's notices, until the first hand is recorded (`None` from then on).
    start: Mutex<Option<Vec<EventNotice>>>,
}

impl Publisher {
    pub(crate) fn new() -> Publisher {
        Publisher {
            sender: broadcast::channel(NOTICE_BACKLOG).0,
            start: Mutex::new(Some(Vec::new())),
        }
    }

    fn start(&self) -> MutexGuard<'_, Option<Vec<EventNotice>>> {
        self.start.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Publishes `notice` (kept too while the start's notices are).
    pub(crate) fn tell(&self, notice: EventNotice) {
        // Held while sending, so that a subscriber sees each notice once: kept or sent.
        let mut start = self.start();
        if let Some(kept) = start.as_mut() {
            let first_recorded = matches!(notice, EventNotice::HandRecorded { .. });
            kept.push(notice.clone());
            if first_recorded {
                *start = None;
            }
        }
        // Nobody listening is not a fault: the bank holds what matters.
        let _ = self.sender.send(notice);
    }

    /// Every notice from now on, after the start's if they are still kept.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<EventNotice> {
        let start = self.start();
        let live = self.sender.subscribe();
        match start.as_ref() {
            Some(kept) if !kept.is_empty() => replayed(kept.clone(), live),
            _ => live,
        }
    }
}

/// A receiver given `kept` first, then what `live` receives (forwarded by a task that ends
/// with either side).
fn replayed(
    kept: Vec<EventNotice>,
    mut live: broadcast::Receiver<EventNotice>,
) -> broadcast::Receiver<EventNotice> {
    let (sender, receiver) = broadcast::channel(NOTICE_BACKLOG + kept.len());
    for notice in kept {
        let _ = sender.send(notice);
    }
    tokio::spawn(async move {
        loop {
            match live.recv().await {
                Ok(notice) => {
                    if sender.send(notice).is_err() {
                        return;
                    }
                }
                // Never so in practice: the forwarder drains at once.
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::warn!(missed, "an event's subscriber missed notices");
                }
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    });
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paused(clock: u64) -> EventNotice {
        EventNotice::Paused { clock }
    }

    fn recorded(number: u64) -> EventNotice {
        EventNotice::HandRecorded {
            table: 1,
            channel: crate::bank::TableId(1),
            number,
        }
    }

    #[tokio::test]
    async fn a_subscriber_made_after_the_start_was_told_sees_it_all_then_what_follows_once() {
        let publisher = Publisher::new();
        publisher.tell(paused(0));
        publisher.tell(paused(1));
        let mut notices = publisher.subscribe();
        publisher.tell(recorded(1));
        publisher.tell(paused(2));
        let mut seen = Vec::new();
        for _ in 0..4 {
            seen.push(notices.recv().await.unwrap());
        }
        assert_eq!(seen, vec![paused(0), paused(1), recorded(1), paused(2)]);
        assert!(notices.try_recv().is_err(), "nothing twice");
    }

    #[tokio::test]
    async fn once_the_first_hand_is_recorded_a_subscriber_sees_only_what_follows() {
        let publisher = Publisher::new();
        publisher.tell(paused(0));
        publisher.tell(recorded(1));
        let mut notices = publisher.subscribe();
        publisher.tell(paused(5));
        assert_eq!(notices.recv().await.unwrap(), paused(5));
    }
}
