//! Each table of an event in its own public thread under the event's channel, named for the
//! event and the table ([`ThreadTables`], the coordinator's `EventTables` on Discord; the
//! coordinator keeps each thread in the bank, so a restart plays on in the same one). A
//! player moved is mentioned in their new table's thread (that user alone may be notified);
//! a table that broke has its thread archived once its last messages are in. Each table's
//! thread gets the bot's ordinary table presenter from its first hand ([`present`]), and
//! its board is headed by the event's name, the table's number, the level and the players
//! left ([`Bot::event_table_header`], kept by the event's message keeper as hands are dealt).

use std::sync::Weak;

use serde_json::json;

use crate::bank::{GuildId, TableId, TournamentId, UserId};
use crate::bot::{Bot, BotInner};
use crate::lobby::event::EventTables;
use crate::render::event_table::EventTableHeader;
use crate::render::{self, Locale, display_name, tr};

/// Discord's longest thread name.
const NAME_LIMIT: usize = 100;

/// Starts each table's thread; holds the bot weakly (the coordinator outlives no bot).
pub struct ThreadTables {
    bot: Weak<BotInner>,
}

impl ThreadTables {
    pub(crate) fn new(bot: &Bot) -> ThreadTables {
        ThreadTables {
            bot: std::sync::Arc::downgrade(&bot.inner),
        }
    }
}

/// The thread's name: the event's, and the table's number.
pub fn thread_name(locale: Locale, event: &str, table: u32) -> String {
    let name = tr(
        locale,
        "event-thread-name",
        &[("name", event.into()), ("table", table.into())],
    );
    render::shorten(&name, NAME_LIMIT)
}

#[async_trait::async_trait]
impl EventTables for ThreadTables {
    async fn table_channel(
        &self,
        guild: GuildId,
        event: TournamentId,
        channel: TableId,
        table: u32,
    ) -> Result<TableId, String> {
        let bot = Bot {
            inner: self.bot.upgrade().ok_or("the bot has stopped")?,
        };
        let record = bot
            .bank()
            .event(event)
            .await
            .map_err(|error| error.to_string())?
            .ok_or_else(|| format!("no event {}", event.0))?;
        let locale = bot.public_locale(guild, channel);
        let name = thread_name(locale, &record.name, table);
        crate::bot::threads::start(&bot, channel.0, &name)
            .await
            .map(TableId)
            .map_err(|refused| format!("table {table}'s thread: {refused}"))
    }
}

impl Bot {
    /// The header of the event table playing in `channel`, if it is one.
    pub(crate) fn event_table_header(&self, channel: TableId) -> Option<EventTableHeader> {
        crate::bot::lock(&self.inner.event_tables)
            .get(&channel)
            .cloned()
    }

    pub(super) fn set_event_table_header(&self, channel: TableId, header: EventTableHeader) {
        crate::bot::lock(&self.inner.event_tables).insert(channel, header);
    }

    pub(super) fn forget_event_table(&self, channel: TableId) {
        crate::bot::lock(&self.inner.event_tables).remove(&channel);
    }
}

/// Mentions `user` in the thread of the table they moved to, that user alone notified.
pub(super) fn tell_moved(
    bot: &Bot,
    locale: Locale,
    user: UserId,
    from: u32,
    to: u32,
    channel: TableId,
) {
    if user.is_computer() {
        return;
    }
    let name = display_name(&bot.names().name_or_placeholder(user));
    let text = tr(
        locale,
        "event-moved",
        &[
            ("user", format!("<@{}>", user.0).into()),
            ("name", name.into()),
            ("from", from.into()),
            ("to", to.into()),
        ],
    );
    let body = json!({
        "content": crate::bot::limits::fit_message(&text),
        "allowed_mentions": { "parse": [], "users": [user.0.to_string()] },
    });
    let outbox = bot.outbox().clone();
    bot.spawn(async move {
        if let Err(error) = outbox.post(channel.0, body).await {
            tracing::warn!(%error, "a moved player could not be told in their new table's thread");
        }
    });
}

/// Mentions the people of `users` (given their first seat) in their table's thread, each
/// message within Discord's limits (at most 100 mentions), those users alone notified.
pub(super) fn tell_seated(bot: &Bot, locale: Locale, users: &[UserId], channel: TableId) {
    let people: Vec<UserId> = users
        .iter()
        .copied()
        .filter(|user| !user.is_computer())
        .collect();
    for group in people.chunks(crate::bot::reminders::MENTIONS_PER_MESSAGE / 4) {
        let mentions: Vec<String> = group.iter().map(|user| format!("<@{}>", user.0)).collect();
        let text = tr(
            locale,
            "event-seated",
            &[("users", mentions.join(" ").into())],
        );
        let ids: Vec<String> = group.iter().map(|user| user.0.to_string()).collect();
        let body = json!({
            "content": crate::bot::limits::fit_message(&text),
            "allowed_mentions": { "parse": [], "users": ids },
        });
        let outbox = bot.outbox().clone();
        bot.spawn(async move {
            if let Err(error) = outbox.post(channel.0, body).await {
                tracing::warn!(%error, "the players seated could not be told in their thread");
            }
        });
    }
}

/// Attaches the bot's table presenter (boards, turns, buttons, down cards by DM) to the
/// event table playing in `channel`, unless one runs there: called at each hand dealt, so
/// a table is presented from its first hand and again after a restart, once per channel.
/// The presenter ends with the table's actor (the table broke, or the event ended).
pub(super) fn present(bot: &Bot, channel: TableId) {
    if bot.existing_presenter(channel).is_some() {
        return;
    }
    // The coordinator opens the table's actor in the same step (no await) as it tells of
    // the hand; a notice read in between finds no table yet, and the next hand attaches it.
    let Ok(handle) = bot.lobby().table(channel) else {
        return;
    };
    let attaching = bot.clone();
    bot.spawn(async move {
        if let Err(error) = attaching.presenter(&handle).await {
            tracing::warn!(%error, "an event table's presenter could not start");
        }
    });
}

/// Archives a table's thread (it broke, or the event ended) once its presenter has stopped
/// and its last messages are in: the presenter still writes the hands it had left after the
/// coordinator tells of the close (its table is closed by then), and a post after the
/// archive would unarchive it.
pub(super) fn close(bot: &Bot, channel: TableId) {
    bot.forget_event_table(channel);
    let presenter = bot.presenter_still_writing(channel);
    let archiving = bot.clone();
    bot.spawn(async move {
        crate::bot::threads::archive_if_own(&archiving, channel, presenter).await;
    });
}
