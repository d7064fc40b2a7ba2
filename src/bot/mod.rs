//! Discord: turns interactions into lobby commands and lobby notices into Discord calls.
//! Knows nothing about poker rules.

pub mod config;
pub mod locale;
pub mod outbox;
pub mod rest;
