//! What changes under a table while the bot runs, as Discord tells it: a channel or thread
//! deleted (CHANNEL_DELETE, THREAD_DELETE, or 10003 Unknown Channel answering a post), the bot
//! removed from a server (GUILD_DELETE without `unavailable`), a board message deleted
//! (MESSAGE_DELETE, MESSAGE_DELETE_BULK). Whatever was live in a channel that is gone ends
//! through the lobby (`Lobby::channel_gone`): a cash table closes (the hand in progress
//! refunded, every seat cashed out to the player's balance, the table forgotten by the store,
//! so no restart deals there again); a sit & go is cancelled as a moderator's cancel would,
//! registering or running, never played out by timeouts. A deleted board is posted anew by
//! the table's presenter. What a stopped bot missed is found at start-up (`startup_sweep`).

use poise::serenity_prelude as serenity;

use crate::bank::{GuildId, TableId};
use crate::lobby::{Gone, LobbyError};

use super::rights::{GuildLookup, discord_refusal};
use super::{Bot, rest};

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
                self.guild_gone(GuildId(incomplete.id.get()));
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

    /// Ends whatever was live in a channel that no longer exists (or that the bot is no
    /// longer in): a table's chips go back to the players' balances, a sit & go is cancelled.
    pub(crate) fn close_table_gone(&self, table: TableId, why: &'static str) {
        let bot = self.clone();
        self.spawn(async move {
            let ended = bot.lobby().channel_gone(table).await;
            log_gone(table, why, ended);
        });
    }

    /// The bot was removed from `guild`: every table and sit & go of it ends.
    pub(crate) fn guild_gone(&self, guild: GuildId) {
        let bot = self.clone();
        self.spawn(async move {
            for (table, ended) in bot.lobby().guild_gone(guild).await {
                log_gone(table, "the bot was removed from its server", ended);
            }
        });
    }

    /// At start: a sit & go whose channel was deleted, or whose server removed the bot, while
    /// the bot was stopped gets no event. A running one has a reopened table, held until
    /// Discord says what became of its channel (`reopening.rs`); a registering one has none,
    /// so its channel is asked of Discord here, once: gone (10003), or out of reach (50001) in
    /// a server the bot is no longer in, it ends as a cancel would. Anything else (the channel
    /// there, a permission missing, Discord not answering) leaves it as it is: registering
    /// deals nothing, and `/tournament open`'s check covers its start.
    pub(crate) async fn find_sit_and_gos_gone(&self) {
        let Some(http) = self.http() else {
            return;
        };
        let live = match self.bank().live_tournaments().await {
            Ok(live) => live,
            Err(error) => {
                tracing::warn!(%error, "cannot read the live sit & gos to check their channels");
                return;
            }
        };
        for sit_and_go in live {
            if self.lobby().table(sit_and_go.channel).is_ok() {
                // Reopened at start: `reopening.rs` asks about its channel.
                continue;
            }
            let channel = serenity::ChannelId::new(sit_and_go.channel.0.max(1));
            let why = match http.get_channel(channel).await {
                Ok(_) => continue,
                Err(error) => match discord_refusal(&error) {
                    Some((_, code)) if i64::try_from(code) == Ok(rest::UNKNOWN_CHANNEL_CODE) => {
                        "its channel was deleted while the bot was stopped"
                    }
                    Some((_, code)) if i64::try_from(code) == Ok(rest::MISSING_ACCESS_CODE) => {
                        match self.guild_facts(sit_and_go.guild).await {
                            Err(GuildLookup::NotMember) => {
                                "the bot was removed from its server while it was stopped"
                            }
                            Ok(_) | Err(GuildLookup::Failed(_)) => continue,
                        }
                    }
                    _ => {
                        tracing::warn!(
                            tournament = sit_and_go.tournament.0,
                            channel = sit_and_go.channel.0,
                            %error,
                            "cannot ask Discord about a live sit & go's channel"
                        );
                        continue;
                    }
                },
            };
            let ended = self.lobby().channel_gone(sit_and_go.channel).await;
            log_gone(sit_and_go.channel, why, ended);
        }
    }

    fn board_deleted(&self, channel: u64, message: u64) {
        if let Some(presenter) = self.existing_presenter(TableId(channel)) {
            presenter.board_deleted(message);
        }
    }
}

/// One line for the operator: what ended and how, or what could not end and what can end it.
fn log_gone(table: TableId, why: &str, ended: Result<Gone, LobbyError>) {
    match ended {
        Ok(Gone::Nothing) => {}
        Ok(Gone::TableClosed(cashed_out)) => {
            let chips: u64 = cashed_out.iter().map(|(_, chips)| *chips).sum();
            tracing::warn!(
                table = table.0,
                players = cashed_out.len(),
                chips,
                "table closed: {why}; the hand in progress (if any) was refunded and every \
                 seat cashed out"
            );
        }
        Ok(Gone::SitAndGoCancelled {
            tournament,
            running,
            paid,
        }) => {
            let chips: u64 = paid.iter().map(|(_, chips)| *chips).sum();
            let how = if running {
                "its prize pool divided as a cancel divides it"
            } else {
                "every buy-in refunded"
            };
            tracing::warn!(
                table = table.0,
                tournament = tournament.0,
                entrants = paid.len(),
                chips,
                "sit & go {} cancelled: {why}; {how}",
                tournament.0
            );
        }
        Err(LobbyError::Bank {
            reason: reason @ crate::bank::BankError::UnreadableTournament { tournament, .. },
        }) => tracing::error!(
            table = table.0,
            tournament = tournament.0,
            "sit & go {} could not be cancelled although {why}: its record cannot be read \
             ({reason}); nothing was changed, and `studbot audit` names it",
            tournament.0
        ),
        Err(error) => tracing::error!(
            table = table.0,
            %error,
            "what was live in channel {} could not be ended although {why}; the next start \
             tries again. On the stopped bot's data directory, `studbot close-table` closes a \
             table and `studbot cancel-sit-and-go` cancels a sit & go (`studbot audit` lists \
             both with their channels)",
            table.0
        ),
    }
}
