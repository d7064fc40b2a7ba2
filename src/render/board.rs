//! The public board, in the order a player scans it: the hand and street, whose turn it is
//! and what each choice costs, the pot, then one line per seat (name, stack, cards, what it
//! did on this street, its state), the legends of the marks, and the stakes last.
//!
//! Stays within the limit of one message it is given (the bot's is Discord's 2,000 UTF-16
//! units, which 8 long names can pass). Cards as pictures (the bot's emoji, about 27 units
//! each) cost the most: when a board would be longer, the face-down cards turn to text
//! first, then side-pot names and seat names are shortened, and last the cards are text.

use super::cards::CardStyle;
use super::hand_names::game_name;
use super::locale::{Locale, tr};
use super::numbers::grouped;
use super::prompt::{action_options, action_told, street_name};
use super::view::{BoardView, SeatLine, SeatStatusView};
use super::{TextLimit, display_name, shorten};
use crate::equity::Fraction;
use crate::table::Game;
use crate::table::hand::ActionKind;

/// The whole board, with no limit on its length, for a terminal: its font is monospaced, so
/// the names in the seat lines are padded to one width and the stacks and cards line up.
pub fn board(locale: Locale, view: &BoardView) -> String {
    let layout = Layout {
        pad_names: true,
        ..TEXT_LAYOUTS[0]
    };
    board_with(locale, view, layout, CardStyle::Text)
}

/// The board within `limit` with text cards, names shortened as far as that takes.
pub fn board_within(locale: Locale, view: &BoardView, limit: TextLimit) -> String {
    board_fitted(locale, view, CardStyle::Text, limit)
}

/// The board within `limit`, its cards in `style` as far as they fit: pictures for every
/// card, then for the up cards only, with names shortened as far as 16 characters; then
/// text cards, names shortened as far as that takes.
pub fn board_fitted(
    locale: Locale,
    view: &BoardView,
    style: CardStyle<'_>,
    limit: TextLimit,
) -> String {
    let picture_layouts: &[Layout] = if style.is_images() {
        &PICTURE_LAYOUTS
    } else {
        &[]
    };
    let mut text = String::new();
    for layout in picture_layouts.iter().chain(&TEXT_LAYOUTS) {
        text = board_with(locale, view, *layout, style);
        if limit.fits(&text) {
            return text;
        }
    }
    text
}

/// What happened last and who acts now, without the rest of the board: what a terminal
/// prints between two whole boards ("Last action: Gus raises to 20", "**Hal** to act — …").
pub fn turn_news(locale: Locale, view: &BoardView) -> String {
    let mut lines = Vec::new();
    if let Some(last) = &view.last_action {
        let told = action_told(
            locale,
            &display_name(&last.name),
            last.kind,
            last.chips,
            last.total,
            last.all_in,
        );
        lines.push(tr(locale, "board-last", &[("action", told.into())]));
    }
    lines.push(turn_line(locale, view, super::MAX_NAME_CHARS));
    lines.join("\n")
}

/// How the board shows cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CardsShown {
    /// Every card in the style given, face-down ones as the back's picture.
    AllInStyle,
    /// Up cards in the style given, face-down ones as text (🂠).
    UpInStyle,
    /// Every card as text.
    Text,
}

#[derive(Debug, Clone, Copy)]
struct Layout {
    seat_name_chars: usize,
    /// `None`: side pots say how many players share them instead of naming them.
    pot_name_chars: Option<usize>,
    /// Seat names padded to the longest one's width. Only a monospaced font lines them up;
    /// Discord's does not, and the spaces would cost room.
    pad_names: bool,
    cards: CardsShown,
}

/// With cards as pictures, most pictures first; each later layout trades detail for room.
const PICTURE_LAYOUTS: [Layout; 5] = [
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: Some(super::MAX_NAME_CHARS),
        pad_names: false,
        cards: CardsShown::AllInStyle,
    },
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: Some(super::MAX_NAME_CHARS),
        pad_names: false,
        cards: CardsShown::UpInStyle,
    },
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: Some(12),
        pad_names: false,
        cards: CardsShown::UpInStyle,
    },
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: None,
        pad_names: false,
        cards: CardsShown::UpInStyle,
    },
    Layout {
        seat_name_chars: 16,
        pot_name_chars: None,
        pad_names: false,
        cards: CardsShown::UpInStyle,
    },
];

/// With text cards, longest names first; each later layout trades detail for room.
const TEXT_LAYOUTS: [Layout; 5] = [
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: Some(super::MAX_NAME_CHARS),
        pad_names: false,
        cards: CardsShown::Text,
    },
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: Some(12),
        pad_names: false,
        cards: CardsShown::Text,
    },
    Layout {
        seat_name_chars: super::MAX_NAME_CHARS,
        pot_name_chars: None,
        pad_names: false,
        cards: CardsShown::Text,
    },
    Layout {
        seat_name_chars: 16,
        pot_name_chars: None,
        pad_names: false,
        cards: CardsShown::Text,
    },
    Layout {
        seat_name_chars: 8,
        pot_name_chars: None,
        pad_names: false,
        cards: CardsShown::Text,
    },
];

fn board_with(locale: Locale, view: &BoardView, layout: Layout, style: CardStyle<'_>) -> String {
    let up_style = match layout.cards {
        CardsShown::AllInStyle | CardsShown::UpInStyle => style,
        CardsShown::Text => CardStyle::Text,
    };
    let down_style = match layout.cards {
        CardsShown::AllInStyle => style,
        CardsShown::UpInStyle | CardsShown::Text => CardStyle::Text,
    };
    let mut lines = vec![header_line(locale, view)];
    lines.push(turn_line(locale, view, layout.seat_name_chars));
    let pot_line = pot_line(locale, view, layout);
    if !pot_line.is_empty() {
        lines.push(pot_line);
    }
    if let Some(community) = view.community {
        lines.push(tr(
            locale,
            "board-community",
            &[("card", up_style.card(community).into())],
        ));
    }
    lines.push(String::new());
    seat_lines(locale, view, layout, (up_style, down_style), &mut lines);
    lines.push(stakes_line(locale, view));
    lines.join("\n")
}

/// The header: hand number, street, game (and the mix's rotation).
fn header_line(locale: Locale, view: &BoardView) -> String {
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
    header
}

/// The stakes: small and big bet, ante, bring-in.
fn stakes_line(locale: Locale, view: &BoardView) -> String {
    let stakes = view.stakes;
    tr(
        locale,
        "board-stakes",
        &[
            ("small", stakes.small_bet.into()),
            ("big", stakes.big_bet.into()),
            ("ante", stakes.ante.into()),
            ("bring_in", stakes.bring_in.into()),
        ],
    )
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

/// One line per seat, then the legends of the marks they carry. `styles`: the up cards' and
/// the face-down cards'.
fn seat_lines(
    locale: Locale,
    view: &BoardView,
    layout: Layout,
    styles: (CardStyle<'_>, CardStyle<'_>),
    lines: &mut Vec<String>,
) {
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
        let shape = SeatShape {
            name_chars: layout.seat_name_chars,
            name_width,
            split,
            styles,
        };
        lines.push(seat_line(locale, seat, shape));
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

/// Who acts now and what each choice costs (with the clock), or that the hand is dealt out
/// or over.
fn turn_line(locale: Locale, view: &BoardView, name_chars: usize) -> String {
    match &view.to_act {
        Some(to_act) => {
            let name = display_name(&shorten(&to_act.name, name_chars));
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
                let added = view.time_bank.map_or(0, |(_, added)| added);
                next.push_str(&if added > 0 {
                    tr(
                        locale,
                        "board-timer-added",
                        &[("seconds", seconds.into()), ("added", added.into())],
                    )
                } else {
                    tr(locale, "board-timer", &[("seconds", seconds.into())])
                });
            }
            if let Some((seconds, _)) = view.time_bank.filter(|(seconds, _)| *seconds > 0) {
                next.push_str(" · ");
                next.push_str(&tr(
                    locale,
                    "board-time-bank",
                    &[("seconds", seconds.into())],
                ));
            }
            next
        }
        None if view.dealing_out => tr(locale, "board-dealing-out", &[]),
        None => tr(locale, "board-hand-over", &[]),
    }
}

/// How many characters a seat's name takes once shown (markdown escapes do not count: a
/// terminal shows the name without them).
fn shown_name_width(name: &str, name_chars: usize) -> usize {
    let shown = shorten(name, name_chars).chars().count();
    // An empty name is shown as "?".
    shown.max(1)
}

/// How one seat line is laid out.
#[derive(Clone, Copy)]
struct SeatShape<'a> {
    name_chars: usize,
    /// The width names are padded to (0: none).
    name_width: usize,
    /// The game splits the pot: the odds name the scoop.
    split: bool,
    /// The up cards' style and the face-down cards'.
    styles: (CardStyle<'a>, CardStyle<'a>),
}

/// One seat: marker, name (followed by spaces up to the shape's width), stack, cards and
/// notes.
fn seat_line(locale: Locale, seat: &SeatLine, shape: SeatShape<'_>) -> String {
    let name = display_name(&shorten(&seat.name, shape.name_chars));
    let padding = " ".repeat(
        shape
            .name_width
            .saturating_sub(shown_name_width(&seat.name, shape.name_chars)),
    );
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
        let (up_style, down_style) = shape.styles;
        line.push(' ');
        line.push_str(&down_style.backs(seat.down_count));
        // Pictures touch like cards held in a hand; text cards are spaced.
        if seat.down_count > 0 && !seat.up_cards.is_empty() && !up_style.is_images() {
            line.push(' ');
        }
        line.push_str(&up_style.cards(&seat.up_cards));
    }
    let notes = seat_notes(locale, seat, shape.split);
    for note in notes {
        line.push_str(" · ");
        line.push_str(&note);
    }
    line
}

/// What a seat's line says after its cards: what it did on this street (or its bet), its
/// shown hand, its chances and its state.
fn seat_notes(locale: Locale, seat: &SeatLine, split: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if seat.status != SeatStatusView::Folded {
        match seat.acted {
            Some(kind) => notes.extend(seat_did(locale, kind, seat.street_bet)),
            None if seat.street_bet > 0 => notes.push(tr(
                locale,
                "seat-bet",
                &[("amount", seat.street_bet.into())],
            )),
            None => {}
        }
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

/// What a seat did on this street, with what it has in front now: "raises to 20", "calls
/// 20", "checks". A fold is the seat's state ("folded"), said once.
fn seat_did(locale: Locale, kind: ActionKind, street_bet: u64) -> Option<String> {
    let id = match kind {
        ActionKind::BringIn => "seat-did-bring-in",
        ActionKind::Complete => "seat-did-complete",
        ActionKind::Bet | ActionKind::BetBig => "seat-did-bet",
        ActionKind::Raise | ActionKind::RaiseBig => "seat-did-raise",
        ActionKind::Call => "seat-did-call",
        ActionKind::Check => "seat-did-check",
        ActionKind::Fold => return None,
    };
    Some(tr(locale, id, &[("amount", street_bet.into())]))
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
