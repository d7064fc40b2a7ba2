//! A sit & go's table restarted where the bot can no longer see its channel is held like a
//! cash table's: nothing dealt, posted or sent by DM there, the table paused, until a
//! moderator who gave View Channel back resumes it.

use std::time::Duration;

use crate::support;
use crate::tournament_common::*;

use studbot::bank::TableId;
use support::bot::TestBot;
use support::fake_discord::*;

const SEED: u64 = 3_905;
const CHANNEL: u64 = 300_000_000_000_003_905;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_restarted_where_the_bot_cannot_see_its_channel_deals_nothing_and_is_paused() {
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    open_with(&fake, CHANNEL, open_options(STUD, 2, 100, TURBO)).await;
    register(&fake, CHANNEL, &players).await;
    click_until(&fake, CHANNEL, &players, dealt(CHANNEL)).await;
    bot.stop().await;

    // While the bot was away, the channel was hidden from it.
    fake.deny_bot(CHANNEL, VIEW_CHANNEL);
    let mark = fake.mark();
    let (bot, running) =
        TestBot::start_observed(&fake, &quick_config(&fake, data.path(), SEED)).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let status = running
            .lobby()
            .table(TableId(CHANNEL))
            .expect("the sit & go's table reopened")
            .status()
            .await
            .expect("the table answers");
        if status.paused {
            assert!(!status.hand_in_progress, "a hand was dealt: {status:?}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "never paused");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let written: Vec<String> = fake
        .requests()
        .iter()
        .skip(mark)
        .filter(|r| {
            (r.is_channel_write() && r.channel() == Some(CHANNEL))
                || matches!(r.visibility, Visibility::Dm(_))
        })
        .map(|r| format!("{} {} {}", r.method, r.path, r.status))
        .collect();
    assert!(written.is_empty(), "the restart wrote: {written:?}");

    // View Channel given back, a moderator resumes it and it deals on.
    fake.allow_bot(CHANNEL, VIEW_CHANNEL);
    let resumed = fake
        .ask(&moderator(), CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    assert_public(&resumed, CHANNEL, "The table is playing again.");
    click_until(&fake, CHANNEL, &players, over(CHANNEL)).await;
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}
