//! The slash commands (their names are an interface: docs/ARCHITECTURE.md), one file per
//! group. Each command is one call to the lobby or the bank. A table command goes through
//! [`at_table`]: the channel's table is asked one thing and its answer told. Answers go through
//! [`super::reply`], any refusal through [`Caller::refuse`], and moderator commands carry the
//! [`super::checks::moderator`] check.

pub mod chips;
pub mod economy;
mod event;
mod event_computers;
pub mod info;
pub mod seats;
pub mod settings;
pub mod table;
pub mod tournament;
pub mod tournament_entry;
mod tournament_text;

use std::future::Future;

use crate::bank::UserId;
use crate::lobby::{LobbyError, TableHandle};

use super::reply::{Answer, Caller, Error, Outcome, in_guild};
use super::{Bot, Context};

/// Every command, in the order Discord lists them.
pub fn all() -> Vec<poise::Command<Bot, Error>> {
    vec![
        table::table(),
        tournament::tournament(),
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
async fn table_of(caller: &Caller) -> Result<TableHandle, LobbyError> {
    let handle = caller.bot.lobby().table(caller.table)?;
    if let Err(error) = caller.bot.presenter(&handle).await {
        tracing::warn!(%error, "cannot attach to the table");
    }
    Ok(handle)
}

/// The shape of a table command: the table of the caller's channel is asked `ask` (with the
/// caller's id), and what it answers is `told` to the caller or the channel; a refusal, the
/// table's or the lobby's, goes to the caller alone. At a table paused because Discord
/// refuses the bot's posts in the channel, the answer says so too.
async fn at_table<T, Ask, Asked, Told>(
    ctx: Context<'_>,
    ask: Ask,
    told: impl FnOnce(T, Caller) -> Told,
) -> Outcome
where
    Ask: FnOnce(TableHandle, UserId) -> Asked,
    Asked: Future<Output = Result<T, LobbyError>>,
    Told: Future<Output = Answer>,
{
    in_guild(ctx, |caller| asked_at_table(caller, ask, told)).await
}

/// [`at_table`]'s work for a caller already made (inside the command's deferral).
async fn asked_at_table<T, Ask, Asked, Told>(
    caller: Caller,
    ask: Ask,
    told: impl FnOnce(T, Caller) -> Told,
) -> Answer
where
    Ask: FnOnce(TableHandle, UserId) -> Asked,
    Asked: Future<Output = Result<T, LobbyError>>,
    Told: Future<Output = Answer>,
{
    let asked = match table_of(&caller).await {
        Ok(table) => ask(table, caller.user).await,
        Err(error) => Err(error),
    };
    let refused_as_paused = matches!(asked, Err(LobbyError::Paused));
    let (bot, table, locales) = (
        caller.bot.clone(),
        caller.table,
        (caller.public, caller.locale),
    );
    let answer = match asked {
        Ok(answer) => told(answer, caller).await,
        Err(error) => caller.refuse(&error),
    };
    let locale = if answer.public { locales.0 } else { locales.1 };
    with_pause_reason(bot.pause_reason(table, locale), answer, refused_as_paused)
}

/// `answer`, told `reason` when the table is paused because Discord refuses the bot's posts
/// in its channel: in place of a bare "the table is paused" (`refused_as_paused`), else after
/// it.
fn with_pause_reason(reason: Option<String>, answer: Answer, refused_as_paused: bool) -> Answer {
    match reason {
        Some(reason) if refused_as_paused => Answer {
            text: reason,
            ..answer
        },
        Some(reason) => Answer {
            text: format!("{}\n{reason}", answer.text),
            ..answer
        },
        None => answer,
    }
}

/// The bank reference of a command: its interaction id, so a retried request is applied once.
fn reference(ctx: Context<'_>, what: &str) -> String {
    crate::bank::interaction_reference(crate::ids::InteractionId(ctx.id()), what)
}

/// A user named in a command's option, by their display name.
fn named(user: &poise::serenity_prelude::User) -> String {
    super::names::shown_name(user, None)
}

fn user_id(user: &poise::serenity_prelude::User) -> UserId {
    UserId(user.id.get())
}
