//! `studbot sim`: many hands between computer players; hands per second and a checksum.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortAllInArg {
    HalfBet,
    FullBet,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddChipArg {
    BySuit,
    FirstSeat,
}

#[derive(clap::Args, Debug)]
pub struct SimArgs {
    #[arg(long, default_value_t = 1000)]
    pub hands: u64,
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write each hand as a PHH file into this directory.
    #[arg(long)]
    pub phh: Option<PathBuf>,
    /// Play through the real bank in this sled directory.
    #[arg(long)]
    pub data: Option<PathBuf>,
    #[arg(long, default_value_t = 1)]
    pub ante: u64,
    #[arg(long, default_value_t = 2)]
    pub bring_in: u64,
    #[arg(long, default_value_t = 5)]
    pub small_bet: u64,
    #[arg(long, default_value_t = 10)]
    pub big_bet: u64,
    /// Each player's stack at the start of the session.
    #[arg(long, default_value_t = 200)]
    pub stack: u64,
    #[arg(long, default_value_t = 3)]
    pub max_raises: u32,
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub heads_up_uncapped: bool,
    #[arg(long, value_enum, default_value_t = ShortAllInArg::HalfBet)]
    pub short_all_in: ShortAllInArg,
    #[arg(long, value_enum, default_value_t = OddChipArg::BySuit)]
    pub odd_chip: OddChipArg,
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    pub open_pair_big_bet: bool,
}

pub fn run(args: SimArgs) -> anyhow::Result<ExitCode> {
    let _ = args;
    anyhow::bail!("sim is not built yet")
}
