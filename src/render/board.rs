//! The public board: stakes, street, pots, one line per seat, the last action and who acts
//! next with what it costs. Stays within the limit of one message it is given (the bot's is
//! Discord's 2,000 UTF-16 units, which 8 long names can pass): when a board would be longer,
//! side-pot names and then seat names are shortened.

use super::cards::{card, card_backs, cards};
use super::hand_names::game_name;
use super::locale::{Locale, tr};
use super::numbers::grouped;
use super::prompt::{action_options, action_told, street_name};
use super::view::{BoardView, SeatLine, SeatStatusView};
use super::{TextLimit, display_name, shorten};
use crate::equity::Fraction;
use crate::table::Game;

/// The whole board, with no limit on its length, for a terminal: its font is monospaced, so
/// the names in the seat lines are padded to one width and the stacks and cards line up.
pub fn board(locale: Locale, view: &BoardView) -> String {
    let layout = Layout {
        pad_names: true,
        ..LAYOUTS[0]
    };
    board_with(locale, view, layout)
}

/// The board within `limit`, names shortened as far as that takes.
pub fn board_within(locale: Locale, view: &BoardView, limit: TextLimit) -> String {
    let mut text = String::new();
    for layout in LAYOUTS {
        text = board_with(locale, view, layout);
        if limit.fits(&text) {
            return text;
        }
    }
    text
}

#[derive(Debug, Clone, Copy)]
struct Layout {
    seat_name_chars: usize,
    /// `None`: side pots say how many players share them instead of naming them.
    pot_name_chars: Option<usize>,
    /// Seat names padded to the longest one's width. Only a monospaced font lines them up;
    /// Discord's does not, and the spaces would cost room.
    pad_names: bool,
}

/// Longest names first; each later layout trades detail for room.
const LAYOUTS: [Layout; 5] = [
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: Some(super::MAX_NAME_CHARS),
        pad_names: false,
    },
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: Some(12),
        pad_names: false,
    },
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: None,
        pad_names: false,
    },
    Layout {
        seat_name_chars: 16,
        pot_name_chars: None,
        pad_names: false,
    },
    Layout {
        seat_name_chars: 8,
        pot_name_chars: None,
        pad_names: false,
    },
];

fn board_with(locale: Locale, view: &BoardView, layout: Layout) -> String {
    let mut lines = header_lines(locale, view);
    let pot_line = pot_line(locale, view, layout);
    if !pot_line.is_empty() {
        lines.push(pot_line);
    }
    if let Some(community) = view.community {
        lines.push(tr(
            locale,
            "board-community",
            &[("card", card(community).into())],
        ));
    }
    lines.push(String::new());
    seat_lines(locale, view, layout, &mut lines);
    lines.push(String::new());
    turn_lines(locale, view, layout, &mut lines);
    lines.join("\n")
}

/// The header: hand number, street, game (and the mix's rotation), then the stakes.
fn header_lines(locale: Locale, view: &BoardView) -> Vec<String> {
    let stakes = view.stakes;
    let mut header = tr(
        locale,
        "board-header",
        &[
            ("hand", view.hand_number.into()),
            ("street", street_name(locale, view.street).into()),
            ("game", game_name(locale, view.game).into()),
        ],
    );
    if let Some(leg) = view.mix_leg {
        header.push_str(" · ");
        header.push_str(&tr(
            locale,
            "board-mix",
            &[
                ("left", u64::from(leg.hands_left).into()),
                ("next", game_name(locale, leg.next).into()),
            ],
        ));
    }
    vec![
        header,
        tr(
            locale,
            "board-stakes",
            &[
                ("small", stakes.small_bet.into()),
                ("big", stakes.big_bet.into()),
                ("ante", stakes.ante.into()),
                ("bring_in", stakes.bring_in.into()),
            ],
        ),
    ]
}

/// The pot, and with side pots each of them; empty once the pot is paid out.
fn pot_line(locale: Locale, view: &BoardView, layout: Layout) -> String {
    // After the showdown the engine has paid the pot out: a "Pot: 0" line says nothing.
    let mut pot_line = if view.pot == 0 {
        String::new()
    } else {
        tr(locale, "board-pot", &[("amount", view.pot.into())])
    };
    if view.pots.len() > 1 {
        let mut parts = Vec::with_capacity(view.pots.len());
        for (index, pot) in view.pots.iter().enumerate() {
            if index == 0 {
                parts.push(tr(
                    locale,
                    "board-main-pot",
                    &[("amount", pot.amount.into())],
                ));
                continue;
            }
            let number = (index as u64).into();
            parts.push(match layout.pot_name_chars {
                Some(chars) => {
                    let players = pot
                        .eligible
                        .iter()
                        .map(|name| display_name(&shorten(name, chars)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    tr(
                        locale,
                        "board-side-pot",
                        &[
                            ("number", number),
                            ("amount", pot.amount.into()),
                            ("players", players.into()),
                        ],
                    )
                }
                None => tr(
                    locale,
                    "board-side-pot-count",
                    &[
                        ("number", number),
                        ("amount", pot.amount.into()),
                        ("count", (pot.eligible.len() as u64).into()),
                    ],
                ),
            });
        }
        pot_line.push_str(" — ");
        pot_line.push_str(&parts.join(" · "));
    }
    pot_line
}

/// One line per seat, then the legends of the marks they carry.
fn seat_lines(locale: Locale, view: &BoardView, layout: Layout, lines: &mut Vec<String>) {
    // Only Stud/8 splits a pot, so only there does a scoop mean more than the equity.
    let split = view.game == Game::Stud8;
    let name_width = if layout.pad_names {
        view.seats
            .iter()
            .map(|seat| shown_name_width(&seat.name, layout.seat_name_chars))
            .max()
            .unwrap_or(0)
    } else {
        0
    };
    for seat in &view.seats {
        lines.push(seat_line(
            locale,
            seat,
            layout.seat_name_chars,
            name_width,
            split,
        ));
    }
    if view.seats.iter().any(|seat| seat.dm_closed) {
        lines.push(tr(locale, "board-dm-legend", &[]));
    }
    if view.seats.iter().any(|seat| seat.computer) {
        // A cash table's computers give a person their seat; a sit & go's are entrants.
        let legend = if view.sit_and_go {
            "board-computer-legend-sit-and-go"
        } else {
            "board-computer-legend"
        };
        lines.push(tr(locale, legend, &[]));
    }
    // With a side pot, a short all-in's scoop (the pots it is in) can pass its equity (a share
    // of every pot): the legend says what each figure counts.
    if split && view.pots.len() > 1 && view.seats.iter().any(|seat| seat.odds.is_some()) {
        lines.push(tr(locale, "board-odds-legend", &[]));
    }
}

/// The last action, then who acts next (or that the hand is dealt out or over).
fn turn_lines(locale: Locale, view: &BoardView, layout: Layout, lines: &mut Vec<String>) {
    if let Some(last) = &view.last_action {
        let name = display_name(&shorten(&last.name, layout.seat_name_chars));
        let told = action_told(
            locale,
            &name,
            last.kind,
            last.chips,
            last.total,
            last.all_in,
        );
        lines.push(tr(locale, "board-last", &[("action", told.into())]));
    }
    match &view.to_act {
        Some(to_act) => {
            let name = display_name(&shorten(&to_act.name, layout.seat_name_chars));
            let mut next = tr(
                locale,
                "board-next",
                &[
                    ("name", name.into()),
                    ("options", action_options(locale, &to_act.legal).into()),
                ],
            );
            if let Some(seconds) = view.action_timer_secs {
                next.push_str(" · ");
                next.push_str(&tr(locale, "board-timer", &[("seconds", seconds.into())]));
            }
            lines.push(next);
        }
        None if view.dealing_out => lines.push(tr(locale, "board-dealing-out", &[])),
        None => lines.push(tr(locale, "board-hand-over", &[])),
    }
}

/// How many characters a seat's name takes once shown (markdown escapes do not count: a
/// terminal shows the name without them).
fn shown_name_width(name: &str, name_chars: usize) -> usize {
    let shown = shorten(name, name_chars).chars().count();
    // An empty name is shown as "?".
    shown.max(1)
}

/// One seat: marker, name (followed by spaces up to `name_width`), stack, cards and notes.
fn seat_line(
    locale: Locale,
    seat: &SeatLine,
    name_chars: usize,
    name_width: usize,
    split: bool,
) -> String {
    let name = display_name(&shorten(&seat.name, name_chars));
    let padding = " ".repeat(name_width.saturating_sub(shown_name_width(&seat.name, name_chars)));
    let marker = match seat.status {
        SeatStatusView::ToAct => "▶️",
        SeatStatusView::Active => "▫️",
        SeatStatusView::Folded => "✖️",
        SeatStatusView::AllIn => "💰",
        SeatStatusView::SittingOut => "💤",
        SeatStatusView::Waiting => "⏳",
        SeatStatusView::Away => "⌛",
    };
    let stack = grouped(locale, seat.stack);
    let mut line = if seat.status == SeatStatusView::ToAct {
        format!("{marker} **{name}**{padding} ({stack})")
    } else {
        format!("{marker} {name}{padding} ({stack})")
    };
    if seat.dm_closed {
        line.push_str(" 📵");
    }
    if seat.computer {
        line.push_str(" 🤖");
    }
    let showing_cards = !matches!(
        seat.status,
        SeatStatusView::Folded | SeatStatusView::SittingOut | SeatStatusView::Waiting
    );
    if showing_cards && (seat.down_count > 0 || !seat.up_cards.is_empty()) {
        line.push(' ');
        line.push_str(&card_backs(seat.down_count));
        if seat.down_count > 0 && !seat.up_cards.is_empty() {
            line.push(' ');
        }
        line.push_str(&cards(&seat.up_cards));
    }
    let notes = seat_notes(locale, seat, split);
    for note in notes {
        line.push_str(" · ");
        line.push_str(&note);
    }
    line
}

/// What a seat's line says after its cards: its bet, shown hand, chances and state.
fn seat_notes(locale: Locale, seat: &SeatLine, split: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if seat.street_bet > 0 && seat.status != SeatStatusView::Folded {
        notes.push(tr(
            locale,
            "seat-bet",
            &[("amount", seat.street_bet.into())],
        ));
    }
    let state_id = match seat.status {
        SeatStatusView::ToAct => Some("seat-to-act"),
        SeatStatusView::Active => None,
        SeatStatusView::Folded => Some("seat-folded"),
        SeatStatusView::AllIn => Some("seat-all-in"),
        SeatStatusView::SittingOut => Some("seat-sitting-out"),
        SeatStatusView::Waiting => Some("seat-waiting"),
        SeatStatusView::Away => Some("seat-away"),
    };
    if seat.shown {
        notes.push(tr(locale, "seat-shown", &[]));
    }
    if let Some(odds) = seat.odds {
        let estimate = if odds.exact { "" } else { "≈" };
        let equity = format!("{estimate}{}", percent(odds.equity));
        notes.push(if split {
            tr(
                locale,
                "seat-equity",
                &[
                    ("equity", equity.into()),
                    ("scoop", format!("{estimate}{}", percent(odds.scoop)).into()),
                ],
            )
        } else {
            tr(locale, "seat-equity-only", &[("equity", equity.into())])
        });
    }
    if let Some(id) = state_id {
        notes.push(tr(locale, id, &[]));
    }
    notes
}

/// A chance as a whole percentage; a chance that is neither none nor certain never reads
/// "0%" or "100%".
pub fn percent(chance: Fraction) -> String {
    let (numerator, denominator) = (chance.numerator(), chance.denominator());
    if numerator == 0 {
        return "0%".to_string();
    }
    if numerator >= denominator {
        return "100%".to_string();
    }
    // Rounded half up, in integers: (200n + d) / 2d.
    let rounded = (numerator * 200 + denominator) / (denominator * 2);
    match rounded {
        0 => "<1%".to_string(),
        100 => ">99%".to_string(),
        whole => format!("{whole}%"),
    }
}
