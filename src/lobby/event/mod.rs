//! Multi-table events in the lobby (#41): one coordinator task per live event
//! (`coordinator`), its tables each the lobby's table actor in its channel (`tables`; the
//! actor's event mode is `crate::lobby::table::event_play`), so people play their seats
//! through the table commands of any table, its clock (`clock`), and what it tells and is
//! told (`notice`). [`Lobby::open_event`] starts the coordinator of an event the bank holds
//! (scheduled: it starts it at its start time; running: it resumes it from the record);
//! [`Lobby::resume_events`] does so for every live event at start-up.

mod clock;
mod coordinator;
mod notice;
mod tables;

use std::sync::Arc;

use tokio::sync::{broadcast, mpsc};

use crate::bank::{BankError, TournamentId, UserId};
use crate::lobby::{Lobby, LobbyError};
use coordinator::Coordinator;
use notice::EventCommand;
pub use notice::{EventNotice, EventPlace, EventTables, NumberedTables};

/// How many notices a slow subscriber may fall behind before it misses some.
const NOTICE_BACKLOG: usize = 4_096;

/// The refusal of a command to an event that no longer runs.
fn over(event: TournamentId) -> LobbyError {
    LobbyError::Bank {
        reason: BankError::TournamentOver { tournament: event },
    }
}

/// A live event's coordinator; cheap to clone.
#[derive(Clone)]
pub struct EventHandle {
    id: TournamentId,
    commands: mpsc::Sender<EventCommand>,
    notices: broadcast::Sender<EventNotice>,
    task: tokio::task::AbortHandle,
    /// Closed once the coordinator has ended.
    running: tokio::sync::watch::Receiver<()>,
}

impl EventHandle {
    pub fn id(&self) -> TournamentId {
        self.id
    }

    /// Every notice from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<EventNotice> {
        self.notices.subscribe()
    }

    async fn send(&self, command: EventCommand) -> Result<(), LobbyError> {
        self.commands.send(command).await.map_err(|_| over(self.id))
    }

    /// A moderator's pause: the clock stops, and every table once its hand is over.
    pub async fn pause(&self) -> Result<(), LobbyError> {
        self.send(EventCommand::Pause).await
    }

    pub async fn resume(&self) -> Result<(), LobbyError> {
        self.send(EventCommand::Resume).await
    }

    /// Buys `user` into the event: a registration before the start, a late entry or a
    /// re-entry while late registration is open, seated at once (at a new table if every
    /// table is full). Answers which of the user's entries it is; a refusal changes nothing.
    pub async fn enter(&self, user: UserId, reference: &str) -> Result<u64, LobbyError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.send(EventCommand::Enter {
            user,
            reference: reference.to_string(),
            reply,
        })
        .await?;
        let entered = answer.await.map_err(|_| over(self.id))?;
        Ok(entered?)
    }

    /// Cancels the event (`Bank::cancel_event`) once every table is between hands.
    pub async fn cancel(&self, reference: &str) -> Result<(), LobbyError> {
        self.send(EventCommand::Cancel {
            reference: reference.to_string(),
        })
        .await
    }

    /// Whether the coordinator's task has ended (the event over, cancelled, or halted).
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }

    /// Stops the coordinator at once, as a crash would: the bank keeps what was recorded
    /// (a bank call it had begun may still land).
    pub fn stop(&self) {
        self.task.abort();
    }

    /// Stops the coordinator between two bank calls and waits for it to end (a shutdown):
    /// the hands in play are dealt again from their start by the next coordinator.
    pub async fn shut_down(&self) {
        let _ = self.commands.send(EventCommand::Shutdown).await;
        let mut running = self.running.clone();
        // Answers an error once the coordinator (and its sender) is gone.
        while running.changed().await.is_ok() {}
    }
}

impl Lobby {
    /// Starts the coordinator of event `id` (scheduled or running in the bank), its tables'
    /// channels given by `tables`; answers the coordinator already running if there is one.
    pub async fn open_event(
        &self,
        id: TournamentId,
        tables: Arc<dyn EventTables>,
    ) -> Result<EventHandle, LobbyError> {
        let services = &self.shared.services;
        let record = services.bank.event(id).await?.ok_or_else(|| over(id))?;
        if !record.is_live() {
            return Err(over(id));
        }
        let mut registry = self.shared.registry();
        registry.events.retain(|_, handle| !handle.is_finished());
        if let Some(running) = registry.events.get(&id) {
            return Ok(running.clone());
        }
        let (commands, received) = mpsc::channel(16);
        let (notices, _) = broadcast::channel(NOTICE_BACKLOG);
        let (running_sender, running) = tokio::sync::watch::channel(());
        let coordinator = Coordinator {
            bank: services.bank.clone(),
            guild: record.guild,
            id,
            tables,
            lobby: Arc::downgrade(&self.shared),
            deck_seed: services.deck_seed,
            notices: notices.clone(),
            commands: received,
            _running: running_sender,
        };
        let task = tokio::spawn(coordinator.run()).abort_handle();
        let handle = EventHandle {
            id,
            commands,
            notices,
            task,
            running,
        };
        registry.events.insert(id, handle.clone());
        Ok(handle)
    }

    /// Resumes every live event the bank holds (at start-up, once the front end can give
    /// the tables their channels): each table's cut-short hand is dealt again from its start,
    /// the clock where the bank left it.
    pub async fn resume_events(
        &self,
        tables: Arc<dyn EventTables>,
    ) -> Result<Vec<EventHandle>, LobbyError> {
        let live = self.shared.services.bank.live_events().await?;
        let mut handles = Vec::new();
        for record in live {
            handles.push(self.open_event(record.id, Arc::clone(&tables)).await?);
        }
        Ok(handles)
    }

    /// Buys `user` into event `id` (`EventHandle::enter`): through its coordinator when it
    /// runs in this process, so that its copy of the event learns of the entry; else straight
    /// in the bank, at the clock the bank last recorded (the next coordinator reads it there).
    pub async fn enter_event(
        &self,
        id: TournamentId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, LobbyError> {
        if let Some(handle) = self.event(id) {
            return handle.enter(user, reference).await;
        }
        let bank = &self.shared.services.bank;
        let record = bank.event(id).await?.ok_or_else(|| over(id))?;
        Ok(bank
            .enter_event(record.guild, id, user, record.clock, reference)
            .await?)
    }

    /// The coordinator of event `id`, if it runs in this process.
    pub fn event(&self, id: TournamentId) -> Option<EventHandle> {
        let registry = self.shared.registry();
        registry
            .events
            .get(&id)
            .filter(|handle| !handle.is_finished())
            .cloned()
    }

    /// Stops every event's coordinator between two bank calls (a shutdown) and waits for
    /// them: the bank keeps what was recorded.
    pub(crate) async fn stop_events(&self) {
        let handles: Vec<EventHandle> = self
            .shared
            .registry()
            .events
            .drain()
            .map(|(_, handle)| handle)
            .collect();
        for handle in handles {
            handle.shut_down().await;
        }
    }
}
