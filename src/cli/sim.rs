//! `studbot sim`: many hands between computer players; hands per second and a checksum.
//!
//! Each player starts with `--stack` and rebuys to it when busted. The deal order rotates by
//! one seat each hand. Every hand's deck is `Deck::seeded` from a seed derived from `--seed`
//! and the hand number, and the computer players draw from one RNG seeded from `--seed`, so
//! the same flags give the same hands and the same checksum.
//!
//! `--data DIR` plays the same hands through the real bank (see `sim_data`); the poker, and
//! so the checksum, is the same with and without it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};

pub use super::sim_data::BankSummary;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::table::computer::choose_action;
use crate::table::hand::{Event, Hand, HandResult};
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
    /// What the bank did, when the run played through it (`--data`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank: Option<BankSummary>,
}

pub fn run(args: SimArgs) -> anyhow::Result<ExitCode> {
    if let Some(dir) = &args.phh {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the PHH directory {}", dir.display()))?;
    }
    let summary = match &args.data {
        Some(dir) => super::sim_data::simulate_through_bank(&args, dir)?,
        None => simulate(&args, |number, hand, players| {
            write_phh_if_asked(&args, number, hand, players)
        })?,
    };
    println!("{}", serde_json::to_string(&summary)?);
    Ok(ExitCode::SUCCESS)
}

/// Writes the hand as a PHH file when `--phh` was given.
pub fn write_phh_if_asked(
    args: &SimArgs,
    number: u64,
    hand: &Hand,
    players: &[usize],
) -> anyhow::Result<()> {
    match &args.phh {
        Some(dir) => write_phh_file(dir, number, hand, args.rules(), players),
        None => Ok(()),
    }
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

/// One hand as the session played it.
#[derive(Debug, Clone)]
pub struct PlayedHand {
    /// The hand's number in this run, from 0 (its deck seed comes from it).
    pub number: u64,
    pub hand: Hand,
    /// The player (numbered from 0 as at the start) in each deal-order seat.
    pub players: Vec<usize>,
}

impl PlayedHand {
    /// The finished hand's result (a played hand always has one).
    pub fn result(&self) -> anyhow::Result<&HandResult> {
        self.hand
            .result()
            .with_context(|| format!("hand {} has no result", self.number + 1))
    }
}

/// The state of a run between hands: stacks, rebuys, the computer players' RNG and the
/// checksum so far. `simulate` drives it alone; `sim --data` drives it between bank calls.
pub struct Session {
    stakes: Stakes,
    rules: Rules,
    seed: u64,
    players: u8,
    stack: u64,
    stacks: Vec<u64>,
    rebuys: Vec<u64>,
    decisions: ChaCha8Rng,
    hasher: Sha256,
    encoded: Vec<u8>,
    hands: u64,
    actions: u64,
    showdowns: u64,
}

impl Session {
    pub fn new(args: &SimArgs) -> anyhow::Result<Session> {
        let stakes = args.stakes();
        stakes.validate().context("invalid stakes")?;
        args.rules().validate().context("invalid rules")?;
        if args.stack == 0 {
            bail!("--stack must be more than 0");
        }
        let player_count = usize::from(args.players);
        Ok(Session {
            stakes,
            rules: args.rules(),
            seed: args.seed,
            players: args.players,
            stack: args.stack,
            stacks: vec![args.stack; player_count],
            rebuys: vec![0; player_count],
            decisions: ChaCha8Rng::seed_from_u64(splitmix64(args.seed ^ 0x636F_6D70_7574_6572)),
            hasher: Sha256::new(),
            encoded: Vec::with_capacity(4096),
            hands: 0,
            actions: 0,
            showdowns: 0,
        })
    }

    /// Each player's stack now (players numbered from 0).
    pub fn stacks(&self) -> &[u64] {
        &self.stacks
    }

    /// Brings every busted player back to the starting stack; returns who rebought.
    pub fn rebuy_busted(&mut self) -> Vec<usize> {
        let mut rebought = Vec::new();
        for (player, (stack, rebuy)) in self.stacks.iter_mut().zip(&mut self.rebuys).enumerate() {
            if *stack == 0 {
                *stack = self.stack;
                *rebuy += 1;
                rebought.push(player);
            }
        }
        rebought
    }

    /// Plays hand `number` (from 0) to the end with the current stacks.
    pub fn play_hand(&mut self, number: u64) -> anyhow::Result<PlayedHand> {
        let player_count = self.stacks.len();
        let rotation = usize::try_from(number % u64::from(self.players)).unwrap_or(0);
        let players: Vec<usize> = (0..player_count)
            .map(|seat| (rotation + seat) % player_count)
            .collect();
        let seat_stacks: Vec<u64> = players.iter().map(|&player| self.stacks[player]).collect();
        let deck = Deck::seeded(hand_seed(self.seed, number));
        let mut hand = Hand::start(self.stakes, self.rules, &seat_stacks, deck)
            .with_context(|| format!("hand {} could not start", number + 1))?;
        self.act_until_done(number, &mut hand)?;
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
            self.stacks[player] = result.final_stacks[seat];
        }
        if hand
            .events()
            .iter()
            .any(|event| matches!(event, Event::Shown { .. }))
        {
            self.showdowns += 1;
        }
        self.add_to_checksum(number, &hand)?;
        self.hands += 1;
        Ok(PlayedHand {
            number,
            hand,
            players,
        })
    }

    fn act_until_done(&mut self, number: u64, hand: &mut Hand) -> anyhow::Result<()> {
        while let Some(seat) = hand.to_act() {
            let public = hand.public_view();
            let private = hand
                .private_view(seat)
                .with_context(|| format!("hand {}: no private view of seat {seat}", number + 1))?;
            let Some(choice) = choose_action(&private, &public, &mut self.decisions) else {
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
            self.actions += 1;
        }
        Ok(())
    }

    fn add_to_checksum(&mut self, number: u64, hand: &Hand) -> anyhow::Result<()> {
        self.encoded.clear();
        self.encoded.extend_from_slice(&number.to_le_bytes());
        serde_json::to_writer(&mut self.encoded, hand.events())?;
        for stack in &self.stacks {
            self.encoded.extend_from_slice(&stack.to_le_bytes());
        }
        self.hasher.update(&self.encoded);
        Ok(())
    }

    /// The summary of the hands played so far; `seconds` is the run's wall-clock time.
    pub fn finish(self, seconds: f64) -> SimSummary {
        let hands_per_second = if seconds > 0.0 {
            self.hands as f64 / seconds
        } else {
            0.0
        };
        SimSummary {
            hands: self.hands,
            players: self.players,
            seed: self.seed,
            actions: self.actions,
            showdowns: self.showdowns,
            rebuys: self.rebuys,
            final_stacks: self.stacks,
            checksum: hex::encode(self.hasher.finalize()),
            seconds,
            hands_per_second,
            bank: None,
        }
    }
}

/// Plays the hands the flags describe. `after_hand(number, hand, players)` runs after each
/// hand with its number (from 1), the finished hand, and the player in each deal-order seat.
pub fn simulate(
    args: &SimArgs,
    mut after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<SimSummary> {
    let mut session = Session::new(args)?;
    let started = Instant::now();
    for number in 0..args.hands {
        session.rebuy_busted();
        let played = session.play_hand(number)?;
        after_hand(number + 1, &played.hand, &played.players)?;
    }
    Ok(session.finish(started.elapsed().as_secs_f64()))
}
