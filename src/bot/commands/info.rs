//! `/history` (a recent hand of this channel, from the bank) and `/rules`.

use crate::bank::TableId;
use crate::render;

use super::refusal;
use crate::bot::Context;
use crate::bot::reply::{Answer, Outcome, in_guild, locale, respond};

#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>, #[min = 1] hand: Option<u64>) -> Outcome {
    let bot = ctx.data().clone();
    in_guild(ctx, |caller| async move {
        // From the bank: any recent hand of this channel, from before a restart too.
        let history = match bot.lobby().hand_history(caller.table, hand).await {
            Ok(Some(history)) => history,
            Ok(None) => return Answer::private(render::tr(caller.locale, "bot-no-history", &[])),
            Err(error) => return Answer::private(refusal(&bot, caller.locale, &error)),
        };
        bot.resolve_names(history.players.iter().copied()).await;
        let names: Vec<String> = history
            .players
            .iter()
            .map(|user| bot.names().name_or_placeholder(*user))
            .collect();
        let view = render::HistoryView::new(
            history.hand,
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

#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Outcome {
    let bot = ctx.data().clone();
    let locale = locale(ctx);
    let table = TableId(ctx.channel_id().get());
    respond(ctx, async move {
        // The house rules of this channel's table, else those a new table gets.
        let rules = match bot.lobby().table(table) {
            Ok(handle) => handle
                .status()
                .await
                .map_or(bot.config().table.rules, |status| status.settings.rules),
            Err(_) => bot.config().table.rules,
        };
        Answer::private(render::rules_summary(locale, &rules))
    })
    .await
}
