//! Why the table service refused a command. Every refusal leaves the table unchanged; each
//! variant carries the data a front end needs to explain it in the player's language.

use serde::Serialize;
use thiserror::Error;

use crate::bank::{BankError, TableId, UserId};
use crate::table::hand::ActionKind;

use super::settings::SettingsError;
use crate::refusal::Refusal;

#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum LobbyError {
    #[error("there is no table in this channel")]
    NoSuchTable { table: TableId },
    #[error("a table is already open in this channel")]
    TableAlreadyOpen { table: TableId },
    #[error("the table has closed")]
    TableClosed { table: TableId },
    #[error("invalid settings: {reason}")]
    InvalidSettings {
        #[serde(serialize_with = "as_text")]
        reason: SettingsError,
    },
    #[error("the table is full ({seats} seats)")]
    TableFull { seats: u8 },
    /// Not a refusal: the player is seated in a computer player's chair when the hand ends.
    #[error("a computer player gives you its seat when this hand ends")]
    SeatAfterHand,
    #[error("you are already seated at this table")]
    AlreadySeated,
    #[error("you are not seated at this table")]
    NotSeated,
    #[error("the buy-in must be between {min} and {max} chips, not {amount}")]
    BuyInOutOfRange { min: u64, max: u64, amount: u64 },
    #[error("not enough chips: your balance is {balance}, {needed} are needed")]
    NotEnoughChips { balance: u64, needed: u64 },
    #[error("after a top-up your stack must be between {min} and {max} chips; it would be {stack}")]
    TopUpOutOfRange { min: u64, max: u64, stack: u64 },
    #[error("you can top up only between hands, or while you sit out")]
    TopUpDuringHand,
    #[error("you have no chips: top up first")]
    NoChips,
    #[error("you are already sitting out")]
    AlreadySittingOut,
    #[error("you are not sitting out")]
    NotSittingOut,
    #[error("no hand is in progress")]
    NoHandInProgress,
    #[error("you are not in this hand")]
    NotInHand,
    #[error(
        "that action was offered at hand {offered_hand}, action {offered_seq}; the table is now at hand {hand}, action {seq}"
    )]
    StaleAction {
        offered_hand: u64,
        offered_seq: u32,
        hand: u64,
        seq: u32,
    },
    #[error("it is not your turn")]
    NotYourTurn {
        /// Whose turn it is.
        to_act: Option<UserId>,
    },
    #[error("{kind:?} is not allowed now")]
    ActionNotAllowed {
        kind: ActionKind,
        allowed: Vec<ActionKind>,
    },
    #[error("that pre-action no longer fits: the street or the bet has changed")]
    PreActionStale,
    #[error("it is your turn: choose on the board")]
    YourTurnNow,
    #[error("your time bank is empty")]
    TimeBankEmpty,
    #[error("your time bank is already running")]
    TimeBankRunning,
    #[error("this is a sit & go's table: chips come in or go out only when it ends")]
    SitAndGoTable,
    #[error("a deal is proposed between hands, not while a hand is in play")]
    DealDuringHand,
    #[error("the sit & go is being cancelled once the hand in play ends")]
    SitAndGoEnding,
    #[error("the table is paused")]
    Paused,
    #[error("the table is not paused")]
    NotPaused,
    #[error("the bank refused: {reason}")]
    Bank {
        #[serde(serialize_with = "as_text")]
        reason: BankError,
    },
    #[error("the table settings could not be stored: {reason}")]
    Store { reason: String },
    #[error("internal error: {reason}")]
    Internal { reason: String },
}

impl From<SettingsError> for LobbyError {
    fn from(reason: SettingsError) -> Self {
        LobbyError::InvalidSettings { reason }
    }
}

impl From<BankError> for LobbyError {
    fn from(reason: BankError) -> Self {
        match reason {
            BankError::InsufficientFunds { balance, needed } => {
                LobbyError::NotEnoughChips { balance, needed }
            }
            reason => LobbyError::Bank { reason },
        }
    }
}

fn as_text<T: std::fmt::Display, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

impl Refusal for SettingsError {
    fn message_id(&self) -> &'static str {
        SettingsError::message_id(self)
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        SettingsError::message_args(self)
    }
}

/// A refusal the player can act on is told as such; a fault of the bank, the store or the
/// program reads "something went wrong" (what went wrong is for the log).
impl Refusal for LobbyError {
    fn message_id(&self) -> &'static str {
        match self {
            LobbyError::NoSuchTable { .. } | LobbyError::TableClosed { .. } => "notice-no-table",
            LobbyError::TableAlreadyOpen { .. } => "notice-table-already-open",
            LobbyError::TableFull { .. } => "notice-table-full",
            LobbyError::AlreadySeated => "notice-already-seated",
            LobbyError::NotSeated => "notice-not-seated",
            LobbyError::BuyInOutOfRange { .. } | LobbyError::TopUpOutOfRange { .. } => {
                "notice-buy-in-out-of-range"
            }
            LobbyError::NotEnoughChips { .. } => "notice-not-enough-chips",
            LobbyError::TopUpDuringHand => "notice-between-hands-only",
            LobbyError::NotInHand => "notice-no-cards",
            LobbyError::StaleAction { .. } => "notice-stale-action",
            LobbyError::NotYourTurn { to_act: Some(_) } => "notice-not-your-turn",
            // Nobody is to act: everyone is all-in and the rest is being dealt.
            LobbyError::NotYourTurn { to_act: None } => "notice-no-one-to-act",
            LobbyError::ActionNotAllowed { .. } => "notice-action-not-allowed",
            LobbyError::NoChips => "lobby-no-chips",
            LobbyError::SeatAfterHand => "lobby-computer-gives-seat",
            LobbyError::AlreadySittingOut => "lobby-already-sitting-out",
            LobbyError::NotSittingOut => "lobby-not-sitting-out",
            LobbyError::NoHandInProgress => "lobby-no-hand",
            LobbyError::SitAndGoTable => "lobby-sit-and-go-table",
            LobbyError::DealDuringHand => "tournament-deal-during-hand",
            LobbyError::SitAndGoEnding => "tournament-cancel-waiting",
            LobbyError::PreActionStale => "lobby-pre-action-stale",
            LobbyError::YourTurnNow => "lobby-your-turn-now",
            LobbyError::TimeBankEmpty => "lobby-time-bank-empty",
            LobbyError::TimeBankRunning => "lobby-time-bank-running",
            LobbyError::Paused => "lobby-paused",
            LobbyError::NotPaused => "lobby-not-paused",
            LobbyError::InvalidSettings { .. } => "lobby-invalid-settings",
            LobbyError::Bank { reason } if !reason.is_fault() => reason.message_id(),
            LobbyError::Bank { .. } | LobbyError::Store { .. } | LobbyError::Internal { .. } => {
                "lobby-failure"
            }
        }
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        match self {
            LobbyError::TableFull { seats } => vec![("seats", u64::from(*seats))],
            LobbyError::BuyInOutOfRange { min, max, .. }
            | LobbyError::TopUpOutOfRange { min, max, .. } => vec![("min", *min), ("max", *max)],
            LobbyError::NotEnoughChips { balance, needed } => {
                vec![("needed", *needed), ("balance", *balance)]
            }
            LobbyError::Bank { reason } if !reason.is_fault() => reason.message_args(),
            _ => Vec::new(),
        }
    }

    fn player(&self) -> Option<UserId> {
        match self {
            LobbyError::NotYourTurn { to_act } => *to_act,
            _ => None,
        }
    }

    fn reason(&self) -> Option<&dyn Refusal> {
        match self {
            LobbyError::InvalidSettings { reason } => Some(reason),
            _ => None,
        }
    }

    fn is_fault(&self) -> bool {
        match self {
            LobbyError::Bank { reason } => reason.is_fault(),
            LobbyError::Store { .. } | LobbyError::Internal { .. } => true,
            _ => false,
        }
    }
}
