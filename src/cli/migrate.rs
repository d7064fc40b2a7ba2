//! `studbot migrate --from-data DIR --to URL` (and back, `--from URL --to-data DIR`): moves a
//! stopped bot's bank between its sled directory and a PostgreSQL database. Every key is
//! copied into the empty target, both sides are audited and their totals compared before
//! the copy counts; a copy that fails or differs is dropped whole (see `bank::moving`).
//! Prints what was copied and the audit as JSON.
//!
//! Exit status: 0 moved; 2 nothing was written (a source that is not a bank, or does not
//! audit; a target that is not empty; a running bot; a copy that does not audit the same).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::bank::{StoreLocation, move_bank};

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["from_data", "from"])))]
#[command(group(clap::ArgGroup::new("target").required(true).args(["to", "to_data"])))]
pub struct MigrateArgs {
    /// The stopped bot's data directory (its bank in `DIR/bank`) to move from.
    #[arg(long, value_name = "DIR")]
    pub from_data: Option<PathBuf>,
    /// The PostgreSQL database to move from (every bot on it stopped).
    #[arg(long, value_name = "URL")]
    pub from: Option<String>,
    /// The empty PostgreSQL database to move into.
    #[arg(long, value_name = "URL")]
    pub to: Option<String>,
    /// The new (or empty) data directory to move into: the bank goes into `DIR/bank`.
    #[arg(long, value_name = "DIR")]
    pub to_data: Option<PathBuf>,
}

pub fn run(args: MigrateArgs) -> anyhow::Result<ExitCode> {
    let from = match (&args.from, &args.from_data) {
        (Some(url), _) => super::data_dir::database(url)?,
        (None, Some(dir)) => StoreLocation::Sled(super::data_dir::existing_bank(dir)?),
        (None, None) => anyhow::bail!("give --from-data DIR or --from URL"),
    };
    let to = match (&args.to, &args.to_data) {
        (Some(url), _) => super::data_dir::database(url)?,
        (None, Some(dir)) => {
            std::fs::create_dir_all(dir)?;
            StoreLocation::Sled(dir.join("bank"))
        }
        (None, None) => anyhow::bail!("give --to URL or --to-data DIR"),
    };
    match move_bank(&from, &to) {
        Ok(moved) => {
            super::stdout::print_line(&serde_json::to_string_pretty(&moved)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("studbot migrate: {error}; nothing was written to {to}");
            Ok(ExitCode::from(2))
        }
    }
}
