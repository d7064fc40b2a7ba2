//! Interaction responses as Discord takes them: the callback (once, within 3 seconds, of a
//! type that fits the interaction), then followups and edits with the interaction's token
//! (for 15 minutes, and only once there is a response). The first followup after a type-5
//! deferral takes the deferral's visibility: its own `flags: 64` is ignored, as on Discord
//! (discord-api-docs pull 3466).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::messages::{edit_message, new_message};
use super::outcome::{Outcome, forced_rate_limit};
use super::rules::{self, EPHEMERAL, INTERACTION_DEADLINE, LOADING, TOKEN_LIFETIME};
use super::{Acknowledged, Inner, Visibility};

/// `POST /interactions/{id}/{token}/callback`.
pub(crate) fn callback(inner: &mut Inner, id: u64, token: &str, body: &Value) -> Outcome {
    let answering = Some(id);
    if let Some(limited) = forced_rate_limit(inner, true) {
        return limited.answering(answering);
    }
    let known = inner.interaction_by_token.get(token) == Some(&id);
    let Some(record) = inner.interactions.get(&id).cloned().filter(|_| known) else {
        return Outcome::error(rules::unknown_interaction());
    };
    let kind = body["type"].as_u64().unwrap_or(0);
    let elapsed = inner.clock.now().saturating_duration_since(record.created);
    if elapsed > INTERACTION_DEADLINE {
        inner.violation(format!(
            "fake discord: interaction {id} answered (type {kind}) after {elapsed:?}, past Discord's 3 seconds: 10062, the user sees \"This interaction failed\""
        ));
        return Outcome::error(rules::unknown_interaction()).answering(answering);
    }
    if record.acknowledged.is_some() {
        inner.violation(format!(
            "fake discord: interaction {id} acknowledged twice (type {kind} after {:?}): 40060",
            record.acknowledged
        ));
        return Outcome::error(rules::already_acknowledged()).answering(answering);
    }
    let component = record.kind == 3;
    if matches!(kind, 6 | 7) && !component {
        inner.violation(format!(
            "fake discord: interaction {id} is a slash command: a type-{kind} response is only for message components"
        ));
        return Outcome::error(rules::invalid_form_body(&format!(
            "Interaction response type {kind} is not valid for this interaction"
        )))
        .answering(answering);
    }
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    if matches!(kind, 4 | 7)
        && let Err(fault) = rules::message_limits(&data)
    {
        inner.violation(format!(
            "fake discord: the type-{kind} response to interaction {id} breaks Discord's limits: {fault}"
        ));
        return Outcome::error(rules::invalid_form_body(&fault)).answering(answering);
    }
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0;
    let private_or_channel = |ephemeral: bool| {
        if ephemeral {
            Visibility::Ephemeral(record.user)
        } else {
            Visibility::Channel(record.channel)
        }
    };
    let (acknowledged, original, visibility, pending) = match kind {
        4 => {
            let visibility = private_or_channel(ephemeral);
            let message = new_message(inner, record.channel, &data, visibility.clone());
            (
                Acknowledged::Message { ephemeral },
                message_id(&message),
                visibility,
                false,
            )
        }
        5 => {
            let flags = LOADING | if ephemeral { EPHEMERAL } else { 0 };
            let placeholder = json!({"content": "", "flags": flags});
            let message = new_message(
                inner,
                record.channel,
                &placeholder,
                private_or_channel(ephemeral),
            );
            (
                Acknowledged::Deferred { ephemeral },
                message_id(&message),
                Visibility::Nobody,
                true,
            )
        }
        6 => (
            Acknowledged::DeferredUpdate,
            record.message,
            Visibility::Nobody,
            false,
        ),
        7 => {
            let target = record.message.unwrap_or(0);
            let seen = inner
                .messages
                .get(&target)
                .map_or(Visibility::Channel(record.channel), |m| {
                    m.visibility.clone()
                });
            if let Err(refused) = edit_message(inner, target, &data) {
                return Outcome::error(refused).answering(answering);
            }
            (Acknowledged::Updated, record.message, seen, false)
        }
        other => {
            inner.violation(format!(
                "fake discord: interaction {id} answered with type {other}, which the bot has no use for"
            ));
            return Outcome::error(rules::invalid_form_body("unexpected response type"))
                .answering(answering);
        }
    };
    if let Some(entry) = inner.interactions.get_mut(&id) {
        entry.acknowledged = Some(acknowledged);
        entry.original = original;
        entry.deferral_pending = pending;
    }
    Outcome::no_content()
        .seen_by(visibility)
        .answering(answering)
}

fn message_id(message: &Value) -> Option<u64> {
    message["id"].as_str().and_then(|id| id.parse().ok())
}

/// `/webhooks/{application}/{token}[/messages/{id | @original}]`: followups and edits.
pub(crate) fn webhook(
    inner: &mut Inner,
    method: &Method,
    token: &str,
    rest: &[&str],
    body: &Value,
) -> Outcome {
    if *method != Method::GET
        && let Some(limited) = forced_rate_limit(inner, true)
    {
        return limited;
    }
    let Some(id) = inner.interaction_by_token.get(token).copied() else {
        inner.violation(format!(
            "fake discord: {method} with a token the fake never gave: {token}"
        ));
        return Outcome::error(rules::unknown_webhook());
    };
    let answering = Some(id);
    let record = inner.interactions[&id].clone();
    let age = inner.clock.now().saturating_duration_since(record.created);
    if age > TOKEN_LIFETIME {
        // Not a violation by itself: the bot must cope (the test checks what it then does).
        return Outcome::error(rules::invalid_webhook_token()).answering(answering);
    }
    if record.acknowledged.is_none() {
        inner.violation(format!(
            "fake discord: {method} /webhooks/.../{} for interaction {id} before any response to it",
            rest.join("/")
        ));
        let refusal = if rest.is_empty() {
            rules::unknown_webhook()
        } else {
            rules::unknown_message()
        };
        return Outcome::error(refusal).answering(answering);
    }
    if (*method == Method::POST || *method == Method::PATCH)
        && let Err(fault) = rules::message_limits(body)
    {
        inner.violation(format!(
            "fake discord: {method} /webhooks/.../{} for interaction {id} breaks Discord's limits: {fault}",
            rest.join("/")
        ));
        return Outcome::error(rules::invalid_form_body(&fault)).answering(answering);
    }
    let target = match rest {
        ["messages", "@original"] => record.original,
        ["messages", which] => which
            .parse::<u64>()
            .ok()
            .filter(|m| record.original == Some(*m) || record.followups.contains(m)),
        _ => None,
    };
    let outcome = match (method.clone(), rest) {
        (Method::POST, []) if record.deferral_pending => {
            // The first followup after a deferral replaces "is thinking...": the deferral's
            // visibility, whatever the followup's own flags say.
            let original = record.original.unwrap_or(0);
            finish_deferral(inner, id, original, body)
        }
        (Method::POST, []) => {
            let ephemeral = body["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0;
            let visibility = if ephemeral {
                Visibility::Ephemeral(record.user)
            } else {
                Visibility::Channel(record.channel)
            };
            let message = new_message(inner, record.channel, body, visibility.clone());
            if let (Some(entry), Some(created)) =
                (inner.interactions.get_mut(&id), message_id(&message))
            {
                entry.followups.push(created);
            }
            Outcome::ok(message).seen_by(visibility)
        }
        (Method::GET, ["messages", _]) => {
            match target.and_then(|target| inner.messages.get(&target)) {
                Some(message) => Outcome::ok(message.json.clone()),
                None => Outcome::error(rules::unknown_message()),
            }
        }
        (Method::PATCH, ["messages", which]) => match target {
            Some(target) if *which == "@original" && record.deferral_pending => {
                finish_deferral(inner, id, target, body)
            }
            Some(target) => {
                let seen = inner
                    .messages
                    .get(&target)
                    .map_or(Visibility::Nobody, |m| m.visibility.clone());
                match edit_message(inner, target, body) {
                    Ok(edited) => Outcome::ok(edited).seen_by(seen),
                    Err(refused) => Outcome::error(refused),
                }
            }
            None => {
                if *which == "@original" {
                    inner.violation(format!(
                        "fake discord: PATCH @original of interaction {id}, which has no original response"
                    ));
                }
                Outcome::error(rules::unknown_message())
            }
        },
        (Method::DELETE, ["messages", _]) => match target {
            Some(target) if inner.messages.remove(&target).is_some() => Outcome::no_content(),
            _ => Outcome::error(rules::unknown_message()),
        },
        _ => {
            inner.violation(format!(
                "fake discord: {method} /webhooks/.../{}: a webhook route the fake does not serve",
                rest.join("/")
            ));
            Outcome::error((
                StatusCode::NOT_FOUND,
                rules::error_body(0, "the fake does not serve this webhook route"),
            ))
        }
    };
    outcome.answering(answering)
}

/// The deferral's placeholder becomes the answer, seen by whom the deferral chose.
fn finish_deferral(inner: &mut Inner, id: u64, placeholder: u64, body: &Value) -> Outcome {
    let seen = inner
        .messages
        .get(&placeholder)
        .map_or(Visibility::Nobody, |m| m.visibility.clone());
    match edit_message(inner, placeholder, body) {
        Ok(mut edited) => {
            let flags = edited["flags"].as_u64().unwrap_or(0) & !LOADING;
            edited["flags"] = json!(flags);
            if let Some(stored) = inner.messages.get_mut(&placeholder) {
                stored.json["flags"] = json!(flags);
            }
            if let Some(entry) = inner.interactions.get_mut(&id) {
                entry.deferral_pending = false;
            }
            Outcome::ok(edited).seen_by(seen)
        }
        Err(refused) => Outcome::error(refused),
    }
}
