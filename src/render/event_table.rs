//! The line above an event table's board in its thread: the event's name, the table's
//! number, the level and its stakes, and the players left in the event, as a sit & go's
//! board is headed by its level and players left.

use crate::table::rules::Stakes;

use super::escape_markdown;
use super::locale::{Locale, tr};

/// Where an event table's hand stands in its event, as of the hand's deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTableHeader {
    /// The event's name, as scheduled.
    pub name: String,
    /// The table's number in the event, from 1.
    pub table: u32,
    /// The level the hand is dealt at, from 1.
    pub level: usize,
    pub stakes: Stakes,
    /// Players left in the whole event, not only at this table.
    pub players_left: usize,
}

/// The header line of an event table's board.
pub fn event_table_line(locale: Locale, header: &EventTableHeader) -> String {
    tr(
        locale,
        "event-table-board",
        &[
            ("name", escape_markdown(&header.name).into()),
            ("table", header.table.into()),
            ("level", header.level.into()),
            ("ante", header.stakes.ante.into()),
            ("bring_in", header.stakes.bring_in.into()),
            ("small_bet", header.stakes.small_bet.into()),
            ("big_bet", header.stakes.big_bet.into()),
            ("left", header.players_left.into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> EventTableHeader {
        EventTableHeader {
            name: "Sunday *Stud*".into(),
            table: 3,
            level: 2,
            stakes: Stakes {
                ante: 2,
                bring_in: 5,
                small_bet: 20,
                big_bet: 40,
            },
            players_left: 17,
        }
    }

    #[test]
    fn an_event_tables_header_names_the_event_its_table_level_stakes_and_players_left() {
        let cases = [
            (
                Locale::En,
                "**Sunday \\*Stud\\*** · Table 3 · level 2: ante 2, bring-in 5, stakes 20/40 · 17 players left",
            ),
            (
                Locale::Es,
                "**Sunday \\*Stud\\*** · Mesa 3 · nivel 2: ante 2, bring-in 5, límites 20/40 · quedan 17 jugadores",
            ),
            (
                Locale::Id,
                "**Sunday \\*Stud\\*** · Meja 3 · level 2: ante 2, bring-in 5, limit 20/40 · sisa 17 pemain",
            ),
        ];
        for (locale, expected) in cases {
            assert_eq!(event_table_line(locale, &header()), expected, "{locale:?}");
        }
        let last = EventTableHeader {
            players_left: 1,
            ..header()
        };
        assert!(event_table_line(Locale::En, &last).ends_with("· 1 player left"));
        assert!(event_table_line(Locale::Es, &last).ends_with("· queda 1 jugador"));
    }
}
