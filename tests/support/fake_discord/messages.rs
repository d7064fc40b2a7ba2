//! A channel's messages as the bot reads and writes them through REST: sent, edited,
//! fetched and deleted, each checked against Discord's rules (permissions, limits, old
//! messages, archived threads) and stored with who can read it. Interaction callbacks and
//! followups write through [`new_message`] and [`edit_message`] too ([`super::webhooks`]).

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::outcome::{Outcome, assert_serenity_parses, forced_rate_limit};
use super::rules::{self, EDITABLE_FOR};
use super::{BOT_USER_ID, Inner, StoredMessage, Visibility, user_json};

/// `POST /channels/{c}/messages` and `GET`/`PATCH`/`DELETE /channels/{c}/messages/{m}`: the
/// channel must exist and let the bot do it, its bucket must have room, the body keep
/// Discord's limits; an edit must be of the bot's own message, younger than an hour.
pub(crate) fn channel_message(
    inner: &mut Inner,
    method: &Method,
    channel: u64,
    message: Option<u64>,
    body: &Value,
) -> Outcome {
    let writes = *method != Method::GET;
    if writes && let Some(limited) = forced_rate_limit(inner, false) {
        return limited;
    }
    if writes && let Some(retry_after) = inner.stalled.get(&channel).copied() {
        return Outcome::error(rules::rate_limited(retry_after));
    }
    let visibility = if let Some(user) = inner.dm_channels.get(&channel).copied() {
        if *method == Method::POST && inner.closed_dms.contains(&user) {
            return Outcome::error(rules::closed_dms());
        }
        Visibility::Dm(user)
    } else {
        if inner.deleted_channels.contains(&channel) {
            return Outcome::error(rules::unknown_channel());
        }
        if inner.removed_from_guild {
            return Outcome::error(rules::missing_access());
        }
        let Some(state) = inner.channels.get(&channel) else {
            return Outcome::error(rules::unknown_channel());
        };
        let thread = state.thread_parent.is_some();
        let missing =
            rules::needed_permissions_in(method.as_str(), body, thread) & state.bot_denied;
        if missing & rules::VIEW_CHANNEL != 0 {
            // A channel the bot cannot see is one it may not know of: Discord says so.
            return Outcome::error(rules::missing_access());
        }
        if missing != 0 {
            let mut refused = Outcome::error(rules::missing_permissions());
            if let Some(body) = refused.body.as_mut() {
                body["missing"] = json!(rules::permission_names(missing));
            }
            return refused;
        }
        if state.archived {
            // A post unarchives an unlocked thread; its messages cannot change meanwhile.
            match *method {
                Method::POST => {
                    if let Some(thread) = inner.channels.get_mut(&channel) {
                        thread.archived = false;
                    }
                }
                Method::GET => {}
                _ => return Outcome::error(rules::thread_archived()),
            }
        }
        Visibility::Channel(channel)
    };
    if writes && inner.buckets_on {
        let now = inner.clock.now();
        if let Err(wait) = inner.buckets.take(channel, now) {
            return Outcome::error(rules::rate_limited(wait.as_secs_f64().max(0.001)));
        }
    }
    if (*method == Method::POST || *method == Method::PATCH)
        && let Err(fault) = rules::message_limits(body)
    {
        inner.violation(format!(
            "fake discord: {method} /channels/{channel}/messages breaks Discord's limits: {fault}"
        ));
        return Outcome::error(rules::invalid_form_body(&fault));
    }
    let in_channel = |inner: &Inner, id: u64| {
        inner.messages.get(&id).is_some_and(|m| {
            m.json["channel_id"].as_str().and_then(|c| c.parse().ok()) == Some(channel)
        })
    };
    match (method.clone(), message) {
        (Method::POST, None) => {
            // Discord's `enforce_nonce`: a create whose nonce the same author used lately in
            // the channel returns that message and makes no other.
            let nonce = body["nonce"]
                .as_str()
                .filter(|_| body["enforce_nonce"] == json!(true))
                .map(|nonce| (channel, nonce.to_owned()));
            if let Some(existing) = nonce.as_ref().and_then(|key| inner.nonces.get(key))
                && let Some(message) = inner.messages.get(existing)
            {
                return Outcome::ok(message.json.clone()).seen_by(visibility);
            }
            let created = new_message(inner, channel, body, visibility.clone());
            if let Some(key) = nonce
                && let Some(id) = created["id"].as_str().and_then(|id| id.parse().ok())
            {
                inner.nonces.insert(key, id);
            }
            Outcome::ok(created).seen_by(visibility)
        }
        (Method::GET, Some(id)) if in_channel(inner, id) => {
            Outcome::ok(inner.messages[&id].json.clone())
        }
        (Method::PATCH, Some(id)) if in_channel(inner, id) => match edit_message(inner, id, body) {
            Ok(edited) => Outcome::ok(edited).seen_by(visibility),
            Err(refused) => Outcome::error(refused),
        },
        (Method::DELETE, Some(id)) if in_channel(inner, id) => {
            inner.messages.remove(&id);
            Outcome::no_content()
        }
        _ => Outcome::error(rules::unknown_message()),
    }
}

/// Stores a message the bot wrote, stamped with the fake's clock.
pub(crate) fn new_message(
    inner: &mut Inner,
    channel: u64,
    body: &Value,
    visibility: Visibility,
) -> Value {
    let id = inner.new_id();
    let now = inner.clock.now();
    let message = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": user_json(BOT_USER_ID, "studbot", true),
        "content": body["content"].as_str().unwrap_or(""),
        "timestamp": inner.clock.timestamp(now),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds").cloned().filter(|e| !e.is_null()).unwrap_or(json!([])),
        "components": body.get("components").cloned().filter(|c| !c.is_null()).unwrap_or(json!([])),
        "pinned": false,
        "type": 0,
        "flags": body.get("flags").cloned().filter(|f| !f.is_null()).unwrap_or(json!(0)),
    });
    assert_serenity_parses::<serenity::model::channel::Message>(inner, "message", &message);
    inner.messages.insert(
        id,
        StoredMessage {
            json: message.clone(),
            created: now,
            aged: Duration::ZERO,
            visibility,
        },
    );
    message
}

/// Edits a stored message; refused with 30046 once it is older than an hour.
pub(crate) fn edit_message(
    inner: &mut Inner,
    id: u64,
    body: &Value,
) -> Result<Value, (StatusCode, Value)> {
    let now = inner.clock.now();
    let stamp = inner.clock.timestamp(now);
    let stored = inner
        .messages
        .get_mut(&id)
        .ok_or_else(rules::unknown_message)?;
    if now.saturating_duration_since(stored.created) + stored.aged > EDITABLE_FOR {
        return Err(rules::old_message_edit());
    }
    for field in ["content", "embeds", "components"] {
        if let Some(value) = body.get(field).filter(|value| !value.is_null()) {
            stored.json[field] = value.clone();
        }
    }
    stored.json["edited_timestamp"] = json!(stamp);
    let edited = stored.json.clone();
    assert_serenity_parses::<serenity::model::channel::Message>(inner, "message", &edited);
    Ok(edited)
}
