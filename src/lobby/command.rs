//! What a front end asks of a table (`TableCommand`), what it gets back (`Reply`), and the
//! cloneable `TableHandle` that carries one to the other: each command travels over the
//! table's mpsc queue with a oneshot for its reply.

use serde::Serialize;
use tokio::sync::{mpsc, oneshot};

use crate::bank::{GuildId, TableId, UserId};
use crate::table::hand::ActionKind;

use super::error::LobbyError;
use super::notice::{NoticeReceiver, PlayerCards, PublicBoard, SeatInfo};
use super::settings::TableSettings;

/// A request to one table. Who may send which (moderator checks) is the front end's business.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableCommand {
    /// Cancel and refund any hand in progress, cash everyone out, close the table.
    Close,
    /// Freeze the table: no timer runs, no action is taken, no hand starts.
    Pause,
    Resume,
    /// Remove a player: at once between hands, else when the current hand ends (the table
    /// checks or folds for them meanwhile). Their stack goes back to their balance.
    Kick {
        user: UserId,
    },
    /// New settings, from the next hand on.
    ChangeSettings {
        settings: TableSettings,
    },
    /// Sit down with `buy_in` chips from the player's balance.
    Join {
        user: UserId,
        buy_in: u64,
    },
    /// Cash out: now, or after the current hand when the player is in it (the table checks
    /// or folds for them meanwhile).
    Leave {
        user: UserId,
    },
    /// Be dealt no more hands (from the next hand) until `Back`.
    SitOut {
        user: UserId,
    },
    Back {
        user: UserId,
    },
    /// Add chips from the balance, between hands or while not dealt in.
    TopUp {
        user: UserId,
        amount: u64,
    },
    /// An action, carrying the hand number and action sequence number it was offered at.
    Act {
        user: UserId,
        hand: u64,
        action_seq: u32,
        kind: ActionKind,
    },
    /// The player's own cards in the current hand.
    ShowCards {
        user: UserId,
    },
    Status,
    /// A new stream of this table's notices (public and private; route by `audience`).
    Subscribe,
    /// The process is stopping: start no new hand; let the hand in progress finish within
    /// `grace`, else cancel it through the bank and tell the channel. Answered once the table
    /// has stopped (it then stays paused).
    Shutdown {
        grace: std::time::Duration,
    },
}

/// What a table did when told to shut down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum ShutdownOutcome {
    /// No hand was in progress.
    Idle,
    /// The hand in progress finished (and was settled) within the grace.
    HandFinished { hand: u64 },
    /// The hand in progress was cancelled: every player kept their stack from its start.
    HandCancelled { hand: u64 },
    /// Cancelling failed in the bank; the bank's recovery refunds it at the next start.
    CancelFailed { hand: u64, reason: String },
}

/// The answer to a command that was carried out.
#[derive(Debug)]
pub enum Reply {
    Done,
    Closed {
        cashed_out: Vec<(UserId, u64)>,
    },
    SettingsChanged {
        from_hand: u64,
    },
    Seated {
        chair: u8,
        stack: u64,
    },
    /// `cashed_out` is `None` when the player leaves after the current hand.
    Left {
        cashed_out: Option<u64>,
    },
    Kicked {
        cashed_out: Option<u64>,
    },
    ToppedUp {
        stack: u64,
    },
    /// The action was taken; the table is now at `action_seq` of `hand`.
    Acted {
        hand: u64,
        action_seq: u32,
    },
    Cards(Box<PlayerCards>),
    Status(Box<TableStatus>),
    Subscribed(NoticeReceiver),
    Stopped(ShutdownOutcome),
}

/// A snapshot of a table, for `/table status` and for a front end (re)attaching.
#[derive(Debug, Clone, Serialize)]
pub struct TableStatus {
    pub guild: GuildId,
    pub table: TableId,
    pub settings: TableSettings,
    /// Settings waiting for the current hand to end.
    pub pending_settings: Option<TableSettings>,
    pub paused: bool,
    /// Told to shut down: no new hand starts.
    pub stopping: bool,
    /// The number of the hand in progress, or of the last hand when none is.
    pub hand: u64,
    pub hand_in_progress: bool,
    pub seats: Vec<SeatInfo>,
    /// The board of the hand in progress.
    pub board: Option<PublicBoard>,
}

pub(crate) type ReplySender = oneshot::Sender<Result<Reply, LobbyError>>;

/// A command with the oneshot its reply goes to.
pub(crate) struct Envelope {
    pub command: TableCommand,
    pub reply: ReplySender,
}

/// A cheap, cloneable address of one table's task.
#[derive(Clone, Debug)]
pub struct TableHandle {
    pub(crate) guild: GuildId,
    pub(crate) table: TableId,
    pub(crate) sender: mpsc::Sender<Envelope>,
}

impl std::fmt::Debug for Envelope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Envelope")
            .field("command", &self.command)
            .finish_non_exhaustive()
    }
}

impl TableHandle {
    pub fn table(&self) -> TableId {
        self.table
    }

    pub fn guild(&self) -> GuildId {
        self.guild
    }

    /// False once the table's task has ended (the table closed).
    pub fn is_open(&self) -> bool {
        !self.sender.is_closed()
    }

    /// Sends any command and waits for its reply. The table answers commands in the order
    /// they arrive; a closed table answers `TableClosed`.
    pub async fn send(&self, command: TableCommand) -> Result<Reply, LobbyError> {
        let closed = LobbyError::TableClosed { table: self.table };
        let (reply, answer) = oneshot::channel();
        self.sender
            .send(Envelope { command, reply })
            .await
            .map_err(|_| closed.clone())?;
        answer.await.map_err(|_| closed)?
    }

    pub async fn close(&self) -> Result<Vec<(UserId, u64)>, LobbyError> {
        match self.send(TableCommand::Close).await? {
            Reply::Closed { cashed_out } => Ok(cashed_out),
            other => Err(unexpected(other)),
        }
    }

    pub async fn pause(&self) -> Result<(), LobbyError> {
        self.send(TableCommand::Pause).await.map(drop)
    }

    pub async fn resume(&self) -> Result<(), LobbyError> {
        self.send(TableCommand::Resume).await.map(drop)
    }

    /// Returns the chips cashed out, or `None` when the player goes after the current hand.
    pub async fn kick(&self, user: UserId) -> Result<Option<u64>, LobbyError> {
        match self.send(TableCommand::Kick { user }).await? {
            Reply::Kicked { cashed_out } => Ok(cashed_out),
            other => Err(unexpected(other)),
        }
    }

    /// Returns the hand number the settings apply from.
    pub async fn change_settings(&self, settings: TableSettings) -> Result<u64, LobbyError> {
        match self.send(TableCommand::ChangeSettings { settings }).await? {
            Reply::SettingsChanged { from_hand } => Ok(from_hand),
            other => Err(unexpected(other)),
        }
    }

    /// Returns the chair and the stack.
    pub async fn join(&self, user: UserId, buy_in: u64) -> Result<(u8, u64), LobbyError> {
        match self.send(TableCommand::Join { user, buy_in }).await? {
            Reply::Seated { chair, stack } => Ok((chair, stack)),
            other => Err(unexpected(other)),
        }
    }

    /// Returns the chips cashed out, or `None` when the player goes after the current hand.
    pub async fn leave(&self, user: UserId) -> Result<Option<u64>, LobbyError> {
        match self.send(TableCommand::Leave { user }).await? {
            Reply::Left { cashed_out } => Ok(cashed_out),
            other => Err(unexpected(other)),
        }
    }

    pub async fn sit_out(&self, user: UserId) -> Result<(), LobbyError> {
        self.send(TableCommand::SitOut { user }).await.map(drop)
    }

    pub async fn back(&self, user: UserId) -> Result<(), LobbyError> {
        self.send(TableCommand::Back { user }).await.map(drop)
    }

    /// Returns the new stack.
    pub async fn top_up(&self, user: UserId, amount: u64) -> Result<u64, LobbyError> {
        match self.send(TableCommand::TopUp { user, amount }).await? {
            Reply::ToppedUp { stack } => Ok(stack),
            other => Err(unexpected(other)),
        }
    }

    /// Takes `kind` for `user` if the table is still at `hand`/`action_seq` (from the
    /// `TurnOffer` or board it was offered on). Returns the new action sequence number.
    pub async fn act(
        &self,
        user: UserId,
        hand: u64,
        action_seq: u32,
        kind: ActionKind,
    ) -> Result<u32, LobbyError> {
        let command = TableCommand::Act {
            user,
            hand,
            action_seq,
            kind,
        };
        match self.send(command).await? {
            Reply::Acted { action_seq, .. } => Ok(action_seq),
            other => Err(unexpected(other)),
        }
    }

    pub async fn show_cards(&self, user: UserId) -> Result<PlayerCards, LobbyError> {
        match self.send(TableCommand::ShowCards { user }).await? {
            Reply::Cards(cards) => Ok(*cards),
            other => Err(unexpected(other)),
        }
    }

    pub async fn status(&self) -> Result<TableStatus, LobbyError> {
        match self.send(TableCommand::Status).await? {
            Reply::Status(status) => Ok(*status),
            other => Err(unexpected(other)),
        }
    }

    /// Stops the table for a shutdown (see [`TableCommand::Shutdown`]).
    pub async fn shutdown(
        &self,
        grace: std::time::Duration,
    ) -> Result<ShutdownOutcome, LobbyError> {
        match self.send(TableCommand::Shutdown { grace }).await? {
            Reply::Stopped(outcome) => Ok(outcome),
            other => Err(unexpected(other)),
        }
    }

    /// A new stream of this table's notices. Notices emitted while nobody was subscribed
    /// (e.g. "the hand was cancelled by a restart") are delivered to the first subscriber.
    pub async fn subscribe(&self) -> Result<NoticeReceiver, LobbyError> {
        match self.send(TableCommand::Subscribe).await? {
            Reply::Subscribed(receiver) => Ok(receiver),
            other => Err(unexpected(other)),
        }
    }
}

/// A reply of the wrong kind would be a bug in the table task; it is reported, not panicked on.
fn unexpected(reply: Reply) -> LobbyError {
    LobbyError::Internal {
        reason: format!("unexpected reply {reply:?}"),
    }
}
