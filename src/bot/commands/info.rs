//! `/history` (a recent hand of this channel, a cash hand, a sit & go's or, in an event
//! table's thread, that table's, from the bank)
//! and `/rules`.

use crate::bank::TournamentId;
use crate::render;

use crate::bot::Context;
use crate::bot::reply::{Answer, Outcome, caller, in_guild, locale, respond};

#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    #[min = 1] hand: Option<u64>,
    #[min = 1] tournament: Option<u64>,
) -> Outcome {
    in_guild(ctx, |caller| async move {
        let bot = &caller.bot;
        // From the bank: any recent hand of this channel, from before a restart too; a sit
        // & go's hands are numbered apart from the cash table's.
        let lobby = bot.lobby();
        let found = match tournament {
            Some(id) => {
                lobby
                    .sit_and_go_hand_history(caller.table, TournamentId(id), hand)
                    .await
            }
            None => lobby.hand_history(caller.table, hand).await,
        };
        let history = match found {
            Ok(Some(history)) => history,
            Ok(None) => return Answer::private(render::tr(caller.locale, "bot-no-history", &[])),
            Err(error) => return caller.refuse(&error),
        };
        bot.resolve_names(history.players.iter().copied()).await;
        let name_of = |user| bot.names().name_or_placeholder(user);
        let view = crate::lobby::present::stored_history_view(&history, &name_of);
        // A long hand (heads-up raises without a cap) keeps its start and its end, whole
        // lines, and says what it leaves out, rather than being cut mid-word.
        let limit = crate::bot::limits::MESSAGE_TEXT;
        let text = match (history.sit_and_go, history.event) {
            (Some(tournament), _) => {
                render::sit_and_go_history_within(caller.locale, tournament.0, &view, limit)
            }
            (None, Some(event)) => {
                let name = match lobby.bank().event(event).await {
                    Ok(Some(record)) => record.name,
                    _ => format!("#{}", event.0),
                };
                render::event_history_within(caller.locale, &name, &view, limit)
            }
            (None, None) => render::history_within(caller.locale, &view, limit),
        };
        Answer::private(text)
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
