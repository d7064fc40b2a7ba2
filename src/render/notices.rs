//! Refusals and status messages the lobby and the bot send: not your turn, stale button,
//! table full, buy-in out of range, hand cancelled and refunded, economy answers, `/rules`.

use super::locale::Locale;
use super::view::{LeaderboardLine, StatsView, TableStatusView};

/// A short message for one player or for the channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    // Refusals of an action or a command.
    /// Someone else is to act.
    NotYourTurn {
        to_act: String,
    },
    /// The button or action belongs to an older board (hand or action number moved on).
    StaleAction,
    /// The action is not one of those offered now.
    ActionNotAllowed,
    NotSeated,
    AlreadySeated,
    NoTable,
    TableAlreadyOpen,
    TableFull {
        seats: u8,
    },
    BuyInOutOfRange {
        min: u64,
        max: u64,
    },
    NotEnoughChips {
        needed: u64,
        balance: u64,
    },
    /// Only moderators (Manage Channels, or the configured role) may do this.
    NotModerator,
    /// `/cards` or "My cards" when the player holds no cards.
    NoCards,
    /// A top-up can only be done between hands.
    BetweenHandsOnly,
    InvalidAmount,
    CannotGiveToSelf,
    // Table status.
    Joined {
        name: String,
        buy_in: u64,
    },
    /// The player leaves now, with their stack back in their balance.
    Left {
        name: String,
        stack: u64,
    },
    /// The player is in the hand and will leave when it ends.
    LeavingAfterHand {
        name: String,
    },
    SatOut {
        name: String,
    },
    SatOutAfterTimeouts {
        name: String,
    },
    Back {
        name: String,
    },
    /// The timer acted for `name` (checked when free, otherwise folded).
    TimedOut {
        name: String,
        checked: bool,
    },
    Kicked {
        name: String,
    },
    ToppedUp {
        name: String,
        amount: u64,
        stack: u64,
    },
    TableOpened,
    TablePaused,
    TableResumed,
    TableClosed,
    SettingsNextHand,
    HandCancelledRefunded {
        hand_number: u64,
    },
    NextHandIn {
        seconds: u64,
    },
    WaitingForPlayers {
        needed: u32,
    },
    /// A player's DMs are closed: how to open them, and that "My cards" still works.
    DmClosed {
        name: String,
    },
    YourCardsByDm,
    // Economy.
    Balance {
        balance: u64,
    },
    BalanceOf {
        name: String,
        balance: u64,
    },
    DailyClaimed {
        amount: u64,
        balance: u64,
    },
    DailyNotYet {
        hours: u64,
        minutes: u64,
    },
    Gave {
        to: String,
        amount: u64,
        balance: u64,
    },
    Granted {
        name: String,
        amount: u64,
        balance: u64,
    },
    Taken {
        name: String,
        amount: u64,
        balance: u64,
    },
}

pub fn notice(locale: Locale, notice: &Notice) -> String {
    let _ = (locale, notice);
    todo!("render")
}

/// `/table status`.
pub fn table_status(locale: Locale, view: &TableStatusView) -> String {
    let _ = (locale, view);
    todo!("render")
}

/// `/stats`.
pub fn stats(locale: Locale, view: &StatsView) -> String {
    let _ = (locale, view);
    todo!("render")
}

/// `/leaderboard`: lines in the order given (richest first), numbered from 1.
pub fn leaderboard(locale: Locale, lines: &[LeaderboardLine]) -> String {
    let _ = (locale, lines);
    todo!("render")
}

/// `/rules`: a short summary of the game and of the table's stakes.
pub fn rules_summary(locale: Locale) -> String {
    let _ = locale;
    todo!("render")
}
