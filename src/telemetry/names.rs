//! Every metric the bot exports, named and described once. Rates ("hands per minute") are
//! counters: Prometheus computes them, e.g. `rate(studbot_hands_total[5m]) * 60`.

use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};

pub const TABLES_OPEN: &str = "studbot_tables_open";
pub const SEATED_PLAYERS: &str = "studbot_seated_players";
pub const TABLE_TASKS_FAILED: &str = "studbot_table_tasks_failed_total";
pub const HANDS: &str = "studbot_hands_total";
pub const ACTIONS: &str = "studbot_actions_total";
pub const DISCORD_REST_SECONDS: &str = "studbot_discord_rest_seconds";
pub const DISCORD_RATE_LIMITED: &str = "studbot_discord_rate_limited_total";
pub const GATEWAY_UP: &str = "studbot_gateway_up";
pub const GATEWAY_RECONNECTS: &str = "studbot_gateway_reconnects_total";
pub const INTERACTIONS_LATE: &str = "studbot_interactions_late_total";
pub const BANK_COMMIT_SECONDS: &str = "studbot_bank_commit_seconds";
pub const BANK_QUEUE_DEPTH: &str = "studbot_bank_queue_depth";
pub const BANK_STORE_TIMEOUTS: &str = "studbot_bank_store_timeouts_total";
pub const BANK_FAILED: &str = "studbot_bank_failed";
pub const BANK_CONFLICTS: &str = "studbot_bank_conflicts_total";
pub const GUILD_LEASES: &str = "studbot_guild_leases";

/// Histogram buckets for latencies, in seconds: 1 ms to 10 s.
pub const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Describes every metric and gives each series its starting value, so that a scrape shows
/// every series from the start (a missing series and a zero look different to Prometheus's
/// alerts: `rate()` of a counter that appears late loses its first increments).
pub(super) fn describe() {
    describe_gauge!(TABLES_OPEN, "Tables open (one per channel)");
    describe_gauge!(SEATED_PLAYERS, "Players seated at all tables");
    describe_counter!(
        TABLE_TASKS_FAILED,
        "Table tasks that ended abnormally (panicked): each table was closed and refunded"
    );
    describe_counter!(HANDS, "Hands finished (settled or cancelled)");
    describe_counter!(ACTIONS, "Player actions taken (clicks, terminal, timeouts)");
    describe_histogram!(
        DISCORD_REST_SECONDS,
        Unit::Seconds,
        "Latency of the bot's Discord REST calls"
    );
    describe_counter!(
        DISCORD_RATE_LIMITED,
        "Discord REST answers of 429 Too Many Requests"
    );
    describe_gauge!(
        GATEWAY_UP,
        "1 while the Discord gateway is connected, else 0"
    );
    describe_counter!(GATEWAY_RECONNECTS, "Discord gateway reconnections");
    describe_counter!(
        INTERACTIONS_LATE,
        "Interactions dropped because they arrived past Discord's 3 s answer window"
    );
    describe_histogram!(
        BANK_COMMIT_SECONDS,
        Unit::Seconds,
        "Time to commit one batch of bank movements (transaction + flush)"
    );
    describe_gauge!(BANK_QUEUE_DEPTH, "Bank movements waiting for the committer");
    describe_counter!(
        BANK_STORE_TIMEOUTS,
        "Bank calls that gave up waiting for the store (store_timeout_ms)"
    );
    describe_gauge!(
        BANK_FAILED,
        "1 once the bank's store has failed (it refuses writes until the bot restarts)"
    );
    describe_counter!(
        BANK_CONFLICTS,
        "Bank batches drafted again because another process's transaction conflicted (PostgreSQL)"
    );
    describe_gauge!(
        GUILD_LEASES,
        "Guilds whose tables this process runs (leases held in a shared store)"
    );
    for counter in [
        TABLE_TASKS_FAILED,
        HANDS,
        ACTIONS,
        DISCORD_RATE_LIMITED,
        GATEWAY_RECONNECTS,
        INTERACTIONS_LATE,
        BANK_STORE_TIMEOUTS,
        BANK_CONFLICTS,
    ] {
        metrics::counter!(counter).absolute(0);
    }
    for gauge in [
        TABLES_OPEN,
        SEATED_PLAYERS,
        GATEWAY_UP,
        BANK_QUEUE_DEPTH,
        BANK_FAILED,
        GUILD_LEASES,
    ] {
        metrics::gauge!(gauge).set(0.0);
    }
    for histogram in [DISCORD_REST_SECONDS, BANK_COMMIT_SECONDS] {
        // Registering is enough: an empty histogram renders with a count of 0.
        let _ = metrics::histogram!(histogram);
    }
}
