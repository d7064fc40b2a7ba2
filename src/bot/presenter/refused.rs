//! A channel where Discord refuses the bot's posts (403, code 50013 Missing Permissions), as
//! when a table reopens at start-up in a channel whose permissions changed while the bot was
//! away: the table is paused, with one log line naming the channel and what the bot lacks,
//! instead of dealing hands nobody can see and logging every write that fails. Once a post
//! goes through again (a moderator granted the permission and ran `/table resume`), a later
//! refusal is reported anew. A channel Discord no longer knows (10003) closes the table.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::bot::permissions;
use crate::bot::rest::RestError;
use crate::lobby::LobbyError;

use super::Presenter;

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
        true
    }

    /// The bot found at start-up that Discord hides this channel from it, paused the table
    /// and logged so (`reopening.rs`): the refused posts of what the table kept meanwhile are
    /// not reported again, until a moderator resumes the table.
    pub(crate) fn refused_since_start(&self) {
        self.missing_permissions.store(true, Ordering::SeqCst);
    }

    /// A moderator resumed the table: a refusal from now on pauses it again (the permission
    /// may still be missing).
    pub(super) fn resumed(&self) {
        self.missing_permissions.store(false, Ordering::SeqCst);
    }

    /// A post to the channel went through: its permissions are fine (again).
    pub(super) fn post_accepted(&self) {
        self.missing_permissions.store(false, Ordering::SeqCst);
    }
}
