//! The fake guild's roles, owner and channel overwrites, and the permissions Discord computes
//! from them: a member's permissions in a channel (sent with each interaction as
//! `member.permissions`) are the @everyone role's and their roles' (everything for an
//! Administrator or the owner), then the channel's member overwrite (Discord's algorithm,
//! "Permission Overwrites"). Served as Discord serves them: `GET /guilds/{guild_id}` (the
//! guild with its roles and owner, checked against the spec's response schema) and the
//! overwrites `GET /channels/{channel_id}` lists (threads.rs serves that route); a role changed by a test is told to the bot with
//! GUILD_ROLE_UPDATE.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::outcome::Outcome;
use super::rules::{self, ALL_PERMISSIONS};
use super::{FakeDiscord, FakeUser, GUILD_ID, Inner, schema};

/// The server's owner.
pub const OWNER_ID: u64 = 100_000_000_000_000_900;
/// The role the test config names as `moderator_role`: no permission of its own.
pub const CONFIGURED_MODERATOR_ROLE: u64 = 555_000_000_000_000_001;
/// The server's staff: Manage Server and Manage Channels for the whole server.
pub const STAFF_ROLE: u64 = 555_000_000_000_000_100;
/// Administrator.
pub const ADMIN_ROLE: u64 = 555_000_000_000_000_101;

/// Discord's permission bits the fake's roles use.
pub const ADMINISTRATOR: u64 = 1 << 3;
pub const MANAGE_GUILD: u64 = 1 << 5;

/// What @everyone holds in a new server (View Channel, Send Messages, Embed Links, Read
/// Message History, among Discord's defaults).
pub const EVERYONE_PERMISSIONS: u64 = rules::VIEW_AND_SEND
    | rules::EMBED_LINKS
    | rules::READ_MESSAGE_HISTORY
    | rules::SEND_MESSAGES_IN_THREADS;

/// The roles of a new fake guild: @everyone (the guild's id), the configured moderator role,
/// the staff and the administrators.
pub(crate) fn starting_roles() -> std::collections::BTreeMap<u64, u64> {
    std::collections::BTreeMap::from([
        (GUILD_ID, EVERYONE_PERMISSIONS),
        (CONFIGURED_MODERATOR_ROLE, 0),
        (STAFF_ROLE, MANAGE_GUILD | rules::MANAGE_CHANNELS),
        (ADMIN_ROLE, ADMINISTRATOR),
    ])
}

/// A member's permissions in `channel` (a thread takes its parent's overwrites), as Discord
/// computes them.
pub(crate) fn member_permissions(inner: &Inner, user: &FakeUser, channel: u64) -> u64 {
    if user.id == OWNER_ID {
        return ALL_PERMISSIONS;
    }
    let everyone = inner.roles.get(&GUILD_ID).copied().unwrap_or(0);
    let base = user
        .roles
        .iter()
        .filter_map(|role| inner.roles.get(role))
        .fold(everyone, |held, role| held | role);
    if base & ADMINISTRATOR != 0 {
        return ALL_PERMISSIONS;
    }
    let parent = inner
        .channels
        .get(&channel)
        .and_then(|state| state.thread_parent)
        .unwrap_or(channel);
    match inner
        .channels
        .get(&parent)
        .and_then(|state| state.member_overwrites.get(&user.id))
    {
        Some((allow, deny)) => (base & !deny) | allow,
        None => base,
    }
}

fn role_json(id: u64, permissions: u64, position: usize) -> Value {
    let name = match id {
        GUILD_ID => "@everyone".to_owned(),
        STAFF_ROLE => "Staff".to_owned(),
        ADMIN_ROLE => "Admins".to_owned(),
        CONFIGURED_MODERATOR_ROLE => "Poker moderators".to_owned(),
        other => format!("role {other}"),
    };
    json!({
        "id": id.to_string(),
        "name": name,
        "permissions": permissions.to_string(),
        "position": position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "managed": false,
        "mentionable": false,
        "icon": null,
        "unicode_emoji": null,
        "flags": 0,
    })
}

/// `GET /guilds/{guild_id}`: the guild, its roles and its owner. A guild the bot is not in
/// (removed, or never added) answers 403 50001; one Discord does not know, 404 10004.
pub(crate) fn get_guild(inner: &mut Inner, guild: u64) -> Outcome {
    if guild != GUILD_ID {
        return Outcome::error((
            StatusCode::NOT_FOUND,
            rules::error_body(10004, "Unknown Guild"),
        ));
    }
    if inner.removed_from_guild {
        return Outcome::error(rules::missing_access());
    }
    inner.guild_reads += 1;
    let roles: Vec<Value> = inner
        .roles
        .iter()
        .enumerate()
        .map(|(position, (id, permissions))| role_json(*id, *permissions, position))
        .collect();
    let body = json!({
        "id": GUILD_ID.to_string(),
        "name": "Poker night",
        "icon": null,
        "description": null,
        "home_header": null,
        "splash": null,
        "discovery_splash": null,
        "features": [],
        "banner": null,
        "owner_id": OWNER_ID.to_string(),
        "application_id": null,
        "region": "deprecated",
        "afk_channel_id": null,
        "afk_timeout": 300,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "roles": roles,
        "default_message_notifications": 1,
        "mfa_level": 0,
        "explicit_content_filter": 0,
        "max_presences": null,
        "max_members": 500_000,
        "max_stage_video_channel_users": 50,
        "max_video_channel_users": 25,
        "vanity_url_code": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": inner.guild_locale,
        "rules_channel_id": null,
        "safety_alerts_channel_id": null,
        "public_updates_channel_id": null,
        "premium_progress_bar_enabled": false,
        "nsfw": false,
        "nsfw_level": 0,
        "emojis": [],
        "stickers": [],
        "incidents_data": null,
    });
    answered_as_documented(inner, "/guilds/{guild_id}", body)
}

/// Channel `channel`'s permission overwrites as Discord lists them: each member overwrite a
/// test set, and the bot's own denials.
pub(crate) fn overwrites_json(inner: &Inner, channel: u64) -> Vec<Value> {
    let mut overwrites: Vec<Value> = inner
        .channels
        .get(&channel)
        .map(|state| {
            state
                .member_overwrites
                .iter()
                .map(|(user, (allow, deny))| {
                    json!({"id": user.to_string(), "type": 1, "allow": allow.to_string(), "deny": deny.to_string()})
                })
                .collect()
        })
        .unwrap_or_default();
    let denied = inner
        .channels
        .get(&channel)
        .map_or(0, |state| state.bot_denied);
    if denied != 0 {
        overwrites.push(json!({
            "id": super::BOT_USER_ID.to_string(),
            "type": 1,
            "allow": "0",
            "deny": denied.to_string(),
        }));
    }
    overwrites
}

/// `body` as the fake's 200 answer to `GET template`, once checked against the spec's
/// response schema and serenity's model: an answer Discord would not give is a violation.
fn answered_as_documented(inner: &mut Inner, template: &str, body: Value) -> Outcome {
    if let Err(error) = schema::validate_answer("get", template, &body) {
        inner.violation(format!(
            "fake discord: the fake's answer to GET {template} breaks Discord's schema: {error}\n{body}"
        ));
    }
    let parsed = match template {
        "/guilds/{guild_id}" => {
            serde_json::from_value::<serenity::model::guild::PartialGuild>(body.clone()).map(drop)
        }
        _ => serde_json::from_value::<serenity::model::channel::Channel>(body.clone()).map(drop),
    };
    if let Err(error) = parsed {
        inner.violation(format!(
            "fake discord: serenity cannot parse the fake's answer to GET {template}: {error}\n{body}"
        ));
    }
    Outcome::ok(body)
}

impl FakeDiscord {
    /// Gives `user`, in `channel` only, the permissions `allow` (a member overwrite, as a
    /// temporary-voice bot gives a member their own channel).
    pub fn allow_member_in(&self, user: &FakeUser, channel: u64, allow: u64) {
        let mut inner = self.lock();
        let overwrite = inner
            .channels
            .entry(channel)
            .or_default()
            .member_overwrites
            .entry(user.id)
            .or_insert((0, 0));
        overwrite.0 |= allow;
        overwrite.1 &= !allow;
    }

    /// A new role holding `permissions` (not yet given to anyone): its id.
    pub fn add_role(&self, permissions: u64) -> u64 {
        let mut inner = self.lock();
        let id = inner.new_id();
        inner.roles.insert(id, permissions);
        id
    }

    /// A server admin changes what `role` holds: GUILD_ROLE_UPDATE to the bot.
    pub async fn set_role_permissions(&self, role: u64, permissions: u64) {
        let position = {
            let mut inner = self.lock();
            inner.roles.insert(role, permissions);
            inner.roles.keys().position(|id| *id == role).unwrap_or(0)
        };
        self.dispatch(
            "GUILD_ROLE_UPDATE",
            json!({"guild_id": GUILD_ID.to_string(), "role": role_json(role, permissions, position)}),
        )
        .await;
    }

    /// How many times the bot has read the guild (`GET /guilds/{guild_id}`, answered 200).
    pub fn guild_reads(&self) -> u64 {
        self.lock().guild_reads
    }
}

impl FakeUser {
    /// The server's staff: Manage Server and Manage Channels for the whole server.
    pub fn staff(id: u64, name: &str) -> FakeUser {
        FakeUser::player(id, name).with_role(STAFF_ROLE)
    }

    /// An Administrator of the server.
    pub fn admin(id: u64, name: &str) -> FakeUser {
        FakeUser::player(id, name).with_role(ADMIN_ROLE)
    }

    /// The server's owner (no role needed).
    pub fn owner(name: &str) -> FakeUser {
        FakeUser::player(OWNER_ID, name)
    }
}
