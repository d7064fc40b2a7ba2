//! The running bot's backups: scheduled (`[backup]`) and asked for (SIGUSR1). Every
//! `every_hours`, and whenever asked, a snapshot of the bank taken while the tables play ([`Bank::backup`]), written into `data_dir/backups/` under
//! the UTC time it was taken, the oldest beyond `keep` removed. Each file is what
//! `studbot backup` writes, and `studbot restore` reads.
//!
//! The schedule runs on tokio's clock; the next backup is due `every_hours` after the newest
//! one in the folder (at once when there is none), so a bot that restarts often still backs
//! up. A backup that fails (a full disk, a folder that cannot be written) is one log line: play
//! goes on, and the next one is tried at its time.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Deserialize;
use tokio::sync::mpsc;

use crate::bank::backup::{BackupError, BackupSummary};
use crate::bank::{Bank, Clock};

/// The folder of `data_dir` the backups go into.
pub const FOLDER: &str = "backups";
const PREFIX: &str = "bank-";
const EXTENSION: &str = "studbot-backup";
/// The time in a backup's name: sortable, and without `:` (not allowed in Windows names).
const STAMP: &str = "%Y-%m-%dT%H-%M-%SZ";
/// The longest interval accepted: a year.
pub const MAX_EVERY_HOURS: u64 = 24 * 366;

/// `[backup]` in the bot's config: off unless `every_hours` is set above 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BackupConfig {
    /// Hours between two backups; 0 (the default) turns scheduled backups off.
    pub every_hours: u64,
    /// How many backups to keep: the newest ones; older ones are removed.
    pub keep: usize,
}

impl Default for BackupConfig {
    fn default() -> Self {
        BackupConfig {
            every_hours: 0,
            keep: 14,
        }
    }
}

impl BackupConfig {
    /// The time between two backups, or `None` when scheduled backups are off.
    pub fn every(&self) -> Option<Duration> {
        (self.every_hours > 0).then(|| Duration::from_secs(self.every_hours.saturating_mul(3600)))
    }

    /// The setting at fault and what is wrong with it.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        if self.every_hours > MAX_EVERY_HOURS {
            return Err((
                "[backup] every_hours",
                format!("must be at most {MAX_EVERY_HOURS} (a year), or 0 for no backups"),
            ));
        }
        if self.every_hours > 0 && self.keep == 0 {
            return Err((
                "[backup] keep",
                "must be at least 1 (set every_hours = 0 to take no backups)".to_owned(),
            ));
        }
        Ok(())
    }
}

/// What one scheduled backup did.
#[derive(Debug)]
pub struct Taken {
    pub file: PathBuf,
    pub summary: BackupSummary,
    /// Older backups removed to keep `keep`.
    pub removed: Vec<PathBuf>,
}

/// The schedule, and the backups asked for: backs `bank` up into `folder` at each due time,
/// and at once on each message of `requests` (SIGUSR1, through [`forward_signal`]), forever
/// (the caller stops it by dropping or cancelling the future). A backup asked for takes the
/// same name and pruning as a scheduled one and leaves the schedule's times as they were; one
/// backup is written at a time, so pruning never meets a file being written. `taken` hears
/// each outcome (tests, the log). With the schedule off and no requests, it returns at once.
pub async fn run(
    bank: Bank,
    folder: PathBuf,
    config: BackupConfig,
    clock: Arc<dyn Clock>,
    mut requests: Option<mpsc::Receiver<()>>,
    mut taken: impl FnMut(&Result<Taken, BackupError>) + Send,
) {
    let every = config.every();
    let mut next_due =
        every.map(|every| tokio::time::Instant::now() + first_wait(&folder, every, clock.as_ref()));
    // With the schedule off, `keep` is not checked: a backup asked for is never pruned away.
    let keep = config.keep.max(1);
    loop {
        if next_due.is_none() && requests.is_none() {
            return;
        }
        let due = async {
            match next_due {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        let asked = async {
            match requests.as_mut() {
                Some(requests) => requests.recv().await,
                None => std::future::pending().await,
            }
        };
        let request = tokio::select! {
            () = due => None,
            request = asked => Some(request),
        };
        let why = match request {
            None => "scheduled",
            Some(Some(())) => "asked for",
            Some(None) => {
                // Nobody can ask any more; the schedule, if any, goes on.
                requests = None;
                continue;
            }
        };
        let outcome = take(&bank, &folder, keep, clock.as_ref()).await;
        match &outcome {
            Ok(done) => tracing::info!(
                file = %done.file.display(),
                batches = done.summary.batches,
                bytes = done.summary.bytes,
                removed = done.removed.len(),
                "bank backed up ({why})"
            ),
            Err(error) => tracing::error!(
                folder = %folder.display(),
                "the {why} backup failed; play goes on: {error}"
            ),
        }
        taken(&outcome);
        if why == "scheduled"
            && let (Some(at), Some(every)) = (next_due.as_mut(), every)
        {
            *at = tokio::time::Instant::now() + every;
        }
    }
}

/// Turns each SIGUSR1 into a request for a backup now (`docker kill --signal USR1 studbot`,
/// `systemctl kill --signal=USR1 --kill-whom=main studbot`). Signals that come while one
/// request waits are one request.
#[cfg(unix)]
pub async fn forward_signal(requests: mpsc::Sender<()>) {
    use tokio::signal::unix::{SignalKind, signal};
    let mut usr1 = match signal(SignalKind::user_defined1()) {
        Ok(usr1) => usr1,
        Err(error) => {
            tracing::error!(%error, "cannot listen for SIGUSR1: no backups on demand");
            return;
        }
    };
    while usr1.recv().await.is_some() {
        tracing::info!("SIGUSR1: a backup is asked for");
        if let Err(mpsc::error::TrySendError::Closed(())) = requests.try_send(()) {
            return;
        }
    }
}

/// How long until the first backup: `every` after the newest backup in `folder`, at once
/// when there is none (or it is older than that).
fn first_wait(folder: &Path, every: Duration, clock: &dyn Clock) -> Duration {
    let newest = backups_in(folder).into_iter().last();
    let Some(taken_ms) = newest.and_then(|name| taken_at_ms(&name)) else {
        return Duration::ZERO;
    };
    let age = Duration::from_millis(clock.now_unix_ms().saturating_sub(taken_ms));
    every.saturating_sub(age)
}

/// One backup now, then the pruning.
pub async fn take(
    bank: &Bank,
    folder: &Path,
    keep: usize,
    clock: &dyn Clock,
) -> Result<Taken, BackupError> {
    let io = |error: std::io::Error| BackupError::Io {
        path: folder.to_path_buf(),
        why: error.to_string(),
    };
    let folder_made = folder.to_path_buf();
    tokio::task::spawn_blocking(move || std::fs::create_dir_all(&folder_made))
        .await
        .map_err(|error| io(std::io::Error::other(error)))?
        .map_err(io)?;
    let file = folder.join(file_name(clock.now_unix_ms()));
    let summary = bank.backup(&file).await?;
    let pruned = folder.to_path_buf();
    let removed = tokio::task::spawn_blocking(move || prune(&pruned, keep))
        .await
        .map_err(|error| io(std::io::Error::other(error)))?;
    Ok(Taken {
        file,
        summary,
        removed,
    })
}

/// The name of a backup taken at `unix_ms`: `bank-2026-12-01T13-00-00Z.studbot-backup`.
pub fn file_name(unix_ms: u64) -> String {
    let taken = i64::try_from(unix_ms)
        .ok()
        .and_then(DateTime::<Utc>::from_timestamp_millis)
        .unwrap_or_default();
    format!("{PREFIX}{}.{EXTENSION}", taken.format(STAMP))
}

/// When the backup named `name` was taken, from its name.
fn taken_at_ms(name: &str) -> Option<u64> {
    let stamp = name.strip_prefix(PREFIX)?.strip_suffix(EXTENSION)?;
    let stamp = stamp.strip_suffix('.')?;
    let taken = NaiveDateTime::parse_from_str(stamp, STAMP).ok()?;
    u64::try_from(taken.and_utc().timestamp_millis()).ok()
}

/// The names of the scheduled backups in `folder`, oldest first (the names sort by time).
fn backups_in(folder: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| taken_at_ms(name).is_some())
        .collect();
    names.sort();
    names
}

/// Removes all but the newest `keep` backups, and what a crash left half-written (the schedule
/// writes one backup at a time, so no `.partial` file is being written now). Returns what was
/// removed; a file that cannot be removed is logged and kept.
fn prune(folder: &Path, keep: usize) -> Vec<PathBuf> {
    let names = backups_in(folder);
    let surplus = names.len().saturating_sub(keep);
    let mut doomed: Vec<PathBuf> = names
        .into_iter()
        .take(surplus)
        .map(|name| folder.join(name))
        .collect();
    if let Ok(entries) = std::fs::read_dir(folder) {
        doomed.extend(entries.filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_str()?;
            (name.starts_with(PREFIX) && name.ends_with(".partial")).then_some(path)
        }));
    }
    doomed
        .into_iter()
        .filter(|path| match std::fs::remove_file(path) {
            Ok(()) => true,
            Err(error) => {
                tracing::warn!(file = %path.display(), %error, "an old backup could not be removed");
                false
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backups_name_carries_its_utc_time_and_reads_back() {
        // 2026-12-01 13:05:09.250 UTC.
        let unix_ms = 1_796_130_309_250;
        let name = file_name(unix_ms);
        assert_eq!(name, "bank-2026-12-01T13-05-09Z.studbot-backup");
        assert_eq!(taken_at_ms(&name), Some(unix_ms - 250));
        assert_eq!(taken_at_ms("bank-2026-12-01T13-05-09Z.partial"), None);
        assert_eq!(taken_at_ms("notes.txt"), None);
    }

    #[test]
    fn backups_are_off_unless_every_hours_is_set_and_keep_must_keep_one() {
        assert_eq!(BackupConfig::default().every(), None);
        let daily = BackupConfig {
            every_hours: 24,
            keep: 7,
        };
        assert_eq!(daily.every(), Some(Duration::from_secs(86_400)));
        assert!(daily.validate().is_ok());
        let keep_none = BackupConfig {
            every_hours: 24,
            keep: 0,
        };
        assert_eq!(
            keep_none.validate().map_err(|(at, _)| at),
            Err("[backup] keep")
        );
        let too_rare = BackupConfig {
            every_hours: MAX_EVERY_HOURS + 1,
            keep: 1,
        };
        assert_eq!(
            too_rare.validate().map_err(|(at, _)| at),
            Err("[backup] every_hours")
        );
    }
}
