//! What a table publishes: notices to its subscribers, those of one step of play in one batch
//! (kept in a short backlog while nobody listens), the public board, a player's cards, and the
//! status snapshot.

use tokio::sync::mpsc;

use crate::table::hand::SeatIndex;

use super::Table;
use super::phase::TablePhase;
use super::tournament::TournamentPlay;
use crate::lobby::command::TableStatus;
use crate::lobby::notice::{
    Notice, NoticeBody, NoticeReceiver, PublicBoard, SeatInfo, TableMessage,
};

/// Notices kept for the first subscriber while nobody listens.
const BACKLOG_LIMIT: usize = 64;

impl Table {
    pub(super) fn emit(&mut self, body: NoticeBody) {
        let notice = Notice {
            table: self.table,
            body,
        };
        match &mut self.gathering {
            Some(batch) => batch.push(notice),
            None => self.send_batch(vec![notice]),
        }
    }

    /// Runs `step`, sending every notice it emits to subscribers as one batch: a front end
    /// then never has a board without the turn it offers, which would have it write the board
    /// twice (alone, then with the buttons). Within another `in_one_batch` its notices join
    /// that batch.
    pub(super) fn in_one_batch<T>(&mut self, step: impl FnOnce(&mut Table) -> T) -> T {
        if self.gathering.is_some() {
            return step(self);
        }
        self.gathering = Some(Vec::new());
        let done = step(self);
        if let Some(batch) = self.gathering.take()
            && !batch.is_empty()
        {
            self.send_batch(batch);
        }
        done
    }

    /// Sends `batch` to every subscriber at once, or keeps it in the backlog while nobody
    /// listens.
    fn send_batch(&mut self, batch: Vec<Notice>) {
        if self.subscribers.is_empty() {
            for notice in batch {
                if self.backlog.len() == BACKLOG_LIMIT {
                    self.backlog.pop_front();
                }
                self.backlog.push_back(notice);
            }
            return;
        }
        self.subscribers
            .retain(|subscriber| subscriber.send(batch.clone()).is_ok());
    }

    pub(super) fn message(&mut self, message: TableMessage) {
        self.emit(NoticeBody::Table(message));
    }

    pub(super) fn subscribe(&mut self) -> NoticeReceiver {
        let (sender, receiver) = mpsc::unbounded_channel();
        if !self.backlog.is_empty() {
            let _ = sender.send(self.backlog.drain(..).collect());
        }
        self.subscribers.push(sender);
        NoticeReceiver::new(receiver)
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        let live = self
            .phase
            .hand()
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
        let hand = self.phase.hand()?;
        let equity = match &self.phase {
            TablePhase::DealingOut { street, .. } => street.equity.clone(),
            _ => None,
        };
        Some(PublicBoard {
            hand: hand.number,
            action_seq: hand.hand.action_seq(),
            stakes: self.settings.stakes,
            seats: self.seat_infos(),
            players: hand.players.clone(),
            view: hand.hand.public_view(),
            last_action: hand.last_action,
            action_timer_secs: self.settings.action_timer_secs,
            mix_leg: self.mix_leg(hand.number),
            paused: self.paused,
            equity,
            tournament: self.tournament.as_ref().map(TournamentPlay::header),
            event_table: self.is_event_table(),
            clock: self.board_clock(),
        })
    }

    pub(super) fn publish_board(&mut self) {
        if let Some(board) = self.board() {
            self.emit(NoticeBody::Board(Box::new(board)));
        }
    }

    pub(super) fn send_cards(&mut self, seat: SeatIndex) {
        let Some(hand) = self.phase.hand() else {
            return;
        };
        let Some(&user) = hand.players.get(seat) else {
            return;
        };
        if let Ok(cards) = self.private_view_of(user) {
            self.emit(NoticeBody::Cards(Box::new(cards)));
        }
    }

    pub(super) fn status(&self) -> TableStatus {
        TableStatus {
            guild: self.guild,
            table: self.table,
            settings: self.settings,
            pending_settings: self.pending_settings,
            paused: self.paused,
            stopping: self.stopping.is_some(),
            hand: self.phase.hand().map_or(self.last_hand, |hand| hand.number),
            hand_in_progress: self.phase.hand().is_some(),
            settling: self.phase.is_settling(),
            seats: self.seat_infos(),
            board: self.board(),
        }
    }
}
