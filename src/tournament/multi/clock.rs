//! Levels on a clock (docs/TOURNAMENTS.md, "Multi-table events"): a multi-table event's
//! levels last a length of its clock each, with an optional break of some length after every
//! few levels; the last level never ends. The clock is the event's played time, kept by the
//! caller (the lobby counts seconds and stops the clock while the event is paused or the bot
//! is down; `sim` counts the hands of the slowest table): this module only says where a clock
//! reading falls. A hand's level is the level where the clock stands when the hand is dealt,
//! so a new level begins with each table's next hand after the clock passes it, and during a
//! break no hand is dealt.

use serde::{Deserialize, Serialize};

use super::super::Structure;

/// A break of `length` after every `every` levels (after level `every`, `2 * every`, ...;
/// never after the last level, which does not end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breaks {
    pub every: u32,
    pub length: u64,
}

/// Where a clock reading falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockAt {
    /// The level being played, from 0; during a break, the level that follows it.
    pub level: usize,
    pub on_break: bool,
    /// The clock reading at which the next change comes (the next level, a break, or the end
    /// of this break); `None` at the last level.
    pub next_change: Option<u64>,
}

/// One stretch of the event's timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stretch {
    Level(usize),
    Break { before: usize },
}

/// The stretches in order with their lengths (`None`: the last level, which never ends).
fn timeline(
    structure: &Structure,
    breaks: Option<Breaks>,
) -> impl Iterator<Item = (Stretch, Option<u64>)> + '_ {
    let last = structure.levels().len().saturating_sub(1);
    structure
        .levels()
        .iter()
        .enumerate()
        .flat_map(move |(index, level)| {
            let length = (index != last).then_some(u64::from(level.hands));
            let pause = breaks.filter(|breaks| {
                index != last
                    && breaks.every > 0
                    && breaks.length > 0
                    && (index + 1) % breaks.every as usize == 0
            });
            std::iter::once((Stretch::Level(index), length)).chain(
                pause.map(|breaks| (Stretch::Break { before: index + 1 }, Some(breaks.length))),
            )
        })
}

/// Where `clock` falls in the levels of `structure` (each level's `hands` read as its length
/// on the clock) with `breaks`.
pub fn clock_at(structure: &Structure, breaks: Option<Breaks>, clock: u64) -> ClockAt {
    let mut start: u64 = 0;
    for (stretch, length) in timeline(structure, breaks) {
        let end = length.map(|length| start.saturating_add(length));
        if end.is_none_or(|end| clock < end) {
            return match stretch {
                Stretch::Level(level) => ClockAt {
                    level,
                    on_break: false,
                    next_change: end,
                },
                Stretch::Break { before } => ClockAt {
                    level: before,
                    on_break: true,
                    next_change: end,
                },
            };
        }
        start = end.unwrap_or(start);
    }
    ClockAt {
        level: 0,
        on_break: false,
        next_change: None,
    }
}

/// The clock reading at which level `index` (from 0) ends; `None` for the last level (and
/// past it).
pub fn level_end(structure: &Structure, breaks: Option<Breaks>, index: usize) -> Option<u64> {
    let mut start: u64 = 0;
    for (stretch, length) in timeline(structure, breaks) {
        let end = start.saturating_add(length?);
        if stretch == Stretch::Level(index) {
            return Some(end);
        }
        start = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three_levels() -> Structure {
        // 10 units, 20 units, then the last.
        Structure::parse_levels("1/2/5/10x10, 2/3/10/20x20, 3/5/15/30x30", 1).unwrap()
    }

    #[test]
    fn a_level_lasts_its_length_and_the_last_never_ends() {
        let structure = three_levels();
        let at = |clock| clock_at(&structure, None, clock);
        assert_eq!(
            at(0),
            ClockAt {
                level: 0,
                on_break: false,
                next_change: Some(10)
            }
        );
        assert_eq!(at(9).level, 0);
        assert_eq!(at(10).level, 1);
        assert_eq!(at(29).next_change, Some(30));
        assert_eq!(at(30).level, 2);
        assert_eq!(at(1_000_000).next_change, None);
        assert_eq!(level_end(&structure, None, 0), Some(10));
        assert_eq!(level_end(&structure, None, 1), Some(30));
        assert_eq!(level_end(&structure, None, 2), None);
    }

    #[test]
    fn a_break_follows_every_few_levels_and_pushes_the_next_level_back() {
        let structure = three_levels();
        let breaks = Some(Breaks {
            every: 1,
            length: 5,
        });
        let at = |clock| clock_at(&structure, breaks, clock);
        assert_eq!(
            at(10),
            ClockAt {
                level: 1,
                on_break: true,
                next_change: Some(15)
            }
        );
        assert_eq!(at(15).level, 1);
        assert!(!at(15).on_break);
        // Level 2 (from 1) ends at 15 + 20; the break after it to 40; no break after the last.
        assert_eq!(level_end(&structure, breaks, 1), Some(35));
        assert!(at(36).on_break);
        assert_eq!(at(40).level, 2);
        assert!(!at(10_000).on_break);
    }
}
