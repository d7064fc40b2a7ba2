//! A sit & go's result reaches its channel even when the bot stops (or dies) after the bank
//! paid the sit & go and before Discord took the result: the bank keeps the result to
//! announce, the next start posts it, and it is posted once; a result whose channel is gone
//! is no longer kept once Discord says so, and no later start tries it again.

use std::time::Duration;

use axum::http::Method;
use studbot::bank::{Bank, EconomyConfig};

use crate::support;
use crate::tournament_common::*;

use support::bot::TestBot;
use support::fake_discord::*;

const SEED: u64 = 2_340;
const CHANNEL: u64 = 300_000_000_000_002_340;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_result_kept_from_its_channel_by_a_stop_is_posted_once_by_the_next_start() {
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    // The result's post hangs past the stop's flush: Discord never takes it.
    let messages = format!("/channels/{CHANNEL}/messages");
    fake.hang_route_saying(Method::POST, &messages, RESULT, 1, Duration::from_secs(600));
    open_with(&fake, CHANNEL, open_options(STUD, 2, 100, TURBO)).await;
    register(&fake, CHANNEL, &players).await;
    click_until(&fake, CHANNEL, &players, |fake: &FakeDiscord| {
        fake.hangs_started() > 0
    })
    .await;
    bot.stop().await;
    assert!(
        result_text(&fake, CHANNEL).is_none(),
        "the hung result reached the channel before the stop"
    );

    let mark = fake.mark();
    let bot = TestBot::start(&fake, &quick_config(&fake, data.path(), SEED)).await;
    fake.wait_for("the kept result posted", mark, |r| {
        r.is_channel_write() && r.is_success() && r.content().contains(RESULT)
    })
    .await;
    bot.stop().await;
    let results = channel_texts(&fake, CHANNEL)
        .into_iter()
        .filter(|text| text.contains(RESULT))
        .count();
    assert_eq!(results, 1, "the result is in the channel once");
    assert!(
        result_text(&fake, CHANNEL).is_some_and(|text| text.contains("wins 200")),
        "{:?}",
        result_text(&fake, CHANNEL)
    );

    let bank = Bank::open(&data.path().join("bank"), EconomyConfig::default())
        .await
        .expect("open the bank");
    assert_eq!(
        bank.unannounced_tournaments()
            .await
            .expect("the kept results"),
        Vec::new(),
        "the posted result is still kept to announce"
    );
    bank.shutdown().await.expect("close the bank");
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_result_whose_channel_was_deleted_while_stopped_is_no_longer_kept_once_discord_says_so()
 {
    const GONE: u64 = 300_000_000_000_002_341;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    let messages = format!("/channels/{GONE}/messages");
    fake.hang_route_saying(Method::POST, &messages, RESULT, 1, Duration::from_secs(600));
    open_with(&fake, GONE, open_options(STUD, 2, 100, TURBO)).await;
    register(&fake, GONE, &players).await;
    click_until(&fake, GONE, &players, |fake: &FakeDiscord| {
        fake.hangs_started() > 0
    })
    .await;
    bot.stop().await;
    // The channel is deleted while the bot is stopped: the kept result can go nowhere.
    fake.delete_channel_while_away(GONE);

    let mark = fake.mark();
    let bot = TestBot::start(&fake, &quick_config(&fake, data.path(), SEED)).await;
    fake.wait_for(
        "the kept result's post refused as Unknown Channel",
        mark,
        |r| r.method == Method::POST && r.path == messages && r.status == 404,
    )
    .await;
    bot.stop().await;
    let bank = Bank::open(&data.path().join("bank"), EconomyConfig::default())
        .await
        .expect("open the bank");
    assert_eq!(
        bank.unannounced_tournaments()
            .await
            .expect("the kept results"),
        Vec::new(),
        "a result whose channel is gone is still kept to announce (every start would try it)"
    );
    bank.shutdown().await.expect("close the bank");

    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}
