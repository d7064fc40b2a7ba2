//! Players' and the house's records: `/stats`, `/stats house`, `/leaderboard`.

/// `/stats house` (moderators): what the guild's house account did for its computer players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HouseStatsView {
    pub balance: u64,
    pub hands_played: u64,
    pub won: u64,
    pub lost: u64,
    pub minted: u64,
    /// What the mint may create for the house in all, and what of it is left: at 0 left
    /// and too few chips held, the house has run dry.
    pub mint_limit: u64,
    pub mint_left: u64,
    /// Its computer players' sit & gos; `None` when they never entered one.
    pub tournaments: Option<TournamentStatsView>,
}

/// A sit & go record, apart from cash play (`/stats`, `/stats house`, `/leaderboard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentStatsView {
    pub entries: u64,
    /// First places.
    pub wins: u64,
    /// Paid places.
    pub cashes: u64,
    /// Chips paid out less buy-ins.
    pub net: i64,
}

/// `/stats`: one player's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsView {
    pub name: String,
    pub hands_played: u64,
    pub pots_won: u64,
    pub scoops: u64,
    /// Chips won minus chips lost at the tables.
    pub net_chips: i64,
    pub biggest_pot: u64,
    /// Their sit & gos; `None` when they never entered one.
    pub tournaments: Option<TournamentStatsView>,
}

/// One line of `/leaderboard board:tournaments`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentLeaderboardLine {
    pub name: String,
    pub stats: TournamentStatsView,
}

/// One line of `/leaderboard`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderboardLine {
    pub name: String,
    pub balance: u64,
}
