//! `studbot sim`: many hands between computer players (or random legal actions); hands per
//! second and a checksum. With `--tournament`, whole sit & gos instead
//! ([`super::sim_tournament`]). The flags become a [`SimConfig`]; the hands are played by
//! [`super::sim_session`], through the real bank with `--data` ([`super::sim_data`]), and
//! written as PHH with `--phh`. The poker, and so the checksum, is the same with and
//! without `--data`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use serde::Serialize;

use super::sim_data::{BankRun, BankSummary};
use super::sim_external::ExternalSeats;
use super::sim_multi::{MultiSimConfig, MultiTableArgs};
pub use super::sim_session::{Actions, SeatLevel, Session, SimConfig, SimSummary};
use super::sim_tournament::TournamentSimConfig;
use crate::table::hand::Hand;
use crate::table::phh::hand_to_phh;
use crate::table::{DEFAULT_MIX_HANDS, GameChoice, OddChip, Rules, ShortAllIn, Stakes};
use crate::tournament::Structure;
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
#[command(group(clap::ArgGroup::new("json_reports").args(["seats", "tournament"]).multiple(true)))]
pub struct SimArgs {
    #[arg(long, default_value_t = 1000)]
    pub hands: u64,
    /// Players at the table, 2 to 8; with `--tournament --table-size T`, more than `T` (up to
    /// 5,000) play a multi-table event.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u16).range(2..=5000))]
    pub players: u16,
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
    /// Who plays each seat, in order (`good`, `easy`, `random` or `ext`, comma-separated): the run
    /// has that many players, and `sim` prints each one's net chips and big bets per 100
    /// hands with its standard error. Seats are rotated: the players are seated in a new
    /// random order (from `--seed`) every round of as many hands as players, and the deal
    /// order rotates one seat each hand of the round, so every level plays every position
    /// beside every neighbour.
    #[arg(long, value_enum, value_delimiter = ',', num_args = 1..,
          conflicts_with_all = ["players", "actions", "data"])]
    pub seats: Option<Vec<SeatLevel>>,
    /// The program that plays the `ext` seats of `--seats`, with its arguments (split as a
    /// shell would; no shell runs it): started once per `ext` seat, it is asked for each of
    /// that seat's decisions in JSON lines on its standard input and answers on its standard
    /// output (docs/TOOLS.md, "The external seat protocol"). Given once, every `ext` seat runs it; given once per
    /// `ext` seat, each runs its own, in order.
    #[arg(long, value_name = "CMD ARGS", requires = "seats")]
    pub external: Vec<String>,
    /// With `--external`: milliseconds an external program has for each reply; a later
    /// reply is taken as check or fold and counted among the seat's errors.
    #[arg(long, default_value_t = 5000, requires = "external",
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub external_timeout_ms: u64,
    /// With `--seats`: print the seats' results as one JSON object; with `--tournament`: one
    /// JSON object a line per sit & go.
    #[arg(long, default_value_t = false, requires = "json_reports")]
    pub json: bool,
    /// Write each hand as a PHH file into this directory.
    #[arg(long)]
    pub phh: Option<PathBuf>,
    /// Play through the real bank of this data directory (its bank in `DIR/bank`, the same
    /// meaning in every subcommand): players are bank accounts (user ids 1..=P of `--guild`)
    /// seated at table 1, every hand is begun and settled durably. With `--tournament`: the
    /// sit & gos are opened in channel 2, bought into and paid out by the bank, each hand
    /// recorded durably (a killed run's sit & go is resumed first). A directory that holds no
    /// bank yet is used only if it is empty, or with `--create`.
    #[arg(long, conflicts_with = "store")]
    pub data: Option<PathBuf>,
    /// As `--data`, with the bank in this PostgreSQL database (`postgres://user@host/db`);
    /// the guild's lease is taken first (a live bot running it keeps it).
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// With `--data`: start a new bank there when it holds none (and make the directory).
    #[arg(long, requires = "data")]
    pub create: bool,
    /// With `--data` or `--store`: the guild whose accounts play.
    #[arg(long, default_value_t = 0)]
    pub guild: u64,
    /// With `--data` or `--store`: print one JSON line per settled hand (with `--tournament`,
    /// per recorded hand), flushed, before the summary.
    #[arg(long, default_value_t = false)]
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
    /// With `--seats`: every seat starts every hand with `--stack` (nothing carried from hand
    /// to hand), so each hand is measured alone and a heads-up raising war without a cap ends
    /// at the stack. Without it the stacks carry over and a busted player rebuys, so the
    /// winners' stacks grow with the run.
    #[arg(long, default_value_t = false, requires = "seats")]
    pub reset_stacks: bool,
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
    #[arg(long, default_value_t = false, conflicts_with = "phh")]
    pub tournament: bool,
    /// With `--tournament`: how many sit & gos.
    #[arg(long, default_value_t = 1, requires = "tournament", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// With `--tournament`: the structure (`custom` takes `--levels`).
    #[arg(long, value_enum, default_value_t = StructureKind::Regular, requires = "tournament")]
    pub structure: StructureKind,
    /// With `--structure custom`: the levels, `ante/bring-in/small/big x hands` separated by
    /// commas (`2/3/10/20x12,3/5/15/30x12`), 30 big bets of the first level deep.
    #[arg(long, requires = "tournament")]
    pub levels: Option<String>,
    /// With `--tournament`: hands per level (by default 12 regular, 6 turbo).
    #[arg(long, requires = "tournament")]
    pub hands_per_level: Option<u32>,
    /// With `--tournament`: each player's buy-in (the prize pool is all of them).
    #[arg(long, default_value_t = 100, requires = "tournament")]
    pub buy_in: u64,
    #[command(flatten)]
    pub multi: MultiTableArgs,
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

    /// What `--tournament` plays; refused for a structure the stake rules refuse (the level
    /// that breaks them named).
    pub fn tournament_config(&self) -> anyhow::Result<TournamentSimConfig> {
        let structure = self.structure()?;
        Ok(TournamentSimConfig {
            players: self.players_at_one_table()?,
            seed: self.seed,
            count: self.count,
            game: self.game,
            structure,
            buy_in: self.buy_in,
            rules: self.rules(),
        })
    }

    /// The structure `--structure`, `--hands-per-level` and `--levels` ask for.
    fn structure(&self) -> anyhow::Result<Structure> {
        Structure::chosen(self.structure, self.hands_per_level, self.levels.as_deref())
            .map_err(|error| anyhow::anyhow!("invalid structure: {error}"))
    }

    /// `--players`, refused above eight unless a multi-table event plays.
    fn players_at_one_table(&self) -> anyhow::Result<u8> {
        match u8::try_from(self.players) {
            Ok(players) if players <= 8 => Ok(players),
            _ => bail!(
                "--players {} does not fit one table (2 to 8): more play only a multi-table \
                 --tournament with --table-size",
                self.players
            ),
        }
    }

    /// What a multi-table `--tournament` plays, when `--table-size` is given and the players do
    /// not fit one table.
    pub fn multi_table_config(&self) -> anyhow::Result<Option<MultiSimConfig>> {
        let Some(table_size) = self.multi.table_size else {
            return Ok(None);
        };
        if usize::from(self.players) <= usize::from(table_size) {
            return Ok(None);
        }
        Ok(Some(MultiSimConfig {
            players: usize::from(self.players),
            table_size: usize::from(table_size),
            late_registration_levels: self.multi.late_reg_levels,
            re_entries: self.multi.re_entries,
            seed: self.seed,
            count: self.count,
            game: self.game,
            structure: self.structure()?,
            buy_in: self.buy_in,
            rules: self.rules(),
        }))
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
            players: self
                .seats
                .as_ref()
                .and_then(|seats| u8::try_from(seats.len()).ok())
                // `run` refuses more than eight players at one table.
                .unwrap_or_else(|| u8::try_from(self.players).unwrap_or(u8::MAX)),
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

/// Plays a multi-table `--tournament` when the flags ask for one (`None` otherwise), refused
/// before any bank is opened: a multi-table event has no bank records yet.
fn run_multi_table(args: &SimArgs) -> anyhow::Result<Option<ExitCode>> {
    if !args.tournament {
        return Ok(None);
    }
    let Some(config) = args.multi_table_config()? else {
        return Ok(None);
    };
    if args.data.is_none() && args.store.is_none() {
        return super::sim_multi::run(&config, args.json).map(Some);
    }
    let location =
        super::data_dir::bank_location(args.store.as_deref(), args.data.as_deref(), |data| {
            super::data_dir::bank_to_play(data, args.create)
        })?;
    let run = BankRun {
        location: &location,
        guild: args.guild,
        progress: args.progress,
        json: args.json,
    };
    super::sim_multi_data::run(&config, &run).map(|()| Some(ExitCode::SUCCESS))
}

pub fn run(args: SimArgs) -> anyhow::Result<ExitCode> {
    if let Some(code) = run_multi_table(&args)? {
        return Ok(code);
    }
    let location = match (&args.store, &args.data) {
        (None, None) => None,
        (store, data) => Some(super::data_dir::bank_location(
            store.as_deref(),
            data.as_deref(),
            |data| super::data_dir::bank_to_play(data, args.create),
        )?),
    };
    if (args.progress || args.guild != 0) && location.is_none() {
        anyhow::bail!("--guild and --progress play through a bank: give --data DIR or --store URL");
    }
    if args.tournament {
        let config = args.tournament_config()?;
        return match &location {
            Some(location) => {
                let run = BankRun {
                    location,
                    guild: args.guild,
                    progress: args.progress,
                    json: args.json,
                };
                super::sim_tournament_data::run(&config, &run).map(|()| ExitCode::SUCCESS)
            }
            None => super::sim_tournament::run(&config, args.json),
        };
    }
    args.players_at_one_table()?;
    if let Some(dir) = &args.phh {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the PHH directory {}", dir.display()))?;
    }
    let write_phh = |number: u64, hand: &Hand, players: &[usize]| match &args.phh {
        Some(dir) => write_phh_file(dir, number, hand, args.rules(), players),
        None => Ok(()),
    };
    if let Some(levels) = &args.seats {
        let report = simulate_seats(&args, levels, write_phh)?;
        if args.json {
            super::stdout::print_line(&serde_json::to_string(&report)?)?;
        } else {
            super::stdout::print(&report.to_text())?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let report = match &location {
        Some(location) => {
            let bank_run = BankRun {
                location,
                guild: args.guild,
                progress: args.progress,
                json: args.json,
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
    super::stdout::print_line(&serde_json::to_string(&report)?)?;
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

/// What `sim --seats` prints: each seat's result over the run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatsReport {
    pub game: &'static str,
    pub hands: u64,
    pub seats: Vec<SeatResult>,
    /// Each level's seats together, in the order the levels first appear in `--seats`.
    pub levels: Vec<LevelResult>,
}

/// The seats of one level together: the mean of their win rates, with the standard error of
/// that mean from the spread of their hand-by-hand total (the seats of a level play the same
/// hands, so their errors do not simply add).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelResult {
    pub level: &'static str,
    pub seats: usize,
    pub bb_per_100: f64,
    pub bb_per_100_se: f64,
}

/// One seat's result: its net chips, and its win rate in big bets per 100 hands with the
/// standard error of that rate (from the spread of its hand-by-hand results); for an `ext`
/// seat, the decisions its program did not make well (no legal reply in time: checked or
/// folded for it), 0 for the others.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatResult {
    pub seat: usize,
    pub level: &'static str,
    pub net: i64,
    pub bb_per_100: f64,
    pub bb_per_100_se: f64,
    pub errors: u64,
}

impl SeatsReport {
    /// One line per seat, for a terminal.
    pub fn to_text(&self) -> String {
        let mut text = format!("{} hands of {}\n", self.hands, self.game);
        for seat in &self.seats {
            text.push_str(&format!(
                "seat {} {:<6} net {:>8} chips  {:>8.2} ± {:.2} big bets per 100 hands",
                seat.seat, seat.level, seat.net, seat.bb_per_100, seat.bb_per_100_se
            ));
            if seat.level == SeatLevel::Ext.name() {
                text.push_str(&format!("  {} errors", seat.errors));
            }
            text.push('\n');
        }
        for level in self.levels.iter().filter(|level| level.seats > 1) {
            text.push_str(&format!(
                "{} seats of {:<6} {:>8.2} ± {:.2} big bets per 100 hands a seat\n",
                level.seats, level.level, level.bb_per_100, level.bb_per_100_se
            ));
        }
        text
    }
}

/// The levels seated, each once in the order first seated, and each seat's index among them.
fn distinct_levels(levels: &[SeatLevel]) -> (Vec<SeatLevel>, Vec<usize>) {
    let mut names: Vec<SeatLevel> = Vec::new();
    for &level in levels {
        if !names.contains(&level) {
            names.push(level);
        }
    }
    let level_of = levels
        .iter()
        .map(|level| names.iter().position(|name| name == level).unwrap_or(0))
        .collect();
    (names, level_of)
}

/// Each level's result a seat: its seats' winnings each hand summed (`level_sums`: sum and
/// sum of squares), over `hands`, in big bets per 100 hands with its standard error.
fn level_results(
    names: &[SeatLevel],
    level_of: &[usize],
    level_sums: &[(f64, f64)],
    hands: f64,
    big_bet: f64,
) -> Vec<LevelResult> {
    let round = |value: f64| (value * 100.0).round() / 100.0;
    names
        .iter()
        .zip(level_sums)
        .map(|(level, &(sum, squares))| {
            let seats = level_of
                .iter()
                .filter(|&&index| names[index] == *level)
                .count();
            let per_seat = seats.max(1) as f64;
            let mean = sum / hands;
            let variance = (squares / hands - mean * mean).max(0.0);
            LevelResult {
                level: level.name(),
                seats,
                bb_per_100: round(mean / per_seat / big_bet * 100.0),
                bb_per_100_se: round((variance / hands).sqrt() / per_seat / big_bet * 100.0),
            }
        })
        .collect()
}

/// Plays the hands of `args` with player `i` at `levels[i]` (seated anew each round, the
/// deal order rotating among them) and measures each seat. `after_hand` as in [`simulate`].
pub fn simulate_seats(
    args: &SimArgs,
    levels: &[SeatLevel],
    mut after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<SeatsReport> {
    if !(2..=8).contains(&levels.len()) {
        anyhow::bail!("--seats names {} seats: 2 to 8 play", levels.len());
    }
    let config = args.config();
    let mut session = Session::with_levels(config, levels.to_vec())?;
    let mut external = ExternalSeats::start(
        levels,
        &args.external,
        Duration::from_millis(args.external_timeout_ms),
    )?;
    let mut sums = vec![(0i128, 0f64); levels.len()];
    let (names, level_of) = distinct_levels(levels);
    let mut level_sums = vec![(0f64, 0f64); names.len()];
    let mut level_totals = vec![0f64; names.len()];
    let mut before = Vec::with_capacity(levels.len());
    for number in 0..args.hands {
        if args.reset_stacks {
            session.reset_stacks();
        } else {
            session.rebuy_busted();
        }
        before.clear();
        before.extend_from_slice(session.stacks());
        let (hand, players) = session.play_with(number, Some(&mut external))?;
        after_hand(number + 1, hand, players)?;
        level_totals.fill(0.0);
        for (seat, ((sum, squares), (&after, &was))) in sums
            .iter_mut()
            .zip(session.stacks().iter().zip(&before))
            .enumerate()
        {
            let won = i128::from(after) - i128::from(was);
            *sum += won;
            *squares += (won as f64) * (won as f64);
            level_totals[level_of[seat]] += won as f64;
        }
        for ((sum, squares), &total) in level_sums.iter_mut().zip(&level_totals) {
            *sum += total;
            *squares += total * total;
        }
    }
    let big_bet = config.stakes.big_bet.max(1) as f64;
    let hands = args.hands.max(1) as f64;
    let round = |value: f64| (value * 100.0).round() / 100.0;
    let seats = levels
        .iter()
        .zip(&sums)
        .enumerate()
        .map(|(seat, (level, &(sum, squares)))| {
            let mean = sum as f64 / hands;
            let variance = (squares / hands - mean * mean).max(0.0);
            SeatResult {
                seat,
                level: level.name(),
                net: i64::try_from(sum).unwrap_or(if sum < 0 { i64::MIN } else { i64::MAX }),
                bb_per_100: round(mean / big_bet * 100.0),
                bb_per_100_se: round((variance / hands).sqrt() / big_bet * 100.0),
                errors: external.errors().get(seat).copied().unwrap_or(0),
            }
        })
        .collect();
    let levels = level_results(&names, &level_of, &level_sums, hands, big_bet);
    Ok(SeatsReport {
        game: args.game.name(),
        hands: args.hands,
        seats,
        levels,
    })
}
