//! Tables reopened at start-up, before any of them deals: the lobby holds every one
//! (`LobbyConfig::hold_reopened`) until Discord has said what became of its channel while the
//! bot was stopped. No money moves and no card is dealt where a board could not be shown.
//!
//! Each table's channel is read (`GET /channels/{id}`):
//! - it answers: the table gets its presenter (which tells the channel of a hand the restart
//!   refunded) and is released to deal;
//! - 404, Unknown Channel (10003): the channel or thread was deleted; the table is closed as a
//!   deleted channel's is (every seat cashed out);
//! - 403, Missing Access (50001): the bot cannot see the channel, or is no longer in its
//!   server. The server tells which (`GET /guilds/{id}`): a server that removed the bot
//!   closes the table; one that only hid the channel has the table paused, with one log line
//!   naming the channel and what to grant, and nothing posted there. A moderator's
//!   `/table resume` once the bot may see it again deals on;
//! - Discord failing (a 5xx, a 429, the network): asked again with backoff, the table held
//!   meanwhile; it cannot show a hand anyway.
//!
//! Any other answer releases the table: the first refused post then pauses it
//! (`presenter::refused`). Tables are checked a few at a time, beside the bot's start, so one
//! slow answer delays only its own table.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::futures::{self, StreamExt as _};

use crate::bank::TableId;
use crate::lobby::{LobbyError, TableHandle};

use super::Bot;
use super::rest::{MISSING_ACCESS_CODE, UNKNOWN_CHANNEL_CODE};
use super::rights::{GuildLookup, discord_refusal};

/// Channels read at once at start-up.
const CHECKS_AT_ONCE: usize = 4;
/// The first wait before asking Discord again; doubled each time, up to [`LONGEST_WAIT`].
const FIRST_WAIT: Duration = Duration::from_millis(500);
const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// What Discord says of a reopened table's channel.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Channel {
    /// The bot can see it.
    Seen,
    /// The bot is in the server but cannot see the channel.
    Hidden,
    /// The channel, or the bot's place in its server, is gone for good: why.
    Gone(&'static str),
    /// Discord answered something else: the table deals, and a refused post pauses it.
    Unclear(String),
}

/// Checks every table the lobby reopened, a few at a time, and releases, pauses or closes
/// each as its channel's answer says. Runs beside the rest of the start.
pub(crate) async fn check_reopened_tables(bot: Bot) {
    let tables = bot.lobby().tables();
    futures::stream::iter(tables)
        .for_each_concurrent(CHECKS_AT_ONCE, |handle| {
            let bot = bot.clone();
            async move { check_and_release(&bot, handle).await }
        })
        .await;
}

async fn check_and_release(bot: &Bot, handle: TableHandle) {
    let table = handle.table();
    match channel_with_retries(bot, &handle).await {
        Channel::Seen => {}
        Channel::Unclear(answer) => tracing::warn!(
            table = table.0,
            %answer,
            "Discord's answer about a reopened table's channel is unclear; the table deals, \
             and is paused if its first post is refused"
        ),
        Channel::Hidden => {
            bot.remember_unseen_at_start(table);
            pause_unseen(&handle).await;
            release(&handle).await;
            // No presenter: nothing is posted where the bot cannot see. A moderator's command
            // in the channel attaches one.
            return;
        }
        Channel::Gone(why) => {
            bot.close_table_gone(table, why);
            return;
        }
    }
    if let Err(error) = bot.presenter(&handle).await {
        tracing::warn!(table = table.0, %error, "cannot attach to a table");
    }
    release(&handle).await;
}

/// The table's pause, stored (a restart keeps it), and the one log line that says why.
async fn pause_unseen(handle: &TableHandle) {
    let table = handle.table().0;
    match handle.pause().await {
        Ok(()) | Err(LobbyError::Paused) => tracing::error!(
            channel = table,
            "Discord says the bot cannot see channel {table} (403, code 50001 Missing \
             Access): its table deals nothing and is paused. Give the bot View Channel \
             there (and {}), then run /table resume in the channel",
            super::permissions::needed_to_post_named(),
        ),
        Err(error) => tracing::warn!(
            channel = table,
            %error,
            "the table of channel {table}, which the bot cannot see, could not be paused"
        ),
    }
}

async fn release(handle: &TableHandle) {
    if let Err(error) = handle.release().await {
        tracing::warn!(table = handle.table().0, %error, "a reopened table was not released");
    }
}

/// What Discord says of the table's channel, asked again while Discord fails.
async fn channel_with_retries(bot: &Bot, handle: &TableHandle) -> Channel {
    let mut wait = FIRST_WAIT;
    loop {
        match channel_of(bot, handle).await {
            Ok(answer) => return answer,
            Err(failure) => {
                tracing::info!(
                    table = handle.table().0,
                    %failure,
                    ?wait,
                    "Discord did not say whether the bot can see a reopened table's channel; \
                     asking again (the table deals nothing meanwhile)"
                );
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(LONGEST_WAIT);
            }
        }
    }
}

/// What Discord says of the channel, or why it said nothing usable (worth asking again).
async fn channel_of(bot: &Bot, handle: &TableHandle) -> Result<Channel, String> {
    let http = bot
        .http()
        .ok_or_else(|| "not connected to Discord yet".to_owned())?;
    let TableId(channel) = handle.table();
    let error = match serenity::ChannelId::new(channel.max(1))
        .to_channel(&http)
        .await
    {
        Ok(_) => return Ok(Channel::Seen),
        Err(error) => error,
    };
    match discord_refusal(&error) {
        Some((404, code)) if i64::try_from(code) == Ok(UNKNOWN_CHANNEL_CODE) => Ok(Channel::Gone(
            "its channel was deleted while the bot was away",
        )),
        Some((403, code)) if i64::try_from(code) == Ok(MISSING_ACCESS_CODE) => {
            // Hidden, or the bot is no longer in the server: the server says which.
            match bot.guild_facts(handle.guild()).await {
                Ok(_) => Ok(Channel::Hidden),
                Err(GuildLookup::NotMember) => Ok(Channel::Gone(
                    "the bot was removed from its server while it was away",
                )),
                Err(GuildLookup::Failed(failure)) => Err(failure),
            }
        }
        Some((status, _)) if status == 429 || status >= 500 => Err(error.to_string()),
        Some(_) => Ok(Channel::Unclear(error.to_string())),
        None => Err(error.to_string()),
    }
}
