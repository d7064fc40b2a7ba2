//! [`Bank`], the handle every caller holds: it queues writes to the committer, reads the
//! store beside it, and tells each caller the truth about what happened (see `BankError`).
//! The operations are grouped by what they do: `writes` (movements through the committer),
//! `reads` (beside it), `whole_store` (audits and backups of everything).

mod event_notes;
mod events;
mod in_flight;
mod leases;
mod live_sit_and_gos;
mod location;
mod reads;
mod tournaments;
pub use events::EventSchedule;
pub use in_flight::RequestsInFlight;
pub use tournaments::OpenExtras;
mod whole_store;
mod writes;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, Mutex, RwLock, mpsc};
use std::time::Duration;

use tokio::sync::{oneshot, watch};

use super::backup::Journals;
use super::clock::{Clock, SystemClock};
use super::committer::{BatchClock, Committer, Queued, Request, Ticket};
use super::migration;
use super::ops::{self, Operation};
use super::schema::{self, SCHEMA_VERSION};
use super::store::{Reads, SledStore, Store};
use super::{BankError, BankFailed, EconomyConfig, GuildId, Recovery};

/// The bank handle; cheap to clone, shared by every table.
#[derive(Clone)]
pub struct Bank {
    inner: Arc<Inner>,
}

pub use location::{StoreLocation, audit_location};

impl std::fmt::Debug for Bank {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Bank")
            .field("timeout", &self.inner.timeout)
            .finish_non_exhaustive()
    }
}

struct Inner {
    requests: mpsc::Sender<Request>,
    /// For reads, which do not go through the committer. Emptied by `shutdown`.
    store: RwLock<Option<Arc<dyn Store>>>,
    timeout: Duration,
    hand_histories_kept: u64,
    /// What a member who never used the bank would start with (a look creates nothing).
    starting_balance: u64,
    /// `[economy] house_mint_limit` and `computer_max_buy_in`, for the callers that word or
    /// check them before asking (the operations enforce them).
    house_mint_limit: u64,
    computer_max_buy_in: u64,
    batch_clock: Arc<BatchClock>,
    /// The journals the committer keeps for the backups under way.
    journals: Arc<Journals>,
    /// The committer thread: the bank is open while it runs and the store is held.
    committer: std::thread::JoinHandle<()>,
    /// Times the callers' waits.
    clock: Arc<dyn Clock>,
    /// The hands this bank cancelled as it opened, and as it took guilds over.
    recovered: Mutex<Vec<Recovery>>,
    /// The committer's first failed write, once there is one.
    failure: watch::Receiver<Option<BankFailed>>,
    /// With a shared store: the guilds whose leases this process holds.
    leases: Mutex<BTreeSet<GuildId>>,
    /// With a shared store: every guild whose lease this process lost while it ran.
    lost: watch::Sender<BTreeSet<GuildId>>,
    /// The calls not yet answered to their callers.
    in_flight: in_flight::InFlight,
}

/// Starts the committer's thread. The last handle dropped disconnects its requests: the
/// committer then ends and closes the store on its own thread. (Waiting for that in the
/// drop would block whichever runtime thread dropped the bank.)
fn spawn_committer(
    committer: Committer,
    requests: mpsc::Receiver<Request>,
) -> Result<std::thread::JoinHandle<()>, BankError> {
    std::thread::Builder::new()
        .name("bank-committer".into())
        .spawn(move || committer.run_loop(requests))
        .map_err(|error| BankError::Storage(format!("cannot start the committer: {error}")))
}

/// A lock of the handle's own state; a panic holding it left that state whole.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

async fn within<T>(
    timeout: Duration,
    work: impl Future<Output = Result<T, tokio::task::JoinError>>,
) -> Result<T, BankError> {
    match tokio::time::timeout(timeout, work).await {
        Err(_) => {
            crate::telemetry::record::bank_store_timeout();
            Err(BankError::Timeout(
                u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
            ))
        }
        Ok(Err(error)) => Err(BankError::Storage(format!("a store call failed: {error}"))),
        Ok(Ok(value)) => Ok(value),
    }
}
impl Bank {
    /// Opens (or creates) the bank in `dir`. Refuses a database of a newer schema.
    ///
    /// Opening recovers: every hand left in progress by an earlier process is cancelled (each
    /// player keeps their start-of-hand stack) and reported by [`Bank::recover`].
    pub async fn open(dir: &Path, config: EconomyConfig) -> Result<Bank, BankError> {
        Bank::open_with_clock(dir, config, Arc::new(SystemClock)).await
    }

    /// [`Bank::open`] with the clock the bank takes the time from.
    pub async fn open_with_clock(
        dir: &Path,
        config: EconomyConfig,
        clock: Arc<dyn Clock>,
    ) -> Result<Bank, BankError> {
        let timeout = Duration::from_millis(config.store_timeout_ms);
        let path = dir.to_path_buf();
        let cache_capacity = config.cache_capacity_bytes;
        let store = within(
            timeout,
            tokio::task::spawn_blocking(move || -> Result<Arc<dyn Store>, BankError> {
                schema::check_marker(&path)?;
                let store = SledStore::open(&path, cache_capacity)?;
                schema::prepare(&store)?;
                let version = schema::stored_version(&store)?.unwrap_or(SCHEMA_VERSION);
                schema::write_marker(&path, version)?;
                Ok(Arc::new(store))
            }),
        )
        .await??;
        Bank::open_with_store(store, config, clock).await
    }

    /// [`Bank::open`] over any store implementing the bank's storage interface.
    pub async fn open_with_store(
        store: Arc<dyn Store>,
        config: EconomyConfig,
        clock: Arc<dyn Clock>,
    ) -> Result<Bank, BankError> {
        let timeout = Duration::from_millis(config.store_timeout_ms);
        let hand_histories_kept = config.hand_histories_kept;
        let starting_balance = config.starting_balance;
        let (house_mint_limit, computer_max_buy_in) =
            (config.house_mint_limit, config.computer_max_buy_in);
        let prepared = Arc::clone(&store);
        let now = clock.now_unix_ms();
        // Not under the timeout: a migration of a large database takes as long as it takes,
        // and stopping it half-way would only make the next start do it again.
        tokio::task::spawn_blocking(move || {
            // Other processes opening the same bank wait meanwhile (a shared store).
            let _opening = match prepared.shared() {
                Some(shared) => Some(shared.hold_opening()?),
                None => None,
            };
            schema::prepare(prepared.as_ref())?;
            migration::migrate(prepared.as_ref(), now)
        })
        .await
        .map_err(|error| BankError::Internal(format!("preparing the store: {error}")))??;
        let batch_clock = Arc::new(BatchClock::default());
        let journals = Arc::new(Journals::default());
        let (failed, failure) = watch::channel(None);
        let committer = Committer::new(
            Arc::clone(&store),
            config,
            Arc::clone(&clock),
            Arc::clone(&batch_clock),
            Arc::clone(&journals),
            failed,
        )?;
        let (requests, receiver) = mpsc::channel();
        let committer = spawn_committer(committer, receiver)?;
        let bank = Bank {
            inner: Arc::new(Inner {
                requests,
                store: RwLock::new(Some(store)),
                timeout,
                hand_histories_kept,
                starting_balance,
                house_mint_limit,
                computer_max_buy_in,
                batch_clock,
                journals,
                committer,
                clock,
                recovered: Mutex::new(Vec::new()),
                failure,
                leases: Mutex::new(BTreeSet::new()),
                lost: watch::channel(BTreeSet::new()).0,
                in_flight: in_flight::InFlight::default(),
            }),
        };
        // With other processes writing the store, the hands at their tables are theirs: only
        // those of guilds no live process holds are cancelled now, the others by whoever
        // takes their guild over (`Bank::take_leases`).
        let recovered = if bank.store()?.shared().is_some() {
            let stopped = bank.stopped_holders().await?;
            let recovered = bank.call(ops::RecoverUnleased { stopped }).await?;
            bank.keep_leases_renewed();
            recovered
        } else {
            bank.call(ops::RecoverAll).await?
        };
        lock(&bank.inner.recovered).extend(recovered);
        Ok(bank)
    }

    /// Queues `op` and answers its real outcome. A request the committer has not taken up
    /// within the timeout is withdrawn (the committer will skip it) and answered `Timeout`;
    /// one it has taken up is waited for to the end.
    async fn call<O: Operation>(&self, op: O) -> Result<O::Output, BankError> {
        let _in_flight = self.inner.in_flight.enter();
        if let Some(failed) = self.failure() {
            return Err(BankError::Failed(failed.reason));
        }
        let (reply, mut answer) = oneshot::channel();
        let ticket = Ticket::default();
        self.send(Request::Run(Box::new(Queued {
            op,
            ticket: ticket.clone(),
            reply,
            drafted: None,
        })))?;
        let answered = match self.in_time(&mut answer).await {
            Some(answered) => answered,
            None if ticket.withdraw() => return Err(self.timeout_error()),
            None => answer.await,
        };
        answered.map_err(|_| BankError::Stopped)?
    }

    /// Queues a request for the committer, counting it in the queue depth until taken up.
    fn send(&self, request: Request) -> Result<(), BankError> {
        // Counted in before it is sent, so the committer never takes it out first.
        crate::telemetry::record::bank_request_queued();
        self.inner.requests.send(request).map_err(|_| {
            crate::telemetry::record::bank_requests_taken(1);
            BankError::Stopped
        })
    }

    /// `work`'s output, or `None` when the store timeout (on the bank's clock) ends first.
    async fn in_time<T>(&self, work: impl Future<Output = T>) -> Option<T> {
        let sleep = self.inner.clock.sleep(self.inner.timeout);
        tokio::select! {
            biased;
            done = work => Some(done),
            () = sleep => None,
        }
    }

    fn timeout_error(&self) -> BankError {
        crate::telemetry::record::bank_store_timeout();
        BankError::Timeout(u64::try_from(self.inner.timeout.as_millis()).unwrap_or(u64::MAX))
    }

    /// The store, for reads beside the committer; `Stopped` once the bank is shut down.
    fn store(&self) -> Result<Arc<dyn Store>, BankError> {
        self.inner
            .store
            .read()
            .map_err(|_| BankError::Stopped)?
            .clone()
            .ok_or(BankError::Stopped)
    }

    /// Runs a read on the blocking pool, under the store timeout.
    async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Reads) -> Result<T, BankError> + Send + 'static,
    ) -> Result<T, BankError> {
        let _in_flight = self.inner.in_flight.enter();
        let store = self.store()?;
        match self
            .in_time(tokio::task::spawn_blocking(move || work(store.as_ref())))
            .await
        {
            None => Err(self.timeout_error()),
            Some(Err(error)) => Err(BankError::Internal(format!("a store read failed: {error}"))),
            Some(Ok(result)) => result,
        }
    }

    /// The requests of this bank's callers not yet answered (writes queued for or under way at
    /// the committer, reads of the store), for a caller that must not move on while the bank
    /// is still working for others: a test stepping tokio's paused clock waits for none in
    /// flight before each step, since the committer writes in real time.
    pub fn requests_in_flight(&self) -> RequestsInFlight {
        self.inner.in_flight.probe()
    }

    /// Whether the bank still serves: its committer runs and its store is open (false after
    /// [`Bank::shutdown`], or if the committer thread died). What `/healthz` watches.
    pub fn is_open(&self) -> bool {
        let store_open = self.inner.store.read().is_ok_and(|store| store.is_some());
        store_open && !self.inner.committer.is_finished()
    }

    /// The store's failure, once a write has failed: from then on every write is refused
    /// (`BankError::Failed`) until the process restarts.
    pub fn failure(&self) -> Option<BankFailed> {
        self.inner.failure.borrow().clone()
    }

    /// Resolves when the store fails (at once if it already has): the binary's signal to stop
    /// taking hands and exit with the code its supervisor restarts on. Never resolves for a
    /// bank that keeps serving.
    pub async fn failed(&self) -> BankFailed {
        let mut failure = self.inner.failure.clone();
        let found = failure
            .wait_for(Option::is_some)
            .await
            .ok()
            .and_then(|failed| failed.clone());
        match found {
            Some(failed) => failed,
            // The committer is gone without a failure: the bank stopped, it did not fail.
            None => std::future::pending().await,
        }
    }

    /// What `/healthz` names when the bank cannot serve: "bank failing" once a write failed,
    /// "bank stopped" after [`Bank::shutdown`] or if the committer thread died.
    pub fn problem(&self) -> Option<&'static str> {
        if self.inner.failure.borrow().is_some() {
            Some("bank failing")
        } else if !self.is_open() {
            Some("bank stopped")
        } else {
            None
        }
    }

    /// Stops the committer after the requests already sent and closes the store (once any read
    /// in flight ends). Every later call answers `Stopped`.
    pub async fn shutdown(&self) -> Result<(), BankError> {
        // Another process may take this one's guilds over at once.
        let held: Vec<GuildId> = lock(&self.inner.leases).iter().copied().collect();
        if !held.is_empty() && self.failure().is_none() {
            self.call(ops::ReleaseLeases { guilds: held }).await?;
            lock(&self.inner.leases).clear();
        }
        let (done, stopped) = oneshot::channel();
        if self.send(Request::Shutdown { done }).is_ok()
            && tokio::time::timeout(self.inner.timeout, stopped)
                .await
                .is_err()
        {
            return Err(BankError::Timeout(
                u64::try_from(self.inner.timeout.as_millis()).unwrap_or(u64::MAX),
            ));
        }
        if let Ok(mut store) = self.inner.store.write() {
            store.take();
        }
        Ok(())
    }
}
