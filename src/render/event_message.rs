//! A multi-table event's one message in its channel, edited as the event goes
//! (docs/TOURNAMENTS.md): before the start what it is and who registered, while it runs its
//! level, clock, field and prizes, and once over its results, all within one message's
//! content (or, cancelled, how it was settled). The lobby's coordinator (a later session) renders it at each change worth telling
//! (a registration, a level, a bust, a table closed, hand-for-hand) and edits the message it
//! posted at `/tournament schedule`; it sends it with no mention allowed, since names are
//! the players' own text.
//!
//! Times are Discord timestamps (`<t:1797796800:F>`), which each reader's Discord shows in
//! their own time zone and language, and as "in 12 minutes" for the relative ones: the
//! message need not be edited every minute for its countdown to stay true.

use crate::ids::UserId;
use crate::table::Stakes;
use crate::tournament::multi::schedule::ScheduledEvent;
use crate::tournament::multi::{Event, EventSettings};

use super::hand_names::{game_name, sit_and_go_game};
use super::locale::{Locale, tr};
use super::{TextLimit, display_name, escape_markdown};

/// A Discord timestamp of `unix` in `style`: `F` a full date and time, `R` relative ("in 2
/// hours"), `t` a time.
pub fn discord_timestamp(unix: u64, style: char) -> String {
    format!("<t:{unix}:{style}>")
}

/// Where the event is, with what its message shows at that point.
pub enum EventPhase<'a> {
    /// Before the start: the names of the players registered, first registered first.
    Registering { registered: &'a [String] },
    /// Started: `clock` is the event's clock (seconds played, stopped while `paused`), read
    /// at `now_unix`.
    Running {
        event: &'a Event,
        clock: u64,
        now_unix: u64,
        paused: bool,
    },
    /// Over: every place and prize.
    Finished { event: &'a Event },
    /// Cancelled by a moderator: `shares` is what each player still in was paid of the
    /// prizes not yet won (by ICM); none when every buy-in went back.
    Cancelled { shares: &'a [(UserId, u64)] },
}

/// The event's message in `locale`, within `limit` (Discord's content limit from the bot):
/// as many names or places as fit, the rest counted. `name_of` names an entrant once started.
pub fn event_message(
    locale: Locale,
    scheduled: &ScheduledEvent,
    phase: &EventPhase<'_>,
    name_of: &dyn Fn(UserId) -> String,
    limit: TextLimit,
) -> String {
    match phase {
        EventPhase::Registering { registered } => {
            let head = registering_head(locale, scheduled, registered.len());
            let names: Vec<String> = registered.iter().map(|name| display_name(name)).collect();
            let footer = tr(locale, "event-join", &[]);
            fit_listed(locale, &head, &names, ", ", &footer, limit)
        }
        EventPhase::Running {
            event,
            clock,
            now_unix,
            paused,
        } => {
            let head = running_head(
                locale, scheduled, event, *clock, *now_unix, *paused, name_of,
            );
            let prizes = prize_items(locale, event);
            fit_listed(locale, &head, &prizes, " · ", "", limit)
        }
        EventPhase::Finished { event } => {
            let head = finished_head(locale, scheduled, event);
            let places = place_lines(locale, event, name_of);
            fit_listed(locale, &head, &places, "\n", "", limit)
        }
        EventPhase::Cancelled { shares } => {
            let id = if shares.is_empty() {
                "event-cancelled-refunded"
            } else {
                "event-cancelled-shares"
            };
            let head = format!("{}\n{}", title(locale, scheduled), tr(locale, id, &[]));
            let lines: Vec<String> = shares
                .iter()
                .map(|&(user, chips)| {
                    tr(
                        locale,
                        "tournament-cancel-share",
                        &[
                            ("name", display_name(&name_of(user)).into()),
                            ("chips", chips.into()),
                        ],
                    )
                })
                .collect();
            fit_listed(locale, &head, &lines, "\n", "", limit)
        }
    }
}

/// `head`, then as many of `items` (joined by `separator`) as fit with `footer` and the
/// count of those left out, then the footer; always within `limit` (the head is bounded).
fn fit_listed(
    locale: Locale,
    head: &str,
    items: &[String],
    separator: &str,
    footer: &str,
    limit: TextLimit,
) -> String {
    let compose = |shown: usize| {
        let mut text = head.to_owned();
        if shown > 0 {
            text.push('\n');
            text.push_str(&items[..shown].join(separator));
        }
        if shown < items.len() {
            let more = tr(
                locale,
                "event-and-more",
                &[("count", (items.len() - shown).into())],
            );
            text.push_str(if shown > 0 { separator } else { "\n" });
            text.push_str(&more);
        }
        if !footer.is_empty() {
            text.push('\n');
            text.push_str(footer);
        }
        text
    };
    // The most items that fit: fitting is monotonic in the items shown, so a binary search
    // finds it in a few renders even at 1,000 names.
    let (mut fits, mut fails) = (0, items.len() + 1);
    while fails - fits > 1 {
        let middle = (fits + fails) / 2;
        if limit.fits(&compose(middle)) {
            fits = middle;
        } else {
            fails = middle;
        }
    }
    compose(fits)
}

/// The name and game, in bold as the message's title.
fn title(locale: Locale, scheduled: &ScheduledEvent) -> String {
    tr(
        locale,
        "event-title",
        &[
            ("name", escape_markdown(&scheduled.name).into()),
            (
                "game",
                sit_and_go_game(locale, scheduled.settings.game).into(),
            ),
        ],
    )
}

/// Before the start: title, start, buy-in and structure, tables, late registration and
/// re-entries, breaks, payouts, and how many registered for what prize pool.
fn registering_head(locale: Locale, scheduled: &ScheduledEvent, registered: usize) -> String {
    let settings = &scheduled.settings;
    let start = scheduled.start_unix;
    let mut lines = vec![
        title(locale, scheduled),
        tr(
            locale,
            "event-starts",
            &[
                ("start", discord_timestamp(start, 'F').into()),
                ("relative", discord_timestamp(start, 'R').into()),
            ],
        ),
    ];
    lines.extend(rules_lines(locale, settings));
    if scheduled.computers_allowed {
        lines.push(tr(locale, "event-computers-allowed", &[]));
    }
    lines.push(tr(
        locale,
        "event-registered",
        &[
            ("count", registered.into()),
            (
                "pool",
                settings.prize_pool(registered).unwrap_or(u64::MAX).into(),
            ),
        ],
    ));
    let now = settings.prizes(registered).unwrap_or_default();
    if registered >= 2 && now.first().is_some_and(|&first| first > 0) {
        lines.push(tr(
            locale,
            "event-payouts-now",
            &[
                (
                    "paid",
                    now.iter().filter(|&&chips| chips > 0).count().into(),
                ),
                ("chips", now[0].into()),
            ],
        ));
    }
    if let Some(cap) = settings.cap {
        lines.push(tr(locale, "event-cap-line", &[("cap", cap.into())]));
    }
    lines.join("\n")
}

/// What the event plays: buy-in, stack and levels; tables, late registration, re-entries;
/// breaks; payouts.
fn rules_lines(locale: Locale, settings: &EventSettings) -> Vec<String> {
    let structure = &settings.structure;
    let minutes: Vec<u64> = structure
        .levels()
        .iter()
        .map(|level| u64::from(level.hands) / 60)
        .collect();
    let shortest = minutes.iter().copied().min().unwrap_or(0);
    let longest = minutes.iter().copied().max().unwrap_or(0);
    let first = structure.levels().first().map(|level| level.stakes);
    let mut lines = vec![tr(
        locale,
        "event-buy-in",
        &[
            ("buy_in", settings.buy_in.into()),
            ("stack", structure.starting_stack().into()),
        ],
    )];
    let mut levels = stakes_args(first.unwrap_or_default());
    levels.push(("min", shortest.into()));
    levels.push(("max", longest.into()));
    let id = if shortest == longest {
        "event-levels"
    } else {
        "event-levels-varied"
    };
    lines.push(tr(locale, id, &levels));
    let late = match settings.late_registration_levels {
        0 => tr(locale, "event-late-none", &[]),
        level => tr(locale, "event-late", &[("level", level.into())]),
    };
    lines.push(tr(
        locale,
        "event-tables",
        &[
            ("seats", settings.table_size.into()),
            ("late", late.into()),
            ("count", settings.re_entries.into()),
        ],
    ));
    if let Some(breaks) = settings.breaks {
        lines.push(tr(
            locale,
            "event-breaks",
            &[
                ("minutes", (breaks.length / 60).into()),
                ("count", breaks.every.into()),
            ],
        ));
    }
    lines.push(match &settings.payouts {
        None => tr(locale, "event-payouts-by-field", &[]),
        Some(table) => tr(
            locale,
            "event-payouts-table",
            &[(
                "payouts",
                table
                    .percentages()
                    .iter()
                    .map(|percent| format!("{percent}%"))
                    .collect::<Vec<_>>()
                    .join(" / ")
                    .into(),
            )],
        ),
    });
    lines
}

fn stakes_args(stakes: Stakes) -> Vec<(&'static str, fluent_bundle::FluentValue<'static>)> {
    vec![
        ("ante", stakes.ante.into()),
        ("bring_in", stakes.bring_in.into()),
        ("small_bet", stakes.small_bet.into()),
        ("big_bet", stakes.big_bet.into()),
    ]
}

/// While it runs: the title, the level and what comes next, hand-for-hand, the field, the
/// prize pool and late registration.
fn running_head(
    locale: Locale,
    scheduled: &ScheduledEvent,
    event: &Event,
    clock: u64,
    now_unix: u64,
    paused: bool,
    name_of: &dyn Fn(UserId) -> String,
) -> String {
    let status = event.status(clock);
    let at_unix = |reading: u64| now_unix.saturating_add(reading.saturating_sub(clock));
    let mut lines = vec![title(locale, scheduled)];
    let next = status
        .clock
        .next_change
        .map(|reading| discord_timestamp(at_unix(reading), 'R'));
    let mut level = stakes_args(status.stakes);
    level.push(("level", (status.clock.level + 1).into()));
    level.push(("game", game_name(locale, status.game).into()));
    let level_id = if scheduled.settings.game.fixed().is_some() {
        "event-level"
    } else {
        "event-level-mix"
    };
    lines.push(tr(locale, level_id, &level));
    lines.push(match (paused, status.clock.on_break, next) {
        (true, _, _) => tr(locale, "event-paused", &[]),
        (false, true, Some(next)) => tr(locale, "event-on-break", &[("next", next.into())]),
        (false, false, Some(next)) => tr(locale, "event-next-level", &[("next", next.into())]),
        (false, _, None) => tr(locale, "event-last-level", &[]),
    });
    if status.hand_for_hand {
        lines.push(tr(locale, "event-hand-for-hand", &[]));
    }
    let leader = (0..event.entries().len())
        .max_by_key(|&entry| (event.field().stack(entry), std::cmp::Reverse(entry)))
        .and_then(|entry| event.entry(entry))
        .map_or_else(String::new, |entry| display_name(&name_of(entry.user)));
    lines.push(tr(
        locale,
        "event-field",
        &[
            ("left", status.players_left.into()),
            ("entries", status.entries.into()),
            ("average", status.average_stack.into()),
            ("largest", status.largest_stack.into()),
            ("name", leader.into()),
            ("tables", status.tables.into()),
        ],
    ));
    lines.push(tr(
        locale,
        "event-pool",
        &[
            ("pool", status.prize_pool.into()),
            ("paid", status.places_paid.into()),
        ],
    ));
    if status.registration_open
        && let Some(end) = scheduled.settings.late_registration_end()
    {
        let open = tr(
            locale,
            "event-late-open",
            &[("level", scheduled.settings.late_registration_levels.into())],
        );
        // No countdown while the clock is stopped: it would run on.
        lines.push(if paused {
            open
        } else {
            format!("{open} ({})", discord_timestamp(at_unix(end), 'R'))
        });
    }
    lines.join("\n")
}

/// Each paid place's prize, first place first: `1st 2,500`. While late registration is open
/// the field can still grow, so these are the prizes of the field so far.
fn prize_items(locale: Locale, event: &Event) -> Vec<String> {
    let entries = event.entries().len();
    let prizes = match event.field().prizes() {
        Some(prizes) => prizes.to_vec(),
        None => event.settings().prizes(entries).unwrap_or_default(),
    };
    prizes
        .iter()
        .enumerate()
        .take_while(|&(_, &chips)| chips > 0)
        .map(|(index, &chips)| {
            tr(
                locale,
                "event-prize",
                &[("place", (index + 1).into()), ("chips", chips.into())],
            )
        })
        .collect()
}

/// Once over: the title, how many entries played for what pool, and a deal if one ended it.
fn finished_head(locale: Locale, scheduled: &ScheduledEvent, event: &Event) -> String {
    let mut lines = vec![
        title(locale, scheduled),
        tr(
            locale,
            "event-over",
            &[
                ("entries", event.entries().len().into()),
                ("pool", event.prize_pool().into()),
            ],
        ),
    ];
    if let Some(kind) = event.deal_made() {
        lines.push(tr(
            locale,
            "tournament-results-deal",
            &[(
                "kind",
                tr(locale, &format!("choice-{}", kind.name()), &[]).into(),
            )],
        ));
    }
    lines.join("\n")
}

/// Every place, first place first, each with its prize (or none).
fn place_lines(locale: Locale, event: &Event, name_of: &dyn Fn(UserId) -> String) -> Vec<String> {
    event
        .payouts()
        .unwrap_or_default()
        .iter()
        .filter_map(|payout| {
            let entry = event.entry(payout.seat)?;
            Some(tr(
                locale,
                "play-tournament-place",
                &[
                    ("place", payout.place.into()),
                    ("name", display_name(&name_of(entry.user)).into()),
                    ("chips", payout.chips.into()),
                ],
            ))
        })
        .collect()
}
