//! `studbot sim --tournament`: whole sit & gos of computer players through the engine, the
//! tournament core ([`crate::tournament`]) deciding levels, places and payouts. Prints each
//! tournament's finishing order, hands and payouts (one JSON object a line with `--json`)
//! and, on stderr, how many sit & gos a second it played. Tournament `k` (from 0) of seed
//! `S` deals from the seed `hand_seed(S, k)`, its hand `n` from `hand_deck` of that seed and
//! `n`, as `sim` does: the same flags give the same tournaments.

use std::process::ExitCode;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

use super::sim_session::{hand_deck, hand_seed};
use crate::table::computer::choose_for_hand;
use crate::table::hand::Hand;
use crate::table::{GameChoice, Rules};
use crate::tournament::{Structure, StructureKind, Tournament, TournamentSettings};

/// A tournament that has not ended after this many hands is a fault in the engine or the
/// structure (the built-in stakes put every chip in one pot long before).
pub const MAX_HANDS: u64 = 100_000;

/// What `sim --tournament` plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentSimConfig {
    pub players: u8,
    pub seed: u64,
    pub count: u64,
    pub game: GameChoice,
    pub structure: StructureKind,
    /// Each player's buy-in: the prize pool is `players` of them.
    pub buy_in: u64,
    pub rules: Rules,
}

/// One place of a finished sit & go, as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlaceReport {
    /// From 1.
    pub seat: usize,
    pub place: usize,
    pub payout: u64,
}

/// One finished sit & go, as printed (`--json`: this object on one line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TournamentReport {
    pub players: usize,
    pub hands: u64,
    /// First place first.
    pub places: Vec<PlaceReport>,
    pub prize_pool: u64,
}

/// Plays sit & go `index` (from 0) of `config` to its end.
pub fn play_tournament(
    config: &TournamentSimConfig,
    index: u64,
) -> anyhow::Result<TournamentReport> {
    config.rules.validate().context("invalid rules")?;
    let settings = TournamentSettings {
        game: config.game,
        structure: Structure::built_in(config.structure),
        buy_in: config.buy_in,
        payouts: None,
    };
    let mut tournament = Tournament::start(settings, usize::from(config.players))?;
    let seed = hand_seed(config.seed, index);
    let mut decisions = Xoshiro256PlusPlus::seed_from_u64(hand_seed(seed, u64::MAX));
    let mut hand: Option<Hand> = None;
    while let Some(next) = tournament.next_hand() {
        if next.number >= MAX_HANDS {
            bail!("sit & go {} did not end in {MAX_HANDS} hands", index + 1);
        }
        let deck = hand_deck(seed, next.number);
        let (game, stakes, rules, stacks) = (next.game, next.stakes, config.rules, &next.stacks);
        let playing = match &mut hand {
            Some(hand) => hand
                .restart_game(game, stakes, rules, stacks, deck)
                .map(|()| hand),
            slot @ None => {
                Hand::start_game(game, stakes, rules, stacks, deck).map(|hand| slot.insert(hand))
            }
        }
        .with_context(|| format!("hand {} could not start", next.number + 1))?;
        while let Some(seat) = playing.to_act() {
            let Some(choice) = choose_for_hand(playing, &mut decisions) else {
                bail!(
                    "hand {}: the computer player found no legal action for seat {seat}",
                    next.number + 1
                );
            };
            playing.act_quietly(seat, choice.kind).with_context(|| {
                format!(
                    "hand {}: the engine refused {:?} for seat {seat}, which it listed as legal",
                    next.number + 1,
                    choice.kind
                )
            })?;
        }
        let Some(result) = playing.result() else {
            bail!(
                "hand {}: no one is to act but the hand has no result",
                next.number + 1
            );
        };
        tournament
            .record_hand(&result.final_stacks)
            .with_context(|| format!("hand {}", next.number + 1))?;
    }
    let Some(payouts) = tournament.payouts() else {
        bail!("sit & go {} ended without payouts", index + 1);
    };
    Ok(TournamentReport {
        players: tournament.entrants(),
        hands: tournament.hands_played(),
        places: payouts
            .iter()
            .map(|payout| PlaceReport {
                seat: payout.seat + 1,
                place: payout.place,
                payout: payout.chips,
            })
            .collect(),
        prize_pool: tournament.prize_pool(),
    })
}

/// The lines a finished sit & go prints without `--json`.
pub fn describe(number: u64, report: &TournamentReport) -> String {
    let mut text = format!(
        "sit & go {number}: {} players, {} hands, prize pool {}\n",
        report.players, report.hands, report.prize_pool
    );
    for place in &report.places {
        text.push_str(&format!(
            "  place {}: seat {} wins {}\n",
            place.place, place.seat, place.payout
        ));
    }
    text
}

/// Plays `config.count` sit & gos, printing each as it ends, then the rate on stderr.
pub fn run(config: &TournamentSimConfig, json: bool) -> anyhow::Result<ExitCode> {
    let started = std::time::Instant::now();
    for index in 0..config.count {
        let report = play_tournament(config, index)?;
        if json {
            println!("{}", serde_json::to_string(&report)?);
        } else {
            print!("{}", describe(index + 1, &report));
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        config.count as f64 / seconds
    } else {
        0.0
    };
    eprintln!(
        "{} sit & gos in {seconds:.3} s: {rate:.1} a second",
        config.count
    );
    Ok(ExitCode::SUCCESS)
}
