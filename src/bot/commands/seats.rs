//! A player's own seat: `/join` (or top up), `/leave`, `/sitout`, `/back`, `/cards`, and
//! `/ping on|off` (whether the bot mentions them when it is their turn).

use crate::lobby::{LobbyError, Seated};
use crate::render::{self, Notice};

use super::{refusal, table_of};
use crate::bot::Context;
use crate::bot::reply::{Answer, Outcome, in_guild};

#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>, #[min = 1] buy_in: Option<u64>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let handle = match table_of(&bot, &caller).await {
            Ok(handle) => handle,
            Err(error) => return Answer::private(refusal(&bot, caller.locale, &error)),
        };
        let name = bot.names().name_or_placeholder(caller.user);
        match crate::lobby::sit_down(&handle, bot.bank(), caller.user, buy_in).await {
            Ok(Seated::Joined { stack }) => Answer::public(render::notice(
                caller.public,
                &Notice::Joined {
                    name,
                    buy_in: stack,
                },
            )),
            Ok(Seated::ToppedUp { amount, stack }) => Answer::public(render::notice(
                caller.public,
                &Notice::ToppedUp {
                    name,
                    amount,
                    stack,
                },
            )),
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let handle = match table_of(&bot, &caller).await {
            Ok(handle) => handle,
            Err(error) => return Answer::private(refusal(&bot, caller.locale, &error)),
        };
        let name = bot.names().name_or_placeholder(caller.user);
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
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn sitout(ctx: Context<'_>) -> Outcome {
    change_presence(ctx, Presence::SittingOut).await
}

#[poise::command(slash_command, guild_only)]
pub async fn back(ctx: Context<'_>) -> Outcome {
    change_presence(ctx, Presence::Back).await
}

/// What `/sitout` and `/back` ask of the table.
#[derive(Debug, Clone, Copy)]
enum Presence {
    SittingOut,
    Back,
}

/// Sits the caller out or back in; the channel is told, a refusal only the caller.
async fn change_presence(ctx: Context<'_>, presence: Presence) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        let outcome = match table_of(&bot, &caller).await {
            Ok(handle) => match presence {
                Presence::SittingOut => handle.sit_out(caller.user).await,
                Presence::Back => handle.back(caller.user).await,
            },
            Err(error) => Err(error),
        };
        match outcome {
            Ok(()) => {
                let name = bot.names().name_or_placeholder(caller.user);
                let notice = match presence {
                    Presence::SittingOut => Notice::SatOut { name },
                    Presence::Back => Notice::Back { name },
                };
                Answer::public(render::notice(caller.public, &notice))
            }
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn cards(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
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
            Err(error) => Answer::private(refusal(&bot, caller.locale, &error)),
        }
    })
    .await
}

/// Turn mentions: `/ping on` or `/ping off`, for the caller only, kept across restarts.
#[poise::command(slash_command, subcommands("on", "off"), subcommand_required)]
pub async fn ping(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

#[poise::command(slash_command, rename = "on")]
pub async fn on(ctx: Context<'_>) -> Outcome {
    set_pings(ctx, true).await
}

#[poise::command(slash_command, rename = "off")]
pub async fn off(ctx: Context<'_>) -> Outcome {
    set_pings(ctx, false).await
}

async fn set_pings(ctx: Context<'_>, wanted: bool) -> Outcome {
    let bot = ctx.data().clone();
    let user = crate::bank::UserId(ctx.author().id.get());
    let locale = crate::bot::reply::locale(ctx);
    crate::bot::reply::respond(ctx, async move {
        match bot.pings().set(user, wanted).await {
            Ok(()) => {
                let id = if wanted {
                    "bot-pings-on"
                } else {
                    "bot-pings-off"
                };
                Answer::private(render::tr(locale, id, &[]))
            }
            Err(error) => {
                tracing::error!(%error, "saving a ping preference failed");
                Answer::private(render::tr(locale, "bot-failed", &[]))
            }
        }
    })
    .await
}
