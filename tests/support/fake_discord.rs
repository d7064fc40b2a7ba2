//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity client: the REST
//! routes the bot calls and the gateway websocket (see `shared/notes/fake-discord.md`).
//!
//! It records every request (with who could see what it wrote), lets a test inject
//! INTERACTION_CREATE events (slash commands with options, button clicks), answers DMs to chosen
//! users with 403 / 50007, answers channel writes with 429 for a while, and keeps the latest
//! version of every message. Every fixture it sends is parsed with serenity's own model types
//! first, so a fixture missing a field fails the test instead of being dropped silently.
//!
//! Tests wait for what the bot does with [`FakeDiscord::wait_for`] (retry until a deadline),
//! never by sleeping a fixed time.

#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use serenity::model::application::Interaction;
use serenity::model::channel::Message;
use serenity::model::event::{Event, GatewayEvent};
use tokio::sync::{Notify, mpsc};

/// How long `wait_for` and friends wait before failing the test.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(20);

const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";
/// Interaction response flag: only the user who interacted sees it.
pub const EPHEMERAL: u64 = 1 << 6;

/// A user the test plays. Ids are old snowflakes (accounts created in 2015).
#[derive(Debug, Clone)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    /// The member's permissions in the channel, as Discord computes them (a bit set).
    pub permissions: u64,
    pub roles: Vec<u64>,
    /// The Discord client's language ("en-US", "es-ES", "id").
    pub locale: String,
}

/// Permission bits the bot cares about.
pub const VIEW_AND_SEND: u64 = (1 << 10) | (1 << 11);
pub const MANAGE_CHANNELS: u64 = 1 << 4;

impl FakeUser {
    pub fn player(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            permissions: VIEW_AND_SEND,
            roles: Vec::new(),
            locale: "en-US".to_owned(),
        }
    }

    pub fn moderator(id: u64, name: &str) -> FakeUser {
        FakeUser {
            permissions: VIEW_AND_SEND | MANAGE_CHANNELS,
            ..FakeUser::player(id, name)
        }
    }

    pub fn with_role(mut self, role: u64) -> FakeUser {
        self.roles.push(role);
        self
    }

    pub fn with_locale(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_owned();
        self
    }

    pub fn json(&self) -> Value {
        user_json(self.id, &self.name, false)
    }

    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
    })
}

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
    pub at: Instant,
    pub visibility: Visibility,
    /// For interaction callbacks: the interaction this answers.
    pub interaction: Option<u64>,
    /// The fake's answer body (a created message's JSON, with its id).
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
}

fn readable_text(body: &Value) -> String {
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

/// How the fake answers channel writes for a while.
#[derive(Debug, Clone, Copy)]
struct RateLimit {
    remaining: u32,
    retry_after: f64,
    /// Interaction callbacks and followups too, not only channel writes.
    everything: bool,
}

/// What the fake remembers about an interaction it sent.
#[derive(Debug, Clone)]
struct InteractionRecord {
    user: u64,
    channel: u64,
    /// The message holding the clicked button, for component interactions.
    message: Option<u64>,
    /// Whether the first response was ephemeral (decides followups' `@original`).
    ephemeral: Option<bool>,
    /// The message created by a type-4 response.
    response_message: Option<u64>,
    /// Answered by a deferral (type 5): its first followup takes the deferral's visibility,
    /// whatever its own flags say (discord-api-docs pull 3466).
    deferred: bool,
    followups: u32,
}

#[derive(Default)]
struct Inner {
    requests: Vec<Recorded>,
    messages: HashMap<u64, Value>,
    users: HashMap<u64, FakeUser>,
    dm_channels: HashMap<u64, u64>,
    closed_dms: HashSet<u64>,
    rate_limit: Option<RateLimit>,
    interactions: HashMap<u64, InteractionRecord>,
    interaction_by_token: HashMap<String, u64>,
    dispatched_at: HashMap<u64, Instant>,
    gateway: Option<mpsc::UnboundedSender<String>>,
    identified: u64,
    sequence: u64,
    /// Fixtures of the REST side serenity could not read: the next wait fails the test with them
    /// (a panic in the server task would only look like a hang).
    fixture_errors: Vec<String>,
    commands: Vec<Value>,
    /// How long `GET /users/{id}` takes to answer.
    user_lookup_delay: Duration,
}

struct Shared {
    inner: Mutex<Inner>,
    changed: Notify,
    next_id: AtomicU64,
    address: SocketAddr,
}

/// Snowflakes the fake hands out: above every test user id so they never collide.
const FIRST_ID: u64 = 900_000_000_000_000_000;
pub const APPLICATION_ID: u64 = 800_000_000_000_000_001;
pub const BOT_USER_ID: u64 = 800_000_000_000_000_002;
pub const GUILD_ID: u64 = 700_000_000_000_000_001;

pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeDiscord {
    /// Starts the fake on a free port of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let address = listener.local_addr().expect("local address");
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner::default()),
            changed: Notify::new(),
            next_id: AtomicU64::new(FIRST_ID),
            address,
        });
        let app = Router::new()
            .route("/ws", get(gateway))
            .fallback(rest)
            .with_state(shared.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake discord server");
        });
        FakeDiscord { shared, server }
    }

    /// What `[discord] api_proxy` must be set to.
    pub fn api_base(&self) -> String {
        format!("http://{}", self.shared.address)
    }

    /// From now on, looking a user up (`GET /users/{id}`) takes `delay`.
    pub fn delay_user_lookups(&self, delay: Duration) {
        self.lock().user_lookup_delay = delay;
    }

    /// The messages everyone sees in the channel now (created, not ephemeral, not deleted),
    /// oldest first.
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        let inner = self.lock();
        let mut messages: Vec<(u64, Value)> = inner
            .messages
            .iter()
            .filter(|(_, message)| message["channel_id"] == channel.to_string())
            .filter(|(_, message)| message["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0)
            .map(|(id, message)| (*id, message.clone()))
            .collect();
        messages.sort_by_key(|(id, _)| *id);
        messages.into_iter().map(|(_, message)| message).collect()
    }

    pub fn add_user(&self, user: &FakeUser) {
        self.lock().users.insert(user.id, user.clone());
    }

    /// From now on, DMs to `user` answer 403 / 50007.
    pub fn close_dms(&self, user: u64) {
        self.lock().closed_dms.insert(user);
    }

    /// From now on, DMs to `user` are delivered again.
    pub fn open_dms(&self, user: u64) {
        self.lock().closed_dms.remove(&user);
    }

    /// The next `count` channel writes answer 429 with `retry_after` seconds.
    pub fn rate_limit_channel_writes(&self, count: u32, retry_after: f64) {
        self.lock().rate_limit = Some(RateLimit {
            remaining: count,
            retry_after,
            everything: false,
        });
    }

    /// The next `count` writes of any kind (channel writes, interaction callbacks, followups)
    /// answer 429 with `retry_after` seconds.
    pub fn rate_limit_all_writes(&self, count: u32, retry_after: f64) {
        self.lock().rate_limit = Some(RateLimit {
            remaining: count,
            retry_after,
            everything: true,
        });
    }

    /// True once the 429s asked for have all been given.
    pub fn rate_limit_over(&self) -> bool {
        self.lock()
            .rate_limit
            .is_none_or(|limit| limit.remaining == 0)
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.lock().requests.clone()
    }

    /// The latest version of a message (after every edit), as Discord would return it.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.lock().messages.get(&id).cloned()
    }

    /// The slash commands registered so far (the last PUT).
    pub fn commands(&self) -> Vec<Value> {
        self.lock().commands.clone()
    }

    /// How many IDENTIFYs the gateway has answered with READY.
    pub fn identified(&self) -> u64 {
        self.lock().identified
    }

    /// Waits until a bot has identified on the gateway `count` times in all.
    pub async fn wait_identified(&self, count: u64) {
        self.wait_until(&format!("{count} gateway IDENTIFY"), |inner| {
            (inner.identified >= count && inner.gateway.is_some()).then_some(())
        })
        .await
    }

    /// Waits for the first request from `from` on (an index) that matches `matches`.
    pub async fn wait_for(
        &self,
        what: &str,
        from: usize,
        matches: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        self.wait_until(what, |inner| {
            inner
                .requests
                .iter()
                .skip(from)
                .find(|r| matches(r))
                .cloned()
        })
        .await
    }

    /// Retries `check` on every change until it gives a value, or fails the test at the deadline.
    async fn wait_until<T>(&self, what: &str, check: impl Fn(&Inner) -> Option<T>) -> T {
        let deadline = Instant::now() + DEFAULT_DEADLINE;
        loop {
            let notified = self.shared.changed.notified();
            {
                let inner = self.lock();
                if let Some(error) = inner.fixture_errors.first() {
                    panic!("{error}");
                }
                if let Some(found) = check(&inner) {
                    return found;
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let recent: Vec<String> = self
                    .lock()
                    .requests
                    .iter()
                    .rev()
                    .take(15)
                    .map(|r| format!("{} {} {} {}", r.method, r.path, r.status, r.body))
                    .collect();
                panic!(
                    "fake discord: timed out waiting for {what}; latest requests, newest first:\n{}",
                    recent.join("\n")
                );
            }
            let _ = tokio::time::timeout(left, notified).await;
        }
    }

    /// Waits until message `id` satisfies `matches` (after the bot's edits) and returns it.
    pub async fn wait_message(
        &self,
        id: u64,
        what: &str,
        matches: impl Fn(&Value) -> bool,
    ) -> Value {
        self.wait_until(what, |inner| {
            inner.messages.get(&id).filter(|m| matches(m)).cloned()
        })
        .await
    }

    /// The number of requests so far: pass it to `wait_for` to look only at what comes next.
    pub fn mark(&self) -> usize {
        self.lock().requests.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.shared.inner.lock().expect("fake discord state")
    }

    fn next_id(&self) -> u64 {
        self.shared.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Sends a dispatch event on the gateway after checking serenity can parse it.
    pub async fn dispatch(&self, event: &str, data: Value) {
        // Checked before anything else: a bad fixture fails here, not as a silent drop.
        assert_serenity_parses_event(&json!({"op": 0, "t": event, "s": 1, "d": data}));
        self.wait_identified(1).await;
        let mut inner = self.lock();
        inner.sequence += 1;
        let payload = json!({"op": 0, "t": event, "s": inner.sequence, "d": data});
        let sender = inner.gateway.clone().expect("a gateway connection");
        sender
            .send(payload.to_string())
            .expect("gateway connection open");
    }

    /// A user runs a slash command. `options` are the command's options as Discord sends them;
    /// build them with [`sub`], [`int`], [`user_opt`], [`string`]. Returns the interaction id.
    pub async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Vec<Value>,
    ) -> u64 {
        self.add_user(user);
        let id = self.next_id();
        let token = format!("token-{id}");
        let resolved = self.resolved_users(&options);
        let data = json!({
            "id": self.command_id(name).to_string(),
            "name": name,
            "type": 1,
            "options": options,
            "resolved": resolved,
            "guild_id": GUILD_ID.to_string(),
        });
        let interaction = self.interaction_json(id, &token, 2, user, channel, data, None);
        self.remember_interaction(id, &token, user.id, channel, None);
        self.dispatch("INTERACTION_CREATE", interaction).await;
        self.lock().dispatched_at.insert(id, Instant::now());
        id
    }

    /// A user clicks the button `custom_id` on message `message`. Returns the interaction id.
    pub async fn click(&self, user: &FakeUser, message: u64, custom_id: &str) -> u64 {
        self.add_user(user);
        let stored = self
            .message(message)
            .unwrap_or_else(|| panic!("fake discord: no message {message} to click on"));
        let channel: u64 = stored["channel_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("stored message has a channel");
        let id = self.next_id();
        let token = format!("token-{id}");
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let interaction =
            self.interaction_json(id, &token, 3, user, channel, data, Some(stored.clone()));
        self.remember_interaction(id, &token, user.id, channel, Some(message));
        self.dispatch("INTERACTION_CREATE", interaction).await;
        self.lock().dispatched_at.insert(id, Instant::now());
        id
    }

    /// Waits for the bot's callback to interaction `id` and returns it.
    pub async fn response_to(&self, interaction: u64) -> Recorded {
        self.wait_for(
            &format!("a response to interaction {interaction}"),
            0,
            |r| r.interaction == Some(interaction) && r.path.ends_with("/callback"),
        )
        .await
    }

    /// How long the bot took to answer interaction `id` (callback of any type, deferral
    /// included), from the moment the fake sent it.
    pub async fn response_delay(&self, interaction: u64) -> Duration {
        let response = self.response_to(interaction).await;
        let sent = self.lock().dispatched_at.get(&interaction).copied();
        let sent = sent.expect("the fake sent this interaction");
        response.at.saturating_duration_since(sent)
    }

    /// Waits until interaction `id` has a readable answer (the callback, or for a deferred
    /// one, the edit of `@original` or a followup) and returns it.
    pub async fn answer_to(&self, interaction: u64) -> Recorded {
        self.wait_for(&format!("an answer to interaction {interaction}"), 0, |r| {
            r.interaction == Some(interaction)
                && r.method != Method::GET
                && r.method != Method::DELETE
                && (readable_text(&r.body).trim() != "" || r.body.get("type").is_none())
                && !is_deferral(&r.body)
        })
        .await
    }

    fn command_id(&self, name: &str) -> u64 {
        self.lock()
            .commands
            .iter()
            .find(|command| command["name"] == name)
            .and_then(|command| command["id"].as_str()?.parse().ok())
            .unwrap_or(600_000_000_000_000_001)
    }

    fn resolved_users(&self, options: &[Value]) -> Value {
        let mut ids = Vec::new();
        collect_user_options(options, &mut ids);
        let inner = self.lock();
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        for id in ids {
            let name = inner
                .users
                .get(&id)
                .map_or_else(|| format!("user{id}"), |user| user.name.clone());
            users.insert(id.to_string(), user_json(id, &name, false));
            members.insert(
                id.to_string(),
                json!({"roles": [], "joined_at": TIMESTAMP, "deaf": false, "mute": false, "flags": 0}),
            );
        }
        json!({"users": users, "members": members})
    }

    #[allow(clippy::too_many_arguments)]
    fn interaction_json(
        &self,
        id: u64,
        token: &str,
        kind: u8,
        user: &FakeUser,
        channel: u64,
        data: Value,
        message: Option<Value>,
    ) -> Value {
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": GUILD_ID.to_string(),
            "channel_id": channel.to_string(),
            "channel": {"id": channel.to_string(), "type": 0, "name": "poker"},
            "member": {
                "user": user.json(),
                "roles": user.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
                "joined_at": TIMESTAMP,
                "deaf": false,
                "mute": false,
                "flags": 0,
                "permissions": user.permissions.to_string(),
            },
            "token": token,
            "version": 1,
            "app_permissions": "2147483647",
            "locale": user.locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 8_388_608,
        });
        if let Some(message) = message {
            interaction["message"] = message;
        }
        let parsed: Result<Interaction, _> = serde_json::from_value(interaction.clone());
        if let Err(error) = parsed {
            panic!("fake discord: serenity cannot parse this interaction: {error}\n{interaction}");
        }
        interaction
    }

    fn remember_interaction(
        &self,
        id: u64,
        token: &str,
        user: u64,
        channel: u64,
        message: Option<u64>,
    ) {
        let mut inner = self.lock();
        inner.interactions.insert(
            id,
            InteractionRecord {
                user,
                channel,
                message,
                ephemeral: None,
                response_message: None,
                deferred: false,
                followups: 0,
            },
        );
        inner.interaction_by_token.insert(token.to_owned(), id);
    }
}

fn is_deferral(body: &Value) -> bool {
    matches!(body.get("type").and_then(Value::as_u64), Some(5 | 6))
}

fn collect_user_options(options: &[Value], ids: &mut Vec<u64>) {
    for option in options {
        if option["type"] == 6
            && let Some(id) = option["value"].as_str().and_then(|id| id.parse().ok())
        {
            ids.push(id);
        }
        if let Some(nested) = option["options"].as_array() {
            collect_user_options(nested, ids);
        }
    }
}

/// A subcommand option (`/table open ...`).
pub fn sub(name: &str, options: Vec<Value>) -> Value {
    json!({"type": 1, "name": name, "options": options})
}

pub fn int(name: &str, value: i64) -> Value {
    json!({"type": 4, "name": name, "value": value})
}

pub fn string(name: &str, value: &str) -> Value {
    json!({"type": 3, "name": name, "value": value})
}

pub fn boolean(name: &str, value: bool) -> Value {
    json!({"type": 5, "name": name, "value": value})
}

pub fn user_opt(name: &str, user: &FakeUser) -> Value {
    json!({"type": 6, "name": name, "value": user.id.to_string()})
}

fn assert_serenity_parses_event(payload: &Value) {
    if let Err(error) = serenity_reads_event(payload) {
        panic!("{error}");
    }
}

/// Whether serenity's gateway reads `payload` as a known event.
fn serenity_reads_event(payload: &Value) -> Result<(), String> {
    match serde_json::from_value::<GatewayEvent>(payload.clone()) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(unknown))) => Err(format!(
            "fake discord: serenity reads this event as unknown: {unknown:?}"
        )),
        Ok(_) => Ok(()),
        Err(error) => Err(format!(
            "fake discord: serenity cannot parse this event: {error}\n{payload}"
        )),
    }
}

/// Records a fixture serenity cannot read as a `T` (one missing a field); the test's next
/// wait fails with it.
fn assert_serenity_parses<T: serde::de::DeserializeOwned>(
    inner: &mut Inner,
    what: &str,
    value: &Value,
) {
    if let Err(error) = serde_json::from_value::<T>(value.clone()) {
        inner.fixture_errors.push(format!(
            "fake discord: serenity cannot parse this {what}: {error}\n{value}"
        ));
    }
}

// ----------------------------------------------------------------------------------------------
// The gateway.

async fn gateway(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| gateway_session(shared, socket))
}

async fn gateway_session(shared: Arc<Shared>, mut socket: WebSocket) {
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": 41_250}});
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    let (sender, mut outgoing) = mpsc::unbounded_channel::<String>();
    loop {
        tokio::select! {
            frame = socket.recv() => {
                let Some(Ok(frame)) = frame else { break };
                let text = match frame {
                    WsMessage::Text(text) => text.to_string(),
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                match payload["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11, "s": null, "t": null, "d": null});
                        if socket.send(WsMessage::Text(ack.to_string().into())).await.is_err() {
                            break;
                        }
                    }
                    Some(2) | Some(6) => {
                        let ready = {
                            let mut inner = shared.inner.lock().expect("fake discord state");
                            inner.sequence = 1;
                            inner.identified += 1;
                            inner.gateway = Some(sender.clone());
                            let ready = ready_payload(&shared);
                            if let Err(error) = serenity_reads_event(&ready) {
                                inner.fixture_errors.push(error);
                            }
                            ready
                        };
                        if socket.send(WsMessage::Text(ready.to_string().into())).await.is_err() {
                            break;
                        }
                        shared.changed.notify_waiters();
                    }
                    _ => {}
                }
            }
            Some(text) = outgoing.recv() => {
                if socket.send(WsMessage::Text(text.into())).await.is_err() {
                    break;
                }
            }
        }
    }
}

fn ready_payload(shared: &Shared) -> Value {
    json!({
        "op": 0,
        "t": "READY",
        "s": 1,
        "d": {
            "v": 10,
            "user": user_json(BOT_USER_ID, "studbot", true),
            "guilds": [],
            "session_id": "fake-session",
            "resume_gateway_url": format!("ws://{}/ws", shared.address),
            "shard": [0, 1],
            "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
        }
    })
}

// ----------------------------------------------------------------------------------------------
// REST.

async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let full_path = request.uri().path().to_owned();
    let headers = request.headers().clone();
    let bytes = axum::body::to_bytes(request.into_body(), 16 * 1024 * 1024)
        .await
        .unwrap_or_default();
    let body = request_json(&headers, &bytes);
    let path = full_path
        .strip_prefix("/api/v10")
        .unwrap_or(&full_path)
        .to_owned();
    if method == Method::GET && path.starts_with("/users/") && path != "/users/@me" {
        let delay = shared
            .inner
            .lock()
            .expect("fake discord state")
            .user_lookup_delay;
        tokio::time::sleep(delay).await;
    }
    let (status, answer) = {
        let mut inner = shared.inner.lock().expect("fake discord state");
        let outcome = answer(&shared, &mut inner, &method, &path, &body);
        let index = inner.requests.len();
        inner.requests.push(Recorded {
            index,
            method: method.clone(),
            path: path.clone(),
            body: body.clone(),
            status: outcome.0.as_u16(),
            at: Instant::now(),
            visibility: outcome.2,
            interaction: outcome.3,
            response: outcome.1.clone(),
        });
        (outcome.0, outcome.1)
    };
    shared.changed.notify_waiters();
    let mut response = match answer {
        Some(answer) => (status, axum::Json(answer)).into_response(),
        None => status.into_response(),
    };
    if status == StatusCode::TOO_MANY_REQUESTS {
        let retry_after = response_retry_after(&shared);
        if let Ok(value) = retry_after.to_string().parse() {
            response.headers_mut().insert("retry-after", value);
        }
    }
    response
}

fn response_retry_after(shared: &Shared) -> f64 {
    shared
        .inner
        .lock()
        .expect("fake discord state")
        .rate_limit
        .map_or(1.0, |limit| limit.retry_after)
        .ceil()
}

fn request_json(headers: &HeaderMap, bytes: &Bytes) -> Value {
    let content_type = headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    if content_type.starts_with("multipart/form-data") {
        let text = String::from_utf8_lossy(bytes);
        return multipart_payload_json(&text).unwrap_or(Value::Null);
    }
    if bytes.is_empty() {
        return Value::Null;
    }
    serde_json::from_slice(bytes).unwrap_or(Value::Null)
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

type Outcome = (StatusCode, Option<Value>, Visibility, Option<u64>);

fn answer(
    shared: &Shared,
    inner: &mut Inner,
    method: &Method,
    path: &str,
    body: &Value,
) -> Outcome {
    let ok = |value: Value| (StatusCode::OK, Some(value), Visibility::Nobody, None);
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method.clone(), parts.as_slice()) {
        (Method::GET, ["gateway"]) => ok(json!({"url": format!("ws://{}/ws", shared.address)})),
        (Method::GET, ["gateway", "bot"]) => ok(json!({
            "url": format!("ws://{}/ws", shared.address),
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })),
        (Method::GET, ["oauth2", "applications", "@me"]) => ok(checked::<
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
        (Method::GET, ["users", "@me"]) => ok(checked::<serenity::model::user::CurrentUser>(
            inner,
            "current user",
            user_json(BOT_USER_ID, "studbot", true),
        )),
        (Method::GET, ["users", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            match inner.users.get(&id) {
                Some(user) => ok(user.json()),
                None => (
                    StatusCode::NOT_FOUND,
                    Some(json!({"code": 10013, "message": "Unknown User"})),
                    Visibility::Nobody,
                    None,
                ),
            }
        }
        (Method::PUT, ["applications", _, "commands"])
        | (Method::PUT, ["applications", _, "guilds", _, "commands"]) => {
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
                    command
                })
                .collect();
            inner.commands = commands.clone();
            ok(checked::<Vec<serenity::model::application::Command>>(
                inner,
                "command list",
                Value::Array(commands),
            ))
        }
        (Method::POST, ["users", "@me", "channels"]) => {
            let recipient: u64 = body["recipient_id"]
                .as_str()
                .and_then(|id| id.parse().ok())
                .or_else(|| body["recipient_id"].as_u64())
                .unwrap_or(0);
            let channel = match inner
                .dm_channels
                .iter()
                .find(|(_, user)| **user == recipient)
            {
                Some((channel, _)) => *channel,
                None => {
                    let channel = shared.next_id.fetch_add(1, Ordering::Relaxed);
                    inner.dm_channels.insert(channel, recipient);
                    channel
                }
            };
            let name = inner
                .users
                .get(&recipient)
                .map_or_else(|| format!("user{recipient}"), |user| user.name.clone());
            ok(checked::<serenity::model::channel::PrivateChannel>(
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
        (Method::POST, ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            if let Some(limited) = rate_limited(inner) {
                return limited;
            }
            if let Some(user) = inner.dm_channels.get(&channel).copied() {
                if inner.closed_dms.contains(&user) {
                    return (
                        StatusCode::FORBIDDEN,
                        Some(
                            json!({"code": 50007, "message": "Cannot send messages to this user"}),
                        ),
                        Visibility::Nobody,
                        None,
                    );
                }
                let message = new_message(shared, inner, channel, body);
                return (StatusCode::OK, Some(message), Visibility::Dm(user), None);
            }
            let message = new_message(shared, inner, channel, body);
            (
                StatusCode::OK,
                Some(message),
                Visibility::Channel(channel),
                None,
            )
        }
        (Method::PATCH, ["channels", channel, "messages", message]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let message: u64 = message.parse().unwrap_or(0);
            if let Some(limited) = rate_limited(inner) {
                return limited;
            }
            match edit_message(inner, message, body) {
                Some(edited) => (
                    StatusCode::OK,
                    Some(edited),
                    Visibility::Channel(channel),
                    None,
                ),
                None => unknown_message(),
            }
        }
        (Method::DELETE, ["channels", channel, "messages", message]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let message: u64 = message.parse().unwrap_or(0);
            let in_channel = inner
                .messages
                .get(&message)
                .is_some_and(|stored| stored["channel_id"] == channel.to_string());
            if in_channel {
                inner.messages.remove(&message);
                (StatusCode::NO_CONTENT, None, Visibility::Nobody, None)
            } else {
                unknown_message()
            }
        }
        (Method::POST, ["interactions", id, token, "callback"]) => {
            let id: u64 = id.parse().unwrap_or(0);
            if let Some(mut limited) = rate_limited_everything(inner) {
                limited.3 = Some(id);
                return limited;
            }
            let Some(record) = inner.interactions.get(&id).cloned() else {
                return (
                    StatusCode::NOT_FOUND,
                    Some(json!({"code": 10062, "message": "Unknown interaction"})),
                    Visibility::Nobody,
                    None,
                );
            };
            if record.ephemeral.is_some() {
                return (
                    StatusCode::BAD_REQUEST,
                    Some(
                        json!({"code": 40060, "message": "Interaction has already been acknowledged."}),
                    ),
                    Visibility::Nobody,
                    Some(id),
                );
            }
            let _ = token;
            let kind = body["type"].as_u64().unwrap_or(0);
            let flags = body
                .pointer("/data/flags")
                .and_then(Value::as_u64)
                .unwrap_or(0);
            let ephemeral = flags & EPHEMERAL != 0;
            let visibility = match kind {
                4 if ephemeral => Visibility::Ephemeral(record.user),
                4 | 7 => Visibility::Channel(record.channel),
                _ => Visibility::Nobody,
            };
            let mut response_message = None;
            match kind {
                4 if !ephemeral => {
                    let data = body.get("data").cloned().unwrap_or(Value::Null);
                    let message = new_message(shared, inner, record.channel, &data);
                    response_message = message["id"].as_str().and_then(|id| id.parse().ok());
                }
                7 => {
                    if let (Some(message), Some(data)) = (record.message, body.get("data")) {
                        edit_message(inner, message, data);
                    }
                }
                _ => {}
            }
            if let Some(entry) = inner.interactions.get_mut(&id) {
                entry.ephemeral = Some(ephemeral);
                entry.response_message = response_message;
                entry.deferred = kind == 5;
            }
            (StatusCode::NO_CONTENT, None, visibility, Some(id))
        }
        (method, ["webhooks", _, token, rest @ ..]) => {
            if method != Method::GET
                && let Some(limited) = rate_limited_everything(inner)
            {
                return limited;
            }
            let id = inner.interaction_by_token.get(*token).copied();
            let record = id.and_then(|id| inner.interactions.get(&id).cloned());
            let Some(record) = record else {
                return unknown_message();
            };
            let ephemeral_flag = body["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0;
            match (method, rest) {
                (Method::POST, []) => {
                    let first_after_deferral = record.deferred && record.followups == 0;
                    if let Some(entry) = id.and_then(|id| inner.interactions.get_mut(&id)) {
                        entry.followups += 1;
                    }
                    let ephemeral_flag = if first_after_deferral {
                        record.ephemeral.unwrap_or(false)
                    } else {
                        ephemeral_flag
                    };
                    let visibility = if ephemeral_flag {
                        Visibility::Ephemeral(record.user)
                    } else {
                        Visibility::Channel(record.channel)
                    };
                    let mut message = new_message(shared, inner, record.channel, body);
                    if ephemeral_flag {
                        // Only its user sees it, whatever flags the body had.
                        message["flags"] = json!(EPHEMERAL);
                        if let Some(stored) = message["id"]
                            .as_str()
                            .and_then(|id| id.parse::<u64>().ok())
                            .and_then(|id| inner.messages.get_mut(&id))
                        {
                            stored["flags"] = json!(EPHEMERAL);
                        }
                    }
                    (StatusCode::OK, Some(message), visibility, id)
                }
                (Method::GET, ["messages", which]) => {
                    let target = if *which == "@original" {
                        record.response_message.or(record.message)
                    } else {
                        which.parse().ok()
                    };
                    match target.and_then(|target| inner.messages.get(&target).cloned()) {
                        Some(message) => (StatusCode::OK, Some(message), Visibility::Nobody, id),
                        None => unknown_message(),
                    }
                }
                (Method::PATCH, ["messages", which]) => {
                    let original_ephemeral = record.ephemeral.unwrap_or(false);
                    let target = if *which == "@original" {
                        record.response_message.or(record.message)
                    } else {
                        which.parse().ok()
                    };
                    let visibility = if *which == "@original" && original_ephemeral {
                        Visibility::Ephemeral(record.user)
                    } else {
                        Visibility::Channel(record.channel)
                    };
                    let existing = target.and_then(|target| inner.messages.get(&target).cloned());
                    let message = match existing {
                        Some(_) => target.and_then(|target| edit_message(inner, target, body)),
                        None => {
                            let message = new_message(shared, inner, record.channel, body);
                            if let (Some(entry), Some(created)) = (
                                id.and_then(|id| inner.interactions.get_mut(&id)),
                                message["id"].as_str().and_then(|m| m.parse().ok()),
                            ) && *which == "@original"
                            {
                                entry.response_message = Some(created);
                            }
                            Some(message)
                        }
                    };
                    (StatusCode::OK, message, visibility, id)
                }
                (Method::DELETE, _) => (StatusCode::NO_CONTENT, None, Visibility::Nobody, id),
                _ => unknown_message(),
            }
        }
        _ => (
            StatusCode::NOT_FOUND,
            Some(json!({"code": 0, "message": format!("the fake does not serve {method} {path}")})),
            Visibility::Nobody,
            None,
        ),
    }
}

/// `value`, once serenity has read it as a `T`.
fn checked<T: serde::de::DeserializeOwned>(inner: &mut Inner, what: &str, value: Value) -> Value {
    assert_serenity_parses::<T>(inner, what, &value);
    value
}

fn rate_limited(inner: &mut Inner) -> Option<Outcome> {
    let limit = inner.rate_limit.as_mut()?;
    if limit.remaining == 0 {
        inner.rate_limit = None;
        return None;
    }
    limit.remaining -= 1;
    let retry_after = limit.retry_after;
    Some((
        StatusCode::TOO_MANY_REQUESTS,
        Some(
            json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": false}),
        ),
        Visibility::Nobody,
        None,
    ))
}

fn rate_limited_everything(inner: &mut Inner) -> Option<Outcome> {
    if inner.rate_limit.is_some_and(|limit| limit.everything) {
        rate_limited(inner)
    } else {
        None
    }
}

fn unknown_message() -> Outcome {
    (
        StatusCode::NOT_FOUND,
        Some(json!({"code": 10008, "message": "Unknown Message"})),
        Visibility::Nobody,
        None,
    )
}

fn new_message(shared: &Shared, inner: &mut Inner, channel: u64, body: &Value) -> Value {
    let id = shared.next_id.fetch_add(1, Ordering::Relaxed);
    let message = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": user_json(BOT_USER_ID, "studbot", true),
        "content": body["content"].as_str().unwrap_or(""),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "components": body.get("components").cloned().unwrap_or(json!([])),
        "pinned": false,
        "type": 0,
        "flags": body.get("flags").cloned().unwrap_or(json!(0)),
    });
    assert_serenity_parses::<Message>(inner, "message", &message);
    inner.messages.insert(id, message.clone());
    message
}

fn edit_message(inner: &mut Inner, id: u64, body: &Value) -> Option<Value> {
    let message = inner.messages.get_mut(&id)?;
    for field in ["content", "embeds", "components"] {
        if let Some(value) = body.get(field) {
            message[field] = value.clone();
        }
    }
    message["edited_timestamp"] = json!(TIMESTAMP);
    let edited = message.clone();
    assert_serenity_parses::<Message>(inner, "message", &edited);
    Some(edited)
}
