//! The economy: `/balance`, `/daily`, `/give`, `/leaderboard` (balances, or the net from sit &
//! gos), `/stats` (cash play, and sit & gos apart). Bots hold no accounts: a command naming
//! one is refused before the bank is asked.

use poise::serenity_prelude as serenity;

use crate::bank::{BankError, TournamentStats, UserId};
use crate::render::{self, Announcement};

use super::{named, reference, user_id};
use crate::bot::Context;
use crate::bot::refusals::Refused;
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};

/// Players shown by `/leaderboard`.
const LEADERBOARD_SIZE: usize = 10;

#[poise::command(slash_command, guild_only)]
pub async fn balance(
    ctx: Context<'_>,
    #[rename = "user"] player: Option<serenity::User>,
) -> Outcome {
    in_guild(ctx, |caller| async move {
        if player.as_ref().is_some_and(|player| player.bot) {
            return caller.refuse(&Refused::BotsHoldNoChips);
        }
        let user = player.as_ref().map_or(caller.user, user_id);
        match caller.bot.bank().balance(caller.guild, user).await {
            Ok(balance) if user == caller.user => {
                caller.tell_caller(&Announcement::Balance { balance })
            }
            Ok(balance) => {
                let name = player
                    .as_ref()
                    .map_or_else(|| caller.bot.names().name_or_placeholder(user), named);
                Answer::private(render::notice(
                    caller.locale,
                    &Announcement::BalanceOf { name, balance },
                ))
            }
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn daily(ctx: Context<'_>) -> Outcome {
    let reference = reference(ctx, "daily");
    in_guild(ctx, |caller| async move {
        match caller
            .bot
            .bank()
            .daily(caller.guild, caller.user, &reference)
            .await
        {
            Ok(balance) => Answer::private(render::notice(
                caller.locale,
                &Announcement::DailyClaimed {
                    amount: caller.bot.config().economy.daily_amount,
                    balance,
                },
            )),
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn give(
    ctx: Context<'_>,
    #[rename = "user"] player: serenity::User,
    #[min = 1] amount: u64,
) -> Outcome {
    let reference = reference(ctx, "give");
    in_guild(ctx, |caller| async move {
        if player.bot {
            return caller.refuse(&BankError::GiveToBot);
        }
        match caller
            .bot
            .bank()
            .give(
                caller.guild,
                caller.user,
                user_id(&player),
                player.bot,
                amount,
                &reference,
            )
            .await
        {
            Ok(_) => Answer::public(render::notice(
                caller.public,
                &Announcement::Gave {
                    from: caller.bot.names().name_or_placeholder(caller.user),
                    to: named(&player),
                    amount,
                },
            )),
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

/// Which `/leaderboard`: balances, or the net from sit & gos.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, poise::ChoiceParameter)]
pub enum BoardOption {
    #[default]
    #[name = "cash"]
    Cash,
    #[name = "tournaments"]
    Tournaments,
}

#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Context<'_>, board: Option<BoardOption>) -> Outcome {
    in_guild(ctx, |caller| async move {
        if board.unwrap_or_default() == BoardOption::Tournaments {
            return tournament_leaderboard(&caller).await;
        }
        match caller
            .bot
            .bank()
            .leaderboard(caller.guild, LEADERBOARD_SIZE)
            .await
        {
            Ok(top) => {
                let lines = named_lines(&caller, top, |name, balance| render::LeaderboardLine {
                    name,
                    balance,
                })
                .await;
                Answer::public(render::leaderboard(
                    caller.public,
                    &lines,
                    crate::bot::limits::MESSAGE_TEXT,
                ))
            }
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

/// `/leaderboard board:tournaments`: the best net from sit & gos.
async fn tournament_leaderboard(caller: &Caller) -> Answer {
    match caller
        .bot
        .bank()
        .tournament_leaderboard(caller.guild, LEADERBOARD_SIZE)
        .await
    {
        Ok(top) => {
            let lines = named_lines(caller, top, |name, stats| {
                render::TournamentLeaderboardLine {
                    name,
                    stats: tournament_view(stats),
                }
            })
            .await;
            Answer::public(render::tournament_leaderboard(
                caller.public,
                &lines,
                crate::bot::limits::MESSAGE_TEXT,
            ))
        }
        Err(error) => caller.refuse(&error),
    }
}

/// A leaderboard's lines: each player's name (looked up first when the bot does not know it
/// yet) joined with what the board ranks them by.
async fn named_lines<T, L>(
    caller: &Caller,
    top: Vec<(UserId, T)>,
    line: impl Fn(String, T) -> L,
) -> Vec<L> {
    caller
        .bot
        .resolve_names(top.iter().map(|(user, _)| *user))
        .await;
    top.into_iter()
        .map(|(user, value)| line(caller.bot.names().name_or_placeholder(user), value))
        .collect()
}

fn tournament_view(stats: TournamentStats) -> render::TournamentStatsView {
    render::TournamentStatsView {
        entries: stats.entries,
        wins: stats.wins,
        cashes: stats.cashes,
        net: stats.net,
    }
}

/// The sit & go block of `/stats`: shown only to someone who entered one.
fn tournament_block(stats: TournamentStats) -> Option<render::TournamentStatsView> {
    (stats.entries > 0).then(|| tournament_view(stats))
}

#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[rename = "user"] player: Option<serenity::User>,
    house: Option<bool>,
) -> Outcome {
    if house == Some(true) {
        return house_stats(ctx).await;
    }
    in_guild(ctx, |caller| async move {
        if player.as_ref().is_some_and(|player| player.bot) {
            return caller.refuse(&Refused::BotsHoldNoChips);
        }
        let user: UserId = player.as_ref().map_or(caller.user, user_id);
        let bank = caller.bot.bank();
        let read = match bank.stats(caller.guild, user).await {
            Ok(stats) => bank
                .tournament_stats(caller.guild, user)
                .await
                .map(|tournaments| (stats, tournaments)),
            Err(error) => Err(error),
        };
        match read {
            Ok((stats, tournaments)) => {
                let name = player
                    .as_ref()
                    .map_or_else(|| caller.bot.names().name_or_placeholder(user), named);
                Answer::private(render::stats(
                    caller.locale,
                    &render::StatsView {
                        name,
                        hands_played: stats.hands_played,
                        pots_won: stats.won_high.saturating_add(stats.won_low),
                        scoops: stats.scoops,
                        net_chips: stats.net,
                        biggest_pot: stats.biggest_pot,
                        tournaments: tournament_block(tournaments),
                    },
                ))
            }
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

/// `/stats house:True` (the server's staff): what the guild's house account holds, what its
/// computer players won and lost, and what the mint created for it.
async fn house_stats(ctx: Context<'_>) -> Outcome {
    in_guild(ctx, |caller| async move {
        if let Some(refused) = crate::bot::rights::refuse_unless_staff(ctx, &caller).await {
            return refused;
        }
        match caller.bot.bank().house_stats(caller.guild).await {
            Ok(house) => Answer::private(render::house_stats(
                caller.locale,
                &render::HouseStatsView {
                    balance: house.balance,
                    hands_played: house.hands_played,
                    won: house.won,
                    lost: house.lost,
                    minted: house.minted,
                    mint_limit: house.mint_limit,
                    mint_left: house.mint_left(),
                    tournaments: tournament_block(house.tournaments),
                },
            )),
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}
