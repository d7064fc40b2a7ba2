//! The standings of one event, whatever table (or tables) deal it: each entrant's chips,
//! who is out in which place and with which prize, and the prizes still to be won. What
//! follows from them alone lives here: the places and prizes of the players a hand put out
//! (paid at the bust), the division of a cancelled event, and a deal's amounts and places.
//! A table (`Tournament` for a sit & go) only says which entrants a hand dealt in and the
//! stacks it began and ended with.
//!
//! Places: the players out in one hand take the places below everyone still in, the larger
//! stack at the hand's start the higher place; equal starting stacks share their places
//! (each is given the highest of them) and split those places' prizes equally, the odd
//! chips to the earlier entrant. The last player with chips wins first prize.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::icm::{self, IcmError};
use super::payout::divide_in_proportion;

/// A deal is made by two to four players left (docs/RULES.md, "A deal").
pub const DEAL_PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;

/// One entrant's finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// The entrant (in a sit & go, their seat), from 0.
    pub seat: usize,
    /// From 1. Players who share places all have the highest of them.
    pub place: usize,
    /// How many hands had been played when they went out (for the winner, all of them).
    pub hands: u64,
    /// Their prize: their place's, or their part of the places they share, or a deal's
    /// amount; 0 for a place not paid.
    pub prize: u64,
    /// Whether the prize has been paid (the bank pays it in the transaction that records
    /// the finish; only a record written before prizes were paid at the bust has one
    /// waiting).
    pub paid: bool,
}

/// How a deal divides the prizes still to be won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum DealKind {
    /// Each player's ICM value of the prizes left.
    Icm,
    /// The last prize left to each player, the rest by chips.
    #[serde(rename = "chop")]
    #[value(name = "chop")]
    ChipChop,
}

impl DealKind {
    pub const ALL: [DealKind; 2] = [DealKind::Icm, DealKind::ChipChop];

    /// The name commands and the replay use.
    pub const fn name(self) -> &'static str {
        match self {
            DealKind::Icm => "icm",
            DealKind::ChipChop => "chop",
        }
    }

    pub fn from_name(name: &str) -> Option<DealKind> {
        DealKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// How a cancelled event pays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CancelDivision {
    /// Nobody is out yet: every buy-in goes back (and any added prize to whoever added it).
    Refund,
    /// Prizes already paid stand; the prizes not yet paid go to the players still in, by
    /// entrant (0 for those out): ICM on their chips, within the last and the first of those
    /// prizes.
    Shares(Vec<u64>),
}

/// Why a deal cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    #[error(
        "a deal is made by {fewest} to {most} players left, not {0}",
        fewest = DEAL_PLAYERS.start(),
        most = DEAL_PLAYERS.end()
    )]
    Players(usize),
    #[error("the tournament is over")]
    Over,
    #[error("{0}")]
    Icm(#[from] IcmError),
}

/// The standings of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// Each place's prize, first place first, one per entrant (0 past the paid places).
    prizes: Vec<u64>,
    /// Each entrant's chips (0 once out).
    stacks: Vec<u64>,
    /// Who is out, in the order they went out (the winner, or the deal's places, last).
    finishes: Vec<Finish>,
}

impl Standings {
    /// Standings of entrants holding `stacks`, playing for `prizes` (first place first).
    pub fn new(mut prizes: Vec<u64>, stacks: Vec<u64>) -> Standings {
        prizes.resize(stacks.len(), 0);
        Standings {
            prizes,
            stacks,
            finishes: Vec::new(),
        }
    }

    /// Standings read back whole (checked by the caller).
    pub(super) fn from_parts(
        prizes: Vec<u64>,
        stacks: Vec<u64>,
        finishes: Vec<Finish>,
    ) -> Standings {
        Standings {
            prizes,
            stacks,
            finishes,
        }
    }

    pub fn prizes(&self) -> &[u64] {
        &self.prizes
    }

    pub fn stacks(&self) -> &[u64] {
        &self.stacks
    }

    pub fn finishes(&self) -> &[Finish] {
        &self.finishes
    }

    /// The entrants still in, in order.
    pub fn players_left(&self) -> Vec<usize> {
        (0..self.stacks.len())
            .filter(|&entrant| self.stacks[entrant] > 0 && !self.is_out(entrant))
            .collect()
    }

    fn is_out(&self, entrant: usize) -> bool {
        self.finishes.iter().any(|finish| finish.seat == entrant)
    }

    /// True once every entrant has a place.
    pub fn is_over(&self) -> bool {
        self.finishes.len() == self.stacks.len()
    }

    /// The prizes not yet won, first place first: one per player still in.
    pub fn unpaid_prizes(&self) -> &[u64] {
        let left = self.players_left().len();
        &self.prizes[..left.min(self.prizes.len())]
    }

    /// The chips of the prizes paid or due so far.
    pub fn prizes_won(&self) -> u64 {
        prizes_won(&self.finishes)
    }

    /// Records the end of one hand: `dealt` entrants began it with `before` and ended with
    /// `after` (in the same order). Those left without chips take their places and prizes;
    /// when one player is left, they win first prize. Returns the finishes it decided,
    /// lowest place first (a shared place by entrant), the winner last.
    pub(super) fn record(
        &mut self,
        dealt: &[usize],
        before: &[u64],
        after: &[u64],
        hands: u64,
    ) -> Vec<Finish> {
        let mut busted: Vec<(usize, u64)> = Vec::new();
        for (index, &entrant) in dealt.iter().enumerate() {
            self.stacks[entrant] = after[index];
            if after[index] == 0 {
                busted.push((entrant, before[index]));
            }
        }
        let left = self.players_left().len();
        let mut decided = bust_finishes(busted, left, hands, |place| self.prize_of(place));
        self.finishes.extend_from_slice(&decided);
        if left == 1
            && let Some(&winner) = self.players_left().first()
        {
            let won = Finish {
                seat: winner,
                place: 1,
                hands,
                prize: self.prize_of(1),
                paid: false,
            };
            self.finishes.push(won);
            decided.push(won);
        }
        decided
    }

    fn prize_of(&self, place: usize) -> u64 {
        place
            .checked_sub(1)
            .and_then(|index| self.prizes.get(index))
            .copied()
            .unwrap_or(0)
    }

    /// How a cancel now pays: a refund while nobody is out, else the unpaid prizes by ICM.
    /// `None` once the event is over.
    pub fn cancel_division(&self) -> Option<CancelDivision> {
        if self.is_over() {
            return None;
        }
        if self.finishes.is_empty() {
            return Some(CancelDivision::Refund);
        }
        Some(CancelDivision::Shares(cancel_shares(
            &self.stacks,
            &self.players_left(),
            self.unpaid_prizes(),
        )))
    }

    /// What a deal of `kind` pays each player still in, by entrant (in entrant order).
    /// Refused with fewer than two or more than four left.
    pub fn deal_amounts(&self, kind: DealKind) -> Result<Vec<(usize, u64)>, DealError> {
        if self.is_over() {
            return Err(DealError::Over);
        }
        deal_division(
            kind,
            &self.stacks,
            self.players_left(),
            self.unpaid_prizes(),
        )
    }

    /// Ends the event with a deal of `kind`: each player still in is paid the deal's amount
    /// and placed by their chips (the larger stack higher; equal stacks share the place).
    /// Returns their finishes, first place first.
    pub(super) fn end_by_deal(
        &mut self,
        kind: DealKind,
        hands: u64,
    ) -> Result<Vec<Finish>, DealError> {
        let amounts = self.deal_amounts(kind)?;
        Ok(record_deal(
            &mut self.finishes,
            &amounts,
            &self.stacks,
            hands,
        ))
    }

    /// The finishes whose prizes are not yet paid, in the order decided.
    pub fn prizes_due(&self) -> Vec<Finish> {
        prizes_due(&self.finishes)
    }

    /// Every prize decided is paid (the bank paid them in the transaction that recorded them).
    pub(super) fn mark_prizes_paid(&mut self) {
        mark_prizes_paid(&mut self.finishes);
    }
}

/// Of an event's `finishes` (a sit & go's or a multi-table event's), those whose prizes are
/// not yet paid, in the order decided.
pub(super) fn prizes_due(finishes: &[Finish]) -> Vec<Finish> {
    finishes
        .iter()
        .filter(|finish| !finish.paid)
        .copied()
        .collect()
}

/// Every prize of an event's `finishes` is paid (the bank paid them in the transaction that
/// recorded them).
pub(super) fn mark_prizes_paid(finishes: &mut [Finish]) {
    for finish in finishes {
        finish.paid = true;
    }
}

/// The chips of the prizes an event's `finishes` won, paid or due.
pub(super) fn prizes_won(finishes: &[Finish]) -> u64 {
    finishes.iter().map(|finish| finish.prize).sum()
}

/// Ends an event (a sit & go or a multi-table event) with a deal: each player of `amounts`
/// (entrant, amount) is paid their amount and placed by their chips in `stacks` (the larger
/// stack higher; equal stacks share the place), recorded in the event's `finishes` lowest
/// place first, as its other finishes. Returns the deal's finishes, first place first.
pub(super) fn record_deal(
    finishes: &mut Vec<Finish>,
    amounts: &[(usize, u64)],
    stacks: &[u64],
    hands: u64,
) -> Vec<Finish> {
    let decided = deal_finishes(amounts, stacks, hands);
    finishes.extend(decided.iter().rev());
    decided
}

/// The finishes of a deal: each player of `amounts` (entrant, amount) paid their amount and
/// placed by their chips in `stacks`, first place first.
fn deal_finishes(amounts: &[(usize, u64)], stacks: &[u64], hands: u64) -> Vec<Finish> {
    let mut by_chips: Vec<(usize, u64, u64)> = amounts
        .iter()
        .map(|&(entrant, amount)| (entrant, stacks.get(entrant).copied().unwrap_or(0), amount))
        .collect();
    by_chips.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut decided: Vec<Finish> = Vec::with_capacity(by_chips.len());
    for (index, &(entrant, stack, amount)) in by_chips.iter().enumerate() {
        let place = match index.checked_sub(1).map(|above| by_chips[above]) {
            Some((_, above_stack, _)) if above_stack == stack => {
                decided.last().map_or(index + 1, |finish| finish.place)
            }
            _ => index + 1,
        };
        decided.push(Finish {
            seat: entrant,
            place,
            hands,
            prize: amount,
            paid: false,
        });
    }
    decided
}

/// A cancel's shares by entrant: the `unpaid` prizes divided among the entrants `left` by ICM
/// on their chips in `stacks` (past ICM's reach, an event of many tables cancelled early, by
/// chips within the same bounds); 0 to everyone else.
pub(super) fn cancel_shares(stacks: &[u64], left: &[usize], unpaid: &[u64]) -> Vec<u64> {
    let chips: Vec<u64> = left
        .iter()
        .map(|&entrant| stacks.get(entrant).copied().unwrap_or(0))
        .collect();
    let division =
        icm::icm_division(&chips, unpaid).unwrap_or_else(|_| icm::bounded_by_chips(&chips, unpaid));
    let mut shares = vec![0; stacks.len()];
    for (&entrant, share) in left.iter().zip(division) {
        if let Some(slot) = shares.get_mut(entrant) {
            *slot = share;
        }
    }
    shares
}

/// What a deal of `kind` pays each of the entrants `left` (two to four) from the `unpaid`
/// prizes by their chips in `stacks`, by entrant.
pub(super) fn deal_division(
    kind: DealKind,
    stacks: &[u64],
    left: Vec<usize>,
    unpaid: &[u64],
) -> Result<Vec<(usize, u64)>, DealError> {
    if !DEAL_PLAYERS.contains(&left.len()) {
        return Err(DealError::Players(left.len()));
    }
    let chips: Vec<u64> = left
        .iter()
        .map(|&entrant| stacks.get(entrant).copied().unwrap_or(0))
        .collect();
    let amounts = match kind {
        DealKind::Icm => icm::icm_division(&chips, unpaid)?,
        DealKind::ChipChop => icm::chip_chop(&chips, unpaid)?,
    };
    Ok(left.into_iter().zip(amounts).collect())
}

/// The finishes of players out together (`busted`: each entrant with their stack at the
/// hand's start) below the `left` players still in, with the prize of each place from
/// `prize_of`: the larger stack at the start places higher; equal stacks share their places
/// and split those places' prizes, the odd chips to the earlier entrant. Lowest place first
/// (the order they went out in), a shared place by entrant.
pub(super) fn bust_finishes(
    mut busted: Vec<(usize, u64)>,
    left: usize,
    hands: u64,
    prize_of: impl Fn(usize) -> u64,
) -> Vec<Finish> {
    busted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut decided = Vec::with_capacity(busted.len());
    let mut index = 0;
    while index < busted.len() {
        let start_stack = busted[index].1;
        let sharing = busted[index..]
            .iter()
            .take_while(|(_, stack)| *stack == start_stack)
            .count();
        let place = left + index + 1;
        let pooled: u64 = (place..place + sharing).map(&prize_of).sum();
        let shares = divide_in_proportion(pooled, &vec![1; sharing]);
        for (&(entrant, _), prize) in busted[index..index + sharing].iter().zip(shares) {
            decided.push(Finish {
                seat: entrant,
                place,
                hands,
                prize,
                paid: false,
            });
        }
        index += sharing;
    }
    decided.sort_by(|a, b| b.place.cmp(&a.place).then(a.seat.cmp(&b.seat)));
    decided
}
