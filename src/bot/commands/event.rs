//! `/tournament schedule` (moderators): a multi-table event from its options
//! (`tournament::multi::schedule`, at the wall clock), stored by the bank
//! (`Bank::schedule_event`), its coordinator started (`Lobby::open_event`) and its message
//! posted by its keeper (`bot::events`); refused in the moderator's language, changing
//! nothing, when an option is wrong, the channel holds a table, a sit & go or an event, or
//! the bot lacks what the event's message and its tables' threads need. The moderators'
//! `/tournament pause` and `resume` of a running event; `/tournament cancel` and `status` of
//! an event (asked through `/tournament`, which finds the channel's event first).

use crate::bank::{EventNote, EventPhase, EventRecord, EventSchedule};
use crate::bot::Context;
use crate::bot::events::entry::{self, Asked, EventRefused};
use crate::bot::events::now_unix;
use crate::bot::permissions;
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};
use crate::render::event_message::{EventPhase as ShownPhase, discord_timestamp, event_message};
use crate::render::event_status::{ClockReading, player_status};
use crate::render::{escape_markdown, tr};
use crate::tournament::multi::schedule::{ScheduleOptions, ScheduledEvent, schedule as checked};

use super::settings::GameChoiceOption;
use super::settings::StructureOption;

#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn schedule(
    ctx: Context<'_>,
    name: String,
    game: GameChoiceOption,
    start: String,
    #[min = 0] buy_in: u64,
    #[min = 1] starting_stack: Option<u64>,
    structure: Option<StructureOption>,
    timed_levels: Option<String>,
    #[min = 1] minutes_per_level: Option<u32>,
    #[min = 1] table_size: Option<u64>,
    #[min = 1] cap: Option<u64>,
    #[min = 0] late_registration: Option<u32>,
    #[min = 0] re_entries: Option<u32>,
    payouts: Option<String>,
    computers_allowed: Option<bool>,
    #[min = 1] break_minutes: Option<u32>,
    #[min = 1] break_every: Option<u32>,
) -> Outcome {
    let reference = super::reference(ctx, "event-schedule");
    let missing = missing_for_event(ctx);
    let options = ScheduleOptions {
        name,
        game: game.0,
        start,
        buy_in,
        starting_stack,
        structure: structure.map_or(crate::tournament::StructureKind::Regular, |s| s.kind()),
        levels: timed_levels,
        minutes_per_level,
        table_size,
        cap,
        late_registration_levels: late_registration,
        re_entries,
        payouts,
        computers_allowed,
        break_minutes,
        break_every,
    };
    in_guild(ctx, |caller| async move {
        if !missing.is_empty() {
            return Answer::private(permissions::refusal(
                caller.locale,
                "event-missing-permissions",
                &missing,
            ));
        }
        let now = now_unix();
        let scheduled = match checked(&options, now, caller.bot.config().table.rules) {
            Ok(scheduled) => scheduled,
            Err(error) => return caller.refuse(&error),
        };
        // Computer entrants' buy-ins come from the house: the server's staff only.
        if scheduled.computers_allowed
            && let Some(refused) = crate::bot::rights::refuse_unless_staff(ctx, &caller).await
        {
            return refused;
        }
        schedule_and_answer(&caller, scheduled, now, &reference).await
    })
    .await
}

/// What the bot lacks for an event here: its message in the channel, and its tables'
/// threads under it.
fn missing_for_event(ctx: Context<'_>) -> Vec<&'static permissions::Needed> {
    let mut missing = permissions::missing_at_open(ctx, false);
    for needed in permissions::missing_at_open(ctx, true) {
        if !missing.iter().any(|had| std::ptr::eq(*had, needed)) {
            missing.push(needed);
        }
    }
    missing
}

/// Stores `scheduled` in the caller's channel, starts its coordinator and its message; the
/// moderator is told when it starts, in their own time zone.
async fn schedule_and_answer(
    caller: &Caller,
    scheduled: ScheduledEvent,
    now: u64,
    reference: &str,
) -> Answer {
    let bank = caller.bot.bank();
    let stored = EventSchedule {
        channel: caller.table,
        name: scheduled.name.clone(),
        starts_at: scheduled.start_unix,
        now,
        added_by: None,
    };
    let id = match bank
        .schedule_event(caller.guild, stored, scheduled.settings.clone(), reference)
        .await
    {
        Ok(id) => id,
        Err(error) => return caller.refuse(&error),
    };
    let note = EventNote::Scheduled {
        computers_allowed: scheduled.computers_allowed,
        scheduled_at: scheduled.scheduled_unix,
    };
    if let Err(error) = bank.note_event(caller.guild, id, note).await {
        tracing::warn!(%error, "the event's schedule notes could not be kept");
    }
    if let Err(error) = caller.bot.open_event(id).await {
        tracing::error!(%error, event = id.0, "the event's coordinator did not start");
        return caller.refuse(&error);
    }
    Answer::private(tr(
        caller.locale,
        "event-scheduled",
        &[
            ("name", escape_markdown(&scheduled.name).into()),
            ("start", discord_timestamp(scheduled.start_unix, 'F').into()),
            (
                "relative",
                discord_timestamp(scheduled.start_unix, 'R').into(),
            ),
        ],
    ))
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn pause(ctx: Context<'_>) -> Outcome {
    in_guild(
        ctx,
        |caller| async move { pause_or_resume(&caller, true).await },
    )
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn resume(ctx: Context<'_>) -> Outcome {
    in_guild(ctx, |caller| async move {
        pause_or_resume(&caller, false).await
    })
    .await
}

async fn pause_or_resume(caller: &Caller, pause: bool) -> Answer {
    let record = match here(caller).await {
        Ok(record) => record,
        Err(answer) => return answer,
    };
    if !matches!(record.phase, EventPhase::Running(_)) {
        return caller.refuse(&EventRefused::NotStarted);
    }
    let paused = match caller.bot.bank().event_paused(record.id).await {
        Ok(paused) => paused,
        Err(error) => return caller.refuse(&error),
    };
    if paused == pause {
        let why = if pause {
            EventRefused::AlreadyPaused
        } else {
            EventRefused::NotPaused
        };
        return caller.refuse(&why);
    }
    let Some(handle) = caller.bot.lobby().event(record.id) else {
        return caller.refuse(&crate::bot::refusals::Refused::Failed);
    };
    let asked = if pause {
        handle.pause().await
    } else {
        handle.resume().await
    };
    if let Err(error) = asked {
        return entry::refuse(caller, &error, Asked::Moderate);
    }
    let id = if pause {
        "event-paused-by"
    } else {
        "event-resumed-by"
    };
    Answer::public(tr(
        caller.public,
        id,
        &[("name", crate::render::display_name(&caller.name()).into())],
    ))
}

/// The live event of the caller's channel, or the refusal to answer.
async fn here(caller: &Caller) -> Result<EventRecord, Answer> {
    match entry::live_here(caller).await {
        Ok(Some(record)) => Ok(record),
        Ok(None) => Err(caller.refuse(&EventRefused::NoneHere)),
        Err(refused) => Err(refused),
    }
}

/// `/tournament cancel` of `record`'s event: before the start every buy-in goes back at
/// once; a running event is cancelled once every table's hand is over (the bank's rule:
/// prizes won stand, the rest shared by ICM), its message showing what was paid.
pub(super) async fn cancel(caller: &Caller, record: EventRecord, reference: &str) -> Answer {
    let running = matches!(record.phase, EventPhase::Running(_));
    match caller.bot.lobby().event(record.id) {
        Some(handle) => {
            if let Err(error) = handle.cancel(reference).await {
                return entry::refuse(caller, &error, Asked::Moderate);
            }
        }
        None => {
            let cancelled = caller
                .bot
                .bank()
                .cancel_event(caller.guild, record.id, reference)
                .await;
            if let Err(error) = cancelled {
                return entry::refuse(caller, &error.into(), Asked::Moderate);
            }
        }
    }
    let id = if running {
        "event-cancel-after-hands"
    } else {
        "event-cancelled-now"
    };
    Answer::public(tr(
        caller.public,
        id,
        &[("name", escape_markdown(&record.name).into())],
    ))
}

/// `/tournament status` of `record`'s event, privately: a player's table, seat and stack;
/// anyone else the event as its message shows it; once over, its places and prizes (or
/// its cancel) to anyone.
pub(super) async fn status(caller: &Caller, record: EventRecord) -> Answer {
    let notes = caller
        .bot
        .bank()
        .event_notes(record.id)
        .await
        .unwrap_or_default();
    let paused = caller
        .bot
        .bank()
        .event_paused(record.id)
        .await
        .unwrap_or(false);
    let scheduled = ScheduledEvent {
        name: record.name.clone(),
        start_unix: record.starts_at,
        settings: record.settings.clone(),
        computers_allowed: notes.computers_allowed,
        scheduled_unix: notes.scheduled_at,
    };
    let names = caller.bot.names().clone();
    let guild = caller.guild;
    let name_of = move |user| names.name_in(guild, user);
    let limit = crate::bot::limits::MESSAGE_TEXT;
    let text = match &record.phase {
        EventPhase::Running(event) if !event.entries_of(caller.user).is_empty() => {
            let reading = ClockReading {
                clock: record.clock,
                now_unix: now_unix(),
                paused,
            };
            player_status(caller.locale, event, caller.user, reading)
        }
        EventPhase::Running(event) => {
            let phase = ShownPhase::Running {
                event,
                clock: record.clock,
                now_unix: now_unix(),
                paused,
            };
            event_message(caller.locale, &scheduled, &phase, &name_of, limit)
        }
        // Over: its places and prizes, or its cancel and what it paid back.
        EventPhase::Finished(event) => {
            let phase = ShownPhase::Finished { event };
            event_message(caller.locale, &scheduled, &phase, &name_of, limit)
        }
        EventPhase::Cancelled { event, paid } => {
            let shares: &[(crate::ids::UserId, u64)] = if record.refunded() || event.is_none() {
                &[]
            } else {
                paid
            };
            let phase = ShownPhase::Cancelled { shares };
            event_message(caller.locale, &scheduled, &phase, &name_of, limit)
        }
        EventPhase::Scheduled => {
            let registered: Vec<String> = record.registered.iter().map(|&u| name_of(u)).collect();
            let phase = ShownPhase::Registering {
                registered: &registered,
            };
            let shown = event_message(caller.locale, &scheduled, &phase, &name_of, limit);
            if record.registered.contains(&caller.user) {
                let yours = tr(caller.locale, "event-status-registered", &[]);
                crate::bot::limits::fit_message(&format!("{yours}\n{shown}"))
            } else {
                shown
            }
        }
    };
    Answer::private(text)
}
