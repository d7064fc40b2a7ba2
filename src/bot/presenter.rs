//! One task per table that turns the lobby's notices into Discord: one board message per hand,
//! edited as the hand goes (with the action buttons of the player to act and "My cards"), the
//! down cards by DM, a mention of the player whose turn it is, results in the board, and the
//! table news nobody asked for by command (timeouts, refunds after a restart).
//!
//! Clicks answer with the new board themselves (interaction response type 7, free of the
//! channel's rate limit): while a click is being answered the presenter leaves the board to it
//! and only writes what the click did not ([`Presenter::after_click`]). Everything else goes
//! through the outbox. No down card ever reaches a channel write: the board is rendered from
//! the public view, and a player's cards only go to their DM or an ephemeral answer.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::watch;

use crate::bank::{TableId, UserId};
use crate::lobby::{
    CancelReason, HandSummary, Notice, NoticeBody, NoticeReceiver, PlayerCards, PublicBoard,
    SeatStatus, SitOutReason, TableHandle, TableMessage, TurnOffer,
};
use crate::render::{self, BoardView, IdleSeat, IdleState, Locale, PlayerFacts, TableFacts};
use crate::table::ActionKind;

use super::custom_id::ButtonId;
use super::outbox::Freshness;
use super::rest::RestError;
use super::{Bot, lock};

/// A board message as the bot writes it: text and buttons.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardMessage {
    pub content: String,
    pub buttons: Vec<Button>,
    /// Who the content mentions (pinged when the message is new).
    pub mention: Option<UserId>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    pub custom_id: String,
    pub label: String,
    pub style: ButtonStyle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

impl ButtonStyle {
    fn code(self) -> u8 {
        match self {
            ButtonStyle::Primary => 1,
            ButtonStyle::Secondary => 2,
            ButtonStyle::Success => 3,
            ButtonStyle::Danger => 4,
        }
    }
}

/// Discord allows five buttons per row.
const BUTTONS_PER_ROW: usize = 5;

impl BoardMessage {
    /// The JSON of a channel message create or edit. Only `ping` may be notified.
    pub fn to_json(&self, ping: bool) -> Value {
        let rows: Vec<Value> = self
            .buttons
            .chunks(BUTTONS_PER_ROW)
            .map(|row| {
                let buttons: Vec<Value> = row
                    .iter()
                    .map(|button| {
                        json!({
                            "type": 2,
                            "style": button.style.code(),
                            "label": button.label,
                            "custom_id": button.custom_id,
                        })
                    })
                    .collect();
                json!({ "type": 1, "components": buttons })
            })
            .collect();
        let users: Vec<String> = match (ping, self.mention) {
            (true, Some(user)) => vec![user.0.to_string()],
            _ => Vec::new(),
        };
        json!({
            "content": self.content,
            "components": rows,
            "allowed_mentions": { "parse": [], "users": users },
        })
    }

    /// The same message as serenity builders, for interaction responses.
    pub fn components(&self) -> Vec<serenity::all::CreateActionRow> {
        self.buttons
            .chunks(BUTTONS_PER_ROW)
            .map(|row| {
                serenity::all::CreateActionRow::Buttons(
                    row.iter()
                        .map(|button| {
                            let style = match button.style {
                                ButtonStyle::Primary => serenity::all::ButtonStyle::Primary,
                                ButtonStyle::Secondary => serenity::all::ButtonStyle::Secondary,
                                ButtonStyle::Success => serenity::all::ButtonStyle::Success,
                                ButtonStyle::Danger => serenity::all::ButtonStyle::Danger,
                            };
                            serenity::all::CreateButton::new(button.custom_id.clone())
                                .label(button.label.clone())
                                .style(style)
                        })
                        .collect(),
                )
            })
            .collect()
    }
}

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
}

pub struct Presenter {
    bot: Bot,
    handle: TableHandle,
    /// The language a moderator chose for the table; `None` follows the guild's.
    language: Mutex<Option<Locale>>,
    state: Mutex<State>,
    snapshot: watch::Sender<Snapshot>,
    /// Clicks being answered right now.
    clicks: AtomicUsize,
    /// The newest board version Discord has (by any path).
    written: Arc<AtomicU64>,
    running: AtomicBool,
    /// One flush at a time: two would both post a new hand's board.
    flushing: tokio::sync::Mutex<()>,
}

impl Presenter {
    pub(super) fn new(bot: Bot, handle: TableHandle) -> Arc<Presenter> {
        Arc::new(Presenter {
            bot,
            handle,
            language: Mutex::new(None),
            state: Mutex::new(State::default()),
            snapshot: watch::channel(Snapshot::default()).0,
            clicks: AtomicUsize::new(0),
            written: Arc::new(AtomicU64::new(0)),
            running: AtomicBool::new(true),
            flushing: tokio::sync::Mutex::new(()),
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
        self.running.load(Ordering::SeqCst) && self.handle.is_open()
    }

    /// The language of this table's public text (see [`Bot::public_locale`]).
    pub fn locale(&self) -> Locale {
        self.bot.table_locale(self.handle.guild(), self.language())
    }

    /// The language a moderator chose for this table, if any.
    pub fn language(&self) -> Option<Locale> {
        *super::lock(&self.language)
    }

    pub fn set_language(&self, language: Option<Locale>) {
        *super::lock(&self.language) = language;
    }

    /// Consumes the table's notices until the table closes.
    pub async fn run(self: Arc<Self>, mut notices: NoticeReceiver) {
        while let Some(first) = notices.recv().await {
            // Everything already waiting is handled as one batch: one board write for all.
            let mut batch = vec![first];
            while let Ok(next) = notices.try_recv() {
                batch.push(next);
            }
            self.apply(batch).await;
            self.publish();
            if self.clicks.load(Ordering::SeqCst) == 0 {
                self.flush().await;
            }
        }
        self.running.store(false, Ordering::SeqCst);
        tracing::info!("table closed; presenter stopped");
    }

    /// The state a click waits on.
    pub fn subscribe(&self) -> watch::Receiver<Snapshot> {
        self.snapshot.subscribe()
    }

    /// A click starts: the board is left to its interaction response.
    pub fn click_started(&self) {
        self.clicks.fetch_add(1, Ordering::SeqCst);
    }

    /// A click ended, having written board `version` (0 when it wrote none): anything newer,
    /// and news, go out the usual way.
    pub async fn after_click(&self, version: u64) {
        self.written.fetch_max(version, Ordering::SeqCst);
        if self.clicks.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.flush().await;
        }
    }

    /// The mention of the player to act, once per turn, if nobody made it yet. The click
    /// handler sends it as a followup of its response.
    pub fn take_ping(&self) -> Option<(UserId, String)> {
        let mut state = lock(&self.state);
        let turn = state.turn.clone()?;
        let board = state.board.as_ref()?;
        if state.result.is_some()
            || turn.hand != board.hand
            || turn.action_seq != board.action_seq
            || state.pinged == Some((turn.hand, turn.action_seq))
        {
            return None;
        }
        let text = self.ping_text(&turn);
        state.pinged = Some((turn.hand, turn.action_seq));
        Some((turn.user, text))
    }

    /// The player's DMs are known to be closed.
    pub fn dm_closed(&self, user: UserId) -> bool {
        lock(&self.state).dm_closed.contains_key(&user)
    }

    /// A command told the channel that `user` leaves after this hand.
    pub fn departing(&self, user: UserId) {
        lock(&self.state).departing.insert(user);
    }

    async fn apply(self: &Arc<Self>, batch: Vec<Notice>) {
        let mut unknown = HashSet::new();
        for notice in &batch {
            if let NoticeBody::Board(board) = &notice.body {
                unknown.extend(
                    board
                        .seats
                        .iter()
                        .map(|seat| seat.user)
                        .filter(|user| self.bot.known_name(*user).is_none()),
                );
            }
        }
        for user in unknown {
            // Asks Discord once; later boards find the name in the cache.
            let _ = self.bot.name(user).await;
        }
        for notice in batch {
            self.apply_one(notice);
        }
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
                tokio::spawn(async move { presenter.send_cards(*cards).await });
            }
            NoticeBody::Table(message) => {
                if let TableMessage::Opened { settings }
                | TableMessage::SettingsChanged { settings, .. } = &message
                {
                    self.set_language(settings.language);
                }
                if let Some(news) = self.news(&mut state, message) {
                    state.news.push(news);
                }
            }
            NoticeBody::Error { user, error } => {
                let text = format!(
                    "<@{}> {}",
                    user.0,
                    super::commands::refusal_text(&self.bot, self.locale(), &error)
                );
                state.news.push((text, Some(user)));
            }
        }
    }

    /// The text of table news that no command's answer already told.
    fn news(&self, state: &mut State, message: TableMessage) -> Option<(String, Option<UserId>)> {
        let locale = self.locale();
        let name = |user: UserId| {
            self.bot
                .known_name(user)
                .unwrap_or_else(|| super::fallback_name(user))
        };
        let notice = match message {
            TableMessage::HandCancelled {
                hand,
                reason: CancelReason::Restart | CancelReason::SettlementFailed,
                ..
            } => render::Notice::HandCancelledRefunded { hand_number: hand },
            // A shutdown's cancellation is told by the bot's shutdown itself (see `serve`),
            // which flushes the outbox before exiting; this task may not run again by then.
            TableMessage::HandCancelled {
                reason: CancelReason::Shutdown,
                ..
            } => return None,
            TableMessage::TimedOut { user, action } => render::Notice::TimedOut {
                name: name(user),
                checked: action == ActionKind::Check,
            },
            TableMessage::SatOut {
                user,
                reason: SitOutReason::TimedOut,
            } => render::Notice::SatOutAfterTimeouts { name: name(user) },
            TableMessage::Left { user, cashed_out } if state.departing.remove(&user) => {
                render::Notice::Left {
                    name: name(user),
                    stack: cashed_out,
                }
            }
            TableMessage::Kicked { user, .. } if state.departing.remove(&user) => {
                render::Notice::Kicked { name: name(user) }
            }
            TableMessage::LeavingAfterHand { user } => {
                state.departing.insert(user);
                return None;
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

    /// Writes what Discord does not have yet: a new hand's board (a new message that mentions
    /// the player to act), an edit of the board, the mention of the player to act, news.
    async fn flush(&self) {
        let _one_at_a_time = self.flushing.lock().await;
        self.flush_now().await;
    }

    async fn flush_now(&self) {
        let (post, edit, ping, news) = {
            let mut state = lock(&self.state);
            let message = self.compose(&state);
            let news = std::mem::take(&mut state.news);
            for (message_id, final_board) in std::mem::take(&mut state.final_edits) {
                self.bot.outbox().edit(
                    self.channel(),
                    message_id,
                    final_board.to_json(false),
                    None,
                );
            }
            let mut post = None;
            let mut edit = None;
            if let Some(message) = message {
                if state.board_message.is_none() {
                    post = Some((message, state.version, state.hand));
                } else if state.version > self.written.load(Ordering::SeqCst) {
                    edit = state.board_message.map(|id| (id, message, state.version));
                }
            }
            let ping = if post.is_none() {
                drop(state);
                self.take_ping()
            } else {
                None
            };
            (post, edit, ping, news)
        };
        let channel = self.channel();
        let outbox = self.bot.outbox();
        if let Some((message, version, hand)) = post {
            match outbox.post(channel, message.to_json(true)).await {
                Ok(id) => {
                    self.written.fetch_max(version, Ordering::SeqCst);
                    let newer = {
                        let mut state = lock(&self.state);
                        if state.hand == hand {
                            state.board_message = Some(id);
                            if let Some(turn) = &state.turn
                                && message.mention == Some(turn.user)
                            {
                                state.pinged = Some((turn.hand, turn.action_seq));
                            }
                        }
                        state.version > version
                    };
                    self.publish();
                    if newer {
                        Box::pin(self.flush_now()).await;
                    }
                }
                Err(error) => tracing::warn!(%error, hand, "the board could not be posted"),
            }
        }
        if let Some((id, message, version)) = edit {
            outbox.edit(
                channel,
                id,
                message.to_json(false),
                Some(Freshness {
                    written: self.written.clone(),
                    version,
                }),
            );
        }
        if let Some((user, text)) = ping {
            self.post_text(text, Some(user));
        }
        for (text, user) in news {
            self.post_text(text, user);
        }
    }

    /// Posts a message in the table's channel through the outbox, pinging `ping` only.
    pub fn post_text(&self, text: String, ping: Option<UserId>) {
        let users: Vec<String> = ping.iter().map(|user| user.0.to_string()).collect();
        let body = json!({
            "content": text,
            "allowed_mentions": { "parse": [], "users": users },
        });
        let outbox = self.bot.outbox().clone();
        let channel = self.channel();
        tokio::spawn(async move {
            if let Err(error) = outbox.post(channel, body).await {
                tracing::warn!(%error, "a table message could not be posted");
            }
        });
    }

    fn ping_text(&self, turn: &TurnOffer) -> String {
        let options = render::prompt::action_options(self.locale(), &turn.legal);
        render::tr(
            self.locale(),
            "bot-your-turn",
            &[
                ("mention", format!("<@{}>", turn.user.0).into()),
                ("options", options.into()),
                ("seconds", u64::from(turn.timer_secs).into()),
            ],
        )
    }

    /// The board message for the current state, or `None` before the first board.
    fn compose(&self, state: &State) -> Option<BoardMessage> {
        let locale = self.locale();
        let board = state.board.as_ref()?;
        let name = |user: UserId| {
            self.bot
                .known_name(user)
                .unwrap_or_else(|| super::fallback_name(user))
        };
        let players = board
            .players
            .iter()
            .map(|user| PlayerFacts {
                name: name(*user),
                away: board
                    .seats
                    .iter()
                    .any(|seat| seat.user == *user && seat.away),
                dm_closed: state.dm_closed.contains_key(user),
            })
            .collect();
        let idle = board
            .seats
            .iter()
            .filter(|seat| !board.players.contains(&seat.user))
            .map(|seat| IdleSeat {
                name: name(seat.user),
                stack: seat.stack,
                state: match seat.status {
                    SeatStatus::SittingOut { .. } => IdleState::SittingOut,
                    _ => IdleState::Waiting,
                },
            })
            .collect();
        let facts = TableFacts {
            hand_number: board.hand,
            players,
            idle,
            action_timer_secs: Some(u64::from(board.action_timer_secs)),
        };
        if let Some(summary) = &state.result {
            let names: Vec<String> = summary.players.iter().map(|user| name(*user)).collect();
            let final_board = render::board(locale, &BoardView::from_public(&summary.view, &facts));
            let results = render::results(
                locale,
                &render::ResultView::new(
                    summary.hand,
                    &names,
                    &summary.result,
                    &summary.public_events,
                ),
            );
            let combined = format!("{final_board}\n\n{results}");
            let content = if render::discord_length(&combined) <= render::DISCORD_MESSAGE_LIMIT {
                combined
            } else {
                truncate(&results, render::DISCORD_MESSAGE_LIMIT)
            };
            return Some(BoardMessage {
                content,
                buttons: Vec::new(),
                mention: None,
            });
        }
        let text = render::board(locale, &BoardView::from_public(&board.view, &facts));
        let mut buttons = Vec::new();
        let mut mention = None;
        if let Some(turn) = &state.turn
            && turn.hand == board.hand
            && turn.action_seq == board.action_seq
        {
            mention = Some(turn.user);
            for action in &turn.legal {
                buttons.push(Button {
                    custom_id: ButtonId::Act {
                        table: self.table().0,
                        hand: turn.hand,
                        seq: turn.action_seq,
                        action: action.kind,
                    }
                    .encode(),
                    label: render::action_label(locale, action),
                    style: match action.kind {
                        ActionKind::Fold => ButtonStyle::Danger,
                        ActionKind::Check | ActionKind::Call => ButtonStyle::Success,
                        _ => ButtonStyle::Primary,
                    },
                });
            }
        }
        buttons.push(Button {
            custom_id: ButtonId::MyCards {
                table: self.table().0,
            }
            .encode(),
            label: render::prompt::my_cards_label(locale),
            style: ButtonStyle::Secondary,
        });
        let content = match mention {
            Some(user) => {
                let line = format!("<@{}>\n", user.0);
                if render::discord_length(&text) + line.chars().count()
                    <= render::DISCORD_MESSAGE_LIMIT
                {
                    format!("{line}{text}")
                } else {
                    text
                }
            }
            None => text,
        };
        Some(BoardMessage {
            content,
            buttons,
            mention,
        })
    }

    /// DMs a player their cards; when their DMs are closed, marks them on the board and tells
    /// them once, in the channel, how to open DMs and that "My cards" works. A player marked
    /// closed is tried again at their next hand, and unmarked when the DM goes through.
    async fn send_cards(&self, cards: PlayerCards) {
        let user = cards.user;
        let locale = self.bot.player_locale(user, self.locale());
        let failed_this_hand = lock(&self.state)
            .dm_closed
            .get(&user)
            .is_some_and(|failed_hand| cards.hand <= *failed_hand);
        if failed_this_hand {
            return;
        }
        let text = render::private_hand(locale, cards.hand, &cards.view);
        let body = json!({ "content": truncate(&text, render::DISCORD_MESSAGE_LIMIT) });
        let outcome = match self.bot.dm_channel(user).await {
            Ok(channel) => self.bot.outbox().post(channel, body).await.map(drop),
            Err(error) => Err(error),
        };
        match outcome {
            Ok(()) => {
                let reopened = {
                    let mut state = lock(&self.state);
                    let reopened = state.dm_closed.remove(&user).is_some();
                    if reopened {
                        state.version += 1;
                    }
                    reopened
                };
                if reopened {
                    tracing::info!(user = user.0, "DMs open again; the board unmarks it");
                    self.publish();
                    if self.clicks.load(Ordering::SeqCst) == 0 {
                        self.flush().await;
                    }
                }
            }
            Err(RestError::DmClosed) => {
                tracing::info!(user = user.0, "DMs closed; the board marks it");
                let first_time = {
                    let mut state = lock(&self.state);
                    state.dm_closed.insert(user, cards.hand);
                    state.version += 1;
                    state.told_dm_closed.insert(user)
                };
                if first_time {
                    let name = self.bot.name(user).await;
                    let text = format!(
                        "<@{}> {}",
                        user.0,
                        render::notice(self.locale(), &render::Notice::DmClosed { name })
                    );
                    lock(&self.state).news.push((text, Some(user)));
                }
                self.publish();
                if self.clicks.load(Ordering::SeqCst) == 0 {
                    self.flush().await;
                }
            }
            Err(error) => tracing::warn!(user = user.0, %error, "cards could not be sent by DM"),
        }
    }
}

fn truncate(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max_chars.saturating_sub(1)).collect();
    cut.push('…');
    cut
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
