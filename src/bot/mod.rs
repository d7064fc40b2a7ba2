//! Discord: turns interactions into lobby commands and lobby notices into Discord calls.
//! Knows nothing about poker rules: the lobby decides, the renderer words, the bot delivers.
//!
//! - [`serve`] connects serenity (through `[discord] api_proxy` when set) with the poise
//!   framework of [`commands`], reattaches every stored table, and shuts down cleanly.
//! - [`presenter`]: one task per table turns its notices into one board message per hand
//!   (edited), DMs of down cards, and mentions of the player to act.
//! - [`clicks`]: action buttons, answered by updating the board (interaction response type 7).
//! - [`outbox`]: every other channel write, within Discord's per-channel rate limit.

pub mod clicks;
pub mod commands;
pub mod config;
pub mod custom_id;
pub mod moderation;
pub mod outbox;
pub mod permissions;
pub mod preflight;
pub mod presenter;
pub mod rest;

use std::collections::HashMap;
use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tracing::Instrument as _;

use crate::bank::{Bank, GuildId, TableId, UserId};
use crate::lobby::{BankTableStore, Lobby, LobbyConfig, ShutdownOutcome, TableHandle};
use crate::render::Locale;

use config::Config;
use outbox::{Outbox, RatePolicy};
use presenter::Presenter;
use rest::{DISCORD_BASE, Rest};

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
    presenters: Mutex<HashMap<TableId, Arc<Presenter>>>,
    names: Mutex<HashMap<UserId, String>>,
    /// Users already asked of Discord (once each: a failing lookup is not retried per board).
    looked_up: Mutex<std::collections::HashSet<UserId>>,
    locales: Mutex<HashMap<UserId, Locale>>,
    /// Each guild's preferred locale, as its latest interaction said (`guild_locale`).
    guild_locales: Mutex<HashMap<GuildId, String>>,
    dm_channels: Mutex<HashMap<UserId, u64>>,
    shutting_down: AtomicBool,
}

impl Bot {
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

    /// serenity's HTTP client, once the gateway is ready.
    pub fn http(&self) -> Option<Arc<serenity::Http>> {
        self.inner.http.get().cloned()
    }

    pub fn is_shutting_down(&self) -> bool {
        self.inner.shutting_down.load(Ordering::SeqCst)
    }

    /// The language of a table's public text: the one chosen for the table (`/table open
    /// language:`), else the guild's preferred locale when we speak it, else the configured one.
    pub fn public_locale(&self, guild: GuildId, table: TableId) -> Locale {
        let chosen = self
            .existing_presenter(table)
            .and_then(|presenter| presenter.language());
        self.table_locale(guild, chosen)
    }

    /// Like [`Bot::public_locale`], for a table whose chosen language is known.
    pub fn table_locale(&self, guild: GuildId, chosen: Option<Locale>) -> Locale {
        let guild_locale = lock(&self.inner.guild_locales).get(&guild).cloned();
        Locale::for_table(chosen, guild_locale.as_deref(), self.inner.config.locale)
    }

    /// Remembers a guild's preferred locale, which Discord sends with every interaction.
    pub fn remember_guild_locale(&self, guild: GuildId, discord_locale: Option<&str>) {
        if let Some(tag) = discord_locale {
            lock(&self.inner.guild_locales).insert(guild, tag.to_owned());
        }
    }

    /// The language for one user: their Discord client's when we speak it, else `fallback`
    /// (the language of the table they play at).
    pub fn user_locale(&self, discord_locale: &str, fallback: Locale) -> Locale {
        Locale::for_player(Some(discord_locale), fallback)
    }

    /// Remembers a user's Discord locale (for their DMs).
    pub fn remember_locale(&self, user: UserId, discord_locale: &str) {
        if let Some(locale) = Locale::parse(discord_locale) {
            lock(&self.inner.locales).insert(user, locale);
        }
    }

    /// The language of a user's DMs: their client's, when seen, else `fallback` (the
    /// language of the table they play at).
    pub fn player_locale(&self, user: UserId, fallback: Locale) -> Locale {
        lock(&self.inner.locales)
            .get(&user)
            .copied()
            .unwrap_or(fallback)
    }

    /// The DM channel with `user`, opened once and remembered.
    pub async fn dm_channel(&self, user: UserId) -> Result<u64, rest::RestError> {
        if let Some(channel) = lock(&self.inner.dm_channels).get(&user).copied() {
            return Ok(channel);
        }
        let channel = self.inner.rest.open_dm(user.0).await?;
        lock(&self.inner.dm_channels).insert(user, channel);
        Ok(channel)
    }

    /// Remembers how a user is called (from their latest interaction).
    pub fn remember_name(&self, user: UserId, name: &str) {
        if name.trim().is_empty() {
            return;
        }
        lock(&self.inner.names).insert(user, name.to_owned());
    }

    /// A user's name, or `None` when the bot has not seen them yet.
    pub fn known_name(&self, user: UserId) -> Option<String> {
        lock(&self.inner.names).get(&user).cloned()
    }

    /// A user's name; asks Discord for unknown users (after a restart) and falls back to a
    /// neutral label when that fails.
    pub async fn name(&self, user: UserId) -> String {
        if let Some(name) = self.known_name(user) {
            return name;
        }
        let first_lookup = lock(&self.inner.looked_up).insert(user);
        if first_lookup && let Some(http) = self.http() {
            let lookup = http.get_user(serenity::UserId::new(user.0.max(1)));
            if let Ok(Ok(found)) = tokio::time::timeout(Duration::from_secs(2), lookup).await {
                let name = found.global_name.clone().unwrap_or(found.name.clone());
                self.remember_name(user, &name);
                return name;
            }
        }
        fallback_name(user)
    }

    /// The presenter of a table, started (and subscribed to the table) on first use.
    pub async fn presenter(&self, handle: &TableHandle) -> anyhow::Result<Arc<Presenter>> {
        if let Some(existing) = lock(&self.inner.presenters).get(&handle.table()).cloned()
            && existing.is_running()
        {
            return Ok(existing);
        }
        let receiver = handle
            .subscribe()
            .await
            .with_context(|| format!("subscribing to table {}", handle.table().0))?;
        // The table's chosen language; later changes come as notices.
        let language = match handle.status().await {
            Ok(status) => status.settings.language,
            Err(_) => None,
        };
        let mut presenters = lock(&self.inner.presenters);
        if let Some(existing) = presenters.get(&handle.table()).cloned()
            && existing.is_running()
        {
            // Another task attached first; this receiver is dropped and unsubscribes.
            return Ok(existing);
        }
        let presenter = Presenter::new(self.clone(), handle.clone());
        presenter.set_language(language);
        presenters.insert(handle.table(), presenter.clone());
        drop(presenters);
        let span = tracing::info_span!("table", table = handle.table().0, guild = handle.guild().0);
        tokio::spawn(presenter.clone().run(receiver).instrument(span));
        Ok(presenter)
    }

    /// The presenter of a table if it is running.
    pub fn existing_presenter(&self, table: TableId) -> Option<Arc<Presenter>> {
        lock(&self.inner.presenters).get(&table).cloned()
    }
}

fn fallback_name(user: UserId) -> String {
    format!("Player {}", user.0 % 10_000)
}

/// Locks a mutex that only guards plain maps (a panic elsewhere cannot leave them half-written).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs the bot until `shutdown` resolves, then stops taking commands, has the lobby stop every
/// table (hands in progress may finish within `shutdown_grace_secs`; what is left is cancelled
/// and refunded through the bank), tells the channels, flushes the outbox and the bank, and
/// returns.
pub async fn serve(config: Config, shutdown: impl Future<Output = ()>) -> anyhow::Result<()> {
    let data_dir = config.data_dir.clone();
    std::fs::create_dir_all(&data_dir)
        .with_context(|| format!("creating the data directory {}", data_dir.display()))?;
    let bank = Bank::open(&data_dir.join("bank"), config.economy.clone())
        .await
        .map_err(|error| anyhow::anyhow!("opening the bank in {}: {error}", data_dir.display()))?;
    let store = table_store(&data_dir, &bank).await?;
    let lobby_config = LobbyConfig {
        deck_seed: config.testing.deck_seed,
    };
    let (lobby, recoveries) = Lobby::start(bank.clone(), store, lobby_config)
        .await
        .map_err(|error| anyhow::anyhow!("starting the tables: {error}"))?;
    for recovery in &recoveries {
        tracing::info!(
            table = recovery.table.0,
            hand = recovery.hand,
            players = recovery.stacks.len(),
            "an interrupted hand was cancelled and refunded"
        );
    }

    let base = config
        .discord
        .api_proxy
        .clone()
        .unwrap_or_else(|| DISCORD_BASE.to_owned());
    let rest = Rest::new(&base, &config.token);
    let outbox = Outbox::new(rest.clone(), RatePolicy::default());
    let bot = Bot {
        inner: Arc::new(BotInner {
            config: config.clone(),
            lobby,
            bank: bank.clone(),
            outbox,
            rest,
            http: OnceLock::new(),
            presenters: Mutex::new(HashMap::new()),
            names: Mutex::new(HashMap::new()),
            looked_up: Mutex::new(std::collections::HashSet::new()),
            locales: Mutex::new(HashMap::new()),
            guild_locales: Mutex::new(HashMap::new()),
            dm_channels: Mutex::new(HashMap::new()),
            shutting_down: AtomicBool::new(false),
        }),
    };

    let mut http = serenity::HttpBuilder::new(config.token.expose());
    if let Some(proxy) = &config.discord.api_proxy {
        // serenity ignores the proxy while its own rate limiter is on; a proxy limits for us.
        http = http
            .proxy(proxy.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let http = http.build();
    preflight::check(&http, &base).await?;
    let framework = commands::framework(bot.clone());
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("building the Discord client")?;
    let _ = bot.inner.http.set(client.http.clone());
    let shard_manager = client.shard_manager.clone();
    let shards = config.discord.shards;
    let mut gateway = tokio::spawn(async move {
        let outcome = match shards {
            Some(shards) => client.start_shard_range(shards.range(), shards.total).await,
            None => client.start_autosharded().await,
        };
        if let Err(error) = outcome {
            tracing::error!(%error, "the Discord connection ended");
        }
    });

    // Tables reopened from the store get their presenter now, so the channel hears about a
    // hand the restart cancelled even before anyone types.
    for handle in bot.lobby().tables() {
        if let Err(error) = bot.presenter(&handle).await {
            tracing::warn!(table = handle.table().0, %error, "cannot attach to a table");
        }
    }

    let lost = tokio::select! {
        () = shutdown => false,
        _ = &mut gateway => true,
    };
    shut_down(&bot, shard_manager).await;
    if lost {
        // A non-zero exit, so a supervisor starts the bot again.
        anyhow::bail!("the Discord connection ended");
    }
    Ok(())
}

/// Table settings live in the bank; an older version's `<data>/tables/` folder of JSON files is
/// imported once (and renamed `tables.imported`).
async fn table_store(data_dir: &Path, bank: &Bank) -> anyhow::Result<Arc<BankTableStore>> {
    let store = BankTableStore::new(bank.clone());
    let imported = crate::lobby::import_table_files(&data_dir.join("tables"), &store)
        .await
        .map_err(|error| anyhow::anyhow!("importing the table settings: {error}"))?;
    if imported > 0 {
        tracing::info!(
            imported,
            "table settings imported from the tables folder into the bank"
        );
    }
    Ok(Arc::new(store))
}

async fn shut_down(bot: &Bot, shard_manager: Arc<serenity::ShardManager>) {
    bot.inner.shutting_down.store(true, Ordering::SeqCst);
    tracing::info!("no longer taking commands; letting hands in progress finish");
    // The lobby stops every table: no new hand; a hand still running after the grace is
    // cancelled in the bank (the escrow already holds every seat's stack from its start, so
    // that is the refund, durable before exiting) and its channel told through the table's
    // presenter. Had the process died instead, the bank's recovery would do the same at start.
    let grace = Duration::from_secs(bot.config().shutdown_grace_secs);
    // The channel is told here rather than by the presenters (which ignore a shutdown's
    // `HandCancelled`): the outbox flush below then surely carries it before the exit.
    for (table, outcome) in bot.lobby().shutdown(grace).await {
        let told = match outcome {
            Ok(ShutdownOutcome::Idle) => None,
            Ok(ShutdownOutcome::HandFinished { hand }) => {
                tracing::info!(table = table.0, hand, "hand finished within the grace");
                None
            }
            Ok(ShutdownOutcome::HandCancelled { hand }) => {
                tracing::warn!(
                    table = table.0,
                    hand,
                    "hand unfinished at shutdown: cancelled and refunded"
                );
                Some(("bot-stopped-mid-hand", hand))
            }
            Ok(ShutdownOutcome::CancelFailed { hand, reason }) => {
                tracing::error!(table = table.0, hand, %reason, "cancelling an unfinished hand failed; the next start refunds it");
                Some(("bot-stopping-mid-hand", hand))
            }
            Err(error) => {
                tracing::warn!(table = table.0, %error, "a table did not stop cleanly");
                None
            }
        };
        if let Some((message, hand)) = told {
            let locale = bot
                .existing_presenter(table)
                .map_or(bot.config().locale, |presenter| presenter.locale());
            let text = crate::render::tr(locale, message, &[("hand", hand.into())]);
            let body = serde_json::json!({ "content": text, "allowed_mentions": { "parse": [] } });
            let _ = tokio::time::timeout(Duration::from_secs(3), bot.outbox().post(table.0, body))
                .await;
        }
    }
    if !bot.outbox().flush(Duration::from_secs(5)).await {
        tracing::warn!("some channel messages could not be sent before exiting");
    }
    shard_manager.shutdown_all().await;
    if let Err(error) = bot.bank().shutdown().await {
        tracing::error!(%error, "flushing the bank failed");
    }
    tracing::info!("stopped");
}
