//! The plain values the bank's API takes and returns.

use serde::{Deserialize, Serialize};

use crate::ids::{GuildId, TableId, UserId};

/// Chips paid to each player's balance, by user: when a table closes or a sit & go is
/// cancelled (cashed out, refunded, or the pool divided), and a finished sit & go's prizes.
pub type Payouts = Vec<(UserId, u64)>;

/// What recovery did for one table whose hand never settled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovery {
    pub guild: GuildId,
    pub table: TableId,
    pub hand: u64,
    /// Each player's stack at the start of the cancelled hand (what they got back).
    pub stacks: Vec<(UserId, u64)>,
}

/// One player's part in a settled hand, for their stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatOutcome {
    pub user: UserId,
    /// Stack at the start of the hand.
    pub start: u64,
    /// Stack at the end of the hand.
    pub end: u64,
    pub won_high: bool,
    pub won_low: bool,
    pub scooped: bool,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStats {
    pub hands_played: u64,
    pub won_high: u64,
    pub won_low: u64,
    pub scoops: u64,
    pub biggest_pot: u64,
    /// Chips won minus chips lost at tables.
    pub net: i64,
}

/// A player's sit & go record in a guild, kept apart from their cash play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentStats {
    /// Sit & gos entered that finished, or were cancelled after they started (a
    /// tournament cancelled before its start refunded its buy-ins: no result).
    pub entries: u64,
    /// First places.
    pub wins: u64,
    /// Paid places (a finished tournament's payout above 0).
    pub cashes: u64,
    /// Chips paid out to the player (payouts and cancel shares) minus their buy-ins.
    pub net: i64,
}

/// The result of a gift: both players' balances after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub from_balance: u64,
    pub to_balance: u64,
}

/// What a member chose for themselves, kept by the bank so that it is in its backups and
/// survives every restart. A member who never chose anything has the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberPreferences {
    /// Mentioned when it is their turn (`/ping on|off`).
    pub turn_pings: bool,
}

impl Default for MemberPreferences {
    fn default() -> MemberPreferences {
        MemberPreferences { turn_pings: true }
    }
}
