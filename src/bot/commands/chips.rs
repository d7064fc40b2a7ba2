//! `/chips grant|take`: moderators add chips to or remove chips from a player's balance.

use poise::serenity_prelude as serenity;

use crate::render::{self, Notice};

use super::{named, reference, user_id};
use crate::bot::Context;
use crate::bot::refusals;
use crate::bot::reply::{Answer, Outcome, in_guild};

#[poise::command(
    slash_command,
    guild_only,
    subcommands("grant", "take"),
    subcommand_required
)]
pub async fn chips(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn grant(
    ctx: Context<'_>,
    #[rename = "user"] player: serenity::User,
    #[min = 1] amount: u64,
) -> Outcome {
    let bot = ctx.data().clone();
    let reference = reference(ctx, "grant");
    in_guild(ctx, |caller| async move {
        match bot
            .bank()
            .grant(
                caller.guild,
                caller.user,
                user_id(&player),
                amount,
                &reference,
            )
            .await
        {
            Ok(balance) => Answer::public(render::notice(
                caller.locale,
                &Notice::Granted {
                    name: named(&player),
                    amount,
                    balance,
                },
            )),
            Err(error) => Answer::private(refusals::bank(caller.locale, &error)),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn take(
    ctx: Context<'_>,
    #[rename = "user"] player: serenity::User,
    #[min = 1] amount: u64,
) -> Outcome {
    let bot = ctx.data().clone();
    let reference = reference(ctx, "take");
    in_guild(ctx, |caller| async move {
        match bot
            .bank()
            .take(
                caller.guild,
                caller.user,
                user_id(&player),
                amount,
                &reference,
            )
            .await
        {
            Ok(balance) => Answer::public(render::notice(
                caller.locale,
                &Notice::Taken {
                    name: named(&player),
                    amount,
                    balance,
                },
            )),
            Err(error) => Answer::private(refusals::bank(caller.locale, &error)),
        }
    })
    .await
}
