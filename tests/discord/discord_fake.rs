//! The fake Discord's own guarantees, which every end-to-end test relies on: it is at least as
//! strict as Discord. Each rule is provoked with plain HTTP, as a faulty bot would.

use crate::support;

use std::time::Duration;

use serde_json::{Value, json};
use support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_000_901;

/// Plain HTTP to the fake, as a bot would call Discord.
struct Api {
    client: reqwest::Client,
    base: String,
}

struct Answer {
    status: u16,
    body: Value,
    retry_after: Option<String>,
}

impl Answer {
    fn code(&self) -> Option<u64> {
        self.body["code"].as_u64()
    }

    fn id(&self) -> u64 {
        self.body["id"].as_str().unwrap().parse().unwrap()
    }
}

impl Api {
    fn new(fake: &FakeDiscord) -> Api {
        Api {
            client: reqwest::Client::new(),
            base: format!("{}/api/v10", fake.api_base()),
        }
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get("retry-after")
            .map(|value| value.to_str().unwrap().to_owned());
        let body = serde_json::from_str(&response.text().await.unwrap()).unwrap_or(Value::Null);
        Answer {
            status,
            body,
            retry_after,
        }
    }

    async fn post(&self, path: &str, body: Value) -> Answer {
        self.call("POST", path, Some(body)).await
    }

    async fn patch(&self, path: &str, body: Value) -> Answer {
        self.call("PATCH", path, Some(body)).await
    }
}

fn uma() -> FakeUser {
    FakeUser::player(100_000_000_000_000_901, "Uma")
}

/// The one violation the fake recorded, which must mention every one of `words`.
fn assert_one_violation(fake: &FakeDiscord, words: &[&str]) {
    let violations = fake.take_violations();
    assert_eq!(violations.len(), 1, "{violations:#?}");
    for word in words {
        assert!(
            violations[0].contains(word),
            "{word:?} not in {}",
            violations[0]
        );
    }
}

#[tokio::test]
async fn closed_dms_answer_50007_and_asked_for_rate_limits_answer_429_with_retry_after() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    let user = uma();
    fake.add_user(&user);
    fake.add_channel(CHANNEL);

    let channel = api
        .post(
            "/users/@me/channels",
            json!({"recipient_id": user.id.to_string()}),
        )
        .await;
    assert_eq!(channel.status, 200);
    let dm = channel.body["id"].as_str().unwrap().to_owned();
    let sent = api
        .post(
            &format!("/channels/{dm}/messages"),
            json!({"content": "hi"}),
        )
        .await;
    assert_eq!(sent.status, 200);
    fake.close_dms(user.id);
    let refused = api
        .post(
            &format!("/channels/{dm}/messages"),
            json!({"content": "hi"}),
        )
        .await;
    assert_eq!((refused.status, refused.code()), (403, Some(50007)));

    fake.rate_limit_channel_writes(2, 1.5);
    for _ in 0..2 {
        let limited = api
            .post(
                &format!("/channels/{CHANNEL}/messages"),
                json!({"content": "x"}),
            )
            .await;
        assert_eq!(limited.status, 429);
        assert_eq!(limited.body["retry_after"], 1.5);
        assert_eq!(limited.retry_after.as_deref(), Some("2"));
    }
    let sent = api
        .post(
            &format!("/channels/{CHANNEL}/messages"),
            json!({"content": "x"}),
        )
        .await;
    assert_eq!(sent.status, 200);
    assert_eq!(fake.message(sent.id()).unwrap()["content"], "x");

    let visibilities: Vec<Visibility> = fake
        .requests()
        .iter()
        .map(|r| r.visibility.clone())
        .collect();
    assert_eq!(
        visibilities,
        vec![
            Visibility::Nobody,
            Visibility::Dm(user.id),
            Visibility::Nobody,
            Visibility::Nobody,
            Visibility::Nobody,
            Visibility::Channel(CHANNEL),
        ]
    );
}

#[tokio::test]
async fn a_route_discord_does_not_have_is_a_violation_naming_it() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    let answer = api
        .post(
            &format!("/channels/{CHANNEL}/mesages"),
            json!({"content": "x"}),
        )
        .await;
    assert_eq!(answer.status, 404);
    assert_one_violation(&fake, &["POST", "/mesages", "not in Discord's API"]);

    // A route Discord has, with a method it does not.
    let answer = api
        .call("PUT", &format!("/channels/{CHANNEL}/messages"), None)
        .await;
    assert_eq!(answer.status, 404);
    assert_one_violation(&fake, &["PUT", "/channels/{channel_id}/messages", "no PUT"]);
}

#[tokio::test]
async fn a_body_that_breaks_discords_schema_is_a_violation_naming_route_and_field() {
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL);
    let api = Api::new(&fake);
    let answer = api
        .post(
            &format!("/channels/{CHANNEL}/messages"),
            json!({"content": "x", "tts": "yes"}),
        )
        .await;
    assert_eq!((answer.status, answer.code()), (400, Some(50035)));
    assert_one_violation(&fake, &["/channels/{channel_id}/messages", "/tts"]);

    // A button without a style, in an interaction response.
    let (id, token) = fake.remember_interaction_unsent(&uma(), CHANNEL, None);
    let answer = api
        .post(
            &format!("/interactions/{id}/{token}/callback"),
            json!({"type": 4, "data": {"content": "x", "components": [
                {"type": 1, "components": [{"type": 2, "label": "go", "custom_id": "go"}]}
            ]}}),
        )
        .await;
    assert_eq!(answer.status, 400);
    assert_one_violation(
        &fake,
        &["/interactions/{interaction_id}/{interaction_token}/callback"],
    );
    // A valid body passes.
    let answer = api
        .post(
            &format!("/channels/{CHANNEL}/messages"),
            json!({"content": "x", "allowed_mentions": {"parse": []}}),
        )
        .await;
    assert_eq!(answer.status, 200);
    assert!(fake.take_violations().is_empty());
}

fn buttons(count: usize, label: &str, custom_id: &str) -> Value {
    let row: Vec<Value> = (0..count)
        .map(|index| json!({"type": 2, "style": 1, "label": label, "custom_id": format!("{custom_id}{index}")}))
        .collect();
    json!({"type": 1, "components": row})
}

#[tokio::test]
async fn message_limits_are_counted_in_utf16_code_units_and_component_counts() {
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL);
    fake.without_channel_buckets();
    let api = Api::new(&fake);
    let path = format!("/channels/{CHANNEL}/messages");
    // 🂠 is one char but two UTF-16 code units: 1,000 of them are Discord's 2,000.
    let at_limit = "🂠".repeat(1000);
    let answer = api.post(&path, json!({"content": at_limit})).await;
    assert_eq!(answer.status, 200);
    let over = format!("{at_limit}x");
    assert_eq!(over.chars().count(), 1001, "well under 2,000 chars");
    let answer = api.post(&path, json!({"content": over})).await;
    assert_eq!((answer.status, answer.code()), (400, Some(50035)));
    assert_one_violation(&fake, &["2001 UTF-16 code units"]);

    let label_at_limit = "💰".repeat(40);
    let answer = api
        .post(
            &path,
            json!({"content": "x", "components": [buttons(5, &label_at_limit, "b")]}),
        )
        .await;
    assert_eq!(answer.status, 200);
    // Refused by Discord whether or not its schema says so (the spec counts code points).
    let cases = [
        (
            json!([buttons(1, &format!("{label_at_limit}x"), "b")]),
            "81 UTF-16",
        ),
        (json!([buttons(1, "ok", &"💰".repeat(50))]), "101 UTF-16"),
        (json!([buttons(6, "ok", "b")]), "6 buttons"),
        (
            json!(
                (0..6)
                    .map(|row| buttons(1, "ok", &format!("r{row}")))
                    .collect::<Vec<_>>()
            ),
            "6 rows",
        ),
    ];
    for (components, words) in cases {
        let body = json!({"content": "x", "components": components});
        let fault = rules::message_limits(&body).unwrap_err();
        assert!(fault.contains(words), "{words}: {fault}");
        let answer = api.post(&path, body).await;
        assert_eq!(
            (answer.status, answer.code()),
            (400, Some(50035)),
            "{words}"
        );
        assert_one_violation(&fake, &["/channels/"]);
    }
}

#[tokio::test]
async fn each_channel_has_its_own_bucket_of_five_writes_per_five_seconds() {
    let fake = FakeDiscord::start().await;
    let other = CHANNEL + 1;
    fake.add_channel(CHANNEL);
    fake.add_channel(other);
    let api = Api::new(&fake);
    let path = format!("/channels/{CHANNEL}/messages");
    let first = api.post(&path, json!({"content": "0"})).await;
    for index in 1..5 {
        let edit = api
            .patch(
                &format!("{path}/{}", first.id()),
                json!({"content": index.to_string()}),
            )
            .await;
        assert_eq!(edit.status, 200, "edits count as writes, and 5 are allowed");
    }
    let limited = api.post(&path, json!({"content": "6"})).await;
    assert_eq!(limited.status, 429);
    let retry_after = limited.body["retry_after"].as_f64().unwrap();
    assert!(retry_after > 0.0 && retry_after <= 5.0, "{retry_after}");
    // Another channel is not limited by this one.
    assert_eq!(
        api.post(
            &format!("/channels/{other}/messages"),
            json!({"content": "x"})
        )
        .await
        .status,
        200
    );
    // Once the window has passed, the channel takes writes again.
    fake.advance(Duration::from_secs(5));
    assert_eq!(api.post(&path, json!({"content": "7"})).await.status, 200);
    assert!(
        fake.take_violations().is_empty(),
        "a 429 is Discord's answer, not a violation"
    );
}

#[tokio::test]
async fn an_edit_of_a_message_older_than_an_hour_answers_30046() {
    let fake = FakeDiscord::start().await;
    fake.add_channel(CHANNEL);
    let api = Api::new(&fake);
    let path = format!("/channels/{CHANNEL}/messages");
    let posted = api.post(&path, json!({"content": "board"})).await;
    let stamped = posted.body["timestamp"].as_str().unwrap().to_owned();
    fake.advance(Duration::from_secs(59 * 60));
    let edit = api
        .patch(
            &format!("{path}/{}", posted.id()),
            json!({"content": "later"}),
        )
        .await;
    assert_eq!(edit.status, 200, "59 minutes old: still editable");
    fake.advance(Duration::from_secs(2 * 60));
    let edit = api
        .patch(
            &format!("{path}/{}", posted.id()),
            json!({"content": "too late"}),
        )
        .await;
    assert_eq!((edit.status, edit.code()), (400, Some(30046)));
    assert_eq!(fake.message(posted.id()).unwrap()["content"], "later");
    // A new message carries the fake's time: an hour and a minute after the first.
    let reposted = api.post(&path, json!({"content": "board again"})).await;
    let parse = |stamp: &str| {
        serenity::model::Timestamp::parse(stamp)
            .unwrap()
            .unix_timestamp()
    };
    let gap = parse(reposted.body["timestamp"].as_str().unwrap()) - parse(&stamped);
    assert!((61 * 60..62 * 60).contains(&gap), "{gap} s between the two");
    assert!(reposted.id() > posted.id(), "snowflakes grow with time");
}

#[tokio::test]
async fn writes_to_an_unknown_channel_answer_10003_and_without_permission_50013() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    let unknown = api
        .post(
            "/channels/123456789012345678/messages",
            json!({"content": "x"}),
        )
        .await;
    assert_eq!((unknown.status, unknown.code()), (404, Some(10003)));

    fake.add_channel(CHANNEL);
    let path = format!("/channels/{CHANNEL}/messages");
    let posted = api.post(&path, json!({"content": "x"})).await;
    fake.deny_bot(CHANNEL, SEND_MESSAGES);
    let refused = api.post(&path, json!({"content": "y"})).await;
    assert_eq!((refused.status, refused.code()), (403, Some(50013)));
    // Editing its own message needs no SEND_MESSAGES; without VIEW_CHANNEL nothing goes, and
    // Discord answers 50001 Missing Access for a channel the bot cannot see.
    let edited = api
        .patch(&format!("{path}/{}", posted.id()), json!({"content": "z"}))
        .await;
    assert_eq!(edited.status, 200);
    fake.deny_bot(CHANNEL, VIEW_CHANNEL);
    let edited = api
        .patch(&format!("{path}/{}", posted.id()), json!({"content": "w"}))
        .await;
    assert_eq!((edited.status, edited.code()), (403, Some(50001)));
    fake.allow_bot(CHANNEL, VIEW_CHANNEL | SEND_MESSAGES);
    assert_eq!(api.post(&path, json!({"content": "v"})).await.status, 200);
    assert!(fake.take_violations().is_empty());
}

#[tokio::test]
async fn the_first_followup_after_a_public_deferral_is_public_whatever_its_flags() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    let user = uma();
    let (id, token) = fake.remember_interaction_unsent(&user, CHANNEL, None);
    let deferred = api
        .post(
            &format!("/interactions/{id}/{token}/callback"),
            json!({"type": 5}),
        )
        .await;
    assert_eq!(deferred.status, 204);
    let webhook = format!("/webhooks/{APPLICATION_ID}/{token}");
    let first = api
        .post(
            &webhook,
            json!({"content": "your balance is 12", "flags": EPHEMERAL}),
        )
        .await;
    assert_eq!(first.status, 200);
    let requests = fake.requests();
    assert_eq!(
        requests.last().unwrap().visibility,
        Visibility::Channel(CHANNEL)
    );
    assert_eq!(
        fake.message_visibility(first.id()),
        Some(Visibility::Channel(CHANNEL))
    );
    // The next followup's flags count again.
    let second = api
        .post(&webhook, json!({"content": "just you", "flags": EPHEMERAL}))
        .await;
    assert_eq!(second.status, 200);
    assert_eq!(
        fake.requests().last().unwrap().visibility,
        Visibility::Ephemeral(user.id)
    );

    // An ephemeral deferral makes its first followup private even without the flag.
    let (id, token) = fake.remember_interaction_unsent(&user, CHANNEL, None);
    api.post(
        &format!("/interactions/{id}/{token}/callback"),
        json!({"type": 5, "data": {"flags": EPHEMERAL}}),
    )
    .await;
    api.post(
        &format!("/webhooks/{APPLICATION_ID}/{token}"),
        json!({"content": "private"}),
    )
    .await;
    assert_eq!(
        fake.requests().last().unwrap().visibility,
        Visibility::Ephemeral(user.id)
    );
    assert!(fake.take_violations().is_empty());
}

#[tokio::test]
async fn an_interaction_answered_after_three_seconds_is_unknown_and_a_violation() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    let (id, token) = fake.remember_interaction_unsent(&uma(), CHANNEL, None);
    fake.advance(Duration::from_millis(3_100));
    let late = api
        .post(
            &format!("/interactions/{id}/{token}/callback"),
            json!({"type": 4, "data": {"content": "x"}}),
        )
        .await;
    assert_eq!((late.status, late.code()), (404, Some(10062)));
    assert_one_violation(&fake, &[&id.to_string(), "3 seconds"]);
}

#[tokio::test]
async fn a_token_serves_followups_and_edits_for_fifteen_minutes_only() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    let (id, token) = fake.remember_interaction_unsent(&uma(), CHANNEL, None);
    api.post(
        &format!("/interactions/{id}/{token}/callback"),
        json!({"type": 4, "data": {"content": "x"}}),
    )
    .await;
    let original = format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original");
    fake.advance(Duration::from_secs(14 * 60));
    assert_eq!(
        api.patch(&original, json!({"content": "y"})).await.status,
        200
    );
    fake.advance(Duration::from_secs(2 * 60));
    let expired = api.patch(&original, json!({"content": "z"})).await;
    assert_eq!((expired.status, expired.code()), (401, Some(50027)));
    let expired = api
        .post(
            &format!("/webhooks/{APPLICATION_ID}/{token}"),
            json!({"content": "z"}),
        )
        .await;
    assert_eq!((expired.status, expired.code()), (401, Some(50027)));
    assert!(
        fake.take_violations().is_empty(),
        "an expired token is Discord's answer"
    );
}

#[tokio::test]
async fn responses_out_of_order_are_refused_as_discord_does_and_are_violations() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    let user = uma();
    let (id, token) = fake.remember_interaction_unsent(&user, CHANNEL, None);
    let webhook = format!("/webhooks/{APPLICATION_ID}/{token}");
    // A followup before any response.
    let answer = api.post(&webhook, json!({"content": "x"})).await;
    assert_eq!((answer.status, answer.code()), (404, Some(10015)));
    assert_one_violation(&fake, &["before any response"]);
    // An edit of @original before any response.
    let answer = api
        .patch(
            &format!("{webhook}/messages/@original"),
            json!({"content": "x"}),
        )
        .await;
    assert_eq!((answer.status, answer.code()), (404, Some(10008)));
    assert_one_violation(&fake, &["before any response"]);
    // Type 7 (update the message) answers a button, never a slash command.
    let callback = format!("/interactions/{id}/{token}/callback");
    let answer = api
        .post(&callback, json!({"type": 7, "data": {"content": "x"}}))
        .await;
    assert_eq!(answer.status, 400);
    assert_one_violation(&fake, &["slash command", "type-7"]);
    // Answered once; a second answer is 40060.
    assert_eq!(
        api.post(&callback, json!({"type": 4, "data": {"content": "x"}}))
            .await
            .status,
        204
    );
    let again = api
        .post(&callback, json!({"type": 4, "data": {"content": "x"}}))
        .await;
    assert_eq!((again.status, again.code()), (400, Some(40060)));
    assert_one_violation(&fake, &["twice"]);

    // A click acknowledged with type 6 may edit its message through @original.
    fake.add_channel(CHANNEL);
    let board = api
        .post(
            &format!("/channels/{CHANNEL}/messages"),
            json!({"content": "board"}),
        )
        .await;
    let (id, token) = fake.remember_interaction_unsent(&user, CHANNEL, Some(board.id()));
    api.post(
        &format!("/interactions/{id}/{token}/callback"),
        json!({"type": 6}),
    )
    .await;
    let edit = api
        .patch(
            &format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original"),
            json!({"content": "edited"}),
        )
        .await;
    assert_eq!(edit.status, 200);
    assert_eq!(fake.message(board.id()).unwrap()["content"], "edited");
    assert!(fake.take_violations().is_empty());
}

#[tokio::test]
#[should_panic(expected = "violations of Discord's rules")]
async fn a_violation_nobody_waited_on_still_fails_the_test_at_its_end() {
    let fake = FakeDiscord::start().await;
    let api = Api::new(&fake);
    api.post("/channels/1/nowhere", json!({})).await;
    drop(fake);
}
