//! The one-line calls each layer makes to record what happened. They cost a few nanoseconds
//! and do nothing before [`super::Telemetry::install`].
//!
//! Counts that go up and down (tables, seats, queued requests) are moved by each change
//! rather than set: changes from several tasks and threads then add up in any order, where
//! setting totals computed apart could leave a stale one last.

use std::time::Duration;

use super::names;

pub fn table_opened() {
    metrics::gauge!(names::TABLES_OPEN).increment(1.0);
}

pub fn table_closed() {
    metrics::gauge!(names::TABLES_OPEN).decrement(1.0);
}

/// A table's task ended abnormally (it panicked) and the lobby closed the table.
pub fn table_task_failed() {
    metrics::counter!(names::TABLE_TASKS_FAILED).increment(1);
}

/// A table's seated players went from `before` to `now`.
pub fn seated_changed(before: usize, now: usize) {
    let gauge = metrics::gauge!(names::SEATED_PLAYERS);
    if now >= before {
        gauge.increment((now - before) as f64);
    } else {
        gauge.decrement((before - now) as f64);
    }
}

pub fn hand_finished() {
    metrics::counter!(names::HANDS).increment(1);
}

pub fn action_taken() {
    metrics::counter!(names::ACTIONS).increment(1);
}

pub fn discord_rest(elapsed: Duration, status: u16) {
    metrics::histogram!(names::DISCORD_REST_SECONDS).record(elapsed.as_secs_f64());
    if status == 429 {
        metrics::counter!(names::DISCORD_RATE_LIMITED).increment(1);
    }
}

/// An interaction arrived past its answer window and was dropped.
pub fn interaction_late() {
    metrics::counter!(names::INTERACTIONS_LATE).increment(1);
}

pub fn gateway_reconnected() {
    metrics::counter!(names::GATEWAY_RECONNECTS).increment(1);
}

pub fn bank_commit(elapsed: Duration) {
    metrics::histogram!(names::BANK_COMMIT_SECONDS).record(elapsed.as_secs_f64());
}

/// A request was queued for the bank's committer.
pub fn bank_request_queued() {
    metrics::gauge!(names::BANK_QUEUE_DEPTH).increment(1.0);
}

/// The committer took `count` requests off its queue.
pub fn bank_requests_taken(count: usize) {
    metrics::gauge!(names::BANK_QUEUE_DEPTH).decrement(count as f64);
}

pub fn bank_store_timeout() {
    metrics::counter!(names::BANK_STORE_TIMEOUTS).increment(1);
}

/// Another process's transaction conflicted with a batch, which is drafted again.
pub fn bank_conflict() {
    metrics::counter!(names::BANK_CONFLICTS).increment(1);
}

/// This process runs the tables of `count` guilds (their leases held).
pub fn guild_leases(count: usize) {
    metrics::gauge!(names::GUILD_LEASES).set(count as f64);
}

/// The bank's store failed; it refuses writes until the process restarts.
pub fn bank_failed() {
    metrics::gauge!(names::BANK_FAILED).set(1.0);
}
