//! Where the bank takes the time from (ledger timestamps, daily cooldowns, how long a caller
//! waits for the store), injectable so a test can move time without sleeping.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A wait that ends when the clock says so.
pub type Sleep = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

pub trait Clock: Send + Sync + 'static {
    /// Milliseconds since the Unix epoch.
    fn now_unix_ms(&self) -> u64;

    /// Waits `duration`: how long a caller waits for the store (`store_timeout_ms`). tokio's
    /// timer by default; a test may end the wait when it chooses instead.
    fn sleep(&self, duration: Duration) -> Sleep {
        Box::pin(tokio::time::sleep(duration))
    }
}

/// The machine's wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_unix_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|elapsed| u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0)
    }
}

/// A clock that moves only when told to (tests, simulations).
#[derive(Debug, Default)]
pub struct ManualClock {
    now_unix_ms: AtomicU64,
}

impl ManualClock {
    pub fn new(now_unix_ms: u64) -> ManualClock {
        ManualClock {
            now_unix_ms: AtomicU64::new(now_unix_ms),
        }
    }

    pub fn set(&self, now_unix_ms: u64) {
        self.now_unix_ms.store(now_unix_ms, Ordering::SeqCst);
    }

    pub fn advance_ms(&self, elapsed_ms: u64) {
        let _ = self
            .now_unix_ms
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |now| {
                Some(now.saturating_add(elapsed_ms))
            });
    }
}

impl Clock for ManualClock {
    fn now_unix_ms(&self) -> u64 {
        self.now_unix_ms.load(Ordering::SeqCst)
    }
}
