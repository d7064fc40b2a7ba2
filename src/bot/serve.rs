//! Start-up and shutdown: [`serve`] opens the data directory and the bank, serves the metrics,
//! builds the [`Bot`] and its lobby, connects to Discord with the poise framework, reattaches
//! every stored table; once told to stop, `shut_down` stops taking commands, has every table
//! stop (hands in progress may finish within the grace), tells the channels, flushes the
//! outbox and the bank.

use std::collections::HashMap;
use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use quick_cache::sync::Cache;
use secrecy::ExposeSecret as _;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::bank::{Bank, TableId};
use crate::lobby::{BankTableStore, Lobby, LobbyConfig, ShutdownOutcome};
use crate::render::Locale;

use super::config::{Config, Misconfigured, ShardConfig};
use super::discord_time::DiscordTime;
use super::names::Names;
use super::outbox::{Outbox, RatePolicy};
use super::pings::Pings;
use super::rest::{DISCORD_BASE, Rest};

use super::{Bot, BotInner, GUILDS_KEPT, PLAYERS_KEPT, backups, framework, lock, preflight, rest};

/// Runs the bot until `shutdown` resolves, then stops taking commands, has the lobby stop every
/// table (hands in progress may finish within `shutdown_grace_secs`; what is left is cancelled
/// and refunded through the bank), tells the channels, flushes the outbox and the bank, and
/// returns.
pub async fn serve(config: Config, shutdown: impl Future<Output = ()>) -> anyhow::Result<()> {
    serve_observed(config, shutdown, |_| {}).await
}

/// [`serve`], handing the bot to `started` once it runs (tests read its [`Bot::footprint`]).
pub async fn serve_observed(
    config: Config,
    shutdown: impl Future<Output = ()>,
    started: impl FnOnce(Bot),
) -> anyhow::Result<()> {
    // The recorder first, so the bank's and the tables' counts start from their beginning.
    let telemetry = config
        .metrics
        .listen
        .map(|address| (address, crate::telemetry::Telemetry::install()));
    let data_dir = config.data_dir.clone();
    let bank = open_bank(&config).await?;
    let store = table_store(&data_dir, &bank).await?;
    let metrics = Metrics::serve(telemetry, &bank).await?;
    let pings = Pings::load(&bank, &data_dir).await?;
    let lobby = start_lobby(&config, &bank, store).await?;
    let base = config
        .discord
        .api_proxy
        .clone()
        .unwrap_or_else(|| DISCORD_BASE.to_owned());
    let bot = build_bot(
        &config,
        &base,
        lobby,
        &bank,
        pings,
        Arc::clone(&metrics.health),
    );
    let client = connect(&config, &base, &bot).await?;
    let _ = bot.inner.http.set(client.http.clone());
    let _ = bot.inner.discord_cache.set(client.cache.clone());
    start_backups(&bot, &config);
    super::emoji::start(&bot);
    started(bot.clone());
    let shard_manager = client.shard_manager.clone();
    // Checked when the config was read: a config that passed has a valid shard range.
    let shards = config.discord.shard_config().unwrap_or_default();
    let mut gateway = run_gateway(client, shards);

    tokio::spawn(watch_shard_runners(
        bot.clone(),
        shard_manager.clone(),
        bot.inner.stop.clone(),
    ));
    bot.spawn(super::reopening::check_reopened_tables(bot.clone()));
    bot.announce_kept_results().await;
    bot.resume_events().await;
    let finding = bot.clone();
    bot.spawn(async move { finding.find_sit_and_gos_gone().await });

    let watched = bot.bank().clone();
    let mut bank_failed = None;
    let cannot_serve = bot.inner.cannot_serve_now.clone();
    let lost = tokio::select! {
        () = cannot_serve.cancelled() => None,
        () = shutdown => None,
        ended = &mut gateway => Some(ended),
        // sled keeps a write error until the process restarts: stop taking hands and exit
        // with the error the binary turns into its restartable code.
        failed = watched.failed() => {
            bank_failed = Some(failed);
            None
        }
    };
    shut_down(&bot, shard_manager).await;
    metrics.stop().await;
    if let Some(reason) = lock(&bot.inner.cannot_serve).take() {
        // A typed error: the binary exits with a code a supervisor restarts on.
        return Err(anyhow::Error::new(reason));
    }
    if let Some(failed) = bank_failed {
        return Err(anyhow::Error::new(failed));
    }
    exit_outcome(lost)
}

/// The gateway connection, in its own task: the shards `shards` names (all of them, sized by
/// Discord, when none are named). Its end is logged; the task answers it.
fn run_gateway(
    mut client: serenity::Client,
    shards: Option<ShardConfig>,
) -> tokio::task::JoinHandle<Result<(), serenity::Error>> {
    tokio::spawn(async move {
        let outcome = match shards {
            Some(shards) => client.start_shard_range(shards.range(), shards.total).await,
            None => client.start_autosharded().await,
        };
        if let Err(error) = &outcome {
            tracing::error!(%error, "the Discord connection ended");
        }
        outcome
    })
}

/// The data directory made if need be, and the bank in it opened.
async fn open_bank(config: &Config) -> anyhow::Result<Bank> {
    let data_dir = &config.data_dir;
    std::fs::create_dir_all(data_dir).map_err(|error| {
        Misconfigured(format!(
            "creating the data directory {}: {error}",
            data_dir.display()
        ))
    })?;
    let location = config.bank_location();
    Bank::open_at(&location, config.economy.clone())
        .await
        .map_err(|error| anyhow::anyhow!("opening the bank in {location}: {error}"))
}

/// The health the metrics report, and the metrics server when one is configured.
struct Metrics {
    health: Arc<crate::telemetry::Health>,
    stop: CancellationToken,
    server: Option<crate::telemetry::MetricsServer>,
}

impl Metrics {
    /// Metrics are served before Discord is asked anything, so an address in use is one line.
    async fn serve(
        telemetry: Option<(std::net::SocketAddr, crate::telemetry::Telemetry)>,
        bank: &Bank,
    ) -> anyhow::Result<Metrics> {
        let health = match &telemetry {
            Some((_, telemetry)) => Arc::clone(&telemetry.health),
            None => Arc::new(crate::telemetry::Health::default()),
        };
        let watched = bank.clone();
        health.watch_bank(move || watched.problem());
        let stop = CancellationToken::new();
        let server = match &telemetry {
            Some((address, telemetry)) => {
                let stop = stop.clone();
                Some(
                    telemetry
                        .serve(*address, async move { stop.cancelled().await })
                        .await?,
                )
            }
            None => None,
        };
        Ok(Metrics {
            health,
            stop,
            server,
        })
    }

    async fn stop(self) {
        self.stop.cancel();
        if let Some(server) = self.server {
            let _ = tokio::time::timeout(Duration::from_secs(5), server.task).await;
        }
    }
}

/// The lobby over the bank and the stored tables; a hand a crash cut short is cancelled and
/// refunded as it starts, and logged here.
async fn start_lobby(
    config: &Config,
    bank: &Bank,
    store: Arc<BankTableStore>,
) -> anyhow::Result<Lobby> {
    let lobby_config = LobbyConfig {
        deck_seed: config.testing.deck_seed,
        pace: config.all_in.pace(),
        sit_and_go_table: config.table,
        thinking: config.computers.thinking(),
        serves: config
            .discord
            .shard_config()
            .ok()
            .flatten()
            .map(|shards| shards.guilds()),
        // Nothing is dealt before Discord says each table's channel can show it
        // (`reopening.rs`).
        hold_reopened: true,
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
    Ok(lobby)
}

fn build_bot(
    config: &Config,
    base: &str,
    lobby: Lobby,
    bank: &Bank,
    pings: Pings,
    health: Arc<crate::telemetry::Health>,
) -> Bot {
    let rest = Rest::new(base, &config.token);
    let outbox = Outbox::new(rest.clone(), RatePolicy::default());
    Bot {
        inner: Arc::new(BotInner {
            config: config.clone(),
            lobby,
            bank: bank.clone(),
            outbox,
            rest,
            http: OnceLock::new(),
            discord_cache: OnceLock::new(),
            presenters: Mutex::new(HashMap::new()),
            event_tables: Mutex::new(HashMap::new()),
            attaching: super::attach_gates::AttachGates::default(),
            unseen_at_start: Mutex::new(std::collections::HashSet::new()),
            tasks: TaskTracker::new(),
            stop: CancellationToken::new(),
            names: Arc::new(Names::default()),
            pings,
            discord_time: DiscordTime::default(),
            locales: Cache::new(PLAYERS_KEPT),
            guild_locales: Cache::new(GUILDS_KEPT),
            dm_channels: Cache::new(PLAYERS_KEPT),
            guild_facts: super::rights::GuildFactsCache::default(),
            shutting_down: AtomicBool::new(false),
            cannot_serve: Mutex::new(None),
            cannot_serve_now: CancellationToken::new(),
            health,
            card_emoji: super::emoji::CardEmoji::default(),
            own_user: std::sync::OnceLock::new(),
            events: super::events::Keepers::default(),
        }),
    }
}

/// The serenity client, after the preflight has checked the token and the API answer.
async fn connect(config: &Config, base: &str, bot: &Bot) -> anyhow::Result<serenity::Client> {
    let mut http = serenity::HttpBuilder::new(config.token.expose_secret());
    if let Some(proxy) = &config.discord.api_proxy {
        // serenity ignores the proxy while its own rate limiter is on; a proxy limits for us.
        http = http
            .proxy(proxy.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let http = http.client(rest::serenity_client()).build();
    preflight::check(&http, base).await?;
    let framework = framework::framework(bot.clone());
    // GUILD_MESSAGES (not privileged) brings MESSAGE_DELETE: a deleted board is posted anew.
    let intents = serenity::GatewayIntents::GUILDS | serenity::GatewayIntents::GUILD_MESSAGES;
    serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .event_handler(ShardStages(bot.clone()))
        .cache_settings(discord_cache_settings())
        .await
        .context("building the Discord client")
}

/// The scheduled backups, and one on demand when SIGUSR1 asks. Waiting for a signal is not
/// work a shutdown waits for (nor a task the bot's footprint counts), so these run beside the
/// tracked tasks and end when the bot stops.
fn start_backups(bot: &Bot, config: &Config) {
    let (ask, requests) = tokio::sync::mpsc::channel(1);
    let backups = backups::run(
        bot.bank().clone(),
        config.data_dir.join(backups::FOLDER),
        config.backup,
        Arc::new(crate::bank::SystemClock),
        Some(requests),
        |_| {},
    );
    let stop = bot.inner.stop.clone();
    tokio::spawn(async move {
        #[cfg(unix)]
        let signal = backups::forward_signal(ask);
        #[cfg(not(unix))]
        let signal = async move {
            drop(ask);
            std::future::pending::<()>().await
        };
        tokio::select! {
            () = stop.cancelled() => {}
            () = async { tokio::join!(signal, backups); } => {}
        }
    });
}

/// What the binary exits with once the gateway ended (`lost`) or the bot was told to stop.
fn exit_outcome(
    lost: Option<Result<Result<(), serenity::Error>, tokio::task::JoinError>>,
) -> anyhow::Result<()> {
    match lost {
        None => Ok(()),
        Some(Ok(Err(serenity::Error::Gateway(
            refused @ (serenity::GatewayError::InvalidAuthentication
            | serenity::GatewayError::InvalidGatewayIntents
            | serenity::GatewayError::DisallowedGatewayIntents),
        )))) => {
            // Discord closed the gateway for something only the operator can change.
            Err(Misconfigured(format!(
                "Discord closed the gateway: {refused} (check DISCORD_TOKEN or `token`, and \
                 the bot's intents in the Developer Portal)"
            ))
            .into())
        }
        // Anything else a restart may cure: the supervisor starts the bot again.
        Some(_) => anyhow::bail!("the Discord connection ended"),
    }
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

/// How often the shard runners' stages are read.
const SHARD_WATCH_EVERY: Duration = Duration::from_secs(1);

/// Reads every shard runner's stage each [`SHARD_WATCH_EVERY`]: a dropped connection that
/// serenity resumes or restarts inside one runner iteration changes no stage it reports as an
/// event, and a runner being restarted is absent from the manager meanwhile. A shard is up
/// while its runner is there and connected.
async fn watch_shard_runners(
    bot: Bot,
    shard_manager: Arc<serenity::ShardManager>,
    stop: tokio_util::sync::CancellationToken,
) {
    let mut known: HashMap<u32, bool> = HashMap::new();
    loop {
        tokio::select! {
            () = stop.cancelled() => return,
            () = tokio::time::sleep(SHARD_WATCH_EVERY) => {}
        }
        let stages: HashMap<u32, bool> = shard_manager
            .runners
            .lock()
            .await
            .iter()
            .map(|(shard, info)| (shard.0, info.stage == serenity::ConnectionStage::Connected))
            .collect();
        let shards: Vec<u32> = known.keys().chain(stages.keys()).copied().collect();
        for shard in shards {
            let up = stages.get(&shard).copied().unwrap_or(false);
            if known.insert(shard, up) != Some(up) {
                bot.shard_seen(shard, up);
            }
        }
    }
}

/// Hands serenity's shard stage changes (a dropped or resumed gateway connection) to the bot:
/// serenity gives them to event handlers only, not to the framework.
struct ShardStages(Bot);

#[serenity::async_trait]
impl serenity::EventHandler for ShardStages {
    async fn shard_stage_update(
        &self,
        _context: serenity::Context,
        event: serenity::ShardStageUpdateEvent,
    ) {
        self.0.watch_shard_stage(&event);
    }
}

/// serenity's cache is compiled in (poise needs the feature) but nothing here reads it: every
/// guild's channels, threads, roles, members and emojis from GUILD_CREATE would be kept for
/// nothing, which with many guilds is most of the bot's memory. Guild locales, the only guild
/// data the bot uses, are taken from the events themselves.
fn discord_cache_settings() -> serenity::cache::Settings {
    let mut settings = serenity::cache::Settings::default();
    settings.max_messages = 0;
    settings.cache_guilds = false;
    settings.cache_channels = false;
    settings.cache_users = false;
    settings
}

async fn shut_down(bot: &Bot, shard_manager: Arc<serenity::ShardManager>) {
    bot.inner.shutting_down.store(true, Ordering::SeqCst);
    tracing::info!("no longer taking commands; letting hands in progress finish");
    // The lobby stops every table: no new hand; a hand still running after the grace is
    // cancelled in the bank (the escrow already holds every seat's stack from its start, so
    // that is the refund, durable before exiting) and its channel told through the table's
    // presenter. Had the process died instead, the bank's recovery would do the same at start.
    let grace = Duration::from_secs(bot.config().shutdown_grace_secs);
    // Each channel's language, while its presenter still runs.
    let locales: HashMap<TableId, Locale> = bot
        .lobby()
        .tables()
        .into_iter()
        .map(|handle| {
            let locale = bot.public_locale(handle.guild(), handle.table());
            (handle.table(), locale)
        })
        .collect();
    // Taken before the tables stop (a stopped table's presenter no longer counts as running).
    let presenters = bot.running_presenters();
    // The channel is told here rather than by the presenters (which ignore a shutdown's
    // `HandCancelled`): the outbox flush below then surely carries it before the exit.
    for (table, outcome) in bot.lobby().shutdown(grace).await {
        let told = shutdown_notice(table, outcome);
        if let Some((message, hand)) = told {
            let locale = locales.get(&table).copied().unwrap_or(bot.config().locale);
            let text = crate::render::tr(locale, message, &[("hand", hand.into())]);
            let body = serde_json::json!({ "content": text, "allowed_mentions": { "parse": [] } });
            let _ = tokio::time::timeout(Duration::from_secs(3), bot.outbox().post(table.0, body))
                .await;
        }
    }
    write_last_boards(bot, &presenters).await;
    shard_manager.shutdown_all().await;
    // Every task the bot started ends now (a presenter of a paused table would wait forever)
    // and is waited for, so nothing writes after the bank is flushed.
    bot.inner.stop.cancel();
    bot.inner.tasks.close();
    if tokio::time::timeout(Duration::from_secs(5), bot.inner.tasks.wait())
        .await
        .is_err()
    {
        tracing::warn!("some tasks did not end within 5 s of the shutdown");
    }
    if let Err(error) = bot.bank().shutdown().await {
        tracing::error!(%error, "flushing the bank failed");
    }
    tracing::info!("stopped");
}

/// A hand that finished within the grace has its result notices sent but maybe not yet
/// handled by its presenter: the final board edit must be in the outbox before the flush.
async fn write_last_boards(bot: &Bot, presenters: &[Arc<super::presenter::Presenter>]) {
    let caught_up = async {
        for presenter in presenters {
            presenter.caught_up().await;
        }
    };
    if tokio::time::timeout(Duration::from_secs(5), caught_up)
        .await
        .is_err()
    {
        tracing::warn!("some tables' last boards were not written within 5 s of their stop");
    }
    if !bot.outbox().flush(Duration::from_secs(5)).await {
        tracing::warn!("some channel messages could not be sent before exiting");
    }
}

/// What a table's stop tells its channel (the message and the hand), logged as it happened.
fn shutdown_notice(
    table: TableId,
    outcome: Result<ShutdownOutcome, crate::lobby::LobbyError>,
) -> Option<(&'static str, u64)> {
    match outcome {
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
    }
}
