//! `studbot audit --data DIR`: checks the ledger and prints totals as JSON.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct AuditArgs {
    /// The sled data directory to check.
    #[arg(long)]
    pub data: PathBuf,
}

pub fn run(args: AuditArgs) -> anyhow::Result<ExitCode> {
    let _ = args;
    anyhow::bail!("audit is not built yet")
}
