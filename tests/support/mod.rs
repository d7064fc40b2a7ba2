//! Test support shared by the end-to-end tests: the fake Discord and helpers to run the bot
//! against it.

#![allow(dead_code)]

pub mod bot;
pub mod fake_discord;
pub mod table;
