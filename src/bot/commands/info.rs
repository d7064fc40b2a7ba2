//! `/history` (a recent hand of this channel, from the bank) and `/rules`.

use crate::render;

use crate::bot::Context;
use crate::bot::reply::{Answer, Outcome, caller, in_guild, locale, respond};

#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>, #[min = 1] hand: Option<u64>) -> Outcome {
    in_guild(ctx, |caller| async move {
        let bot = &caller.bot;
        // From the bank: any recent hand of this channel, from before a restart too.
        let history = match bot.lobby().hand_history(caller.table, hand).await {
            Ok(Some(history)) => history,
            Ok(None) => return Answer::private(render::tr(caller.locale, "bot-no-history", &[])),
            Err(error) => return caller.refuse(&error),
        };
        bot.resolve_names(history.players.iter().copied()).await;
        let names: Vec<String> = history
            .players
            .iter()
            .map(|user| bot.names().name_or_placeholder(*user))
            .collect();
        let view = render::HistoryView::new(
            history.hand,
            history.game,
            history.stakes,
            &names,
            &history.starting_stacks,
            &history.events,
        );
        let text = render::history(caller.locale, &view);
        Answer::private(crate::bot::limits::fit_message(&text))
    })
    .await
}

/// The rules of the game this channel's table deals (Stud/8 where there is no table).
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    let caller = caller(ctx);
    let locale = locale(ctx);
    respond(ctx, async move {
        // The game and house rules of this channel's table, else those a new table gets.
        let status = match caller.map(|caller| bot.lobby().table(caller.table)) {
            Some(Ok(handle)) => handle.status().await.ok(),
            _ => None,
        };
        let rules = status
            .as_ref()
            .map_or(bot.config().table.rules, |status| status.settings.rules);
        let game = status.map(|status| (status.settings.game, status.settings.mix_hands));
        Answer::private(render::rules_summary(locale, &rules, game))
    })
    .await
}
