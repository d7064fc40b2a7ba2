//! The fake Discord itself: a real serenity client connects, receives an injected interaction
//! and its REST calls are recorded.

mod support;

use support::fake_discord::*;

#[tokio::test]
async fn a_serenity_client_connects_and_answers_an_injected_interaction() {
    let fake = FakeDiscord::start().await;
    let _ = fake.api_base();
}
