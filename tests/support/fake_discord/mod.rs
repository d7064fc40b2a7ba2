//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity client, at least as
//! strict as Discord (see `tests/fixtures/discord/README.md`, and "Testing without Discord" in
//! `docs/ARCHITECTURE.md`).
//!
//! - [`schema`]: every request is matched against Discord's OpenAPI spec and its body validated;
//! - [`rules`]: what the spec cannot say (3-second deadline, 15-minute tokens, deferral
//!   visibility, UTF-16 limits, per-channel write buckets, 30046, permissions);
//! - [`rest`] and [`webhooks`]: the REST routes the bot calls, each answered with an
//!   [`outcome`]; [`messages`]: a channel's messages; [`emoji`]: the application's own emoji
//!   (the card faces);
//! - [`users`]: the people a test plays; [`recorded`]: every request with who could read it;
//! - [`settings`]: what a test sets (permissions, closed DMs, 429s, the clock...);
//! - [`guild`]: the guild's roles, owner and channel overwrites, the member permissions
//!   Discord computes from them, `GET /guilds/{id}` and `GET /channels/{id}`;
//! - [`world`]: what moderators and Discord change under the bot (deleted messages, channels,
//!   threads, the bot removed from the guild, 5xx and hangs on chosen routes, threads);
//! - [`threads`]: threads the bot starts, reads and archives, with Discord's rules for them;
//! - [`gateway`]: HELLO, IDENTIFY/READY, RESUME with missed events replayed, op 7 and op 9;
//! - [`interactions`]: what a test does as a user (slash commands, clicks) and waits for.
//!
//! It records every request (with who could see what it wrote) and keeps the latest version
//! of every message. A request a correct bot never sends (an unknown route, a body Discord
//! would refuse, a late or double acknowledgement, a followup before any response) is a
//! *violation*: the test's next wait fails naming it, and so does the end of the test.
//! What Discord answers with an error a bot must cope with (429, 403, 30046, an expired token)
//! is answered as Discord does and recorded, for the test to look at.
//!
//! Tests wait for what the bot does with [`FakeDiscord::wait_for`] (retry until a deadline),
//! never by sleeping a fixed time.

// The fake stands in for Discord's API as a whole: its option builders, counters and record
// accessors stay whether or not today's tests call each one.
#![allow(dead_code)]

mod emoji;
mod gateway;
pub mod guild;
mod interactions;
mod messages;
mod outcome;
mod recorded;
mod rest;
pub mod rules;
pub mod schema;
mod settings;
mod threads;
mod users;
mod webhooks;
mod world;

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::routing::get;
use serde_json::Value;
use tokio::sync::Notify;
use tokio::time::Instant;

// Each test binary uses some of these.
#[allow(unused_imports)]
pub use emoji::AppEmoji;
#[allow(unused_imports)]
pub use guild::{
    ADMIN_ROLE, ADMINISTRATOR, CONFIGURED_MODERATOR_ROLE, MANAGE_GUILD, OWNER_ID, STAFF_ROLE,
};
#[allow(unused_imports)]
pub use interactions::{boolean, int, string, sub, user_opt};
#[allow(unused_imports)]
pub use rules::{
    CREATE_PUBLIC_THREADS, EPHEMERAL, MANAGE_CHANNELS, MANAGE_THREADS, SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS, VIEW_AND_SEND, VIEW_CHANNEL,
};
#[allow(unused_imports)]
pub use world::RouteFault;

pub(crate) use recorded::readable_text;
pub use recorded::{Recorded, Visibility};
pub use users::FakeUser;
pub(crate) use users::user_json;

use gateway::GatewayState;
use rules::{ChannelBuckets, Clock};

/// How long `wait_for` and friends wait before failing the test.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(20);

pub const APPLICATION_ID: u64 = 800_000_000_000_000_001;
pub const BOT_USER_ID: u64 = 800_000_000_000_000_002;
pub const GUILD_ID: u64 = 700_000_000_000_000_001;

/// 429s a test asked for, besides Discord's own buckets.
#[derive(Debug, Clone, Copy)]
struct ForcedRateLimit {
    remaining: u32,
    retry_after: f64,
    /// Interaction callbacks and followups too, not only channel writes.
    everything: bool,
    /// Discord's global limit (`global: true`): every call is refused until it passes.
    global: bool,
}

/// How an interaction was first answered (its callback's type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Acknowledged {
    /// Type 4: a message, ephemeral or not.
    Message { ephemeral: bool },
    /// Type 5: "is thinking...", ephemeral or not; the first followup takes its visibility.
    Deferred { ephemeral: bool },
    /// Type 6: a component click acknowledged, its message left as it is for now.
    DeferredUpdate,
    /// Type 7: the component's message edited.
    Updated,
}

/// What the fake remembers about an interaction it sent.
#[derive(Debug, Clone)]
pub(crate) struct InteractionRecord {
    /// 2: an application command; 3: a message component.
    kind: u8,
    user: u64,
    channel: u64,
    /// The message holding the clicked button, for component interactions.
    message: Option<u64>,
    created: Instant,
    acknowledged: Option<Acknowledged>,
    /// The message `@original` names: the response's (type 4/5) or the component's (6/7).
    original: Option<u64>,
    /// A type-5 deferral not yet resolved by a followup or an edit of `@original`.
    deferral_pending: bool,
    /// Messages created with this interaction's token.
    followups: Vec<u64>,
}

impl InteractionRecord {
    fn original_ephemeral(&self) -> bool {
        matches!(
            self.acknowledged,
            Some(
                Acknowledged::Message { ephemeral: true }
                    | Acknowledged::Deferred { ephemeral: true }
            )
        )
    }
}

#[derive(Debug, Clone)]
pub(crate) struct StoredMessage {
    json: Value,
    created: Instant,
    /// How much older than its `created` Discord counts it (see `make_message_older`).
    aged: Duration,
    /// Who can read it.
    visibility: Visibility,
}

/// A guild channel the fake knows, with what the bot may not do there.
#[derive(Debug, Clone, Default)]
pub(crate) struct ChannelState {
    bot_denied: u64,
    /// Member overwrites: each member's (allow, deny) in this channel.
    member_overwrites: HashMap<u64, (u64, u64)>,
    /// A thread (or forum post) in this parent channel: posting there needs Send Messages in
    /// Threads, not Send Messages.
    thread_parent: Option<u64>,
    /// A thread's creator (the bot, for one it started): who may archive it without Manage
    /// Threads.
    thread_owner: Option<u64>,
    /// A thread's name, as it was started.
    thread_name: Option<String>,
    /// An archived thread: a post unarchives it, an edit or a delete is refused (50083).
    archived: bool,
}

pub(crate) struct Inner {
    clock: Clock,
    last_id: u64,
    requests: Vec<Recorded>,
    messages: HashMap<u64, StoredMessage>,
    users: HashMap<u64, FakeUser>,
    channels: HashMap<u64, ChannelState>,
    dm_channels: HashMap<u64, u64>,
    closed_dms: HashSet<u64>,
    forced_rate_limit: Option<ForcedRateLimit>,
    /// A global rate limit answered lately holds until then: a call before it is a violation.
    globally_limited_until: Option<Instant>,
    /// How long `GET /users/{id}` takes to answer (a slow Discord).
    user_lookup_delay: Duration,
    /// Channels whose every write answers 429 with this `retry_after`, until released.
    stalled: HashMap<u64, f64>,
    buckets: ChannelBuckets,
    buckets_on: bool,
    interactions: HashMap<u64, InteractionRecord>,
    interaction_by_token: HashMap<String, u64>,
    gateway: GatewayState,
    /// What a correct bot never does, and fixtures serenity could not read: the next wait
    /// fails the test with them (a panic in the server task would only look like a hang).
    violations: Vec<String>,
    commands: Vec<Value>,
    /// The guild's preferred locale, sent as `guild_locale` with every interaction.
    guild_locale: String,
    /// Channels and threads deleted: 10003 from then on.
    deleted_channels: HashSet<u64>,
    /// The bot was removed from the guild: every guild channel answers 50001.
    removed_from_guild: bool,
    /// The guild's roles and what each holds (@everyone's id is the guild's).
    roles: std::collections::BTreeMap<u64, u64>,
    /// Times the bot read the guild (`GET /guilds/{guild_id}`).
    guild_reads: u64,
    /// 5xx answers and hangs a test asked for, on routes it chose.
    route_faults: Vec<world::RouteFault>,
    /// Messages created with `enforce_nonce`, by (channel, nonce): a create with the same
    /// nonce returns the message instead of making another.
    nonces: HashMap<(u64, String), u64>,
    /// Requests that met a hang (counted when the hang began).
    hangs_started: u64,
    /// The sequence part of the next snowflake (ids stay unique within a millisecond).
    id_sequence: u64,
    /// The application's own emoji, oldest first.
    app_emoji: Vec<emoji::AppEmoji>,
    emoji_settings: emoji::EmojiSettings,
}

impl Inner {
    /// A new snowflake, made now on the fake's clock as Discord makes them (its top bits are
    /// the millisecond; a clock that steps back makes ids that say so).
    fn new_id(&mut self) -> u64 {
        let now = self.clock.now();
        self.id_sequence = (self.id_sequence + 1) & 0x3F_FFFF;
        let id = self.clock.snowflake(now, self.id_sequence);
        self.last_id = id;
        id
    }

    /// A snowflake for something made `ago` before now on the fake's clock, and that moment.
    fn new_id_made_ago(&mut self, ago: Duration) -> (u64, Instant) {
        let now = self.clock.now();
        let made = now.checked_sub(ago).unwrap_or(now);
        self.id_sequence = (self.id_sequence + 1) & 0x3F_FFFF;
        (self.clock.snowflake(made, self.id_sequence), made)
    }

    fn violation(&mut self, text: String) {
        self.violations.push(text);
    }
}

pub(crate) struct Shared {
    inner: Mutex<Inner>,
    changed: Notify,
    address: SocketAddr,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A test that failed while holding the lock must not take the server down with it.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        if std::thread::panicking() {
            return;
        }
        let violations = std::mem::take(&mut self.shared.lock().violations);
        if !violations.is_empty() {
            panic!(
                "fake discord: the test ended with violations of Discord's rules:\n{}",
                violations.join("\n")
            );
        }
    }
}

impl FakeDiscord {
    /// Starts the fake on a free port of 127.0.0.1, as strict as Discord: channel write
    /// buckets on.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let address = listener.local_addr().expect("local address");
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                clock: Clock::new(),
                last_id: 0,
                requests: Vec::new(),
                messages: HashMap::new(),
                users: HashMap::new(),
                channels: HashMap::new(),
                dm_channels: HashMap::new(),
                closed_dms: HashSet::new(),
                forced_rate_limit: None,
                globally_limited_until: None,
                user_lookup_delay: Duration::ZERO,
                stalled: HashMap::new(),
                buckets: ChannelBuckets::default(),
                buckets_on: true,
                interactions: HashMap::new(),
                interaction_by_token: HashMap::new(),
                gateway: GatewayState::default(),
                violations: Vec::new(),
                commands: Vec::new(),
                guild_locale: "en-US".to_owned(),
                deleted_channels: HashSet::new(),
                removed_from_guild: false,
                roles: guild::starting_roles(),
                guild_reads: 0,
                route_faults: Vec::new(),
                nonces: HashMap::new(),
                hangs_started: 0,
                id_sequence: 0,
                app_emoji: Vec::new(),
                emoji_settings: emoji::EmojiSettings::default(),
            }),
            changed: Notify::new(),
            address,
        });
        let app = Router::new()
            .route("/ws", get(gateway::upgrade))
            .fallback(rest::serve)
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

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.lock().requests.clone()
    }

    /// The latest version of a message (after every edit), as Discord would return it.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.lock().messages.get(&id).map(|m| m.json.clone())
    }

    /// Who can read message `id`.
    pub fn message_visibility(&self, id: u64) -> Option<Visibility> {
        self.lock().messages.get(&id).map(|m| m.visibility.clone())
    }

    /// Every message still in `channel` (not deleted), oldest first, as anyone there sees it:
    /// ephemeral ones excluded.
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        let inner = self.lock();
        let mut messages: Vec<(u64, Value)> = inner
            .messages
            .iter()
            .filter(|(_, m)| m.visibility == Visibility::Channel(channel))
            .map(|(id, m)| (*id, m.json.clone()))
            .collect();
        messages.sort_by_key(|(id, _)| *id);
        messages.into_iter().map(|(_, m)| m).collect()
    }

    /// The slash commands registered so far (the last PUT).
    pub fn commands(&self) -> Vec<Value> {
        self.lock().commands.clone()
    }

    /// The violations so far, taken: for tests of the fake itself, which provoke them.
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.lock().violations)
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
    pub(crate) async fn wait_until<T>(&self, what: &str, check: impl Fn(&Inner) -> Option<T>) -> T {
        let deadline = std::time::Instant::now() + DEFAULT_DEADLINE;
        loop {
            let notified = self.shared.changed.notified();
            // Panics only once the lock is released: the server goes on answering.
            let violation = {
                let inner = self.lock();
                match inner.violations.first() {
                    Some(violation) => Some(violation.clone()),
                    None => match check(&inner) {
                        Some(found) => return found,
                        None => None,
                    },
                }
            };
            if let Some(violation) = violation {
                panic!("{violation}");
            }
            let left = deadline.saturating_duration_since(std::time::Instant::now());
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
            // Real time: under tokio's paused clock a timeout would fire at once.
            let _ = tokio::time::timeout(left.min(Duration::from_millis(200)), notified).await;
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
            inner
                .messages
                .get(&id)
                .map(|m| &m.json)
                .filter(|m| matches(m))
                .cloned()
        })
        .await
    }

    /// The number of requests so far: pass it to `wait_for` to look only at what comes next.
    pub fn mark(&self) -> usize {
        self.lock().requests.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.shared.lock()
    }
}
