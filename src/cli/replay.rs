//! `studbot replay [FILE|-]`: JSON lines in, one JSON result line per hand out.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// A file of JSON lines, or `-` (the default) for standard input.
    pub input: Option<PathBuf>,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let _ = args;
    anyhow::bail!("replay is not built yet")
}
