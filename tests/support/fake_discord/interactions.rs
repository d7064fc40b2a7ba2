//! What a test does as a Discord user (runs a slash command, clicks a button) and what it
//! waits for in return (the callback, the readable answer), plus builders for command options.
//! Every interaction is parsed with serenity's own types before it is sent.

use std::time::Duration;

use axum::http::Method;
use serde_json::{Value, json};
use serenity::model::application::Interaction;

use super::rules::ALL_PERMISSIONS;
use super::{
    APPLICATION_ID, FakeDiscord, FakeUser, GUILD_ID, InteractionRecord, Recorded, readable_text,
    user_json,
};

impl FakeDiscord {
    /// A user runs a slash command. `options` are the command's options as Discord sends them;
    /// build them with [`sub`], [`int`], [`user_opt`], [`string`]. Returns the interaction id.
    pub async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Vec<Value>,
    ) -> u64 {
        self.slash_made_ago(Duration::ZERO, user, channel, name, options)
            .await
    }

    /// [`FakeDiscord::slash`] for a command the user ran `late` ago on Discord's clock, whose
    /// event reaches the bot only now (a RESUME replaying it, a stalled dispatch): its id and
    /// its 3-second deadline say when it was made. Returns the interaction id.
    pub async fn slash_made_ago(
        &self,
        late: Duration,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Vec<Value>,
    ) -> u64 {
        self.add_user(user);
        self.add_channel(channel);
        let (id, made) = self.lock().new_id_made_ago(late);
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
        self.remember_interaction_made(id, &token, 2, user.id, channel, None, made);
        self.dispatch("INTERACTION_CREATE", interaction).await;
        id
    }

    /// A user clicks the button `custom_id` on message `message`. Returns the interaction id.
    pub async fn click(&self, user: &FakeUser, message: u64, custom_id: &str) -> u64 {
        self.click_made_ago(Duration::ZERO, user, message, custom_id)
            .await
    }

    /// [`FakeDiscord::click`] for a click made `late` ago on Discord's clock whose event
    /// reaches the bot only now (see [`FakeDiscord::slash_made_ago`]). Returns its id.
    pub async fn click_made_ago(
        &self,
        late: Duration,
        user: &FakeUser,
        message: u64,
        custom_id: &str,
    ) -> u64 {
        self.add_user(user);
        let stored = self
            .message(message)
            .unwrap_or_else(|| panic!("fake discord: no message {message} to click on"));
        let channel: u64 = stored["channel_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("stored message has a channel");
        let (id, made) = self.lock().new_id_made_ago(late);
        let token = format!("token-{id}");
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let interaction =
            self.interaction_json(id, &token, 3, user, channel, data, Some(stored.clone()));
        self.remember_interaction_made(id, &token, 3, user.id, channel, Some(message), made);
        self.dispatch("INTERACTION_CREATE", interaction).await;
        id
    }

    /// An interaction the fake remembers but does not send, for tests of the fake itself that
    /// answer it with plain HTTP: a slash command (`message: None`) or a click on `message`.
    /// Returns its id and token.
    pub fn remember_interaction_unsent(
        &self,
        user: &FakeUser,
        channel: u64,
        message: Option<u64>,
    ) -> (u64, String) {
        self.add_user(user);
        self.add_channel(channel);
        let id = self.lock().new_id();
        let token = format!("token-{id}");
        let kind = if message.is_some() { 3 } else { 2 };
        self.remember_interaction(id, &token, kind, user.id, channel, message);
        (id, token)
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
    /// included), from the moment the fake created it, on the fake's clock.
    pub async fn response_delay(&self, interaction: u64) -> Duration {
        let response = self.response_to(interaction).await;
        let created = self
            .lock()
            .interactions
            .get(&interaction)
            .map(|record| record.created)
            .expect("the fake sent this interaction");
        response.at.saturating_duration_since(created)
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

    /// The message interaction `id`'s response made (a type-4 response: an ephemeral one
    /// included), once it has one: what a user clicks the buttons of.
    pub async fn response_message(&self, interaction: u64) -> u64 {
        self.response_to(interaction).await;
        self.lock()
            .interactions
            .get(&interaction)
            .and_then(|record| record.original)
            .unwrap_or_else(|| panic!("fake discord: interaction {interaction} made no message"))
    }

    /// A user runs slash command `name` in `channel`; its readable answer (see
    /// [`FakeDiscord::answer_to`]).
    pub async fn ask(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Vec<Value>,
    ) -> Recorded {
        let id = self.slash(user, channel, name, options).await;
        self.answer_to(id).await
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
        let joined_at = inner.clock.timestamp(inner.clock.now());
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        for id in ids {
            let (name, bot) = inner.users.get(&id).map_or_else(
                || (format!("user{id}"), false),
                |user| (user.name.clone(), user.bot),
            );
            users.insert(id.to_string(), user_json(id, &name, bot));
            members.insert(
                id.to_string(),
                json!({"roles": [], "joined_at": joined_at, "deaf": false, "mute": false, "flags": 0}),
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
        let (joined_at, app_permissions, guild_locale, thread, permissions) = {
            let inner = self.lock();
            let permissions = super::guild::member_permissions(&inner, user, channel);
            let denied = inner.channels.get(&channel).map_or(0, |c| c.bot_denied);
            let thread = inner
                .channels
                .get(&channel)
                .is_some_and(|c| c.thread_parent.is_some());
            (
                inner.clock.timestamp(inner.clock.now()),
                ALL_PERMISSIONS & !denied,
                inner.guild_locale.clone(),
                thread,
                permissions,
            )
        };
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": GUILD_ID.to_string(),
            "channel_id": channel.to_string(),
            "channel": {"id": channel.to_string(), "type": super::world::channel_kind(thread), "name": "poker"},
            "member": {
                "user": user.json(),
                "roles": user.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
                "joined_at": joined_at,
                "deaf": false,
                "mute": false,
                "flags": 0,
                "permissions": permissions.to_string(),
            },
            "token": token,
            "version": 1,
            "app_permissions": app_permissions.to_string(),
            "locale": user.locale,
            "guild_locale": guild_locale,
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
        kind: u8,
        user: u64,
        channel: u64,
        message: Option<u64>,
    ) {
        let now = self.lock().clock.now();
        self.remember_interaction_made(id, token, kind, user, channel, message, now);
    }

    #[allow(clippy::too_many_arguments)]
    fn remember_interaction_made(
        &self,
        id: u64,
        token: &str,
        kind: u8,
        user: u64,
        channel: u64,
        message: Option<u64>,
        created: tokio::time::Instant,
    ) {
        let mut inner = self.lock();
        inner.interactions.insert(
            id,
            InteractionRecord {
                kind,
                user,
                channel,
                message,
                created,
                acknowledged: None,
                original: None,
                deferral_pending: false,
                followups: Vec::new(),
            },
        );
        inner.interaction_by_token.insert(token.to_owned(), id);
    }
}

pub(crate) fn is_deferral(body: &Value) -> bool {
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
