//! The Discord REST calls whose 429 the bot waits out itself: the outbox's channel writes
//! (create, edit and delete a message), the turn mentions (an interaction followup and its
//! deletion) and the card emoji's upload at start (`bot::emoji`). With serenity's rate limiter off (behind a proxy, or a fake Discord), serenity's
//! error loses a 429's `retry_after`; this client keeps it (and Discord's error code).
//! Everything else goes through serenity's `Http`.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use secrecy::{ExposeSecret, SecretString};

/// Discord's own address; `[discord] api_proxy` replaces it.
pub const DISCORD_BASE: &str = "https://discord.com";

/// Discord's error code for "Cannot send messages to this user" (DMs closed).
pub const DM_CLOSED_CODE: i64 = 50007;
/// Discord's error code for an edit of a message older than an hour that it refuses.
pub const OLD_MESSAGE_EDIT_CODE: i64 = 30046;
/// Discord's error code for "Missing Permissions": the bot lacks a permission in the channel.
pub const MISSING_PERMISSIONS_CODE: i64 = 50013;
/// Discord's error code for "Missing Access": the bot cannot see the channel (View Channel
/// denied, a private thread it is not in); for a table it means the same as 50013.
pub const MISSING_ACCESS_CODE: i64 = 50001;
/// Discord's error code for "Unknown Channel": the channel or thread was deleted.
pub const UNKNOWN_CHANNEL_CODE: i64 = 10003;
/// Discord's error code for "Unknown Message": the message was deleted.
pub const UNKNOWN_MESSAGE_CODE: i64 = 10008;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RestError {
    #[error("rate limited; retry after {0:?}")]
    RateLimited(Duration),
    #[error("the user does not accept direct messages")]
    DmClosed,
    /// 403 with code 50013 (Missing Permissions) or 50001 (Missing Access: the bot cannot see
    /// the channel): Discord does not say which permission; the caller knows what the write
    /// needed (see `bot::permissions`).
    #[error("Discord refused: the bot lacks a permission in this channel (code 50013 or 50001)")]
    MissingPermissions,
    #[error("Discord answered {status} (code {code}): {message}")]
    Refused {
        status: u16,
        code: i64,
        message: String,
    },
    #[error("request failed: {0}")]
    Network(String),
}

impl RestError {
    /// Discord refused to edit a message because it is too old.
    pub fn is_old_message_edit(&self) -> bool {
        matches!(self, RestError::Refused { code, .. } if *code == OLD_MESSAGE_EDIT_CODE)
    }

    /// The channel or thread is gone (deleted): nothing will ever be written there again.
    pub fn is_unknown_channel(&self) -> bool {
        matches!(self, RestError::Refused { code, .. } if *code == UNKNOWN_CHANNEL_CODE)
    }

    /// The message is gone (deleted by a moderator or a purge bot).
    pub fn is_unknown_message(&self) -> bool {
        matches!(self, RestError::Refused { code, .. } if *code == UNKNOWN_MESSAGE_CODE)
    }

    /// Worth trying again later: the network or Discord failed, not our request.
    pub fn is_transient(&self) -> bool {
        match self {
            RestError::Network(_) => true,
            RestError::Refused { status, .. } => *status >= 500,
            _ => false,
        }
    }
}

/// The longest any call through serenity's `Http` may take (interaction callbacks, their
/// followups and edits, DMs opened, names looked up, commands registered): a stalled proxy or
/// a stuck stream must not hold a click (and with it the table's board) for ever. Discord
/// answers in well under a second; an interaction's callback is worth nothing after 3 s.
pub const SERENITY_CALL_TIMEOUT: Duration = Duration::from_secs(5);

/// The longest a message write of [`Rest`] may take before it counts as failed (and is tried
/// again by whoever asked).
pub const MESSAGE_WRITE_TIMEOUT: Duration = Duration::from_secs(15);

/// The HTTP client serenity's `Http` is built with: rustls, as serenity's own, and a timeout
/// on every call, which serenity's own lacks.
pub fn serenity_client() -> reqwest::Client {
    reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(SERENITY_CALL_TIMEOUT)
        .build()
        .unwrap_or_default()
}

/// Whether a call through serenity's `Http` gave up at [`SERENITY_CALL_TIMEOUT`].
pub fn timed_out(error: &poise::serenity_prelude::Error) -> bool {
    use poise::serenity_prelude::{Error, HttpError};
    matches!(error, Error::Http(HttpError::Request(request)) if request.is_timeout())
}

/// A small REST client for message writes; cheap to clone.
#[derive(Clone)]
pub struct Rest {
    client: reqwest::Client,
    api: String,
    authorization: SecretString,
    /// Until when Discord's global rate limit holds (a 429 with `global: true`): no call of
    /// any channel is sent before, since each would be another 429 towards Discord's ban on
    /// invalid requests.
    globally_limited_until: std::sync::Arc<std::sync::Mutex<Option<tokio::time::Instant>>>,
}

impl Rest {
    /// `base` is `https://discord.com` or the configured proxy.
    pub fn new(base: &str, token: &SecretString) -> Rest {
        let client = reqwest::Client::builder()
            .timeout(MESSAGE_WRITE_TIMEOUT)
            .build()
            .unwrap_or_default();
        Rest {
            client,
            api: format!("{}/api/v10", base.trim_end_matches('/')),
            authorization: SecretString::new(format!("Bot {}", token.expose_secret())),
            globally_limited_until: std::sync::Arc::new(std::sync::Mutex::new(None)),
        }
    }

    /// Waits out Discord's global rate limit, if one holds.
    async fn global_limit_passed(&self) {
        let until = *super::lock(&self.globally_limited_until);
        if let Some(until) = until {
            tokio::time::sleep_until(until).await;
        }
    }

    /// Posts a message; returns its id.
    pub async fn create_message(&self, channel: u64, body: &Value) -> Result<u64, RestError> {
        let answer = self
            .send(Method::POST, &format!("/channels/{channel}/messages"), body)
            .await?;
        snowflake(&answer["id"])
    }

    /// Starts a public thread named `name` under `parent`, archived after a quiet week;
    /// returns its id.
    pub async fn start_thread(&self, parent: u64, name: &str) -> Result<u64, RestError> {
        let body = serde_json::json!({"name": name, "type": 11, "auto_archive_duration": 10080});
        let answer = self
            .send(Method::POST, &format!("/channels/{parent}/threads"), &body)
            .await?;
        snowflake(&answer["id"])
    }

    pub async fn edit_message(
        &self,
        channel: u64,
        message: u64,
        body: &Value,
    ) -> Result<(), RestError> {
        self.send(
            Method::PATCH,
            &format!("/channels/{channel}/messages/{message}"),
            body,
        )
        .await
        .map(drop)
    }

    /// Deletes a message (the bot's own: no permission needed).
    pub async fn delete_message(&self, channel: u64, message: u64) -> Result<(), RestError> {
        self.send(
            Method::DELETE,
            &format!("/channels/{channel}/messages/{message}"),
            &Value::Null,
        )
        .await
        .map(drop)
    }

    /// Posts a followup message of an interaction (its token, younger than 15 minutes);
    /// returns the message's id.
    pub async fn create_followup(
        &self,
        application: u64,
        token: &str,
        body: &Value,
    ) -> Result<u64, RestError> {
        let answer = self
            .send(
                Method::POST,
                &format!("/webhooks/{application}/{token}"),
                body,
            )
            .await?;
        snowflake(&answer["id"])
    }

    /// Deletes a followup message of an interaction through its token.
    pub async fn delete_followup(
        &self,
        application: u64,
        token: &str,
        message: u64,
    ) -> Result<(), RestError> {
        self.send(
            Method::DELETE,
            &format!("/webhooks/{application}/{token}/messages/{message}"),
            &Value::Null,
        )
        .await
        .map(drop)
    }

    /// The bot's application id, as Discord tells it.
    pub async fn application_id(&self) -> Result<u64, RestError> {
        let answer = self
            .send(Method::GET, "/oauth2/applications/@me", &Value::Null)
            .await?;
        snowflake(&answer["id"])
    }

    /// The application's own emoji: each one's name and id.
    pub async fn application_emojis(
        &self,
        application: u64,
    ) -> Result<Vec<(String, u64)>, RestError> {
        let answer = self
            .send(
                Method::GET,
                &format!("/applications/{application}/emojis"),
                &Value::Null,
            )
            .await?;
        let items = answer["items"]
            .as_array()
            .ok_or_else(|| RestError::Network("Discord's emoji list has no items".to_owned()))?;
        items
            .iter()
            .map(|item| {
                let name = item["name"].as_str().unwrap_or_default().to_owned();
                Ok((name, snowflake(&item["id"])?))
            })
            .collect()
    }

    /// Makes `png` an emoji of the application named `name`; returns its id.
    pub async fn create_application_emoji(
        &self,
        application: u64,
        name: &str,
        png: &[u8],
    ) -> Result<u64, RestError> {
        use base64::Engine as _;
        let image = format!(
            "data:image/png;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(png)
        );
        let body = serde_json::json!({ "name": name, "image": image });
        let answer = self
            .send(
                Method::POST,
                &format!("/applications/{application}/emojis"),
                &body,
            )
            .await?;
        snowflake(&answer["id"])
    }

    async fn send(&self, method: Method, path: &str, body: &Value) -> Result<Value, RestError> {
        self.global_limit_passed().await;
        let mut request = self.client.request(method, format!("{}{path}", self.api));
        // An interaction's token is its own credential: its webhook takes no bot token.
        if !path.starts_with("/webhooks/") {
            request = request.header("authorization", self.authorization.expose_secret());
        }
        if !body.is_null() {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        let started = std::time::Instant::now();
        let response = request
            .send()
            .await
            .map_err(|error| RestError::Network(error.without_url().to_string()))?;
        let status = response.status();
        crate::telemetry::record::discord_rest(started.elapsed(), status.as_u16());
        let retry_header = response
            .headers()
            .get("retry-after")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<f64>().ok());
        let global_scope = response
            .headers()
            .get("x-ratelimit-scope")
            .is_some_and(|scope| scope.as_bytes() == b"global")
            || response.headers().contains_key("x-ratelimit-global");
        let text = response
            .text()
            .await
            .map_err(|error| RestError::Network(error.without_url().to_string()))?;
        let answer: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if status.is_success() {
            return Ok(answer);
        }
        if status == StatusCode::TOO_MANY_REQUESTS {
            // The body's value is precise (fractions of a second); the header is whole seconds.
            let seconds = answer["retry_after"]
                .as_f64()
                .or(retry_header)
                .unwrap_or(1.0)
                .clamp(0.0, 3600.0);
            let wait = Duration::from_secs_f64(seconds);
            if answer["global"] == Value::Bool(true) || global_scope {
                tracing::warn!(?wait, "Discord's global rate limit: every call waits");
                let until = tokio::time::Instant::now() + wait;
                let mut limited = super::lock(&self.globally_limited_until);
                *limited = Some(limited.map_or(until, |held| held.max(until)));
            }
            return Err(RestError::RateLimited(wait));
        }
        let code = answer["code"].as_i64().unwrap_or(0);
        if status == StatusCode::FORBIDDEN && code == DM_CLOSED_CODE {
            return Err(RestError::DmClosed);
        }
        if status == StatusCode::FORBIDDEN
            && (code == MISSING_PERMISSIONS_CODE || code == MISSING_ACCESS_CODE)
        {
            return Err(RestError::MissingPermissions);
        }
        Err(RestError::Refused {
            status: status.as_u16(),
            code,
            message: answer["message"].as_str().unwrap_or("").to_owned(),
        })
    }
}

fn snowflake(value: &Value) -> Result<u64, RestError> {
    value
        .as_str()
        .and_then(|id| id.parse().ok())
        .or_else(|| value.as_u64())
        .ok_or_else(|| RestError::Network("Discord's answer has no id".to_owned()))
}
