//! The between-hands listings: `/table status` and its seats (no cards).

use crate::table::GameChoice;
use crate::table::rules::Stakes;

use super::view::SeatStatusView;

/// A player's line in `/table status` and similar between-hands listings (no cards).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusSeat {
    pub name: String,
    pub stack: u64,
    pub status: SeatStatusView,
    pub computer: bool,
}

/// `/table status`: the table's settings and who sits there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableStatusView {
    /// What the table deals, and in `mix` the hands of each game.
    pub game: GameChoice,
    pub mix_hands: u32,
    pub stakes: Stakes,
    pub min_buy_in: u64,
    pub max_buy_in: u64,
    pub max_seats: u8,
    pub action_timer_secs: u64,
    pub paused: bool,
    /// The hand in progress, if any.
    pub hand_number: Option<u64>,
    pub seats: Vec<StatusSeat>,
    /// Seats computer players may fill while humans are short, and how well they play.
    pub computer_players: u8,
    pub computer_level: crate::table::computer::ComputerLevel,
}
