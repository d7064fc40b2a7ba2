//! Slash commands whose work is slow (the `[testing] command_delay_ms` knob): each is deferred
//! within Discord's 3 seconds, and its answer keeps the visibility it was meant to have. On
//! Discord the first followup after a deferral takes the deferral's visibility, so a refusal
//! meant for one player must never follow a public deferral.
//!
//! Real time is unavoidable here (the bot defers on its own clock, 1.5 s in); the knob makes
//! the work 1.7 s, so the deferral lands about 1.5 s before Discord's deadline.

use crate::support;

use futures::future::join_all;
use serde_json::Value;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_000_801;
const COMMAND_DELAY_MS: u64 = 1_700;
/// The channel of the test that defers every command.
const EVERY_COMMAND_CHANNEL: u64 = 300_000_000_000_000_071;

fn slow_config(fake: &FakeDiscord, data: &std::path::Path) -> String {
    format!(
        "{}command_delay_ms = {COMMAND_DELAY_MS}\n",
        config_text(fake, data, 8)
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_refusal_becomes_public_when_every_command_is_slow() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &slow_config(&fake, data.path())).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_800, "Mod");
    let opened = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("open", vec![int("max_buy_in", 5_000)])],
        )
        .await;
    // Whether an answer is public is known only once the work is done, and the first followup
    // takes the deferral's visibility: slow work is deferred privately, so a public answer
    // comes second, after a private acknowledgement (the first followup), and is public.
    let deferral = fake.response_to(opened).await;
    assert_eq!(deferral.body["type"], 5, "the slow command was deferred");
    assert_eq!(
        deferral.body["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        EPHEMERAL,
        "privately"
    );
    let first = fake.answer_to(opened).await;
    assert_eq!(first.visibility, Visibility::Ephemeral(moderator.id));
    let public = fake
        .wait_for("the public answer to /table open", first.index, |r| {
            r.interaction == Some(opened)
                && r.is_success()
                && r.visibility == Visibility::Channel(CHANNEL)
        })
        .await;
    assert!(
        public.content().contains("5,000"),
        "a public answer stays public: {}",
        public.content()
    );

    let users: Vec<FakeUser> = (1..=6)
        .map(|n| FakeUser::player(100_000_000_000_000_800 + n, &format!("P{n}")))
        .collect();
    let refusals: Vec<(&FakeUser, &str, Vec<Value>, &str)> = vec![
        // The case: "you need 2,000 chips but your balance is 1,000", for everyone to read.
        (&users[0], "join", vec![int("buy_in", 2_000)], "2,000"),
        (&users[1], "leave", vec![], "not seated"),
        (&users[2], "sitout", vec![], "not seated"),
        (
            &users[3],
            "give",
            vec![user_opt("user", &users[3]), int("amount", 5)],
            "yourself",
        ),
        (&users[4], "table", vec![sub("close", vec![])], "moderator"),
        (
            &users[5],
            "chips",
            vec![sub(
                "grant",
                vec![user_opt("user", &users[5]), int("amount", 5)],
            )],
            "moderator",
        ),
    ];
    let asked = join_all(
        refusals
            .iter()
            .map(|(user, name, options, _)| fake.slash(user, CHANNEL, name, options.clone())),
    )
    .await;
    for ((user, name, _, words), interaction) in refusals.iter().zip(asked) {
        let answer = fake.answer_to(interaction).await;
        assert!(
            answer.content().contains(words),
            "/{name}: {}",
            answer.content()
        );
        assert_eq!(
            answer.visibility,
            Visibility::Ephemeral(user.id),
            "/{name}'s refusal was shown to the whole channel: {}",
            answer.content()
        );
    }
    bot.stop().await;
}

/// The helper every other end-to-end test uses to check a public answer must hold on a loaded
/// machine, where any command may pass the deferral threshold.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_public_answer_is_found_after_its_private_acknowledgement() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let bot = TestBot::start(&fake, &slow_config(&fake, data.path())).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_810, "Mod");
    let opened = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("open", vec![])])
        .await;
    let answer = support::table::assert_channel_answer(&fake, opened, CHANNEL).await;
    assert!(answer.index > fake.answer_to(opened).await.index);
    bot.stop().await;
}

/// Every command slow enough to be deferred: no refusal meant for one player reaches the
/// channel, and public answers still reach it.
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
        .slash(
            &moderator,
            EVERY_COMMAND_CHANNEL,
            "table",
            vec![sub("open", vec![])],
        )
        .await;
    let deferral = fake.response_to(opened).await;
    assert_eq!(deferral.body["type"], 5, "slow work is deferred");
    let answered = fake.answer_to(opened).await;
    assert_eq!(answered.visibility, Visibility::Ephemeral(moderator.id));
    fake.wait_for("the table's opening in the channel", answered.index, |r| {
        r.visibility == Visibility::Channel(EVERY_COMMAND_CHANNEL) && r.interaction == Some(opened)
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
        let asked = fake
            .slash(&ana, EVERY_COMMAND_CHANNEL, command, options)
            .await;
        let answer = fake.answer_to(asked).await;
        assert_eq!(
            answer.visibility,
            Visibility::Ephemeral(ana.id),
            "/{command}: {}",
            answer.content()
        );
    }
    let claimed = fake
        .slash(&ana, EVERY_COMMAND_CHANNEL, "daily", vec![])
        .await;
    fake.answer_to(claimed).await;
    let again = fake
        .slash(&ana, EVERY_COMMAND_CHANNEL, "daily", vec![])
        .await;
    assert_eq!(
        fake.answer_to(again).await.visibility,
        Visibility::Ephemeral(ana.id)
    );

    // Nothing meant for Ana alone was shown to the channel.
    let public: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.visibility == Visibility::Channel(EVERY_COMMAND_CHANNEL))
        .filter(|r| r.interaction != Some(opened))
        .map(|r| r.content().to_owned())
        .collect();
    assert!(public.is_empty(), "shown to the channel: {public:?}");
    bot.stop().await;
}
