//! What the fake answers one REST request (an [`Outcome`]: a status, a body, who may read
//! what was written), a test's forced 429, and the check that serenity can read a fixture
//! the fake hands it. Every route's handler answers with it; the routes are [`super::rest`]'s.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{Inner, Visibility, rules};

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
pub(crate) fn assert_serenity_parses<T: serde::de::DeserializeOwned>(
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
