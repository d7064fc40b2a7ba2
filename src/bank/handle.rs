//! [`Bank`], the handle every caller holds: it queues writes to the committer, reads the
//! store beside it, and tells each caller the truth about what happened (see `BankError`).

use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock, mpsc};
use std::time::Duration;

use tokio::sync::oneshot;

use super::audit::{self, AuditReport};
use super::backup::{self, BackupError, BackupSummary};
use super::clock::{Clock, SystemClock};
use super::committer::{BatchClock, Committer, Queued, Request, Ticket};
use super::ledger::{self, LedgerEntry};
use super::ops::{self, MintMove, Operation};
use super::schema::{self, SCHEMA_VERSION};
use super::store::{SledStore, Store, Tree};
use super::{
    BankError, EconomyConfig, GuildId, PlayerStats, Recovery, SeatOutcome, TableId, Transfer,
    UserId, accounts, accounts::Account, encoding, leaderboard, records, stats, tables,
};

/// How many times a read of the whole store beside the committer (an audit, a backup) starts
/// over because a batch was applied while it read, before it asks the committer instead.
const BESIDE_ATTEMPTS: usize = 5;

/// Runs `read` over the store beside the committer; its result stands only if no batch was
/// applied meanwhile (the batch clock even, and the same, before and after). `None` when
/// batches came during each of [`BESIDE_ATTEMPTS`] tries.
fn beside_committer<T>(
    store: &dyn Store,
    batch_clock: &BatchClock,
    read: impl Fn(&dyn Store) -> Result<T, BankError>,
) -> Result<Option<T>, BankError> {
    for _ in 0..BESIDE_ATTEMPTS {
        let Some(before) = batch_clock.settled() else {
            std::thread::yield_now();
            continue;
        };
        let result = read(store)?;
        if batch_clock.settled() == Some(before) {
            return Ok(Some(result));
        }
    }
    Ok(None)
}

/// The bank handle; cheap to clone, shared by every table.
#[derive(Clone)]
pub struct Bank {
    inner: Arc<Inner>,
}

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
    batch_clock: Arc<BatchClock>,
    /// The committer thread: the bank is open while it runs and the store is held.
    committer: std::thread::JoinHandle<()>,
    /// Times the callers' waits.
    clock: Arc<dyn Clock>,
    recovered: OnceLock<Vec<Recovery>>,
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
        let prepared = Arc::clone(&store);
        let now = clock.now_unix_ms();
        // Not under the timeout: a migration of a large database takes as long as it takes,
        // and stopping it half-way would only make the next start do it again.
        tokio::task::spawn_blocking(move || {
            schema::prepare(prepared.as_ref())?;
            schema::migrate(prepared.as_ref(), now)
        })
        .await
        .map_err(|error| BankError::Internal(format!("preparing the store: {error}")))??;
        let batch_clock = Arc::new(BatchClock::default());
        let committer = Committer::new(
            Arc::clone(&store),
            config,
            Arc::clone(&clock),
            Arc::clone(&batch_clock),
        )?;
        let (requests, receiver) = mpsc::channel();
        let committer = std::thread::Builder::new()
            .name("bank-committer".into())
            .spawn(move || committer.run_loop(receiver))
            .map_err(|error| BankError::Storage(format!("cannot start the committer: {error}")))?;
        let bank = Bank {
            inner: Arc::new(Inner {
                requests,
                store: RwLock::new(Some(store)),
                timeout,
                hand_histories_kept,
                starting_balance,
                batch_clock,
                committer,
                clock,
                recovered: OnceLock::new(),
            }),
        };
        let recovered = bank.call(ops::RecoverAll).await?;
        let _ = bank.inner.recovered.set(recovered);
        Ok(bank)
    }

    /// Queues `op` and answers its real outcome. A request the committer has not taken up
    /// within the timeout is withdrawn (the committer will skip it) and answered `Timeout`;
    /// one it has taken up is waited for to the end.
    async fn call<O: Operation>(&self, op: O) -> Result<O::Output, BankError> {
        let (reply, mut answer) = oneshot::channel();
        let ticket = Ticket::default();
        self.send(Request::Run(Box::new(Queued {
            op,
            ticket: ticket.clone(),
            reply,
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
        work: impl FnOnce(&dyn Store) -> Result<T, BankError> + Send + 'static,
    ) -> Result<T, BankError> {
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

    /// The player's balance; for a member the bank has never seen, the starting balance they
    /// would open with. Looking creates nothing (an account opens with its first movement).
    /// Bots never hold accounts: callers do not ask about them (the bank cannot tell a bot).
    pub async fn balance(&self, guild: GuildId, user: UserId) -> Result<u64, BankError> {
        let account = Account::Player { guild, user };
        let stored = self
            .read(move |store| {
                store
                    .get(Tree::Balances, &account.key())
                    .map_err(Into::into)
            })
            .await?;
        match stored {
            Some(bytes) => accounts::decode_balance(&bytes)
                .and_then(|balance| u64::try_from(balance).ok())
                .ok_or_else(|| {
                    BankError::Storage(format!("the balance of {account:?} is corrupt"))
                }),
            None => Ok(self.inner.starting_balance),
        }
    }

    /// Moves `amount` from the player's balance to their seat at `table`; returns their stack.
    /// An unknown table is registered as open in `guild`. Refused while the player is in the
    /// table's hand in progress.
    pub async fn buy_in(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::BuyIn {
            guild,
            table,
            user,
            amount,
            reference: reference.to_string(),
        })
        .await
    }

    /// Returns the player's whole stack at `table` to their balance; returns the amount
    /// (0 for a player with no chips at the table). Refused while the player is in the
    /// table's hand in progress.
    pub async fn cash_out(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::CashOut {
            guild,
            table,
            user,
            reference: reference.to_string(),
        })
        .await
    }

    /// Each seated player's stack in `table`'s escrow, by user id.
    pub async fn table_stacks(&self, table: TableId) -> Result<Vec<(UserId, u64)>, BankError> {
        self.read(move |store| tables::stacks(store, table)).await
    }

    /// Marks hand `hand` of `table` as in progress (for recovery after a crash), recording
    /// every seat's stack. Beginning the hand in progress again is a no-op; another hand while
    /// one is in progress, or a hand number already finished, is refused.
    pub async fn begin_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
    ) -> Result<(), BankError> {
        self.call(ops::BeginHand { guild, table, hand }).await
    }

    /// Settles a finished hand in one transaction: every seat's stack becomes its `end`,
    /// stats are updated. The ends must sum to the starts, and each start must be the seat's
    /// stack. Settling the same hand twice takes effect once.
    pub async fn settle_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
    ) -> Result<(), BankError> {
        self.settle(guild, table, hand, outcomes, None).await
    }

    /// [`Bank::settle_hand`], storing the hand's public `history` in the same transaction
    /// (read back by [`Bank::hand_history`]). The table keeps the histories of its last
    /// `hand_histories_kept` hands; older ones are removed by the same transaction.
    pub async fn settle_hand_with_history(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
        history: Vec<u8>,
    ) -> Result<(), BankError> {
        self.settle(guild, table, hand, outcomes, Some(history))
            .await
    }

    async fn settle(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
        history: Option<Vec<u8>>,
    ) -> Result<(), BankError> {
        self.call(ops::SettleHand {
            guild,
            table,
            hand,
            outcomes: outcomes.to_vec(),
            history,
        })
        .await
    }

    /// The stored history of hand `hand` of `table`, if it is one of the recent ones kept.
    pub async fn hand_history(
        &self,
        table: TableId,
        hand: u64,
    ) -> Result<Option<Vec<u8>>, BankError> {
        self.read(move |store| records::history(store, table, hand))
            .await
    }

    /// The table's latest stored hand history and its hand number.
    pub async fn latest_hand_history(
        &self,
        table: TableId,
    ) -> Result<Option<(u64, Vec<u8>)>, BankError> {
        let kept = self.inner.hand_histories_kept;
        self.read(move |store| records::latest_history(store, table, kept))
            .await
    }

    /// Stores (replaces) the settings record of `table`, durably before answering. The bytes
    /// are the caller's format; the bank only keeps them.
    pub async fn save_table_settings(
        &self,
        table: TableId,
        record: Vec<u8>,
    ) -> Result<(), BankError> {
        self.call(ops::SaveTableSettings { table, record }).await
    }

    /// Forgets the settings record of `table` (nothing to forget is fine).
    pub async fn remove_table_settings(&self, table: TableId) -> Result<(), BankError> {
        self.call(ops::RemoveTableSettings { table }).await
    }

    /// Every stored table settings record, by table id.
    pub async fn table_settings(&self) -> Result<Vec<(TableId, Vec<u8>)>, BankError> {
        self.read(records::all_settings).await
    }

    /// Cancels an interrupted hand: every player keeps their start-of-hand stack.
    pub async fn cancel_hand(&self, table: TableId, hand: u64) -> Result<(), BankError> {
        self.call(ops::CancelHand { table, hand }).await
    }

    /// What opening the bank recovered: every hand an earlier process left in progress, now
    /// cancelled. Calling it again returns the same list (it never cancels a live hand).
    pub async fn recover(&self) -> Result<Vec<Recovery>, BankError> {
        Ok(self.inner.recovered.get().cloned().unwrap_or_default())
    }

    /// Registers `table` as open in `guild` (or reopens it).
    pub async fn open_table(&self, guild: GuildId, table: TableId) -> Result<(), BankError> {
        self.call(ops::OpenTable { guild, table }).await
    }

    /// Pays every stack at `table` back to its player and marks the table closed (a closed
    /// table holds no chips). Refused while a hand is in progress. Returns what was paid.
    pub async fn close_table(
        &self,
        guild: GuildId,
        table: TableId,
        reference: &str,
    ) -> Result<Vec<(UserId, u64)>, BankError> {
        self.call(ops::CloseTable {
            guild,
            table,
            reference: reference.to_string(),
        })
        .await
    }

    /// The number the table's next hand should take (one past every hand it has seen).
    pub async fn next_hand_number(&self, table: TableId) -> Result<u64, BankError> {
        self.read(move |store| tables::next_hand_number(store, table))
            .await
    }

    /// Claims the daily amount; returns the new balance.
    pub async fn daily(
        &self,
        guild: GuildId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::Daily {
            guild,
            user,
            reference: reference.to_string(),
        })
        .await
    }

    /// Gives chips from one player to another (`to_is_bot` from the caller, who knows).
    pub async fn give(
        &self,
        guild: GuildId,
        from: UserId,
        to: UserId,
        to_is_bot: bool,
        amount: u64,
        reference: &str,
    ) -> Result<Transfer, BankError> {
        self.call(ops::Give {
            guild,
            from,
            to,
            to_is_bot,
            amount,
            reference: reference.to_string(),
        })
        .await
    }

    /// A moderator creates chips for a player (from the guild's mint); returns the balance.
    pub async fn grant(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.moderate(guild, moderator, user, amount, MintMove::Grant, reference)
            .await
    }

    /// A moderator destroys chips of a player (into the guild's mint); returns the balance.
    pub async fn take(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.moderate(guild, moderator, user, amount, MintMove::Take, reference)
            .await
    }

    async fn moderate(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        direction: MintMove,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::Moderate {
            guild,
            moderator,
            user,
            amount,
            direction,
            reference: reference.to_string(),
        })
        .await
    }

    /// The `limit` richest players of `guild`, richest first.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        limit: usize,
    ) -> Result<Vec<(UserId, u64)>, BankError> {
        self.read(move |store| leaderboard::top(store, guild, limit))
            .await
    }

    /// The player's stats in `guild`.
    pub async fn stats(&self, guild: GuildId, user: UserId) -> Result<PlayerStats, BankError> {
        self.read(move |store| stats::read(store, guild, user))
            .await
    }

    /// Up to `limit` ledger entries from sequence number `from_seq` on.
    pub async fn ledger(&self, from_seq: u64, limit: usize) -> Result<Vec<LedgerEntry>, BankError> {
        self.read(move |store| {
            let mut entries = Vec::new();
            for item in store
                .scan_from(Tree::Ledger, &from_seq.to_be_bytes())
                .take(limit)
            {
                let (key, value) = item?;
                let seq = ledger::decode_u64(&key)
                    .ok_or_else(|| BankError::Storage("a corrupt ledger key".into()))?;
                let entry = encoding::decode_entry(seq, &value)?;
                entries.push(entry);
            }
            Ok(entries)
        })
        .await
    }

    /// Audits the books beside the committer, which keeps serving: the audit reads the store
    /// and starts over if a batch was applied meanwhile. Only when batches keep coming
    /// [`BESIDE_ATTEMPTS`] times does it ask the committer to audit between two batches.
    pub async fn audit(&self) -> Result<AuditReport, BankError> {
        let batch_clock = Arc::clone(&self.inner.batch_clock);
        let beside = self
            .read(move |store| beside_committer(store, &batch_clock, audit::audit_store))
            .await?;
        if let Some(report) = beside {
            return Ok(report);
        }
        let (reply, answer) = oneshot::channel();
        self.send(Request::Audit { reply })?;
        match self.in_time(answer).await {
            None => Err(self.timeout_error()),
            Some(Err(_)) => Err(BankError::Stopped),
            Some(Ok(result)) => result,
        }
    }

    /// Writes a backup of everything the bank holds to `out` (see `bank::backup`) while the
    /// tables keep playing. The snapshot is taken like an audit: beside the committer, read
    /// again if a batch was applied meanwhile, and between two batches by the committer itself
    /// only when batches keep coming. Either way it holds whole batches only (its `batches`
    /// says up to which). The file is written afterwards, off the committer. No store timeout:
    /// a large bank takes as long as it takes, and nobody waits on a backup to play.
    pub async fn backup(&self, out: &Path) -> Result<BackupSummary, BackupError> {
        let store = self.store()?;
        let batch_clock = Arc::clone(&self.inner.batch_clock);
        let beside = tokio::task::spawn_blocking(move || {
            beside_committer(store.as_ref(), &batch_clock, backup::encode)
        })
        .await
        .map_err(|error| BankError::Internal(format!("a backup read failed: {error}")))??;
        let encoded = match beside {
            Some(encoded) => encoded,
            None => {
                let (reply, answer) = oneshot::channel();
                self.send(Request::Backup { reply })?;
                answer.await.map_err(|_| BankError::Stopped)??
            }
        };
        let out = out.to_path_buf();
        tokio::task::spawn_blocking(move || {
            backup::write_file(&encoded.bytes, &out).map(|()| encoded.summary)
        })
        .await
        .map_err(|error| BankError::Internal(format!("writing a backup failed: {error}")))?
    }

    /// Whether the bank still serves: its committer runs and its store is open (false after
    /// [`Bank::shutdown`], or if the committer thread died). What `/healthz` watches.
    pub fn is_open(&self) -> bool {
        let store_open = self.inner.store.read().is_ok_and(|store| store.is_some());
        store_open && !self.inner.committer.is_finished()
    }

    /// Stops the committer after the requests already sent and closes the store (once any read
    /// in flight ends). Every later call answers `Stopped`.
    pub async fn shutdown(&self) -> Result<(), BankError> {
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
