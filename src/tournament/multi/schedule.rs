//! `/tournament schedule`'s options checked into the event they describe
//! ([`ScheduledEvent`]), or refused naming what is wrong and what is allowed
//! ([`ScheduleError`]). Pure: the time is passed in. The bot's command (a later session's
//! `/tournament schedule`) hands Discord's options over as [`ScheduleOptions`] with the
//! interaction's time and the operator's table rules, then gives the scheduled event to the
//! lobby's coordinator and the bank; a refusal is told with `render::refusal`.
//!
//! Levels last minutes on the event's clock (each level's `hands` holds its length in
//! seconds, [`super::clock`]); the stakes follow the sit & go's structures and their rules
//! ([`Structure::chosen`]'s kinds, [`Structure::parse_levels`]' custom levels, each written
//! `ante/bring-in/small bet/big bet x minutes`).

use thiserror::Error;

use super::clock::Breaks;
use super::settings::{EventError, EventSettings, MAX_ENTRIES};
use super::start_time::read_start;
use crate::refusal::Refusal;
use crate::table::{GameChoice, Rules};
use crate::tournament::{Level, PLAYERS, PayoutTable, Structure, StructureError, StructureKind};

/// The soonest an event may start: a minute from now, so that the message announcing it is
/// read before registration closes.
pub const MIN_LEAD_SECS: u64 = 60;
/// The latest an event may start: 30 days ahead, enough for a weekly event announced weeks
/// before; a start further out is most likely a typo in the date, and each buy-in registered
/// waits in the prize pool until the start.
pub const MAX_AHEAD_SECS: u64 = 30 * 86_400;
/// Chairs at each table when the moderator names none: seven, as stud events deal.
pub const DEFAULT_TABLE_SIZE: usize = 7;
/// Minutes a level may last: a stud hand on Discord takes a minute or two, so a level
/// shorter than three would raise the stakes every hand; two hours is longer than any live
/// event's level.
pub const LEVEL_MINUTES: std::ops::RangeInclusive<u32> = 3..=120;
/// Minutes of a regular level when none is named; turbo levels last half as long.
pub const REGULAR_LEVEL_MINUTES: u32 = 20;
/// Re-entries a player may make: past a few, an event is a rebuy event, which this is not.
pub const MAX_RE_ENTRIES: u32 = 10;
/// A break lasts 1 to 30 minutes.
pub const BREAK_MINUTES: std::ops::RangeInclusive<u32> = 1..=30;
/// The longest event name: it heads the event's message and names each table's thread
/// (Discord's thread names stop at 100 characters, beside the table's number).
pub const MAX_NAME_CHARS: usize = 60;

/// `/tournament schedule`'s options as Discord hands them over (absent options `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleOptions {
    pub name: String,
    pub game: GameChoice,
    /// As typed: see [`super::start_time`].
    pub start: String,
    pub buy_in: u64,
    /// `None`: 30 big bets of the first level.
    pub starting_stack: Option<u64>,
    pub structure: StructureKind,
    /// A custom structure's levels, `2/3/10/20x20, 3/5/15/30x20` (`x` minutes each).
    pub levels: Option<String>,
    /// Minutes of each level (a custom level written without its own).
    pub minutes_per_level: Option<u32>,
    pub table_size: Option<u64>,
    pub cap: Option<u64>,
    /// Late registration until the end of this level; `None` or 0: none.
    pub late_registration_levels: Option<u32>,
    pub re_entries: Option<u32>,
    /// Percentages by place, `50/30/20`; `None`: by field size.
    pub payouts: Option<String>,
    pub computers_allowed: Option<bool>,
    /// A break of this many minutes after every `break_every` levels: both or neither.
    pub break_minutes: Option<u32>,
    pub break_every: Option<u32>,
}

impl ScheduleOptions {
    /// The options a moderator must give, the rest left out.
    pub fn new(name: &str, game: GameChoice, start: &str, buy_in: u64) -> ScheduleOptions {
        ScheduleOptions {
            name: name.to_owned(),
            game,
            start: start.to_owned(),
            buy_in,
            starting_stack: None,
            structure: StructureKind::Regular,
            levels: None,
            minutes_per_level: None,
            table_size: None,
            cap: None,
            late_registration_levels: None,
            re_entries: None,
            payouts: None,
            computers_allowed: None,
            break_minutes: None,
            break_every: None,
        }
    }
}

/// An event as scheduled: what the bank records and the coordinator starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledEvent {
    pub name: String,
    /// Unix seconds.
    pub start_unix: u64,
    pub settings: EventSettings,
    pub computers_allowed: bool,
    /// When it was scheduled (Unix seconds): a reminder is due only if it was scheduled
    /// before the reminder's time (`bot::reminders`).
    pub scheduled_unix: u64,
}

/// Why `/tournament schedule` refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScheduleError {
    #[error("an event needs a name of 1 to {max} characters")]
    Name { max: usize },
    #[error("the start cannot be read")]
    StartUnreadable,
    #[error("the start has passed or is less than {min_minutes} minute away")]
    StartPassed { min_minutes: u64 },
    #[error("the start is more than {days} days away")]
    StartTooFar { days: u64 },
    #[error("{0}")]
    Structure(StructureError),
    #[error("a level lasts {min} to {max} minutes, not {minutes}")]
    LevelMinutes { minutes: u32, min: u32, max: u32 },
    #[error("level {level} lasts {minutes} minutes: a level lasts {min} to {max}")]
    CustomLevelMinutes {
        level: usize,
        minutes: u32,
        min: u32,
        max: u32,
    },
    #[error("a starting stack of {stack} is less than level 1's big bet ({big_bet})")]
    StartingStack { stack: u64, big_bet: u64 },
    #[error("tables seat {min} to {max} players, not {seats}")]
    TableSize { seats: u64, min: u64, max: u64 },
    #[error("a cap on entries is {min} to {max}, not {cap}")]
    Cap { cap: u64, min: u64, max: u64 },
    #[error("late registration cannot last past the structure's {levels} levels")]
    LateRegistrationPastLevels { levels: u64 },
    #[error("re-entries need late registration")]
    ReEntriesWithoutLateRegistration,
    #[error("at most {max} re-entries")]
    TooManyReEntries { max: u64 },
    #[error("the payouts are not percentages summing to 100")]
    BadPayouts,
    #[error("payouts for {places} places need a cap above {places}, not {cap}")]
    PayoutsPastCap { places: u64, cap: u64 },
    #[error("a break needs both its minutes and how many levels apart")]
    BreakHalfGiven,
    #[error("a break lasts {min} to {max} minutes")]
    BreakMinutes { min: u64, max: u64 },
    #[error("breaks come every 1 to {max} levels")]
    BreakEvery { max: u64 },
    #[error("the event cannot be held: {0}")]
    Settings(EventError),
}

impl Refusal for ScheduleError {
    fn message_id(&self) -> &'static str {
        match self {
            ScheduleError::Name { .. } => "event-name",
            ScheduleError::StartUnreadable => "event-start-unreadable",
            ScheduleError::StartPassed { .. } => "event-start-passed",
            ScheduleError::StartTooFar { .. } => "event-start-too-far",
            // The sit & go's words, but for what a sit & go counts in hands or calls itself.
            ScheduleError::Structure(StructureError::Unreadable { .. }) => "event-level-unreadable",
            ScheduleError::Structure(
                StructureError::EmptyStartingStack | StructureError::StartingStackTooLarge,
            ) => "event-bad",
            ScheduleError::Structure(error) => error.message_id(),
            ScheduleError::LevelMinutes { .. } => "event-level-minutes",
            ScheduleError::CustomLevelMinutes { .. } => "event-custom-level-minutes",
            ScheduleError::StartingStack { .. } => "event-starting-stack",
            ScheduleError::TableSize { .. } => "event-table-size",
            ScheduleError::Cap { .. } => "event-cap",
            ScheduleError::LateRegistrationPastLevels { .. } => "event-late-registration-levels",
            ScheduleError::ReEntriesWithoutLateRegistration => "event-re-entries-need-late",
            ScheduleError::TooManyReEntries { .. } => "event-re-entries-max",
            ScheduleError::BadPayouts => "tournament-bad-payouts",
            ScheduleError::PayoutsPastCap { .. } => "event-payouts-past-cap",
            ScheduleError::BreakHalfGiven => "event-break-half-given",
            ScheduleError::BreakMinutes { .. } => "event-break-minutes",
            ScheduleError::BreakEvery { .. } => "event-break-every",
            ScheduleError::Settings(_) => "event-bad",
        }
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        let count = |value: usize| u64::try_from(value).unwrap_or(u64::MAX);
        match self {
            ScheduleError::Name { max } => vec![("max", count(*max))],
            ScheduleError::StartPassed { min_minutes } => vec![("minutes", *min_minutes)],
            ScheduleError::StartTooFar { days } => vec![("days", *days)],
            ScheduleError::Structure(error) => error.message_args(),
            ScheduleError::LevelMinutes { minutes, min, max } => vec![
                ("minutes", u64::from(*minutes)),
                ("min", u64::from(*min)),
                ("max", u64::from(*max)),
            ],
            ScheduleError::CustomLevelMinutes {
                level,
                minutes,
                min,
                max,
            } => vec![
                ("level", count(*level)),
                ("minutes", u64::from(*minutes)),
                ("min", u64::from(*min)),
                ("max", u64::from(*max)),
            ],
            ScheduleError::StartingStack { stack, big_bet } => {
                vec![("stack", *stack), ("big_bet", *big_bet)]
            }
            ScheduleError::TableSize { seats, min, max } => {
                vec![("seats", *seats), ("min", *min), ("max", *max)]
            }
            ScheduleError::Cap { cap, min, max } => {
                vec![("cap", *cap), ("min", *min), ("max", *max)]
            }
            ScheduleError::LateRegistrationPastLevels { levels } => vec![("count", *levels)],
            ScheduleError::TooManyReEntries { max } => vec![("max", *max)],
            ScheduleError::PayoutsPastCap { places, cap } => {
                vec![("places", *places), ("cap", *cap)]
            }
            ScheduleError::BreakMinutes { min, max } => vec![("min", *min), ("max", *max)],
            ScheduleError::BreakEvery { max } => vec![("max", *max)],
            _ => Vec::new(),
        }
    }

    fn reason(&self) -> Option<&dyn Refusal> {
        match self {
            ScheduleError::Structure(error) => error.reason(),
            _ => None,
        }
    }
}

/// The event `options` describe, scheduled at `now_unix` with the operator's table `rules`,
/// or the first thing wrong with them, in the order a moderator reads the options.
pub fn schedule(
    options: &ScheduleOptions,
    now_unix: u64,
    rules: Rules,
) -> Result<ScheduledEvent, ScheduleError> {
    let name = event_name(&options.name)?;
    let start_unix = start_of(&options.start, now_unix)?;
    let structure = structure_of(options)?;
    let table_size = options
        .table_size
        .map_or(Ok(DEFAULT_TABLE_SIZE), table_size_of)?;
    let cap = options.cap.map(cap_of).transpose()?;
    let late_registration_levels = options.late_registration_levels.unwrap_or(0);
    if late_registration_levels as usize > structure.levels().len() {
        return Err(ScheduleError::LateRegistrationPastLevels {
            levels: structure.levels().len() as u64,
        });
    }
    let re_entries = options.re_entries.unwrap_or(0);
    if re_entries > 0 && late_registration_levels == 0 {
        return Err(ScheduleError::ReEntriesWithoutLateRegistration);
    }
    if re_entries > MAX_RE_ENTRIES {
        return Err(ScheduleError::TooManyReEntries {
            max: MAX_RE_ENTRIES.into(),
        });
    }
    let payouts = payouts_of(options.payouts.as_deref(), cap)?;
    let breaks = breaks_of(options.break_minutes, options.break_every, &structure)?;
    let settings = EventSettings {
        breaks,
        cap,
        late_registration_levels,
        re_entries,
        payouts,
        rules,
        ..EventSettings::new(options.game, structure, options.buy_in, table_size)
    };
    settings.validate().map_err(ScheduleError::Settings)?;
    Ok(ScheduledEvent {
        name,
        start_unix,
        settings,
        computers_allowed: options.computers_allowed.unwrap_or(false),
        scheduled_unix: now_unix,
    })
}

/// The name trimmed, each control character (a newline) a space: 1 to [`MAX_NAME_CHARS`].
fn event_name(written: &str) -> Result<String, ScheduleError> {
    let name: String = written
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let length = name.chars().count();
    if length == 0 || length > MAX_NAME_CHARS {
        return Err(ScheduleError::Name {
            max: MAX_NAME_CHARS,
        });
    }
    Ok(name)
}

/// The start as written, from [`MIN_LEAD_SECS`] to [`MAX_AHEAD_SECS`] after `now_unix`.
fn start_of(written: &str, now_unix: u64) -> Result<u64, ScheduleError> {
    let start = read_start(written, now_unix).ok_or(ScheduleError::StartUnreadable)?;
    if start < now_unix.saturating_add(MIN_LEAD_SECS) {
        return Err(ScheduleError::StartPassed {
            min_minutes: MIN_LEAD_SECS / 60,
        });
    }
    if start > now_unix.saturating_add(MAX_AHEAD_SECS) {
        return Err(ScheduleError::StartTooFar {
            days: MAX_AHEAD_SECS / 86_400,
        });
    }
    Ok(start)
}

/// The structure asked for, its levels in minutes read as seconds on the event's clock, its
/// starting stack the one named or 30 big bets of level 1.
fn structure_of(options: &ScheduleOptions) -> Result<Structure, ScheduleError> {
    let kind = options.structure;
    let minutes = options.minutes_per_level.unwrap_or(match kind {
        StructureKind::Turbo => REGULAR_LEVEL_MINUTES / 2,
        StructureKind::Regular | StructureKind::Custom => REGULAR_LEVEL_MINUTES,
    });
    if !LEVEL_MINUTES.contains(&minutes) {
        return Err(ScheduleError::LevelMinutes {
            minutes,
            min: *LEVEL_MINUTES.start(),
            max: *LEVEL_MINUTES.end(),
        });
    }
    let written = options
        .levels
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty());
    // Read with the sit & go's rules: each level's `hands` is, here, its minutes.
    let in_minutes = match (kind, written) {
        (StructureKind::Custom, Some(text)) => Structure::parse_levels(text, minutes),
        (StructureKind::Custom, None) => Err(StructureError::NoCustomLevels),
        (_, Some(text)) => Err(StructureError::UnknownName(text.to_string())),
        (_, None) => Ok(Structure::built_in_with_hands(minutes)),
    }
    .map_err(|error| match error {
        // A level of 0 minutes is told in minutes, not the sit & go's hands.
        StructureError::NoHands { level } => ScheduleError::CustomLevelMinutes {
            level,
            minutes: 0,
            min: *LEVEL_MINUTES.start(),
            max: *LEVEL_MINUTES.end(),
        },
        other => ScheduleError::Structure(other),
    })?;
    let mut levels = Vec::with_capacity(in_minutes.levels().len());
    for (index, level) in in_minutes.levels().iter().enumerate() {
        if !LEVEL_MINUTES.contains(&level.hands) {
            return Err(ScheduleError::CustomLevelMinutes {
                level: index + 1,
                minutes: level.hands,
                min: *LEVEL_MINUTES.start(),
                max: *LEVEL_MINUTES.end(),
            });
        }
        levels.push(Level {
            stakes: level.stakes,
            hands: level.hands * 60,
        });
    }
    let big_bet = levels.first().map_or(0, |level| level.stakes.big_bet);
    let stack = options
        .starting_stack
        .unwrap_or(in_minutes.starting_stack());
    if stack < big_bet.max(1) {
        return Err(ScheduleError::StartingStack { stack, big_bet });
    }
    Structure::new(stack, levels).map_err(ScheduleError::Structure)
}

fn table_size_of(seats: u64) -> Result<usize, ScheduleError> {
    usize::try_from(seats)
        .ok()
        .filter(|seats| PLAYERS.contains(seats))
        .ok_or(ScheduleError::TableSize {
            seats,
            min: *PLAYERS.start() as u64,
            max: *PLAYERS.end() as u64,
        })
}

fn cap_of(cap: u64) -> Result<usize, ScheduleError> {
    usize::try_from(cap)
        .ok()
        .filter(|cap| (2..=MAX_ENTRIES).contains(cap))
        .ok_or(ScheduleError::Cap {
            cap,
            min: 2,
            max: MAX_ENTRIES as u64,
        })
}

/// The payout table as written, paying fewer places than the cap lets in.
fn payouts_of(
    written: Option<&str>,
    cap: Option<usize>,
) -> Result<Option<PayoutTable>, ScheduleError> {
    let Some(text) = written.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(None);
    };
    let table = PayoutTable::parse(text).map_err(|_| ScheduleError::BadPayouts)?;
    if let Some(cap) = cap
        && table.places_paid() >= cap
    {
        return Err(ScheduleError::PayoutsPastCap {
            places: table.places_paid() as u64,
            cap: cap as u64,
        });
    }
    Ok(Some(table))
}

/// A break of `minutes` after every `every` levels (fewer levels apart than the structure
/// has, so that one comes), both given or neither.
fn breaks_of(
    minutes: Option<u32>,
    every: Option<u32>,
    structure: &Structure,
) -> Result<Option<Breaks>, ScheduleError> {
    let (minutes, every) = match (minutes, every) {
        (None, None) => return Ok(None),
        (Some(minutes), Some(every)) => (minutes, every),
        _ => return Err(ScheduleError::BreakHalfGiven),
    };
    if !BREAK_MINUTES.contains(&minutes) {
        return Err(ScheduleError::BreakMinutes {
            min: (*BREAK_MINUTES.start()).into(),
            max: (*BREAK_MINUTES.end()).into(),
        });
    }
    let most_apart = structure.levels().len().saturating_sub(1) as u64;
    if every == 0 || u64::from(every) > most_apart {
        return Err(ScheduleError::BreakEvery { max: most_apart });
    }
    Ok(Some(Breaks {
        every,
        length: u64::from(minutes) * 60,
    }))
}
