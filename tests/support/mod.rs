//! Test support shared by the end-to-end tests: the fake Discord and helpers to run the bot
//! against it.

pub mod fake_discord;
