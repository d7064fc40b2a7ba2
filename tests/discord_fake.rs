//! The fake Discord's own guarantees, which every end-to-end test relies on.

mod support;

use serde_json::{Value, json};
use support::fake_discord::*;

#[tokio::test]
#[should_panic(expected = "fake discord: serenity")]
async fn a_fixture_serenity_cannot_read_fails_the_test_instead_of_being_dropped() {
    let fake = FakeDiscord::start().await;
    // An interaction without most of its fields: serenity would drop it as an unknown event.
    fake.dispatch("INTERACTION_CREATE", json!({"id": "1", "type": 2}))
        .await;
}

async fn post(client: &reqwest::Client, url: String, body: Value) -> (u16, Value, Option<String>) {
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|value| value.to_str().unwrap().to_owned());
    let body = serde_json::from_str(&response.text().await.unwrap()).unwrap_or(Value::Null);
    (status, body, retry_after)
}

#[tokio::test]
async fn closed_dms_answer_50007_and_rate_limits_answer_429_with_retry_after() {
    let fake = FakeDiscord::start().await;
    let client = reqwest::Client::new();
    let api = format!("{}/api/v10", fake.api_base());
    let user = FakeUser::player(100_000_000_000_000_901, "Uma");
    fake.add_user(&user);

    let (status, channel, _) = post(
        &client,
        format!("{api}/users/@me/channels"),
        json!({"recipient_id": user.id.to_string()}),
    )
    .await;
    assert_eq!(status, 200);
    let dm = channel["id"].as_str().unwrap().to_owned();
    let (status, _, _) = post(
        &client,
        format!("{api}/channels/{dm}/messages"),
        json!({"content": "hi"}),
    )
    .await;
    assert_eq!(status, 200);
    fake.close_dms(user.id);
    let (status, body, _) = post(
        &client,
        format!("{api}/channels/{dm}/messages"),
        json!({"content": "hi"}),
    )
    .await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(50007)));

    fake.rate_limit_channel_writes(2, 1.5);
    for _ in 0..2 {
        let (status, body, header) = post(
            &client,
            format!("{api}/channels/42/messages"),
            json!({"content": "x"}),
        )
        .await;
        assert_eq!(status, 429);
        assert_eq!(body["retry_after"], 1.5);
        assert_eq!(header.as_deref(), Some("2"));
    }
    let (status, message, _) = post(
        &client,
        format!("{api}/channels/42/messages"),
        json!({"content": "x"}),
    )
    .await;
    assert_eq!(status, 200);
    let id: u64 = message["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(fake.message(id).unwrap()["content"], "x");

    let requests = fake.requests();
    let visibilities: Vec<Visibility> = requests.iter().map(|r| r.visibility.clone()).collect();
    assert_eq!(
        visibilities,
        vec![
            Visibility::Nobody,
            Visibility::Dm(user.id),
            Visibility::Nobody,
            Visibility::Nobody,
            Visibility::Nobody,
            Visibility::Channel(42),
        ]
    );
}
