//! A channel where Discord refuses the bot's posts (403, code 50013 Missing Permissions), as
//! when a table reopens at start-up in a channel whose permissions changed while the bot was
//! away: the table is paused, with one log line naming the channel and what the bot lacks,
//! instead of dealing hands nobody can see and logging every write that fails. The channel is
//! told why where Discord still lets the bot speak: on the board message, which the bot may
//! still edit when it can see the channel (`bot-paused-cannot-post` above the hand's board, or
//! the last hand's when the next one's post was refused; no new board posted meanwhile), and
//! in the answer to any command or click there
//! ([`crate::bot::Bot::pause_reason`]); where it cannot even see the channel, only the log and
//! those answers tell it. Once a post goes through again (a moderator granted the permission
//! and ran `/table resume`), a later refusal is reported anew. A channel Discord no longer
//! knows (10003) closes the table.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::bot::rest::RestError;
use crate::bot::{limits, permissions};
use crate::lobby::LobbyError;
use crate::render::{self, Locale};

use super::{BoardMessage, Presenter, State};

/// The line above a board of a table paused because Discord refuses the bot's posts.
pub(super) fn pause_line(locale: Locale) -> String {
    format!("⏸️ {}", render::tr(locale, "bot-paused-cannot-post", &[]))
}

/// A board's words without the pause line above them.
fn without_pause_line(content: &str) -> &str {
    match content.split_once('\n') {
        Some((first, rest)) if first.starts_with("⏸️ ") => rest,
        _ => content,
    }
}

impl Presenter {
    /// Deals with a failed post to the table's channel. True when it was the channel's
    /// permissions (handled here: the first one pauses the table and logs); false for any
    /// other error, which the caller logs.
    pub(super) fn post_refused(self: &Arc<Self>, error: &RestError) -> bool {
        if error.is_unknown_channel() {
            // Deleted while the bot was away (or before its CHANNEL_DELETE arrived).
            self.bot
                .close_table_gone(self.table(), "Discord says its channel no longer exists");
            return true;
        }
        if *error != RestError::MissingPermissions {
            return false;
        }
        if self.missing_permissions.swap(true, Ordering::SeqCst) {
            return true;
        }
        // Discord does not say which permission is missing; a post needs every one of these.
        tracing::error!(
            channel = self.channel(),
            "Discord refuses the bot's messages in channel {} (403, code 50013 Missing \
             Permissions or 50001 Missing Access): the bot lacks one of {} there. The table is \
             paused: give the bot all of them in the channel's permissions, then run \
             /table resume",
            self.channel(),
            permissions::needed_to_post_named(),
        );
        let handle = self.handle.clone();
        self.bot.spawn(async move {
            match handle.pause().await {
                Ok(()) | Err(LobbyError::Paused) => {}
                Err(error) => tracing::warn!(%error, "the table could not be paused"),
            }
        });
        // The board says why, if it can still be edited.
        self.changed();
        true
    }

    /// The bot found at start-up that Discord hides this channel from it, paused the table
    /// and logged so (`reopening.rs`): the refused posts of what the table kept meanwhile are
    /// not reported again, until a moderator resumes the table.
    pub(crate) fn refused_since_start(&self) {
        self.missing_permissions.store(true, Ordering::SeqCst);
    }

    /// Where no board of the hand in play is on Discord (Discord refused its post), the last
    /// hand's board says why the table is paused; once the bot may post again, that board is
    /// put back as it was. The edit to make, if any.
    pub(super) fn previous_board_edit(&self, state: &mut State) -> Option<(u64, BoardMessage)> {
        let (id, board) = state.previous_board.as_ref()?;
        let tell = self.cannot_post() && state.board_message.is_none();
        let plain = without_pause_line(&board.content);
        let content = match (tell, state.previous_told_paused) {
            (true, false) => {
                let told = format!("{}\n{plain}", pause_line(self.locale()));
                // A board too long to say it over keeps its words; commands still tell why.
                if limits::length(&told) > limits::MESSAGE {
                    return None;
                }
                told
            }
            (false, true) => plain.to_owned(),
            _ => return None,
        };
        let edit = (
            *id,
            BoardMessage {
                content,
                ..board.clone()
            },
        );
        state.previous_told_paused = tell;
        Some(edit)
    }

    /// Whether Discord refused a post here for the bot's permissions (the table was paused
    /// for it) and no post has gone through since.
    pub fn cannot_post(&self) -> bool {
        self.missing_permissions.load(Ordering::SeqCst)
    }

    /// The table was resumed: a refusal from now on pauses it again (the permission may
    /// still be missing). True when the board was telling why it was paused, so it must be
    /// written again without it (the caller holds the state: it bumps the version).
    pub(super) fn forget_refusal(&self) -> bool {
        self.missing_permissions.swap(false, Ordering::SeqCst)
    }

    /// A moderator's `/table resume` was taken: the answer no longer says the table is paused
    /// for permissions, and the board is written again without it.
    pub fn resumed(&self) {
        if self.forget_refusal() {
            self.changed();
        }
    }

    /// A post to the channel went through: its permissions are fine (again).
    pub(super) fn post_accepted(&self) {
        if self.missing_permissions.swap(false, Ordering::SeqCst) {
            self.changed();
        }
    }
}
