//! # studbot
//!
//! A Discord bot that deals fixed-limit Seven-Card Stud Hi/Lo, eight or better.
//!
//! The crate is layered so that the poker can be tested, replayed and benchmarked without
//! Discord (the map, with a command's and a click's path through the layers, is
//! `docs/ARCHITECTURE.md`; the rules are `docs/RULES.md`):
//!
//! - [`table`]: the rules, pure and deterministic (cards, evaluation, one hand as a state
//!   machine, pots, PHH records).
//! - [`ids`]: the ids of guilds, users, channels, tables and interactions.
//! - [`bank`]: every chip, in a sled double-entry ledger.
//! - [`lobby`]: one actor task per table; timers, seats, buy-ins.
//! - [`equity`]: all-in equity, exact or sampled, for `studbot equity` and the board.
//! - [`refusal`]: the one shape of every refusal a player is told, whichever layer refused.
//! - [`render`]: words for people, in English, Spanish and Indonesian.
//! - [`faces`]: the card faces as pictures (PNG), which the bot uploads as its emoji.
//! - [`bot`]: the Discord surface (serenity + poise).
//! - [`telemetry`]: Prometheus metrics and `/healthz` for the operator.
//! - [`memory`]: the allocator (jemalloc, returning freed memory) and its figures.
//! - [`tournament`]: sit & go tournaments, pure like the rules: levels, places, payouts.
//! - [`cli`]: the subcommands of the `studbot` binary.
#![forbid(unsafe_code)]

pub mod bank;
pub mod bot;
pub mod cli;
pub mod equity;
pub mod faces;
pub mod ids;
pub mod lobby;
pub mod memory;
pub mod refusal;
pub mod render;
#[cfg(test)]
mod shape;
pub mod table;
pub mod telemetry;
pub mod tournament;
