//! `studbot eval CARDS`: the best high and the best eight-or-better low of up to 7 cards.

use std::collections::HashSet;
use std::process::ExitCode;

use serde_json::json;
use thiserror::Error;

use crate::table::Card;
use crate::table::card::CardParseError;
use crate::table::eval::{best_high_cards, best_low_cards};

/// The most cards a stud player can hold.
const MAX_CARDS: usize = 7;

#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// Up to 7 cards, e.g. `As Kd 7c 5h 4s 3d 2c` or `AsKd7c5h4s3d2c`.
    #[arg(required = true, num_args = 1..)]
    pub cards: Vec<String>,

    /// Print one JSON object instead of text (for scripts).
    #[arg(long)]
    pub json: bool,
}

/// Why the cards given to `eval` cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EvalInputError {
    #[error(transparent)]
    UnknownCard(#[from] CardParseError),
    #[error("`{0}` is given more than once: each card exists once in the deck")]
    DuplicateCard(Card),
    #[error("no cards given: give 1 to {MAX_CARDS} cards, e.g. `As Kd 7c`")]
    NoCards,
    #[error("{0} cards given: a stud hand has at most {MAX_CARDS}")]
    TooManyCards(usize),
}

/// Reads the cards from the arguments, each one card or several run together
/// (`As Kd` or `AsKd`), and checks that they are 1 to 7 different cards.
pub fn parse_cards(args: &[String]) -> Result<Vec<Card>, EvalInputError> {
    let mut cards = Vec::new();
    for arg in args {
        cards.extend(Card::parse_many(arg)?);
    }
    if cards.is_empty() {
        return Err(EvalInputError::NoCards);
    }
    if cards.len() > MAX_CARDS {
        return Err(EvalInputError::TooManyCards(cards.len()));
    }
    let mut seen = HashSet::new();
    if let Some(&duplicate) = cards.iter().find(|card| !seen.insert(**card)) {
        return Err(EvalInputError::DuplicateCard(duplicate));
    }
    Ok(cards)
}

fn spaced(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text report: two lines, the high then the low.
pub fn text_report(cards: &[Card]) -> String {
    let (high, high_cards) = best_high_cards(cards);
    let low = match best_low_cards(cards) {
        Some((low, low_cards)) => format!("{low} [{}]", spaced(&low_cards)),
        None => "no low".to_string(),
    };
    format!("high: {high} [{}]\nlow:  {low}\n", spaced(&high_cards))
}

/// The JSON report. `category` is one of `high_card`, `one_pair`, `two_pair`,
/// `three_of_a_kind`, `straight`, `flush`, `full_house`, `four_of_a_kind`,
/// `straight_flush`; `ranks` follow [`crate::table::eval::HighValue::ranks`]; `low` is null
/// when there is no qualifying low.
pub fn json_report(cards: &[Card]) -> serde_json::Value {
    let symbols = |ranks: &[crate::table::Rank]| -> Vec<String> {
        ranks.iter().map(|rank| rank.symbol().to_string()).collect()
    };
    let (high, high_cards) = best_high_cards(cards);
    let low = best_low_cards(cards).map(|(low, low_cards)| {
        json!({
            "name": low.to_string(),
            "ranks": symbols(&low.ranks()),
            "cards": low_cards,
        })
    });
    json!({
        "cards": cards,
        "high": {
            "name": high.to_string(),
            "category": high.category().as_str(),
            "ranks": symbols(&high.ranks()),
            "cards": high_cards,
        },
        "low": low,
    })
}

pub fn run(args: EvalArgs) -> anyhow::Result<ExitCode> {
    let cards = match parse_cards(&args.cards) {
        Ok(cards) => cards,
        Err(error) => {
            eprintln!("studbot eval: {error}");
            return Ok(ExitCode::from(2));
        }
    };
    if args.json {
        super::stdout::print_line(&json_report(&cards).to_string())?;
    } else {
        super::stdout::print(&text_report(&cards))?;
    }
    Ok(ExitCode::SUCCESS)
}
