//! The REST side: every request is checked against Discord's OpenAPI spec (route and body),
//! routed to its handler, answered, and recorded with who could read what it wrote. Channel
//! messages are [`super::messages`]'; interaction callbacks and followups [`super::webhooks`]'.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::messages::channel_message;
use super::outcome::{Outcome, checked};
use super::rules;
use super::{
    APPLICATION_ID, BOT_USER_ID, GUILD_ID, Inner, Recorded, Shared, Visibility, schema, user_json,
    webhooks, world,
};

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
