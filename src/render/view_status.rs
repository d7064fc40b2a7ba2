//! How a seat reads, on the board and between hands, and the between-hands listings:
//! `/table status` and its seats (no cards). A leaf of the views: `view` builds on it.

use crate::table::GameChoice;
use crate::table::rules::Stakes;

/// How a seat reads on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatStatusView {
    /// In the hand, and it is this seat's turn.
    ToAct,
    /// In the hand with chips behind.
    Active,
    Folded,
    AllIn,
    /// Seated but not dealt in: chose to sit out, was sat out after timeouts, or is busted.
    SittingOut,
    /// Seated but not dealt in: joined during this hand and plays from the next.
    Waiting,
    /// In the hand, but the timer acted for them last turn (one more timeout sits them out).
    Away,
}

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
