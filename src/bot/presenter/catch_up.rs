//! Waiting for the presenter to catch up: whoever asks (a command about to answer, a test) is
//! answered once the loop has handled every notice the table sent before they asked, and
//! handed the writes those make to the outbox.

use std::sync::Arc;

use tokio::sync::oneshot;

use crate::bot::lock;
use crate::lobby::NoticeReceiver;

use super::Presenter;

/// The loop's answers to [`Presenter::caught_up`].
#[derive(Default)]
pub(super) struct CatchUp {
    /// The loop has ended: nobody is answered any more.
    over: bool,
    waiting: Vec<oneshot::Sender<()>>,
}

impl Presenter {
    /// Waits until the loop has handled every notice the table sent before this call and
    /// handed the writes they make to the outbox (a click holding the board delays it).
    /// Returns at once if the loop has ended.
    pub async fn caught_up(&self) {
        let (answer, answered) = oneshot::channel();
        {
            let mut catch_up = lock(&self.catch_up);
            if catch_up.over {
                return;
            }
            catch_up.waiting.push(answer);
        }
        self.catch_up_asked.notify_one();
        let _ = answered.await;
    }

    /// Writes what Discord does not have yet, then answers who asked to be caught up.
    pub(super) async fn flush_and_answer(self: &Arc<Self>, notices: &mut NoticeReceiver) {
        // Taken before draining: every notice sent before a wait began is handled, and its
        // writes are in the outbox, before that wait is answered.
        let asked = std::mem::take(&mut lock(&self.catch_up).waiting);
        if !asked.is_empty() {
            let mut batch = Vec::new();
            while let Ok(next) = notices.try_recv() {
                batch.push(next);
            }
            if !batch.is_empty() {
                self.apply(batch);
                self.publish();
            }
        }
        self.flush().await;
        for waiter in asked {
            let _ = waiter.send(());
        }
    }

    /// The loop has ended: whoever waits is let go, and later askers return at once.
    pub(super) fn stop_answering(&self) {
        let mut catch_up = lock(&self.catch_up);
        catch_up.over = true;
        catch_up.waiting.clear();
    }
}
