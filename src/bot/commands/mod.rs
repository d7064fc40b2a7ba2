//! The slash commands (names listed in docs/ARCHITECTURE.md, "Interfaces other programs rely on"), one file per group. Each command is one call
//! to the lobby or the bank; its answer goes through [`super::reply`], its refusals through
//! [`super::refusals`], and moderator commands carry the [`super::checks::moderator`] check.

pub mod chips;
pub mod economy;
pub mod info;
pub mod seats;
pub mod settings;
pub mod table;

use crate::bank::UserId;
use crate::lobby::{LobbyError, TableHandle};
use crate::render::Locale;

use super::reply::{Caller, Error};
use super::{Bot, Context};

/// Every command, in the order Discord lists them.
pub fn all() -> Vec<poise::Command<Bot, Error>> {
    vec![
        table::table(),
        seats::join(),
        seats::leave(),
        seats::sitout(),
        seats::back(),
        seats::cards(),
        seats::ping(),
        economy::balance(),
        economy::daily(),
        economy::give(),
        economy::leaderboard(),
        economy::stats(),
        info::history(),
        info::rules(),
        chips::chips(),
    ]
}

/// The table of the caller's channel, attached to its presenter.
async fn table_of(bot: &Bot, caller: &Caller) -> Result<TableHandle, LobbyError> {
    let handle = bot.lobby().table(caller.table)?;
    if let Err(error) = bot.presenter(&handle).await {
        tracing::warn!(%error, "cannot attach to the table");
    }
    Ok(handle)
}

/// The bank reference of a command: its interaction id, so a retried request is applied once.
fn reference(ctx: Context<'_>, what: &str) -> String {
    format!("discord:{}:{what}", ctx.id())
}

/// The words of a lobby refusal for the caller.
fn refusal(bot: &Bot, locale: Locale, error: &LobbyError) -> String {
    bot.lobby_refusal(locale, error)
}

/// A user named in a command's option, by their display name.
fn named(user: &poise::serenity_prelude::User) -> String {
    super::names::shown_name(user, None)
}

fn user_id(user: &poise::serenity_prelude::User) -> UserId {
    UserId(user.id.get())
}
