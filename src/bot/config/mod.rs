//! `config.toml` of `studbot run`: what the file may hold, its defaults, and the checks that
//! turn a missing or invalid value into one line naming its path, the value and what is
//! expected (never a panic). The token is a [`SecretString`] so that no `Debug` or log line can
//! show it.

use std::ops::Range;
use std::path::{Path, PathBuf};

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use crate::bank::EconomyConfig;
use crate::lobby::{SettingsError, TableSettings};

pub use super::computers_config::ComputersConfig;
use crate::render::Locale;

/// The environment variable that, when set and not empty, replaces the file's `token`.
pub const TOKEN_VARIABLE: &str = "DISCORD_TOKEN";

/// Everything `studbot run` reads from its config file.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The bot token; the `DISCORD_TOKEN` variable wins over it.
    pub token: SecretString,
    /// The bot's own files: its bank's sled database (unless `[bank] store` names another),
    /// its scheduled backups, the members' preferences file.
    pub data_dir: PathBuf,
    /// The language used when the player's Discord locale is none of ours.
    pub locale: Locale,
    /// On SIGINT/SIGTERM, how long hands in progress may go on before the bot stops anyway
    /// (an unfinished hand is refunded when the bot starts again).
    pub shutdown_grace_secs: u64,
    pub discord: DiscordConfig,
    pub log: LogConfig,
    pub economy: EconomyConfig,
    /// Where the bank is kept.
    pub bank: BankConfig,
    /// What `/table open` uses for every option the moderator leaves out.
    pub table: TableSettings,
    /// Prometheus metrics and `/healthz` (off unless `listen` is set).
    pub metrics: crate::telemetry::MetricsConfig,
    /// How an all-in hand is dealt out on the board.
    pub all_in: AllInConfig,
    /// Scheduled backups of the bank into `data_dir/backups/` (off unless `every_hours` > 0).
    pub backup: super::backups::BackupConfig,
    /// How long computer players think before they act.
    pub computers: ComputersConfig,
    pub testing: TestingConfig,
}

/// `[bank]`: where the bank is kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BankConfig {
    /// A PostgreSQL database (`postgres://user@host/db`), which several bot processes may
    /// share; none: the sled database in `data_dir/bank`.
    pub store: Option<String>,
}

impl Config {
    /// Where the bank is kept: `[bank] store`, else `data_dir/bank`.
    pub fn bank_location(&self) -> crate::bank::StoreLocation {
        match &self.bank.store {
            Some(url) => crate::bank::StoreLocation::Postgres(url.clone()),
            None => crate::bank::StoreLocation::Sled(self.data_dir.join("bank")),
        }
    }
}

/// How an all-in hand is dealt out: each street's board, with the equities, stays up
/// `street_pause_ms`; the equities may take `equity_budget_ms` before the board goes up
/// without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AllInConfig {
    pub street_pause_ms: u64,
    pub equity_budget_ms: u64,
}

impl AllInConfig {
    pub fn pace(&self) -> crate::lobby::DealingOutPace {
        crate::lobby::DealingOutPace {
            street_pause: std::time::Duration::from_millis(self.street_pause_ms),
            equity_budget: std::time::Duration::from_millis(self.equity_budget_ms),
        }
    }
}

impl Default for AllInConfig {
    fn default() -> Self {
        let pace = crate::lobby::DealingOutPace::default();
        AllInConfig {
            street_pause_ms: pace.street_pause.as_millis() as u64,
            equity_budget_ms: pace.equity_budget.as_millis() as u64,
        }
    }
}

/// Knobs for tests only.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TestingConfig {
    /// Shuffle every deck from this seed (mixed with the table id) so a test knows what is
    /// dealt. Never set it for real games: anyone who knows it can predict every card.
    pub deck_seed: Option<u64>,
    /// Every button's work (an action reaching its table, a registration reaching the bank)
    /// starts this many milliseconds late, so a test can see a slow click deferred. 0 (the
    /// default) for real games.
    pub click_delay_ms: u64,
    /// Every slash command's work takes this many milliseconds longer, so a test can see slow
    /// commands deferred. 0 (the default) for real games.
    pub command_delay_ms: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            token: SecretString::new(String::new()),
            data_dir: PathBuf::from("data"),
            locale: Locale::En,
            shutdown_grace_secs: 10,
            discord: DiscordConfig::default(),
            log: LogConfig::default(),
            economy: EconomyConfig::default(),
            bank: BankConfig::default(),
            table: TableSettings::default(),
            metrics: crate::telemetry::MetricsConfig::default(),
            all_in: AllInConfig::default(),
            backup: super::backups::BackupConfig::default(),
            computers: ComputersConfig::default(),
            testing: TestingConfig::default(),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// Replaces `https://discord.com` in every REST call (a shared rate-limit proxy, or a fake
    /// Discord in tests). With it, serenity's own rate limiter is off.
    pub api_proxy: Option<String>,
    /// Register the slash commands in these guilds only (instant); empty means global.
    pub guild_ids: Vec<u64>,
    /// The shards this process runs: `"first-last"` (or one `"n"`) of `shard_total`, or the
    /// table `{ first, last, total }`; none means one process for all (autosharded).
    pub shards: Option<Shards>,
    /// How many shards the bot has in all, with `shards = "first-last"`.
    pub shard_total: Option<u32>,
    /// Members with this role may use the moderator commands, besides those with Manage Channels.
    pub moderator_role: Option<u64>,
    /// How boards, DMs and "My cards" show cards: the bot's own card emoji, or text.
    pub cards: CardsConfig,
    /// The card emoji in four colours (green clubs, blue diamonds) rather than red and black.
    pub four_colour: bool,
}

/// `[discord] cards`: how cards are shown on Discord.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardsConfig {
    /// Each card as one of the bot's application emoji (`src/faces/`), uploaded at start
    /// where missing; text until they are all there, and for good if Discord refuses them.
    #[default]
    Emoji,
    /// Rank and suit emoji ("A♠️ 10♥️"), as before.
    Text,
}

/// `[discord] shards` as written: a range of shards, or the older table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Shards {
    /// `"0-3"` or `"2"`, with `shard_total`.
    Range(String),
    /// `{ first = 0, last = 3, total = 8 }`.
    Table(ShardConfig),
}

/// Shards `first..=last` of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardConfig {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardConfig {
    pub fn range(&self) -> Range<u32> {
        self.first..self.last.saturating_add(1)
    }

    /// The guilds of these shards, as the lobby runs them.
    pub fn guilds(&self) -> crate::lobby::GuildShare {
        crate::lobby::GuildShare {
            first: self.first,
            last: self.last,
            total: self.total,
        }
    }
}

impl DiscordConfig {
    /// The shards this process runs (`None`: all of them), or what is wrong with them.
    pub fn shard_config(&self) -> Result<Option<ShardConfig>, String> {
        let shards = match (&self.shards, self.shard_total) {
            (None, None) => return Ok(None),
            (None, Some(_)) => {
                return Err("shard_total needs shards = \"first-last\" beside it".to_owned());
            }
            (Some(Shards::Table(shards)), None) => *shards,
            (Some(Shards::Table(_)), Some(_)) => {
                return Err("give the total once: in shards' table or as shard_total".to_owned());
            }
            (Some(Shards::Range(range)), total) => {
                let Some(total) = total else {
                    return Err(format!(
                        "shards = \"{range}\" needs shard_total, the number of shards in all"
                    ));
                };
                let number = |text: &str| text.trim().parse::<u32>().ok();
                let (first, last) = match range.split_once('-') {
                    Some((first, last)) => (number(first), number(last)),
                    None => (number(range), number(range)),
                };
                let (Some(first), Some(last)) = (first, last) else {
                    return Err(format!(
                        "expected a range of shards such as \"0-3\" or \"2\", got \"{range}\""
                    ));
                };
                ShardConfig { first, last, total }
            }
        };
        if shards.total == 0 {
            return Err("total must be at least 1".to_owned());
        }
        if shards.first > shards.last || shards.last >= shards.total {
            return Err(format!(
                "expected first <= last < total, got first = {}, last = {}, total = {}",
                shards.first, shards.last, shards.total
            ));
        }
        Ok(Some(shards))
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Pretty,
    Json,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A tracing filter: `info`, `debug`, or per target such as `studbot=debug,serenity=warn`.
    /// `RUST_LOG` wins when set.
    pub level: String,
    pub format: LogFormat,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            level: "info".to_owned(),
            format: LogFormat::Pretty,
        }
    }
}

/// A failure at start-up or at run time that only the operator can cure (the token Discord
/// refuses, a data directory that cannot be made): `studbot run` exits with its configuration
/// code for it (`cli::exit`), so a supervisor does not restart in a loop.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Misconfigured(pub String);

/// The levels a log filter names.
const LOG_LEVELS: [&str; 6] = ["trace", "debug", "info", "warn", "error", "off"];

/// What is wrong with a `[log] level` filter, if anything. tracing reads a bare word that is not
/// a level as a target name, so a typo such as `inof` would silently turn off every line: each
/// directive must be a level, or `target=level`.
fn log_filter_problem(filter: &str) -> Option<String> {
    let expected = || {
        format!(
            "must be a level ({}) or target=level directives such as \"studbot=debug,info\"",
            LOG_LEVELS.join(", ")
        )
    };
    let directives: Vec<&str> = filter
        .split(',')
        .map(str::trim)
        .filter(|directive| !directive.is_empty())
        .collect();
    if directives.is_empty() {
        return Some(format!("{}, not {filter:?}", expected()));
    }
    for directive in directives {
        let level = match directive.rsplit_once('=') {
            Some((_, level)) => level,
            None if directive.contains('[') => continue,
            None => directive,
        };
        if !LOG_LEVELS.contains(&level.to_ascii_lowercase().as_str()) {
            return Some(format!("{}, not {directive:?}", expected()));
        }
    }
    tracing_subscriber::EnvFilter::try_new(filter)
        .err()
        .map(|error| format!("not a log filter: {error}"))
}

/// One line naming the file, the setting and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {setting}{separator}{problem}", separator = if setting.is_empty() { "" } else { ": " })]
pub struct ConfigError {
    pub file: String,
    /// `[section] key`, or empty when the problem is not about one setting.
    pub setting: String,
    pub problem: String,
}

impl Config {
    /// Reads `path`, applies `DISCORD_TOKEN` from the environment, and checks every value.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError {
            file: file.clone(),
            setting: String::new(),
            problem: format!("cannot read the file: {error}"),
        })?;
        let token_variable = std::env::var(TOKEN_VARIABLE).ok();
        Config::parse(&file, &text, token_variable.as_deref())
    }

    /// Parses `text` (named `file` in errors); `token_variable` is the value of
    /// `DISCORD_TOKEN`, which wins over the file's token when not empty.
    pub fn parse(
        file: &str,
        text: &str,
        token_variable: Option<&str>,
    ) -> Result<Config, ConfigError> {
        let mut config: Config = serde_path_to_error::deserialize(toml::Deserializer::new(text))
            .map_err(|error| {
                let path = error.path().to_string();
                let error = error.into_inner();
                // A syntax error has no path: the place in the text tells the setting.
                let setting = match path.as_str() {
                    "." | "" => error
                        .span()
                        .map(|span| setting_at(text, span.start))
                        .unwrap_or_default(),
                    path => setting_of_path(path),
                };
                ConfigError {
                    file: file.to_owned(),
                    problem: plain_problem(error.message(), &setting),
                    setting,
                }
            })?;
        if let Some(token) = token_variable.filter(|token| !token.trim().is_empty()) {
            config.token = SecretString::new(token.trim().to_owned());
        }
        config
            .validate()
            .map_err(|(setting, problem)| ConfigError {
                file: file.to_owned(),
                setting: setting.to_owned(),
                problem,
            })?;
        Ok(config)
    }

    /// The first setting with a wrong value and why, section by section in the file's order.
    fn validate(&self) -> Result<(), Problem> {
        self.validate_top_level()?;
        validate_discord(&self.discord)?;
        validate_all_in(&self.all_in)?;
        validate_log(&self.log)?;
        validate_economy(&self.economy)?;
        validate_bank(&self.bank)?;
        self.table
            .validate()
            .map_err(|error| ("[table]", error.to_string()))?;
        if let Err(SettingsError::ComputerBuyIn { max_buy_in, limit }) = self
            .table
            .check_computer_buy_in(self.economy.computer_max_buy_in)
        {
            return Err((
                "[table] max_buy_in",
                format!(
                    "must be at most [economy] computer_max_buy_in ({limit}) while [table] \
                     computer_players is above 0, not {max_buy_in}"
                ),
            ));
        }
        self.backup.validate()?;
        self.computers.validate()
    }

    /// The settings above the first section: the token, the shutdown's grace, the data.
    fn validate_top_level(&self) -> Result<(), Problem> {
        if self.token.expose_secret().trim().is_empty() {
            return Err((
                "token",
                format!("missing: set `token` in the file or the {TOKEN_VARIABLE} variable"),
            ));
        }
        if self.shutdown_grace_secs > 600 {
            return Err(("shutdown_grace_secs", "must be at most 600".to_owned()));
        }
        if self.data_dir.as_os_str().is_empty() {
            return Err(("data_dir", "must not be empty".to_owned()));
        }
        Ok(())
    }
}

/// A wrong setting, named as the file writes it (`[section] key`), and why.
type Problem = (&'static str, String);

fn validate_discord(discord: &DiscordConfig) -> Result<(), Problem> {
    if let Some(proxy) = &discord.api_proxy {
        let scheme_ok = proxy.starts_with("http://") || proxy.starts_with("https://");
        if !scheme_ok || proxy.len() <= "https://".len() {
            return Err((
                "[discord] api_proxy",
                format!("expected a URL starting with http:// or https://, got `{proxy}`"),
            ));
        }
    }
    if discord.guild_ids.contains(&0) {
        return Err(("[discord] guild_ids", "0 is not a guild id".to_owned()));
    }
    if discord.moderator_role == Some(0) {
        return Err(("[discord] moderator_role", "0 is not a role id".to_owned()));
    }
    discord
        .shard_config()
        .map_err(|problem| ("[discord] shards", problem))?;
    Ok(())
}

fn validate_bank(bank: &BankConfig) -> Result<(), Problem> {
    match &bank.store {
        Some(url) if !crate::bank::StoreLocation::is_url(url) => Err((
            "[bank] store",
            format!(
                "expected a PostgreSQL URL such as postgres://user@host/db, got `{}`",
                crate::bank::store::postgres::display_url(url)
            ),
        )),
        _ => Ok(()),
    }
}

fn validate_all_in(all_in: &AllInConfig) -> Result<(), Problem> {
    for (setting, value) in [
        ("[all_in] street_pause_ms", all_in.street_pause_ms),
        ("[all_in] equity_budget_ms", all_in.equity_budget_ms),
    ] {
        if value > crate::lobby::DealingOutPace::MAX_MS {
            return Err((
                setting,
                format!("must be at most {}", crate::lobby::DealingOutPace::MAX_MS),
            ));
        }
    }
    Ok(())
}

fn validate_log(log: &LogConfig) -> Result<(), Problem> {
    match log_filter_problem(&log.level) {
        Some(problem) => Err(("[log] level", problem)),
        None => Ok(()),
    }
}

fn validate_economy(economy: &EconomyConfig) -> Result<(), Problem> {
    if economy.give_min == 0 {
        return Err(("[economy] give_min", "must be at least 1".to_owned()));
    }
    if economy.give_min > economy.give_max {
        return Err((
            "[economy] give_max",
            format!("must not be less than give_min ({})", economy.give_min),
        ));
    }
    if economy.computer_max_buy_in == 0 {
        return Err((
            "[economy] computer_max_buy_in",
            "must be at least 1".to_owned(),
        ));
    }
    if economy.store_timeout_ms == 0 {
        return Err((
            "[economy] store_timeout_ms",
            "must be at least 1".to_owned(),
        ));
    }
    Ok(())
}

/// `[section] key` for the value at byte `offset` of `text`, read from the source itself so the
/// message names what the user wrote.
fn setting_at(text: &str, offset: usize) -> String {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |index| index + 1);
    let line_prefix = &before[line_start..];
    let key = line_prefix
        .rfind('=')
        .map(|equals| {
            line_prefix[..equals]
                .rsplit(['{', ',', ' ', '\t'])
                .find(|word| !word.trim().is_empty())
                .unwrap_or("")
                .trim()
                .to_owned()
        })
        .or_else(|| {
            // The span starts at the key itself (an unknown key): take the word under it.
            let rest = &text[offset..];
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-' || *c == '.')
                .collect();
            (!word.is_empty()).then_some(word)
        })
        .unwrap_or_default();
    let section = before[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|line| line.starts_with('[') && line.contains(']'))
        .map(|line| line[..=line.find(']').unwrap_or(0)].to_owned());
    match (section, key.is_empty()) {
        (Some(section), false) => format!("{section} {key}"),
        (Some(section), true) => section,
        (None, _) => key,
    }
}

/// `[section] key` for a setting's path as serde walked it (`table.stakes.ante`); a key of the
/// top level is named alone.
fn setting_of_path(path: &str) -> String {
    match path.rsplit_once('.') {
        Some((section, key)) => format!("[{section}] {key}"),
        None => path.to_owned(),
    }
}

/// serde's wording, in the words a person who edits a config file uses: what is expected and
/// the value that was given, without naming the `setting` a second time.
fn plain_problem(message: &str, setting: &str) -> String {
    let message = message.trim().replace('\n', " ");
    let key = setting.rsplit(' ').next().unwrap_or(setting);
    // The engine's own readers name their field ("ante must be ..."): the line names it already.
    let message = message
        .strip_prefix(key)
        .and_then(|rest| rest.strip_prefix(' '))
        .filter(|rest| rest.starts_with("must "))
        .map_or(message.clone(), str::to_owned);
    let expected = [
        ("u64", "a whole number"),
        ("u32", "a whole number"),
        ("u8", "a whole number"),
        ("a boolean", "true or false"),
        ("a string", "a quoted string"),
    ];
    if let Some((given, serde_word)) = message
        .strip_prefix("invalid type: ")
        .and_then(|rest| rest.split_once(", expected "))
    {
        let plain = expected
            .iter()
            .find(|(word, _)| *word == serde_word)
            .map_or(serde_word, |(_, plain)| *plain);
        return format!("expected {plain}, not {}", given.replace('`', ""));
    }
    if let Some((given, serde_word)) = message
        .strip_prefix("invalid value: ")
        .and_then(|rest| rest.split_once(", expected "))
        && serde_word.starts_with('u')
    {
        return format!(
            "expected a whole number that fits, not {}",
            given.replace('`', "")
        );
    }
    message
}

#[cfg(test)]
mod tests;
