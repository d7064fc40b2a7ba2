//! An event's clock: seconds of play, which run on the lobby's clock only while the event
//! plays. A pause stops it; a restart resumes it from the reading the bank recorded, so
//! time while the process was down (or the event paused) is never charged to the players.

use std::time::Duration;

use tokio::time::Instant;

/// Seconds of play, kept in milliseconds so a pause loses no part of a second.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EventClock {
    /// The reading when it last started or stopped.
    base_ms: u64,
    /// When it last started; `None` while stopped.
    since: Option<Instant>,
}

impl EventClock {
    /// A clock reading `secs`, stopped.
    pub(crate) fn stopped_at(secs: u64) -> EventClock {
        EventClock {
            base_ms: secs.saturating_mul(1_000),
            since: None,
        }
    }

    fn now_ms(&self) -> u64 {
        let run = self.since.map_or(0, |since| {
            u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
        });
        self.base_ms.saturating_add(run)
    }

    /// The reading, in whole seconds.
    pub(crate) fn now(&self) -> u64 {
        self.now_ms() / 1_000
    }

    pub(crate) fn is_running(&self) -> bool {
        self.since.is_some()
    }

    pub(crate) fn stop(&mut self) {
        self.base_ms = self.now_ms();
        self.since = None;
    }

    pub(crate) fn start(&mut self) {
        if self.since.is_none() {
            self.since = Some(Instant::now());
        }
    }

    /// When the running clock will read `secs` (now if it has); `None` while stopped.
    pub(crate) fn instant_of(&self, secs: u64) -> Option<Instant> {
        let since = self.since?;
        let ahead = secs.saturating_mul(1_000).saturating_sub(self.base_ms);
        Some(since + Duration::from_millis(ahead))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_stopped_clock_charges_nothing_and_resumes_where_it_stood() {
        let mut clock = EventClock::stopped_at(100);
        clock.start();
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        clock.stop();
        tokio::time::sleep(Duration::from_secs(3_600)).await;
        assert_eq!(clock.now(), 101);
        clock.start();
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(clock.now(), 102);
    }
}
