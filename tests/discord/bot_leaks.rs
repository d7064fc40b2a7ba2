//! A closed table leaves nothing behind in the bot: after opening and closing many tables, the
//! presenters, the outbox's channel workers and the bot's tasks are back to zero.

use std::time::{Duration, Instant};

use crate::support::bot::{TestBot, config_text};
use crate::support::fake_discord::*;

const FIRST_CHANNEL: u64 = 300_000_000_000_010_000;
const TABLES: u64 = 1_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_and_closing_a_thousand_tables_leaves_nothing_behind() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) = TestBot::start_observed(&fake, &config_text(&fake, data.path(), 1)).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_900, "Mod");
    let before = running.footprint();
    let mut most = before;
    for channel in FIRST_CHANNEL..FIRST_CHANNEL + TABLES {
        fake.add_channel(channel);
        let opened = fake
            .slash(&moderator, channel, "table", vec![sub("open", vec![])])
            .await;
        assert!(fake.answer_to(opened).await.is_success());
        let footprint = running.footprint();
        most.presenters = most.presenters.max(footprint.presenters);
        let closed = fake
            .slash(&moderator, channel, "table", vec![sub("close", vec![])])
            .await;
        assert!(fake.answer_to(closed).await.is_success());
    }
    // The presenters end with their tables; wait for the last ones.
    let deadline = Instant::now() + Duration::from_secs(20);
    let after = loop {
        let footprint = running.footprint();
        if (footprint.presenters == 0 && footprint.tasks == 0) || Instant::now() > deadline {
            break footprint;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    println!(
        "{TABLES} tables opened and closed: before {before:?}, most presenters at once {}, \
         after {after:?}",
        most.presenters
    );
    assert!(most.presenters >= 1, "each open table had a presenter");
    assert_eq!(after.presenters, 0, "presenters of closed tables");
    assert_eq!(after.tasks, 0, "tasks of closed tables");
    assert_eq!(after.outbox_channels, 0, "outbox workers");
    bot.stop().await;
}
