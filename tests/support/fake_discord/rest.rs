//! The REST side: every request is checked against Discord's OpenAPI spec (route and body),
//! answered, and recorded with who could read what it wrote. Channel messages live here;
//! interaction callbacks and followups are in [`super::webhooks`].

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::rules::{self, EDITABLE_FOR};
use super::{
    APPLICATION_ID, BOT_USER_ID, GUILD_ID, Inner, Recorded, Shared, StoredMessage, Visibility,
    schema, user_json, webhooks, world,
};

/// The fake's answer to one request.
pub(crate) struct Outcome {
    pub status: StatusCode,
    pub body: Option<Value>,
    pub visibility: Visibility,
    pub interaction: Option<u64>,
    /// Seconds, for a 429.
    pub retry_after: Option<f64>,
}

impl Outcome {
    pub fn ok(body: Value) -> Outcome {
        Outcome {
            status: StatusCode::OK,
            body: Some(body),
            visibility: Visibility::Nobody,
            interaction: None,
            retry_after: None,
        }
    }

    pub fn no_content() -> Outcome {
        Outcome {
            status: StatusCode::NO_CONTENT,
            body: None,
            ..Outcome::ok(Value::Null)
        }
    }

    /// One of Discord's errors (see [`rules`]).
    pub fn error((status, body): (StatusCode, Value)) -> Outcome {
        let retry_after = body.get("retry_after").and_then(Value::as_f64);
        Outcome {
            status,
            body: Some(body),
            retry_after,
            ..Outcome::ok(Value::Null)
        }
    }

    pub fn seen_by(mut self, visibility: Visibility) -> Outcome {
        self.visibility = visibility;
        self
    }

    pub fn answering(mut self, interaction: Option<u64>) -> Outcome {
        self.interaction = interaction;
        self
    }
}

pub(crate) async fn serve(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let full_path = request.uri().path().to_owned();
    let headers = request.headers().clone();
    let bytes = axum::body::to_bytes(request.into_body(), 16 * 1024 * 1024)
        .await
        .unwrap_or_default();
    let path = full_path
        .strip_prefix("/api/v10")
        .unwrap_or(&full_path)
        .to_owned();
    if method == Method::GET && path.starts_with("/users/") && !path.starts_with("/users/@me") {
        let delay = shared.lock().user_lookup_delay;
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
    }
    let mut lost_answer = None;
    match world::route_fault(&shared, &method, &path, &bytes) {
        Some(world::Met::Hang(hang)) => tokio::time::sleep(hang).await,
        Some(world::Met::Status(status)) => {
            let outcome = Outcome::error(rules::server_error(status));
            let body = request_json(&headers, &bytes).unwrap_or(Value::Null);
            return recorded(&shared, method, path, body, outcome);
        }
        Some(world::Met::LoseAnswer(status)) => lost_answer = Some(status),
        None => {}
    }
    let outcome = {
        let mut inner = shared.lock();
        let now = inner.clock.now();
        // Interaction endpoints are not bound to the global limit (Discord's docs).
        let bound = !path.starts_with("/interactions/") && !path.starts_with("/webhooks/");
        if let Some(until) = inner.globally_limited_until.filter(|_| bound) {
            if now < until {
                inner.violation(format!(
                    "fake discord: {method} {path} sent during Discord's global rate limit, \
                     {:?} before it ends",
                    until - now
                ));
            } else {
                inner.globally_limited_until = None;
            }
        }
        let body = match request_json(&headers, &bytes) {
            Ok(body) => body,
            Err(error) => {
                inner.violation(format!("fake discord: {method} {path}: {error}"));
                Value::Null
            }
        };
        let mut outcome = match checked_against_spec(&mut inner, &method, &path, &body) {
            Some(refused) => refused,
            None => answer(&shared, &mut inner, &method, &path, &body),
        };
        if let Some(status) = lost_answer {
            outcome = Outcome::error(rules::server_error(status));
        }
        let index = inner.requests.len();
        let at = inner.clock.now();
        inner.requests.push(Recorded {
            index,
            method: method.clone(),
            path: path.clone(),
            body,
            status: outcome.status.as_u16(),
            at,
            visibility: outcome.visibility.clone(),
            interaction: outcome.interaction,
            response: outcome.body.clone(),
        });
        outcome
    };
    shared.changed.notify_waiters();
    respond(outcome)
}

/// Records a request answered before it reached the routes (a 5xx a test asked for).
fn recorded(
    shared: &Shared,
    method: Method,
    path: String,
    body: Value,
    outcome: Outcome,
) -> Response {
    {
        let mut inner = shared.lock();
        let index = inner.requests.len();
        let at = inner.clock.now();
        inner.requests.push(Recorded {
            index,
            method,
            path,
            body,
            status: outcome.status.as_u16(),
            at,
            visibility: Visibility::Nobody,
            interaction: None,
            response: outcome.body.clone(),
        });
    }
    shared.changed.notify_waiters();
    respond(outcome)
}

fn respond(outcome: Outcome) -> Response {
    let mut response = match outcome.body {
        Some(body) => (outcome.status, axum::Json(body)).into_response(),
        None => outcome.status.into_response(),
    };
    if let Some(retry_after) = outcome.retry_after
        && let Ok(value) = retry_after.ceil().to_string().parse()
    {
        response.headers_mut().insert("retry-after", value);
    }
    response
}

/// `Some(refusal)` when the route is not Discord's or the body breaks its schema: both are
/// violations, answered as Discord would (404, 400 with 50035).
fn checked_against_spec(
    inner: &mut Inner,
    method: &Method,
    path: &str,
    body: &Value,
) -> Option<Outcome> {
    let template = match schema::route(method.as_str(), path) {
        Ok(template) => template,
        Err(error) => {
            inner.violation(format!(
                "fake discord: {method} {path} is not in Discord's API: {error}"
            ));
            return Some(Outcome::error((
                StatusCode::NOT_FOUND,
                rules::error_body(0, "404: Not Found"),
            )));
        }
    };
    if let Err(error) = schema::validate_body(method.as_str(), &template, body) {
        inner.violation(format!(
            "fake discord: {method} {path} (Discord's route {template}): the body breaks Discord's schema: {error}\nbody: {body}"
        ));
        return Some(Outcome::error(rules::invalid_form_body(&error)));
    }
    None
}

fn request_json(headers: &HeaderMap, bytes: &Bytes) -> Result<Value, String> {
    let content_type = headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    if content_type.starts_with("multipart/form-data") {
        let text = String::from_utf8_lossy(bytes);
        return multipart_payload_json(&text)
            .ok_or_else(|| "a multipart body without a readable payload_json".to_owned());
    }
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_slice(bytes).map_err(|error| format!("a body that is not JSON: {error}"))
}

/// The `payload_json` part of a multipart body.
fn multipart_payload_json(text: &str) -> Option<Value> {
    let start = text.find("name=\"payload_json\"")?;
    let rest = &text[start..];
    let body_start = rest.find("\r\n\r\n")? + 4;
    let body = &rest[body_start..];
    let end = body.find("\r\n--").unwrap_or(body.len());
    serde_json::from_str(&body[..end]).ok()
}

fn answer(
    shared: &Shared,
    inner: &mut Inner,
    method: &Method,
    path: &str,
    body: &Value,
) -> Outcome {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let gateway_url = format!("ws://{}/ws", shared.address);
    match (method.clone(), parts.as_slice()) {
        (Method::GET, ["gateway"]) => Outcome::ok(json!({"url": gateway_url})),
        (Method::GET, ["gateway", "bot"]) => Outcome::ok(json!({
            "url": gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })),
        (Method::GET, ["oauth2", "applications", "@me"]) => Outcome::ok(checked::<
            serenity::model::application::CurrentApplicationInfo,
        >(
            inner,
            "application",
            json!({
                "id": APPLICATION_ID.to_string(),
                "name": "studbot",
                "icon": null,
                "description": "",
                "bot_public": true,
                "bot_require_code_grant": false,
                "verify_key": "00",
                "flags": 0,
                "owner": user_json(100, "owner", false),
            }),
        )),
        (Method::GET, ["users", "@me"]) => {
            Outcome::ok(checked::<serenity::model::user::CurrentUser>(
                inner,
                "current user",
                user_json(BOT_USER_ID, "studbot", true),
            ))
        }
        (Method::GET, ["users", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            match inner.users.get(&id) {
                Some(user) => Outcome::ok(user.json()),
                None => Outcome::error((
                    StatusCode::NOT_FOUND,
                    rules::error_body(10013, "Unknown User"),
                )),
            }
        }
        // Discord's answer for a server the application is not in.
        (Method::PUT, ["applications", _, "guilds", guild, "commands"])
            if *guild != GUILD_ID.to_string() =>
        {
            Outcome::error((
                StatusCode::FORBIDDEN,
                rules::error_body(50001, "Missing Access"),
            ))
        }
        (Method::PUT, ["applications", _, "commands"])
        | (Method::PUT, ["applications", _, "guilds", _, "commands"]) => {
            register_commands(inner, body)
        }
        (Method::POST, ["users", "@me", "channels"]) => open_dm(inner, body),
        (Method::GET, ["guilds", guild]) => {
            super::guild::get_guild(inner, guild.parse().unwrap_or(0))
        }
        (Method::GET, ["users", "@me", "guilds"]) => current_guilds(inner),
        (Method::GET | Method::POST, ["applications", application, "emojis"]) => {
            super::emoji::application_emojis(inner, method, application, body)
        }
        (Method::POST, ["channels", parent, "threads"]) => {
            super::threads::create(inner, parent.parse().unwrap_or(0), body)
        }
        (Method::GET | Method::PATCH, ["channels", channel]) => {
            super::threads::channel(inner, method, channel.parse().unwrap_or(0), body)
        }
        (method, ["channels", channel, "messages", rest @ ..]) if rest.len() <= 1 => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let message = rest.first().map(|id| id.parse::<u64>().unwrap_or(0));
            channel_message(inner, &method, channel, message, body)
        }
        (Method::POST, ["interactions", id, token, "callback"]) => {
            webhooks::callback(inner, id.parse().unwrap_or(0), token, body)
        }
        (method, ["webhooks", _, token, rest @ ..]) => {
            webhooks::webhook(inner, &method, token, rest, body)
        }
        _ => {
            inner.violation(format!(
                "fake discord: the bot called {method} {path}, a Discord route the fake does not serve: teach the fake"
            ));
            Outcome::error((
                StatusCode::NOT_FOUND,
                rules::error_body(0, &format!("the fake does not serve {method} {path}")),
            ))
        }
    }
}

fn register_commands(inner: &mut Inner, body: &Value) -> Outcome {
    let commands: Vec<Value> = body
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(index, mut command)| {
            command["id"] = json!((600_000_000_000_000_001 + index as u64).to_string());
            command["application_id"] = json!(APPLICATION_ID.to_string());
            command["version"] = json!("1");
            if command.get("type").is_none() {
                command["type"] = json!(1);
            }
            if command.get("description").is_none() {
                command["description"] = json!("");
            }
            // Taken as an integer, answered as a string (ApplicationCommandResponse).
            if let Some(bits) = command["default_member_permissions"].as_u64() {
                command["default_member_permissions"] = json!(bits.to_string());
            }
            command
        })
        .collect();
    inner.commands = commands.clone();
    Outcome::ok(checked::<Vec<serenity::model::application::Command>>(
        inner,
        "command list",
        Value::Array(commands),
    ))
}

/// `GET /users/@me/guilds`: the fake's one guild, unless the bot was removed from it.
fn current_guilds(inner: &mut Inner) -> Outcome {
    let guilds = if inner.removed_from_guild {
        json!([])
    } else {
        json!([{
            "id": GUILD_ID.to_string(),
            "name": "the fake's guild",
            "icon": null,
            "owner": false,
            "permissions": "0",
            "features": [],
        }])
    };
    Outcome::ok(checked::<Vec<serenity::model::guild::GuildInfo>>(
        inner,
        "guild list",
        guilds,
    ))
}

fn open_dm(inner: &mut Inner, body: &Value) -> Outcome {
    let recipient: u64 = body["recipient_id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .or_else(|| body["recipient_id"].as_u64())
        .unwrap_or(0);
    let existing = inner
        .dm_channels
        .iter()
        .find(|(_, user)| **user == recipient)
        .map(|(channel, _)| *channel);
    let channel = match existing {
        Some(channel) => channel,
        None => {
            let channel = inner.new_id();
            inner.dm_channels.insert(channel, recipient);
            channel
        }
    };
    let name = inner
        .users
        .get(&recipient)
        .map_or_else(|| format!("user{recipient}"), |user| user.name.clone());
    Outcome::ok(checked::<serenity::model::channel::PrivateChannel>(
        inner,
        "DM channel",
        json!({
            "id": channel.to_string(),
            "type": 1,
            "last_message_id": null,
            "recipients": [user_json(recipient, &name, false)],
        }),
    ))
}

/// `POST /channels/{c}/messages` and `GET`/`PATCH`/`DELETE /channels/{c}/messages/{m}`: the
/// channel must exist and let the bot do it, its bucket must have room, the body keep
/// Discord's limits; an edit must be of the bot's own message, younger than an hour.
fn channel_message(
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

/// A 429 the test asked for; `everything`: for interaction callbacks and followups, which only
/// a test's `rate_limit_all_writes` limits.
pub(crate) fn forced_rate_limit(inner: &mut Inner, interaction_write: bool) -> Option<Outcome> {
    let limit = inner.forced_rate_limit.as_mut()?;
    if interaction_write && !limit.everything {
        return None;
    }
    if limit.remaining == 0 {
        inner.forced_rate_limit = None;
        return None;
    }
    limit.remaining -= 1;
    let (retry_after, global) = (limit.retry_after, limit.global);
    let (status, mut body) = rules::rate_limited(retry_after);
    if global {
        body["global"] = json!(true);
        let until = inner.clock.now() + Duration::from_secs_f64(retry_after);
        inner.globally_limited_until = Some(until);
    }
    Some(Outcome::error((status, body)))
}

/// `value`, once serenity has read it as a `T`.
pub(crate) fn checked<T: serde::de::DeserializeOwned>(
    inner: &mut Inner,
    what: &str,
    value: Value,
) -> Value {
    assert_serenity_parses::<T>(inner, what, &value);
    value
}

/// Records a fixture serenity cannot read as a `T` (one missing a field); the test's next
/// wait fails with it.
fn assert_serenity_parses<T: serde::de::DeserializeOwned>(
    inner: &mut Inner,
    what: &str,
    value: &Value,
) {
    if let Err(error) = serde_json::from_value::<T>(value.clone()) {
        inner.violation(format!(
            "fake discord: serenity cannot parse this {what}: {error}\n{value}"
        ));
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
