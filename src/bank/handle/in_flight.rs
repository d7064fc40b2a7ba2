//! The handle's requests in flight: each call sent to the committer or reading the store,
//! counted from when it is made until its caller has its answer (or gives up). A test that
//! moves tokio's paused clock by hand waits for none to be in flight first, so the clock
//! never runs ahead of a bank that writes in real time.

use tokio::sync::watch;

/// The count a bank keeps; each request holds a [`Counted`] while it is in flight.
#[derive(Debug)]
pub(super) struct InFlight(watch::Sender<usize>);

impl Default for InFlight {
    fn default() -> InFlight {
        InFlight(watch::channel(0).0)
    }
}

impl InFlight {
    /// Counts a request in until the answer is dropped (answered, failed or abandoned alike).
    pub(super) fn enter(&self) -> Counted<'_> {
        self.0.send_modify(|count| *count += 1);
        Counted(&self.0)
    }

    pub(super) fn probe(&self) -> RequestsInFlight {
        RequestsInFlight(self.0.subscribe())
    }
}

/// One request in flight, counted out when dropped.
pub(super) struct Counted<'a>(&'a watch::Sender<usize>);

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.send_modify(|count| *count = count.saturating_sub(1));
    }
}

/// A look at a bank's requests in flight ([`super::Bank::requests_in_flight`]); it does not
/// keep the bank open.
#[derive(Clone, Debug)]
pub struct RequestsInFlight(watch::Receiver<usize>);

impl RequestsInFlight {
    /// How many requests are in flight now.
    pub fn count(&self) -> usize {
        *self.0.borrow()
    }

    /// Resolves once no request is in flight: at once if none is, and once the bank is gone.
    pub async fn none(&mut self) {
        // An error only means the bank is gone, with nothing left in flight.
        let _gone = self.0.wait_for(|count| *count == 0).await;
    }
}
