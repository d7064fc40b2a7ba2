//! Test support. This module is the Discord tests' (the fake Discord and helpers to run the bot
//! against it); `actions`, `audit`, `child` and `killable` are also brought into the engine's
//! and the bank's test binaries by path, each by the binaries that use it.

pub mod actions;
pub mod audit;
pub mod bot;
pub mod child;
pub mod fake_discord;
pub mod table;
