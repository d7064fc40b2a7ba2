//! `/table`: open, close, pause, resume, kick, settings (moderators) and status (anyone).
//! Settings that make the house mint more (computer players, their buy-in) also need the
//! server's staff ([`crate::bot::rights`]): a channel's moderator runs its table, not the
//! guild's economy.

use poise::serenity_prelude as serenity;

use crate::lobby::{Departure, TableHandle, TableSettings, TableStatus};
use crate::render::{self, Announcement, Locale};

// The option types the settings macro names.
use super::settings::{
    Ante, AwayHands, BetweenHands, BigBet, Bounded, BringIn, ComputerLevelChoice, ComputerSeats,
    GameChoiceOption, LanguageChoice, MaxBuyIn, MaxRaises, MinBuyIn, MixHands, OddChipChoice,
    Seats, SettingOptions, ShortAllInChoice, SmallBet, TimeBank, Timer, settings_command,
    with_setting_options,
};
use super::{at_table, named, table_of, user_id};
use crate::bot::refusals::Refused;
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};
use crate::bot::threads;
use crate::bot::{Bot, Context};
use crate::bot::{permissions, rights};

#[poise::command(
    slash_command,
    guild_only,
    subcommands("open", "close", "pause", "resume", "kick", "settings", "status"),
    subcommand_required
)]
pub async fn table(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

with_setting_options!(settings_command! { open => open_table, thread: bool; });
with_setting_options!(settings_command! { settings => change_settings; });

async fn open_table(ctx: Context<'_>, options: SettingOptions, thread: Option<bool>) -> Outcome {
    let own_thread = thread.unwrap_or(false);
    // What the bot may do in this channel, and what the channel is, as Discord says with the
    // interaction.
    let missing = permissions::missing_at_open(ctx, own_thread);
    let kind = match ctx {
        poise::Context::Application(app) => app.interaction.channel.as_ref().map(|c| c.kind),
        poise::Context::Prefix(_) => None,
    };
    in_guild(ctx, |caller| async move {
        if !missing.is_empty() {
            return Answer::private(permissions::refusal(
                caller.locale,
                "bot-missing-permissions",
                &missing,
            ));
        }
        let settings = options.apply(caller.bot.config().table);
        if settings.draws_more_on_the_house(&no_computers(caller.bot.config().table))
            && let Some(refused) = rights::refuse_unless_staff(ctx, &caller).await
        {
            return refused;
        }
        if own_thread {
            return open_in_own_thread(caller, settings, kind).await;
        }
        let table = caller.table;
        open_here(caller, table, settings)
            .await
            .unwrap_or_else(|refused| refused)
    })
    .await
}

/// Opens the table in channel `table` (the caller's, or the thread just started for it):
/// the answer that tells it, or the refusal.
async fn open_here(
    caller: Caller,
    table: crate::bank::TableId,
    settings: crate::lobby::TableSettings,
) -> Result<Answer, Answer> {
    let bot = &caller.bot;
    let handle = match bot.lobby().open_table(caller.guild, table, settings).await {
        Ok(handle) => handle,
        Err(error) => return Err(caller.refuse(&error)),
    };
    if let Err(error) = bot.presenter(&handle).await {
        tracing::warn!(%error, "cannot attach to the new table");
    }
    tracing::info!(table = table.0, "table opened");
    // In the language just chosen for the table, if one was.
    let public = bot.table_locale(caller.guild, settings.language);
    let mut text = render::notice(public, &Announcement::TableOpened);
    if let Ok(status) = handle.status().await {
        text = format!("{text}\n{}", status_text(bot, public, &status).await);
    }
    Ok(Answer::public(text))
}

/// `/table open thread:True`: a public thread named for the table is started under the
/// channel and the table opens there; the thread hears the opening, the channel a line that
/// points to it. Refused in a thread (or where no thread can be started) and with settings
/// that would be refused anyway, before any thread is started; a thread whose table could not
/// open is archived again.
async fn open_in_own_thread(
    caller: Caller,
    settings: crate::lobby::TableSettings,
    kind: Option<serenity::ChannelType>,
) -> Answer {
    match kind {
        Some(kind) if permissions::is_thread(kind) => {
            return caller.refuse(&Refused::ThreadInThread);
        }
        Some(kind) if !threads::may_hold_threads(kind) => {
            return caller.refuse(&Refused::ThreadNotHere);
        }
        _ => {}
    }
    if let Err(error) = settings.validate() {
        return caller.refuse(&crate::lobby::LobbyError::from(error));
    }
    let bot = caller.bot.clone();
    let public = bot.table_locale(caller.guild, settings.language);
    let name = threads::thread_name(public, &settings);
    let thread = match threads::start(&bot, caller.table.0, &name).await {
        Ok(thread) => thread,
        Err(refused) => return caller.refuse(&refused),
    };
    let (guild, parent) = (caller.guild, caller.table);
    match open_here(caller, crate::bank::TableId(thread), settings).await {
        Ok(opened) => {
            let body = serde_json::json!({
                "content": crate::bot::limits::fit_message(&opened.text),
                "allowed_mentions": { "parse": [] },
            });
            if let Err(error) = bot.outbox().post(thread, body).await {
                tracing::warn!(thread, %error, "the table's opening could not be posted in its thread");
            }
            tracing::info!(
                parent = parent.0,
                thread,
                guild = guild.0,
                "table opened in its own thread"
            );
            Answer::public(render::tr(
                public,
                "bot-thread-opened",
                &[("thread", format!("<#{thread}>").into())],
            ))
        }
        Err(refused) => {
            threads::archive_if_own(&bot, crate::bank::TableId(thread), None).await;
            tracing::info!(
                thread,
                "the table's thread is archived: its table did not open"
            );
            refused
        }
    }
}

async fn change_settings(ctx: Context<'_>, options: SettingOptions) -> Outcome {
    in_guild(ctx, |caller| async move {
        let table = match table_of(&caller).await {
            Ok(table) => table,
            Err(error) => return caller.refuse(&error),
        };
        let current = match table.status().await {
            Ok(status) => status.pending_settings.unwrap_or(status.settings),
            Err(error) => return caller.refuse(&error),
        };
        let settings = options.apply(current);
        if settings.draws_more_on_the_house(&current)
            && let Some(refused) = rights::refuse_unless_staff(ctx, &caller).await
        {
            return refused;
        }
        if let Err(error) = table.change_settings(settings).await {
            return caller.refuse(&error);
        }
        // The table's words change at once (its rules from the next hand).
        if let Some(presenter) = caller.bot.existing_presenter(caller.table) {
            presenter.set_language(settings.language);
        }
        let public = caller.bot.table_locale(caller.guild, settings.language);
        Answer::public(render::notice(public, &Announcement::SettingsNextHand))
    })
    .await
}

/// `settings` with no computer player: what opening a table changes from.
fn no_computers(settings: TableSettings) -> TableSettings {
    TableSettings {
        computer_players: 0,
        ..settings
    }
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn close(ctx: Context<'_>) -> Outcome {
    let closed_with = std::sync::Arc::new(std::sync::Mutex::new(None));
    let closing = closed_with.clone();
    in_guild(ctx, |caller| async move {
        // A closing table is not attached to a presenter first: it is going.
        let presenter = caller.bot.existing_presenter(caller.table);
        let closed = match caller.bot.lobby().table(caller.table) {
            Ok(handle) => handle.close().await,
            Err(error) => Err(error),
        };
        match closed {
            Ok(_) => {
                *crate::bot::lock(&closing) = Some(presenter);
                caller.tell_channel(&Announcement::TableClosed)
            }
            Err(error) => caller.refuse(&error),
        }
    })
    .await?;
    // Answered: a table in its own thread has the thread archived once its last messages are
    // in.
    let closed = crate::bot::lock(&closed_with).take();
    if let Some(presenter) = closed {
        let bot = ctx.data().clone();
        let table = crate::bank::TableId(ctx.channel_id().get());
        ctx.data()
            .spawn(async move { threads::archive_if_own(&bot, table, presenter).await });
    }
    Ok(())
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn pause(ctx: Context<'_>) -> Outcome {
    let ask = |table: TableHandle, _| async move { table.pause().await };
    let told = |(), caller: Caller| async move { caller.tell_channel(&Announcement::TablePaused) };
    at_table(ctx, ask, told).await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn resume(ctx: Context<'_>) -> Outcome {
    let ask = |table: TableHandle, _| async move { table.resume().await };
    let told = |(), caller: Caller| async move {
        // Resumed: a refusal of the bot's posts is told again only once it happens again.
        if let Some(presenter) = caller.bot.existing_presenter(caller.table) {
            presenter.resumed();
        }
        caller.tell_channel(&Announcement::TableResumed)
    };
    at_table(ctx, ask, told).await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn kick(ctx: Context<'_>, #[rename = "user"] player: serenity::User) -> Outcome {
    let kicked = user_id(&player);
    let ask = |table: TableHandle, _| async move { table.kick(kicked).await };
    let told = |kicked, caller: Caller| async move {
        let name = named(&player);
        match kicked {
            Departure::AfterHand => {
                // Told again, by the presenter, when the hand ends and the player is gone.
                if let Some(presenter) = caller.bot.existing_presenter(caller.table) {
                    presenter.departing(user_id(&player));
                }
                caller.tell_channel(&Announcement::KickedAfterHand { name })
            }
            Departure::CashedOut(_) | Departure::SeatRequestWithdrawn => {
                caller.tell_channel(&Announcement::Kicked { name })
            }
        }
    };
    at_table(ctx, ask, told).await
}

#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Outcome {
    let ask = |table: TableHandle, _| async move { table.status().await };
    let told = |status, caller: Caller| async move {
        Answer::private(status_text(&caller.bot, caller.locale, &status).await)
    };
    at_table(ctx, ask, told).await
}

async fn status_text(bot: &Bot, locale: Locale, status: &TableStatus) -> String {
    // Asks Discord (at once) for names not seen yet, so the listing names everyone.
    bot.resolve_names(status.seats.iter().map(|seat| seat.user))
        .await;
    let name_of = |user| bot.names().name_or_placeholder(user);
    render::table_status(
        locale,
        &crate::lobby::present::status_view(status, &name_of),
    )
}
