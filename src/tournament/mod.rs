//! Sit & go tournaments, pure and deterministic like the rules engine: no clock, no I/O, no
//! randomness (the seats are drawn by the caller and the entrants given in seat order).
//! A [`Tournament`] is one table's event: its settings, fixed at the open (the stakes
//! schedule and every betting rule, [`TournamentSettings`]), the hands played (which set
//! the level, [`Structure`]), the seat dealt first, and the event's [`Standings`] (chips,
//! places, prizes). Whoever deals the hands (`sim`, `replay --tournament`, a table) asks it
//! for the next hand ([`Tournament::next_hand`]: players in deal order, stacks, game,
//! stakes and the betting rules of that hand), plays the hand with the engine, and records
//! the stacks the hand ended with ([`Tournament::record_hand`]), which decides the places
//! and prizes of the players it put out (docs/RULES.md, "Tournaments").
//!
//! - The cap until the event is heads-up: a hand dealt while three or more players are in
//!   the event is capped even when its pot comes down to two players.
//! - The first seat dealt moves one seat to the left each hand, past players who are out;
//!   the first hand is dealt from the lowest seat.
//! - A cancel pays a refund while nobody is out, else the prizes not yet won by ICM
//!   ([`Standings::cancel_division`]); a deal of two to four players pays ICM or a chip chop
//!   and places them by chips ([`Tournament::end_by_deal`]).
//!
//! Every division of the prize pool sums to it exactly.

mod icm;
pub mod multi;
mod payout;
pub mod replay;
mod standings;
mod stored;
mod structure;

pub use icm::{ICM_MAX_PLAYERS, IcmError, chip_chop, icm_division, icm_values};
pub use payout::{PayoutError, PayoutTable, divide_in_proportion};
pub use standings::{CancelDivision, DEAL_PLAYERS, DealError, DealKind, Finish, Standings};
pub use stored::{OlderPaid, OlderTournament};
pub use structure::{
    BUILT_IN_LEVELS, HANDS_PER_LEVEL, Level, LevelAt, REGULAR_HANDS_PER_LEVEL, STARTING_BIG_BETS,
    Structure, StructureError, StructureKind, built_in_small_bet, built_in_stakes, stud_stakes,
};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::table::{Game, GameChoice, MIX_ORDER, Rules, Stakes};

/// A sit & go seats as many players as a table: 2 to 8.
pub const PLAYERS: std::ops::RangeInclusive<usize> =
    crate::table::MIN_SEATS..=crate::table::MAX_SEATS;

/// What a sit & go is, fixed when it is opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// With `mix`, each level deals one game of the rotation (Razz, Stud, Stud/8, Razz, ...).
    pub game: GameChoice,
    pub structure: Structure,
    /// Each entrant's buy-in; 0 for a freeroll.
    pub buy_in: u64,
    /// `None`: the default for the number of entrants ([`PayoutTable::for_entrants`]).
    pub payouts: Option<PayoutTable>,
    /// The betting rules of every hand. `heads_up_uncapped` is not the open's to choose: the
    /// cap holds until the event is down to two players ([`NextHand::rules`]). Stored by
    /// plain values (`plain_rules`): the bank's records are not a self-describing format.
    #[serde(with = "plain_rules")]
    pub rules: Rules,
    /// Chips added to the prize pool at the open beyond the buy-ins (a freeroll's prize).
    pub added_prize: u64,
}

impl TournamentSettings {
    /// A sit & go of `game` with `structure` and `buy_in`: the default payouts, the rules of
    /// docs/RULES.md, nothing added to the prize pool.
    pub fn new(game: GameChoice, structure: Structure, buy_in: u64) -> TournamentSettings {
        TournamentSettings {
            game,
            structure,
            buy_in,
            payouts: None,
            rules: Rules::default(),
            added_prize: 0,
        }
    }

    /// The prize pool of `entrants` buy-ins with the added prize; `None` past what a chip
    /// count holds.
    pub fn prize_pool(&self, entrants: usize) -> Option<u64> {
        u64::try_from(entrants)
            .ok()?
            .checked_mul(self.buy_in)?
            .checked_add(self.added_prize)
    }

    /// The payout table `entrants` would play for.
    pub fn payout_table(&self, entrants: usize) -> PayoutTable {
        self.payouts
            .clone()
            .unwrap_or_else(|| PayoutTable::for_entrants(entrants))
    }

    /// Each place's prize if `entrants` played (first place first, one per entrant, 0 past
    /// the paid places); `None` when the pool cannot be counted.
    pub fn prizes(&self, entrants: usize) -> Option<Vec<u64>> {
        let mut prizes = self
            .payout_table(entrants)
            .divide(self.prize_pool(entrants)?);
        prizes.resize(entrants.max(prizes.len()), 0);
        Some(prizes)
    }
}

/// The rules as the bank's compact records keep them: numbers, flags and the choices by
/// name, read back through the same names (a name no option has is refused).
mod plain_rules {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    use crate::table::{OddChip, Rules, ShortAllIn};

    #[derive(Serialize, Deserialize)]
    struct PlainRules {
        max_raises: u32,
        heads_up_uncapped: bool,
        short_all_in: String,
        odd_chip: String,
        open_pair_big_bet: bool,
    }

    pub fn serialize<S: Serializer>(rules: &Rules, serializer: S) -> Result<S::Ok, S::Error> {
        PlainRules {
            max_raises: rules.max_raises,
            heads_up_uncapped: rules.heads_up_uncapped,
            short_all_in: rules.short_all_in.name().to_owned(),
            odd_chip: rules.odd_chip.name().to_owned(),
            open_pair_big_bet: rules.open_pair_big_bet,
        }
        .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        let plain = PlainRules::deserialize(deserializer)?;
        let short_all_in = ShortAllIn::ALL
            .into_iter()
            .find(|option| option.name() == plain.short_all_in)
            .ok_or_else(|| D::Error::custom(format!("short_all_in {:?}", plain.short_all_in)))?;
        let odd_chip = OddChip::ALL
            .into_iter()
            .find(|option| option.name() == plain.odd_chip)
            .ok_or_else(|| D::Error::custom(format!("odd_chip {:?}", plain.odd_chip)))?;
        Ok(Rules {
            max_raises: plain.max_raises,
            heads_up_uncapped: plain.heads_up_uncapped,
            short_all_in,
            odd_chip,
            open_pair_big_bet: plain.open_pair_big_bet,
        })
    }
}

/// Why a tournament refused to start or to record a hand.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TournamentError {
    #[error("a sit & go needs {fewest} to {most} players, not {0}", fewest = PLAYERS.start(), most = PLAYERS.end())]
    PlayerCount(usize),
    #[error(
        "the payout table pays {places} places: it needs at least {} players, and {entrants} entered",
        places + 1
    )]
    MorePlacesThanEntrants { places: usize, entrants: usize },
    #[error(
        "the prize pool ({entrants} buy-ins of {buy_in} and what was added) is more chips than can be counted"
    )]
    PrizePoolTooLarge { entrants: usize, buy_in: u64 },
    #[error("{entrants} starting stacks of {stack} are more chips than a table can count")]
    ChipsTooLarge { entrants: usize, stack: u64 },
    #[error("a starting stack must be more than 0")]
    EmptyStack,
    #[error("invalid rules: {0}")]
    Rules(String),
    #[error("the tournament is over: no more hands")]
    Over,
    #[error("the hand ended with {got} stacks for {expected} players")]
    StackCount { expected: usize, got: usize },
    #[error("the hand ended with {after} chips but began with {before}")]
    ChipsNotConserved { before: u64, after: u64 },
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
    /// The tournament's rules, capped unless the event is down to two players.
    pub rules: Rules,
    /// The entrants still in, in deal order: the first seat dealt, then each seat to its
    /// left still in.
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

/// A sit & go from its start to its end. Read back from a record only if it is whole (see
/// `stored`): a corrupt record is refused, never played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "stored::StoredTournament")]
pub struct Tournament {
    settings: TournamentSettings,
    payouts: PayoutTable,
    prize_pool: u64,
    /// Each entrant's chips, place and prize, by seat.
    standings: Standings,
    hands_played: u64,
    /// The seat dealt first in the next hand.
    first_seat: usize,
    /// How the players left divided the prizes, when a deal ended it.
    deal: Option<DealKind>,
}

impl Tournament {
    /// Starts a sit & go of `entrants` players in seats 0.., each with the structure's
    /// starting stack.
    pub fn start(
        settings: TournamentSettings,
        entrants: usize,
    ) -> Result<Tournament, TournamentError> {
        let stack = settings.structure.starting_stack();
        // The engine counts every chip at the table in a u64.
        if u64::try_from(entrants)
            .ok()
            .and_then(|count| count.checked_mul(stack))
            .is_none()
        {
            return Err(TournamentError::ChipsTooLarge { entrants, stack });
        }
        Tournament::start_with_stacks(settings, vec![stack; entrants])
    }

    /// Starts a sit & go whose seat `i` begins with `stacks[i]` chips (`replay
    /// --tournament` may give any; a sit & go gives each the structure's starting stack).
    pub fn start_with_stacks(
        settings: TournamentSettings,
        stacks: Vec<u64>,
    ) -> Result<Tournament, TournamentError> {
        let entrants = stacks.len();
        if !PLAYERS.contains(&entrants) {
            return Err(TournamentError::PlayerCount(entrants));
        }
        if stacks.contains(&0) {
            return Err(TournamentError::EmptyStack);
        }
        if stacks
            .iter()
            .try_fold(0u64, |sum, &stack| sum.checked_add(stack))
            .is_none()
        {
            return Err(TournamentError::ChipsTooLarge {
                entrants,
                stack: stacks.iter().copied().max().unwrap_or(0),
            });
        }
        settings
            .rules
            .validate()
            .map_err(|error| TournamentError::Rules(error.to_string()))?;
        if let Some(game) = settings.game.fixed() {
            settings
                .rules
                .validate_for_game(game)
                .map_err(|error| TournamentError::Rules(error.to_string()))?;
        }
        let payouts = settings.payout_table(entrants);
        // Paying every entrant is no tournament: at least one place goes unpaid.
        if payouts.places_paid() >= entrants {
            return Err(TournamentError::MorePlacesThanEntrants {
                places: payouts.places_paid(),
                entrants,
            });
        }
        let prize_pool =
            settings
                .prize_pool(entrants)
                .ok_or(TournamentError::PrizePoolTooLarge {
                    entrants,
                    buy_in: settings.buy_in,
                })?;
        let mut prizes = payouts.divide(prize_pool);
        prizes.resize(entrants, 0);
        Ok(Tournament {
            settings,
            payouts,
            prize_pool,
            standings: Standings::new(prizes, stacks),
            hands_played: 0,
            first_seat: 0,
            deal: None,
        })
    }

    pub fn settings(&self) -> &TournamentSettings {
        &self.settings
    }

    pub fn payout_table(&self) -> &PayoutTable {
        &self.payouts
    }

    /// The buy-ins and the added prize.
    pub fn prize_pool(&self) -> u64 {
        self.prize_pool
    }

    /// Each place's prize, first place first (0 past the paid places).
    pub fn prizes(&self) -> &[u64] {
        self.standings.prizes()
    }

    pub fn standings(&self) -> &Standings {
        &self.standings
    }

    pub fn entrants(&self) -> usize {
        self.standings.stacks().len()
    }

    /// Each entrant's tournament chips by seat (0 once out).
    pub fn stacks(&self) -> &[u64] {
        self.standings.stacks()
    }

    pub fn hands_played(&self) -> u64 {
        self.hands_played
    }

    /// The seat dealt first in the next hand.
    pub fn first_seat(&self) -> usize {
        self.first_seat
    }

    /// Who is out so far, in the order they went out (the winner, or a deal's places, last).
    pub fn finishes(&self) -> &[Finish] {
        self.standings.finishes()
    }

    /// The entrants still in, by seat.
    pub fn players_left(&self) -> Vec<usize> {
        self.standings.players_left()
    }

    /// True once every entrant has a place: one player holds every chip, or a deal ended it.
    pub fn is_over(&self) -> bool {
        self.standings.is_over()
    }

    /// The deal that ended it, if one did.
    pub fn deal(&self) -> Option<DealKind> {
        self.deal
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
        let chips: u64 = self.stacks().iter().sum();
        Status {
            level,
            game: self.game_of_level(level.index),
            players_left: left,
            average_stack: chips.checked_div(left as u64).unwrap_or(0),
            hands_played: self.hands_played,
        }
    }

    /// The rules of a hand of `game` while `players_left` are in the event: the open's,
    /// capped unless the event is heads-up (the TDA's cap), and no open-pair big bet in a
    /// razz hand (a mix's razz hands ignore it).
    pub fn rules_of_hand(&self, game: Game, players_left: usize) -> Rules {
        Rules {
            heads_up_uncapped: players_left <= 2,
            open_pair_big_bet: self.settings.rules.open_pair_big_bet
                && game.has_open_pair_big_bet(),
            ..self.settings.rules
        }
    }

    /// The next hand to deal, or `None` once the tournament is over.
    pub fn next_hand(&self) -> Option<NextHand> {
        let left = self.players_left();
        if self.is_over() || left.is_empty() {
            return None;
        }
        // Deal order: the first seat, then each seat to its left still in.
        let start = left
            .iter()
            .position(|&seat| seat >= self.first_seat)
            .unwrap_or(0);
        let seats: Vec<usize> = (0..left.len())
            .map(|index| left[(start + index) % left.len()])
            .collect();
        let stacks = seats.iter().map(|&seat| self.stacks()[seat]).collect();
        let level = self.settings.structure.level_at(self.hands_played);
        let game = self.game_of_level(level.index);
        Some(NextHand {
            number: self.hands_played,
            game,
            level,
            stakes: level.level.stakes,
            rules: self.rules_of_hand(game, left.len()),
            seats,
            stacks,
        })
    }

    /// Records the hand [`Tournament::next_hand`] described, from the stacks it ended with
    /// (in that hand's deal order). Returns the finishes it decided, each with its prize:
    /// the players it put out and, when one player is left, the winner. Refused, changing
    /// nothing, when the stacks do not fit the hand. The next hand is dealt first to the
    /// seat to the left of this hand's first, past the players who are out.
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
        let decided =
            self.standings
                .record(&hand.seats, &hand.stacks, final_stacks, self.hands_played);
        self.first_seat = self.seat_left_of(hand.seats.first().copied().unwrap_or(0));
        Ok(decided)
    }

    /// The first seat to the left of `seat` still in (`seat` itself when no other is).
    fn seat_left_of(&self, seat: usize) -> usize {
        let seats = self.entrants();
        let left = self.players_left();
        (1..=seats)
            .map(|step| (seat + step) % seats)
            .find(|candidate| left.contains(candidate))
            .unwrap_or(seat)
    }

    /// Each entrant's prize once the tournament is over, first place first (places shared,
    /// the earlier seat first); `None` before. Sums to the prize pool exactly.
    pub fn payouts(&self) -> Option<Vec<Payout>> {
        if !self.is_over() {
            return None;
        }
        let mut payouts: Vec<Payout> = self
            .finishes()
            .iter()
            .map(|finish| Payout {
                seat: finish.seat,
                place: finish.place,
                chips: finish.prize,
            })
            .collect();
        payouts.sort_by(|a, b| a.place.cmp(&b.place).then(a.seat.cmp(&b.seat)));
        Some(payouts)
    }

    /// The finishes whose prizes are not yet paid, in the order decided (what the bank pays
    /// in the transaction that records them).
    pub fn prizes_due(&self) -> Vec<Finish> {
        self.standings.prizes_due()
    }

    /// The prizes due were paid.
    pub fn mark_prizes_paid(&mut self) {
        self.standings.mark_prizes_paid();
    }

    /// The prizes decided so far (paid or due).
    pub fn prizes_won(&self) -> u64 {
        self.standings.prizes_won()
    }

    /// How a cancel now divides the prize pool ([`Standings::cancel_division`]); `None`
    /// once the tournament is over.
    pub fn cancel_division(&self) -> Option<CancelDivision> {
        self.standings.cancel_division()
    }

    /// What a deal of `kind` would pay each player still in, by seat.
    pub fn deal_amounts(&self, kind: DealKind) -> Result<Vec<(usize, u64)>, DealError> {
        self.standings.deal_amounts(kind)
    }

    /// Ends the tournament with a deal of `kind` among the players still in: each is paid
    /// the deal's amount and placed by chips. Returns their finishes, first place first.
    pub fn end_by_deal(&mut self, kind: DealKind) -> Result<Vec<Finish>, DealError> {
        let decided = self.standings.end_by_deal(kind, self.hands_played)?;
        self.deal = Some(kind);
        Ok(decided)
    }
}
