//! `studbot run --config FILE`: the Discord bot.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[arg(long, default_value = "config.toml")]
    pub config: PathBuf,
}

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let _ = args;
    anyhow::bail!("the Discord bot is not built yet")
}
