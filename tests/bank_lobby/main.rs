//! The bank's and the lobby's tests: ledger, crash safety, backups, table actors on tokio's paused clock.

#[path = "../support/actions.rs"]
mod actions;
#[path = "../support/audit.rs"]
mod audit;
#[macro_use]
mod bank_common;
#[path = "../support/child.rs"]
mod child;
mod event_bank_common;
mod event_common;
#[path = "../support/killable.rs"]
mod killable;
mod lobby_common;
mod pace_common;
#[path = "../support/postgres.rs"]
mod postgres;
mod sit_and_go_common;

mod bank_audit_breaks;
mod bank_audit_cli;
mod bank_backup;
mod bank_backup_live;
mod bank_backup_schedule;
mod bank_backup_streaming;
mod bank_concurrency;
mod bank_crash;
mod bank_failing;
mod bank_house;
mod bank_idle_fsyncs;
mod bank_limits;
mod bank_op_edges;
mod bank_operations;
mod bank_properties;
mod bank_records;
mod bank_retention;
mod bank_timeout;
mod event_bank;
mod event_bank_audit;
mod event_bank_computers;
mod event_bank_history;
mod event_bank_play;
mod event_sim_store;
mod lobby_away;
mod lobby_computer_seats;
mod lobby_dealing_out;
mod lobby_event;
mod lobby_event_away;
mod lobby_event_entries;
mod lobby_event_history;
mod lobby_event_kept;
mod lobby_event_people;
mod lobby_event_start;
mod lobby_failed_task;
mod lobby_games;
mod lobby_leaks;
mod lobby_open_cancelled;
mod lobby_pace;
mod lobby_restart;
mod lobby_seats;
mod lobby_service;
mod lobby_shutdown;
mod lobby_stalled_store;
mod lobby_time_bank;
mod lobby_tournament;
mod lobby_tournament_cancel;
mod lobby_tournament_end;
mod lobby_tournament_gone;
mod lobby_tournament_pause;
mod lobby_tournament_result;
mod pg_locks;
mod pg_migration;
mod pg_moving;
mod pg_processes;
mod pg_views;
mod tournament_audit_breaks;
mod tournament_bank;
mod tournament_cancel_cli;
mod tournament_history;
mod tournament_older_records;
mod tournament_pause_audit;
mod tournament_properties;
mod tournament_stats;
