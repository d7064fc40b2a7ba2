//! A moderator's `/table pause` of a sit & go through Discord holds across a restart of the
//! bot: the sit & go comes back paused and the channel is told so (it deals nothing, and
//! `/table resume` is taken, not refused as for a table playing), and once resumed it plays
//! on to a winner, paid once.

use crate::support;
use crate::tournament_common::*;

use support::bot::TestBot;
use support::fake_discord::*;

const SEED: u64 = 2_330;
const CHANNEL: u64 = 300_000_000_000_002_330;

/// `/table WHAT` (pause, resume, status) as the moderator.
async fn table(fake: &FakeDiscord, what: &str) -> Recorded {
    fake.ask(&moderator(), CHANNEL, "table", vec![sub(what, vec![])])
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_sit_and_go_stays_paused_across_a_restart_of_the_bot_until_resumed() {
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    open_with(&fake, CHANNEL, open_options(STUD, 2, 100, TURBO)).await;
    register(&fake, CHANNEL, &players).await;
    click_until(&fake, CHANNEL, &players, dealt(CHANNEL)).await;
    let paused = table(&fake, "pause").await;
    assert_public(&paused, CHANNEL, "The table is paused");
    bot.stop().await;

    let mark = fake.mark();
    let bot = TestBot::start(&fake, &quick_config(&fake, data.path(), SEED)).await;
    fake.wait_for(
        "the channel told the sit & go is back, still paused",
        mark,
        |r| {
            r.is_channel_write()
                && r.is_success()
                && r.channel() == Some(CHANNEL)
                && r.content().contains("is back at hand 1 and still paused")
        },
    )
    .await;
    assert!(
        !fake
            .requests()
            .iter()
            .skip(mark)
            .any(|r| r.channel() == Some(CHANNEL) && r.content().contains("deals on from hand")),
        "a paused sit & go was announced as dealing on"
    );
    let status = table(&fake, "status").await;
    assert!(status.content().contains("Paused."), "{}", status.content());
    let turns_after_restart = fake
        .requests()
        .iter()
        .filter(|r| r.index >= mark && r.is_channel_write() && r.channel() == Some(CHANNEL))
        .filter(|r| {
            support::table::custom_ids(&r.body)
                .iter()
                .any(|id| id.starts_with("a:"))
        })
        .count();
    assert_eq!(turns_after_restart, 0, "a paused sit & go offered a turn");
    let resumed = table(&fake, "resume").await;
    assert!(
        resumed.content().contains("The table is playing again."),
        "the restart had resumed it: {}",
        resumed.content()
    );

    click_until(&fake, CHANNEL, &players, over(CHANNEL)).await;
    let result = result_text(&fake, CHANNEL).expect("the sit & go's result");
    assert!(result.contains("wins 200"), "{result}");
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}
