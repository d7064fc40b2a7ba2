//! The fake Discord's gateway: fixtures serenity cannot read fail the test, and a session
//! survives op 7, a dropped connection (RESUME replays what was missed) and op 9.

use crate::support;

use serde_json::json;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_000_902;

fn uma() -> FakeUser {
    FakeUser::player(100_000_000_000_000_901, "Uma")
}

#[tokio::test]
#[should_panic(expected = "fake discord: serenity")]
async fn a_fixture_serenity_cannot_read_fails_the_test_instead_of_being_dropped() {
    let fake = FakeDiscord::start().await;
    // An interaction without most of its fields: serenity would drop it as an unknown event.
    fake.dispatch("INTERACTION_CREATE", json!({"id": "1", "type": 2}))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_resumes_a_dropped_session_and_replays_what_it_missed() {
    let (fake, _data, bot) = start_fake_and_bot(1).await;
    let user = uma();

    // Op 7: the bot reconnects and resumes the same session.
    fake.request_reconnect();
    fake.wait_resumed(1).await;
    let asked = fake.slash(&user, CHANNEL, "balance", vec![]).await;
    assert_eq!(
        fake.answer_to(asked).await.visibility,
        Visibility::Ephemeral(user.id)
    );

    // A dropped connection: the command sent meanwhile is replayed on RESUME and answered.
    fake.drop_connection();
    let asked = fake.slash(&user, CHANNEL, "balance", vec![]).await;
    fake.wait_resumed(2).await;
    let answer = fake.answer_to(asked).await;
    assert!(answer.content().contains("1,000"), "{}", answer.content());

    // Op 9, not resumable: the bot identifies anew and still answers.
    let identified = fake.identified();
    fake.invalidate_session(false);
    fake.wait_identified(identified + 1).await;
    let asked = fake.slash(&user, CHANNEL, "balance", vec![]).await;
    assert_eq!(
        fake.answer_to(asked).await.visibility,
        Visibility::Ephemeral(user.id)
    );
    bot.stop().await;
}
