//! `studbot equity HAND HAND...`: each player's share of the pot from the cards they hold so
//! far, exact when enumerating every runout fits in a few seconds, else Monte Carlo.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use thiserror::Error;

use crate::equity::{Equity, EquityError, Fraction, Method, Spot, SpotError, WinTie, solve};
use crate::table::card::CardParseError;
use crate::table::{Card, Game};

/// Samples when the answer is estimated and `--samples` is not given.
pub const DEFAULT_SAMPLES: u64 = 1_000_000;
/// The most work (in heads-up runouts, see [`crate::equity::exact_work`]) enumerated without
/// `--exact`: about two seconds on one core of the machine the figures of docs/TESTING.md come from.
pub const AUTO_EXACT_WORK: u128 = 600_000_000;

#[derive(clap::Args, Debug)]
pub struct EquityArgs {
    /// Each player's cards so far, one argument per player: `"As Kd 7c"` or `AsKd7c`
    /// (1 to 7 cards; 2 to 8 players).
    #[arg(required = true, num_args = 1.., value_name = "HAND")]
    pub hands: Vec<String>,
    /// The game: stud8, stud or razz.
    #[arg(long, default_value = "stud8")]
    pub game: String,
    /// Cards known to be out of the deck (seen folded), in any order.
    #[arg(long, default_value = "")]
    pub dead: String,
    /// Random runouts to draw when the answer is estimated.
    #[arg(long)]
    pub samples: Option<String>,
    /// The seed of the random runouts.
    #[arg(long, default_value = "1")]
    pub seed: String,
    /// Enumerate every runout, however long it takes.
    #[arg(long)]
    pub exact: bool,
    /// Threads to use (default: every core).
    #[arg(long)]
    pub threads: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Why the arguments are not an equity question; each prints as one line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EquityInputError {
    #[error("hand {player}: {error}")]
    Card {
        player: usize,
        error: CardParseError,
    },
    #[error("--dead: {0}")]
    DeadCard(CardParseError),
    #[error("`{0}` is not a game: use stud8, stud or razz")]
    UnknownGame(String),
    #[error("{flag} `{value}` is not a whole number{at_least}")]
    NotANumber {
        flag: &'static str,
        value: String,
        at_least: &'static str,
    },
    #[error(transparent)]
    Spot(#[from] SpotError),
    #[error(transparent)]
    Equity(#[from] EquityError),
}

fn number(flag: &'static str, value: &str, at_least_one: bool) -> Result<u64, EquityInputError> {
    let cleaned: String = value.chars().filter(|&c| c != '_' && c != ',').collect();
    match cleaned.parse::<u64>() {
        Ok(number) if !at_least_one || number > 0 => Ok(number),
        _ => Err(EquityInputError::NotANumber {
            flag,
            value: value.to_string(),
            at_least: if at_least_one { " of at least 1" } else { "" },
        }),
    }
}

/// The checked question and how to answer it.
pub struct Question {
    pub spot: Spot,
    pub method: Method,
    pub threads: usize,
}

/// Reads the arguments into a question, or the one-line reason they are not one.
pub fn question(args: &EquityArgs) -> Result<Question, EquityInputError> {
    let game = Game::from_name(args.game.trim())
        .ok_or_else(|| EquityInputError::UnknownGame(args.game.clone()))?;
    let hands = args
        .hands
        .iter()
        .enumerate()
        .map(|(index, text)| {
            Card::parse_many(text).map_err(|error| EquityInputError::Card {
                player: index + 1,
                error,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let dead = Card::parse_many(&args.dead).map_err(EquityInputError::DeadCard)?;
    let samples = match &args.samples {
        Some(text) => number("--samples", text, true)?,
        None => DEFAULT_SAMPLES,
    };
    let seed = number("--seed", &args.seed, false)?;
    let threads = match &args.threads {
        Some(text) => number("--threads", text, true)? as usize,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let spot = Spot::new(game, hands, &dead)?;
    let method = if args.exact {
        Method::Exact
    } else if args.samples.is_some() {
        Method::Sample { samples, seed }
    } else {
        Method::Auto {
            max_work: AUTO_EXACT_WORK,
            samples,
            seed,
        }
    };
    Ok(Question {
        spot,
        method,
        threads,
    })
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Six decimals: enough to tell exact answers apart, few enough to read.
fn decimal(fraction: Fraction) -> f64 {
    (fraction.to_f64() * 1e6).round() / 1e6
}

/// Three significant figures: a standard error's own precision.
fn significant(value: f64) -> f64 {
    if value <= 0.0 || !value.is_finite() {
        return 0.0;
    }
    let digits = 2 - value.log10().floor() as i32;
    let scale = 10f64.powi(digits);
    (value * scale).round() / scale
}

fn win_tie_json(odds: WinTie) -> Value {
    json!({ "win": decimal(odds.win), "tie": decimal(odds.tie) })
}

/// The JSON report: an exact answer's players carry `equity_exact`, the equity as a reduced
/// fraction `"n/d"`; an estimate's carry `standard_error`, the standard error of `equity`,
/// instead (the fraction of the runouts drawn is no exact answer, and is not named one).
pub fn json_report(equity: &Equity, elapsed: Duration) -> Value {
    let players: Vec<Value> = equity
        .players
        .iter()
        .map(|player| {
            let mut object = json!({
                "cards": player.cards,
                "equity": decimal(player.equity),
                "scoop": decimal(player.scoop),
            });
            if let Some(map) = object.as_object_mut() {
                if equity.exact {
                    map.insert("equity_exact".into(), json!(player.equity.to_string()));
                }
                if let Some(high) = player.high {
                    map.insert("high".into(), win_tie_json(high));
                }
                if let Some(low) = player.low {
                    map.insert("low".into(), win_tie_json(low));
                }
                if let Some(error) = player.standard_error {
                    map.insert("standard_error".into(), json!(significant(error)));
                }
            }
            object
        })
        .collect();
    json!({
        "game": equity.game.name(),
        "exact": equity.exact,
        "runouts": equity.runouts,
        "seconds": (elapsed.as_secs_f64() * 1e4).round() / 1e4,
        "players": players,
    })
}

fn percent(fraction: Fraction) -> String {
    format!("{:6.2}%", fraction.to_f64() * 100.0)
}

fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The table a person reads: one line per player.
pub fn text_report(equity: &Equity, elapsed: Duration) -> String {
    let largest_error = equity
        .players
        .iter()
        .filter_map(|player| player.standard_error)
        .fold(0.0f64, f64::max);
    let how = if equity.exact {
        "exact, every runout".to_string()
    } else {
        format!(
            "estimate, random runouts (standard error at most {:.2}%)",
            largest_error * 100.0
        )
    };
    let mut out = format!(
        "{}: {how}: {} runouts in {:.3} s\n",
        equity.game.name(),
        grouped(equity.runouts),
        elapsed.as_secs_f64()
    );
    let width = equity
        .players
        .iter()
        .map(|p| cards_text(&p.cards).len())
        .max()
        .unwrap_or(5)
        .max(5);
    let mut header = format!("{:<width$}  {:>7}  {:>7}", "cards", "equity", "scoop");
    let has_high = equity.game.has_high();
    let has_low = equity.game.has_low();
    if has_high {
        header.push_str(&format!("  {:>7}  {:>7}", "hi win", "hi tie"));
    }
    if has_low {
        header.push_str(&format!("  {:>7}  {:>7}", "lo win", "lo tie"));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for player in &equity.players {
        let mut line = format!(
            "{:<width$}  {}  {}",
            cards_text(&player.cards),
            percent(player.equity),
            percent(player.scoop)
        );
        for odds in [player.high, player.low].into_iter().flatten() {
            line.push_str(&format!("  {}  {}", percent(odds.win), percent(odds.tie)));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

pub fn run(args: EquityArgs) -> anyhow::Result<ExitCode> {
    let answer = question(&args).and_then(|question| {
        let started = Instant::now();
        let equity = solve(&question.spot, question.method, question.threads)?;
        Ok((equity, started.elapsed()))
    });
    match answer {
        Ok((equity, elapsed)) => {
            if args.json {
                super::stdout::print_line(&json_report(&equity, elapsed).to_string())?;
            } else {
                super::stdout::print(&text_report(&equity, elapsed))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("studbot equity: {error}");
            Ok(ExitCode::from(2))
        }
    }
}
