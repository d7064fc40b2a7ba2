//! `studbot backup --data DIR --out FILE` and `studbot restore --from FILE --data DIR`: a
//! consistent snapshot of everything the bank holds as one checked file, and a data directory
//! rebuilt from it (then audited). A running bot holds its directory, and writes the same files
//! itself: on its schedule (`[backup]` in the config) and whenever sent SIGUSR1. With
//! `--store URL` the bank is a PostgreSQL database: backed up from one snapshot (bots may run
//! meanwhile), and restored into an empty database in one transaction (`pg_dump` backs it up
//! too).
//!
//! Exit status: 0 done; 1 the restored books do not balance; 2 bad input (an unreadable or
//! foreign file, a target that is not empty, a directory in use, a backup file that exists
//! without `--force` or that would sit inside the bank), with nothing written.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::bank::backup::{self, BackupError};
use crate::bank::store::SledStore;
use crate::bank::{self, BankError};

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("bank").required(true).args(["data", "store"])))]
pub struct BackupArgs {
    /// The data directory to back up: the bot's `data_dir`, whose bank is `DIR/bank` (the
    /// same meaning in every subcommand). The bot must be stopped; a running bot backs itself
    /// up (`[backup]` in its config, or SIGUSR1 for one now).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The PostgreSQL database to back up (`postgres://user@host/db`), instead of `--data`.
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// The backup file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Replace `--out` when it already exists.
    #[arg(long)]
    pub force: bool,
}

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("bank").required(true).args(["data", "store"])))]
pub struct RestoreArgs {
    /// The backup file to read.
    #[arg(long)]
    pub from: PathBuf,
    /// The data directory to create (new or empty), as `data_dir` and every `--data` mean it:
    /// the bank goes into its `bank/` folder.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The PostgreSQL database to restore into (`postgres://user@host/db`), which must hold
    /// no bank yet, instead of `--data`.
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
}

pub fn run_backup(args: BackupArgs) -> anyhow::Result<ExitCode> {
    let Some(data) = &args.data else {
        let url = args.store.as_deref().unwrap_or_default();
        return backup_database(url, &args.out, args.force);
    };
    let dir = match super::data_dir::existing_bank(data) {
        Ok(dir) => dir,
        Err(error) => {
            eprintln!("studbot backup: {error}");
            return Ok(ExitCode::from(2));
        }
    };
    if let Some(refusal) = out_refusal(&dir, &args.out, args.force) {
        eprintln!("studbot backup: {refusal}");
        return Ok(ExitCode::from(2));
    }
    let written = bank::check_schema_marker(&dir)
        .and_then(|()| SledStore::open(&dir, 16 * 1024 * 1024).map_err(BankError::from))
        .map_err(BackupError::from)
        .and_then(|store| backup::write_backup(&store, &args.out));
    match written {
        Ok(summary) => {
            super::stdout::print_line(&serde_json::to_string_pretty(&summary)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            let error = error.to_string();
            // The bot holds its bank while it runs; it writes a backup itself when asked.
            let hint = if error.contains("in use by another studbot process") {
                "; a running bot writes a backup now into data_dir/backups when sent SIGUSR1 \
                 (docker kill --signal USR1 studbot, or systemctl kill --signal=USR1 \
                 --kill-whom=main studbot)"
            } else {
                ""
            };
            eprintln!("studbot backup: {error}{hint}");
            Ok(ExitCode::from(2))
        }
    }
}

/// Why a backup must not be written to `out`, if it must not: over an existing file unless
/// `force`, or inside the bank it backs up (where the backup would be part of what it saves,
/// and a restore of the directory would bring back a stale copy beside the books).
fn out_refusal(bank: &std::path::Path, out: &std::path::Path, force: bool) -> Option<String> {
    let parent = match out.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if let (Ok(bank), Ok(parent)) = (bank.canonicalize(), parent.canonicalize())
        && parent.starts_with(&bank)
    {
        return Some(format!(
            "{} is inside the bank it backs up ({}): write the backup outside it",
            out.display(),
            bank.display()
        ));
    }
    if out.exists() && !force {
        return Some(format!(
            "{} already exists: choose another --out, or add --force to replace it",
            out.display()
        ));
    }
    None
}

/// `backup --store URL`: the database's bank, from one snapshot.
fn backup_database(url: &str, out: &std::path::Path, force: bool) -> anyhow::Result<ExitCode> {
    let location = super::data_dir::database(url)?;
    if out.exists() && !force {
        eprintln!(
            "studbot backup: {} already exists: choose another --out, or add --force to replace it",
            out.display()
        );
        return Ok(ExitCode::from(2));
    }
    let written = location
        .open_existing()
        .map_err(BackupError::from)
        .and_then(|store| {
            let shared = store.shared().ok_or_else(|| {
                BackupError::from(BankError::Internal("a PostgreSQL store is shared".into()))
            })?;
            let snapshot = shared.snapshot().map_err(BankError::from)?;
            backup::write_backup(snapshot.as_ref(), out)
        });
    match written {
        Ok(summary) => {
            super::stdout::print_line(&serde_json::to_string_pretty(&summary)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("studbot backup: {error}");
            Ok(ExitCode::from(2))
        }
    }
}

pub fn run_restore(args: RestoreArgs) -> anyhow::Result<ExitCode> {
    let (summary, location) = match (&args.data, &args.store) {
        (Some(data), _) => (
            backup::restore(&args.from, data),
            bank::StoreLocation::Sled(data.join("bank")),
        ),
        (None, store) => {
            let location = super::data_dir::database(store.as_deref().unwrap_or_default())?;
            let restored = location
                .open_store(16 << 20)
                .map_err(BackupError::from)
                .and_then(|store| {
                    backup::restore_into_shared(&args.from, store.as_ref(), &location.display())
                });
            (restored, location)
        }
    };
    let summary = match summary {
        Ok(summary) => summary,
        Err(error) => {
            eprintln!("studbot restore: {error}");
            return Ok(ExitCode::from(2));
        }
    };
    let report = match bank::audit_location(&location) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("studbot restore: restored, but the audit could not run: {error}");
            return Ok(ExitCode::from(1));
        }
    };
    super::stdout::print_line_keeping_verdict(&serde_json::to_string_pretty(
        &serde_json::json!({
            "restored": summary,
            "bank": location.display(),
            "audit": report,
        }),
    )?)?;
    if report.ok {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("studbot restore: the restored books do not balance (see the audit above)");
        Ok(ExitCode::from(1))
    }
}
