//! Sit & go tournaments, pure and deterministic like the rules engine: no clock, no I/O.
//! A [`Tournament`] owns the entrants' tournament chips, the hands played (which set the
//! level, [`Structure`]), who is out and in which place, and at the end the payouts of the
//! prize pool ([`PayoutTable`]). Whoever deals the hands (`sim`, a table) asks it for the
//! next hand ([`Tournament::next_hand`]), plays the hand with the engine, and records the
//! stacks the hand ended with ([`Tournament::record_hand`]).
//!
//! Finishing places: the players busted in one hand take the places below everyone still
//! in, the larger stack at the hand's start the higher place; players busted in one hand
//! with equal stacks share their places (each is given the highest of them) and split those
//! places' payouts equally, the odd chips to the earlier seat. The last player standing
//! wins. Every division of the prize pool sums to it exactly.

mod payout;
mod stored;
mod structure;

pub use payout::{PayoutError, PayoutTable, divide_in_proportion};
pub use structure::{
    BUILT_IN_LEVELS, Level, LevelAt, REGULAR_HANDS_PER_LEVEL, STARTING_BIG_BETS, Structure,
    StructureError, StructureKind, built_in_small_bet, stud_stakes,
};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::table::{Game, GameChoice, MIX_ORDER, Stakes};

/// A sit & go seats as many players as a table: 2 to 8.
pub const PLAYERS: std::ops::RangeInclusive<usize> =
    crate::table::MIN_SEATS..=crate::table::MAX_SEATS;

/// What a sit & go is, before anyone registers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// With `mix`, each level deals one game of the rotation (Razz, Stud, Stud/8, Razz, ...).
    pub game: GameChoice,
    pub structure: Structure,
    /// Each entrant's buy-in; 0 for a freeroll.
    pub buy_in: u64,
    /// `None`: the default for the number of entrants ([`PayoutTable::for_entrants`]).
    pub payouts: Option<PayoutTable>,
}

/// Why a tournament refused to start or to record a hand.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TournamentError {
    #[error("a sit & go needs {fewest} to {most} players, not {0}", fewest = PLAYERS.start(), most = PLAYERS.end())]
    PlayerCount(usize),
    #[error("the payout table pays {places} places but only {entrants} players entered")]
    MorePlacesThanEntrants { places: usize, entrants: usize },
    #[error("the prize pool ({entrants} buy-ins of {buy_in}) is more chips than can be counted")]
    PrizePoolTooLarge { entrants: usize, buy_in: u64 },
    #[error("{entrants} starting stacks of {stack} are more chips than a table can count")]
    ChipsTooLarge { entrants: usize, stack: u64 },
    #[error("the tournament is over: no more hands")]
    Over,
    #[error("the hand ended with {got} stacks for {expected} players")]
    StackCount { expected: usize, got: usize },
    #[error("the hand ended with {after} chips but began with {before}")]
    ChipsNotConserved { before: u64, after: u64 },
}

/// One entrant's finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// The entrant's seat, from 0.
    pub seat: usize,
    /// From 1. Players who share places all have the highest of them.
    pub place: usize,
    /// How many hands had been played when they went out (for the winner, all of them).
    pub hands: u64,
}

/// One entrant's share of the prize pool at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payout {
    pub seat: usize,
    pub place: usize,
    pub chips: u64,
}

/// The next hand to deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextHand {
    /// The hand's number in the tournament, from 0.
    pub number: u64,
    pub game: Game,
    pub level: LevelAt,
    pub stakes: Stakes,
    /// The entrants still in, in deal order (the first dealt first); the order rotates by
    /// one each hand.
    pub seats: Vec<usize>,
    /// Their stacks, in the same order.
    pub stacks: Vec<u64>,
}

/// What the board's header shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status {
    pub level: LevelAt,
    pub game: Game,
    pub players_left: usize,
    pub average_stack: u64,
    pub hands_played: u64,
}

/// A sit & go from its start to its last hand. Read back from a record only if it is whole
/// (see `stored`): a corrupt record is refused, never played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "stored::StoredTournament")]
pub struct Tournament {
    settings: TournamentSettings,
    payouts: PayoutTable,
    prize_pool: u64,
    /// Each entrant's tournament chips (0 once out), by seat.
    stacks: Vec<u64>,
    hands_played: u64,
    /// Who is out, in the order they went out (the winner last).
    finishes: Vec<Finish>,
}

impl Tournament {
    /// Starts a sit & go of `entrants` players, each with the structure's starting stack.
    pub fn start(
        settings: TournamentSettings,
        entrants: usize,
    ) -> Result<Tournament, TournamentError> {
        if !PLAYERS.contains(&entrants) {
            return Err(TournamentError::PlayerCount(entrants));
        }
        let payouts = settings
            .payouts
            .clone()
            .unwrap_or_else(|| PayoutTable::for_entrants(entrants));
        if payouts.places_paid() > entrants {
            return Err(TournamentError::MorePlacesThanEntrants {
                places: payouts.places_paid(),
                entrants,
            });
        }
        let prize_pool = u64::try_from(entrants)
            .ok()
            .and_then(|count| count.checked_mul(settings.buy_in))
            .ok_or(TournamentError::PrizePoolTooLarge {
                entrants,
                buy_in: settings.buy_in,
            })?;
        let stack = settings.structure.starting_stack();
        // The engine counts every chip at the table in a u64.
        if u64::try_from(entrants)
            .ok()
            .and_then(|count| count.checked_mul(stack))
            .is_none()
        {
            return Err(TournamentError::ChipsTooLarge { entrants, stack });
        }
        Ok(Tournament {
            settings,
            payouts,
            prize_pool,
            stacks: vec![stack; entrants],
            hands_played: 0,
            finishes: Vec::new(),
        })
    }

    pub fn settings(&self) -> &TournamentSettings {
        &self.settings
    }

    pub fn payout_table(&self) -> &PayoutTable {
        &self.payouts
    }

    pub fn prize_pool(&self) -> u64 {
        self.prize_pool
    }

    pub fn entrants(&self) -> usize {
        self.stacks.len()
    }

    /// Each entrant's tournament chips by seat (0 once out).
    pub fn stacks(&self) -> &[u64] {
        &self.stacks
    }

    pub fn hands_played(&self) -> u64 {
        self.hands_played
    }

    /// Who is out so far, in the order they went out (the winner last once it is over).
    pub fn finishes(&self) -> &[Finish] {
        &self.finishes
    }

    /// The entrants still in, by seat.
    pub fn players_left(&self) -> Vec<usize> {
        (0..self.stacks.len())
            .filter(|&seat| self.stacks[seat] > 0)
            .collect()
    }

    /// True once one player holds every chip.
    pub fn is_over(&self) -> bool {
        self.finishes.len() == self.stacks.len()
    }

    /// The game of the level being played: the tournament's game, or with `mix` the
    /// rotation's game for this level.
    fn game_of_level(&self, level: usize) -> Game {
        match self.settings.game.fixed() {
            Some(game) => game,
            None => MIX_ORDER[level % MIX_ORDER.len()],
        }
    }

    /// What the board's header shows now.
    pub fn status(&self) -> Status {
        let level = self.settings.structure.level_at(self.hands_played);
        let left = self.players_left().len();
        let chips: u64 = self.stacks.iter().sum();
        Status {
            level,
            game: self.game_of_level(level.index),
            players_left: left,
            average_stack: chips.checked_div(left as u64).unwrap_or(0),
            hands_played: self.hands_played,
        }
    }

    /// The next hand to deal, or `None` once the tournament is over.
    pub fn next_hand(&self) -> Option<NextHand> {
        let left = self.players_left();
        if self.is_over() || left.is_empty() {
            return None;
        }
        let rotation = usize::try_from(self.hands_played % left.len() as u64).unwrap_or(0);
        let seats: Vec<usize> = (0..left.len())
            .map(|index| left[(rotation + index) % left.len()])
            .collect();
        let stacks = seats.iter().map(|&seat| self.stacks[seat]).collect();
        let level = self.settings.structure.level_at(self.hands_played);
        Some(NextHand {
            number: self.hands_played,
            game: self.game_of_level(level.index),
            level,
            stakes: level.level.stakes,
            seats,
            stacks,
        })
    }

    /// Records the hand [`Tournament::next_hand`] described, from the stacks it ended with
    /// (in that hand's deal order). Returns the finishes it decided: the players it busted
    /// and, when one player is left, the winner. Refused, changing nothing, when the stacks
    /// do not fit the hand.
    pub fn record_hand(&mut self, final_stacks: &[u64]) -> Result<Vec<Finish>, TournamentError> {
        let Some(hand) = self.next_hand() else {
            return Err(TournamentError::Over);
        };
        if final_stacks.len() != hand.seats.len() {
            return Err(TournamentError::StackCount {
                expected: hand.seats.len(),
                got: final_stacks.len(),
            });
        }
        let before = hand
            .stacks
            .iter()
            .try_fold(0u64, |sum, &stack| sum.checked_add(stack));
        let after = final_stacks
            .iter()
            .try_fold(0u64, |sum, &stack| sum.checked_add(stack));
        if before.is_none() || before != after {
            return Err(TournamentError::ChipsNotConserved {
                before: before.unwrap_or(u64::MAX),
                after: after.unwrap_or(u64::MAX),
            });
        }
        self.hands_played = self.hands_played.saturating_add(1);
        let mut busted: Vec<(usize, u64)> = Vec::new();
        for (index, &seat) in hand.seats.iter().enumerate() {
            self.stacks[seat] = final_stacks[index];
            if final_stacks[index] == 0 {
                busted.push((seat, hand.stacks[index]));
            }
        }
        // The larger stack at the hand's start places higher; equal stacks, the earlier seat
        // first (it matters only for who takes an odd chip of the shared payout).
        busted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let left = hand.seats.len() - busted.len();
        let mut decided = Vec::new();
        let mut index = 0;
        while index < busted.len() {
            let start_stack = busted[index].1;
            let place = left + index + 1;
            while index < busted.len() && busted[index].1 == start_stack {
                decided.push(Finish {
                    seat: busted[index].0,
                    place,
                    hands: self.hands_played,
                });
                index += 1;
            }
        }
        // Recorded from the lowest place up, the order they went out in; a shared place by
        // seat.
        decided.sort_by(|a, b| b.place.cmp(&a.place).then(a.seat.cmp(&b.seat)));
        if left == 1
            && let Some(&winner) = self.players_left().first()
        {
            decided.push(Finish {
                seat: winner,
                place: 1,
                hands: self.hands_played,
            });
        }
        self.finishes.extend_from_slice(&decided);
        Ok(decided)
    }

    /// Every entrant's payout once the tournament is over, first place first (places shared,
    /// the earlier seat first); `None` before. Sums to the prize pool exactly.
    pub fn payouts(&self) -> Option<Vec<Payout>> {
        if !self.is_over() {
            return None;
        }
        let by_place = self.payouts.divide(self.prize_pool);
        let place_chips = |place: usize| by_place.get(place - 1).copied().unwrap_or(0);
        let mut finishes = self.finishes.clone();
        finishes.sort_by(|a, b| a.place.cmp(&b.place).then(a.seat.cmp(&b.seat)));
        let mut payouts = Vec::with_capacity(finishes.len());
        let mut index = 0;
        while index < finishes.len() {
            let place = finishes[index].place;
            let sharing = finishes[index..]
                .iter()
                .take_while(|finish| finish.place == place)
                .count();
            let pooled = (place..place + sharing)
                .map(place_chips)
                .try_fold(0u64, |sum, chips| sum.checked_add(chips))
                .unwrap_or(0);
            let shares = divide_in_proportion(pooled, &vec![1; sharing]);
            for (finish, chips) in finishes[index..index + sharing].iter().zip(shares) {
                payouts.push(Payout {
                    seat: finish.seat,
                    place,
                    chips,
                });
            }
            index += sharing;
        }
        Some(payouts)
    }

    /// A cancelled tournament's prize pool divided among the players still in, in
    /// proportion to their chips (a finished place keeps nothing), by seat: every entrant's
    /// share, 0 for those out. Sums to the prize pool exactly. Once the tournament is over
    /// there is nothing to cancel: `None`.
    pub fn cancel_shares(&self) -> Option<Vec<u64>> {
        if self.is_over() {
            return None;
        }
        Some(divide_in_proportion(self.prize_pool, &self.stacks))
    }
}
