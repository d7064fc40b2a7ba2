//! `/history` end to end: the public history of a played hand comes from the bank, so it
//! outlives the process; it never holds a down card that was not shown; an unknown hand gets
//! a clear ephemeral answer.

use crate::support;

use studbot::table::ActionKind;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_061;
const SEED: u64 = 23;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_tells_a_played_hand_from_the_bank_across_a_restart_without_hidden_cards() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), SEED);
    let bot = TestBot::start(&fake, &config).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_600, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_601, "Oda"),
        FakeUser::player(100_000_000_000_000_602, "Pia"),
        FakeUser::player(100_000_000_000_000_603, "Quin"),
    ];
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    // The bring-in, then the next player folds (their down cards are never shown), then the
    // other two go to showdown.
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;
    let folder = table.mirror.to_act().unwrap();
    let click = table.act(&fake, &[ActionKind::Fold]).await;
    fake.response_to(click).await;
    table.play_to_showdown(&fake).await;
    let hidden: Vec<String> = table
        .down_cards(folder)
        .into_iter()
        .map(card_text)
        .collect();
    assert_eq!(hidden.len(), 2);

    let asker = &players[0];
    let check = |answer: &Recorded| {
        assert_eq!(answer.visibility, Visibility::Ephemeral(asker.id));
        let text = answer.content();
        assert!(text.contains("Hand #1"), "{text}");
        assert!(text.contains(&players[folder].name), "{text}");
        for card in &hidden {
            assert!(
                !text.contains(card.as_str()),
                "{card} was never shown:\n{text}"
            );
        }
    };
    let asked = fake.slash(asker, CHANNEL, "history", vec![]).await;
    check(&fake.answer_to(asked).await);
    let asked = fake
        .slash(asker, CHANNEL, "history", vec![int("hand", 99)])
        .await;
    let answer = fake.answer_to(asked).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(asker.id));
    assert!(
        answer.content().contains("no such hand"),
        "{}",
        answer.content()
    );

    // A new process knows the hand too: the history lives in the bank, not in memory.
    bot.stop().await;
    let bot = TestBot::start(&fake, &config).await;
    let asked = fake
        .slash(asker, CHANNEL, "history", vec![int("hand", 1)])
        .await;
    check(&fake.answer_to(asked).await);
    // The latest hand with a history: hand 2 was cut short by the stop and has none.
    let asked = fake.slash(asker, CHANNEL, "history", vec![]).await;
    check(&fake.answer_to(asked).await);
    bot.stop().await;
}
