//! The one-line calls each layer makes to record what happened. They cost a few nanoseconds
//! and do nothing before [`super::Telemetry::install`].

use std::time::Duration;

use super::names;

pub fn tables_open(count: usize) {
    metrics::gauge!(names::TABLES_OPEN).set(count as f64);
}

pub fn seated_players(count: usize) {
    metrics::gauge!(names::SEATED_PLAYERS).set(count as f64);
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

pub fn gateway_reconnected() {
    metrics::counter!(names::GATEWAY_RECONNECTS).increment(1);
}

pub fn bank_commit(elapsed: Duration) {
    metrics::histogram!(names::BANK_COMMIT_SECONDS).record(elapsed.as_secs_f64());
}

pub fn bank_queue_depth(depth: usize) {
    metrics::gauge!(names::BANK_QUEUE_DEPTH).set(depth as f64);
}

pub fn bank_store_timeout() {
    metrics::counter!(names::BANK_STORE_TIMEOUTS).increment(1);
}
