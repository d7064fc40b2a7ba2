//! `studbot audit --data DIR` (or `--store URL`): checks the ledger and prints totals as JSON.
//!
//! Exit status: 0 when the books balance, 1 on any break (listed in the JSON), 2 when the
//! directory cannot be read as a studbot bank; a closed standard output changes none of them.
//! The directory is never written to: the audit works on a copy. A PostgreSQL bank is audited
//! from one snapshot, while bots write it.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use crate::bank;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("bank").required(true).args(["data", "store"])))]
pub struct AuditArgs {
    /// The data directory to check: the bot's `data_dir`, whose bank is `DIR/bank` (the same
    /// meaning in every subcommand). Never written to.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The PostgreSQL database the bank is in (`postgres://user@host/db`), instead of `--data`.
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
}

pub fn run(args: AuditArgs) -> anyhow::Result<ExitCode> {
    let location = super::data_dir::bank_location(
        args.store.as_deref(),
        args.data.as_deref(),
        super::data_dir::existing_bank,
    )?;
    let report =
        bank::audit_location(&location).with_context(|| format!("cannot audit {location}"))?;
    let json = serde_json::to_string_pretty(&report).context("cannot print the report")?;
    super::stdout::print_line_keeping_verdict(&json)?;
    if report.ok {
        Ok(ExitCode::SUCCESS)
    } else {
        for found in &report.breaks {
            eprintln!("studbot audit: {found}");
        }
        Ok(ExitCode::from(1))
    }
}
