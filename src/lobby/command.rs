//! What a front end asks of a table (`TableCommand`, each carrying a oneshot typed for its own
//! answer) and the cloneable `TableHandle` that sends them over the table's mpsc queue.

use serde::Serialize;
use tokio::sync::{mpsc, oneshot};

use crate::bank::{GuildId, Payouts, TableId, TournamentId, UserId};
use crate::table::PreAction;
use crate::table::hand::{ActionKind, Street};
use crate::tournament::DealKind;

use super::error::LobbyError;
use super::notice::{NoticeReceiver, PlayerCards, PublicBoard, SeatInfo};
use super::settings::TableSettings;

/// The oneshot a command's answer goes to: each command names the type it answers with.
pub(crate) type Responder<T> = oneshot::Sender<Result<T, LobbyError>>;

/// A request to one table, with where its answer goes. Who may send which (moderator checks)
/// is the front end's business; `TableHandle` has one method per command.
#[derive(Debug)]
pub(crate) enum TableCommand {
    /// Cancel and refund any hand in progress, cash everyone out, close the table. Answers
    /// what each player was paid.
    Close {
        reply: Responder<Payouts>,
    },
    /// The table's channel is gone (or its server removed the bot): a cash table closes as
    /// `Close` does; a sit & go ends as a cancel does, the hand in play dealt out and
    /// recorded if its betting is over, else undone.
    ChannelGone {
        reply: Responder<Gone>,
    },
    /// Whether the buttons of turn `(hand, action_seq)` are on the players' screens. While
    /// they are not (the board's post failed, or the board was deleted), that player's timer
    /// is held; once they are again, it starts from the whole timer. Any other turn: nothing.
    TurnOnScreen {
        hand: u64,
        action_seq: u32,
        on_screen: bool,
        reply: Responder<()>,
    },
    /// Freeze the table: no timer runs, no action is taken, no hand starts.
    Pause {
        reply: Responder<()>,
    },
    Resume {
        reply: Responder<()>,
    },
    /// A table reopened at start deals nothing until its front end says it may (see
    /// `LobbyConfig::hold_reopened`): from now on it deals as usual. A table not held
    /// answers the same.
    Release {
        reply: Responder<()>,
    },
    /// From now on, after each hand the table deals the next only once its front end says it
    /// is done with the hand's end (`HandDone`): a front end that seats players between
    /// hands (the terminal's computer players) then seats them before the next deal, never
    /// racing it. The hands dealt so far count as done.
    WaitForEachHandDone {
        reply: Responder<()>,
    },
    /// The front end is done with hand `hand`'s end (see `WaitForEachHandDone`): the next
    /// hand may be dealt. A table not waiting answers the same.
    HandDone {
        hand: u64,
        reply: Responder<()>,
    },
    /// Remove a player: at once between hands, else when the current hand ends (they play
    /// it out meanwhile). Their stack goes back to their balance. Answers the chips cashed
    /// out, `None` when that waits for the hand's end.
    Kick {
        user: UserId,
        reply: Responder<Option<u64>>,
    },
    /// New settings, from the next hand on. Answers the hand they apply from.
    ChangeSettings {
        /// Boxed: the settings are the largest argument of any command, and every slot of
        /// every table's command queue is as large as the largest command.
        settings: Box<TableSettings>,
        reply: Responder<u64>,
    },
    /// Sit down with `buy_in` chips from the player's balance. Answers the chair and stack.
    Join {
        user: UserId,
        buy_in: u64,
        reply: Responder<(u8, u64)>,
    },
    /// Cash out: now, or after the current hand when the player is in it (the table checks
    /// or folds for them meanwhile). Answers like `Kick`.
    Leave {
        user: UserId,
        reply: Responder<Departure>,
    },
    /// Be dealt no more hands (from the next hand) until `Back`.
    SitOut {
        user: UserId,
        reply: Responder<()>,
    },
    Back {
        user: UserId,
        reply: Responder<()>,
    },
    /// Add chips from the balance, between hands or while not dealt in. Answers the stack.
    TopUp {
        user: UserId,
        amount: u64,
        reply: Responder<u64>,
    },
    /// An action, carrying the turn it was offered at. Answers the table's action sequence
    /// number after it.
    Act {
        user: UserId,
        offered: OfferedTurn,
        kind: ActionKind,
        reply: Responder<u32>,
    },
    /// The player's own cards in the current hand, with their pre-actions and time bank.
    ShowCards {
        user: UserId,
        reply: Responder<PlayerCards>,
    },
    /// Choose (or clear, `None`) a pre-action for street `street` of hand `hand`, as the
    /// player's private view offered it. Answers the new private view.
    PreAction {
        user: UserId,
        hand: u64,
        street: Street,
        choice: Option<PreAction>,
        reply: Responder<PlayerCards>,
    },
    /// "+30 s": the player to act at turn `(hand, action_seq)` takes time from their time
    /// bank onto their clock at once. Answers the seconds added.
    AddTime {
        user: UserId,
        hand: u64,
        action_seq: u32,
        reply: Responder<u32>,
    },
    Status {
        reply: Responder<TableStatus>,
    },
    /// A new stream of this table's notices (public and private; route by `audience`).
    Subscribe {
        reply: Responder<NoticeReceiver>,
    },
    /// A moderator cancels the table's sit & go: between hands at once, else once the hand
    /// in play ends (a hand whose betting is over is dealt out at once). `reference` is the
    /// cancel's, kept in the bank while it waits.
    CancelTournament {
        reference: String,
        reply: Responder<TournamentCancel>,
    },
    /// A player still in proposes a deal of `kind`, between hands.
    ProposeDeal {
        user: UserId,
        kind: DealKind,
        reference: String,
        reply: Responder<DealOffer>,
    },
    /// A player left accepts (or declines) deal `number`.
    AnswerDeal {
        user: UserId,
        number: u64,
        accept: bool,
        reply: Responder<DealAnswer>,
    },
    /// From a multi-table event's coordinator to one of its tables (ignored elsewhere).
    Event(super::event_order::EventOrder),
    /// The process is stopping: start no new hand; let the hand in progress finish within
    /// `grace`, else cancel it through the bank and tell the channel. Answered once the table
    /// has stopped (it then stays paused).
    Shutdown {
        grace: std::time::Duration,
        reply: Responder<ShutdownOutcome>,
    },
}

/// What a moderator's cancel of a sit & go did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentCancel {
    /// Cancelled between hands: every buy-in refunded (`refunded`, nobody was out) or the
    /// prizes not yet won divided; `paid` each entrant (0 for none).
    Cancelled { refunded: bool, paid: Payouts },
    /// A hand is in play: the sit & go is cancelled when it ends (the table tells the
    /// channel then).
    AfterHand,
}

/// A deal proposed: what each player left would be paid, who accepted, and how long the
/// others have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealOffer {
    pub tournament: TournamentId,
    pub number: u64,
    pub kind: DealKind,
    /// In seat order.
    pub amounts: Payouts,
    pub accepted: Vec<UserId>,
    pub secs: u64,
    /// Made at once (every other player left is a computer who accepts it).
    pub made: bool,
}

/// What a player's answer to a deal did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealAnswer {
    /// Accepted; `accepted` of `of` players left have.
    Accepted { accepted: usize, of: usize },
    /// The last acceptance: the sit & go ended with the deal.
    Made,
    /// Declined: play goes on.
    Declined,
}

/// The turn an action was offered at (a button's, a computer player's): the hand's number,
/// the series of deals it was dealt in (`TurnOffer::deal`: a sit & go's hand dealt again is
/// numbered apart from the deal it replaces) and the action sequence number. An action
/// offered at any other turn is stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferedTurn {
    pub hand: u64,
    pub deal: u64,
    pub action_seq: u32,
}

impl super::notice::TurnOffer {
    /// The turn an answer to this offer names: its hand, deal series and action.
    pub fn offered(&self) -> OfferedTurn {
        OfferedTurn {
            hand: self.hand,
            deal: self.deal,
            action_seq: self.action_seq,
        }
    }
}

/// A player's new seat: the chair they sit in and the stack they sat down with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Joined {
    pub chair: u8,
    pub stack: u64,
}

/// How a player leaves (or is kicked from) a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Departure {
    /// Gone now, with these chips back in their balance.
    CashedOut(u64),
    /// In the hand being played: gone when it ends, cashed out then. One who left has the
    /// table check or fold for them meanwhile; one kicked plays the hand out.
    AfterHand,
    /// Not seated but waiting for a computer's chair at the hand's end: the wait is over, and
    /// nothing was bought in.
    SeatRequestWithdrawn,
}

impl From<Option<u64>> for Departure {
    /// The table's own answer: the chips cashed out, or `None` when that waits for the hand.
    fn from(cashed_out: Option<u64>) -> Self {
        cashed_out.map_or(Departure::AfterHand, Departure::CashedOut)
    }
}

/// What ending the table or sit & go of a channel that is gone did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gone {
    /// Nothing was live there (or it ended meanwhile).
    Nothing,
    /// A cash table closed: what each player was cashed out.
    TableClosed(Payouts),
    /// A sit & go was cancelled: registering (`running` false), every buy-in refunded; or
    /// running, its prize pool divided as the bank's cancel divides it. What each entrant got.
    SitAndGoCancelled {
        tournament: TournamentId,
        running: bool,
        paid: Payouts,
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
    /// The hand is over and waits for the bank to confirm its settlement.
    pub settling: bool,
    pub seats: Vec<SeatInfo>,
    /// The board of the hand in progress.
    pub board: Option<PublicBoard>,
}

/// A cheap, cloneable address of one table's task.
#[derive(Clone, Debug)]
pub struct TableHandle {
    pub(crate) guild: GuildId,
    pub(crate) table: TableId,
    pub(crate) sender: mpsc::Sender<TableCommand>,
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

    /// Sends the command `command` builds around its responder and waits for the answer.
    /// The table answers commands in the order they arrive; a closed table answers
    /// `TableClosed`.
    async fn ask<T>(
        &self,
        command: impl FnOnce(Responder<T>) -> TableCommand,
    ) -> Result<T, LobbyError> {
        let closed = LobbyError::TableClosed { table: self.table };
        let (reply, answer) = oneshot::channel();
        self.sender
            .send(command(reply))
            .await
            .map_err(|_| closed.clone())?;
        answer.await.map_err(|_| closed)?
    }

    /// Returns what each player was paid.
    pub async fn close(&self) -> Result<Payouts, LobbyError> {
        self.ask(|reply| TableCommand::Close { reply }).await
    }

    /// The table's channel is gone: see `TableCommand::ChannelGone`.
    pub async fn channel_gone(&self) -> Result<Gone, LobbyError> {
        self.ask(|reply| TableCommand::ChannelGone { reply }).await
    }

    pub async fn pause(&self) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::Pause { reply }).await
    }

    /// Lets a table held since start-up deal (see `LobbyConfig::hold_reopened`).
    pub async fn release(&self) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::Release { reply }).await
    }

    /// After each hand, deal the next only once told `hand_done` (see
    /// `TableCommand::WaitForEachHandDone`).
    pub async fn wait_for_each_hand_done(&self) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::WaitForEachHandDone { reply })
            .await
    }

    /// The front end is done with hand `hand`'s end: the next may be dealt.
    pub async fn hand_done(&self, hand: u64) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::HandDone { hand, reply })
            .await
    }

    pub async fn resume(&self) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::Resume { reply }).await
    }

    /// Removes `user`: cashed out now, or after the hand they are in.
    pub async fn kick(&self, user: UserId) -> Result<Departure, LobbyError> {
        self.ask(|reply| TableCommand::Kick { user, reply })
            .await
            .map(Departure::from)
    }

    /// Returns the hand number the settings apply from.
    pub async fn change_settings(&self, settings: TableSettings) -> Result<u64, LobbyError> {
        self.ask(|reply| TableCommand::ChangeSettings {
            settings: Box::new(settings),
            reply,
        })
        .await
    }

    /// Seats `user` with `buy_in` chips from their balance.
    pub async fn join(&self, user: UserId, buy_in: u64) -> Result<Joined, LobbyError> {
        let (chair, stack) = self
            .ask(|reply| TableCommand::Join {
                user,
                buy_in,
                reply,
            })
            .await?;
        Ok(Joined { chair, stack })
    }

    /// Cashes `user` out: now, or after the hand they are in.
    pub async fn leave(&self, user: UserId) -> Result<Departure, LobbyError> {
        self.ask(|reply| TableCommand::Leave { user, reply }).await
    }

    pub async fn sit_out(&self, user: UserId) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::SitOut { user, reply }).await
    }

    pub async fn back(&self, user: UserId) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::Back { user, reply }).await
    }

    /// Returns the new stack.
    pub async fn top_up(&self, user: UserId, amount: u64) -> Result<u64, LobbyError> {
        self.ask(|reply| TableCommand::TopUp {
            user,
            amount,
            reply,
        })
        .await
    }

    /// Takes `kind` for `user` if the table is still at `hand`/`action_seq` of a hand of the
    /// first series of deals (a cash table's, or a sit & go's never dealt again). Returns the
    /// new action sequence number.
    pub async fn act(
        &self,
        user: UserId,
        hand: u64,
        action_seq: u32,
        kind: ActionKind,
    ) -> Result<u32, LobbyError> {
        let offered = OfferedTurn {
            hand,
            deal: 0,
            action_seq,
        };
        self.act_on(user, offered, kind).await
    }

    /// Takes `kind` for `user` if the table is still at the turn `offered` (from the
    /// `TurnOffer` or the button it was offered on). Returns the new action sequence number.
    pub async fn act_on(
        &self,
        user: UserId,
        offered: OfferedTurn,
        kind: ActionKind,
    ) -> Result<u32, LobbyError> {
        self.ask(|reply| TableCommand::Act {
            user,
            offered,
            kind,
            reply,
        })
        .await
    }

    /// See `TableCommand::TurnOnScreen`: holds (`false`) or restarts (`true`) the timer of
    /// the player to act, when `(hand, action_seq)` is still the turn.
    pub async fn turn_on_screen(
        &self,
        hand: u64,
        action_seq: u32,
        on_screen: bool,
    ) -> Result<(), LobbyError> {
        self.ask(|reply| TableCommand::TurnOnScreen {
            hand,
            action_seq,
            on_screen,
            reply,
        })
        .await
    }

    pub async fn show_cards(&self, user: UserId) -> Result<PlayerCards, LobbyError> {
        self.ask(|reply| TableCommand::ShowCards { user, reply })
            .await
    }

    /// Chooses `choice` for `user` (or clears theirs with `None`) for street `street` of hand
    /// `hand`, as their private view offered it; the table carries it out when their turn
    /// comes if it still fits. Refused at their own turn and when the view is stale.
    /// Returns their new private view.
    pub async fn pre_action(
        &self,
        user: UserId,
        hand: u64,
        street: Street,
        choice: Option<PreAction>,
    ) -> Result<PlayerCards, LobbyError> {
        self.ask(|reply| TableCommand::PreAction {
            user,
            hand,
            street,
            choice,
            reply,
        })
        .await
    }

    /// "+30 s" for `user`, to act at turn `(hand, action_seq)`: time from their time bank
    /// onto their clock at once (the board shows it). Returns the seconds added.
    pub async fn add_time(
        &self,
        user: UserId,
        hand: u64,
        action_seq: u32,
    ) -> Result<u32, LobbyError> {
        self.ask(|reply| TableCommand::AddTime {
            user,
            hand,
            action_seq,
            reply,
        })
        .await
    }

    pub async fn status(&self) -> Result<TableStatus, LobbyError> {
        self.ask(|reply| TableCommand::Status { reply }).await
    }

    /// Cancels the table's sit & go (a moderator's): at once between hands, else when the
    /// hand in play ends.
    pub async fn cancel_tournament(&self, reference: &str) -> Result<TournamentCancel, LobbyError> {
        let reference = reference.to_owned();
        self.ask(|reply| TableCommand::CancelTournament { reference, reply })
            .await
    }

    /// `user`, a player still in, proposes a deal of `kind` between hands.
    pub async fn propose_deal(
        &self,
        user: UserId,
        kind: DealKind,
        reference: &str,
    ) -> Result<DealOffer, LobbyError> {
        let reference = reference.to_owned();
        self.ask(|reply| TableCommand::ProposeDeal {
            user,
            kind,
            reference,
            reply,
        })
        .await
    }

    /// `user` accepts (or declines) deal `number`.
    pub async fn answer_deal(
        &self,
        user: UserId,
        number: u64,
        accept: bool,
    ) -> Result<DealAnswer, LobbyError> {
        self.ask(|reply| TableCommand::AnswerDeal {
            user,
            number,
            accept,
            reply,
        })
        .await
    }

    /// Stops the table for a shutdown (the process is stopping: no new hand starts; the hand
    /// in progress may finish within `grace`, else it is cancelled through the bank and the
    /// channel told). Answered once the table has stopped; it then stays paused.
    pub async fn shutdown(
        &self,
        grace: std::time::Duration,
    ) -> Result<ShutdownOutcome, LobbyError> {
        self.ask(|reply| TableCommand::Shutdown { grace, reply })
            .await
    }

    /// A new stream of this table's notices. Notices emitted while nobody was subscribed
    /// (e.g. "the hand was cancelled by a restart") are delivered to the first subscriber.
    pub async fn subscribe(&self) -> Result<NoticeReceiver, LobbyError> {
        self.ask(|reply| TableCommand::Subscribe { reply }).await
    }
}
