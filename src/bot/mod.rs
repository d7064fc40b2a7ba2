//! Discord: turns interactions into lobby commands and lobby notices into Discord calls.
//! Knows nothing about poker rules: the lobby decides, the renderer words, the bot delivers.
//!
//! - [`serve`] (`serve.rs`, with the shutdown) connects serenity (through `[discord] api_proxy` when set) with the poise
//!   framework of [`framework`] (commands in [`commands`], one file per group; answers and
//!   deferral in [`reply`]; refusal words in [`refusals`]; moderators in [`checks`], the
//!   server's staff in [`rights`]), reattaches every stored table once Discord says its
//!   channel can show it (`reopening.rs`), and shuts down cleanly.
//! - [`presenter`]: one task per table turns its notices into one board message per hand
//!   (edited), DMs of down cards, and mentions of the player to act.
//! - [`clicks`]: action buttons, answered by updating the board (interaction response type 7).
//! - [`outbox`]: every other channel write, within Discord's per-channel rate limit.
//! - `kept_results.rs`: a sit & go's result, kept by the bank until its post landed, and
//!   posted at start-up when a crash kept it from its channel.
//! - [`world`]: deleted channels, threads, boards and servers.
//! - [`reminders`]: when a multi-table event's reminder is due, and its messages.
//! - [`events`]: each live multi-table event's message, entries, tables' threads and
//!   reminder.

mod attach_gates;
pub mod backups;
pub mod board_writes;
pub mod checks;
pub mod clicks;
pub mod commands;
mod computers_config;
pub mod config;
pub mod custom_id;
pub mod discord_time;
pub mod emoji;
pub mod events;
pub mod framework;
pub mod interaction_age;
pub(crate) mod kept_results;
pub mod limits;
pub mod names;
pub mod outbox;
pub mod permissions;
pub mod pings;
pub mod preflight;
pub mod presenter;
pub mod private_view;
pub mod refusals;
pub mod registration;
pub mod reminders;
mod reopening;
pub mod reply;
pub mod rest;
pub mod rights;
mod serve;
pub mod threads;
pub mod world;

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use quick_cache::sync::Cache;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument as _;

use crate::bank::{Bank, GuildId, TableId, UserId};
use crate::lobby::{Lobby, TableHandle};
use crate::refusal::Refusal;
use crate::render::{self, Locale};

use config::Config;
use discord_time::DiscordTime;
use names::Names;
use outbox::Outbox;
use pings::Pings;
use presenter::Presenter;
use rest::Rest;
pub use serve::{serve, serve_observed};

/// Players whose language and DM channel are kept; the least used go first beyond this.
const PLAYERS_KEPT: usize = 10_000;

/// Guilds whose preferred locale is kept; the least used go first beyond this.
const GUILDS_KEPT: usize = 10_000;

/// The poise context of our commands.
pub type Context<'a> = poise::Context<'a, Bot, anyhow::Error>;

/// Everything the bot shares between commands, clicks and table tasks; cheap to clone.
#[derive(Clone)]
pub struct Bot {
    inner: Arc<BotInner>,
}

struct BotInner {
    config: Config,
    lobby: Lobby,
    bank: Bank,
    outbox: Outbox,
    rest: Rest,
    http: OnceLock<Arc<serenity::Http>>,
    /// serenity's gateway cache, kept empty (see `serve::discord_cache_settings`).
    discord_cache: OnceLock<Arc<serenity::Cache>>,
    /// Each table's presenter, held by its own task: the bot only points at it, so a closed
    /// table's presenter goes with its task.
    presenters: Mutex<HashMap<TableId, Weak<Presenter>>>,
    /// Each event table's header above its board, by its thread (`events::tables`).
    event_tables: Mutex<HashMap<TableId, crate::render::event_table::EventTableHeader>>,
    /// Each table's gate, held while its first presenter subscribes: the table hands its
    /// backlog (a restart's "hand cancelled and refunded") to its first subscriber, so two
    /// first attaches must not both subscribe and drop the one that got it. One gate per
    /// table: a slow table delays no other table's first board.
    attaching: attach_gates::AttachGates<TableId>,
    /// Tables found at start-up in a channel Discord hides from the bot, paused and logged
    /// (`reopening.rs`), whose presenter is not attached yet.
    unseen_at_start: Mutex<std::collections::HashSet<TableId>>,
    /// Every task the bot starts (presenters, lookups, DMs, posts), so shutdown waits for them.
    tasks: TaskTracker,
    stop: CancellationToken,
    names: Arc<Names>,
    pings: Pings,
    /// Discord's clock, learned from the interactions received.
    discord_time: DiscordTime,
    /// The language of each player's client, for their DMs (bounded).
    locales: Cache<UserId, Locale>,
    /// Each guild's preferred locale as its latest interaction said (`guild_locale`), even
    /// one we do not speak (bounded).
    guild_locales: Cache<GuildId, String>,
    /// Each player's DM channel, opened once (bounded).
    dm_channels: Cache<UserId, u64>,
    /// Each guild's roles and owner, for the staff's rights (`rights.rs`), kept briefly.
    guild_facts: rights::GuildFactsCache,
    shutting_down: AtomicBool,
    /// Set when the bot cannot serve (its commands could not be registered): `serve` stops
    /// and returns the reason.
    cannot_serve: Mutex<Option<registration::CannotServe>>,
    cannot_serve_now: CancellationToken,
    /// What `/healthz` reports (the gateway's state is set from its events).
    health: Arc<crate::telemetry::Health>,
    /// The card emoji, once uploaded (`emoji.rs`).
    card_emoji: emoji::CardEmoji,
    /// The bot's own user id, as the gateway's READY told it.
    own_user: OnceLock<u64>,
    /// Each live event's message keeper (`events`).
    events: events::Keepers,
}

impl Bot {
    /// Follows the gateway's connection for `/healthz` and the reconnect counter.
    /// Every table's presenter hears of it too: while the shard carrying its guild is down no
    /// click can arrive, so the turn's timer is held (see [`Bot::gateway_carries`]).
    pub(crate) fn watch_gateway(&self, shard: serenity::ShardId, event: &serenity::FullEvent) {
        let health = &self.inner.health;
        match event {
            serenity::FullEvent::Ready { data_about_bot } => {
                let _ = self.inner.own_user.set(data_about_bot.user.id.get());
                let total = data_about_bot.shard.map(|info| info.total);
                health.set_shard_up(shard.0, total, true);
            }
            serenity::FullEvent::Resume { .. } => health.set_shard_up(shard.0, None, true),
            serenity::FullEvent::ShardStageUpdate { event } => {
                return self.watch_shard_stage(event);
            }
            _ => return,
        }
        self.gateway_changed();
    }

    /// A shard's connection changed stage. serenity hands this only to an `EventHandler`
    /// (never to the framework's events), so `serve` registers one that calls this.
    pub(crate) fn watch_shard_stage(&self, event: &serenity::ShardStageUpdateEvent) {
        use serenity::ConnectionStage;
        let health = &self.inner.health;
        if event.new == ConnectionStage::Connected {
            health.set_shard_up(event.shard_id.0, None, true);
        } else if event.old == ConnectionStage::Connected {
            health.set_shard_up(event.shard_id.0, None, false);
            crate::telemetry::record::gateway_reconnected();
        } else {
            return;
        }
        self.gateway_changed();
    }

    /// The shard runners' watch found shard `shard` connected (`up`) or not.
    pub(crate) fn shard_seen(&self, shard: u32, up: bool) {
        let was_up = self.inner.health.shard_up(shard);
        if was_up == up {
            return;
        }
        self.inner.health.set_shard_up(shard, None, up);
        if !up {
            crate::telemetry::record::gateway_reconnected();
        }
        self.gateway_changed();
    }

    fn gateway_changed(&self) {
        for presenter in self.running_presenters() {
            presenter.gateway_changed();
        }
    }

    /// Whether `guild`'s clicks can reach the bot now: the gateway shard carrying it is
    /// connected. A turn's timer runs only while it is (and its buttons are on screen).
    pub fn gateway_carries(&self, guild: GuildId) -> bool {
        self.inner.health.guild_shard_up(guild.0)
    }

    fn running_presenters(&self) -> Vec<Arc<Presenter>> {
        lock(&self.inner.presenters)
            .values()
            .filter_map(Weak::upgrade)
            .filter(|presenter| presenter.is_running())
            .collect()
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    pub fn lobby(&self) -> &Lobby {
        &self.inner.lobby
    }

    pub fn bank(&self) -> &Bank {
        &self.inner.bank
    }

    pub fn outbox(&self) -> &Outbox {
        &self.inner.outbox
    }

    pub fn rest(&self) -> &Rest {
        &self.inner.rest
    }

    /// How cards are shown on Discord now: the bot's card emoji once they are ready, else text.
    pub fn card_style(&self) -> render::CardStyle<'_> {
        self.inner.card_emoji.style()
    }

    /// serenity's HTTP client, once the gateway is ready.
    /// serenity's gateway cache, once connected: nothing reads it, so it keeps no guild,
    /// channel, user or message.
    pub fn discord_cache(&self) -> Option<Arc<serenity::Cache>> {
        self.inner.discord_cache.get().cloned()
    }

    pub fn http(&self) -> Option<Arc<serenity::Http>> {
        self.inner.http.get().cloned()
    }

    /// The bot's own user id, once the gateway is ready.
    pub fn own_user(&self) -> Option<u64> {
        self.inner.own_user.get().copied()
    }

    /// The bot cannot serve: `serve` shuts down and returns `reason`.
    pub(crate) fn cannot_serve(&self, reason: registration::CannotServe) {
        lock(&self.inner.cannot_serve).get_or_insert(reason);
        self.inner.cannot_serve_now.cancel();
    }

    pub fn is_shutting_down(&self) -> bool {
        self.inner.shutting_down.load(Ordering::SeqCst)
    }

    /// The language of a table's public text (board, results, notices, answers the channel
    /// reads): the one a moderator chose for it, else the guild's preferred locale when we
    /// speak it, else the configured one. `table` need not hold a table.
    pub fn public_locale(&self, guild: GuildId, table: TableId) -> Locale {
        let chosen = self
            .existing_presenter(table)
            .and_then(|presenter| presenter.language());
        self.table_locale(guild, chosen)
    }

    /// [`Bot::public_locale`] for a table whose chosen language (if any) is known.
    pub fn table_locale(&self, guild: GuildId, chosen: Option<Locale>) -> Locale {
        let guild_locale = self.inner.guild_locales.get(&guild);
        Locale::for_table(chosen, guild_locale.as_deref(), self.inner.config.locale)
    }

    /// Learns a guild's preferred locale from the gateway: when the bot connects
    /// (GUILD_CREATE) and when the server changes it (GUILD_UPDATE), so a table that follows
    /// its server speaks the server's language before anyone there has typed.
    pub(crate) fn watch_guilds(&self, event: &serenity::FullEvent) {
        let (guild, preferred_locale) = match event {
            serenity::FullEvent::GuildCreate { guild, .. } => (guild.id, &guild.preferred_locale),
            serenity::FullEvent::GuildUpdate { new_data, .. } => {
                (new_data.id, &new_data.preferred_locale)
            }
            _ => return,
        };
        self.remember_guild_locale(GuildId(guild.get()), Some(preferred_locale));
    }

    /// Remembers a guild's preferred locale, which Discord sends with every interaction.
    pub fn remember_guild_locale(&self, guild: GuildId, discord_locale: Option<&str>) {
        if let Some(tag) = discord_locale {
            self.inner.guild_locales.insert(guild, tag.to_owned());
        }
    }

    /// The language of what only one user reads: their Discord client's when we speak it,
    /// else `table` (the language of the table's channel).
    pub fn user_locale(&self, discord_locale: &str, table: Locale) -> Locale {
        Locale::for_player(Some(discord_locale), table)
    }

    /// Remembers a user's Discord locale (for their DMs).
    pub fn remember_locale(&self, user: UserId, discord_locale: &str) {
        if let Some(locale) = Locale::parse(discord_locale) {
            self.inner.locales.insert(user, locale);
        }
    }

    /// The language of a user's DMs: their client's, when seen, else `table` (the language
    /// of the table they play at).
    pub fn player_locale(&self, user: UserId, table: Locale) -> Locale {
        self.inner.locales.get(&user).unwrap_or(table)
    }

    /// The DM channel with `user`, opened once and remembered.
    pub async fn dm_channel(&self, user: UserId) -> Result<u64, rest::RestError> {
        if let Some(channel) = self.inner.dm_channels.get(&user) {
            return Ok(channel);
        }
        let http = self
            .http()
            .ok_or_else(|| rest::RestError::Network("not connected to Discord yet".to_owned()))?;
        let channel = serenity::UserId::new(user.0.max(1))
            .create_dm_channel(&http)
            .await
            .map_err(|error| rest::RestError::Network(error.to_string()))?
            .id
            .get();
        self.inner.dm_channels.insert(user, channel);
        Ok(channel)
    }

    /// The names the bot knows.
    pub fn names(&self) -> &Arc<Names> {
        &self.inner.names
    }

    /// Who wants turn mentions.
    pub fn pings(&self) -> &Pings {
        &self.inner.pings
    }

    /// Discord's clock: how old a token or a message is.
    pub fn discord_time(&self) -> &DiscordTime {
        &self.inner.discord_time
    }

    /// Asks Discord at once for every one of `users` the bot cannot name yet (each at most
    /// once, each for at most `names::LOOKUP_LIMIT`); returns whether any name was learned.
    pub async fn resolve_names(&self, users: impl IntoIterator<Item = UserId>) -> bool {
        let ask = self.inner.names.to_ask(users);
        match self.http() {
            Some(http) if !ask.is_empty() => self.inner.names.look_up(http, ask).await,
            _ => false,
        }
    }

    /// The words of a refusal (the bank's, a table's, the bot's own), naming players as the
    /// bot knows them.
    pub fn refusal(&self, locale: Locale, why: &dyn Refusal) -> String {
        render::refusal(locale, why, &|user| {
            self.inner.names.name_or_placeholder(user)
        })
    }

    /// Why `table` is paused when it is for Discord refusing the bot's posts there, in
    /// `locale`: what any answer of a command or a click in that channel tells (an
    /// interaction's answer needs no permission of the channel).
    pub fn pause_reason(&self, table: TableId, locale: Locale) -> Option<String> {
        self.existing_presenter(table)
            .filter(|presenter| presenter.cannot_post())
            .map(|_| render::tr(locale, "bot-paused-cannot-post", &[]))
    }

    /// Starts `task` so that shutdown waits for it (and cancels it once the bot stops).
    pub fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        let stop = self.inner.stop.clone();
        self.inner.tasks.spawn(
            async move {
                tokio::select! {
                    () = stop.cancelled() => {}
                    () = task => {}
                }
            }
            .in_current_span(),
        );
    }

    /// The presenter of a table, started (and subscribed to the table) on first use.
    pub async fn presenter(&self, handle: &TableHandle) -> anyhow::Result<Arc<Presenter>> {
        if let Some(existing) = self.existing_presenter(handle.table()) {
            return Ok(existing);
        }
        let _attaching = self.inner.attaching.hold(handle.table()).await;
        if let Some(existing) = self.existing_presenter(handle.table()) {
            return Ok(existing);
        }
        let receiver = handle
            .subscribe()
            .await
            .with_context(|| format!("subscribing to table {}", handle.table().0))?;
        // The language chosen for the table; later changes come as notices.
        let language = match handle.status().await {
            Ok(status) => status.settings.language,
            Err(_) => None,
        };
        let mut presenters = lock(&self.inner.presenters);
        let presenter = Presenter::new(self.clone(), handle.clone(), language);
        presenters.insert(handle.table(), Arc::downgrade(&presenter));
        drop(presenters);
        if lock(&self.inner.unseen_at_start).remove(&handle.table()) {
            presenter.refused_since_start();
        }
        let span = tracing::info_span!("table", table = handle.table().0, guild = handle.guild().0);
        let bot = self.clone();
        let running = presenter.clone();
        let table = handle.table();
        self.spawn(
            async move {
                running.run(receiver).await;
                bot.forget_presenter(table);
            }
            .instrument(span),
        );
        Ok(presenter)
    }

    /// The presenter of a table if it is running.
    pub fn existing_presenter(&self, table: TableId) -> Option<Arc<Presenter>> {
        lock(&self.inner.presenters)
            .get(&table)
            .and_then(Weak::upgrade)
            .filter(|presenter| presenter.is_running())
    }

    /// The presenter of a table whose loop has not ended, its table open or closed: a closed
    /// table's presenter still writes the boards it had left (its table may have dealt far
    /// ahead of Discord's pace), which a thread's archive waits for.
    pub(crate) fn presenter_still_writing(&self, table: TableId) -> Option<Arc<Presenter>> {
        lock(&self.inner.presenters)
            .get(&table)
            .and_then(Weak::upgrade)
            .filter(|presenter| !presenter.has_stopped())
    }

    /// A table found at start-up in a channel Discord hides from the bot (paused, and
    /// logged once): its presenter, when a command attaches it, reports no refusal again
    /// before a moderator's resume.
    pub(crate) fn remember_unseen_at_start(&self, table: TableId) {
        lock(&self.inner.unseen_at_start).insert(table);
    }

    fn forget_presenter(&self, table: TableId) {
        let mut presenters = lock(&self.inner.presenters);
        if presenters
            .get(&table)
            .is_some_and(|presenter| presenter.upgrade().is_none_or(|p| !p.is_running()))
        {
            presenters.remove(&table);
        }
    }

    /// What the bot holds in memory, for the leak tests and the logs.
    pub fn footprint(&self) -> Footprint {
        Footprint {
            presenters: lock(&self.inner.presenters).len(),
            outbox_channels: self.inner.outbox.channels(),
            tasks: self.inner.tasks.len(),
            dm_channels: self.inner.dm_channels.len(),
        }
    }
}

/// Counts of what the bot holds in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Footprint {
    pub presenters: usize,
    pub outbox_channels: usize,
    pub tasks: usize,
    pub dm_channels: usize,
}

/// Locks a mutex that only guards plain maps (a panic elsewhere cannot leave them half-written).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
