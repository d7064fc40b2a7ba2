//! `/chips grant|take`: the server's staff add chips to or remove chips from a player's
//! balance (never a bot's: bots hold no accounts). Shown by Discord to members with Manage
//! Server only (`default_member_permissions`, which a server can change), and decided by the
//! bot on every call ([`crate::bot::rights`]): a channel's own permissions never suffice.

use poise::serenity_prelude as serenity;

use crate::render::{self, Announcement};

use super::{named, reference, user_id};
use crate::bot::Context;
use crate::bot::refusals::Refused;
use crate::bot::reply::{Answer, Outcome, in_guild};

#[poise::command(
    slash_command,
    guild_only,
    subcommands("grant", "take"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD"
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
    move_chips(ctx, player, amount, Direction::Grant).await
}

#[poise::command(slash_command, guild_only)]
pub async fn take(
    ctx: Context<'_>,
    #[rename = "user"] player: serenity::User,
    #[min = 1] amount: u64,
) -> Outcome {
    move_chips(ctx, player, amount, Direction::Take).await
}

/// Which way a moderator moves chips: from the mint to the player, or back.
#[derive(Debug, Clone, Copy)]
enum Direction {
    Grant,
    Take,
}

impl Direction {
    /// The subcommand's name, which also keys the request's bank reference.
    fn name(self) -> &'static str {
        match self {
            Direction::Grant => "grant",
            Direction::Take => "take",
        }
    }
}

/// `/chips grant` and `/chips take`: one bank movement, the new balance told publicly, a
/// refusal privately.
async fn move_chips(
    ctx: Context<'_>,
    player: serenity::User,
    amount: u64,
    direction: Direction,
) -> Outcome {
    let reference = reference(ctx, direction.name());
    in_guild(ctx, |caller| async move {
        if let Some(refused) = crate::bot::rights::refuse_unless_staff(ctx, &caller).await {
            return refused;
        }
        if player.bot {
            return caller.refuse(&Refused::BotsHoldNoChips);
        }
        let bank = caller.bot.bank();
        let user = user_id(&player);
        let moved = match direction {
            Direction::Grant => {
                bank.grant(caller.guild, caller.user, user, amount, &reference)
                    .await
            }
            Direction::Take => {
                bank.take(caller.guild, caller.user, user, amount, &reference)
                    .await
            }
        };
        match moved {
            Ok(balance) => {
                let name = named(&player);
                let notice = match direction {
                    Direction::Grant => Announcement::Granted {
                        name,
                        amount,
                        balance,
                    },
                    Direction::Take => Announcement::Taken {
                        name,
                        amount,
                        balance,
                    },
                };
                Answer::public(render::notice(caller.public, &notice))
            }
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}
