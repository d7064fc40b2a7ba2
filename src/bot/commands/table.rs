//! `/table`: open, close, pause, resume, kick, settings (moderators) and status (anyone).
//! Settings that make the house mint more (computer players, their buy-in) also need the
//! server's staff ([`crate::bot::rights`]): a channel's moderator runs its table, not the
//! guild's economy.

use poise::serenity_prelude as serenity;

use crate::lobby::{Departure, TableHandle, TableSettings, TableStatus};
use crate::render::{self, Announcement, Locale};

// The option types the settings macro names.
use super::settings::{
    Ante, BetweenHands, BigBet, Bounded, BringIn, ComputerLevelChoice, ComputerSeats,
    GameChoiceOption, LanguageChoice, MaxBuyIn, MaxRaises, MinBuyIn, MixHands, OddChipChoice,
    Seats, SettingOptions, ShortAllInChoice, SmallBet, Timer, settings_command,
    with_setting_options,
};
use super::{at_table, named, table_of, user_id};
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};
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
        if settings.draws_more_on_the_house(&no_computers(bot.config().table))
            && let Some(refused) = rights::refuse_unless_staff(ctx, &caller).await
        {
            return refused;
        }
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
