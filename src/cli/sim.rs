//! `studbot sim`: many hands between computer players; hands per second and a checksum.
//!
//! Each player starts with `--stack` and rebuys to it when busted. The deal order rotates by
//! one seat each hand. Every hand's deck is `Deck::seeded` from a seed derived from `--seed`
//! and the hand number, and the computer players draw from one RNG seeded from `--seed`, so
//! the same flags give the same hands and the same checksum.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::table::computer::choose_action;
use crate::table::hand::{Event, Hand};
use crate::table::phh::hand_to_phh;
use crate::table::{Deck, OddChip, Rules, ShortAllIn, Stakes};

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
}

/// What a simulation run produced. Everything but the timing is the same for the same flags.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimSummary {
    pub hands: u64,
    pub players: u8,
    pub seed: u64,
    /// Actions taken by all players in all hands.
    pub actions: u64,
    /// Hands that reached a showdown.
    pub showdowns: u64,
    /// Rebuys by each player (players numbered as at the start).
    pub rebuys: Vec<u64>,
    /// Each player's stack after the last hand.
    pub final_stacks: Vec<u64>,
    /// sha256 (hex) over, for every hand in order: the hand number (u64 little-endian),
    /// its events as a JSON array, then every player's stack after it (u64 little-endian).
    pub checksum: String,
    /// Wall-clock time of the whole run, PHH writing included.
    pub seconds: f64,
    pub hands_per_second: f64,
}

pub fn run(args: SimArgs) -> anyhow::Result<ExitCode> {
    if args.data.is_some() {
        bail!(
            "--data is not supported yet: sim does not play through the bank in this build; run without --data"
        );
    }
    if let Some(dir) = &args.phh {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the PHH directory {}", dir.display()))?;
    }
    let phh_dir = args.phh.clone();
    let summary = simulate(&args, |number, hand, players| match &phh_dir {
        Some(dir) => write_phh_file(dir, number, hand, args.rules(), players),
        None => Ok(()),
    })?;
    println!("{}", serde_json::to_string(&summary)?);
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

/// The deck seed of hand `number` (from 0) of a run seeded with `seed`.
pub fn hand_seed(seed: u64, number: u64) -> u64 {
    splitmix64(seed ^ splitmix64(number.wrapping_add(1)))
}

fn splitmix64(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays the hands the flags describe. `after_hand(number, hand, players)` runs after each
/// hand with its number (from 1), the finished hand, and the player in each deal-order seat.
pub fn simulate(
    args: &SimArgs,
    mut after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<SimSummary> {
    let stakes = args.stakes();
    stakes.validate().context("invalid stakes")?;
    if args.stack == 0 {
        bail!("--stack must be more than 0");
    }
    let rules = args.rules();
    let player_count = usize::from(args.players);
    let mut stacks = vec![args.stack; player_count];
    let mut rebuys = vec![0u64; player_count];
    let mut decisions = ChaCha8Rng::seed_from_u64(splitmix64(args.seed ^ 0x636F_6D70_7574_6572));
    let mut hasher = Sha256::new();
    let mut encoded = Vec::with_capacity(4096);
    let mut actions = 0u64;
    let mut showdowns = 0u64;
    let started = Instant::now();

    for number in 0..args.hands {
        for (stack, rebuy) in stacks.iter_mut().zip(rebuys.iter_mut()) {
            if *stack == 0 {
                *stack = args.stack;
                *rebuy += 1;
            }
        }
        let rotation = usize::try_from(number % u64::from(args.players)).unwrap_or(0);
        let players: Vec<usize> = (0..player_count)
            .map(|seat| (rotation + seat) % player_count)
            .collect();
        let seat_stacks: Vec<u64> = players.iter().map(|&player| stacks[player]).collect();
        let deck = Deck::seeded(hand_seed(args.seed, number));
        let mut hand = Hand::start(stakes, rules, &seat_stacks, deck)
            .with_context(|| format!("hand {} could not start", number + 1))?;
        while let Some(seat) = hand.to_act() {
            let public = hand.public_view();
            let private = hand
                .private_view(seat)
                .with_context(|| format!("hand {}: no private view of seat {seat}", number + 1))?;
            let Some(choice) = choose_action(&private, &public, &mut decisions) else {
                bail!(
                    "hand {}: the computer player found no legal action for seat {seat}",
                    number + 1
                );
            };
            hand.act_quietly(seat, choice.kind).with_context(|| {
                format!(
                    "hand {}: the engine refused {:?} for seat {seat}, which it listed as legal",
                    number + 1,
                    choice.kind
                )
            })?;
            actions += 1;
        }
        let Some(result) = hand.result() else {
            bail!(
                "hand {}: no one is to act but the hand has no result",
                number + 1
            );
        };
        let before: u64 = seat_stacks.iter().sum();
        let after: u64 = result.final_stacks.iter().sum();
        if before != after {
            bail!(
                "hand {}: chips not conserved ({before} before, {after} after)",
                number + 1
            );
        }
        for (seat, &player) in players.iter().enumerate() {
            stacks[player] = result.final_stacks[seat];
        }
        if hand
            .events()
            .iter()
            .any(|event| matches!(event, Event::Shown { .. }))
        {
            showdowns += 1;
        }

        encoded.clear();
        encoded.extend_from_slice(&number.to_le_bytes());
        serde_json::to_writer(&mut encoded, hand.events())?;
        for stack in &stacks {
            encoded.extend_from_slice(&stack.to_le_bytes());
        }
        hasher.update(&encoded);

        after_hand(number + 1, &hand, &players)?;
    }

    let seconds = started.elapsed().as_secs_f64();
    let hands_per_second = if seconds > 0.0 {
        args.hands as f64 / seconds
    } else {
        0.0
    };
    Ok(SimSummary {
        hands: args.hands,
        players: args.players,
        seed: args.seed,
        actions,
        showdowns,
        rebuys,
        final_stacks: stacks,
        checksum: hex::encode(hasher.finalize()),
        seconds,
        hands_per_second,
    })
}
