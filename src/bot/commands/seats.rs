//! A player's own seat: `/join` (or top up), `/leave`, `/sitout`, `/back`, `/cards`, and
//! `/ping on|off` (whether the bot mentions them when it is their turn).

use crate::bot::events::entry as events;
use crate::lobby::{Departure, LobbyError, PlayerCards, Seated, TableHandle};
use crate::render::{self, Announcement};

use super::{asked_at_table, at_table};
use crate::bot::Context;
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};

// In a channel with a live sit & go, `/join` registers (`tournament_entry::join`); elsewhere
// it sits down at the channel's table. The sit & go is looked up inside the command's deferral.
#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>, #[min = 1] buy_in: Option<u64>) -> Outcome {
    let reference = super::reference(ctx, "tournament-register");
    let bank = ctx.data().bank().clone();
    let ask = |table: TableHandle, user| async move {
        crate::lobby::sit_down(&table, &bank, user, buy_in).await
    };
    let told = |seated, caller: Caller| async move {
        let name = caller.name();
        caller.tell_channel(&match seated {
            Seated::Joined { stack } => Announcement::Joined {
                name,
                buy_in: stack,
            },
            Seated::ToppedUp { amount, stack } => Announcement::ToppedUp {
                name,
                amount,
                stack,
            },
        })
    };
    in_guild(ctx, |caller| async move {
        match super::tournament_entry::live_here(&caller).await {
            Ok(Some(state)) => super::tournament_entry::join(caller, reference, state).await,
            Ok(None) => match events::live_here(&caller).await {
                Ok(Some(event)) => events::enter(caller, reference, event).await,
                Ok(None) => asked_at_table(caller, ask, told).await,
                Err(refused) => refused,
            },
            Err(refused) => refused,
        }
    })
    .await
}

// In a channel with a live sit & go, `/leave` unregisters (or, once it runs, sits out:
// `tournament_entry::leave`); elsewhere it leaves the channel's table. The sit & go is looked up
// inside the command's deferral.
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Outcome {
    let reference = super::reference(ctx, "tournament-unregister");
    let ask = |table: TableHandle, user| async move { table.leave(user).await };
    let told = |left, caller: Caller| async move {
        let name = caller.name();
        match left {
            Departure::CashedOut(stack) => caller.tell_channel(&Announcement::Left { name, stack }),
            Departure::AfterHand => {
                if let Some(presenter) = caller.bot.existing_presenter(caller.table) {
                    presenter.departing(caller.user);
                }
                caller.tell_channel(&Announcement::LeavingAfterHand { name })
            }
            Departure::SeatRequestWithdrawn => {
                caller.tell_caller(&Announcement::SeatRequestWithdrawn)
            }
        }
    };
    in_guild(ctx, |caller| async move {
        match super::tournament_entry::live_here(&caller).await {
            Ok(Some(state)) => super::tournament_entry::leave(caller, reference, state).await,
            Ok(None) => match events::live_here(&caller).await {
                Ok(Some(event)) => events::unregister(caller, reference, event).await,
                Ok(None) => asked_at_table(caller, ask, told).await,
                Err(refused) => refused,
            },
            Err(refused) => refused,
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn sitout(ctx: Context<'_>) -> Outcome {
    let ask = |table: TableHandle, user| async move { table.sit_out(user).await };
    let told = |(), caller: Caller| async move {
        let name = caller.name();
        caller.tell_channel(&Announcement::SatOut { name })
    };
    at_table(ctx, ask, told).await
}

#[poise::command(slash_command, guild_only)]
pub async fn back(ctx: Context<'_>) -> Outcome {
    let ask = |table: TableHandle, user| async move { table.back(user).await };
    let told = |(), caller: Caller| async move {
        let name = caller.name();
        caller.tell_channel(&Announcement::Back { name })
    };
    at_table(ctx, ask, told).await
}

#[poise::command(slash_command, guild_only)]
pub async fn cards(ctx: Context<'_>) -> Outcome {
    let ask = |table: TableHandle, user| async move {
        // No hand at all reads like no cards in it: "you hold no cards".
        table.show_cards(user).await.map_err(|error| match error {
            LobbyError::NoHandInProgress => LobbyError::NotInHand,
            error => error,
        })
    };
    let told = |cards: PlayerCards, caller: Caller| async move {
        // The private view: the cards, the pre-actions as buttons, the time bank.
        let view =
            crate::bot::private_view::message(&caller.bot, caller.locale, caller.table, &cards);
        Answer::private(view.content).with_buttons(view.buttons)
    };
    at_table(ctx, ask, told).await
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
