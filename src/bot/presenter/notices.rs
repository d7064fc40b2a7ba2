//! What the table's notices become: the presenter's state (the board, the turn, the result),
//! down cards sent by DM, names looked up, and the text of table news nobody asked for by
//! command (timeouts, refunds after a restart, a sit & go's news).

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::bank::UserId;
use crate::bot::lock;
use crate::lobby::{CancelReason, Notice, NoticeBody, SitOutReason, TableMessage};
use crate::render;

use super::{News, Presenter, State};

impl Presenter {
    pub(super) fn apply(self: &Arc<Self>, batch: Vec<Notice>) {
        let mut seated = HashSet::new();
        for notice in &batch {
            if let NoticeBody::Board(board) = &notice.body {
                seated.extend(board.seats.iter().map(|seat| seat.user));
            }
        }
        self.look_up_names(seated);
        for notice in batch {
            self.apply_one(notice);
        }
        // A turn dealt while no click can reach the bot waits for the gateway.
        if !self.bot.gateway_carries(self.handle.guild()) {
            self.hold_turn_timer();
        }
    }

    /// Asks Discord for the names the board cannot show yet, off the board's path: the board
    /// shows placeholders meanwhile and is edited once a name is in.
    fn look_up_names(self: &Arc<Self>, users: HashSet<UserId>) {
        let ask = self.bot.names().to_ask(users);
        let Some(http) = self.bot.http() else { return };
        if ask.is_empty() {
            return;
        }
        let presenter = Arc::clone(self);
        self.bot.spawn(async move {
            if presenter.bot.names().look_up(http, ask).await {
                presenter.changed();
            }
        });
    }

    fn apply_one(self: &Arc<Self>, notice: Notice) {
        let mut state = lock(&self.state);
        match notice.body {
            NoticeBody::Board(board) => {
                if board.hand != state.hand {
                    if let Some(message_id) = state.board_message
                        && let Some(final_board) = self.compose(&state)
                    {
                        // The next hand began before the last one's result reached its board.
                        if state.result.is_some()
                            && state.version > self.written.load(Ordering::SeqCst)
                        {
                            state.final_edits.push((message_id, final_board.clone()));
                        }
                        state.previous_board = Some((message_id, final_board));
                        state.previous_told_paused = false;
                    }
                    state.hand = board.hand;
                    state.board_message = None;
                    state.result = None;
                    state.turn = None;
                    state.pinged = None;
                }
                state.board = Some(*board);
                state.version += 1;
            }
            NoticeBody::YourTurn(turn) => {
                if turn.hand == state.hand || state.board.is_none() {
                    state.turn = Some(*turn);
                    state.version += 1;
                    state.turn_version = state.version;
                }
            }
            NoticeBody::HandResult(summary) => {
                // `/history` reads finished hands from the bank, which stored them.
                if summary.hand == state.hand {
                    state.turn = None;
                    state.result = Some(*summary);
                    state.version += 1;
                }
            }
            NoticeBody::Cards(cards) => {
                drop(state);
                let presenter = Arc::clone(self);
                self.bot
                    .spawn(async move { presenter.send_cards(*cards).await });
            }
            NoticeBody::Table(message) => {
                if let TableMessage::Opened { settings }
                | TableMessage::SettingsChanged { settings, .. } = &message
                {
                    self.set_language(settings.language);
                }
                if matches!(message, TableMessage::Resumed) && self.forget_refusal() {
                    // The board no longer says it is paused for permissions.
                    state.version += 1;
                }
                if let Some(news) = self.news(&mut state, message) {
                    state.news.push(news);
                }
            }
            NoticeBody::Error { user, error } => {
                let text = format!("<@{}> {}", user.0, self.bot.refusal(self.locale(), &error));
                state.news.push(News::new(text, Some(user)));
            }
            NoticeBody::Away { user, away } => {
                drop(state);
                let presenter = Arc::clone(self);
                self.bot
                    .spawn(async move { presenter.tell_away(user, away).await });
            }
        }
    }

    /// The text of table news that no command's answer already told.
    fn news(&self, state: &mut State, message: TableMessage) -> Option<News> {
        let locale = self.locale();
        let name = |user: UserId| self.bot.names().name_in(self.handle.guild(), user);
        let notice = match message {
            TableMessage::HandCancelled {
                hand,
                reason: CancelReason::Restart | CancelReason::SettlementFailed,
                ..
            } => render::Announcement::HandCancelledRefunded { hand_number: hand },
            // A shutdown's cancellation is told by the bot's shutdown itself (see `serve`),
            // which flushes the outbox before exiting; this task may not run again by then.
            TableMessage::HandCancelled {
                reason: CancelReason::Shutdown,
                ..
            } => return None,
            TableMessage::TimedOut { user, action } => {
                return Some(News::new(
                    render::timed_out(locale, &name(user), action),
                    None,
                ));
            }
            TableMessage::SatOut {
                user,
                reason: SitOutReason::TimedOut,
            } => render::Announcement::SatOutAfterTimeouts { name: name(user) },
            TableMessage::Left { user, cashed_out } if state.departing.remove(&user) => {
                render::Announcement::Left {
                    name: name(user),
                    stack: cashed_out,
                }
            }
            TableMessage::Kicked { user, .. } if state.departing.remove(&user) => {
                render::Announcement::Kicked { name: name(user) }
            }
            TableMessage::LeavingAfterHand { user } => {
                state.departing.insert(user);
                return None;
            }
            // The bank is slow, or failed and the table halted: the channel is told why
            // nothing happens (no command answered it).
            waiting @ (TableMessage::Settling { .. }
            | TableMessage::WaitingForBank { .. }
            | TableMessage::Halted) => {
                let text = crate::lobby::present::message_text(locale, &waiting, &name);
                return Some(News::new(text, None));
            }
            // A sit & go's news: nobody's command told it.
            over @ TableMessage::TournamentOver { tournament, .. } => {
                let text = crate::lobby::present::message_text(locale, &over, &name);
                return Some(News::result(text, tournament));
            }
            tournament @ (TableMessage::TournamentOut { .. }
            | TableMessage::TournamentResumed { .. }
            | TableMessage::TournamentCancelled {
                after_hand: true, ..
            }
            | TableMessage::DealStillOpen { .. }
            | TableMessage::DealLapsed
            | TableMessage::DealVoid
            | TableMessage::DealGone) => {
                let text = crate::lobby::present::message_text(locale, &tournament, &name);
                return Some(News::new(text, None));
            }
            // Everything else answers a command, whose response already told the channel.
            _ => return None,
        };
        Some(News::new(render::notice(locale, &notice), None))
    }
}
