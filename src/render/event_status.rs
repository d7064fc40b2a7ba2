//! `/tournament status` for a player of a multi-table event, answered privately: where they
//! sit (table and seat), their stack beside the average and their rank in chips, the level
//! and when the next one comes; or, once out, their place and prize, and whether they may
//! re-enter. The bot's `/tournament status` (a later session) renders it from the event the
//! lobby's coordinator holds, with the clock's reading.

use crate::ids::UserId;
use crate::tournament::multi::Event;

use super::event_message::discord_timestamp;
use super::hand_names::game_name;
use super::locale::{Locale, tr};

/// The event's clock as the caller reads it.
#[derive(Debug, Clone, Copy)]
pub struct ClockReading {
    /// The event's clock (seconds played).
    pub clock: u64,
    pub now_unix: u64,
    pub paused: bool,
}

/// What `user` is told of their place in `event` at `reading`, in `locale`.
pub fn player_status(locale: Locale, event: &Event, user: UserId, reading: ClockReading) -> String {
    let entries = event.entries_of(user);
    let Some(&last) = entries.last() else {
        return tr(locale, "event-status-not-in", &[]);
    };
    // Once over the winner still holds every chip: they are told their place.
    match event.live_entry(user).filter(|_| !event.is_over()) {
        Some(entry) => seated(locale, event, entry, reading),
        None => out(locale, event, user, last, reading),
    }
}

/// A player still in: table, seat, stack, rank, level.
fn seated(locale: Locale, event: &Event, entry: usize, reading: ClockReading) -> String {
    let status = event.status(reading.clock);
    let stack = event.field().stack(entry);
    let rank = 1 + event
        .field()
        .stacks()
        .iter()
        .filter(|&&other| other > stack)
        .count();
    let mut lines = Vec::new();
    if let Some((table, chair)) = event.seating().find(entry) {
        lines.push(tr(
            locale,
            "event-status-seat",
            &[("table", table.into()), ("seat", (chair + 1).into())],
        ));
    }
    lines.push(tr(
        locale,
        "event-status-stack",
        &[
            ("chips", stack.into()),
            ("average", status.average_stack.into()),
            ("rank", rank.into()),
            ("left", status.players_left.into()),
        ],
    ));
    let stakes = status.stakes;
    let mut level = tr(
        locale,
        "event-status-level",
        &[
            ("level", (status.clock.level + 1).into()),
            ("game", game_name(locale, status.game).into()),
            ("small_bet", stakes.small_bet.into()),
            ("big_bet", stakes.big_bet.into()),
            ("ante", stakes.ante.into()),
        ],
    );
    if let Some(next) = status.clock.next_change.filter(|_| !reading.paused) {
        let at = reading
            .now_unix
            .saturating_add(next.saturating_sub(reading.clock));
        let id = if status.clock.on_break {
            "event-on-break"
        } else {
            "event-next-level"
        };
        let told = tr(locale, id, &[("next", discord_timestamp(at, 'R').into())]);
        level = format!("{level} · {told}");
    }
    lines.push(level);
    if reading.paused {
        lines.push(tr(locale, "event-paused", &[]));
    }
    if status.hand_for_hand {
        lines.push(tr(locale, "event-hand-for-hand", &[]));
    }
    lines.join("\n")
}

/// A player out: their place and prize once decided, and whether they may enter again.
fn out(locale: Locale, event: &Event, user: UserId, entry: usize, reading: ClockReading) -> String {
    let finish = event
        .field()
        .finishes()
        .iter()
        .find(|finish| finish.seat == entry);
    let mut lines = vec![match finish {
        Some(finish) => tr(
            locale,
            "event-status-out",
            &[
                ("place", finish.place.into()),
                ("chips", finish.prize.into()),
            ],
        ),
        None => tr(locale, "event-status-out-unplaced", &[]),
    }];
    if !event.is_over() && event.can_enter(user, reading.clock).is_ok() {
        lines.push(tr(locale, "event-status-re-enter", &[]));
    }
    lines.join("\n")
}
