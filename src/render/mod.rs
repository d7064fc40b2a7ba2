//! Words: pure functions from a table view and a locale to text (board, private cards,
//! prompts, button labels, results, history, refusals and status) in English, Spanish and
//! Indonesian, with Project Fluent. Output is Discord markdown; [`for_terminal`] strips it.
//!
//! Public renderers take only [`view::BoardView`], [`view::ResultView`], [`view::HistoryView`]
//! and the like, which are built from the engine's public data and cannot hold a down card.
//! Private renderers ([`private_hand`]) take the engine's `PrivateView` and are for the
//! owner of the cards only (DM or ephemeral reply).

pub mod board;
pub mod cards;
pub mod event_message;
pub mod event_status;
pub mod event_table;
pub mod hand_names;
pub mod history;
pub mod language;
pub mod locale;
pub mod notices;
pub mod numbers;
pub mod pace;
pub mod private;
pub mod prompt;
pub mod refusals;
pub mod results;
mod tournament_stats;
pub mod view;
mod view_stats;
mod view_status;

pub use board::{board, board_fitted, board_within, turn_news};
pub use cards::{CardImages, CardStyle, card, card_back, cards, colour_for_terminal};
pub use hand_names::{high_hand_name, high_name_from_parts, low_hand_name, low_name_from_ranks};
pub use history::{
    event_history_within, event_table_history, history, history_within, sit_and_go_history,
    sit_and_go_history_within,
};
pub use locale::{Args, Locale, UnknownLocale, tr, tr_numbers, try_tr};
pub use notices::{
    Announcement, house_stats, leaderboard, notice, quoted_list, rules_summary, stats,
    table_status, timed_out,
};
pub use private::{private_hand, private_hand_styled};
pub use prompt::{
    action_label, action_options, action_told, my_cards_label, shown_amount, street_name,
    your_turn, your_turn_line,
};
pub use refusals::refusal;
pub use results::results;
pub use tournament_stats::tournament_leaderboard;
pub use view::{
    BoardView, HistoryView, HouseStatsView, IdleSeat, IdleState, LastActionView, LeaderboardLine,
    PlayerFacts, PotLine, ResultView, SeatLine, SeatOdds, SeatStatusView, ShownHandView, StatsView,
    StatusSeat, TableFacts, TableStatusView, ToAct, TournamentLeaderboardLine, TournamentStatsView,
    TurnPrompt,
};

/// How much text one message may hold, measured the way its medium counts. The renderer knows
/// no medium: the bot passes Discord's (`bot::limits`); a terminal has none.
#[derive(Debug, Clone, Copy)]
pub struct TextLimit {
    pub max: usize,
    /// A text's length in the medium's units.
    pub length: fn(&str) -> usize,
}

impl TextLimit {
    /// No limit.
    pub const NONE: TextLimit = TextLimit {
        max: usize::MAX,
        length: str::len,
    };

    pub fn fits(&self, text: &str) -> bool {
        (self.length)(text) <= self.max
    }
}

/// The longest player name shown; longer names end with an ellipsis.
pub const MAX_NAME_CHARS: usize = 32;

/// Plain text for a terminal: removes the markdown the renderers add (`**bold**`, `` `code` ``,
/// `> ` quotes, backslash escapes in names).
pub fn for_terminal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut line_start = true;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(escaped) = chars.next() {
                    out.push(escaped);
                }
            }
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
            }
            '`' => {}
            '>' if line_start && chars.peek() == Some(&' ') => {
                chars.next();
            }
            _ => out.push(c),
        }
        line_start = c == '\n';
    }
    out
}

/// A player's name as shown: at most [`MAX_NAME_CHARS`] characters (an ellipsis marks a cut),
/// Discord markdown characters escaped so a name cannot restyle the board.
pub fn display_name(name: &str) -> String {
    escape_markdown(&shorten(name, MAX_NAME_CHARS))
}

/// `text` as written (`?` when empty), Discord markdown characters escaped and control
/// characters as spaces, so that a name (a player's, an event's) cannot restyle a message.
pub fn escape_markdown(text: &str) -> String {
    let mut shown = text.to_owned();
    if shown.is_empty() {
        shown.push('?');
    }
    let mut escaped = String::with_capacity(shown.len() + 4);
    for c in shown.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']'
        ) {
            escaped.push('\\');
        }
        // A newline in a name would break the board's one-line-per-seat layout.
        escaped.push(if c.is_control() { ' ' } else { c });
    }
    escaped
}

/// `name` cut to at most `max_chars` characters, the last being an ellipsis when cut.
pub fn shorten(name: &str, max_chars: usize) -> String {
    let trimmed = name.trim();
    if trimmed.chars().count() <= max_chars {
        return trimmed.to_string();
    }
    let mut cut: String = trimmed.chars().take(max_chars.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
