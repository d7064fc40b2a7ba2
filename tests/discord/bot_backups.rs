//! `[backup]` in the running bot: started with it, the schedule writes its first backup into
//! `data_dir/backups/` at once (the folder holds none), and the file restores to a bank whose
//! audit passes; the bot stops cleanly with the schedule running.

use std::time::{Duration, Instant};

use crate::support;

use support::bot::{TestBot, config_text};
use support::fake_discord::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_running_bot_backs_its_bank_up_on_schedule() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("tempdir");
    let config = format!(
        "{}\n[backup]\nevery_hours = 24\nkeep = 2\n",
        config_text(&fake, data.path(), 3)
    );
    let bot = TestBot::start(&fake, &config).await;
    let folder = data.path().join("backups");
    let deadline = Instant::now() + Duration::from_secs(30);
    let backup = loop {
        let written = std::fs::read_dir(&folder)
            .into_iter()
            .flatten()
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .find(|path| path.extension().is_some_and(|ext| ext == "studbot-backup"));
        if let Some(backup) = written {
            break backup;
        }
        assert!(
            Instant::now() < deadline,
            "waited 30 s for the first scheduled backup in {}",
            folder.display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    bot.stop().await;

    let restored = tempfile::tempdir().expect("tempdir");
    let target = restored.path().join("data");
    studbot::bank::backup::restore(&backup, &target).expect("the backup restores");
    let report = studbot::bank::audit_data_dir(&target.join("bank")).expect("audit runs");
    assert!(report.ok, "{report:?}");
}
