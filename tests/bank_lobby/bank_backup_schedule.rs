//! `[backup]` in a running bot: the schedule on tokio's paused clock writes a backup every
//! `every_hours` into its folder, named by the time it was taken, keeps the newest `keep`, and
//! picks up after a restart from the newest one; a backup that cannot be written is one log
//! line, the tables play on, and the next one is written once the folder is fixed. A backup
//! asked for (SIGUSR1 in the bot) is written at once, beside the schedule and without moving it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::lobby_common;

use lobby_common::*;
use studbot::bank::Clock;
use studbot::bank::backup::BackupError;
use studbot::bot::backups::{self, BackupConfig, Taken};
use tokio::sync::mpsc;

const HOUR: Duration = Duration::from_secs(3600);
/// 2026-12-01 00:00:00 UTC.
const START_MS: u64 = 1_796_083_200_000;

/// Wall time that moves with tokio's (paused) clock: a backup's name follows the schedule.
struct TokioWallClock {
    start: tokio::time::Instant,
}

impl Clock for TokioWallClock {
    fn now_unix_ms(&self) -> u64 {
        START_MS + u64::try_from(self.start.elapsed().as_millis()).expect("ms fit")
    }
}

type Outcomes = mpsc::UnboundedReceiver<Result<PathBuf, String>>;

/// Starts the schedule; each outcome (the file written, or the error) comes out of the receiver.
fn schedule(
    fixture: &Fixture,
    folder: &Path,
    config: BackupConfig,
    start: tokio::time::Instant,
) -> (tokio::task::JoinHandle<()>, Outcomes) {
    let (sender, outcomes) = mpsc::unbounded_channel();
    let task = tokio::spawn(backups::run(
        fixture.bank.clone(),
        folder.to_path_buf(),
        config,
        Arc::new(TokioWallClock { start }),
        None,
        move |outcome: &Result<Taken, BackupError>| {
            let _ = sender.send(
                outcome
                    .as_ref()
                    .map(|taken| taken.file.clone())
                    .map_err(ToString::to_string),
            );
        },
    ));
    (task, outcomes)
}

async fn next_backup(outcomes: &mut Outcomes) -> Result<PathBuf, String> {
    deadline("the next scheduled backup", outcomes.recv())
        .await
        .expect("the schedule runs")
}

fn names_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("the backups folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .into_string()
                .expect("utf-8")
        })
        .collect();
    names.sort();
    names
}

fn name_at(hours: u64) -> String {
    backups::file_name(START_MS + hours * 3600 * 1000)
}

#[tokio::test(start_paused = true)]
async fn the_schedule_writes_a_backup_every_interval_and_keeps_the_newest() {
    let fixture = fixture(1).await;
    let root = tempfile::tempdir().expect("tempdir");
    let folder = root.path().join("backups");
    let config = BackupConfig {
        every_hours: 6,
        keep: 3,
    };
    let start = tokio::time::Instant::now();
    let (task, mut outcomes) = schedule(&fixture, &folder, config, start);

    // The folder holds none: the first is taken at once, then one every 6 hours.
    let first = next_backup(&mut outcomes).await.expect("the first backup");
    assert_eq!(first, folder.join(name_at(0)));
    for backup in 1..=4u64 {
        // Chips move between two backups, and the next one holds them.
        fixture
            .bank
            .grant(GUILD, BEN, ANA, 10, &format!("grant-{backup}"))
            .await
            .expect("the bank serves");
        tokio::time::advance(6 * HOUR).await;
        let file = next_backup(&mut outcomes).await.expect("a backup");
        assert_eq!(file, folder.join(name_at(6 * backup)));
    }
    assert_eq!(
        names_in(&folder),
        vec![name_at(12), name_at(18), name_at(24)],
        "the newest three are kept, the older removed"
    );
    let newest = studbot::bank::backup::read_backup(&folder.join(name_at(24)))
        .expect("the newest backup reads back");
    let oldest_kept = studbot::bank::backup::read_backup(&folder.join(name_at(12)))
        .expect("a kept backup reads back");
    assert!(newest.summary.batches > oldest_kept.summary.batches);
    task.abort();
    let _ = task.await;

    // A restart picks up from the newest backup: the next is due 6 hours after it, not at once.
    let (task, mut outcomes) = schedule(&fixture, &folder, config, start);
    tokio::time::advance(6 * HOUR).await;
    let file = next_backup(&mut outcomes).await.expect("a backup");
    assert_eq!(file, folder.join(name_at(30)));
    assert_eq!(
        names_in(&folder),
        vec![name_at(18), name_at(24), name_at(30)]
    );
    task.abort();
}

/// A log that a test reads back: every line the code logs while it is the default subscriber.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn lines(&self) -> Vec<String> {
        let bytes = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

#[tokio::test(start_paused = true)]
async fn a_backup_that_cannot_be_written_is_one_log_line_and_play_goes_on() {
    let log = Captured::default();
    let writer = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    let _logging = tracing::subscriber::set_default(subscriber);

    let fixture = fixture(2).await;
    let root = tempfile::tempdir().expect("tempdir");
    // The backups folder's name is taken by a file: nothing can be written there.
    let folder = root.path().join("backups");
    std::fs::write(&folder, "not a folder").expect("write");
    let config = BackupConfig {
        every_hours: 1,
        keep: 2,
    };
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    let (task, mut outcomes) = schedule(&fixture, &folder, config, tokio::time::Instant::now());
    let failed = next_backup(&mut outcomes)
        .await
        .expect_err("the folder is a file");
    assert!(failed.contains("backups"), "{failed}");
    let failures: Vec<String> = log
        .lines()
        .into_iter()
        .filter(|line| line.contains("backup"))
        .collect();
    assert_eq!(
        failures.len(),
        1,
        "one line per failed backup: {failures:?}"
    );
    assert!(
        failures[0].contains("ERROR") && failures[0].contains("the scheduled backup failed"),
        "{failures:?}"
    );

    // The table deals and plays on.
    advance_secs(u64::from(settings().between_hands_secs)).await;
    let offer = next_turn(&mut notices).await;
    take(&table, &offer, passive(&offer)).await;

    // Once the folder can be written, the next backup is.
    std::fs::remove_file(&folder).expect("remove the file");
    tokio::time::advance(HOUR).await;
    let file = next_backup(&mut outcomes).await.expect("the next backup");
    assert!(file.starts_with(&folder));
    studbot::bank::backup::read_backup(&file).expect("it reads back");
    task.abort();
}

#[tokio::test(start_paused = true)]
async fn a_backup_asked_for_is_written_at_once_and_leaves_the_schedule_as_it_was() {
    let fixture = fixture(1).await;
    let root = tempfile::tempdir().expect("tempdir");
    let folder = root.path().join("backups");
    let start = tokio::time::Instant::now();
    let (ask, requests) = mpsc::channel(1);
    let (sender, mut outcomes) = mpsc::unbounded_channel();
    let run = |config: BackupConfig, requests| {
        let sender = sender.clone();
        tokio::spawn(backups::run(
            fixture.bank.clone(),
            folder.clone(),
            config,
            Arc::new(TokioWallClock { start }),
            Some(requests),
            move |outcome: &Result<Taken, BackupError>| {
                let _ = sender.send(
                    outcome
                        .as_ref()
                        .map(|taken| taken.file.clone())
                        .map_err(ToString::to_string),
                );
            },
        ))
    };
    // The schedule off: only what is asked for is written.
    let off = run(BackupConfig::default(), requests);
    tokio::time::advance(Duration::from_secs(90 * 60)).await;
    ask.send(()).await.expect("the task listens");
    let file = next_backup(&mut outcomes)
        .await
        .expect("the backup asked for");
    assert_eq!(
        file,
        folder.join(backups::file_name(START_MS + 90 * 60 * 1000))
    );
    studbot::bank::backup::read_backup(&file).expect("it reads back");
    drop(ask);
    deadline("the task ends once nobody can ask", off)
        .await
        .expect("no panic");

    // With a schedule: asked for at 1 h, the scheduled ones still come at 6 h and 12 h.
    std::fs::remove_dir_all(&folder).expect("start over");
    let (ask, requests) = mpsc::channel(1);
    let start_again = tokio::time::Instant::now();
    let offset = u64::try_from((start_again - start).as_millis()).expect("ms");
    let scheduled = run(
        BackupConfig {
            every_hours: 6,
            keep: 10,
        },
        requests,
    );
    let first = next_backup(&mut outcomes)
        .await
        .expect("the first, at once");
    assert_eq!(first, folder.join(backups::file_name(START_MS + offset)));
    tokio::time::advance(HOUR).await;
    ask.send(()).await.expect("the task listens");
    let asked = next_backup(&mut outcomes).await.expect("the one asked for");
    assert_eq!(
        asked,
        folder.join(backups::file_name(START_MS + offset + 3_600_000))
    );
    tokio::time::advance(5 * HOUR).await;
    let next = next_backup(&mut outcomes).await.expect("the scheduled one");
    assert_eq!(
        next,
        folder.join(backups::file_name(START_MS + offset + 6 * 3_600_000)),
        "a backup asked for does not move the schedule"
    );
    scheduled.abort();
}
