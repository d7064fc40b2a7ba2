//! `studbot play`: a table in the terminal against computer players.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Players at the table, you included.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    #[arg(long)]
    pub seed: Option<u64>,
    /// Where your balance is kept (default: `studbot-data` in the current directory).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// en, es or id.
    #[arg(long, default_value = "en")]
    pub lang: String,
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let _ = args;
    anyhow::bail!("play is not built yet")
}
