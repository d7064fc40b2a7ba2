//! Tables in their own thread. `/table open thread:True` starts a public thread under the
//! channel, named for the table, and opens the table there, so the channel keeps its
//! conversation; `/table close` in that thread archives it once the table's last messages are
//! in. The thread is the table's channel for everything else (its id is the table's id), so a
//! restart finds it as any table, and its permissions are its channel's.
//!
//! Discord's rules (docs, "Start Thread without Message" and "Modify Channel"): a public
//! thread (type 11) is started under a text or announcement channel, never in a thread; it
//! takes View Channel and Create Public Threads there, and the table then posts in it with
//! Send Messages in Threads (all three are checked at the open, from the interaction's
//! `app_permissions`). Its creator may archive it without Manage Threads. A thread that was
//! quiet for its auto-archive duration (a week, the longest) archives itself, and the next
//! post there unarchives it.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::bank::TableId;
use crate::lobby::TableSettings;
use crate::render::{self, Locale};

use super::Bot;
use super::presenter::Presenter;
use super::refusals::Refused;

/// How long an archive waits for a closed table's presenter to stop before archiving all the
/// same. The presenter writes what it has left at Discord's pace (5 writes per 5 s in the
/// thread), and a table of computer players deals faster than that, so its last boards may
/// take a minute or more to go out; a presenter still writing after this long is stuck. The
/// wait is a task of its own, ended with the bot: it holds nothing else up.
const PRESENTER_STOP_WAIT: Duration = Duration::from_secs(300);

/// How long an archive waits for the writes the stopped presenter left queued (its last
/// news, its mentions deleted) before archiving all the same.
const LAST_MESSAGES_WAIT: Duration = Duration::from_secs(120);

/// Discord's longest name of a thread.
const NAME_LIMIT: usize = 100;

/// Whether a thread can be started in the channel of this type: a text or announcement
/// channel (not a thread, a forum, a voice channel or a DM).
pub fn may_hold_threads(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::Text | serenity::ChannelType::News
    )
}

/// The thread's name: the game and its stakes, in the table's language.
pub fn thread_name(locale: Locale, settings: &TableSettings) -> String {
    let game = render::hand_names::game_choice_name(locale, settings.game, settings.mix_hands);
    let name = render::tr(
        locale,
        "thread-name",
        &[
            ("game", game.into()),
            ("small", settings.stakes.small_bet.into()),
            ("big", settings.stakes.big_bet.into()),
        ],
    );
    render::shorten(&name, NAME_LIMIT)
}

/// Starts a public thread named `name` under channel `parent`; its id. A 429 is waited out
/// (its `retry_after`, however long: Discord answers a burst of starts so, and a table
/// without its thread cannot play) and the start asked again; a failure of Discord's own
/// is tried again a few times.
pub async fn start(bot: &Bot, parent: u64, name: &str) -> Result<u64, Refused> {
    const ATTEMPTS: u32 = 3;
    let mut failures = 0;
    loop {
        let wait = match bot.rest().start_thread(parent.max(1), name).await {
            Ok(thread) => {
                tracing::info!(parent, thread, "a table's thread started");
                return Ok(thread);
            }
            Err(crate::bot::rest::RestError::RateLimited(wait)) => wait,
            Err(error) if error.is_transient() && failures + 1 < ATTEMPTS => {
                failures += 1;
                Duration::from_secs(1 << (failures - 1))
            }
            Err(error) => {
                tracing::warn!(parent, %error, "starting a table's thread failed");
                return Err(Refused::ThreadFailed);
            }
        };
        tracing::info!(parent, ?wait, "a table's thread waits for Discord's limit");
        tokio::time::sleep(wait).await;
    }
}

/// Archives `table`'s channel if it is a thread this bot started (a table's own thread),
/// once `presenter` (the table's, if it had one) has stopped and every message it left is in:
/// a post after the archive would unarchive it, an edit would be refused. Anything else is
/// left as it is. Failures are logged: the thread then archives itself after a quiet week.
pub async fn archive_if_own(bot: &Bot, table: TableId, presenter: Option<Arc<Presenter>>) {
    if let Some(presenter) = presenter
        && tokio::time::timeout(PRESENTER_STOP_WAIT, presenter.stopped())
            .await
            .is_err()
    {
        tracing::warn!(
            table = table.0,
            "the table's presenter is still writing; archiving its thread all the same"
        );
    }
    if tokio::time::timeout(LAST_MESSAGES_WAIT, bot.outbox().settled(table.0))
        .await
        .is_err()
    {
        tracing::warn!(
            table = table.0,
            "the table's last messages are not in yet; archiving its thread all the same"
        );
    }
    let Some(http) = bot.http() else {
        return;
    };
    let channel = serenity::ChannelId::new(table.0.max(1));
    let own_thread = match channel.to_channel(&http).await {
        Ok(serenity::Channel::Guild(guild_channel)) => {
            super::permissions::is_thread(guild_channel.kind)
                && guild_channel.owner_id.is_some()
                && guild_channel.owner_id.map(serenity::UserId::get) == bot.own_user()
        }
        Ok(_) => false,
        Err(error) => {
            tracing::warn!(table = table.0, %error, "cannot tell whether the table's channel is its own thread");
            false
        }
    };
    if !own_thread {
        return;
    }
    match channel
        .edit_thread(&http, serenity::EditThread::new().archived(true))
        .await
    {
        Ok(_) => tracing::info!(table = table.0, "the table's thread is archived"),
        Err(error) => {
            tracing::warn!(table = table.0, %error, "archiving the table's thread failed; it archives itself after a quiet week")
        }
    }
}
