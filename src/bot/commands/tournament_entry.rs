//! A sit & go's entries: registering through `/join` (or its Register button) and leaving
//! through `/leave` in a channel where one is live (`live_here`), and the start the last
//! registration makes. Each chip moves in the bank at once (`Bank::register_tournament`,
//! `Bank::unregister_tournament`); `/tournament` itself is [`super::tournament`]'s.

use crate::bank::{TournamentId, TournamentPhase, TournamentState};
use crate::bot::reply::{Answer, Caller};
use crate::render::{self, display_name, tr};

use super::tournament_text::status_text;

/// The live sit & go of the caller's channel, if there is one: one key of the bank's index
/// of live sit & gos and its record, however many sit & gos the bank has held. A read that
/// fails (the record unreadable, the bank too slow) is refused, never taken for "none here".
pub(super) async fn live_here(caller: &Caller) -> Result<Option<TournamentState>, Answer> {
    match caller.bot.bank().live_tournament_in(caller.table).await {
        Ok(state) => Ok(state.filter(|state| state.guild == caller.guild)),
        Err(error) => {
            tracing::warn!(channel = caller.table.0, %error, "cannot read the channel's sit & go");
            Err(caller.refuse(&error))
        }
    }
}

/// Registers the caller: the buy-in moves into the prize pool; the last seat starts it.
pub(crate) async fn join(caller: Caller, reference: String, state: TournamentState) -> Answer {
    let bank = caller.bot.bank();
    let entrants = match bank
        .register_tournament(caller.guild, state.id, caller.user, &reference)
        .await
    {
        Ok(entrants) => entrants,
        Err(error) => return caller.refuse(&error),
    };
    let pool = usize::try_from(entrants)
        .ok()
        .and_then(|entrants| state.settings.prize_pool(entrants))
        .unwrap_or(0);
    let registered = tr(
        caller.public,
        "tournament-registered",
        &[
            ("name", display_name(&caller.name()).into()),
            ("entrants", entrants.into()),
            ("seats", state.seats.into()),
            ("pool", pool.into()),
        ],
    );
    if usize::try_from(entrants).is_ok_and(|entrants| entrants >= state.seats) {
        let started = started(&caller, state.id).await;
        return Answer::public(format!("{registered}\n{}", started.text));
    }
    Answer::public(registered)
}

/// Unregisters the caller before the start, refunding the buy-in; after it, sits them out
/// (nobody leaves with chips: the table checks or folds for them, antes and bring-ins paid).
pub(super) async fn leave(caller: Caller, reference: String, state: TournamentState) -> Answer {
    if matches!(state.phase, TournamentPhase::Running(_)) {
        let sat_out = match caller.bot.lobby().table(caller.table) {
            Ok(table) => table.sit_out(caller.user).await,
            Err(error) => Err(error),
        };
        return match sat_out {
            Ok(()) => Answer::public(format!(
                "{}\n{}",
                render::notice(
                    caller.public,
                    &render::Announcement::SatOut {
                        name: caller.name()
                    }
                ),
                tr(caller.public, "tournament-sat-out", &[])
            )),
            Err(error) => caller.refuse(&error),
        };
    }
    let refund = match caller
        .bot
        .bank()
        .unregister_tournament(caller.guild, state.id, caller.user, &reference)
        .await
    {
        Ok(refund) => refund,
        Err(error) => return caller.refuse(&error),
    };
    Answer::public(tr(
        caller.public,
        "tournament-unregistered",
        &[
            ("name", display_name(&caller.name()).into()),
            ("refund", refund.into()),
        ],
    ))
}

/// The channel is told the sit & go has started, and its status; its table opens and deals.
pub(super) async fn started(caller: &Caller, id: TournamentId) -> Answer {
    match caller.bot.lobby().open_sit_and_go(id).await {
        Ok(handle) => {
            if let Err(error) = caller.bot.presenter(&handle).await {
                tracing::warn!(%error, "cannot attach to the sit & go's table");
            }
        }
        Err(error) => tracing::error!(%error, "the sit & go's table did not open"),
    }
    match caller.bot.bank().tournament(id).await {
        Ok(Some(state)) => {
            let pool = state
                .tournament()
                .map_or(0, crate::tournament::Tournament::prize_pool);
            let started = tr(
                caller.public,
                "tournament-started",
                &[
                    ("entrants", state.entrants.len().into()),
                    ("pool", pool.into()),
                ],
            );
            Answer::public(format!(
                "{started}\n{}",
                status_text(&caller.bot, caller.public, &state, 0)
            ))
        }
        Ok(None) => caller.refuse(&crate::bot::refusals::Refused::Failed),
        Err(error) => caller.refuse(&error),
    }
}
