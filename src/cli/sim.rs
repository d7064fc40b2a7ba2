//! `studbot sim`: many hands between computer players (or random legal actions); hands per
//! second and a checksum. With `--tournament`, whole sit & gos instead
//! ([`super::sim_tournament`]). The flags become a [`SimConfig`]; the hands are played by
//! [`super::sim_session`], through the real bank with `--data` ([`super::sim_data`]), and
//! written as PHH with `--phh`. The poker, and so the checksum, is the same with and
//! without `--data`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use serde::Serialize;

use super::sim_data::{BankRun, BankSummary};
pub use super::sim_session::{Actions, SimConfig, SimSummary};
use super::sim_tournament::TournamentSimConfig;
use crate::table::hand::Hand;
use crate::table::phh::hand_to_phh;
use crate::table::{DEFAULT_MIX_HANDS, GameChoice, OddChip, Rules, ShortAllIn, Stakes};
use crate::tournament::StructureKind;

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
    /// The game dealt: one of the three, or `mix` (Razz → Stud → Stud/8, switching every
    /// `--mix-hands` hands).
    #[arg(long, value_enum, default_value_t = GameChoice::Stud8)]
    pub game: GameChoice,
    /// With `--game mix`: hands of each game before the next.
    #[arg(long, default_value_t = DEFAULT_MIX_HANDS, value_parser = clap::value_parser!(u32).range(1..))]
    pub mix_hands: u32,
    /// Who decides: the computer players, or a uniformly random legal action (pokerkit's
    /// random play, for comparing speed).
    #[arg(long, value_enum, default_value_t = Actions::Computer)]
    pub actions: Actions,
    /// Write each hand as a PHH file into this directory.
    #[arg(long)]
    pub phh: Option<PathBuf>,
    /// Play through the real bank in this sled directory: players are bank accounts (user ids
    /// 1..=P of `--guild`) seated at table 1, every hand is begun and settled durably.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// With `--data`: the guild whose accounts play.
    #[arg(long, default_value_t = 0, requires = "data")]
    pub guild: u64,
    /// With `--data`: print one JSON line per settled hand (flushed) before the summary.
    #[arg(long, default_value_t = false, requires = "data")]
    pub progress: bool,
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
    /// Play whole sit & gos instead of `--hands` hands: the structure sets the stakes and
    /// stacks, the house-rule flags still apply.
    #[arg(long, default_value_t = false, conflicts_with_all = ["data", "phh"])]
    pub tournament: bool,
    /// With `--tournament`: how many sit & gos.
    #[arg(long, default_value_t = 1, requires = "tournament", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// With `--tournament`: the structure.
    #[arg(long, value_enum, default_value_t = StructureKind::Regular, requires = "tournament")]
    pub structure: StructureKind,
    /// With `--tournament`: each player's buy-in (the prize pool is all of them).
    #[arg(long, default_value_t = 100, requires = "tournament")]
    pub buy_in: u64,
    /// With `--tournament`: one JSON object a line per sit & go.
    #[arg(long, default_value_t = false, requires = "tournament")]
    pub json: bool,
}

impl SimArgs {
    pub fn stakes(&self) -> Stakes {
        Stakes {
            ante: self.ante,
            bring_in: self.bring_in,
            small_bet: self.small_bet,
            big_bet: self.big_bet,
        }
    }

    pub fn rules(&self) -> Rules {
        Rules {
            max_raises: self.max_raises,
            heads_up_uncapped: self.heads_up_uncapped,
            short_all_in: match self.short_all_in {
                ShortAllInArg::HalfBet => ShortAllIn::HalfBet,
                ShortAllInArg::FullBet => ShortAllIn::FullBet,
            },
            odd_chip: match self.odd_chip {
                OddChipArg::BySuit => OddChip::BySuit,
                OddChipArg::FirstSeat => OddChip::FirstSeat,
            },
            open_pair_big_bet: self.open_pair_big_bet,
        }
    }

    /// What `--tournament` plays.
    pub fn tournament_config(&self) -> TournamentSimConfig {
        TournamentSimConfig {
            players: self.players,
            seed: self.seed,
            count: self.count,
            game: self.game,
            structure: self.structure,
            buy_in: self.buy_in,
            rules: self.rules(),
        }
    }

    /// What the run plays.
    pub fn config(&self) -> SimConfig {
        SimConfig {
            stakes: self.stakes(),
            rules: self.rules(),
            game: self.game,
            mix_hands: self.mix_hands,
            actions: self.actions,
            seed: self.seed,
            players: self.players,
            stack: self.stack,
        }
    }
}

/// The line `sim` prints: the summary, and what the bank did with `--data`.
#[derive(Serialize)]
struct SimReport {
    #[serde(flatten)]
    summary: SimSummary,
    #[serde(skip_serializing_if = "Option::is_none")]
    bank: Option<BankSummary>,
}

pub fn run(args: SimArgs) -> anyhow::Result<ExitCode> {
    if args.tournament {
        return super::sim_tournament::run(&args.tournament_config(), args.json);
    }
    if let Some(dir) = &args.phh {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the PHH directory {}", dir.display()))?;
    }
    let write_phh = |number: u64, hand: &Hand, players: &[usize]| match &args.phh {
        Some(dir) => write_phh_file(dir, number, hand, args.rules(), players),
        None => Ok(()),
    };
    let report = match &args.data {
        Some(dir) => {
            let bank_run = BankRun {
                dir,
                guild: args.guild,
                progress: args.progress,
            };
            let (summary, bank) = super::sim_data::simulate_through_bank(
                args.config(),
                args.hands,
                &bank_run,
                write_phh,
            )?;
            SimReport {
                summary,
                bank: Some(bank),
            }
        }
        None => SimReport {
            summary: simulate(&args, write_phh)?,
            bank: None,
        },
    };
    println!("{}", serde_json::to_string(&report)?);
    Ok(ExitCode::SUCCESS)
}

/// Writes hand `number` (from 1) as `DIR/hand-000001.phh`. `players[i]` is the player in
/// deal-order seat i.
fn write_phh_file(
    dir: &Path,
    number: u64,
    hand: &Hand,
    rules: Rules,
    players: &[usize],
) -> anyhow::Result<()> {
    let names = players
        .iter()
        .map(|player| format!("bot{}", player + 1))
        .collect();
    let text = hand_to_phh(hand, rules, Some(number), Some(names))?;
    let path = dir.join(format!("hand-{number:06}.phh"));
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Plays the hands the flags describe (without the bank). `after_hand(number, hand,
/// players)` runs after each hand with its number (from 1), the finished hand, and the
/// player in each deal-order seat.
pub fn simulate(
    args: &SimArgs,
    after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<SimSummary> {
    super::sim_session::play_session(args.config(), args.hands, after_hand)
}
