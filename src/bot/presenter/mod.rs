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
//!
//! This file holds the presenter's state and its loop. The rest, by concern: [`notices`] (what
//! the table's notices become), [`flush`] (writing what Discord does not have yet), [`compose`]
//! (the board message), [`landing`] (making sure it lands), [`held`] (clicks holding the board),
//! [`catch_up`] (waiting for the loop), [`cards`] (DMs), [`turn_pings`], [`refused`] (a channel
//! refusing the bot's posts).

mod away;
mod cards;
mod catch_up;
mod compose;
mod flush;
mod held;
mod landing;
mod message;
mod notices;
mod refused;
mod turn_pings;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Notify, watch};

use crate::bank::{TableId, TournamentId, UserId};
use crate::lobby::{HandSummary, NoticeReceiver, PublicBoard, TableHandle, TurnOffer};
use crate::render::Locale;

use super::board_writes::{BoardWrites, WriteGuard};
use super::{Bot, lock};

use catch_up::CatchUp;

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
    /// How many times the player to act took "+30 s" this turn, as the board shows it.
    pub extensions: u32,
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
    /// News waiting to be posted.
    news: Vec<News>,
    /// Final versions of finished hands' boards that Discord does not have yet.
    final_edits: Vec<(u64, BoardMessage)>,
    /// The board post being tried, until it lands.
    unlanded: Option<landing::Unlanded>,
    /// The last finished hand's board message and its final words: where the table says why
    /// it is paused when Discord refuses the next hand's board ([`refused`]).
    previous_board: Option<(u64, BoardMessage)>,
    /// `previous_board` is on Discord with that reason above it.
    previous_told_paused: bool,
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
    /// True once the loop has ended (its table closed) and its last writes are queued.
    stopped: watch::Sender<bool>,
}

/// A message for the channel that no command answered.
pub(super) struct News {
    text: String,
    /// The one member it may mention.
    ping: Option<UserId>,
    /// The sit & go whose result it tells: once Discord has it, the bank stops keeping the
    /// result to announce (a crash before that has the next start post it).
    result_of: Option<TournamentId>,
}

impl News {
    pub(super) fn new(text: String, ping: Option<UserId>) -> News {
        News {
            text,
            ping,
            result_of: None,
        }
    }

    pub(super) fn result(text: String, tournament: TournamentId) -> News {
        News {
            text,
            ping: None,
            result_of: Some(tournament),
        }
    }
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
            stopped: watch::channel(false).0,
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
                batch = notices.recv_batch() => {
                    let Some(mut batch) = batch else { break };
                    // Everything already waiting is handled with it: one board write.
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
                self.flush_and_answer(&mut notices).await;
            }
        }
        // The table closed (a sit & go's last words come just before): news a click's hold
        // kept back is posted still.
        let news = std::mem::take(&mut lock(&self.state).news);
        for news in news {
            self.post_news(news);
        }
        self.stop_answering();
        // No turn is current, so every mention goes.
        lock(&self.state).turn = None;
        self.retire_pings();
        self.stopped.send_replace(true);
        tracing::info!("table closed; presenter stopped");
    }

    /// Whether the loop has ended (see [`Presenter::stopped`]).
    pub fn has_stopped(&self) -> bool {
        *self.stopped.borrow()
    }

    /// Waits until the loop has ended: the table closed and every write the presenter had left
    /// (its last news, the deletion of its mentions) is queued.
    pub async fn stopped(&self) {
        let mut stopped = self.stopped.subscribe();
        let _ = stopped.wait_for(|stopped| *stopped).await;
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

    fn publish(&self) {
        let state = lock(&self.state);
        let snapshot = Snapshot {
            hand: state.hand,
            action_seq: state.board.as_ref().map_or(0, |board| board.action_seq),
            finished: state.result.is_some(),
            extensions: state
                .board
                .as_ref()
                .and_then(|board| board.clock)
                .map_or(0, |clock| clock.extensions),
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
}

/// Waits until the presenter has handled the board of an accepted "+30 s" at turn `turn`:
/// one with more than `extensions` taken, or a later turn; for at most `timeout`.
pub async fn wait_for_extension(
    receiver: &mut watch::Receiver<Snapshot>,
    turn: (u64, u32),
    extensions: u32,
    timeout: Duration,
) -> Option<Snapshot> {
    let reached = |snapshot: &Snapshot| {
        (snapshot.hand, snapshot.action_seq) > turn
            || (snapshot.hand, snapshot.action_seq) == turn && snapshot.extensions > extensions
            || snapshot.hand == turn.0 && snapshot.finished
    };
    let wait = receiver.wait_for(|snapshot| reached(snapshot));
    match tokio::time::timeout(timeout, wait).await {
        Ok(Ok(snapshot)) => Some(snapshot.clone()),
        _ => None,
    }
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
