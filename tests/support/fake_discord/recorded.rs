//! What the fake records of each request the bot made ([`Recorded`]: route, body, status,
//! time, the fake's answer) and who could read what it wrote ([`Visibility`]); the readable
//! text of a body, for the tests' leak checks.

use axum::http::Method;
use serde_json::Value;
use tokio::time::Instant;

/// Who can read what a request wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visibility {
    /// Everyone in the channel: a channel message, or a non-ephemeral interaction response.
    Channel(u64),
    /// Only this user, in their DMs.
    Dm(u64),
    /// Only this user, as an ephemeral interaction response.
    Ephemeral(u64),
    /// Writes nothing anyone reads (gateway, commands registration, reads, deferrals...).
    Nobody,
}

/// One request the bot made, with the fake's answer.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// Position in the order requests arrived (0 first).
    pub index: usize,
    pub method: Method,
    /// The path without `/api/v10`, e.g. `/channels/5/messages`.
    pub path: String,
    /// The JSON body (multipart's `payload_json`), or `Null`.
    pub body: Value,
    pub status: u16,
    /// When it arrived, on the fake's clock.
    pub at: Instant,
    pub visibility: Visibility,
    /// For interaction callbacks, followups and edits: the interaction this answers.
    pub interaction: Option<u64>,
    /// The fake's answer body (a created message's JSON with its id, or Discord's error).
    pub response: Option<Value>,
}

impl Recorded {
    /// POST or PATCH of a message in a channel (not an interaction response): what Discord
    /// rate-limits per channel.
    pub fn is_channel_write(&self) -> bool {
        (self.method == Method::POST || self.method == Method::PATCH)
            && self.path.starts_with("/channels/")
            && self.path.contains("/messages")
    }

    /// The channel of a `/channels/{id}/...` request.
    pub fn channel(&self) -> Option<u64> {
        self.path
            .strip_prefix("/channels/")?
            .split('/')
            .next()?
            .parse()
            .ok()
    }

    pub fn content(&self) -> &str {
        self.body
            .get("content")
            .or_else(|| self.body.pointer("/data/content"))
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// Every piece of text a person could read in this request: content, embeds and the labels
    /// of components, as one string (for leak checks).
    pub fn readable_text(&self) -> String {
        readable_text(&self.body)
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// Discord's error code in the answer (50013, 30046...), if it was an error.
    pub fn error_code(&self) -> Option<u64> {
        if self.is_success() {
            return None;
        }
        self.response.as_ref()?.get("code")?.as_u64()
    }
}

pub(crate) fn readable_text(body: &Value) -> String {
    let mut out = String::new();
    collect_strings(body, &mut out);
    out
}

fn collect_strings(value: &Value, out: &mut String) {
    match value {
        Value::String(text) => {
            out.push_str(text);
            out.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|item| collect_strings(item, out)),
        Value::Object(map) => {
            for (key, item) in map {
                // Ids carry no words a person reads.
                if key != "custom_id" && key != "id" {
                    collect_strings(item, out);
                }
            }
        }
        _ => {}
    }
}
