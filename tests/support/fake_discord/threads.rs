//! Threads the bot starts (`POST /channels/{parent}/threads`), reads (`GET /channels/{id}`)
//! and archives (`PATCH /channels/{thread}`), with the rules Discord documents for Start
//! Thread without Message and Modify Channel that its spec cannot say:
//! - a thread is started in a text channel only, never in a thread or a DM (50024), and the
//!   request names its type (API v10 has no default): a public thread is type 11;
//! - it takes View Channel (50001 without) and Create Public Threads (50013) in the parent;
//! - the thread has its parent's permissions;
//! - archiving takes being its creator, or Manage Threads (50013);
//! - starting a thread is a write in its parent: it takes room in the parent's write bucket
//!   (Discord's own bucket for thread creation is undocumented and was seen answering 429 with
//!   minutes to wait after a burst, discord-api-docs issue 7816: the parent's 5 per 5 s is at
//!   least as strict for a burst of a few dozen);
//! - a guild holds at most [`rules::ACTIVE_THREADS`] threads not archived; past them a start
//!   is refused (160006);
//! - in an archived thread a post unarchives it, an edit or a delete is refused (50083).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::outcome::{Outcome, checked};
use super::rules::{self, CREATE_PUBLIC_THREADS, MANAGE_THREADS, VIEW_CHANNEL};
use super::{BOT_USER_ID, ChannelState, FakeDiscord, GUILD_ID, Inner};

/// Discord's channel type of a public thread.
const PUBLIC_THREAD: u64 = 11;

/// `POST /channels/{parent}/threads`: a public thread without a message.
pub(crate) fn create(inner: &mut Inner, parent: u64, body: &Value) -> Outcome {
    if let Some(refused) = refused_in(inner, parent) {
        return refused;
    }
    let Some(state) = inner.channels.get(&parent).cloned() else {
        return Outcome::error(rules::unknown_channel());
    };
    if state.thread_parent.is_some() || inner.dm_channels.contains_key(&parent) {
        return Outcome::error(rules::wrong_channel_type());
    }
    if state.bot_denied & VIEW_CHANNEL != 0 {
        return Outcome::error(rules::missing_access());
    }
    if state.bot_denied & CREATE_PUBLIC_THREADS != 0 {
        let mut refused = Outcome::error(rules::missing_permissions());
        if let Some(body) = refused.body.as_mut() {
            body["missing"] = json!(rules::permission_names(CREATE_PUBLIC_THREADS));
        }
        return refused;
    }
    if body["type"].as_u64() != Some(PUBLIC_THREAD) {
        inner.violation(format!(
            "fake discord: a thread started in {parent} without type 11 (public): API v10 has \
             no default type, and a private thread is not what a table wants: {body}"
        ));
        return Outcome::error(rules::invalid_form_body("type is required"));
    }
    let active = inner
        .channels
        .values()
        .filter(|channel| channel.thread_parent.is_some() && !channel.archived)
        .count();
    if active >= rules::ACTIVE_THREADS {
        return Outcome::error(rules::too_many_threads());
    }
    if inner.buckets_on {
        let now = inner.clock.now();
        if let Err(wait) = inner.buckets.take(parent, now) {
            return Outcome::error(rules::rate_limited(wait.as_secs_f64().max(0.001)));
        }
    }
    let name = body["name"].as_str().unwrap_or_default().to_owned();
    let thread = inner.new_id();
    inner.channels.insert(
        thread,
        ChannelState {
            // A thread has its parent's permissions.
            bot_denied: state.bot_denied,
            thread_parent: Some(parent),
            thread_owner: Some(BOT_USER_ID),
            thread_name: Some(name),
            archived: false,
            member_overwrites: Default::default(),
        },
    );
    let created = channel_json(inner, thread);
    Outcome {
        status: StatusCode::CREATED,
        ..Outcome::ok(checked::<serenity::model::channel::GuildChannel>(
            inner, "thread", created,
        ))
    }
}

/// `GET /channels/{id}` (the channel as Discord describes it) and `PATCH /channels/{id}` (a
/// thread archived or unarchived); 10003 once deleted (or never made), 50001 where the bot
/// cannot see it (View Channel denied, or removed from the guild).
pub(crate) fn channel(inner: &mut Inner, method: &Method, channel: u64, body: &Value) -> Outcome {
    if let Some(refused) = refused_in(inner, channel) {
        return refused;
    }
    let Some(state) = inner.channels.get(&channel).cloned() else {
        return Outcome::error(rules::unknown_channel());
    };
    // A thread has its parent's permissions too.
    let parent_denied = state
        .thread_parent
        .and_then(|parent| inner.channels.get(&parent))
        .map_or(0, |parent| parent.bot_denied);
    if (state.bot_denied | parent_denied) & VIEW_CHANNEL != 0 {
        return Outcome::error(rules::missing_access());
    }
    if *method == Method::PATCH {
        if state.thread_parent.is_none() {
            inner.violation(format!(
                "fake discord: the bot edited channel {channel}, which is no thread: {body}"
            ));
            return Outcome::error(rules::missing_permissions());
        }
        let owner = state.thread_owner == Some(BOT_USER_ID);
        if !owner && state.bot_denied & MANAGE_THREADS != 0 {
            return Outcome::error(rules::missing_permissions());
        }
        if let Some(archived) = body["archived"].as_bool()
            && let Some(thread) = inner.channels.get_mut(&channel)
        {
            thread.archived = archived;
        }
    }
    let described = channel_json(inner, channel);
    Outcome::ok(checked::<serenity::model::channel::GuildChannel>(
        inner, "channel", described,
    ))
}

/// A channel the bot may not reach at all: deleted, or in a guild it was removed from.
fn refused_in(inner: &Inner, channel: u64) -> Option<Outcome> {
    if inner.deleted_channels.contains(&channel) {
        return Some(Outcome::error(rules::unknown_channel()));
    }
    if inner.removed_from_guild {
        return Some(Outcome::error(rules::missing_access()));
    }
    None
}

/// Channel `id` as Discord's channel object: a text channel, or a public thread with its
/// parent, creator and metadata.
fn channel_json(inner: &Inner, id: u64) -> Value {
    let state = inner.channels.get(&id).cloned().unwrap_or_default();
    let now = inner.clock.timestamp(inner.clock.now());
    match state.thread_parent {
        None => json!({
            "id": id.to_string(),
            "type": 0,
            "guild_id": GUILD_ID.to_string(),
            "name": "poker",
            "position": 0,
            "permission_overwrites": super::guild::overwrites_json(inner, id),
            "nsfw": false,
            "parent_id": null,
            "last_message_id": null,
            "rate_limit_per_user": 0,
        }),
        Some(parent) => json!({
            "id": id.to_string(),
            "type": PUBLIC_THREAD,
            "guild_id": GUILD_ID.to_string(),
            "parent_id": parent.to_string(),
            "owner_id": state.thread_owner.unwrap_or(1).to_string(),
            "name": state.thread_name.unwrap_or_else(|| "thread".to_owned()),
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": state.archived,
                "auto_archive_duration": 10080,
                "archive_timestamp": now,
                "locked": false,
                "create_timestamp": now,
            },
        }),
    }
}

impl FakeDiscord {
    /// The threads the bot started in `parent`, oldest first.
    pub fn threads_started_in(&self, parent: u64) -> Vec<u64> {
        let inner = self.lock();
        let mut started: Vec<u64> = inner
            .channels
            .iter()
            .filter(|(_, state)| {
                state.thread_parent == Some(parent) && state.thread_owner == Some(BOT_USER_ID)
            })
            .map(|(id, _)| *id)
            .collect();
        started.sort_unstable();
        started
    }

    /// Whether thread `thread` is archived.
    pub fn thread_archived(&self, thread: u64) -> bool {
        self.lock()
            .channels
            .get(&thread)
            .is_some_and(|state| state.archived)
    }

    /// The name thread `thread` was started with.
    pub fn thread_name(&self, thread: u64) -> Option<String> {
        self.lock()
            .channels
            .get(&thread)
            .and_then(|state| state.thread_name.clone())
    }
}
