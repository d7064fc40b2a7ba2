//! `studbot sim --tournament`: whole sit & gos of computer players through the engine, the
//! tournament core ([`crate::tournament`]) deciding levels, places and payouts. Prints each
//! tournament's finishing order, hands and payouts (one JSON object a line with `--json`)
//! and, on stderr, how many sit & gos a second it played. Tournament `k` (from 0) of seed
//! `S` deals from the seed `hand_seed(S, k)`, its hand `n` from `hand_deck` of that seed and
//! `n`, as `sim` does, and the computer players decide hand `n` from a stream of its own:
//! the same flags give the same tournaments, and one resumed at any hand plays on as it
//! would have. With `--data` the sit & gos go through the real bank
//! ([`super::sim_tournament_data`]).

use std::process::ExitCode;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

use super::sim_session::{hand_deck, hand_seed};
use crate::table::computer::choose_for_hand;
use crate::table::hand::{Hand, HandSetup};
use crate::table::{Game, GameChoice, Rules, Stakes};
use crate::tournament::{NextHand, Structure, Tournament, TournamentSettings};

/// A tournament that has not ended after this many hands is a fault in the engine or the
/// structure (the built-in stakes put every chip in one pot long before).
pub const MAX_HANDS: u64 = 100_000;

/// What `sim --tournament` plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentSimConfig {
    pub players: u8,
    pub seed: u64,
    pub count: u64,
    pub game: GameChoice,
    pub structure: Structure,
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
    /// With `--data`: the bank's number of the tournament.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<u64>,
    pub players: usize,
    pub hands: u64,
    /// First place first.
    pub places: Vec<PlaceReport>,
    pub prize_pool: u64,
}

/// Deals the hands of one sit & go with the engine, computer players deciding. Hand `n` is
/// dealt from `hand_deck(seed, n)` and decided from its own stream of `seed` and `n`, so a
/// tournament resumed at any hand (after a crash, from the bank) plays on exactly as it
/// would have.
pub(super) struct Dealer {
    seed: u64,
    hand: Option<Hand>,
}

impl Dealer {
    /// The dealer of sit & go `index` (from 0) of a run seeded with `config.seed`.
    pub(super) fn new(config: &TournamentSimConfig, index: u64) -> Dealer {
        Dealer::seeded(hand_seed(config.seed, index))
    }

    /// A dealer whose hand `n` is dealt and decided from `seed` and `n` alone.
    pub(super) fn seeded(seed: u64) -> Dealer {
        Dealer { seed, hand: None }
    }

    /// The hand last played to its end, whose events make its history (`sim --data`).
    pub(super) fn last_hand(&self) -> Option<&Hand> {
        self.hand.as_ref()
    }

    /// Plays `next` to its end; answers the stacks it ended with, in its deal order.
    pub(super) fn play(&mut self, next: &NextHand) -> anyhow::Result<Vec<u64>> {
        if next.number >= MAX_HANDS {
            bail!("the sit & go did not end in {MAX_HANDS} hands");
        }
        // The tournament's rules of this hand: capped until the event is heads-up.
        self.play_hand(
            next.number,
            next.game,
            next.stakes,
            next.rules,
            &next.stacks,
        )
    }

    /// Plays hand `number` of `game` at `stakes` under `rules` from `stacks` (in deal order)
    /// to its end; answers the stacks it ended with, in the same order.
    pub(super) fn play_hand(
        &mut self,
        number: u64,
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
    ) -> anyhow::Result<Vec<u64>> {
        let deck = hand_deck(self.seed, number);
        let mut decisions =
            Xoshiro256PlusPlus::seed_from_u64(hand_seed(hand_seed(self.seed, u64::MAX), number));
        let playing = match &mut self.hand {
            Some(hand) => hand
                .restart(HandSetup::from_deck(game, stakes, rules, stacks, deck))
                .map(|()| hand),
            slot @ None => Hand::new(HandSetup::from_deck(game, stakes, rules, stacks, deck))
                .map(|hand| slot.insert(hand)),
        }
        .with_context(|| format!("hand {} could not start", number + 1))?;
        while let Some(seat) = playing.to_act() {
            let Some(choice) = choose_for_hand(playing, &mut decisions) else {
                bail!(
                    "hand {}: the computer player found no legal action for seat {seat}",
                    number + 1
                );
            };
            playing.act_quietly(seat, choice.kind).with_context(|| {
                format!(
                    "hand {}: the engine refused {:?} for seat {seat}, which it listed as legal",
                    number + 1,
                    choice.kind
                )
            })?;
        }
        let Some(result) = playing.result() else {
            bail!(
                "hand {}: no one is to act but the hand has no result",
                number + 1
            );
        };
        Ok(result.final_stacks.clone())
    }
}

/// The settings every sit & go of `config` is played with.
pub(super) fn settings(config: &TournamentSimConfig) -> TournamentSettings {
    TournamentSettings {
        rules: config.rules,
        ..TournamentSettings::new(config.game, config.structure.clone(), config.buy_in)
    }
}

/// The report of a finished sit & go.
pub(super) fn report_of(tournament: &Tournament) -> anyhow::Result<TournamentReport> {
    let Some(payouts) = tournament.payouts() else {
        bail!("the sit & go ended without payouts");
    };
    Ok(TournamentReport {
        tournament: None,
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

/// Plays sit & go `index` (from 0) of `config` to its end.
pub fn play_tournament(
    config: &TournamentSimConfig,
    index: u64,
) -> anyhow::Result<TournamentReport> {
    config.rules.validate().context("invalid rules")?;
    let mut tournament = Tournament::start(settings(config), usize::from(config.players))?;
    let mut dealer = Dealer::new(config, index);
    while let Some(next) = tournament.next_hand() {
        let final_stacks = dealer
            .play(&next)
            .with_context(|| format!("sit & go {}", index + 1))?;
        tournament
            .record_hand(&final_stacks)
            .with_context(|| format!("hand {}", next.number + 1))?;
    }
    report_of(&tournament).with_context(|| format!("sit & go {}", index + 1))
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
    config.rules.validate().context("invalid rules")?;
    let started = std::time::Instant::now();
    for index in 0..config.count {
        let report = play_tournament(config, index)?;
        if json {
            super::stdout::print_line(&serde_json::to_string(&report)?)?;
        } else {
            super::stdout::print(&describe(index + 1, &report))?;
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
