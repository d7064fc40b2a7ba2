//! End-to-end tests of the real serenity/poise client against the fake Discord (tests/support), and the
//! binary's start-up.

#[path = "../support/mod.rs"]
mod support;

mod bot_backups;
mod bot_leaks;
mod bot_logs;
mod bot_memory;
mod bot_quiet_channel;
mod bot_registration;
mod bot_setup;
mod bot_shutdown;
mod discord_all_in;
mod discord_bot_accounts;
mod discord_card_emoji;
mod discord_commands;
mod discord_computer_players;
mod discord_duplicate_boards;
mod discord_fake;
mod discord_games;
mod discord_gateway;
mod discord_global_rate_limit;
mod discord_hangs;
mod discord_history;
mod discord_invite;
mod discord_language;
mod discord_late_interactions;
mod discord_limits;
mod discord_lost_access;
mod discord_lost_boards;
mod discord_moderation;
mod discord_names;
mod discord_old_messages;
mod discord_permissions;
mod discord_play;
mod discord_rate_limits;
mod discord_refusals;
mod discord_restart;
mod discord_slow_clicks;
mod discord_slow_commands;
mod discord_tables;
mod discord_threads;
mod discord_timers;
mod discord_tournament;
mod discord_tournament_end;
mod discord_tournament_gone;
mod discord_tournament_pause;
mod discord_tournament_result;
mod discord_tournament_soak;
mod discord_tournament_stats;
mod discord_world;
mod discord_world_outage;
mod metrics_scrape;
mod run_startup;
mod tournament_common;
