//! Clicks being answered right now. While one is, the board is left to its interaction
//! response; when the last one ends — answered, refused, cancelled or panicking, since the
//! count lives in a guard — the presenter's loop is woken to write what the clicks did not.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Notify;

#[derive(Default)]
pub struct HeldBoard {
    clicks: AtomicUsize,
    released: Notify,
}

/// One click holding the board; dropping it lets go.
pub struct ClickGuard {
    held: Arc<HeldBoard>,
}

impl HeldBoard {
    /// A click starts.
    pub fn hold(self: &Arc<Self>) -> ClickGuard {
        self.clicks.fetch_add(1, Ordering::SeqCst);
        ClickGuard {
            held: Arc::clone(self),
        }
    }

    /// No click holds the board.
    pub fn is_free(&self) -> bool {
        self.clicks.load(Ordering::SeqCst) == 0
    }

    /// Resolves when the last click let go (at once if one did since the last wait).
    pub async fn released(&self) {
        self.released.notified().await;
    }
}

impl Drop for ClickGuard {
    fn drop(&mut self) {
        if self.held.clicks.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.held.released.notify_one();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(start_paused = true)]
    async fn a_cancelled_or_panicking_click_lets_go_of_the_board() {
        let held = Arc::new(HeldBoard::default());
        // Cancelled: the click's future is dropped while it waits.
        let guard = held.hold();
        let click = tokio::spawn(async move {
            let _guard = guard;
            std::future::pending::<()>().await;
        });
        assert!(!held.is_free());
        click.abort();
        let _ = click.await;
        assert!(held.is_free());
        tokio::time::timeout(Duration::from_secs(1), held.released())
            .await
            .expect("the presenter is woken when the cancelled click lets go");
        // Panicking.
        let guard = held.hold();
        let click = tokio::spawn(async move {
            let _guard = guard;
            panic!("a click handler failed");
        });
        assert!(click.await.is_err());
        assert!(held.is_free());
        tokio::time::timeout(Duration::from_secs(1), held.released())
            .await
            .expect("the presenter is woken when the panicking click lets go");
    }

    #[test]
    fn two_clicks_hold_until_both_end() {
        let held = Arc::new(HeldBoard::default());
        let first = held.hold();
        let second = held.hold();
        drop(first);
        assert!(!held.is_free());
        drop(second);
        assert!(held.is_free());
    }
}
