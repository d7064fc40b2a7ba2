//! `/table`: open, close, pause, resume, kick, settings (moderators) and status (anyone).

use poise::serenity_prelude as serenity;

use crate::lobby::TableStatus;
use crate::render::{self, Locale, Notice};

// The option types the settings macro names.
use super::settings::{
    ComputerLevelChoice, GameChoiceOption, LanguageChoice, OddChipChoice, SettingOptions,
    ShortAllInChoice, settings_command, with_setting_options,
};
use super::{named, refusal, table_of, user_id};
use crate::bot::permissions;
use crate::bot::reply::{Answer, Outcome, in_guild};
use crate::bot::{Bot, Context};

#[poise::command(
    slash_command,
    guild_only,
    subcommands("open", "close", "pause", "resume", "kick", "settings", "status"),
    subcommand_required
)]
pub async fn table(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

with_setting_options!(settings_command! { open => open_table; });
with_setting_options!(settings_command! { settings => change_settings; });

async fn open_table(ctx: Context<'_>, options: SettingOptions) -> Outcome {
    let bot = ctx.data().clone();
    // What the bot may do in this channel, as Discord says with the interaction.
    let granted = match ctx {
        poise::Context::Application(app) => app.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    };
    in_guild(ctx, |caller| async move {
        let missing = granted.map(permissions::missing).unwrap_or_default();
        if !missing.is_empty() {
            tracing::info!(
                table = caller.table.0,
                missing = ?missing.iter().map(|needed| needed.name).collect::<Vec<_>>(),
                "/table open refused: the bot lacks permissions in the channel"
            );
            return Answer::private(permissions::refusal(caller.locale, &missing));
        }
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
                let public = bot.table_locale(caller.guild, settings.language);
                let mut text = render::notice(public, &Notice::TableOpened);
                if let Ok(status) = handle.status().await {
                    text = format!("{text}\n{}", status_text(&bot, public, &status).await);
                }
                Answer::public(text)
            }
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

async fn change_settings(ctx: Context<'_>, options: SettingOptions) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let handle = match table_of(&bot, &caller).await {
            Ok(handle) => handle,
            Err(error) => return Answer::private(refusal(&bot, caller.locale, &error)),
        };
        let current = match handle.status().await {
            Ok(status) => status.pending_settings.unwrap_or(status.settings),
            Err(error) => return Answer::private(refusal(&bot, caller.locale, &error)),
        };
        let settings = options.apply(current);
        match handle.change_settings(settings).await {
            Ok(_) => {
                // The table's words change at once (its rules from the next hand).
                if let Some(presenter) = bot.existing_presenter(caller.table) {
                    presenter.set_language(settings.language);
                }
                let public = bot.table_locale(caller.guild, settings.language);
                Answer::public(render::notice(public, &Notice::SettingsNextHand))
            }
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn close(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let closed = match bot.lobby().table(caller.table) {
            Ok(handle) => handle.close().await,
            Err(error) => Err(error),
        };
        match closed {
            Ok(_) => Answer::public(render::notice(caller.public, &Notice::TableClosed)),
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn pause(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let paused = match table_of(&bot, &caller).await {
            Ok(handle) => handle.pause().await,
            Err(error) => Err(error),
        };
        match paused {
            Ok(()) => Answer::public(render::notice(caller.public, &Notice::TablePaused)),
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn resume(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let resumed = match table_of(&bot, &caller).await {
            Ok(handle) => handle.resume().await,
            Err(error) => Err(error),
        };
        match resumed {
            Ok(()) => Answer::public(render::notice(caller.public, &Notice::TableResumed)),
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn kick(ctx: Context<'_>, #[rename = "user"] player: serenity::User) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let kicked = match table_of(&bot, &caller).await {
            Ok(handle) => handle.kick(user_id(&player)).await,
            Err(error) => Err(error),
        };
        match kicked {
            Ok(_) => {
                let name = named(&player);
                Answer::public(render::notice(caller.public, &Notice::Kicked { name }))
            }
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let status = match table_of(&bot, &caller).await {
            Ok(handle) => handle.status().await,
            Err(error) => Err(error),
        };
        match status {
            Ok(status) => Answer::private(status_text(&bot, caller.locale, &status).await),
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
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
