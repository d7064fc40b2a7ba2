//! One task per table that turns the lobby's notices into Discord: one board message per hand,
//! edited as the hand goes (with the action buttons of the player to act and "My cards"), the
//! down cards by DM, a mention of the player whose turn it is ([`turn_pings`]), results in the
//! board ([`compose`]), and the table news nobody asked for by command (timeouts, refunds after
//! a restart).
//!
//! Clicks answer with the new board themselves (interaction response type 7, free of the
//! channel's rate limit): while a click is being answered the presenter leaves the board to it
//! and only writes what the click did not ([`Presenter::hold`]). Everything else goes
//! through the outbox. No down card ever reaches a channel write: the board is rendered from
//! the public view, and a player's cards only go to their DM or an ephemeral answer.

mod cards;
mod compose;
mod held;
mod landing;
mod message;
mod refused;
mod turn_pings;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::json;
use tokio::sync::{Notify, oneshot, watch};

use crate::bank::{TableId, UserId};
use crate::lobby::{
    CancelReason, HandSummary, Notice, NoticeBody, NoticeReceiver, PublicBoard, SitOutReason,
    TableHandle, TableMessage, TurnOffer,
};
use crate::render::{self, Locale};

use super::board_writes::{BoardWrites, WriteGuard};
use super::outbox::Freshness;
use super::{Bot, limits, lock};

pub use held::ClickGuard;
pub use message::{BoardMessage, Button};
pub use turn_pings::ClickToken;

/// What a click waits for: the table's state after the presenter's latest batch of notices.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    pub hand: u64,
    pub action_seq: u32,
    /// The hand's result is in.
    pub finished: bool,
    pub version: u64,
    pub board_message: Option<u64>,
    pub message: Option<BoardMessage>,
}

#[derive(Default)]
struct State {
    hand: u64,
    board: Option<PublicBoard>,
    turn: Option<TurnOffer>,
    result: Option<HandSummary>,
    board_message: Option<u64>,
    /// Discord refused to edit this board message as too old (30046): it is posted anew.
    board_too_old: Option<u64>,
    /// This board message was deleted: it is posted anew (nothing to delete).
    board_gone: Option<u64>,
    /// Messages of this channel deleted lately. A deletion can reach the bot before the
    /// answer to the board's own post does; the board it names is then known to be gone.
    deleted_lately: std::collections::VecDeque<u64>,
    /// Board writes that failed in a row (for the backoff before the next try).
    write_failures: u32,
    /// The turn whose timer the lobby holds because its buttons are not on screen.
    timer_held: Option<(u64, u32)>,
    /// The board version from which the current turn's buttons are shown.
    turn_version: u64,
    /// Turn mentions posted and not deleted yet.
    live_pings: Vec<turn_pings::LivePing>,
    /// The latest answered action click, whose followup may mention the turn it led to.
    click: Option<ClickToken>,
    /// Bumped whenever the board's text or buttons change.
    version: u64,
    /// Players whose DM failed as closed, with the hand it failed in: they may open their DMs
    /// later, so their next hand's DM is tried again (once per hand, not on every street).
    dm_closed: HashMap<UserId, u64>,
    told_dm_closed: HashSet<UserId>,
    /// The turn (hand, action_seq) whose player was last mentioned.
    pinged: Option<(u64, u32)>,
    /// Players who will leave (or be removed) when the hand ends: their departure is news.
    departing: HashSet<UserId>,
    /// News waiting to be posted (text, who to ping).
    news: Vec<(String, Option<UserId>)>,
    /// Final versions of finished hands' boards that Discord does not have yet.
    final_edits: Vec<(u64, BoardMessage)>,
    /// The board post being tried, until it lands.
    unlanded: Option<landing::Unlanded>,
}

pub struct Presenter {
    bot: Bot,
    handle: TableHandle,
    /// The language a moderator chose for the table; `None` follows the guild's.
    language: Mutex<Option<Locale>>,
    state: Mutex<State>,
    snapshot: watch::Sender<Snapshot>,
    /// Clicks being answered right now.
    held: Arc<held::HeldBoard>,
    /// The newest board version Discord has (by any path).
    written: Arc<AtomicU64>,
    /// Something other than a notice changed what the board shows (a name learned, a DM
    /// found closed or open again): the loop writes it.
    changed: Notify,
    /// The board's writes by the outbox and by clicks: when two crossed on their way, the
    /// newest is written again.
    board_writes: Arc<BoardWrites>,
    /// Discord refused a post here for missing permissions, and the table was paused.
    missing_permissions: AtomicBool,
    /// Who waits for the loop to have handled every notice sent before they asked.
    catch_up: Mutex<CatchUp>,
    catch_up_asked: Notify,
}

/// The loop's answers to [`Presenter::caught_up`].
#[derive(Default)]
struct CatchUp {
    /// The loop has ended: nobody is answered any more.
    over: bool,
    waiting: Vec<oneshot::Sender<()>>,
}

impl Presenter {
    pub(super) fn new(bot: Bot, handle: TableHandle, language: Option<Locale>) -> Arc<Presenter> {
        Arc::new(Presenter {
            bot,
            handle,
            language: Mutex::new(language),
            state: Mutex::new(State::default()),
            snapshot: watch::channel(Snapshot::default()).0,
            held: Arc::default(),
            written: Arc::new(AtomicU64::new(0)),
            changed: Notify::new(),
            board_writes: Arc::default(),
            missing_permissions: AtomicBool::new(false),
            catch_up: Mutex::default(),
            catch_up_asked: Notify::new(),
        })
    }

    pub fn table(&self) -> TableId {
        self.handle.table()
    }

    pub fn channel(&self) -> u64 {
        self.handle.table().0
    }

    pub fn handle(&self) -> &TableHandle {
        &self.handle
    }

    pub fn is_running(&self) -> bool {
        self.handle.is_open()
    }

    /// The language of this table's public text (see [`Bot::public_locale`]).
    pub fn locale(&self) -> Locale {
        self.bot.table_locale(self.handle.guild(), self.language())
    }

    /// The language a moderator chose for this table, if any.
    pub fn language(&self) -> Option<Locale> {
        *lock(&self.language)
    }

    /// Follows a new choice of language at once (the table's rules wait for the next hand).
    pub fn set_language(&self, language: Option<Locale>) {
        *lock(&self.language) = language;
    }

    /// The presenter's loop: consumes the table's notices, clicks letting go of the board and
    /// other changes, and writes the board after each, until the table closes. The only
    /// place that writes the board through the outbox.
    pub async fn run(self: Arc<Self>, mut notices: NoticeReceiver) {
        loop {
            tokio::select! {
                notice = notices.recv() => {
                    let Some(first) = notice else { break };
                    // Everything already waiting is handled as one batch: one board write.
                    let mut batch = vec![first];
                    while let Ok(next) = notices.try_recv() {
                        batch.push(next);
                    }
                    self.apply(batch);
                    self.publish();
                }
                () = self.held.released() => {}
                () = self.changed.notified() => self.publish(),
                () = self.board_writes.rewrite_needed() => {
                    lock(&self.state).version += 1;
                    self.publish();
                }
                () = self.catch_up_asked.notified() => {}
            }
            if self.held.is_free() {
                // Taken before draining: every notice sent before a wait began is handled,
                // and its writes are in the outbox, before that wait is answered.
                let asked = std::mem::take(&mut lock(&self.catch_up).waiting);
                if !asked.is_empty() {
                    let mut batch = Vec::new();
                    while let Ok(next) = notices.try_recv() {
                        batch.push(next);
                    }
                    if !batch.is_empty() {
                        self.apply(batch);
                        self.publish();
                    }
                }
                self.flush().await;
                for waiter in asked {
                    let _ = waiter.send(());
                }
            }
        }
        // The table closed (a sit & go's last words come just before): news a click's hold
        // kept back is posted still.
        let news = std::mem::take(&mut lock(&self.state).news);
        for (text, user) in news {
            self.post_text(text, user);
        }
        let mut catch_up = lock(&self.catch_up);
        catch_up.over = true;
        catch_up.waiting.clear();
        drop(catch_up);
        // No turn is current, so every mention goes.
        lock(&self.state).turn = None;
        self.retire_pings();
        tracing::info!("table closed; presenter stopped");
    }

    /// Waits until the loop has handled every notice the table sent before this call and
    /// handed the writes they make to the outbox (a click holding the board delays it).
    /// Returns at once if the loop has ended.
    pub async fn caught_up(&self) {
        let (answer, answered) = oneshot::channel();
        {
            let mut catch_up = lock(&self.catch_up);
            if catch_up.over {
                return;
            }
            catch_up.waiting.push(answer);
        }
        self.catch_up_asked.notify_one();
        let _ = answered.await;
    }

    /// The state a click waits on.
    pub fn subscribe(&self) -> watch::Receiver<Snapshot> {
        self.snapshot.subscribe()
    }

    /// A click starts: the board is left to its interaction response until the guard is
    /// dropped.
    pub fn hold(&self) -> ClickGuard {
        self.held.hold()
    }

    /// A click's response is about to write the board: hold the guard until it has landed.
    pub fn writing_board(&self) -> WriteGuard {
        self.board_writes.start()
    }

    /// An interaction response wrote board `version`.
    pub fn wrote(&self, version: u64) {
        self.written.fetch_max(version, Ordering::SeqCst);
    }

    /// The board shows something new that no notice brought.
    fn changed(&self) {
        lock(&self.state).version += 1;
        self.changed.notify_one();
    }

    /// The player's DMs are known to be closed.
    pub fn dm_closed(&self, user: UserId) -> bool {
        lock(&self.state).dm_closed.contains_key(&user)
    }

    /// A command told the channel that `user` leaves after this hand.
    pub fn departing(&self, user: UserId) {
        lock(&self.state).departing.insert(user);
    }

    fn apply(self: &Arc<Self>, batch: Vec<Notice>) {
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
                    // The next hand began before the last one's result reached its board.
                    if let Some(message_id) = state.board_message
                        && state.result.is_some()
                        && state.version > self.written.load(Ordering::SeqCst)
                        && let Some(final_board) = self.compose(&state)
                    {
                        state.final_edits.push((message_id, final_board));
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
                if matches!(message, TableMessage::Resumed) {
                    self.resumed();
                }
                if let Some(news) = self.news(&mut state, message) {
                    state.news.push(news);
                }
            }
            NoticeBody::Error { user, error } => {
                let text = format!("<@{}> {}", user.0, self.bot.refusal(self.locale(), &error));
                state.news.push((text, Some(user)));
            }
        }
    }

    /// The text of table news that no command's answer already told.
    fn news(&self, state: &mut State, message: TableMessage) -> Option<(String, Option<UserId>)> {
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
                return Some((render::timed_out(locale, &name(user), action), None));
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
                return Some((text, None));
            }
            // A sit & go's news: nobody's command told it.
            tournament @ (TableMessage::TournamentOut { .. }
            | TableMessage::TournamentOver { .. }
            | TableMessage::TournamentResumed { .. }) => {
                let text = crate::lobby::present::message_text(locale, &tournament, &name);
                return Some((text, None));
            }
            // Everything else answers a command, whose response already told the channel.
            _ => return None,
        };
        Some((render::notice(locale, &notice), None))
    }

    fn publish(&self) {
        let state = lock(&self.state);
        let snapshot = Snapshot {
            hand: state.hand,
            action_seq: state.board.as_ref().map_or(0, |board| board.action_seq),
            finished: state.result.is_some(),
            version: state.version,
            board_message: state.board_message,
            message: self.compose(&state),
        };
        drop(state);
        self.snapshot.send_replace(snapshot);
    }

    /// Whether board message `id` may still be edited rather than posted anew: younger than
    /// an hour on Discord's clock, and not refused as too old.
    pub fn board_editable(&self, id: u64) -> bool {
        self.editable_in(&lock(&self.state), id)
    }

    fn editable_in(&self, state: &State, id: u64) -> bool {
        state.board_too_old != Some(id) && self.bot.discord_time().editable(id)
    }

    /// Discord refused an edit of board message `id` as too old: the board is posted anew.
    pub fn board_refused_as_old(&self, id: u64) {
        let mut state = lock(&self.state);
        if state.board_message == Some(id) {
            tracing::info!(
                message = id,
                "the board is too old to edit; posting it anew"
            );
            state.board_too_old = Some(id);
            drop(state);
            self.changed();
        }
    }

    /// Writes what Discord does not have yet: a new hand's board (a new message that mentions
    /// the player to act; also when the old one is too old to edit), an edit of the board,
    /// the mention of the player to act (the previous one deleted), news.
    async fn flush(self: &Arc<Self>) {
        let (post, edit, ping, news) = {
            let mut state = lock(&self.state);
            let message = self.compose(&state);
            let news = std::mem::take(&mut state.news);
            for (message_id, final_board) in std::mem::take(&mut state.final_edits) {
                // The finished hand's last word; nothing to do if Discord refuses it.
                drop(self.bot.outbox().edit(
                    self.channel(),
                    message_id,
                    final_board.to_json(false),
                    None,
                ));
            }
            let mut post = None;
            let mut edit = None;
            if let Some(message) = message {
                let fresh = state.version > self.written.load(Ordering::SeqCst);
                match state.board_message {
                    None => post = Some((message, state.version, state.hand, None)),
                    Some(old) if fresh && state.board_gone == Some(old) => {
                        post = Some((message, state.version, state.hand, None));
                    }
                    Some(old) if fresh && !self.editable_in(&state, old) => {
                        post = Some((message, state.version, state.hand, Some(old)));
                    }
                    Some(id) if fresh => edit = Some((id, message, state.version)),
                    Some(_) => {}
                }
            }
            let ping = if post.is_none() {
                self.take_ping(&mut state)
            } else {
                None
            };
            (post, edit, ping, news)
        };
        self.retire_pings();
        let channel = self.channel();
        let outbox = self.bot.outbox();
        if let Some((message, version, hand, replaced)) = post {
            let (body, version) = self.board_post(&message, hand, version);
            match outbox.post(channel, body).await {
                Ok(id) => {
                    self.board_post_over();
                    self.post_accepted();
                    self.written.fetch_max(version, Ordering::SeqCst);
                    let newer = {
                        let mut state = lock(&self.state);
                        if state.hand == hand {
                            state.board_message = Some(id);
                            if state.deleted_lately.contains(&id) {
                                tracing::info!(
                                    message = id,
                                    "the board was deleted as it was posted; posting it anew"
                                );
                                state.board_gone = Some(id);
                                state.version += 1;
                            }
                            if let Some(turn) = &state.turn
                                && message.mention == Some(turn.user)
                            {
                                state.pinged = Some((turn.hand, turn.action_seq));
                            }
                        }
                        state.version > version
                    };
                    if let Some(old) = replaced {
                        outbox.delete(channel, old);
                    }
                    self.board_landed(version);
                    self.publish();
                    if newer {
                        Box::pin(self.flush()).await;
                    }
                }
                Err(error) if self.post_refused(&error) => {}
                Err(error) if self.board_write_failed(&error) => {}
                Err(error) => tracing::warn!(%error, hand, "the board could not be posted"),
            }
        }
        if let Some((id, message, version)) = edit {
            let edited = outbox.edit(
                channel,
                id,
                message.to_json(false),
                Some(Freshness {
                    written: self.written.clone(),
                    version,
                    writes: Arc::clone(&self.board_writes),
                }),
            );
            let presenter = Arc::clone(self);
            self.bot.spawn(async move {
                match edited.await {
                    Ok(Ok(())) => presenter.board_landed(version),
                    Ok(Err(error)) if error.is_old_message_edit() => {
                        presenter.board_refused_as_old(id);
                    }
                    Ok(Err(error)) if error.is_unknown_message() => presenter.board_deleted(id),
                    Ok(Err(error)) => {
                        presenter.board_write_failed(&error);
                    }
                    // Overtaken by a newer write, or refused for permissions (the table's
                    // posts say so).
                    Err(_) => {}
                }
            });
        }
        if let Some(due) = ping {
            self.send_ping(due);
        }
        for (text, user) in news {
            self.post_text(text, user);
        }
    }

    /// Posts a message in the table's channel through the outbox, pinging `ping` only.
    pub fn post_text(self: &Arc<Self>, text: String, ping: Option<UserId>) {
        let body = text_body(text, ping);
        let presenter = Arc::clone(self);
        self.bot.spawn(async move {
            match presenter.bot.outbox().post(presenter.channel(), body).await {
                Ok(_) => presenter.post_accepted(),
                Err(error) if presenter.post_refused(&error) => {}
                Err(error) => tracing::warn!(%error, "a table message could not be posted"),
            }
        });
    }
}

/// A plain message that may mention `ping` only.
fn text_body(text: String, ping: Option<UserId>) -> serde_json::Value {
    let users: Vec<String> = ping.iter().map(|user| user.0.to_string()).collect();
    json!({
        "content": limits::fit_message(&text),
        "allowed_mentions": { "parse": [], "users": users },
    })
}

/// Waits until the presenter has handled the notices of an accepted action (`hand` moved on,
/// or reached `action_seq`, or finished), for at most `timeout`.
pub async fn wait_for_action(
    receiver: &mut watch::Receiver<Snapshot>,
    hand: u64,
    action_seq: u32,
    timeout: Duration,
) -> Option<Snapshot> {
    let reached = |snapshot: &Snapshot| {
        snapshot.hand > hand
            || (snapshot.hand == hand && (snapshot.finished || snapshot.action_seq >= action_seq))
    };
    let wait = receiver.wait_for(|snapshot| reached(snapshot));
    match tokio::time::timeout(timeout, wait).await {
        Ok(Ok(snapshot)) => Some(snapshot.clone()),
        _ => None,
    }
}
