//! Writes of one board message that may cross on their way to Discord: the presenter's edits
//! through the outbox and the clicks' interaction responses take different paths, so when two
//! are in flight at once Discord may apply the older one last. Each write holds a
//! [`WriteGuard`] while it travels; when two overlapped, the last one to land wakes the
//! presenter, which writes the newest board again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct BoardWrites {
    in_flight: AtomicUsize,
    crossed: AtomicBool,
    rewrite: Notify,
}

/// One write on its way; dropping it (answered, failed, cancelled or panicking) marks it
/// landed.
#[must_use = "the write is in flight only while the guard is held"]
pub struct WriteGuard {
    writes: Arc<BoardWrites>,
}

impl BoardWrites {
    /// A write leaves now.
    pub fn start(self: &Arc<Self>) -> WriteGuard {
        if self.in_flight.fetch_add(1, Ordering::SeqCst) > 0 {
            self.crossed.store(true, Ordering::SeqCst);
        }
        WriteGuard {
            writes: Arc::clone(self),
        }
    }

    /// A write landed after a newer one (known from the versions): write the newest again.
    pub fn overtaken(&self) {
        self.rewrite.notify_one();
    }

    /// Resolves when the newest board must be written again.
    pub async fn rewrite_needed(&self) {
        self.rewrite.notified().await;
    }
}

impl Drop for WriteGuard {
    fn drop(&mut self) {
        let writes = &self.writes;
        if writes.in_flight.fetch_sub(1, Ordering::SeqCst) == 1
            && writes.crossed.swap(false, Ordering::SeqCst)
        {
            writes.rewrite.notify_one();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    async fn woken(writes: &BoardWrites) -> bool {
        tokio::time::timeout(Duration::from_secs(1), writes.rewrite_needed())
            .await
            .is_ok()
    }

    #[tokio::test(start_paused = true)]
    async fn writes_that_crossed_ask_for_the_newest_once_both_landed() {
        let writes = Arc::new(BoardWrites::default());
        let edit = writes.start();
        let click = writes.start();
        // The click's response lands first: the edit is still on its way.
        drop(click);
        assert!(!woken(&writes).await);
        drop(edit);
        assert!(woken(&writes).await);
    }

    #[tokio::test(start_paused = true)]
    async fn writes_one_after_the_other_ask_for_nothing() {
        let writes = Arc::new(BoardWrites::default());
        drop(writes.start());
        drop(writes.start());
        assert!(!woken(&writes).await);
    }

    #[tokio::test(start_paused = true)]
    async fn a_write_cancelled_on_its_way_still_lands_for_the_count() {
        let writes = Arc::new(BoardWrites::default());
        let edit = writes.start();
        let click = {
            let guard = writes.start();
            tokio::spawn(async move {
                let _guard = guard;
                std::future::pending::<()>().await;
            })
        };
        click.abort();
        let _ = click.await;
        drop(edit);
        assert!(woken(&writes).await);
    }
}
