//! What a multi-table event is, fixed when it is scheduled ([`EventSettings`]), and why an
//! event refuses something ([`EventError`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::clock::{Breaks, level_end};
use crate::table::{GameChoice, Rules};
use crate::tournament::{PLAYERS, PayoutTable, Structure};

/// The most entries one event takes (re-entries counted): far past the 1,000 players a
/// community's biggest event draws, and few enough for a record the bank rewrites each hand.
pub const MAX_ENTRIES: usize = 5_000;

/// A multi-table event's rules, fixed when it is scheduled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    /// With `mix`, each level deals one game of the rotation (Razz, Stud, Stud/8, ...).
    pub game: GameChoice,
    /// The starting stack and the levels; each level's `hands` is its length on the event's
    /// clock (seconds on Discord, hands of the slowest table in `sim`).
    pub structure: Structure,
    pub breaks: Option<Breaks>,
    /// Each entry's buy-in (re-entries pay it again); 0 for a freeroll.
    pub buy_in: u64,
    /// Chips added to the prize pool beyond the buy-ins.
    pub added_prize: u64,
    /// Chairs at each table, 2 to 8.
    pub table_size: usize,
    /// The most entries it takes (re-entries counted); `None`: [`MAX_ENTRIES`].
    pub cap: Option<usize>,
    /// Late registration lasts until the end of this level (from 1); 0: it closes at the start.
    pub late_registration_levels: u32,
    /// How many times a player out may buy in again while late registration is open.
    pub re_entries: u32,
    /// `None`: by field size ([`super::field_prizes`]).
    pub payouts: Option<PayoutTable>,
    #[serde(with = "crate::tournament::plain_rules")]
    pub rules: Rules,
}

impl EventSettings {
    /// An event of `game` and `structure` at tables of `table_size` for `buy_in`: no late
    /// registration, no re-entry, payouts by field size, no cap, no break.
    pub fn new(
        game: GameChoice,
        structure: Structure,
        buy_in: u64,
        table_size: usize,
    ) -> EventSettings {
        EventSettings {
            game,
            structure,
            breaks: None,
            buy_in,
            added_prize: 0,
            table_size,
            cap: None,
            late_registration_levels: 0,
            re_entries: 0,
            payouts: None,
            rules: Rules::default(),
        }
    }

    /// The most entries it takes.
    pub fn max_entries(&self) -> usize {
        self.cap.unwrap_or(MAX_ENTRIES).min(MAX_ENTRIES)
    }

    /// The clock reading at which late registration closes (`Some(0)`: at the start; `None`:
    /// never, with late registration through the last level).
    pub fn late_registration_end(&self) -> Option<u64> {
        match self.late_registration_levels {
            0 => Some(0),
            levels => level_end(&self.structure, self.breaks, levels as usize - 1),
        }
    }

    /// The prize pool of `entries` buy-ins and the added prize.
    pub fn prize_pool(&self, entries: usize) -> Option<u64> {
        u64::try_from(entries)
            .ok()?
            .checked_mul(self.buy_in)?
            .checked_add(self.added_prize)
    }

    /// Each place's prize for a field of `entries`, first place first, one per entry.
    pub fn prizes(&self, entries: usize) -> Option<Vec<u64>> {
        let pool = self.prize_pool(entries)?;
        let mut prizes = match &self.payouts {
            Some(table) => table.divide(pool),
            None => super::field_prizes(entries, pool, self.buy_in),
        };
        prizes.resize(entries.max(prizes.len()), 0);
        Some(prizes)
    }

    /// Places paid to a field of `entries`.
    pub fn places_paid(&self, entries: usize) -> usize {
        match &self.payouts {
            Some(table) => table.places_paid(),
            None => super::places_paid(entries),
        }
    }

    /// Refuses what no event can be: tables outside 2 to 8 chairs, a starting stack short of
    /// the first level's big bet, rules a table refuses, a level longer than the clock counts,
    /// re-entries without late registration, a cap below two.
    pub fn validate(&self) -> Result<(), EventError> {
        if !PLAYERS.contains(&self.table_size) {
            return Err(EventError::TableSize(self.table_size));
        }
        let first_big_bet = self
            .structure
            .levels()
            .first()
            .map_or(0, |level| level.stakes.big_bet);
        if self.structure.starting_stack() < first_big_bet {
            return Err(EventError::ShortStartingStack {
                stack: self.structure.starting_stack(),
                big_bet: first_big_bet,
            });
        }
        self.rules
            .validate()
            .map_err(|error| EventError::Rules(error.to_string()))?;
        if let Some(game) = self.game.fixed() {
            self.rules
                .validate_for_game(game)
                .map_err(|error| EventError::Rules(error.to_string()))?;
        }
        if self.re_entries > 0 && self.late_registration_levels == 0 {
            return Err(EventError::ReEntryWithoutLateRegistration);
        }
        if self.late_registration_levels as usize > self.structure.levels().len() {
            return Err(EventError::LateRegistrationPastLevels {
                levels: self.structure.levels().len(),
            });
        }
        if self.cap.is_some_and(|cap| cap < 2) {
            return Err(EventError::CapTooSmall);
        }
        if self.prize_pool(self.max_entries()).is_none()
            || u64::try_from(self.max_entries())
                .ok()
                .and_then(|entries| entries.checked_mul(self.structure.starting_stack()))
                .is_none()
        {
            return Err(EventError::TooManyChips);
        }
        Ok(())
    }
}

/// Why an event refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EventError {
    #[error("tables seat 2 to 8 players, not {0}")]
    TableSize(usize),
    #[error("a starting stack of {stack} is less than the first level's big bet ({big_bet})")]
    ShortStartingStack { stack: u64, big_bet: u64 },
    #[error("invalid rules: {0}")]
    Rules(String),
    #[error(
        "re-entries need late registration: a player out may buy in again only while it is open"
    )]
    ReEntryWithoutLateRegistration,
    #[error("late registration cannot last past the structure's {levels} levels")]
    LateRegistrationPastLevels { levels: usize },
    #[error("a cap on entries must let at least two in")]
    CapTooSmall,
    #[error("the chips of the biggest field it allows are more than can be counted")]
    TooManyChips,
    #[error("an event needs at least two entries, not {0}")]
    TooFewEntries(usize),
    #[error("the payout table pays {places} places among {entries} entries")]
    MorePlacesThanEntries { places: usize, entries: usize },
    #[error("that player has entered already and is still in")]
    AlreadyIn,
    #[error("registration is closed")]
    RegistrationClosed,
    #[error("no re-entry is left to this player")]
    NoReEntryLeft,
    #[error("the event takes no more entries ({0})")]
    Full(usize),
    #[error("the event is over")]
    Over,
    #[error("no table {0}")]
    NoSuchTable(u32),
    #[error("table {table} plays hand {next} next, not {hand}")]
    HandOutOfTurn { table: u32, hand: u64, next: u64 },
    #[error("table {table}'s hand does not fit it: {why}")]
    HandRefused { table: u32, why: String },
}
