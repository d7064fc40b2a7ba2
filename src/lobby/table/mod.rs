//! The task that owns one table: its seats, the hand in play, its timers. It is the only
//! writer of the table's state; commands arrive on its queue and are handled one at a time,
//! and nothing it awaits (the bank, the store) is shared with another table's task.
//!
//! This file is the run loop: dispatch and timers. The rest, by concern: `seats` (the
//! `Seats` collection and the players' seat commands), `admin` (pause, settings, kick,
//! close), `hand` (dealing, acting, timeouts), `dealing_out` (an all-in hand dealt street by
//! street with each board's equities), `settle` (the bank's settlement and what
//! follows a hand), `shutdown`, `notices` (what the table publishes, its status).

mod admin;
mod dealing_out;
mod hand;
mod notices;
mod seats;
mod settle;
mod shutdown;

use std::collections::VecDeque;
use std::sync::{Arc, Weak};

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::bank::{Bank, GuildId, TableId};
use crate::telemetry::record;

use super::LobbyShared;
use super::command::{Responder, ShutdownOutcome, TableCommand};
use super::error::LobbyError;
use super::notice::Notice;
use super::settings::TableSettings;
use super::store::TableStore;

use dealing_out::DealingOut;
pub use dealing_out::DealingOutPace;
use hand::HandInPlay;
pub(crate) use seats::Seats;
use settle::Settlement;

/// Everything a table task starts from.
pub(crate) struct TableInit {
    pub guild: GuildId,
    pub table: TableId,
    pub settings: TableSettings,
    pub seats: Seats,
    /// The number of the table's last hand (the bank's `next_hand_number` minus one).
    pub last_hand: u64,
    /// The hand number the `mix` rotation counts from (`TableRecord::mix_from_hand`).
    pub mix_from_hand: u64,
    pub bank: Bank,
    pub store: Arc<dyn TableStore>,
    pub deck_seed: Option<u64>,
    pub session: u64,
    pub lobby: Weak<LobbyShared>,
    pub backlog: Vec<Notice>,
    pub pace: DealingOutPace,
}

pub(crate) struct Table {
    guild: GuildId,
    table: TableId,
    settings: TableSettings,
    pending_settings: Option<TableSettings>,
    seats: Seats,
    hand: Option<HandInPlay>,
    last_hand: u64,
    /// The hand number the `mix` rotation counts from: stored with the table.
    mix_from_hand: u64,
    paused: bool,
    closed: bool,
    /// The chair dealt first last hand: the deal starts one chair further next time.
    last_first_chair: Option<u8>,
    action_deadline: Option<Instant>,
    next_hand_at: Option<Instant>,
    /// Shutting down: no new hand starts.
    stopping: bool,
    /// When a hand still running at shutdown is cancelled.
    stop_deadline: Option<Instant>,
    /// The finished hand's settlement while the bank has not confirmed it (`hand` is kept).
    settlement: Option<Settlement>,
    /// A hand whose begin the bank did not confirm: cancelled before the next one begins.
    unconfirmed_begin: Option<u64>,
    /// When to cash out again departing players whose cash-out went unconfirmed.
    departures_retry_at: Option<Instant>,
    /// The street of an all-in hand being dealt out: its equities and timers.
    dealing_out: Option<DealingOut>,
    pace: DealingOutPace,
    /// Shutdown commands waiting for the hand in progress to end.
    stop_waiters: Vec<Responder<ShutdownOutcome>>,
    subscribers: Vec<mpsc::UnboundedSender<Notice>>,
    backlog: VecDeque<Notice>,
    bank: Bank,
    store: Arc<dyn TableStore>,
    rng: Option<ChaCha20Rng>,
    session: u64,
    references: u64,
    lobby: Weak<LobbyShared>,
    /// The seated players last counted in the seated-players metric.
    seated_reported: usize,
}

/// Sends a command's answer; the asker may have gone away, and the table goes on regardless.
fn answer<T>(reply: Responder<T>, result: Result<T, LobbyError>) {
    let _ = reply.send(result);
}

impl Table {
    pub(crate) fn new(init: TableInit) -> Table {
        let rng = init.deck_seed.map(|seed| {
            ChaCha20Rng::seed_from_u64(seed ^ init.table.0.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        });
        let mut table = Table {
            guild: init.guild,
            table: init.table,
            settings: init.settings,
            pending_settings: None,
            seats: init.seats,
            hand: None,
            last_hand: init.last_hand,
            mix_from_hand: init.mix_from_hand,
            paused: false,
            closed: false,
            last_first_chair: None,
            action_deadline: None,
            next_hand_at: None,
            stopping: false,
            stop_deadline: None,
            settlement: None,
            departures_retry_at: None,
            unconfirmed_begin: None,
            dealing_out: None,
            pace: init.pace,
            stop_waiters: Vec::new(),
            subscribers: Vec::new(),
            backlog: init.backlog.into_iter().collect(),
            bank: init.bank,
            store: init.store,
            rng,
            session: init.session,
            references: 0,
            lobby: init.lobby,
            seated_reported: 0,
        };
        table.maybe_schedule_next_hand();
        table
    }

    /// Serves commands and timers until the table closes or every handle is dropped. A
    /// dropped table leaves any hand in progress unsettled: the bank recovers it at start.
    ///
    /// Memory (issue 9, 10,000 tables in one process): the table lives in a box and each
    /// command's or timer's work is boxed while it runs, so an idle table's task holds a
    /// pointer and its select, not the table twice over (an `async fn` keeps its arguments
    /// beside its locals) plus the state of the deepest chain of awaits (about 6 KiB a table
    /// before).
    pub(crate) fn run(
        self,
        commands: mpsc::Receiver<TableCommand>,
    ) -> impl Future<Output = ()> + Send + 'static {
        Box::new(self).serve(commands)
    }

    async fn serve(mut self: Box<Self>, mut commands: mpsc::Receiver<TableCommand>) {
        self.count_seated(self.seats.len());
        while !self.closed {
            let deadline = self.next_deadline();
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => Box::pin(self.handle(command)).await,
                    None => break,
                },
                () = sleep_until_or_forever(deadline) => Box::pin(self.on_timer()).await,
                equity = dealing_out::equity_ready(&mut self.dealing_out) => {
                    self.on_equity(equity);
                }
            }
            self.count_seated(self.seats.len());
        }
        self.count_seated(0);
    }

    /// Counts the players sitting here now in the seated-players metric (checked after every
    /// command and timer, so no seat change is missed wherever it happens; zero once the
    /// table's task ends).
    fn count_seated(&mut self, now: usize) {
        if now != self.seated_reported {
            record::seated_changed(self.seated_reported, now);
            self.seated_reported = now;
        }
    }

    async fn handle(&mut self, command: TableCommand) {
        match command {
            TableCommand::Subscribe { reply } => answer(reply, Ok(self.subscribe())),
            TableCommand::Status { reply } => answer(reply, Ok(self.status())),
            TableCommand::TurnOnScreen {
                hand,
                action_seq,
                on_screen,
                reply,
            } => answer(reply, self.turn_on_screen(hand, action_seq, on_screen)),
            TableCommand::Pause { reply } => answer(reply, self.pause()),
            TableCommand::Resume { reply } => answer(reply, self.resume().await),
            TableCommand::Close { reply } => answer(reply, self.close().await),
            TableCommand::Kick { user, reply } => answer(reply, self.kick(user).await),
            TableCommand::ChangeSettings { settings, reply } => {
                answer(reply, self.change_settings(*settings).await);
            }
            TableCommand::Join {
                user,
                buy_in,
                reply,
            } => answer(reply, self.join(user, buy_in).await),
            TableCommand::Leave { user, reply } => answer(reply, self.leave(user).await),
            TableCommand::SitOut { user, reply } => answer(reply, self.sit_out(user)),
            TableCommand::Back { user, reply } => answer(reply, self.back(user)),
            TableCommand::TopUp {
                user,
                amount,
                reply,
            } => answer(reply, self.top_up(user, amount).await),
            TableCommand::Act {
                user,
                hand,
                action_seq,
                kind,
                reply,
            } => self.act(user, (hand, action_seq), kind, reply).await,
            TableCommand::ShowCards { user, reply } => answer(reply, self.show_cards(user)),
            // Answered when the table has stopped, which may wait for the hand in progress.
            TableCommand::Shutdown { grace, reply } => self.begin_shutdown(grace, reply),
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        // The shutdown deadline and the bank's retries run even while paused: a paused hand
        // cannot finish, and what the bank did must be known either way.
        let timers = if self.paused {
            None
        } else {
            let dealing_out = self.dealing_out.as_ref().and_then(DealingOut::deadline);
            earliest(
                earliest(self.action_deadline, self.next_hand_at),
                dealing_out,
            )
        };
        let retries = earliest(
            self.settlement
                .as_ref()
                .and_then(|settlement| settlement.retry_at),
            self.departures_retry_at,
        );
        earliest(earliest(timers, self.stop_deadline), retries)
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        let due = |at: Option<Instant>| at.is_some_and(|at| at <= now);
        if due(self
            .settlement
            .as_ref()
            .and_then(|settlement| settlement.retry_at))
        {
            self.settle().await;
            return;
        }
        if due(self.departures_retry_at) && self.hand.is_none() {
            self.let_departing_go().await;
            self.maybe_schedule_next_hand();
        }
        if self.stop_deadline.is_some_and(|deadline| deadline <= now) {
            self.cancel_for_shutdown().await;
            return;
        }
        if self.action_deadline.is_some_and(|deadline| deadline <= now) {
            self.action_deadline = None;
            self.time_out().await;
        }
        if !self.paused {
            self.on_dealing_out_timer(now).await;
        }
        if self.next_hand_at.is_some_and(|at| at <= now) {
            self.next_hand_at = None;
            self.start_hand().await;
        }
    }

    /// A bank reference no other operation of this process or an earlier one uses.
    fn next_reference(&mut self, what: &str) -> String {
        self.references += 1;
        format!(
            "lobby:{:x}:{}:{}:{}",
            self.session, self.table.0, self.references, what
        )
    }
}

fn earliest(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

async fn sleep_until_or_forever(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
