//! The slash commands (names fixed by DESIGN.md), their descriptions in English, Spanish and
//! Indonesian (from `locales/*/bot.ftl`), the poise framework around them, and the words of
//! every refusal. Each command is one call to the lobby or the bank; moderator commands check
//! the member's permissions (Manage Channels, or the configured role) here, in the bot.
//!
//! Every command is answered within Discord's 3 seconds: when the work takes longer than
//! [`DEFER_AFTER`], the interaction is deferred and the answer follows.

use std::borrow::Cow;
use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::Instrument as _;

use crate::bank::{BankError, GuildId, TableId, UserId};
use crate::lobby::{LobbyError, TableHandle, TableSettings};
use crate::render::{self, Locale, Notice};
use crate::table::{OddChip, ShortAllIn};

use super::moderation::is_moderator;
use super::{Bot, Context};

type Error = anyhow::Error;
type Outcome = Result<(), Error>;

/// Work still running after this long is deferred so Discord's 3 seconds never run out.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The answer to a command: its text, and whether the channel sees it.
struct Answer {
    text: String,
    public: bool,
}

impl Answer {
    fn public(text: String) -> Answer {
        Answer { text, public: true }
    }

    fn private(text: String) -> Answer {
        Answer {
            text,
            public: false,
        }
    }
}

/// Builds the poise framework with every command, localized, for `bot`.
pub fn framework(bot: Bot) -> poise::Framework<Bot, Error> {
    let mut commands = vec![
        table(),
        join(),
        leave(),
        sitout(),
        back(),
        cards(),
        balance(),
        daily(),
        give(),
        leaderboard(),
        stats(),
        history(),
        rules(),
        chips(),
    ];
    for command in &mut commands {
        localize(command);
    }
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |framework, event| {
                Box::pin(async move {
                    if let serenity::FullEvent::InteractionCreate {
                        interaction: serenity::Interaction::Component(click),
                    } = event
                    {
                        super::clicks::handle(
                            framework.user_data,
                            framework.serenity_context,
                            click,
                        )
                        .await;
                    }
                    Ok(())
                })
            },
            command_check: Some(|ctx| Box::pin(async move { Ok(!ctx.data().is_shutting_down()) })),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord");
                let commands = &framework.options().commands;
                let guilds = &bot.config().discord.guild_ids;
                if guilds.is_empty() {
                    poise::builtins::register_globally(ctx, commands).await?;
                } else {
                    for guild in guilds {
                        poise::builtins::register_in_guild(
                            ctx,
                            commands,
                            serenity::GuildId::new(*guild),
                        )
                        .await?;
                    }
                }
                Ok(bot)
            })
        })
        .build()
}

/// Fills a command's (and its subcommands' and options') descriptions from `bot.ftl`:
/// `cmd-<qualified name with dashes>`, `opt-<option with dashes>`, `choice-<choice>`.
pub fn localize(command: &mut poise::Command<Bot, Error>) {
    localize_under(command, "cmd");
}

fn localize_under(command: &mut poise::Command<Bot, Error>, parent: &str) {
    let id = format!("{parent}-{}", command.name);
    command.description = Some(Cow::Owned(render::tr(Locale::En, &id, &[])));
    command.description_localizations = Cow::Owned(localizations(&id));
    for parameter in &mut command.parameters {
        let id = format!("opt-{}", parameter.name.replace('_', "-"));
        parameter.description = Some(Cow::Owned(render::tr(Locale::En, &id, &[])));
        parameter.description_localizations = Cow::Owned(localizations(&id));
        let mut choices = parameter.choices.to_vec();
        for choice in &mut choices {
            let id = format!("choice-{}", choice.name.replace('_', "-"));
            choice.localizations = Cow::Owned(localizations(&id));
        }
        parameter.choices = Cow::Owned(choices);
    }
    for subcommand in &mut command.subcommands {
        localize_under(subcommand, &id);
    }
}

/// Discord's Spanish (Spain and Latin America) and Indonesian locales.
fn localizations(id: &str) -> Vec<(Cow<'static, str>, Cow<'static, str>)> {
    let spanish = render::tr(Locale::Es, id, &[]);
    vec![
        (Cow::Borrowed("es-ES"), Cow::Owned(spanish.clone())),
        (Cow::Borrowed("es-419"), Cow::Owned(spanish)),
        (
            Cow::Borrowed("id"),
            Cow::Owned(render::tr(Locale::Id, id, &[])),
        ),
    ]
}

async fn on_error(error: poise::FrameworkError<'_, Bot, Error>) {
    match error {
        poise::FrameworkError::CommandCheckFailed { ctx, .. } => {
            let text = render::tr(locale(ctx), "bot-shutting-down", &[]);
            let _ = send(ctx, Answer::private(text)).await;
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %error, "command failed");
            let text = render::tr(locale(ctx), "bot-failed", &[]);
            let _ = send(ctx, Answer::private(text)).await;
        }
        other => {
            if let Err(error) = poise::builtins::on_error(other).await {
                tracing::error!(%error, "reporting a framework error failed");
            }
        }
    }
}

/// The language of the caller's own answers: their Discord locale when we speak it, else
/// the language of the channel's table.
fn locale(ctx: Context<'_>) -> Locale {
    let bot = ctx.data();
    let public = public_locale(ctx);
    bot.user_locale(ctx.locale().unwrap_or(""), public)
}

/// The language of what the channel reads (see [`Bot::public_locale`]); remembers the
/// guild's preferred locale the interaction carries.
fn public_locale(ctx: Context<'_>) -> Locale {
    let bot = ctx.data();
    let Some(guild) = ctx.guild_id().map(|guild| GuildId(guild.get())) else {
        return bot.config().locale;
    };
    if let poise::Context::Application(app) = ctx {
        bot.remember_guild_locale(guild, app.interaction.guild_locale.as_deref());
    }
    bot.public_locale(guild, TableId(ctx.channel_id().get()))
}

async fn send(ctx: Context<'_>, answer: Answer) -> Outcome {
    let reply = poise::CreateReply::default()
        .content(answer.text)
        .ephemeral(!answer.public)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

/// Who is asking, where.
struct Caller {
    user: UserId,
    guild: GuildId,
    table: TableId,
    /// The caller's own language (private answers).
    locale: Locale,
    /// The channel's language (public answers).
    public: Locale,
    moderator: bool,
}

fn caller(ctx: Context<'_>) -> Option<Caller> {
    let bot = ctx.data();
    let user = UserId(ctx.author().id.get());
    let (permissions, roles, name) = match ctx {
        poise::Context::Application(app) => match app.interaction.member.as_deref() {
            Some(member) => (
                member.permissions,
                member.roles.clone(),
                member.nick.clone(),
            ),
            None => (None, Vec::new(), None),
        },
        poise::Context::Prefix(_) => (None, Vec::new(), None),
    };
    let name = name
        .or_else(|| ctx.author().global_name.clone())
        .unwrap_or_else(|| ctx.author().name.clone());
    bot.remember_name(user, &name);
    bot.remember_locale(user, ctx.locale().unwrap_or(""));
    Some(Caller {
        user,
        guild: GuildId(ctx.guild_id()?.get()),
        table: TableId(ctx.channel_id().get()),
        locale: locale(ctx),
        public: public_locale(ctx),
        moderator: is_moderator(permissions, &roles, bot.config().discord.moderator_role),
    })
}

/// Runs a command's work in a span, deferring when it is slow, and sends its answer.
/// `public_when_deferred`: the visibility a deferral must choose before the answer is known.
async fn respond<F>(ctx: Context<'_>, public_when_deferred: bool, work: F) -> Outcome
where
    F: Future<Output = Answer>,
{
    let span = tracing::info_span!(
        "command",
        name = %ctx.command().qualified_name,
        user = ctx.author().id.get(),
        channel = ctx.channel_id().get(),
        guild = ctx.guild_id().map_or(0, |guild| guild.get()),
    );
    let delay = Duration::from_millis(ctx.data().config().testing.command_delay_ms);
    let work = async move {
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        work.await
    };
    async move {
        let mut work = std::pin::pin!(work);
        let answer = tokio::select! {
            answer = &mut work => answer,
            () = tokio::time::sleep(DEFER_AFTER) => {
                if public_when_deferred {
                    ctx.defer().await?;
                } else {
                    ctx.defer_ephemeral().await?;
                }
                work.await
            }
        };
        send(ctx, answer).await
    }
    .instrument(span)
    .await
}

/// Runs `work` for a caller in a guild channel; elsewhere answers that it needs one.
async fn in_guild<F, Fut>(ctx: Context<'_>, public: bool, work: F) -> Outcome
where
    F: FnOnce(Caller) -> Fut,
    Fut: Future<Output = Answer>,
{
    match caller(ctx) {
        Some(caller) => respond(ctx, public, work(caller)).await,
        None => {
            let text = render::tr(locale(ctx), "bot-guild-only", &[]);
            send(ctx, Answer::private(text)).await
        }
    }
}

/// Like [`in_guild`], for moderators only.
async fn moderated<F, Fut>(ctx: Context<'_>, work: F) -> Outcome
where
    F: FnOnce(Caller) -> Fut,
    Fut: Future<Output = Answer>,
{
    in_guild(ctx, true, |caller| async move {
        if caller.moderator {
            work(caller).await
        } else {
            tracing::info!(user = caller.user.0, "moderator command refused");
            Answer::private(render::notice(caller.locale, &Notice::NotModerator))
        }
    })
    .await
}

/// The words for a lobby refusal, for the player who asked.
pub fn refusal_text(bot: &Bot, locale: Locale, error: &LobbyError) -> String {
    let name_of = |user: UserId| {
        bot.known_name(user)
            .unwrap_or_else(|| super::fallback_name(user))
    };
    crate::lobby::present::error_text(locale, error, &name_of)
}

/// The words for a bank refusal in the caller's language, from the one mapping of bank
/// errors to messages (`BankError::message_id`); a fault of the store is logged.
fn bank_refusal(locale: Locale, error: &BankError) -> String {
    if error.is_fault() {
        tracing::error!(%error, "the bank failed");
    }
    render::tr_numbers(locale, error.message_id(), &error.message_args())
}

/// The table of the caller's channel, attached to its presenter.
async fn table_of(bot: &Bot, caller: &Caller) -> Result<TableHandle, LobbyError> {
    let handle = bot.lobby().table(caller.table)?;
    if let Err(error) = bot.presenter(&handle).await {
        tracing::warn!(%error, "cannot attach to the table");
    }
    Ok(handle)
}

fn reference(ctx: Context<'_>, what: &str) -> String {
    format!("discord:{}:{what}", ctx.id())
}

// ------------------------------------------------------------------------------------------
// /table

#[poise::command(
    slash_command,
    guild_only,
    subcommands("open", "close", "pause", "resume", "kick", "settings", "status"),
    subcommand_required
)]
pub async fn table(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ShortAllInChoice {
    #[name = "half_bet"]
    HalfBet,
    #[name = "full_bet"]
    FullBet,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OddChipChoice {
    #[name = "by_suit"]
    BySuit,
    #[name = "first_seat"]
    FirstSeat,
}

/// The language of a table's public text, when a moderator sets one (else the server's).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "en"]
    En,
    #[name = "es"]
    Es,
    #[name = "id"]
    Id,
}

impl LanguageChoice {
    fn locale(self) -> Locale {
        match self {
            LanguageChoice::En => Locale::En,
            LanguageChoice::Es => Locale::Es,
            LanguageChoice::Id => Locale::Id,
        }
    }
}

/// The options of `/table open` and `/table settings`; `None` keeps the current value.
#[derive(Debug, Clone, Copy, Default)]
struct SettingOptions {
    ante: Option<u64>,
    bring_in: Option<u64>,
    small_bet: Option<u64>,
    big_bet: Option<u64>,
    min_buy_in: Option<u64>,
    max_buy_in: Option<u64>,
    seats: Option<u8>,
    timer: Option<u32>,
    between_hands: Option<u32>,
    max_raises: Option<u32>,
    heads_up_uncapped: Option<bool>,
    short_all_in: Option<ShortAllInChoice>,
    odd_chip: Option<OddChipChoice>,
    open_pair_big_bet: Option<bool>,
    language: Option<LanguageChoice>,
}

impl SettingOptions {
    fn apply(self, mut settings: TableSettings) -> TableSettings {
        let stakes = &mut settings.stakes;
        stakes.ante = self.ante.unwrap_or(stakes.ante);
        stakes.bring_in = self.bring_in.unwrap_or(stakes.bring_in);
        stakes.small_bet = self.small_bet.unwrap_or(stakes.small_bet);
        stakes.big_bet = self.big_bet.unwrap_or(stakes.big_bet);
        settings.min_buy_in = self.min_buy_in.unwrap_or(settings.min_buy_in);
        settings.max_buy_in = self.max_buy_in.unwrap_or(settings.max_buy_in);
        settings.seats = self.seats.unwrap_or(settings.seats);
        settings.action_timer_secs = self.timer.unwrap_or(settings.action_timer_secs);
        settings.between_hands_secs = self.between_hands.unwrap_or(settings.between_hands_secs);
        let rules = &mut settings.rules;
        rules.max_raises = self.max_raises.unwrap_or(rules.max_raises);
        rules.heads_up_uncapped = self.heads_up_uncapped.unwrap_or(rules.heads_up_uncapped);
        rules.open_pair_big_bet = self.open_pair_big_bet.unwrap_or(rules.open_pair_big_bet);
        if let Some(language) = self.language {
            settings.language = Some(language.locale());
        }
        if let Some(choice) = self.short_all_in {
            rules.short_all_in = match choice {
                ShortAllInChoice::HalfBet => ShortAllIn::HalfBet,
                ShortAllInChoice::FullBet => ShortAllIn::FullBet,
            };
        }
        if let Some(choice) = self.odd_chip {
            rules.odd_chip = match choice {
                OddChipChoice::BySuit => OddChip::BySuit,
                OddChipChoice::FirstSeat => OddChip::FirstSeat,
            };
        }
        settings
    }
}

#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn open(
    ctx: Context<'_>,
    #[min = 0] ante: Option<u64>,
    #[min = 1] bring_in: Option<u64>,
    #[min = 1] small_bet: Option<u64>,
    #[min = 1] big_bet: Option<u64>,
    #[min = 1] min_buy_in: Option<u64>,
    #[min = 1] max_buy_in: Option<u64>,
    #[min = 2]
    #[max = 8]
    seats: Option<u8>,
    #[min = 5]
    #[max = 600]
    timer: Option<u32>,
    #[max = 120] between_hands: Option<u32>,
    #[min = 1]
    #[max = 10]
    max_raises: Option<u32>,
    heads_up_uncapped: Option<bool>,
    short_all_in: Option<ShortAllInChoice>,
    odd_chip: Option<OddChipChoice>,
    open_pair_big_bet: Option<bool>,
    language: Option<LanguageChoice>,
) -> Outcome {
    let options = SettingOptions {
        ante,
        bring_in,
        small_bet,
        big_bet,
        min_buy_in,
        max_buy_in,
        seats,
        timer,
        between_hands,
        max_raises,
        heads_up_uncapped,
        short_all_in,
        odd_chip,
        open_pair_big_bet,
        language,
    };
    let bot = ctx.data().clone();
    moderated(ctx, |caller| async move {
        let settings = options.apply(bot.config().table);
        match bot
            .lobby()
            .open_table(caller.guild, caller.table, settings)
            .await
        {
            Ok(handle) => {
                if let Err(error) = bot.presenter(&handle).await {
                    tracing::warn!(%error, "cannot attach to the new table");
                }
                tracing::info!(table = caller.table.0, "table opened");
                // In the language just chosen for the table, if one was.
                let public = bot.public_locale(caller.guild, caller.table);
                let mut text = render::notice(public, &Notice::TableOpened);
                if let Ok(status) = handle.status().await {
                    text = format!("{text}\n{}", status_text(&bot, public, &status).await);
                }
                Answer::public(text)
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn close(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    moderated(ctx, |caller| async move {
        let closed = match bot.lobby().table(caller.table) {
            Ok(handle) => handle.close().await,
            Err(error) => Err(error),
        };
        match closed {
            Ok(_) => Answer::public(render::notice(caller.public, &Notice::TableClosed)),
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn pause(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    moderated(ctx, |caller| async move {
        let paused = match table_of(&bot, &caller).await {
            Ok(handle) => handle.pause().await,
            Err(error) => Err(error),
        };
        match paused {
            Ok(()) => Answer::public(render::notice(caller.public, &Notice::TablePaused)),
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn resume(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    moderated(ctx, |caller| async move {
        let resumed = match table_of(&bot, &caller).await {
            Ok(handle) => handle.resume().await,
            Err(error) => Err(error),
        };
        match resumed {
            Ok(()) => Answer::public(render::notice(caller.public, &Notice::TableResumed)),
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn kick(ctx: Context<'_>, #[rename = "user"] player: serenity::User) -> Outcome {
    let bot = ctx.data().clone();
    moderated(ctx, |caller| async move {
        let user = UserId(player.id.get());
        let kicked = match table_of(&bot, &caller).await {
            Ok(handle) => handle.kick(user).await,
            Err(error) => Err(error),
        };
        match kicked {
            Ok(_) => {
                let name = bot.name(user).await;
                Answer::public(render::notice(caller.public, &Notice::Kicked { name }))
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    #[min = 0] ante: Option<u64>,
    #[min = 1] bring_in: Option<u64>,
    #[min = 1] small_bet: Option<u64>,
    #[min = 1] big_bet: Option<u64>,
    #[min = 1] min_buy_in: Option<u64>,
    #[min = 1] max_buy_in: Option<u64>,
    #[min = 2]
    #[max = 8]
    seats: Option<u8>,
    #[min = 5]
    #[max = 600]
    timer: Option<u32>,
    #[max = 120] between_hands: Option<u32>,
    #[min = 1]
    #[max = 10]
    max_raises: Option<u32>,
    heads_up_uncapped: Option<bool>,
    short_all_in: Option<ShortAllInChoice>,
    odd_chip: Option<OddChipChoice>,
    open_pair_big_bet: Option<bool>,
    language: Option<LanguageChoice>,
) -> Outcome {
    let options = SettingOptions {
        ante,
        bring_in,
        small_bet,
        big_bet,
        min_buy_in,
        max_buy_in,
        seats,
        timer,
        between_hands,
        max_raises,
        heads_up_uncapped,
        short_all_in,
        odd_chip,
        open_pair_big_bet,
        language,
    };
    let bot = ctx.data().clone();
    moderated(ctx, |caller| async move {
        let handle = match table_of(&bot, &caller).await {
            Ok(handle) => handle,
            Err(error) => return Answer::private(refusal_text(&bot, caller.locale, &error)),
        };
        let current = match handle.status().await {
            Ok(status) => status.pending_settings.unwrap_or(status.settings),
            Err(error) => return Answer::private(refusal_text(&bot, caller.locale, &error)),
        };
        let settings = options.apply(current);
        match handle.change_settings(settings).await {
            Ok(_) => {
                // The table's words change at once (its rules from the next hand).
                if let Some(presenter) = bot.existing_presenter(caller.table) {
                    presenter.set_language(settings.language);
                }
                let public = bot.public_locale(caller.guild, caller.table);
                Answer::public(render::notice(public, &Notice::SettingsNextHand))
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, false, |caller| async move {
        let status = match table_of(&bot, &caller).await {
            Ok(handle) => handle.status().await,
            Err(error) => Err(error),
        };
        match status {
            Ok(status) => Answer::private(status_text(&bot, caller.locale, &status).await),
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

async fn status_text(bot: &Bot, locale: Locale, status: &crate::lobby::TableStatus) -> String {
    for seat in &status.seats {
        // Asks Discord for names not seen yet, so the listing names everyone.
        let _ = bot.name(seat.user).await;
    }
    let name_of = |user: UserId| {
        bot.known_name(user)
            .unwrap_or_else(|| super::fallback_name(user))
    };
    render::table_status(
        locale,
        &crate::lobby::present::status_view(status, &name_of),
    )
}

// ------------------------------------------------------------------------------------------
// Seats

#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>, #[min = 1] buy_in: Option<u64>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, true, |caller| async move {
        let handle = match table_of(&bot, &caller).await {
            Ok(handle) => handle,
            Err(error) => return Answer::private(refusal_text(&bot, caller.locale, &error)),
        };
        let amount = match buy_in {
            Some(amount) => amount,
            None => match default_buy_in(&bot, &handle, &caller).await {
                Ok(amount) => amount,
                Err(error) => return Answer::private(refusal_text(&bot, caller.locale, &error)),
            },
        };
        let name = bot.name(caller.user).await;
        match handle.join(caller.user, amount).await {
            Ok((_, stack)) => Answer::public(render::notice(
                caller.public,
                &Notice::Joined {
                    name,
                    buy_in: stack,
                },
            )),
            // Seated already: a buy-in given is a top-up.
            Err(LobbyError::AlreadySeated) if buy_in.is_some() => {
                match handle.top_up(caller.user, amount).await {
                    Ok(stack) => Answer::public(render::notice(
                        caller.public,
                        &Notice::ToppedUp {
                            name,
                            amount,
                            stack,
                        },
                    )),
                    Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
                }
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

/// The largest buy-in the table allows that the player can afford (the table's minimum when
/// they cannot afford even that: the table then says how many chips are missing).
async fn default_buy_in(
    bot: &Bot,
    handle: &TableHandle,
    caller: &Caller,
) -> Result<u64, LobbyError> {
    let settings = handle.status().await?.settings;
    let balance = bot
        .bank()
        .balance(caller.guild, caller.user)
        .await
        .map_err(LobbyError::from)?;
    Ok(balance.min(settings.max_buy_in).max(settings.min_buy_in))
}

#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, true, |caller| async move {
        let handle = match table_of(&bot, &caller).await {
            Ok(handle) => handle,
            Err(error) => return Answer::private(refusal_text(&bot, caller.locale, &error)),
        };
        let name = bot.name(caller.user).await;
        match handle.leave(caller.user).await {
            Ok(Some(stack)) => {
                Answer::public(render::notice(caller.public, &Notice::Left { name, stack }))
            }
            Ok(None) => {
                if let Some(presenter) = bot.existing_presenter(caller.table) {
                    presenter.departing(caller.user);
                }
                Answer::public(render::notice(
                    caller.public,
                    &Notice::LeavingAfterHand { name },
                ))
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn sitout(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, true, |caller| async move {
        let outcome = match table_of(&bot, &caller).await {
            Ok(handle) => handle.sit_out(caller.user).await,
            Err(error) => Err(error),
        };
        match outcome {
            Ok(()) => {
                let name = bot.name(caller.user).await;
                Answer::public(render::notice(caller.public, &Notice::SatOut { name }))
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn back(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, true, |caller| async move {
        let outcome = match table_of(&bot, &caller).await {
            Ok(handle) => handle.back(caller.user).await,
            Err(error) => Err(error),
        };
        match outcome {
            Ok(()) => {
                let name = bot.name(caller.user).await;
                Answer::public(render::notice(caller.public, &Notice::Back { name }))
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn cards(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, false, |caller| async move {
        let cards = match table_of(&bot, &caller).await {
            Ok(handle) => handle.show_cards(caller.user).await,
            Err(error) => Err(error),
        };
        match cards {
            Ok(cards) => {
                Answer::private(render::private_hand(caller.locale, cards.hand, &cards.view))
            }
            Err(LobbyError::NoHandInProgress | LobbyError::NotInHand) => {
                Answer::private(render::notice(caller.locale, &Notice::NoCards))
            }
            Err(error) => Answer::private(refusal_text(&bot, caller.locale, &error)),
        }
    })
    .await
}

// ------------------------------------------------------------------------------------------
// The economy

#[poise::command(slash_command, guild_only)]
pub async fn balance(
    ctx: Context<'_>,
    #[rename = "user"] player: Option<serenity::User>,
) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, false, |caller| async move {
        let user = player
            .as_ref()
            .map_or(caller.user, |player| UserId(player.id.get()));
        match bot.bank().balance(caller.guild, user).await {
            Ok(balance) if user == caller.user => {
                Answer::private(render::notice(caller.locale, &Notice::Balance { balance }))
            }
            Ok(balance) => {
                let name = match &player {
                    Some(player) => player.global_name.clone().unwrap_or(player.name.clone()),
                    None => bot.name(user).await,
                };
                Answer::private(render::notice(
                    caller.locale,
                    &Notice::BalanceOf { name, balance },
                ))
            }
            Err(error) => Answer::private(bank_refusal(caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn daily(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    let reference = reference(ctx, "daily");
    in_guild(ctx, false, |caller| async move {
        match bot
            .bank()
            .daily(caller.guild, caller.user, &reference)
            .await
        {
            Ok(balance) => Answer::private(render::notice(
                caller.locale,
                &Notice::DailyClaimed {
                    amount: bot.config().economy.daily_amount,
                    balance,
                },
            )),
            Err(error) => Answer::private(bank_refusal(caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn give(
    ctx: Context<'_>,
    #[rename = "user"] player: serenity::User,
    #[min = 1] amount: u64,
) -> Outcome {
    let bot = ctx.data().clone();
    let reference = reference(ctx, "give");
    in_guild(ctx, true, |caller| async move {
        let to = UserId(player.id.get());
        match bot
            .bank()
            .give(
                caller.guild,
                caller.user,
                to,
                player.bot,
                amount,
                &reference,
            )
            .await
        {
            Ok(transfer) => Answer::public(render::notice(
                caller.public,
                &Notice::Gave {
                    to: player.global_name.clone().unwrap_or(player.name.clone()),
                    amount,
                    balance: transfer.from_balance,
                },
            )),
            Err(error) => Answer::private(bank_refusal(caller.locale, &error)),
        }
    })
    .await
}

/// Players shown by `/leaderboard`.
const LEADERBOARD_SIZE: usize = 10;

#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, true, |caller| async move {
        match bot.bank().leaderboard(caller.guild, LEADERBOARD_SIZE).await {
            Ok(top) => {
                let mut lines = Vec::new();
                for (user, balance) in top {
                    lines.push(render::LeaderboardLine {
                        name: bot.name(user).await,
                        balance,
                    });
                }
                Answer::public(render::leaderboard(caller.public, &lines))
            }
            Err(error) => Answer::private(bank_refusal(caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, #[rename = "user"] player: Option<serenity::User>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, false, |caller| async move {
        let user = player
            .as_ref()
            .map_or(caller.user, |player| UserId(player.id.get()));
        match bot.bank().stats(caller.guild, user).await {
            Ok(stats) => {
                let name = match &player {
                    Some(player) => player.global_name.clone().unwrap_or(player.name.clone()),
                    None => bot.name(user).await,
                };
                Answer::private(render::stats(
                    caller.locale,
                    &render::StatsView {
                        name,
                        hands_played: stats.hands_played,
                        pots_won: stats.won_high.saturating_add(stats.won_low),
                        scoops: stats.scoops,
                        net_chips: stats.net,
                        biggest_pot: stats.biggest_pot,
                    },
                ))
            }
            Err(error) => Answer::private(bank_refusal(caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>, #[min = 1] hand: Option<u64>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, false, |caller| async move {
        // From the bank: any recent hand of this channel, from before a restart too.
        let history = match bot.lobby().hand_history(caller.table, hand).await {
            Ok(Some(history)) => history,
            Ok(None) => return Answer::private(render::tr(caller.locale, "bot-no-history", &[])),
            Err(error) => return Answer::private(refusal_text(&bot, caller.locale, &error)),
        };
        let mut names = Vec::new();
        for user in &history.players {
            names.push(bot.name(*user).await);
        }
        let view = render::HistoryView::new(
            history.hand,
            history.stakes,
            &names,
            &history.starting_stacks,
            &history.events,
        );
        let text = render::history(caller.locale, &view);
        Answer::private(truncate(&text, render::DISCORD_MESSAGE_LIMIT))
    })
    .await
}

fn truncate(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max_chars.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Outcome {
    let text = render::rules_summary(locale(ctx));
    respond(ctx, false, async move { Answer::private(text) }).await
}

// ------------------------------------------------------------------------------------------
// /chips (moderators)

#[poise::command(
    slash_command,
    guild_only,
    subcommands("grant", "take"),
    subcommand_required
)]
pub async fn chips(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

#[poise::command(slash_command, guild_only)]
pub async fn grant(
    ctx: Context<'_>,
    #[rename = "user"] player: serenity::User,
    #[min = 1] amount: u64,
) -> Outcome {
    let bot = ctx.data().clone();
    let reference = reference(ctx, "grant");
    moderated(ctx, |caller| async move {
        let user = UserId(player.id.get());
        match bot
            .bank()
            .grant(caller.guild, caller.user, user, amount, &reference)
            .await
        {
            Ok(balance) => Answer::public(render::notice(
                caller.public,
                &Notice::Granted {
                    name: player.global_name.clone().unwrap_or(player.name.clone()),
                    amount,
                    balance,
                },
            )),
            Err(error) => Answer::private(bank_refusal(caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn take(
    ctx: Context<'_>,
    #[rename = "user"] player: serenity::User,
    #[min = 1] amount: u64,
) -> Outcome {
    let bot = ctx.data().clone();
    let reference = reference(ctx, "take");
    moderated(ctx, |caller| async move {
        let user = UserId(player.id.get());
        match bot
            .bank()
            .take(caller.guild, caller.user, user, amount, &reference)
            .await
        {
            Ok(balance) => Answer::public(render::notice(
                caller.public,
                &Notice::Taken {
                    name: player.global_name.clone().unwrap_or(player.name.clone()),
                    amount,
                    balance,
                },
            )),
            Err(error) => Answer::private(bank_refusal(caller.locale, &error)),
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_commands() -> Vec<poise::Command<Bot, Error>> {
        let mut commands = vec![
            table(),
            join(),
            leave(),
            sitout(),
            back(),
            cards(),
            balance(),
            daily(),
            give(),
            leaderboard(),
            stats(),
            history(),
            rules(),
            chips(),
        ];
        for command in &mut commands {
            localize(command);
        }
        commands
    }

    fn check(command: &poise::Command<Bot, Error>, parent: &str, seen: &mut Vec<String>) {
        let qualified = format!("{parent} {}", command.name).trim().to_owned();
        seen.push(qualified.clone());
        let description = command.description.as_deref().unwrap_or("");
        assert!(
            !description.is_empty() && !description.starts_with("cmd-"),
            "{qualified} has no English description"
        );
        let locales: Vec<&str> = command
            .description_localizations
            .iter()
            .map(|(locale, text)| {
                assert!(!text.starts_with("cmd-") && text.chars().count() <= 100);
                locale.as_ref()
            })
            .collect();
        assert_eq!(locales, ["es-ES", "es-419", "id"]);
        assert!(description.chars().count() <= 100);
        for parameter in &command.parameters {
            let description = parameter.description.as_deref().unwrap_or("");
            assert!(
                !description.is_empty() && !description.starts_with("opt-"),
                "{qualified} {} has no description",
                parameter.name
            );
            assert_eq!(parameter.description_localizations.len(), 3);
            for choice in parameter.choices.iter() {
                assert!(
                    choice
                        .localizations
                        .iter()
                        .all(|(_, text)| !text.starts_with("choice-"))
                );
            }
        }
        for subcommand in &command.subcommands {
            check(subcommand, &qualified, seen);
        }
    }

    #[test]
    fn every_command_of_the_design_exists_with_descriptions_in_three_languages() {
        let mut seen = Vec::new();
        for command in all_commands() {
            check(&command, "", &mut seen);
        }
        let expected = [
            "table",
            "table open",
            "table close",
            "table pause",
            "table resume",
            "table kick",
            "table settings",
            "table status",
            "join",
            "leave",
            "sitout",
            "back",
            "cards",
            "balance",
            "daily",
            "give",
            "leaderboard",
            "stats",
            "history",
            "rules",
            "chips",
            "chips grant",
            "chips take",
        ];
        assert_eq!(seen, expected);
    }
}
