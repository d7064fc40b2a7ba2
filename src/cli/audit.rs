//! `studbot audit --data DIR`: checks the ledger and prints totals as JSON.
//!
//! Exit status: 0 when the books balance, 1 on any break (listed in the JSON), 2 when the
//! directory cannot be read as a studbot bank. The directory is never written to: the audit
//! works on a copy.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use crate::bank;

#[derive(clap::Args, Debug)]
pub struct AuditArgs {
    /// The data directory to check: the bot's `data_dir`, whose bank is `DIR/bank` (the same
    /// meaning in every subcommand). Never written to.
    #[arg(long)]
    pub data: PathBuf,
}

pub fn run(args: AuditArgs) -> anyhow::Result<ExitCode> {
    let dir = super::data_dir::existing_bank(&args.data)?;
    let report = bank::audit_data_dir(&dir)
        .with_context(|| format!("cannot audit {}", args.data.display()))?;
    let json = serde_json::to_string_pretty(&report).context("cannot print the report")?;
    println!("{json}");
    if report.ok {
        Ok(ExitCode::SUCCESS)
    } else {
        for found in &report.breaks {
            eprintln!("studbot audit: {found}");
        }
        Ok(ExitCode::from(1))
    }
}
