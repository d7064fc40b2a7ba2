//! `studbot replay --tournament`: one whole sit & go a JSON line, replayed through the same
//! tournament core as Discord, the terminal and `sim` ([`Tournament`]), each hand through
//! the engine as `studbot replay` plays one ([`crate::table::replay::replay`]). No bank, no
//! clock: the level, the first seat dealt, the cap and the places follow from the hands.
//!
//! In: `{"game":"stud8","structure":"turbo" | "levels":[{"ante":2,"bring_in":3,
//! "small_bet":10,"big_bet":20,"hands":6},...],"hands_per_level":N (optional, with a
//! structure),"rules":{...},"buy_in":100,"payouts":[65,35],"stacks":[600,...],
//! "seats":[3,0,1,4,2],"hands":[{"cards":[[...],null,...],"community":null,
//! "actions":[...]},...],"end":"cancel" | {"deal":"icm"|"chop"}}`.
//! Out: `{"ok":true,"hands":N,"finished":bool,"stacks":[...],"level":L,"places":[...],
//! "paid":[...]}` or `{"ok":false,"error":"...","hand_index":H,"action_index":A}`.
//! docs/ARCHITECTURE.md and the README describe every field.

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{
    CancelDivision, DealKind, Level, PayoutTable, Structure, StructureKind, Tournament,
    TournamentSettings,
};
use crate::table::card::Card;
use crate::table::replay::{ReplayInput, replay};
use crate::table::{GameChoice, Rules, Stakes};

/// One level as the line writes it: its stakes and hands side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelLine {
    pub ante: u64,
    pub bring_in: u64,
    pub small_bet: u64,
    pub big_bet: u64,
    pub hands: u32,
}

/// One hand of the sit & go: the cards of each seat (`null` for a seat whose player is
/// out), in the order dealt, the community card and the actions in order.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandLine {
    pub cards: Vec<Option<Vec<Card>>>,
    #[serde(default)]
    pub community: Option<Card>,
    pub actions: Vec<String>,
}

/// What happens after the last hand given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum EndLine {
    /// `"cancel"`.
    Named(EndName),
    /// `{"deal":"icm"}` or `{"deal":"chop"}`.
    Deal { deal: DealKind },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndName {
    Cancel,
}

/// One sit & go to replay, as read from a JSON line. Keys other than these are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TournamentLine {
    #[serde(default)]
    pub game: GameChoice,
    #[serde(default)]
    pub structure: Option<StructureKind>,
    #[serde(default)]
    pub levels: Option<Vec<LevelLine>>,
    #[serde(default)]
    pub hands_per_level: Option<u32>,
    /// The tournament's rules (`heads_up_uncapped` is the tournament's: capped until the
    /// event is heads-up, whatever the line says).
    #[serde(default)]
    pub rules: Option<Rules>,
    pub buy_in: u64,
    #[serde(default)]
    pub payouts: Option<Vec<u32>>,
    /// Each entrant's starting stack; the structure's when missing.
    #[serde(default)]
    pub stacks: Option<Vec<u64>>,
    /// The seat drawn for entrant `i`; entrant `i` in seat `i` when missing.
    #[serde(default)]
    pub seats: Option<Vec<usize>>,
    pub hands: Vec<HandLine>,
    #[serde(default)]
    pub end: Option<EndLine>,
}

/// One place decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlaceLine {
    pub seat: usize,
    pub place: usize,
    pub prize: u64,
}

/// One payment, in the order made: a prize at a bust, a cancel's refund or share, a deal's
/// amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PaidLine {
    pub seat: usize,
    /// Hands played when it was paid (the first hand is 1).
    pub after_hand: u64,
    pub prize: u64,
}

/// A sit & go replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TournamentOutcome {
    pub hands: u64,
    /// Over: one player holds every chip, or a deal ended it (a cancel does not finish it).
    pub finished: bool,
    /// By seat, after the last hand played (a cancel or a deal moves no chip).
    pub stacks: Vec<u64>,
    /// The level (from 1) of the last hand played; 1 when none was.
    pub level: usize,
    /// Every player with a place, by place then seat; the players still in have none.
    pub places: Vec<PlaceLine>,
    pub paid: Vec<PaidLine>,
}

/// Why a sit & go could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentReplayError {
    pub message: String,
    /// The index in `hands` of the hand that caused it, if one did.
    pub hand_index: Option<usize>,
    /// The index in that hand's `actions` of the action that caused it, if one did.
    pub action_index: Option<usize>,
}

impl TournamentReplayError {
    fn line(message: impl Into<String>) -> TournamentReplayError {
        TournamentReplayError {
            message: message.into(),
            hand_index: None,
            action_index: None,
        }
    }

    fn hand(index: usize, message: impl Into<String>) -> TournamentReplayError {
        TournamentReplayError {
            message: message.into(),
            hand_index: Some(index),
            action_index: None,
        }
    }
}

/// Replays one JSON line and answers the result line as text, `"ok"` first.
pub fn replay_tournament_line_text(line: &str) -> String {
    result_to_text(&parse_line(line).and_then(|input| replay_tournament(&input)))
}

/// One output line.
#[derive(Serialize)]
struct ResultLine<'a> {
    ok: bool,
    #[serde(flatten)]
    outcome: Option<&'a TournamentOutcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand_index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action_index: Option<usize>,
}

/// The result line as text, `"ok"` first.
pub fn result_to_text(outcome: &Result<TournamentOutcome, TournamentReplayError>) -> String {
    let line = match outcome {
        Ok(done) => ResultLine {
            ok: true,
            outcome: Some(done),
            error: None,
            hand_index: None,
            action_index: None,
        },
        Err(error) => ResultLine {
            ok: false,
            outcome: None,
            error: Some(&error.message),
            hand_index: error.hand_index,
            action_index: error.action_index,
        },
    };
    serde_json::to_string(&line).unwrap_or_else(|error| {
        json!({ "ok": false, "error": format!("cannot write the result: {error}") }).to_string()
    })
}

/// Parses one line.
pub fn parse_line(line: &str) -> Result<TournamentLine, TournamentReplayError> {
    if line.trim().is_empty() {
        return Err(TournamentReplayError::line(
            "empty line: expected one sit & go as JSON",
        ));
    }
    serde_json::from_str(line)
        .map_err(|error| TournamentReplayError::line(format!("bad input: {error}")))
}

/// The settings the line describes.
fn settings_of(input: &TournamentLine) -> Result<TournamentSettings, TournamentReplayError> {
    let structure = match (&input.levels, input.structure) {
        (Some(_), Some(_)) => {
            return Err(TournamentReplayError::line(
                "give a structure or levels, not both",
            ));
        }
        (Some(levels), None) => {
            if input.hands_per_level.is_some() {
                return Err(TournamentReplayError::line(
                    "hands_per_level goes with a structure: levels give their own hands",
                ));
            }
            let levels: Vec<Level> = levels
                .iter()
                .map(|level| Level {
                    stakes: Stakes {
                        ante: level.ante,
                        bring_in: level.bring_in,
                        small_bet: level.small_bet,
                        big_bet: level.big_bet,
                    },
                    hands: level.hands,
                })
                .collect();
            let first_big_bet = levels.first().map_or(0, |level| level.stakes.big_bet);
            let stack = first_big_bet
                .checked_mul(super::STARTING_BIG_BETS)
                .ok_or_else(|| {
                    TournamentReplayError::line("the first level's big bet is past counting")
                })?;
            Structure::new(stack, levels)
        }
        (None, kind) => Structure::chosen(
            kind.unwrap_or(StructureKind::Regular),
            input.hands_per_level,
            None,
        ),
    }
    .map_err(|error| TournamentReplayError::line(format!("invalid structure: {error}")))?;
    let payouts = input
        .payouts
        .clone()
        .map(PayoutTable::new)
        .transpose()
        .map_err(|error| TournamentReplayError::line(format!("invalid payouts: {error}")))?;
    Ok(TournamentSettings {
        payouts,
        rules: input.rules.unwrap_or_default(),
        ..TournamentSettings::new(input.game, structure, input.buy_in)
    })
}

/// Each seat's starting stack: `stacks[i]` (or the structure's) in seat `seats[i]`.
fn seat_stacks(
    input: &TournamentLine,
    settings: &TournamentSettings,
) -> Result<Vec<u64>, TournamentReplayError> {
    let entrants = input
        .stacks
        .as_ref()
        .map(Vec::len)
        .or(input.seats.as_ref().map(Vec::len))
        .or(input.hands.first().map(|hand| hand.cards.len()))
        .ok_or_else(|| {
            TournamentReplayError::line(
                "no stacks, seats or hands: cannot tell how many players entered",
            )
        })?;
    let stacks = input
        .stacks
        .clone()
        .unwrap_or_else(|| vec![settings.structure.starting_stack(); entrants]);
    let seats = input
        .seats
        .clone()
        .unwrap_or_else(|| (0..entrants).collect());
    if seats.len() != stacks.len() {
        return Err(TournamentReplayError::line(format!(
            "{} seats for {} stacks: one seat per entrant",
            seats.len(),
            stacks.len()
        )));
    }
    let mut by_seat = vec![None; stacks.len()];
    for (entrant, &seat) in seats.iter().enumerate() {
        match by_seat.get_mut(seat) {
            Some(slot @ None) => *slot = Some(stacks[entrant]),
            _ => {
                return Err(TournamentReplayError::line(format!(
                    "seats must hold each of 0 to {} once: seat {seat} is out of range or drawn twice",
                    stacks.len().saturating_sub(1)
                )));
            }
        }
    }
    Ok(by_seat.into_iter().flatten().collect())
}

/// Replays a whole sit & go, or says why it cannot.
pub fn replay_tournament(
    input: &TournamentLine,
) -> Result<TournamentOutcome, TournamentReplayError> {
    let settings = settings_of(input)?;
    let stacks = seat_stacks(input, &settings)?;
    let mut tournament = Tournament::start_with_stacks(settings, stacks)
        .map_err(|error| TournamentReplayError::line(error.to_string()))?;
    let mut paid = Vec::new();
    let mut level = 1;
    for (index, hand) in input.hands.iter().enumerate() {
        level = play_hand(&mut tournament, index, hand)?;
        pay_prizes_due(&mut tournament, &mut paid);
    }
    match input.end {
        None => {}
        Some(EndLine::Named(EndName::Cancel)) => cancel(&tournament, &mut paid)?,
        Some(EndLine::Deal { deal }) => {
            tournament.end_by_deal(deal).map_err(|error| {
                TournamentReplayError::line(format!("the deal cannot be made: {error}"))
            })?;
            pay_prizes_due(&mut tournament, &mut paid);
        }
    }
    let mut places: Vec<PlaceLine> = tournament
        .finishes()
        .iter()
        .map(|finish| PlaceLine {
            seat: finish.seat,
            place: finish.place,
            prize: finish.prize,
        })
        .collect();
    places.sort_by(|a, b| a.place.cmp(&b.place).then(a.seat.cmp(&b.seat)));
    Ok(TournamentOutcome {
        hands: tournament.hands_played(),
        finished: tournament.is_over(),
        stacks: tournament.stacks().to_vec(),
        level,
        places,
        paid,
    })
}

/// Plays hand `index` of the line through the engine and records it; answers its level
/// (from 1).
fn play_hand(
    tournament: &mut Tournament,
    index: usize,
    hand: &HandLine,
) -> Result<usize, TournamentReplayError> {
    let Some(next) = tournament.next_hand() else {
        return Err(TournamentReplayError::hand(
            index,
            format!(
                "the sit & go ended after hand {}: no more hands",
                tournament.hands_played()
            ),
        ));
    };
    if hand.cards.len() != tournament.entrants() {
        return Err(TournamentReplayError::hand(
            index,
            format!(
                "{} seats of cards for {} seats: give null for a seat whose player is out",
                hand.cards.len(),
                tournament.entrants()
            ),
        ));
    }
    for (seat, cards) in hand.cards.iter().enumerate() {
        let in_hand = next.seats.contains(&seat);
        if cards.is_some() != in_hand {
            return Err(TournamentReplayError::hand(
                index,
                if in_hand {
                    format!("seat {seat} is still in but is given no cards")
                } else {
                    format!("seat {seat} is out but is given cards: give null")
                },
            ));
        }
    }
    let cards: Vec<Vec<Card>> = next
        .seats
        .iter()
        .map(|&seat| hand.cards[seat].clone().unwrap_or_default())
        .collect();
    let played = replay(&ReplayInput {
        game: next.game,
        stakes: next.stakes,
        rules: next.rules,
        stacks: next.stacks.clone(),
        cards,
        community: hand.community,
        actions: hand.actions.clone(),
    })
    .map_err(|error| TournamentReplayError {
        message: error.message,
        hand_index: Some(index),
        action_index: error.action_index,
    })?;
    tournament
        .record_hand(&played.stacks)
        .map_err(|error| TournamentReplayError::hand(index, error.to_string()))?;
    Ok(next.level.index + 1)
}

/// The prizes decided and not yet paid are paid, in the order decided.
fn pay_prizes_due(tournament: &mut Tournament, paid: &mut Vec<PaidLine>) {
    let after_hand = tournament.hands_played();
    for finish in tournament.prizes_due() {
        if finish.prize > 0 {
            paid.push(PaidLine {
                seat: finish.seat,
                after_hand,
                prize: finish.prize,
            });
        }
    }
    tournament.mark_prizes_paid();
}

/// The cancel's payments, by seat: each buy-in back while nobody is out, else the shares.
fn cancel(tournament: &Tournament, paid: &mut Vec<PaidLine>) -> Result<(), TournamentReplayError> {
    let after_hand = tournament.hands_played();
    let division = tournament.cancel_division().ok_or_else(|| {
        TournamentReplayError::line("the sit & go is over: there is nothing to cancel")
    })?;
    let amounts: Vec<u64> = match division {
        CancelDivision::Refund => vec![tournament.settings().buy_in; tournament.entrants()],
        CancelDivision::Shares(shares) => shares,
    };
    for (seat, prize) in amounts.into_iter().enumerate() {
        if prize > 0 {
            paid.push(PaidLine {
                seat,
                after_hand,
                prize,
            });
        }
    }
    Ok(())
}
