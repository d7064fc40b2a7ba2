//! `studbot backup --data DIR --out FILE` and `studbot restore --from FILE --data DIR`: a
//! consistent snapshot of everything the bank holds as one checked file, and a data directory
//! rebuilt from it (then audited). A running bot writes the same files on its own schedule
//! (`[backup]` in the config), since it holds the directory while it runs.
//!
//! Exit status: 0 done; 1 the restored books do not balance; 2 bad input (an unreadable or
//! foreign file, a target that is not empty, a directory in use), with nothing written.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::bank::backup::{self, BackupError};
use crate::bank::store::SledStore;
use crate::bank::{self, BankError};

#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// The bot's data directory (`data_dir`), or a bank's sled directory.
    #[arg(long)]
    pub data: PathBuf,
    /// The backup file to write.
    #[arg(long)]
    pub out: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct RestoreArgs {
    /// The backup file to read.
    #[arg(long)]
    pub from: PathBuf,
    /// The data directory to create (new or empty); the bank goes into its `bank/` folder.
    #[arg(long)]
    pub data: PathBuf,
}

pub fn run_backup(args: BackupArgs) -> anyhow::Result<ExitCode> {
    let dir = backup::bank_dir(&args.data);
    if !dir.join("conf").is_file() {
        eprintln!(
            "studbot backup: {} holds no studbot bank (no sled database in it)",
            args.data.display()
        );
        return Ok(ExitCode::from(2));
    }
    let written = bank::check_schema_marker(&dir)
        .and_then(|()| SledStore::open(&dir, 16 * 1024 * 1024).map_err(BankError::from))
        .map_err(BackupError::from)
        .and_then(|store| backup::write_backup(&store, &args.out));
    match written {
        Ok(summary) => {
            println!("{}", serde_json::to_string_pretty(&summary)?);
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("studbot backup: {error}");
            Ok(ExitCode::from(2))
        }
    }
}

pub fn run_restore(args: RestoreArgs) -> anyhow::Result<ExitCode> {
    let summary = match backup::restore(&args.from, &args.data) {
        Ok(summary) => summary,
        Err(error) => {
            eprintln!("studbot restore: {error}");
            return Ok(ExitCode::from(2));
        }
    };
    let report = match bank::audit_data_dir(&args.data.join("bank")) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("studbot restore: restored, but the audit could not run: {error}");
            return Ok(ExitCode::from(1));
        }
    };
    println!(
        "{}",
        serde_json::to_string_pretty(&serde_json::json!({
            "restored": summary,
            "bank": args.data.join("bank"),
            "audit": report,
        }))?
    );
    if report.ok {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("studbot restore: the restored books do not balance (see the audit above)");
        Ok(ExitCode::from(1))
    }
}
