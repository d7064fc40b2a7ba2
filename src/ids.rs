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
