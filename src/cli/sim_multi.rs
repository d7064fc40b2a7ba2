//! `studbot sim --tournament --players N --table-size T` with N above T: whole multi-table
//! events of computer players through the engine and the multi-table core
//! ([`crate::tournament::multi`]), which seats, balances, breaks tables, draws the final
//! table, plays hand-for-hand on the bubble, and places and pays everyone. `sim` has no
//! clock: the tables play in lock step, one hand each a round, and the event's clock is the
//! round, so a level lasts `--hands-per-level` hands of the slowest table. A player out while
//! late registration is open buys in again at the next round, as long as `--re-entries`
//! allows. Event `k` (from 0) of seed `S` draws its seats from `hand_seed(S, k)`, and table
//! `t`'s hand `n` is dealt and decided from that seed, `t` and `n` alone, so the same flags
//! give the same events. Prints each event's places and prizes and how its tables went (one
//! JSON object a line with `--json`) and, on stderr, how long they took.

use std::collections::BTreeMap;
use std::process::ExitCode;

use anyhow::{Context, bail};
use serde::Serialize;

use super::sim_session::hand_seed;
use super::sim_tournament::{Dealer, MAX_HANDS};
use crate::ids::UserId;
use crate::table::{GameChoice, Rules};
use crate::tournament::Structure;
use crate::tournament::multi::{Event, EventSettings, HandResult, HandToDeal, Turn};

/// The flags of a multi-table `sim --tournament`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct MultiTableArgs {
    /// With `--tournament`: seats per table (2 to 8); more `--players` than this play a
    /// multi-table event (up to 5,000 players).
    #[arg(long, requires = "tournament", value_parser = clap::value_parser!(u8).range(2..=8))]
    pub table_size: Option<u8>,
    /// With `--table-size`: late registration lasts until the end of this level (0: it closes
    /// at the start); a player out before then may buy in again (`--re-entries`).
    #[arg(long, default_value_t = 0, requires = "table_size")]
    pub late_reg_levels: u32,
    /// With `--table-size`: how many times a player out during late registration buys in
    /// again.
    #[arg(long, default_value_t = 0, requires = "table_size")]
    pub re_entries: u32,
}

/// What a multi-table `sim --tournament` plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiSimConfig {
    pub players: usize,
    pub table_size: usize,
    pub late_registration_levels: u32,
    pub re_entries: u32,
    pub seed: u64,
    pub count: u64,
    pub game: GameChoice,
    pub structure: Structure,
    pub buy_in: u64,
    pub rules: Rules,
}

/// One entry's place in a finished event, as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EventPlace {
    /// The player, from 1.
    pub player: u64,
    /// Their buy-in: 1 the first, 2 the first re-entry.
    pub entry: u32,
    pub place: usize,
    pub payout: u64,
}

/// One finished event, as printed (`--json`: this object on one line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventReport {
    /// The event's number in the bank (`--data`, `--store`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<u64>,
    pub players: usize,
    /// Buy-ins, re-entries counted.
    pub entries: usize,
    /// Hands dealt at every table.
    pub hands: u64,
    /// Rounds of the lock step: the hands of the slowest table.
    pub rounds: u64,
    /// First place first; a shared place once per entry.
    pub places: Vec<EventPlace>,
    pub prize_pool: u64,
    /// The most tables in play at once.
    pub tables: usize,
    /// Players moved to another table.
    pub moves: u64,
    /// The largest difference between two tables' players at the start of a hand, after
    /// balancing.
    pub max_table_spread: usize,
    /// Rounds of hand-for-hand played.
    pub hand_for_hand: u64,
}

/// The settings every event of `config` is played with.
pub(super) fn settings(config: &MultiSimConfig) -> EventSettings {
    EventSettings {
        late_registration_levels: config.late_registration_levels,
        re_entries: config.re_entries,
        rules: config.rules,
        ..EventSettings::new(
            config.game,
            config.structure.clone(),
            config.buy_in,
            config.table_size,
        )
    }
}

/// The players who buy in again at round `clock`'s start: every player out (no entry with
/// chips) whom the event lets enter now, in the order of their last entry. Read from the
/// event alone, so a run resumed from the bank's record re-enters the same players.
pub(super) fn reentries_due(event: &Event, clock: u64) -> Vec<UserId> {
    if !event.registration_open() || event.settings().re_entries == 0 {
        return Vec::new();
    }
    let mut due: Vec<(usize, UserId)> = Vec::new();
    for (index, entry) in event.entries().iter().enumerate() {
        due.retain(|&(_, user)| user != entry.user);
        if event.live_entry(entry.user).is_none() && event.can_enter(entry.user, clock).is_ok() {
            due.push((index, entry.user));
        }
    }
    due.into_iter().map(|(_, user)| user).collect()
}

/// The dealers of an event's tables: table `t` deals its hand `n` from the event's seed, `t`
/// and `n` alone.
pub(super) struct TableDealers {
    seed: u64,
    dealers: BTreeMap<u32, Dealer>,
}

impl TableDealers {
    pub(super) fn new(event_seed: u64) -> TableDealers {
        TableDealers {
            seed: event_seed,
            dealers: BTreeMap::new(),
        }
    }

    /// Plays `hand` to its end: what the event records.
    pub(super) fn play(&mut self, hand: &HandToDeal) -> anyhow::Result<HandResult> {
        let seed = self.seed;
        let dealer = self
            .dealers
            .entry(hand.table)
            .or_insert_with(|| Dealer::seeded(hand_seed(seed, u64::from(hand.table))));
        let final_stacks = dealer
            .play_hand(
                hand.number.saturating_sub(1),
                hand.game,
                hand.stakes,
                hand.rules,
                &hand.stacks,
            )
            .with_context(|| format!("table {} hand {}", hand.table, hand.number))?;
        Ok(HandResult {
            table: hand.table,
            number: hand.number,
            dealt: hand.seats.iter().map(|&(_, entry)| entry).collect(),
            final_stacks,
            round: hand.round,
        })
    }
}

/// Deals every table of `event` that deals at `round`, marking them dealing.
pub(super) fn deal_round(event: &mut Event, round: u64) -> Vec<HandToDeal> {
    let mut hands = Vec::new();
    for table in event.seating().numbers() {
        if let Turn::Deal(hand) = event.deal(table, round) {
            hands.push(*hand);
        }
    }
    hands
}

/// The spread of `event`'s tables now, counted when more than one table plays and no round
/// of hand-for-hand is under way.
pub(super) fn spread_now(event: &Event) -> usize {
    if event.seating().tables().len() > 1 && !event.round_under_way() {
        event.seating().spread()
    } else {
        0
    }
}

/// Plays event `index` (from 0) of `config` to its end.
pub fn play_event(config: &MultiSimConfig, index: u64) -> anyhow::Result<EventReport> {
    config.rules.validate().context("invalid rules")?;
    let seed = hand_seed(config.seed, index);
    let players: Vec<UserId> = (1..=config.players as u64).map(UserId).collect();
    let mut event = Event::start(settings(config), &players, seed)
        .map_err(|error| anyhow::anyhow!("the event cannot start: {error}"))?;
    let mut dealers = TableDealers::new(seed);
    let mut max_table_spread = 0;
    let mut round = 0;
    while !event.is_over() {
        if round >= MAX_HANDS {
            bail!("event {} did not end in {MAX_HANDS} rounds", index + 1);
        }
        for user in reentries_due(&event, round) {
            event
                .enter(user, round)
                .map_err(|error| anyhow::anyhow!("player {} re-enters: {error}", user.0))?;
        }
        let tables = event.seating().numbers();
        event.tidy(&tables, true, round);
        max_table_spread = max_table_spread.max(spread_now(&event));
        for hand in deal_round(&mut event, round) {
            let result = dealers
                .play(&hand)
                .with_context(|| format!("event {}", index + 1))?;
            event.record_hand(&result, round).with_context(|| {
                format!(
                    "event {}, table {} hand {}",
                    index + 1,
                    hand.table,
                    hand.number
                )
            })?;
        }
        round += 1;
    }
    event
        .check()
        .map_err(|fault| anyhow::anyhow!("event {}: {fault}", index + 1))?;
    report_of(&event, config.players, round, max_table_spread)
        .with_context(|| format!("event {}", index + 1))
}

/// The report of a finished event of `players` players after `rounds` rounds.
pub(super) fn report_of(
    event: &Event,
    players: usize,
    rounds: u64,
    max_table_spread: usize,
) -> anyhow::Result<EventReport> {
    let Some(payouts) = event.payouts() else {
        bail!("the event ended without payouts");
    };
    let places = payouts
        .iter()
        .map(|payout| {
            let Some(entry) = event.entry(payout.seat) else {
                bail!("place {} names no entry", payout.place);
            };
            Ok(EventPlace {
                player: entry.user.0,
                entry: entry.number,
                place: payout.place,
                payout: payout.chips,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(EventReport {
        event: None,
        players,
        entries: event.entries().len(),
        hands: event.hands(),
        rounds,
        places,
        prize_pool: event.prize_pool(),
        tables: event.most_tables(),
        moves: event.moves(),
        max_table_spread,
        hand_for_hand: event.hand_for_hand_rounds(),
    })
}

/// The lines a finished event prints without `--json`: the paid places one a line, then how
/// many finished out of the money.
pub fn describe(number: u64, report: &EventReport) -> String {
    let mut text = format!(
        "event {number}: {} players, {} entries at {} tables, {} hands in {} rounds, prize pool {}\n  \
         {} moves, largest table spread {}, hand-for-hand rounds: {}\n",
        report.players,
        report.entries,
        report.tables,
        report.hands,
        report.rounds,
        report.prize_pool,
        report.moves,
        report.max_table_spread,
        report.hand_for_hand,
    );
    let paid = report.places.iter().filter(|place| place.payout > 0);
    for place in paid {
        let entry = match place.entry {
            1 => String::new(),
            number => format!(" (entry {number})"),
        };
        text.push_str(&format!(
            "  place {}: player {}{entry} wins {}\n",
            place.place, place.player, place.payout
        ));
    }
    let first_unpaid = report.places.iter().find(|place| place.payout == 0);
    if let Some(first) = first_unpaid {
        text.push_str(&format!(
            "  places {} to {}: no prize\n",
            first.place,
            report.places.len()
        ));
    }
    text
}

/// Plays `config.count` events, printing each as it ends, then the time on stderr.
pub fn run(config: &MultiSimConfig, json: bool) -> anyhow::Result<ExitCode> {
    config.rules.validate().context("invalid rules")?;
    let started = std::time::Instant::now();
    let mut hands = 0;
    for index in 0..config.count {
        let report = play_event(config, index)?;
        hands += report.hands;
        let text = if json {
            format!("{}\n", serde_json::to_string(&report)?)
        } else {
            describe(index + 1, &report)
        };
        super::stdout::print(&text)?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        hands as f64 / seconds
    } else {
        0.0
    };
    let events = match config.count {
        1 => "1 multi-table event".to_string(),
        count => format!("{count} multi-table events"),
    };
    eprintln!("{events} in {seconds:.3} s: {hands} hands, {rate:.0} a second");
    Ok(ExitCode::SUCCESS)
}
