//! Why the table service refused a command. Every refusal leaves the table unchanged; each
//! variant carries the data a front end needs to explain it in the player's language.

use serde::Serialize;
use thiserror::Error;

use crate::bank::{BankError, TableId, UserId};
use crate::table::hand::ActionKind;

use super::settings::SettingsError;

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
