//! The lobby: one actor task per table (channel) that owns its seats, buy-ins, timers and
//! hands, and the only place where time exists.
//!
//! - [`Lobby`] is the registry of open tables by [`TableId`]. [`Lobby::start`] recovers the
//!   bank (cancelling and refunding any hand a crash interrupted) and reopens every table
//!   whose settings were stored; [`Lobby::open_table`] opens a new one.
//! - [`TableHandle`] is a cheap, cloneable address of one table: one method per command
//!   (`join`, `act`, …); each command goes over the table's queue with a oneshot typed for
//!   its own answer, `Result<T, LobbyError>`.
//! - [`Notice`]s come out of [`TableHandle::subscribe`]: the public board, private cards,
//!   "your turn", results, table messages and errors, as data for `crate::render`.
//!
//! Tables never share a lock across an await: a slow table (or a slow bank call of one table)
//! holds up only itself.
//!
//! A front end's life with a table, in short:
//!
//! ```text
//! let (lobby, recovered) = Lobby::start(bank.clone(), Arc::new(BankTableStore::new(bank)), LobbyConfig::default()).await?;
//! for table in lobby.tables() { spawn(consume(table.subscribe().await?)) }   // reopened tables
//! let table = lobby.open_table(guild, channel, settings).await?;             // `/table open`
//! let mut notices = table.subscribe().await?;                                // one consumer per front end
//! table.join(user, buy_in).await?;                                           // `/join`
//! while let Some(notice) = notices.recv().await {
//!     match notice.audience() { Audience::Everyone => /* channel */, Audience::Player(user) => /* DM / ephemeral */ }
//!     // NoticeBody::YourTurn(offer): buttons carry (offer.hand, offer.deal, offer.action_seq,
//!     // kind); a click calls table.act_on(user, OfferedTurn { hand, deal, action_seq }, kind)
//!     // and shows the refusal, if any, with render::refusal in the clicker's language.
//! }
//! ```
//!
//! Rules the service keeps: every command is answered (`Result<T, LobbyError>`), and a
//! refusal changes nothing; a hand's result notice is sent only after the bank settled it;
//! while a hand runs the bank holds every seat of the table, so leaving or being kicked takes
//! effect when it ends (the table checks or folds for a departing player at once) and top-ups
//! wait for the next pause between hands.

mod command;
pub mod computer;
mod error;
pub mod event;
mod event_order;
mod gone;
mod guilds;
mod history;
mod notice;
pub mod present;
mod seating;
pub mod settings;
mod settlement;
mod store;
mod table;
mod tournament;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use crate::bank::{Bank, ChannelHand, GuildId, Recovery, TableId};
use crate::telemetry::record;

pub use command::{
    DealAnswer, DealOffer, Departure, Gone, Joined, OfferedTurn, ShutdownOutcome, TableHandle,
    TableStatus, TournamentCancel,
};
pub use error::LobbyError;
pub use guilds::GuildShare;
pub use history::HandHistory;
pub use notice::{
    Audience, AwayNotice, BoardClock, CancelReason, HandSummary, LastAction, Notice, NoticeBody,
    NoticeReceiver, PlayerCards, PreActions, PublicBoard, SeatInfo, SeatStatus, ShownHand,
    SitOutReason, TableMessage, TournamentHeader, TournamentPlace, TurnOffer,
};
pub use seating::{Seated, sit_down};
pub use settings::{BOUNDS, Bound, SettingChoice, SettingsError, TableSettings};
pub use settlement::seat_outcomes;
pub use store::{
    BankTableStore, MemoryTableStore, StoreFuture, TableRecord, TableStore, import_table_files,
};

pub use crate::table::PreAction;
use table::{Chairs, Table, TableInit, TableServices};
pub use table::{DealingOutPace, TIME_BANK_STEP};
pub use tournament::UnannouncedResult;

/// Commands a table queues before senders wait.
const COMMAND_QUEUE: usize = 64;

/// How the lobby deals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LobbyConfig {
    /// Shuffle every table's decks from this seed (mixed with the table id) so tests,
    /// benchmarks and `studbot play --seed` are repeatable. `None`: the OS's secure RNG.
    pub deck_seed: Option<u64>,
    /// How an all-in hand is dealt out: the pause per street, the equities' time budget.
    pub pace: DealingOutPace,
    /// A sit & go's table takes its timers and language from these (its seats, game and
    /// stakes from the tournament).
    pub sit_and_go_table: TableSettings,
    /// How long computer players think before they act.
    pub thinking: computer::ThinkingTime,
    /// The guilds whose tables this process runs; `None`: every guild. With a bank several
    /// processes share, it runs those it also holds the lease of (see `guilds`).
    pub serves: Option<GuildShare>,
    /// Every table [`Lobby::start`] reopens (cash tables and sit & gos) deals nothing until
    /// [`TableHandle::release`]: a front end that must first learn whether the table's
    /// channel can still show a hand (a Discord channel hidden, deleted, or in a server that
    /// removed the bot while it was stopped) holds them so, and nothing is dealt blind.
    pub hold_reopened: bool,
}

/// The registry of open tables; cheap to clone.
#[derive(Clone)]
pub struct Lobby {
    shared: Arc<LobbyShared>,
}

pub(crate) struct LobbyShared {
    /// What every table uses: the bank, the store, the deck seed, the pace, this lobby.
    services: Arc<TableServices>,
    registry: Mutex<Registry>,
    /// Set while `Lobby::start` reopens tables with `LobbyConfig::hold_reopened`: each table
    /// spawned meanwhile starts held.
    holding: std::sync::atomic::AtomicBool,
}

#[derive(Default)]
struct Registry {
    tables: HashMap<TableId, TableHandle>,
    /// Each table's task, to stop it where another process took its guild over.
    tasks: HashMap<TableId, tokio::task::AbortHandle>,
    /// Tables being opened (the store is being written).
    opening: HashSet<TableId>,
    /// The coordinator of each multi-table event this process runs.
    events: HashMap<crate::bank::TournamentId, event::EventHandle>,
}

impl LobbyShared {
    fn registry(&self) -> std::sync::MutexGuard<'_, Registry> {
        // The registry holds plain maps; a panic elsewhere cannot leave them half-changed.
        self.registry
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Called by a table's task when it closes.
    /// Forgets the table `handle` names if it is still the one registered in its channel (a
    /// table opened there since stays); answers its task, to stop it.
    pub(crate) fn forget_handle(&self, handle: &TableHandle) -> Option<tokio::task::AbortHandle> {
        let mut registry = self.registry();
        let same = registry
            .tables
            .get(&handle.table)
            .is_some_and(|open| open.sender.same_channel(&handle.sender));
        if !same {
            return None;
        }
        registry.tables.remove(&handle.table);
        record::table_closed();
        registry.tasks.remove(&handle.table)
    }

    pub(crate) fn forget(&self, table: TableId) {
        let mut registry = self.registry();
        registry.tasks.remove(&table);
        if registry.tables.remove(&table).is_some() {
            record::table_closed();
        }
    }
}

/// Waits for a table's task to end. One that ends abnormally (a panic) would otherwise leave
/// its handle registered, so its channel would answer "already open" until a restart: the
/// table is closed as the bank would after a crash (its hand in progress cancelled by the
/// bank's recovery, every seat cashed out, its record removed), then forgotten, so the
/// channel can open again.
async fn supervise(
    services: Arc<TableServices>,
    guild: GuildId,
    table: TableId,
    task: tokio::task::JoinHandle<()>,
) {
    let Err(error) = task.await else {
        return;
    };
    if !error.is_panic() {
        // Cancelled: the runtime is shutting down, and the bank recovers the hand at start.
        return;
    }
    record::table_task_failed();
    tracing::error!(table = table.0, guild = guild.0, %error, "a table's task panicked; closing it and refunding its players");
    match close_failed_table(&services, guild, table).await {
        Ok((recovered, cashed_out)) => tracing::warn!(
            table = table.0,
            cancelled_hand = recovered.map(|recovery| recovery.hand),
            players_cashed_out = cashed_out.len(),
            "the failed table is closed; its channel can open a table again"
        ),
        Err(error) => {
            // The table stays registered (its channel answers that it is closed) rather than
            // reopened over escrow still holding its seats: the next start recovers it.
            tracing::error!(table = table.0, %error, "closing a failed table failed; a restart recovers it");
            return;
        }
    }
    if let Some(lobby) = services.lobby.upgrade() {
        lobby.forget(table);
    }
}

/// The bank's part of closing a table whose task failed: the recovered hand (if one was in
/// progress) and what each seat was paid.
async fn close_failed_table(
    services: &TableServices,
    guild: GuildId,
    table: TableId,
) -> Result<(Option<Recovery>, crate::bank::Payouts), LobbyError> {
    let recovered = services.bank.recover_table(table).await?;
    if recovered.is_some() {
        record::hand_finished();
    }
    // Unique per failure: a channel's table may fail, reopen and fail again in one process.
    let reference =
        crate::bank::failed_close_reference(services.session, table, rand::random::<u64>());
    let cashed_out = services.bank.close_table(guild, table, &reference).await?;
    services
        .store
        .remove(table)
        .await
        .map_err(|reason| LobbyError::Store { reason })?;
    Ok((recovered, cashed_out))
}

/// A table being opened; dropping it ends that state.
struct Opening<'a> {
    shared: &'a LobbyShared,
    table: TableId,
}

impl Drop for Opening<'_> {
    fn drop(&mut self) {
        self.shared.registry().opening.remove(&self.table);
    }
}

impl Lobby {
    /// Recovers the bank (every hand a crash interrupted is cancelled: each player keeps
    /// their stack as of its start), reopens every stored table with its seated players and
    /// every running sit & go's table (`Lobby::open_sit_and_go`).
    /// A reopened table whose hand was cancelled tells its first subscriber so
    /// (`TableMessage::HandCancelled` with `CancelReason::Restart`). Returns the recoveries too.
    pub async fn start(
        bank: Bank,
        store: Arc<dyn TableStore>,
        config: LobbyConfig,
    ) -> Result<(Lobby, Vec<Recovery>), LobbyError> {
        let records = store
            .load_all()
            .await
            .map_err(|reason| LobbyError::Store { reason })?;
        let lobby = Lobby {
            shared: Arc::new_cyclic(|lobby| LobbyShared {
                services: Arc::new(TableServices {
                    bank,
                    store,
                    deck_seed: config.deck_seed,
                    // The prefix of this process's bank references: none repeats across
                    // restarts.
                    session: rand::random(),
                    pace: config.pace,
                    sit_and_go_table: config.sit_and_go_table,
                    thinking: config.thinking,
                    serves: config.serves,
                    lobby: lobby.clone(),
                }),
                registry: Mutex::new(Registry::default()),
                holding: std::sync::atomic::AtomicBool::new(config.hold_reopened),
            }),
        };
        // With a bank other processes share, the tables reopened are those of the guilds
        // this one takes the leases of; their hands a stopped process left are cancelled.
        let records = lobby.take_guilds(records).await?;
        let recoveries = lobby.shared.services.bank.recover().await?;
        // A table the bank recovered but whose settings are gone (it was being closed when
        // the process stopped) cannot reopen: its players get their stacks back instead.
        for recovery in &recoveries {
            if records.iter().all(|record| record.table != recovery.table) {
                let reference = crate::bank::table_reference(
                    lobby.shared.services.session,
                    recovery.table,
                    "orphan-close",
                );
                lobby
                    .shared
                    .services
                    .bank
                    .close_table(recovery.guild, recovery.table, &reference)
                    .await?;
            }
        }
        let reopened = match lobby.reopen_all(records, &recoveries).await {
            Ok(()) => lobby.resume_sit_and_gos().await,
            Err(error) => Err(error),
        };
        // Tables opened from now on (a command's, or a guild's taken over later) are not
        // held, whatever happened.
        lobby
            .shared
            .holding
            .store(false, std::sync::atomic::Ordering::SeqCst);
        reopened?;
        lobby.keep_guilds();
        Ok((lobby, recoveries))
    }

    /// Reopens the stored tables `records` (their hands cancelled in `recoveries` told to
    /// their first subscriber).
    async fn reopen_all(
        &self,
        records: Vec<TableRecord>,
        recoveries: &[Recovery],
    ) -> Result<(), LobbyError> {
        for record in records {
            self.reopen(record, recoveries).await?;
        }
        Ok(())
    }

    /// Reopens the table `record` keeps at start-up, with the chips the bank holds for it; a
    /// hand the bank cancelled there (`recoveries`) is told first.
    async fn reopen(&self, record: TableRecord, recoveries: &[Recovery]) -> Result<(), LobbyError> {
        let bank = &self.shared.services.bank;
        bank.open_table(record.guild, record.table).await?;
        let last_hand = bank.next_hand_number(record.table).await?.saturating_sub(1);
        let stacks = bank.table_stacks(record.table).await?;
        // Seats with no chips belong to players who left or busted out.
        let seats = Chairs::restore(&stacks, &record.chairs, record.settings.seats);
        let backlog = recoveries
            .iter()
            .filter(|recovery| recovery.table == record.table)
            .map(|recovery| Notice {
                table: record.table,
                body: NoticeBody::Table(TableMessage::HandCancelled {
                    hand: recovery.hand,
                    reason: CancelReason::Restart,
                    stacks: recovery.stacks.clone(),
                }),
            })
            .collect();
        self.spawn(TableInit {
            guild: record.guild,
            table: record.table,
            settings: record.settings,
            seats,
            last_hand,
            mix_from_hand: record.mix_from_hand,
            paused: record.paused,
            backlog,
            services: Arc::clone(&self.shared.services),
            tournament: None,
            event: None,
        });
        Ok(())
    }

    /// Opens a table in channel `table` of `guild` with validated `settings`, stores them,
    /// and starts its task. The table deals as soon as two players are ready.
    pub async fn open_table(
        &self,
        guild: GuildId,
        table: TableId,
        settings: TableSettings,
    ) -> Result<TableHandle, LobbyError> {
        settings.validate()?;
        settings.check_computer_buy_in(self.shared.services.bank.computer_max_buy_in())?;
        self.hold_guild(guild).await?;
        {
            let mut registry = self.shared.registry();
            if registry.tables.contains_key(&table) || !registry.opening.insert(table) {
                return Err(LobbyError::TableAlreadyOpen { table });
            }
        }
        // However this ends (an error, or the caller dropping this future halfway), the
        // channel stops being "opening".
        let _opening = Opening {
            shared: &self.shared,
            table,
        };
        let last_hand = self.register(guild, table, settings).await?;
        let handle = self.spawn(TableInit {
            guild,
            table,
            settings,
            seats: Chairs::default(),
            last_hand,
            mix_from_hand: last_hand + 1,
            paused: false,
            backlog: vec![Notice {
                table,
                body: NoticeBody::Table(TableMessage::Opened {
                    settings: Box::new(settings),
                }),
            }],
            services: Arc::clone(&self.shared.services),
            tournament: None,
            event: None,
        });
        Ok(handle)
    }

    /// Opens the table in the bank and stores its settings; returns its last hand number.
    async fn register(
        &self,
        guild: GuildId,
        table: TableId,
        settings: TableSettings,
    ) -> Result<u64, LobbyError> {
        let bank = &self.shared.services.bank;
        bank.open_table(guild, table).await?;
        let last_hand = bank.next_hand_number(table).await?.saturating_sub(1);
        let record = TableRecord {
            guild,
            table,
            settings,
            chairs: Vec::new(),
            // The table's first hand starts its rotation.
            mix_from_hand: last_hand + 1,
            paused: false,
        };
        self.shared
            .services
            .store
            .save(&record)
            .await
            .map_err(|reason| LobbyError::Store { reason })?;
        Ok(last_hand)
    }

    fn spawn(&self, init: TableInit) -> TableHandle {
        let held = self
            .shared
            .holding
            .load(std::sync::atomic::Ordering::SeqCst);
        self.spawn_as(init, held)
    }

    /// Spawns a table's task, `held` until its front end releases it or not.
    fn spawn_as(&self, init: TableInit, held: bool) -> TableHandle {
        let (sender, receiver) = mpsc::channel(COMMAND_QUEUE);
        let handle = TableHandle {
            guild: init.guild,
            table: init.table,
            sender,
        };
        let (guild, table) = (init.guild, init.table);
        let services = Arc::clone(&init.services);
        let task = tokio::spawn(Table::new(init, held).run(receiver));
        let abort = task.abort_handle();
        tokio::spawn(supervise(services, guild, table, task));
        let mut registry = self.shared.registry();
        registry.tasks.insert(table, abort);
        registry.opening.remove(&table);
        if registry.tables.insert(table, handle.clone()).is_none() {
            record::table_opened();
        }
        handle
    }

    /// The open table of channel `table`.
    pub fn table(&self, table: TableId) -> Result<TableHandle, LobbyError> {
        self.shared
            .registry()
            .tables
            .get(&table)
            .cloned()
            .ok_or(LobbyError::NoSuchTable { table })
    }

    /// Every open table.
    pub fn tables(&self) -> Vec<TableHandle> {
        self.shared.registry().tables.values().cloned().collect()
    }

    /// The bank the tables use.
    pub fn bank(&self) -> &Bank {
        &self.shared.services.bank
    }

    /// The stored public history of hand `hand` of `table` (a cash hand, or in an event
    /// table's thread that table's hand), or of the channel's latest hand (a sit & go's
    /// included) when `hand` is `None`; `None` when no such hand is among the recent ones
    /// the bank keeps. Works for any table that ever played, open or not, in this process
    /// or an earlier one.
    pub async fn hand_history(
        &self,
        table: TableId,
        hand: Option<u64>,
    ) -> Result<Option<HandHistory>, LobbyError> {
        let bank = &self.shared.services.bank;
        let latest = bank.latest_channel_hand_history(table).await?;
        let Some(hand) = hand else {
            return latest.map(HandHistory::of_stored).transpose();
        };
        // An event table's thread numbers only that table's hands.
        let at = match latest {
            Some((ChannelHand::Event { event, .. }, _)) => ChannelHand::Event { event, hand },
            _ => ChannelHand::Cash(hand),
        };
        let stored = bank.channel_hand_history(table, at).await?;
        stored
            .map(|bytes| HandHistory::of_stored((at, bytes)))
            .transpose()
    }

    /// Stops every table for a shutdown: no table starts another hand; a hand in progress may
    /// finish within `grace` (players keep acting, timers keep running), else it is cancelled
    /// through the bank (each player keeps their stack from its start) and its channel told
    /// (`TableMessage::HandCancelled` with `CancelReason::Shutdown`). Returns once every table
    /// has stopped, with what happened at each. The tables stay paused; the bank stays open.
    pub async fn shutdown(
        &self,
        grace: std::time::Duration,
    ) -> Vec<(TableId, Result<ShutdownOutcome, LobbyError>)> {
        self.stop_events().await;
        let mut stopping = tokio::task::JoinSet::new();
        for handle in self.tables() {
            stopping.spawn(async move { (handle.table(), handle.shutdown(grace).await) });
        }
        let mut outcomes = Vec::new();
        while let Some(joined) = stopping.join_next().await {
            match joined {
                Ok(outcome) => outcomes.push(outcome),
                Err(error) => tracing::error!(%error, "a table's shutdown task failed"),
            }
        }
        outcomes.sort_by_key(|(table, _)| *table);
        outcomes
    }
}
