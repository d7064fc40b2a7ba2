//! What changes under the bot while it runs, as moderators and Discord change it: a message,
//! a channel or a thread deleted (10008 / 10003 afterwards, and the gateway events Discord
//! sends: MESSAGE_DELETE only to a bot that asked for the GUILD_MESSAGES intent,
//! CHANNEL_DELETE, THREAD_DELETE), the bot removed from the guild (GUILD_DELETE, then 50001),
//! threads whose posts need Send Messages in Threads, 5xx answers and hangs on chosen routes,
//! a clock that steps back, and an interaction that reaches the bot late.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::json;

use super::{FakeDiscord, GUILD_ID, Shared};

/// Discord's GUILD_MESSAGES intent bit: message events in guild channels.
pub const GUILD_MESSAGES_INTENT: u64 = 1 << 9;

/// An outage a test asked for on requests whose method is `method` and whose path (without
/// `/api/v10`) contains `path_part`, for the next `count` of them.
#[derive(Debug, Clone)]
pub struct RouteFault {
    method: Method,
    path_part: String,
    /// Met only by requests whose body contains this text, when given.
    body_part: Option<String>,
    remaining: u32,
    kind: FaultKind,
}

#[derive(Debug, Clone, Copy)]
enum FaultKind {
    Status(StatusCode),
    /// Answers only after this long (as a stalled proxy or a stuck stream would).
    Hang(Duration),
    /// Does what was asked, then answers this status: the answer was lost on the way back
    /// (a 5xx from a proxy, a timeout) although Discord made the change.
    LoseAnswer(StatusCode),
}

/// What a request met.
pub(crate) enum Met {
    Status(StatusCode),
    Hang(Duration),
    LoseAnswer(StatusCode),
}

/// The fault (if any) the request `method path` meets; counts it as given.
pub(crate) fn route_fault(
    shared: &Shared,
    method: &Method,
    path: &str,
    body: &[u8],
) -> Option<Met> {
    let mut inner = shared.lock();
    let body = String::from_utf8_lossy(body);
    let fault = inner.route_faults.iter_mut().find(|fault| {
        fault.remaining > 0
            && fault.method == method
            && path.contains(&fault.path_part)
            && fault
                .body_part
                .as_ref()
                .is_none_or(|part| body.contains(part.as_str()))
    })?;
    fault.remaining -= 1;
    let met = match fault.kind {
        FaultKind::Status(status) => Met::Status(status),
        FaultKind::Hang(hang) => Met::Hang(hang),
        FaultKind::LoseAnswer(status) => Met::LoseAnswer(status),
    };
    if matches!(met, Met::Hang(_)) {
        inner.hangs_started += 1;
    }
    inner.route_faults.retain(|fault| fault.remaining > 0);
    drop(inner);
    shared.changed.notify_waiters();
    Some(met)
}

impl FakeDiscord {
    /// The next `count` requests `method` whose path contains `path_part` answer `status`
    /// (a 5xx: Discord's outage on that route).
    pub fn fail_route(&self, method: Method, path_part: &str, count: u32, status: u16) {
        let status = StatusCode::from_u16(status).expect("an HTTP status");
        self.lock().route_faults.push(RouteFault {
            method,
            path_part: path_part.to_owned(),
            body_part: None,
            remaining: count,
            kind: FaultKind::Status(status),
        });
    }

    /// The next `count` requests `method` whose path contains `path_part` are answered only
    /// after `hang` (the answer is then the usual one).
    pub fn hang_route(&self, method: Method, path_part: &str, count: u32, hang: Duration) {
        self.lock().route_faults.push(RouteFault {
            method,
            path_part: path_part.to_owned(),
            body_part: None,
            remaining: count,
            kind: FaultKind::Hang(hang),
        });
    }

    /// The next `count` requests `method` whose path contains `path_part` are carried out
    /// (a message created, say), then answered `status` as if the answer was lost.
    pub fn lose_answer_route(&self, method: Method, path_part: &str, count: u32, status: u16) {
        let status = StatusCode::from_u16(status).expect("an HTTP status");
        self.lock().route_faults.push(RouteFault {
            method,
            path_part: path_part.to_owned(),
            body_part: None,
            remaining: count,
            kind: FaultKind::LoseAnswer(status),
        });
    }

    /// The next `count` requests `method` whose path contains `path_part` and whose body
    /// contains `body_part` (a message's text) are answered only after `hang`.
    pub fn hang_route_saying(
        &self,
        method: Method,
        path_part: &str,
        body_part: &str,
        count: u32,
        hang: Duration,
    ) {
        self.lock().route_faults.push(RouteFault {
            method,
            path_part: path_part.to_owned(),
            body_part: Some(body_part.to_owned()),
            remaining: count,
            kind: FaultKind::Hang(hang),
        });
    }

    /// How many requests have met a hang so far.
    pub fn hangs_started(&self) -> u64 {
        self.lock().hangs_started
    }

    /// True once every fault asked for with `fail_route` or `hang_route` was met.
    pub fn route_faults_over(&self) -> bool {
        self.lock().route_faults.is_empty()
    }

    /// A thread (or forum post) in `parent`: a post there needs Send Messages in Threads.
    pub fn add_thread(&self, thread: u64, parent: u64) {
        let mut inner = self.lock();
        inner.channels.entry(parent).or_default();
        inner.channels.entry(thread).or_default().thread_parent = Some(parent);
    }

    /// Whether `channel` is a thread the fake knows.
    pub(crate) fn is_thread(&self, channel: u64) -> bool {
        self.lock()
            .channels
            .get(&channel)
            .is_some_and(|state| state.thread_parent.is_some())
    }

    /// A new channel id, made now (a snowflake encoding the time, as Discord's are).
    pub fn new_channel(&self) -> u64 {
        let id = self.lock().new_id();
        self.add_channel(id);
        id
    }

    /// A moderator (or a purge bot) deletes message `id`: 10008 for it from now on, and
    /// MESSAGE_DELETE to a bot that asked for the GUILD_MESSAGES intent.
    pub async fn delete_message(&self, id: u64) {
        let removed = self.lock().messages.remove(&id);
        let Some(removed) = removed else {
            panic!("fake discord: no message {id} to delete");
        };
        let channel = removed.json["channel_id"].clone();
        if self.intents() & GUILD_MESSAGES_INTENT != 0 {
            self.dispatch(
                "MESSAGE_DELETE",
                json!({"id": id.to_string(), "channel_id": channel, "guild_id": GUILD_ID.to_string()}),
            )
            .await;
        }
    }

    /// A moderator deletes channel `channel`: 10003 for it from now on, and CHANNEL_DELETE.
    pub async fn delete_channel(&self, channel: u64) {
        self.forget_channel(channel);
        self.dispatch(
            "CHANNEL_DELETE",
            json!({
                "id": channel.to_string(),
                "type": 0,
                "guild_id": GUILD_ID.to_string(),
                "name": "poker",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": false,
                "parent_id": null,
            }),
        )
        .await;
    }

    /// Channel `channel` was deleted while no bot was connected: 10003 from now on, and no
    /// event (Discord sends none to a bot that is not there).
    pub fn delete_channel_while_away(&self, channel: u64) {
        self.forget_channel(channel);
    }

    /// A moderator deletes thread `thread` (or forum post): 10003 for it from now on, and
    /// THREAD_DELETE.
    pub async fn delete_thread(&self, thread: u64) {
        let parent = self
            .lock()
            .channels
            .get(&thread)
            .and_then(|state| state.thread_parent)
            .unwrap_or(1);
        self.forget_channel(thread);
        self.dispatch(
            "THREAD_DELETE",
            json!({
                "id": thread.to_string(),
                "type": 11,
                "guild_id": GUILD_ID.to_string(),
                "parent_id": parent.to_string(),
            }),
        )
        .await;
    }

    /// The bot is kicked from the guild: GUILD_DELETE (without `unavailable`, which is how
    /// Discord tells removal from an outage), then 50001 for every channel there.
    pub async fn remove_bot_from_guild(&self) {
        self.lock().removed_from_guild = true;
        self.dispatch("GUILD_DELETE", json!({"id": GUILD_ID.to_string()}))
            .await;
    }

    /// The bot was kicked from the guild while no bot was connected: 50001 for every channel
    /// there and for `GET /guilds/{id}` from now on, no guild in `GET /users/@me/guilds`, and
    /// no event.
    pub fn remove_bot_from_guild_while_away(&self) {
        self.lock().removed_from_guild = true;
    }

    /// The guild is unavailable (a Discord outage): GUILD_DELETE with `unavailable: true`;
    /// the bot is still a member.
    pub async fn make_guild_unavailable(&self) {
        self.dispatch(
            "GUILD_DELETE",
            json!({"id": GUILD_ID.to_string(), "unavailable": true}),
        )
        .await;
    }

    /// Steps the fake's clock back by `by` (at most what `advance` moved it): a bot whose
    /// clock was behind learned a wrong offset, and the clock is then corrected.
    pub fn step_back(&self, by: Duration) {
        self.lock().clock.step_back(by);
    }

    /// The intents the bot identified with.
    pub fn intents(&self) -> u64 {
        self.lock().gateway.intents
    }

    fn forget_channel(&self, channel: u64) {
        let mut inner = self.lock();
        inner.deleted_channels.insert(channel);
        inner.messages.retain(|_, message| {
            message.json["channel_id"]
                .as_str()
                .and_then(|c| c.parse().ok())
                != Some(channel)
        });
    }
}

/// Discord's channel type in an interaction's `channel`: 11 for a public thread.
pub(crate) fn channel_kind(thread: bool) -> u64 {
    if thread { 11 } else { 0 }
}
