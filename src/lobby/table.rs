//! The task that owns one table: its seats, the hand in play, its timers. It is the only
//! writer of the table's state; commands arrive on its queue and are handled one at a time,
//! and nothing it awaits (the bank, the store) is shared with another table's task.

use std::collections::VecDeque;
use std::sync::{Arc, Weak};
use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::bank::{Bank, GuildId, TableId, UserId};
use crate::table::deck::Deck;
use crate::table::hand::{ActionError, ActionKind, Event, Hand, SeatIndex};

use super::LobbyShared;
use super::command::{Envelope, Reply, ReplySender, ShutdownOutcome, TableCommand, TableStatus};
use super::error::LobbyError;
use super::history::HandHistory;
use super::notice::{
    CancelReason, HandSummary, LastAction, Notice, NoticeBody, PlayerCards, PublicBoard, SeatInfo,
    SeatStatus, ShownHand, SitOutReason, TableMessage, TurnOffer,
};
use super::settings::TableSettings;
use super::settlement::seat_outcomes;
use super::store::{TableRecord, TableStore};

/// Notices kept for the first subscriber while nobody listens.
const BACKLOG_LIMIT: usize = 64;
/// Timeouts in a row after which a player is sat out.
const TIMEOUTS_BEFORE_SIT_OUT: u8 = 2;

/// One occupied chair.
#[derive(Debug, Clone)]
pub(crate) struct Seat {
    pub chair: u8,
    pub user: UserId,
    /// The player's stack in the bank's escrow: during a hand, their stack at its start.
    pub stack: u64,
    pub status: SeatStatus,
    pub timeouts_in_a_row: u8,
}

struct HandInPlay {
    number: u64,
    hand: Hand,
    /// Deal order: `players[i]` is the engine's seat `i`.
    players: Vec<UserId>,
    last_action: Option<LastAction>,
}

/// Everything a table task starts from.
pub(crate) struct TableInit {
    pub guild: GuildId,
    pub table: TableId,
    pub settings: TableSettings,
    pub seats: Vec<Seat>,
    /// The number of the table's last hand (the bank's `next_hand_number` minus one).
    pub last_hand: u64,
    pub bank: Bank,
    pub store: Arc<dyn TableStore>,
    pub deck_seed: Option<u64>,
    pub session: u64,
    pub lobby: Weak<LobbyShared>,
    pub backlog: Vec<Notice>,
}

pub(crate) struct Table {
    guild: GuildId,
    table: TableId,
    settings: TableSettings,
    pending_settings: Option<TableSettings>,
    seats: Vec<Seat>,
    hand: Option<HandInPlay>,
    last_hand: u64,
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
    /// Shutdown commands waiting for the hand in progress to end.
    stop_waiters: Vec<ReplySender>,
    subscribers: Vec<mpsc::UnboundedSender<Notice>>,
    backlog: VecDeque<Notice>,
    bank: Bank,
    store: Arc<dyn TableStore>,
    rng: Option<ChaCha20Rng>,
    session: u64,
    references: u64,
    lobby: Weak<LobbyShared>,
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
            paused: false,
            closed: false,
            last_first_chair: None,
            action_deadline: None,
            next_hand_at: None,
            stopping: false,
            stop_deadline: None,
            stop_waiters: Vec::new(),
            subscribers: Vec::new(),
            backlog: init.backlog.into_iter().collect(),
            bank: init.bank,
            store: init.store,
            rng,
            session: init.session,
            references: 0,
            lobby: init.lobby,
        };
        table.seats.sort_by_key(|seat| seat.chair);
        table.maybe_schedule_next_hand();
        table
    }

    /// Serves commands and timers until the table closes or every handle is dropped. A
    /// dropped table leaves any hand in progress unsettled: the bank recovers it at start.
    pub(crate) async fn run(mut self, mut commands: mpsc::Receiver<Envelope>) {
        while !self.closed {
            let deadline = self.next_deadline();
            tokio::select! {
                envelope = commands.recv() => match envelope {
                    Some(Envelope { command: TableCommand::Shutdown { grace }, reply }) => {
                        self.begin_shutdown(grace, reply);
                    }
                    Some(envelope) => {
                        let outcome = self.handle(envelope.command).await;
                        // The asker may have gone away; the table goes on regardless.
                        let _ = envelope.reply.send(outcome);
                    }
                    None => break,
                },
                () = sleep_until_or_forever(deadline) => self.on_timer().await,
            }
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        // The shutdown deadline runs even while paused: a paused hand cannot finish.
        let timers = if self.paused {
            None
        } else {
            match (self.action_deadline, self.next_hand_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        };
        match (timers, self.stop_deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    async fn handle(&mut self, command: TableCommand) -> Result<Reply, LobbyError> {
        match command {
            TableCommand::Subscribe => Ok(Reply::Subscribed(self.subscribe())),
            TableCommand::Status => Ok(Reply::Status(Box::new(self.status()))),
            TableCommand::Pause => self.pause(),
            TableCommand::Resume => self.resume().await,
            TableCommand::Close => self.close().await,
            TableCommand::Kick { user } => self.kick(user).await,
            TableCommand::ChangeSettings { settings } => self.change_settings(settings).await,
            TableCommand::Join { user, buy_in } => self.join(user, buy_in).await,
            TableCommand::Leave { user } => self.leave(user).await,
            TableCommand::SitOut { user } => self.sit_out(user),
            TableCommand::Back { user } => self.back(user),
            TableCommand::TopUp { user, amount } => self.top_up(user, amount).await,
            TableCommand::Act {
                user,
                hand,
                action_seq,
                kind,
            } => self.act(user, hand, action_seq, kind).await,
            TableCommand::ShowCards { user } => self.show_cards(user),
            // `run` answers it (the answer may wait for the hand in progress to end).
            TableCommand::Shutdown { .. } => Err(LobbyError::Internal {
                reason: "a shutdown reached the command handler".into(),
            }),
        }
    }

    // ----- shutdown -----

    /// Starts no hand any more; answers at once when no hand runs, else when the hand ends
    /// or, at `grace`, is cancelled.
    fn begin_shutdown(&mut self, grace: Duration, reply: ReplySender) {
        self.stopping = true;
        self.next_hand_at = None;
        if self.hand.is_none() {
            self.stopped();
            let _ = reply.send(Ok(Reply::Stopped(ShutdownOutcome::Idle)));
            return;
        }
        let deadline = Instant::now() + grace;
        self.stop_deadline = Some(self.stop_deadline.map_or(deadline, |at| at.min(deadline)));
        self.stop_waiters.push(reply);
    }

    /// Stopped for good: frozen, nothing scheduled.
    fn stopped(&mut self) {
        self.paused = true;
        self.action_deadline = None;
        self.next_hand_at = None;
        self.stop_deadline = None;
    }

    fn answer_stop_waiters(&mut self, outcome: &ShutdownOutcome) {
        for waiter in self.stop_waiters.drain(..) {
            let _ = waiter.send(Ok(Reply::Stopped(outcome.clone())));
        }
    }

    /// The grace is over and the hand still runs: cancel it in the bank (every player keeps
    /// their stack from its start) and say so.
    async fn cancel_for_shutdown(&mut self) {
        let Some(in_play) = self.hand.take() else {
            self.stopped();
            self.answer_stop_waiters(&ShutdownOutcome::Idle);
            return;
        };
        let hand = in_play.number;
        let outcome = match self.bank.cancel_hand(self.table, hand).await {
            Ok(()) => {
                // During a hand each seat's stack is its stack from the start of the hand.
                let stacks = in_play
                    .players
                    .iter()
                    .filter_map(|user| self.seats.iter().find(|seat| seat.user == *user))
                    .map(|seat| (seat.user, seat.stack))
                    .collect();
                self.message(TableMessage::HandCancelled {
                    hand,
                    reason: CancelReason::Shutdown,
                    stacks,
                });
                ShutdownOutcome::HandCancelled { hand }
            }
            Err(error) => {
                tracing::error!(
                    table = self.table.0,
                    hand,
                    "cancelling a hand at shutdown failed ({error}); the next start refunds it"
                );
                ShutdownOutcome::CancelFailed {
                    hand,
                    reason: error.to_string(),
                }
            }
        };
        self.stopped();
        self.answer_stop_waiters(&outcome);
    }

    // ----- notices -----

    fn emit(&mut self, body: NoticeBody) {
        let notice = Notice {
            table: self.table,
            body,
        };
        if self.subscribers.is_empty() {
            if self.backlog.len() == BACKLOG_LIMIT {
                self.backlog.pop_front();
            }
            self.backlog.push_back(notice);
            return;
        }
        self.subscribers
            .retain(|subscriber| subscriber.send(notice.clone()).is_ok());
    }

    fn message(&mut self, message: TableMessage) {
        self.emit(NoticeBody::Table(message));
    }

    fn subscribe(&mut self) -> mpsc::UnboundedReceiver<Notice> {
        let (sender, receiver) = mpsc::unbounded_channel();
        for notice in self.backlog.drain(..) {
            let _ = sender.send(notice);
        }
        self.subscribers.push(sender);
        receiver
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        let live = self
            .hand
            .as_ref()
            .map(|hand| (hand, hand.hand.public_view()));
        self.seats
            .iter()
            .map(|seat| {
                let hand_seat = live
                    .as_ref()
                    .and_then(|(hand, _)| hand.players.iter().position(|user| *user == seat.user));
                let stack = match (&live, hand_seat) {
                    (Some((_, view)), Some(index)) => view
                        .seats
                        .get(index)
                        .map_or(seat.stack, |public| public.stack),
                    _ => seat.stack,
                };
                SeatInfo {
                    chair: seat.chair,
                    user: seat.user,
                    stack,
                    status: seat.status,
                    hand_seat,
                    away: seat.timeouts_in_a_row > 0,
                }
            })
            .collect()
    }

    fn board(&self) -> Option<PublicBoard> {
        let hand = self.hand.as_ref()?;
        Some(PublicBoard {
            hand: hand.number,
            action_seq: hand.hand.action_seq(),
            stakes: self.settings.stakes,
            seats: self.seat_infos(),
            players: hand.players.clone(),
            view: hand.hand.public_view(),
            last_action: hand.last_action,
            action_timer_secs: self.settings.action_timer_secs,
            paused: self.paused,
        })
    }

    fn publish_board(&mut self) {
        if let Some(board) = self.board() {
            self.emit(NoticeBody::Board(Box::new(board)));
        }
    }

    fn send_cards(&mut self, seat: SeatIndex) {
        let Some(hand) = &self.hand else { return };
        let (Some(user), Some(view)) = (hand.players.get(seat), hand.hand.private_view(seat))
        else {
            return;
        };
        let cards = PlayerCards {
            user: *user,
            hand: hand.number,
            view,
        };
        self.emit(NoticeBody::Cards(Box::new(cards)));
    }

    fn status(&self) -> TableStatus {
        TableStatus {
            guild: self.guild,
            table: self.table,
            settings: self.settings,
            pending_settings: self.pending_settings,
            paused: self.paused,
            stopping: self.stopping,
            hand: self
                .hand
                .as_ref()
                .map_or(self.last_hand, |hand| hand.number),
            hand_in_progress: self.hand.is_some(),
            seats: self.seat_infos(),
            board: self.board(),
        }
    }

    // ----- seats -----

    fn seat_index(&self, user: UserId) -> Result<usize, LobbyError> {
        self.seats
            .iter()
            .position(|seat| seat.user == user)
            .ok_or(LobbyError::NotSeated)
    }

    /// The player's engine seat in the hand in play, if dealt in.
    fn hand_seat(&self, user: UserId) -> Option<SeatIndex> {
        let hand = self.hand.as_ref()?;
        hand.players.iter().position(|player| *player == user)
    }

    fn ready_players(&self) -> usize {
        self.seats
            .iter()
            .filter(|seat| seat.status == SeatStatus::Playing && seat.stack > 0)
            .count()
    }

    fn next_reference(&mut self, what: &str) -> String {
        self.references += 1;
        format!(
            "lobby:{:x}:{}:{}:{}",
            self.session, self.table.0, self.references, what
        )
    }

    async fn join(&mut self, user: UserId, buy_in: u64) -> Result<Reply, LobbyError> {
        if self.seats.iter().any(|seat| seat.user == user) {
            return Err(LobbyError::AlreadySeated);
        }
        if self.seats.len() >= usize::from(self.settings.seats) {
            return Err(LobbyError::TableFull {
                seats: self.settings.seats,
            });
        }
        let (min, max) = (self.settings.min_buy_in, self.settings.max_buy_in);
        if !(min..=max).contains(&buy_in) {
            return Err(LobbyError::BuyInOutOfRange {
                min,
                max,
                amount: buy_in,
            });
        }
        let chair = (0..self.settings.seats)
            .find(|chair| self.seats.iter().all(|seat| seat.chair != *chair))
            .ok_or(LobbyError::TableFull {
                seats: self.settings.seats,
            })?;
        let reference = self.next_reference("join");
        let stack = self
            .bank
            .buy_in(self.guild, self.table, user, buy_in, &reference)
            .await?;
        let position = self
            .seats
            .iter()
            .position(|seat| seat.chair > chair)
            .unwrap_or(self.seats.len());
        self.seats.insert(
            position,
            Seat {
                chair,
                user,
                stack,
                status: SeatStatus::Playing,
                timeouts_in_a_row: 0,
            },
        );
        self.message(TableMessage::Joined { user, chair, stack });
        self.maybe_schedule_next_hand();
        Ok(Reply::Seated { chair, stack })
    }

    /// Cashes the player out and frees their chair.
    async fn cash_out(&mut self, user: UserId) -> Result<u64, LobbyError> {
        let index = self.seat_index(user)?;
        let reference = self.next_reference("cash-out");
        let amount = self
            .bank
            .cash_out(self.guild, self.table, user, &reference)
            .await?;
        self.seats.remove(index);
        Ok(amount)
    }

    async fn leave(&mut self, user: UserId) -> Result<Reply, LobbyError> {
        let index = self.seat_index(user)?;
        // While a hand runs the bank holds every seat's stack, dealt in or not.
        if self.hand.is_some() {
            self.seats[index].status = SeatStatus::Leaving;
            self.message(TableMessage::LeavingAfterHand { user });
            self.play_automatic_turns().await;
            return Ok(Reply::Left { cashed_out: None });
        }
        let cashed_out = self.cash_out(user).await?;
        self.message(TableMessage::Left { user, cashed_out });
        Ok(Reply::Left {
            cashed_out: Some(cashed_out),
        })
    }

    async fn kick(&mut self, user: UserId) -> Result<Reply, LobbyError> {
        let index = self.seat_index(user)?;
        if self.hand.is_some() {
            self.seats[index].status = SeatStatus::Kicked;
            self.play_automatic_turns().await;
            return Ok(Reply::Kicked { cashed_out: None });
        }
        let cashed_out = self.cash_out(user).await?;
        self.message(TableMessage::Kicked { user, cashed_out });
        Ok(Reply::Kicked {
            cashed_out: Some(cashed_out),
        })
    }

    fn sit_out(&mut self, user: UserId) -> Result<Reply, LobbyError> {
        let index = self.seat_index(user)?;
        match self.seats[index].status {
            SeatStatus::SittingOut { .. } => Err(LobbyError::AlreadySittingOut),
            SeatStatus::Leaving | SeatStatus::Kicked => Ok(Reply::Done),
            SeatStatus::Playing => {
                self.seats[index].status = SeatStatus::SittingOut {
                    reason: SitOutReason::Asked,
                };
                self.message(TableMessage::SatOut {
                    user,
                    reason: SitOutReason::Asked,
                });
                Ok(Reply::Done)
            }
        }
    }

    fn back(&mut self, user: UserId) -> Result<Reply, LobbyError> {
        let index = self.seat_index(user)?;
        let seat = &mut self.seats[index];
        match seat.status {
            SeatStatus::Playing | SeatStatus::Kicked => return Err(LobbyError::NotSittingOut),
            SeatStatus::SittingOut { .. } if seat.stack == 0 => return Err(LobbyError::NoChips),
            SeatStatus::SittingOut { .. } | SeatStatus::Leaving => {}
        }
        seat.status = SeatStatus::Playing;
        seat.timeouts_in_a_row = 0;
        self.message(TableMessage::Back { user });
        self.maybe_schedule_next_hand();
        Ok(Reply::Done)
    }

    async fn top_up(&mut self, user: UserId, amount: u64) -> Result<Reply, LobbyError> {
        let index = self.seat_index(user)?;
        if self.hand.is_some() {
            return Err(LobbyError::TopUpDuringHand);
        }
        let (min, max) = (self.settings.min_buy_in, self.settings.max_buy_in);
        let current = self.seats[index].stack;
        let stack = current.saturating_add(amount);
        if amount == 0 || !(min..=max).contains(&stack) {
            return Err(LobbyError::TopUpOutOfRange { min, max, stack });
        }
        let reference = self.next_reference("top-up");
        let stack = self
            .bank
            .buy_in(self.guild, self.table, user, amount, &reference)
            .await?;
        let Some(seat) = self.seats.iter_mut().find(|seat| seat.user == user) else {
            return Err(LobbyError::NotSeated);
        };
        seat.stack = stack;
        let came_back = seat.status
            == SeatStatus::SittingOut {
                reason: SitOutReason::Busted,
            };
        if came_back {
            seat.status = SeatStatus::Playing;
            seat.timeouts_in_a_row = 0;
        }
        self.message(TableMessage::ToppedUp {
            user,
            amount,
            stack,
        });
        if came_back {
            self.message(TableMessage::Back { user });
        }
        self.maybe_schedule_next_hand();
        Ok(Reply::ToppedUp { stack })
    }

    fn show_cards(&self, user: UserId) -> Result<Reply, LobbyError> {
        self.seat_index(user)?;
        let hand = self.hand.as_ref().ok_or(LobbyError::NoHandInProgress)?;
        let seat = self.hand_seat(user).ok_or(LobbyError::NotInHand)?;
        let view = hand.hand.private_view(seat).ok_or(LobbyError::NotInHand)?;
        Ok(Reply::Cards(Box::new(PlayerCards {
            user,
            hand: hand.number,
            view,
        })))
    }

    // ----- table -----

    fn pause(&mut self) -> Result<Reply, LobbyError> {
        if self.paused {
            return Err(LobbyError::Paused);
        }
        self.paused = true;
        self.action_deadline = None;
        self.next_hand_at = None;
        self.message(TableMessage::Paused);
        Ok(Reply::Done)
    }

    async fn resume(&mut self) -> Result<Reply, LobbyError> {
        if !self.paused {
            return Err(LobbyError::NotPaused);
        }
        self.paused = false;
        self.message(TableMessage::Resumed);
        if self.hand.is_some() {
            // The board again, then the turns of anyone who left or was kicked while the
            // table was paused, and a whole timer for the player to act.
            self.after_action().await;
        } else {
            self.maybe_schedule_next_hand();
        }
        Ok(Reply::Done)
    }

    async fn change_settings(&mut self, settings: TableSettings) -> Result<Reply, LobbyError> {
        settings.validate()?;
        if self.seats.len() > usize::from(settings.seats) {
            return Err(LobbyError::TableFull {
                seats: settings.seats,
            });
        }
        self.save_record(settings).await?;
        // During a hand `last_hand` is that hand's number, so this is the next hand either way.
        let from_hand = self.last_hand + 1;
        if self.hand.is_some() {
            self.pending_settings = Some(settings);
        } else {
            self.apply_settings(settings);
        }
        self.message(TableMessage::SettingsChanged {
            settings,
            from_hand,
        });
        Ok(Reply::SettingsChanged { from_hand })
    }

    /// Installs new settings between hands, moving anyone whose chair no longer exists.
    fn apply_settings(&mut self, settings: TableSettings) {
        self.settings = settings;
        let mut free = (0..settings.seats)
            .filter(|chair| self.seats.iter().all(|seat| seat.chair != *chair))
            .collect::<VecDeque<u8>>();
        for seat in &mut self.seats {
            if seat.chair >= settings.seats
                && let Some(chair) = free.pop_front()
            {
                seat.chair = chair;
            }
        }
        self.seats.sort_by_key(|seat| seat.chair);
    }

    async fn save_record(&self, settings: TableSettings) -> Result<(), LobbyError> {
        let record = TableRecord {
            guild: self.guild,
            table: self.table,
            settings,
        };
        self.store
            .save(&record)
            .await
            .map_err(|reason| LobbyError::Store { reason })
    }

    async fn close(&mut self) -> Result<Reply, LobbyError> {
        if let Some(hand) = &self.hand {
            let number = hand.number;
            let stacks = hand
                .players
                .iter()
                .filter_map(|user| self.seats.iter().find(|seat| seat.user == *user))
                .map(|seat| (seat.user, seat.stack))
                .collect();
            self.bank.cancel_hand(self.table, number).await?;
            self.hand = None;
            self.action_deadline = None;
            self.message(TableMessage::HandCancelled {
                hand: number,
                reason: CancelReason::TableClosed,
                stacks,
            });
        }
        let reference = self.next_reference("close");
        let cashed_out = self
            .bank
            .close_table(self.guild, self.table, &reference)
            .await?;
        self.seats.clear();
        self.store
            .remove(self.table)
            .await
            .map_err(|reason| LobbyError::Store { reason })?;
        self.closed = true;
        self.next_hand_at = None;
        if let Some(lobby) = self.lobby.upgrade() {
            lobby.forget(self.table);
        }
        self.message(TableMessage::Closed {
            cashed_out: cashed_out.clone(),
        });
        Ok(Reply::Closed { cashed_out })
    }

    // ----- hands -----

    fn maybe_schedule_next_hand(&mut self) {
        if self.paused
            || self.closed
            || self.stopping
            || self.hand.is_some()
            || self.next_hand_at.is_some()
        {
            return;
        }
        if self.ready_players() < 2 {
            return;
        }
        let secs = self.settings.between_hands_secs;
        self.next_hand_at = Some(Instant::now() + Duration::from_secs(u64::from(secs)));
        self.message(TableMessage::NextHandIn {
            hand: self.last_hand + 1,
            secs,
        });
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        if self.stop_deadline.is_some_and(|deadline| deadline <= now) {
            self.cancel_for_shutdown().await;
            return;
        }
        if self.action_deadline.is_some_and(|deadline| deadline <= now) {
            self.action_deadline = None;
            self.time_out().await;
        }
        if self.next_hand_at.is_some_and(|at| at <= now) {
            self.next_hand_at = None;
            self.start_hand().await;
        }
    }

    /// Deals the next hand to every ready player, the deal starting one chair after last time.
    async fn start_hand(&mut self) {
        if self.paused || self.closed || self.stopping || self.hand.is_some() {
            return;
        }
        let mut ready: Vec<&Seat> = self
            .seats
            .iter()
            .filter(|seat| seat.status == SeatStatus::Playing && seat.stack > 0)
            .collect();
        if ready.len() < 2 {
            let count = ready.len();
            self.message(TableMessage::WaitingForPlayers { ready: count });
            return;
        }
        if let Some(last) = self.last_first_chair {
            let start = ready.iter().position(|seat| seat.chair > last).unwrap_or(0);
            ready.rotate_left(start);
        }
        let players: Vec<UserId> = ready.iter().map(|seat| seat.user).collect();
        let stacks: Vec<u64> = ready.iter().map(|seat| seat.stack).collect();
        let first_chair = ready.first().map(|seat| seat.chair);

        let number = self.last_hand + 1;
        self.last_hand = number;
        if let Err(error) = self.bank.begin_hand(self.guild, self.table, number).await {
            self.halt(&error.to_string());
            return;
        }
        let deck = match &mut self.rng {
            Some(rng) => Deck::shuffled_with(rng),
            None => Deck::shuffled(),
        };
        let hand = match Hand::start(self.settings.stakes, self.settings.rules, &stacks, deck) {
            Ok(hand) => hand,
            Err(error) => {
                let _ = self.bank.cancel_hand(self.table, number).await;
                self.halt(&error.to_string());
                return;
            }
        };
        self.last_first_chair = first_chair;
        self.hand = Some(HandInPlay {
            number,
            hand,
            players,
            last_action: None,
        });
        for seat in 0..stacks.len() {
            self.send_cards(seat);
        }
        self.after_action().await;
    }

    /// The table cannot go on by itself (the store or bank failed): it pauses and says so.
    fn halt(&mut self, why: &str) {
        tracing::error!(table = self.table.0, "table paused: {why}");
        self.paused = true;
        self.action_deadline = None;
        self.next_hand_at = None;
        self.message(TableMessage::Paused);
    }

    async fn act(
        &mut self,
        user: UserId,
        offered_hand: u64,
        offered_seq: u32,
        kind: ActionKind,
    ) -> Result<Reply, LobbyError> {
        self.seat_index(user)?;
        if self.paused {
            return Err(LobbyError::Paused);
        }
        let Some(hand) = &self.hand else {
            return Err(LobbyError::NoHandInProgress);
        };
        let seat = self.hand_seat(user).ok_or(LobbyError::NotInHand)?;
        let seq = hand.hand.action_seq();
        if offered_hand != hand.number || offered_seq != seq {
            return Err(LobbyError::StaleAction {
                offered_hand,
                offered_seq,
                hand: hand.number,
                seq,
            });
        }
        if hand.hand.to_act() != Some(seat) {
            let to_act = self.to_act().map(|(_, user)| user);
            return Err(LobbyError::NotYourTurn { to_act });
        }
        let number = hand.number;
        self.take_action(seat, kind, false)?;
        if let Some(index) = self.seats.iter().position(|seat| seat.user == user) {
            self.seats[index].timeouts_in_a_row = 0;
        }
        let action_seq = self
            .hand
            .as_ref()
            .map_or(seq.wrapping_add(1), |hand| hand.hand.action_seq());
        self.after_action().await;
        Ok(Reply::Acted {
            hand: number,
            action_seq,
        })
    }

    /// Applies one action to the hand and deals with what it caused (cards to send); the
    /// board and the next turn are `after_action`'s.
    fn take_action(
        &mut self,
        seat: SeatIndex,
        kind: ActionKind,
        timed_out: bool,
    ) -> Result<(), LobbyError> {
        let Some(hand) = &mut self.hand else {
            return Err(LobbyError::NoHandInProgress);
        };
        let events = hand.hand.act(seat, kind).map_err(|error| match error {
            ActionError::NotAllowed { kind, .. } => LobbyError::ActionNotAllowed {
                kind,
                allowed: hand
                    .hand
                    .legal_actions()
                    .iter()
                    .map(|legal| legal.kind)
                    .collect(),
            },
            ActionError::NotYourTurn { to_act, .. } => LobbyError::NotYourTurn {
                to_act: hand.players.get(to_act).copied(),
            },
            ActionError::HandOver => LobbyError::NoHandInProgress,
            ActionError::NoSuchSeat(_) => LobbyError::NotInHand,
            error @ ActionError::MissingCard { .. } => LobbyError::Internal {
                reason: error.to_string(),
            },
        })?;
        let user = hand.players.get(seat).copied();
        let acted = hand
            .hand
            .events()
            .iter()
            .rev()
            .find_map(|event| match event {
                Event::Acted {
                    seat: acted_seat,
                    kind,
                    chips,
                    all_in,
                    ..
                } if *acted_seat == seat => Some((*kind, *chips, *all_in)),
                _ => None,
            });
        if let (Some(user), Some((kind, chips, all_in))) = (user, acted) {
            hand.last_action = Some(LastAction {
                user,
                seat,
                kind,
                chips,
                all_in,
                timed_out,
            });
        }
        let dealt_down: Vec<SeatIndex> = events
            .iter()
            .filter_map(|event| match event {
                Event::DownCard { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        for seat in dealt_down {
            self.send_cards(seat);
        }
        Ok(())
    }

    /// After the hand changed: publish the board, then either finish the hand, play the
    /// turns of players the table acts for, or offer the turn to the player to act.
    async fn after_action(&mut self) {
        loop {
            let Some(hand) = &self.hand else { return };
            if hand.hand.is_over() {
                self.finish_hand().await;
                return;
            }
            self.publish_board();
            if !self.play_one_automatic_turn() {
                self.offer_turn();
                return;
            }
        }
    }

    /// Plays the turns of players who left or were kicked during the hand, and of those sat
    /// out for timeouts, at once: nobody waits a whole timer for someone who has gone.
    async fn play_automatic_turns(&mut self) {
        if self.play_one_automatic_turn() {
            self.after_action().await;
        }
    }

    /// When the player to act is one the table acts for, acts for them; returns whether it did.
    fn play_one_automatic_turn(&mut self) -> bool {
        if self.paused {
            return false;
        }
        let Some((seat, user)) = self.to_act() else {
            return false;
        };
        let automatic = self.seats.iter().any(|s| {
            s.user == user
                && matches!(
                    s.status,
                    SeatStatus::Kicked
                        | SeatStatus::Leaving
                        | SeatStatus::SittingOut {
                            reason: SitOutReason::TimedOut
                        }
                )
        });
        if !automatic {
            return false;
        }
        let Some(kind) = self.default_action() else {
            return false;
        };
        self.take_action(seat, kind, true).is_ok()
    }

    fn to_act(&self) -> Option<(SeatIndex, UserId)> {
        let hand = self.hand.as_ref()?;
        let seat = hand.hand.to_act()?;
        Some((seat, *hand.players.get(seat)?))
    }

    /// What the table does for a player who does not act: check when free, else fold
    /// (or, for a forced bring-in that may not fold, the cheapest action offered).
    fn default_action(&self) -> Option<ActionKind> {
        let legal = self.hand.as_ref()?.hand.legal_actions();
        [ActionKind::Check, ActionKind::Fold]
            .into_iter()
            .find(|kind| legal.iter().any(|action| action.kind == *kind))
            .or_else(|| {
                legal
                    .iter()
                    .min_by_key(|action| action.chips)
                    .map(|action| action.kind)
            })
    }

    fn offer_turn(&mut self) {
        let Some((seat, user)) = self.to_act() else {
            return;
        };
        let Some(hand) = &self.hand else { return };
        let view = hand.hand.public_view();
        let offer = TurnOffer {
            user,
            hand: hand.number,
            action_seq: hand.hand.action_seq(),
            seat,
            street: view.street,
            stack: view.seats.get(seat).map_or(0, |public| public.stack),
            pot: view.pot,
            legal: view.legal,
            timer_secs: self.settings.action_timer_secs,
        };
        if !self.paused {
            self.action_deadline = Some(
                Instant::now() + Duration::from_secs(u64::from(self.settings.action_timer_secs)),
            );
        }
        self.emit(NoticeBody::YourTurn(Box::new(offer)));
    }

    async fn time_out(&mut self) {
        if self.paused {
            return;
        }
        let Some((seat, user)) = self.to_act() else {
            return;
        };
        let Some(kind) = self.default_action() else {
            return;
        };
        if self.take_action(seat, kind, true).is_err() {
            return;
        }
        self.message(TableMessage::TimedOut { user, action: kind });
        if let Some(index) = self.seats.iter().position(|s| s.user == user) {
            let seat = &mut self.seats[index];
            seat.timeouts_in_a_row = seat.timeouts_in_a_row.saturating_add(1);
            if seat.timeouts_in_a_row >= TIMEOUTS_BEFORE_SIT_OUT
                && seat.status == SeatStatus::Playing
            {
                seat.status = SeatStatus::SittingOut {
                    reason: SitOutReason::TimedOut,
                };
                self.message(TableMessage::SatOut {
                    user,
                    reason: SitOutReason::TimedOut,
                });
            }
        }
        self.after_action().await;
    }

    /// Settles the finished hand through the bank, and only then announces the result;
    /// then lets departing players go and schedules the next hand.
    async fn finish_hand(&mut self) {
        let Some(in_play) = self.hand.take() else {
            return;
        };
        self.action_deadline = None;
        let Some(result) = in_play.hand.result().cloned() else {
            // A hand that is over always has a result; keep the table safe if not.
            let _ = self.bank.cancel_hand(self.table, in_play.number).await;
            self.halt("a finished hand had no result");
            return;
        };
        let outcomes = seat_outcomes(&result, &in_play.players);
        let history = HandHistory::new(
            in_play.number,
            in_play.hand.public_view().stakes,
            &in_play.players,
            &result.starting_stacks,
            in_play.hand.events(),
        );
        // The history is stored by the settlement's own transaction.
        let settled = match history.to_bytes() {
            Ok(history) => {
                self.bank
                    .settle_hand_with_history(
                        self.guild,
                        self.table,
                        in_play.number,
                        &outcomes,
                        history,
                    )
                    .await
            }
            Err(error) => {
                tracing::error!(table = self.table.0, "{error}");
                self.bank
                    .settle_hand(self.guild, self.table, in_play.number, &outcomes)
                    .await
            }
        };
        match settled {
            Ok(()) => {
                for outcome in &outcomes {
                    if let Some(seat) = self.seats.iter_mut().find(|s| s.user == outcome.user) {
                        seat.stack = outcome.end;
                    }
                }
                let shown = in_play
                    .hand
                    .events()
                    .iter()
                    .filter_map(|event| match event {
                        Event::Shown {
                            seat,
                            cards,
                            high,
                            low,
                        } => Some(ShownHand {
                            seat: *seat,
                            user: *in_play.players.get(*seat)?,
                            cards: cards.clone(),
                            high: *high,
                            low: *low,
                        }),
                        _ => None,
                    })
                    .collect();
                let summary = HandSummary {
                    hand: in_play.number,
                    players: in_play.players.clone(),
                    result,
                    shown,
                    view: in_play.hand.public_view(),
                    public_events: in_play
                        .hand
                        .events()
                        .iter()
                        .filter(|event| !matches!(event, Event::DownCard { .. }))
                        .cloned()
                        .collect(),
                    outcomes,
                };
                self.emit(NoticeBody::HandResult(Box::new(summary)));
            }
            Err(error) => {
                tracing::error!(
                    table = self.table.0,
                    hand = in_play.number,
                    "settlement failed: {error}"
                );
                let stacks = outcomes
                    .iter()
                    .map(|outcome| (outcome.user, outcome.start))
                    .collect();
                let _ = self.bank.cancel_hand(self.table, in_play.number).await;
                self.message(TableMessage::HandCancelled {
                    hand: in_play.number,
                    reason: CancelReason::SettlementFailed,
                    stacks,
                });
                self.halt(&error.to_string());
            }
        }
        self.after_hand().await;
    }

    /// Between hands: departures, busted players, pending settings, the next hand.
    async fn after_hand(&mut self) {
        let departing: Vec<(UserId, SeatStatus)> = self
            .seats
            .iter()
            .filter(|seat| matches!(seat.status, SeatStatus::Leaving | SeatStatus::Kicked))
            .map(|seat| (seat.user, seat.status))
            .collect();
        for (user, status) in departing {
            match self.cash_out(user).await {
                Ok(cashed_out) if status == SeatStatus::Kicked => {
                    self.message(TableMessage::Kicked { user, cashed_out });
                }
                Ok(cashed_out) => self.message(TableMessage::Left { user, cashed_out }),
                Err(error) => self.emit(NoticeBody::Error { user, error }),
            }
        }
        let busted: Vec<UserId> = self
            .seats
            .iter_mut()
            .filter(|seat| {
                seat.stack == 0
                    && seat.status
                        != (SeatStatus::SittingOut {
                            reason: SitOutReason::Busted,
                        })
            })
            .map(|seat| {
                seat.status = SeatStatus::SittingOut {
                    reason: SitOutReason::Busted,
                };
                seat.user
            })
            .collect();
        for user in busted {
            self.message(TableMessage::SatOut {
                user,
                reason: SitOutReason::Busted,
            });
        }
        if let Some(settings) = self.pending_settings.take() {
            self.apply_settings(settings);
        }
        if self.stopping {
            self.stopped();
            let hand = self.last_hand;
            self.answer_stop_waiters(&ShutdownOutcome::HandFinished { hand });
            return;
        }
        if self.ready_players() < 2 {
            let ready = self.ready_players();
            self.message(TableMessage::WaitingForPlayers { ready });
        }
        self.maybe_schedule_next_hand();
    }
}

async fn sleep_until_or_forever(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
