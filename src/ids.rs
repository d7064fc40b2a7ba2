//! The ids every layer names things by: guilds, users, channels, tables, interactions. One
//! home, so the bank, the lobby, the bot and the command-line tools all import the same types
//! (the bank re-exports them for older paths).

use serde::{Deserialize, Serialize};

/// A Discord guild, or any community the economy is kept per (the terminal uses 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GuildId(pub u64);

/// A player (a Discord user id; the terminal uses small numbers for its players).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UserId(pub u64);

impl UserId {
    /// The most computer players one guild's tables name at once (ids are per chair, and a
    /// table has at most 8 chairs; the rest of the range is kept free).
    pub const COMPUTERS: u64 = 256;
    /// Computer players' ids are the top of the range: as a snowflake such an id would be
    /// created in the 2150s, so no Discord member (and no terminal player) ever has one.
    const FIRST_COMPUTER: u64 = u64::MAX - (Self::COMPUTERS - 1);

    /// The computer player numbered `number` (a table numbers its computers by chair).
    pub const fn computer(number: u8) -> UserId {
        UserId(Self::FIRST_COMPUTER + number as u64)
    }

    /// A computer player's number, `None` for anyone else.
    pub fn computer_number(self) -> Option<u8> {
        self.0
            .checked_sub(Self::FIRST_COMPUTER)
            .and_then(|number| u8::try_from(number).ok())
    }

    /// One of the computer players (whose chips are the guild house's).
    pub fn is_computer(self) -> bool {
        self.computer_number().is_some()
    }
}

/// A Discord channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ChannelId(pub u64);

/// A table, named by the id of the channel it plays in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TableId(pub u64);

impl From<ChannelId> for TableId {
    fn from(channel: ChannelId) -> TableId {
        TableId(channel.0)
    }
}

/// A Discord interaction (a slash command or a click). Discord sends each interaction once
/// and a retry of the same request carries the same id, so it is what makes a request's
/// bank reference: see `bank::Reference`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct InteractionId(pub u64);
