//! The rules Discord enforces that its OpenAPI spec cannot say (see
//! `tests/fixtures/discord/README.md` and Discord's developer documentation): message limits
//! counted in UTF-16 code units, the interaction deadlines, the per-channel write bucket, the
//! age past which a message's edits are refused, and the permissions a write needs. Also the
//! fake's clock, which a test can move forward to make messages old and tokens expire.

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;
use serde_json::{Value, json};
use tokio::time::Instant;

/// An interaction must be answered (callback) within this long of its creation, else 10062.
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);
/// An interaction's token serves followups and edits of its responses this long.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Edits of a message older than this are refused with 30046.
pub const EDITABLE_FOR: Duration = Duration::from_secs(60 * 60);
/// Message content, in UTF-16 code units.
pub const CONTENT_LIMIT: usize = 2_000;
pub const LABEL_LIMIT: usize = 80;
pub const CUSTOM_ID_LIMIT: usize = 100;
pub const BUTTONS_PER_ROW: usize = 5;
pub const ROWS_PER_MESSAGE: usize = 5;
/// Writes to one channel: this many per window.
pub const CHANNEL_WRITES: u32 = 5;
pub const CHANNEL_WINDOW: Duration = Duration::from_secs(5);
/// Threads a guild may hold not archived ("guilds are capped at a certain number of active
/// threads": 1,000, error 160006).
pub const ACTIVE_THREADS: usize = 1_000;

/// Interaction response flag: only the user who interacted sees it.
pub const EPHEMERAL: u64 = 1 << 6;
/// Message flag of a deferred response's placeholder ("is thinking...").
pub const LOADING: u64 = 1 << 7;

/// Permission bits (Discord's `permissions` integers).
pub const MANAGE_CHANNELS: u64 = 1 << 4;
pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const EMBED_LINKS: u64 = 1 << 14;
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
/// Archiving or locking any thread (its creator may archive their own without it).
pub const MANAGE_THREADS: u64 = 1 << 34;
/// Starting a public thread.
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
/// Posting in a thread or forum post takes this, not Send Messages.
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
pub const VIEW_AND_SEND: u64 = VIEW_CHANNEL | SEND_MESSAGES;
/// What the bot holds in a channel nobody restricted: everything up to bit 50.
pub const ALL_PERMISSIONS: u64 = (1 << 51) - 1;

/// Milliseconds between the Unix epoch and Discord's (2015-01-01), for snowflakes.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The fake's time: the tokio clock (so a test on tokio's paused clock moves it too) plus what
/// a test skipped with `advance`, anchored to the wall clock when the fake started so message
/// timestamps and snowflakes look like Discord's.
#[derive(Debug, Clone)]
pub struct Clock {
    started: Instant,
    started_unix_ms: u64,
    skipped: Duration,
}

impl Clock {
    pub fn new() -> Clock {
        let started_unix_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_millis() as u64);
        Clock {
            started: Instant::now(),
            started_unix_ms,
            skipped: Duration::ZERO,
        }
    }

    pub fn now(&self) -> Instant {
        Instant::now() + self.skipped
    }

    pub fn advance(&mut self, by: Duration) {
        self.skipped += by;
    }

    /// Steps the clock back by `by` (at most what `advance` moved it forward): the clock a
    /// bot judged Discord's time by was wrong and is corrected.
    pub fn step_back(&mut self, by: Duration) {
        self.skipped = self.skipped.saturating_sub(by);
    }

    pub fn unix_ms(&self, at: Instant) -> u64 {
        let after = at.saturating_duration_since(self.started).as_millis() as u64;
        let before = self.started.saturating_duration_since(at).as_millis() as u64;
        (self.started_unix_ms + after).saturating_sub(before)
    }

    /// A snowflake for something created at `at`, unique through `sequence`.
    pub fn snowflake(&self, at: Instant, sequence: u64) -> u64 {
        ((self.unix_ms(at) - DISCORD_EPOCH_MS) << 22) | (sequence & 0x3F_FFFF)
    }

    /// An ISO 8601 timestamp as Discord writes them.
    pub fn timestamp(&self, at: Instant) -> String {
        let millis = self.unix_ms(at) as i64;
        serenity::model::Timestamp::from_millis(millis)
            .ok()
            .and_then(|stamp| stamp.to_rfc3339())
            .unwrap_or_else(|| "2026-01-01T00:00:00.000Z".to_owned())
    }
}

/// How Discord counts the length of a string.
pub fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Checks a message body (create, edit, interaction response data, followup) against the
/// limits Discord enforces in UTF-16 code units and component counts. `Err` names the field.
pub fn message_limits(body: &Value) -> Result<(), String> {
    let mut faults = Vec::new();
    if let Some(content) = body.get("content").and_then(Value::as_str) {
        let length = utf16_len(content);
        if length > CONTENT_LIMIT {
            faults.push(format!(
                "content is {length} UTF-16 code units, more than {CONTENT_LIMIT}"
            ));
        }
    }
    let rows = body
        .get("components")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    if rows.len() > ROWS_PER_MESSAGE {
        faults.push(format!(
            "{} rows of components, more than {ROWS_PER_MESSAGE}",
            rows.len()
        ));
    }
    for (row_index, row) in rows.iter().enumerate() {
        let items = row
            .get("components")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let buttons = items.iter().filter(|item| item["type"] == 2).count();
        if buttons > BUTTONS_PER_ROW {
            faults.push(format!(
                "row {row_index} holds {buttons} buttons, more than {BUTTONS_PER_ROW}"
            ));
        }
        for item in items {
            if let Some(label) = item.get("label").and_then(Value::as_str) {
                let length = utf16_len(label);
                if length > LABEL_LIMIT {
                    faults.push(format!(
                        "row {row_index}: label {label:?} is {length} UTF-16 code units, more than {LABEL_LIMIT}"
                    ));
                }
            }
            if let Some(id) = item.get("custom_id").and_then(Value::as_str) {
                let length = utf16_len(id);
                if length > CUSTOM_ID_LIMIT {
                    faults.push(format!(
                        "row {row_index}: custom_id {id:?} is {length} UTF-16 code units, more than {CUSTOM_ID_LIMIT}"
                    ));
                }
            }
        }
    }
    if faults.is_empty() {
        return Ok(());
    }
    let content = body.get("content").and_then(Value::as_str).unwrap_or("");
    let opening: String = content.chars().take(80).collect();
    Err(format!(
        "{}; the content begins {opening:?}",
        faults.join("; ")
    ))
}

/// Discord's per-channel write buckets: each channel's window opens with its first write and
/// holds [`CHANNEL_WRITES`]; past that, 429 until the window closes.
#[derive(Debug, Default)]
pub struct ChannelBuckets {
    windows: HashMap<u64, (Instant, u32)>,
}

impl ChannelBuckets {
    /// Takes one write of `channel` at `now`; `Err(retry_after)` when the bucket is empty.
    pub fn take(&mut self, channel: u64, now: Instant) -> Result<(), Duration> {
        let window = self.windows.entry(channel).or_insert((now, 0));
        if now.saturating_duration_since(window.0) >= CHANNEL_WINDOW {
            *window = (now, 0);
        }
        if window.1 >= CHANNEL_WRITES {
            return Err(CHANNEL_WINDOW.saturating_sub(now.saturating_duration_since(window.0)));
        }
        window.1 += 1;
        Ok(())
    }
}

/// The permissions a channel write needs: `POST`/`PATCH`/`DELETE` of messages, or a read.
/// In a thread, a post needs Send Messages in Threads instead of Send Messages.
pub fn needed_permissions_in(method: &str, body: &Value, thread: bool) -> u64 {
    let needed = needed_permissions(method, body);
    if thread && needed & SEND_MESSAGES != 0 {
        (needed & !SEND_MESSAGES) | SEND_MESSAGES_IN_THREADS
    } else {
        needed
    }
}

fn needed_permissions(method: &str, body: &Value) -> u64 {
    let embeds = body
        .get("embeds")
        .and_then(Value::as_array)
        .is_some_and(|embeds| !embeds.is_empty());
    let embed_links = if embeds { EMBED_LINKS } else { 0 };
    match method {
        "POST" => VIEW_CHANNEL | SEND_MESSAGES | embed_links,
        "GET" => VIEW_CHANNEL | READ_MESSAGE_HISTORY,
        // Editing or deleting one's own message needs only to see the channel.
        _ => VIEW_CHANNEL | embed_links,
    }
}

/// The names of the permission bits in `missing`, for messages.
pub fn permission_names(missing: u64) -> String {
    let names = [
        (VIEW_CHANNEL, "VIEW_CHANNEL"),
        (SEND_MESSAGES, "SEND_MESSAGES"),
        (EMBED_LINKS, "EMBED_LINKS"),
        (READ_MESSAGE_HISTORY, "READ_MESSAGE_HISTORY"),
        (SEND_MESSAGES_IN_THREADS, "SEND_MESSAGES_IN_THREADS"),
        (CREATE_PUBLIC_THREADS, "CREATE_PUBLIC_THREADS"),
        (MANAGE_THREADS, "MANAGE_THREADS"),
    ];
    let named: Vec<&str> = names
        .iter()
        .filter(|(bit, _)| missing & bit != 0)
        .map(|(_, name)| *name)
        .collect();
    named.join(" | ")
}

/// A JSON error as Discord sends it.
pub fn error_body(code: u64, message: &str) -> Value {
    json!({"code": code, "message": message})
}

/// Discord's error answers the fake gives, by name.
pub fn unknown_channel() -> (StatusCode, Value) {
    (StatusCode::NOT_FOUND, error_body(10003, "Unknown Channel"))
}

pub fn unknown_message() -> (StatusCode, Value) {
    (StatusCode::NOT_FOUND, error_body(10008, "Unknown Message"))
}

pub fn unknown_webhook() -> (StatusCode, Value) {
    (StatusCode::NOT_FOUND, error_body(10015, "Unknown Webhook"))
}

pub fn unknown_interaction() -> (StatusCode, Value) {
    (
        StatusCode::NOT_FOUND,
        error_body(10062, "Unknown interaction"),
    )
}

pub fn invalid_webhook_token() -> (StatusCode, Value) {
    (
        StatusCode::UNAUTHORIZED,
        error_body(50027, "Invalid Webhook Token"),
    )
}

pub fn missing_permissions() -> (StatusCode, Value) {
    (
        StatusCode::FORBIDDEN,
        error_body(50013, "Missing Permissions"),
    )
}

/// What Discord answers for a channel the bot cannot see (View Channel denied, a private
/// thread it was never added to, a guild it was removed from).
pub fn missing_access() -> (StatusCode, Value) {
    (StatusCode::FORBIDDEN, error_body(50001, "Missing Access"))
}

/// A Discord outage on one route.
pub fn server_error(status: StatusCode) -> (StatusCode, Value) {
    (
        status,
        error_body(0, &format!("{}: Internal Server Error", status.as_u16())),
    )
}

/// A thread asked of a channel that cannot hold one (a thread, a DM, a voice channel).
pub fn wrong_channel_type() -> (StatusCode, Value) {
    (
        StatusCode::BAD_REQUEST,
        error_body(50024, "Cannot execute action on this channel type"),
    )
}

/// A thread started past the guild's [`ACTIVE_THREADS`].
pub fn too_many_threads() -> (StatusCode, Value) {
    (
        StatusCode::BAD_REQUEST,
        error_body(160006, "Maximum number of active threads reached"),
    )
}

/// An edit or a delete in an archived thread.
pub fn thread_archived() -> (StatusCode, Value) {
    (
        StatusCode::BAD_REQUEST,
        error_body(50083, "Thread is archived"),
    )
}

pub fn closed_dms() -> (StatusCode, Value) {
    (
        StatusCode::FORBIDDEN,
        error_body(50007, "Cannot send messages to this user"),
    )
}

pub fn already_acknowledged() -> (StatusCode, Value) {
    (
        StatusCode::BAD_REQUEST,
        error_body(40060, "Interaction has already been acknowledged."),
    )
}

pub fn old_message_edit() -> (StatusCode, Value) {
    (
        StatusCode::BAD_REQUEST,
        error_body(
            30046,
            "Maximum number of edits to messages older than 1 hour reached. Try again later",
        ),
    )
}

pub fn invalid_form_body(what: &str) -> (StatusCode, Value) {
    (
        StatusCode::BAD_REQUEST,
        json!({"code": 50035, "message": "Invalid Form Body", "errors": {"_errors": [{"code": "BASE_TYPE_INVALID", "message": what}]}}),
    )
}

pub fn rate_limited(retry_after: f64) -> (StatusCode, Value) {
    (
        StatusCode::TOO_MANY_REQUESTS,
        json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": false}),
    )
}
