//! `/table`: open, close, pause, resume, kick, settings (moderators) and status (anyone).

use poise::serenity_prelude as serenity;

use crate::lobby::{TableHandle, TableStatus};
use crate::render::{self, Announcement, Locale};

// The option types the settings macro names.
use super::settings::{
    Ante, BetweenHands, BigBet, Bounded, BringIn, ComputerLevelChoice, ComputerSeats,
    GameChoiceOption, LanguageChoice, MaxBuyIn, MaxRaises, MinBuyIn, MixHands, OddChipChoice,
    Seats, SettingOptions, ShortAllInChoice, SmallBet, Timer, settings_command,
    with_setting_options,
};
use super::{at_table, named, user_id};
use crate::bot::permissions;
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};
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
    // What the bot may do in this channel, as Discord says with the interaction.
    let missing = permissions::missing_at_open(ctx);
    in_guild(ctx, |caller| async move {
        if !missing.is_empty() {
            return Answer::private(permissions::refusal(
                caller.locale,
                "bot-missing-permissions",
                &missing,
            ));
        }
        let bot = &caller.bot;
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
                let mut text = render::notice(public, &Announcement::TableOpened);
                if let Ok(status) = handle.status().await {
                    text = format!("{text}\n{}", status_text(bot, public, &status).await);
                }
                Answer::public(text)
            }
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

async fn change_settings(ctx: Context<'_>, options: SettingOptions) -> Outcome {
    let ask = |table: TableHandle, _| async move {
        let status = table.status().await?;
        let settings = options.apply(status.pending_settings.unwrap_or(status.settings));
        table.change_settings(settings).await?;
        Ok(settings)
    };
    at_table(ctx, ask, |settings, caller| async move {
        // The table's words change at once (its rules from the next hand).
        if let Some(presenter) = caller.bot.existing_presenter(caller.table) {
            presenter.set_language(settings.language);
        }
        let public = caller.bot.table_locale(caller.guild, settings.language);
        Answer::public(render::notice(public, &Announcement::SettingsNextHand))
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn close(ctx: Context<'_>) -> Outcome {
    in_guild(ctx, |caller| async move {
        // A closing table is not attached to a presenter first: it is going.
        let closed = match caller.bot.lobby().table(caller.table) {
            Ok(handle) => handle.close().await,
            Err(error) => Err(error),
        };
        match closed {
            Ok(_) => caller.tell_channel(&Announcement::TableClosed),
            Err(error) => caller.refuse(&error),
        }
    })
    .await
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
    let told = |_, caller: Caller| async move {
        let name = named(&player);
        caller.tell_channel(&Announcement::Kicked { name })
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
