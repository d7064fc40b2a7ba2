//! Making sure the board lands. A board post or edit that fails for Discord's sake (5xx, a
//! timeout) is written again with backoff until it goes through, and a board that a
//! moderator or a purge bot deleted (MESSAGE_DELETE, or 10008 answering an edit) is posted
//! anew. Meanwhile the player to act cannot see their buttons, so their timer is held (a small
//! lobby command) and given back whole once the board with their buttons is on screen: nobody
//! is checked or folded for buttons they were never shown.
//!
//! A post whose answer was lost (a 5xx or a timeout after Discord had made the message) must
//! not leave two boards, the first with buttons refused as stale: every try of one board post
//! carries the same nonce with `enforce_nonce`, so Discord returns the message it already
//! made instead of making another.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use crate::bot::lock;
use crate::bot::rest::RestError;

use super::Presenter;
use super::message::BoardMessage;

/// How many of a channel's deleted message ids are kept, for a deletion that arrives before
/// the answer to the board's post (a purge deletes many at once).
const DELETIONS_REMEMBERED: usize = 64;
/// The first wait before writing a failed board again; doubled at each failure in a row.
const FIRST_RETRY: Duration = Duration::from_millis(500);
/// The longest wait between two tries.
const LONGEST_RETRY: Duration = Duration::from_secs(30);

/// A board post that has not landed yet: each try carries its nonce, and Discord may hold the
/// version its first try sent.
#[derive(Debug, Clone)]
pub(super) struct Unlanded {
    hand: u64,
    nonce: String,
    version: u64,
}

/// A nonce no other post of this bot used lately: Discord checks nonces per author, across
/// channels, over a few minutes. The process's start time keeps them apart across restarts.
fn new_nonce() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    static STARTED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let started = *STARTED.get_or_init(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_millis() as u64)
    });
    // At most 11 + 1 + 16 characters: within Discord's 25.
    format!(
        "{:x}.{:x}",
        started & 0xFFF_FFFF_FFFF,
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// How long to wait before the next try after `failures` failures in a row.
pub(super) fn retry_after(failures: u32) -> Duration {
    let doublings = failures.saturating_sub(1).min(16);
    FIRST_RETRY
        .saturating_mul(1 << doublings)
        .min(LONGEST_RETRY)
}

impl Presenter {
    /// The body of a post of board `message` (hand `hand`, `version`): with the nonce of the
    /// post of this hand that has not landed yet, or a new one. Also returns the version
    /// Discord holds once it lands (a retry may return what the first try made).
    pub(super) fn board_post(
        &self,
        message: &BoardMessage,
        hand: u64,
        version: u64,
    ) -> (Value, u64) {
        let unlanded = {
            let mut state = lock(&self.state);
            match &state.unlanded {
                Some(unlanded) if unlanded.hand == hand => unlanded.clone(),
                _ => {
                    let unlanded = Unlanded {
                        hand,
                        nonce: new_nonce(),
                        version,
                    };
                    state.unlanded = Some(unlanded.clone());
                    unlanded
                }
            }
        };
        let mut body = message.to_json(true);
        body["nonce"] = json!(unlanded.nonce);
        body["enforce_nonce"] = json!(true);
        (body, unlanded.version.min(version))
    }

    /// The board post landed, or failed for good: the next post is a new one.
    pub(super) fn board_post_over(&self) {
        lock(&self.state).unlanded = None;
    }

    /// Discord deleted message `id`: if it is the board, it is posted anew.
    pub fn board_deleted(self: &Arc<Self>, id: u64) {
        let mut state = lock(&self.state);
        if state.board_message != Some(id) {
            if state.deleted_lately.len() >= DELETIONS_REMEMBERED {
                state.deleted_lately.pop_front();
            }
            state.deleted_lately.push_back(id);
            return;
        }
        tracing::info!(message = id, "the board was deleted; posting it anew");
        state.board_gone = Some(id);
        drop(state);
        self.hold_turn_timer();
        self.changed();
    }

    /// A board write failed; `true` when it is worth trying again (Discord's fault, not the
    /// request's): then it is, after a backoff, with the turn's timer held meanwhile.
    pub(super) fn board_write_failed(self: &Arc<Self>, error: &RestError) -> bool {
        if !error.is_transient() {
            self.board_post_over();
            return false;
        }
        let failures = {
            let mut state = lock(&self.state);
            state.write_failures = state.write_failures.saturating_add(1);
            state.write_failures
        };
        let wait = retry_after(failures);
        tracing::warn!(%error, failures, ?wait, "the board could not be written; trying again");
        self.hold_turn_timer();
        let presenter = Arc::clone(self);
        self.bot.spawn(async move {
            tokio::time::sleep(wait).await;
            presenter.changed();
        });
        true
    }

    /// Board `version` is on Discord: if it shows the turn whose timer was held, the player
    /// gets their whole timer from now.
    pub(super) fn board_landed(self: &Arc<Self>, version: u64) {
        let release = {
            let mut state = lock(&self.state);
            state.write_failures = 0;
            let current = state.turn.as_ref().map(|turn| (turn.hand, turn.action_seq));
            let carried = self.bot.gateway_carries(self.handle.guild());
            match state.timer_held {
                Some(held) if current == Some(held) && version >= state.turn_version && carried => {
                    state.timer_held = None;
                    Some(held)
                }
                Some(held) if current != Some(held) => {
                    state.timer_held = None;
                    None
                }
                _ => None,
            }
        };
        if let Some((hand, action_seq)) = release {
            self.tell_turn_on_screen(hand, action_seq, true);
        }
    }

    /// The gateway shard carrying this table's guild dropped or came back. While it is down
    /// no click can arrive, so the turn's timer is held; once it is back, and the board showing
    /// the turn is on Discord, the player gets their whole timer from now.
    pub(crate) fn gateway_changed(self: &Arc<Self>) {
        if !self.bot.gateway_carries(self.handle.guild()) {
            self.hold_turn_timer();
            return;
        }
        let release = {
            let mut state = lock(&self.state);
            let current = state.turn.as_ref().map(|turn| (turn.hand, turn.action_seq));
            let landed =
                self.written.load(std::sync::atomic::Ordering::SeqCst) >= state.turn_version;
            match state.timer_held {
                Some(held) if current == Some(held) && landed => {
                    state.timer_held = None;
                    Some(held)
                }
                _ => None,
            }
        };
        if let Some((hand, action_seq)) = release {
            self.tell_turn_on_screen(hand, action_seq, true);
        }
    }

    /// The turn's buttons are not on screen: its player's timer waits.
    pub(super) fn hold_turn_timer(self: &Arc<Self>) {
        let hold = {
            let mut state = lock(&self.state);
            let current = state.turn.as_ref().map(|turn| (turn.hand, turn.action_seq));
            match current {
                Some(turn) if state.timer_held != Some(turn) => {
                    state.timer_held = Some(turn);
                    Some(turn)
                }
                _ => None,
            }
        };
        if let Some((hand, action_seq)) = hold {
            self.tell_turn_on_screen(hand, action_seq, false);
        }
    }

    fn tell_turn_on_screen(self: &Arc<Self>, hand: u64, action_seq: u32, on_screen: bool) {
        let handle = self.handle.clone();
        self.bot.spawn(async move {
            if let Err(error) = handle.turn_on_screen(hand, action_seq, on_screen).await {
                tracing::debug!(%error, "the turn's timer could not be told about the board");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_new_and_within_discords_25_characters() {
        let (first, second) = (new_nonce(), new_nonce());
        assert_ne!(first, second);
        assert!(first.len() <= 25 && second.len() <= 25, "{first} {second}");
    }

    #[test]
    fn retries_back_off_from_half_a_second_to_thirty_seconds() {
        assert_eq!(retry_after(1), Duration::from_millis(500));
        assert_eq!(retry_after(2), Duration::from_secs(1));
        assert_eq!(retry_after(7), Duration::from_secs(30));
        assert_eq!(retry_after(u32::MAX), LONGEST_RETRY);
    }
}
