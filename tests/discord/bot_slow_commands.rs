//! Every command slow enough to be deferred: no refusal meant for one player reaches the
//! channel (Discord gives the first followup after a deferral the deferral's visibility), and
//! public answers still reach it.

use crate::support::bot::{TestBot, config_text};
use crate::support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_000_071;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_refusal_becomes_public_when_every_command_is_deferred() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = format!(
        "{}command_delay_ms = 1700\n",
        config_text(&fake, data.path(), 1)
    );
    let bot = TestBot::start(&fake, &config).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_700, "Mod");
    let ana = FakeUser::player(100_000_000_000_000_701, "Ana");

    let opened = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("open", vec![])])
        .await;
    let deferral = fake.response_to(opened).await;
    assert_eq!(deferral.body["type"], 5, "slow work is deferred");
    let answered = fake.answer_to(opened).await;
    assert_eq!(answered.visibility, Visibility::Ephemeral(moderator.id));
    fake.wait_for("the table's opening in the channel", answered.index, |r| {
        r.visibility == Visibility::Channel(CHANNEL) && r.interaction == Some(opened)
    })
    .await;

    let refusals = [
        ("join", vec![int("buy_in", 1_000_000)]),
        ("leave", vec![]),
        ("sitout", vec![]),
        ("give", vec![user_opt("user", &ana), int("amount", 1)]),
        ("balance", vec![]),
        ("cards", vec![]),
        ("history", vec![]),
    ];
    for (command, options) in refusals {
        let asked = fake.slash(&ana, CHANNEL, command, options).await;
        let answer = fake.answer_to(asked).await;
        assert_eq!(
            answer.visibility,
            Visibility::Ephemeral(ana.id),
            "/{command}: {}",
            answer.content()
        );
    }
    let claimed = fake.slash(&ana, CHANNEL, "daily", vec![]).await;
    fake.answer_to(claimed).await;
    let again = fake.slash(&ana, CHANNEL, "daily", vec![]).await;
    assert_eq!(
        fake.answer_to(again).await.visibility,
        Visibility::Ephemeral(ana.id)
    );

    // Nothing meant for Ana alone was shown to the channel.
    let public: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.visibility == Visibility::Channel(CHANNEL))
        .filter(|r| r.interaction != Some(opened))
        .map(|r| r.content().to_owned())
        .collect();
    assert!(public.is_empty(), "shown to the channel: {public:?}");
    bot.stop().await;
}
