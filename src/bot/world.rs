//! What changes under a table while the bot runs, as Discord tells it: a channel or thread
//! deleted (CHANNEL_DELETE, THREAD_DELETE, or 10003 Unknown Channel answering a post), the bot
//! removed from a server (GUILD_DELETE without `unavailable`), a board message deleted
//! (MESSAGE_DELETE, MESSAGE_DELETE_BULK). A table whose channel is gone is closed through the
//! lobby's own close: the hand in progress is cancelled and refunded, every seat cashed out to
//! the player's balance, and the table forgotten by the store, so no restart deals there
//! again. A deleted board is posted anew by the table's presenter.

use poise::serenity_prelude as serenity;

use crate::bank::{GuildId, TableId};

use super::Bot;

impl Bot {
    /// Follows the gateway's news of deleted channels, threads, messages and servers.
    pub(crate) fn watch_world(&self, event: &serenity::FullEvent) {
        match event {
            serenity::FullEvent::ChannelDelete { channel, .. } => {
                self.close_table_gone(TableId(channel.id.get()), "its channel was deleted");
            }
            serenity::FullEvent::ThreadDelete { thread, .. } => {
                self.close_table_gone(TableId(thread.id.get()), "its thread was deleted");
            }
            serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
                let guild = GuildId(incomplete.id.get());
                for handle in self.lobby().tables() {
                    if handle.guild() == guild {
                        self.close_table_gone(
                            handle.table(),
                            "the bot was removed from its server",
                        );
                    }
                }
            }
            serenity::FullEvent::MessageDelete {
                channel_id,
                deleted_message_id,
                ..
            } => self.board_deleted(channel_id.get(), deleted_message_id.get()),
            serenity::FullEvent::MessageDeleteBulk {
                channel_id,
                multiple_deleted_messages_ids,
                ..
            } => {
                for message in multiple_deleted_messages_ids {
                    self.board_deleted(channel_id.get(), message.get());
                }
            }
            _ => {}
        }
    }

    /// Closes the table of a channel that no longer exists (or that the bot is no longer in),
    /// if there is one: its chips go back to the players' balances.
    pub(crate) fn close_table_gone(&self, table: TableId, why: &'static str) {
        let Ok(handle) = self.lobby().table(table) else {
            return;
        };
        self.spawn(async move {
            match handle.close().await {
                Ok(cashed_out) => {
                    let chips: u64 = cashed_out.iter().map(|(_, chips)| *chips).sum();
                    tracing::warn!(
                        table = table.0,
                        players = cashed_out.len(),
                        chips,
                        "table closed: {why}; the hand in progress (if any) was refunded and \
                         every seat cashed out"
                    );
                }
                Err(error) => tracing::error!(
                    table = table.0,
                    %error,
                    "table {} could not be closed although {why}: close it with the \
                     close-table command on the stopped bot's data directory",
                    table.0
                ),
            }
        });
    }

    fn board_deleted(&self, channel: u64, message: u64) {
        if let Some(presenter) = self.existing_presenter(TableId(channel)) {
            presenter.board_deleted(message);
        }
    }
}
