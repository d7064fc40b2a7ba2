//! The application's own emoji: `GET` and `POST /applications/{application}/emojis`, as
//! Discord answers them, with the rules its spec cannot say (Discord's documentation of
//! emoji): a name of 2 to 32 letters, digits and `_`, unique in the application; an image sent
//! as a `data:` URI of a PNG, JPEG, GIF, WebP or AVIF, base64, at most 256 KiB; at most 2,000
//! emoji an application. A body a correct bot never sends is a violation; what Discord
//! refuses in the normal run of things (a name taken, the limit reached, a 429) is answered
//! as Discord does.

use axum::http::StatusCode;
use base64::Engine as _;
use serde_json::{Value, json};

use super::outcome::{Outcome, checked};
use super::{APPLICATION_ID, BOT_USER_ID, FakeDiscord, Inner, rules, user_json};

/// The most emoji an application may own.
pub const MAX_APPLICATION_EMOJI: usize = 2_000;
/// The largest emoji image Discord takes.
pub const MAX_EMOJI_BYTES: usize = 256 * 1024;

/// One emoji of the application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppEmoji {
    pub id: u64,
    pub name: String,
    /// The image's bytes, decoded from the upload.
    pub image: Vec<u8>,
}

/// What a test set about emoji creation.
#[derive(Debug, Clone, Default)]
pub(crate) struct EmojiSettings {
    /// Every creation is refused with this answer.
    refusal: Option<(StatusCode, Value)>,
    /// The next this many creations answer 429 with this `retry_after`.
    rate_limited: Option<(u32, f64)>,
}

impl FakeDiscord {
    /// The application's emoji, oldest first.
    pub fn application_emoji(&self) -> Vec<AppEmoji> {
        self.lock().app_emoji.clone()
    }

    /// An emoji the application already has (made by hand in the developer portal).
    pub fn add_application_emoji(&self, name: &str) {
        let mut inner = self.lock();
        let id = inner.new_id();
        inner.app_emoji.push(AppEmoji {
            id,
            name: name.to_owned(),
            image: Vec::new(),
        });
    }

    /// From now on Discord refuses every emoji creation with `status` and error `code`.
    pub fn refuse_emoji_creation(&self, status: u16, code: u64, message: &str) {
        let status = StatusCode::from_u16(status).expect("an HTTP status");
        self.lock().emoji_settings.refusal = Some((status, rules::error_body(code, message)));
    }

    /// The next `count` emoji creations answer 429 with `retry_after` seconds.
    pub fn rate_limit_emoji_creation(&self, count: u32, retry_after: f64) {
        self.lock().emoji_settings.rate_limited = Some((count, retry_after));
    }
}

/// `GET` or `POST /applications/{application}/emojis`.
pub(crate) fn application_emojis(
    inner: &mut Inner,
    method: &axum::http::Method,
    application: &str,
    body: &Value,
) -> Outcome {
    if application != APPLICATION_ID.to_string() {
        inner.violation(format!(
            "fake discord: {method} /applications/{application}/emojis names another application than the bot's ({APPLICATION_ID})"
        ));
        return Outcome::error(rules::missing_access());
    }
    if *method == axum::http::Method::GET {
        let items: Vec<Value> = inner.app_emoji.iter().map(emoji_json).collect();
        let list = json!({ "items": items });
        for item in &items {
            checked::<serenity::model::guild::Emoji>(inner, "emoji", item.clone());
        }
        return Outcome::ok(list);
    }
    create(inner, body)
}

fn create(inner: &mut Inner, body: &Value) -> Outcome {
    let image = match creation_body(body) {
        Ok(image) => image,
        Err(fault) => {
            inner.violation(format!(
                "fake discord: POST /applications/{APPLICATION_ID}/emojis breaks Discord's rules for emoji: {fault}"
            ));
            return Outcome::error(rules::invalid_form_body(&fault));
        }
    };
    let settings = &mut inner.emoji_settings;
    if let Some((remaining, retry_after)) = settings.rate_limited.as_mut()
        && *remaining > 0
    {
        *remaining -= 1;
        let retry_after = *retry_after;
        return Outcome::error(rules::rate_limited(retry_after));
    }
    if let Some(refusal) = settings.refusal.clone() {
        return Outcome::error(refusal);
    }
    let name = body["name"].as_str().unwrap_or_default().to_owned();
    if inner.app_emoji.iter().any(|emoji| emoji.name == name) {
        return Outcome::error((
            StatusCode::BAD_REQUEST,
            json!({"code": 50035, "message": "Invalid Form Body", "errors": {"name": {"_errors": [
                {"code": "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "message": "Emoji name already taken"}
            ]}}}),
        ));
    }
    if inner.app_emoji.len() >= MAX_APPLICATION_EMOJI {
        return Outcome::error((
            StatusCode::BAD_REQUEST,
            rules::error_body(30008, "Maximum number of emojis reached (2000)"),
        ));
    }
    let id = inner.new_id();
    let emoji = AppEmoji { id, name, image };
    let answer = emoji_json(&emoji);
    inner.app_emoji.push(emoji);
    let mut outcome = Outcome::ok(checked::<serenity::model::guild::Emoji>(
        inner, "emoji", answer,
    ));
    outcome.status = StatusCode::CREATED;
    outcome
}

/// The image an emoji creation carries, once its name and image keep Discord's rules.
fn creation_body(body: &Value) -> Result<Vec<u8>, String> {
    let name = body["name"].as_str().unwrap_or_default();
    let name_ok = (2..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !name_ok {
        return Err(format!(
            "the name {name:?} is not 2 to 32 letters, digits and underscores"
        ));
    }
    let image = body["image"].as_str().unwrap_or_default();
    let Some((kind, data)) = image
        .strip_prefix("data:")
        .and_then(|rest| rest.split_once(";base64,"))
    else {
        return Err("the image is not a data URI with base64 data".to_owned());
    };
    if ![
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/webp",
        "image/avif",
    ]
    .contains(&kind)
    {
        return Err(format!("the image's type {kind} is not one Discord takes"));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|error| format!("the image's base64 does not decode: {error}"))?;
    if bytes.len() > MAX_EMOJI_BYTES {
        return Err(format!(
            "the image is {} bytes, more than {MAX_EMOJI_BYTES}",
            bytes.len()
        ));
    }
    if kind == "image/png" && !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err("the image says PNG but is not one".to_owned());
    }
    Ok(bytes)
}

/// An emoji as Discord returns it.
fn emoji_json(emoji: &AppEmoji) -> Value {
    json!({
        "id": emoji.id.to_string(),
        "name": emoji.name,
        "roles": [],
        "user": user_json(BOT_USER_ID, "studbot", true),
        "require_colons": true,
        "managed": false,
        "animated": false,
        "available": true,
    })
}
