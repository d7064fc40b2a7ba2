//! A multi-table event from its start to its end (docs/RULES.md "Tournaments",
//! docs/TOURNAMENTS.md): its entries, field, tables, late registration and re-entries, each
//! table's next hand on the clock, hand-for-hand on the bubble, and a cancel's or a deal's
//! division.
//!
//! What changes the event is a call the bank can repeat on its own copy to the same effect:
//! [`Event::start`], [`Event::enter`], [`Event::tidy`], [`Event::record_hand`],
//! [`Event::close_registration`], [`Event::cancel`], [`Event::end_by_deal`]. What only the
//! caller knows (which tables are playing a hand now) it tells [`Event::tidy`] and keeps in
//! [`Event::deal`]'s marks, which are not part of the record: after a restart no hand is
//! being played, and every table deals its cut-short hand again.
//!
//! Hand-for-hand: when the players left are one more than the places paid (the next player
//! out is the bubble) and more than one table is in play, every table plays one hand of each
//! round and waits for the others to finish theirs; the players out in a round take their
//! places together once it is over, by their stacks at the start of their hands. No one moves
//! during a round. It ends between rounds once the bubble has burst.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::clock::{ClockAt, clock_at};
use super::field::Field;
use super::seating::{Entry, SeatChange, Seating};
use super::settings::{EventError, EventSettings};
use crate::ids::UserId;
use crate::table::{Game, MIX_ORDER, Rules, Stakes};
use crate::tournament::{CancelDivision, DealError, DealKind, Finish, Payout};

/// Who an entry is: the player, and which of their entries (1 the first, 2 the first
/// re-entry, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryOf {
    pub user: UserId,
    pub number: u32,
}

/// A round of hand-for-hand under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandForHand {
    /// From 1 over the whole event.
    pub round: u64,
    /// The tables that finished this round's hand.
    pub recorded: Vec<u32>,
    /// The players out in this round so far, with their stacks at their hand's start.
    busts: Vec<(Entry, u64)>,
}

impl HandForHand {
    /// A round has begun by what the event records: a table finished its hand or a player is
    /// out in it ([`Event::round_under_way`] counts the hands of the round being dealt too).
    fn recorded_any(&self) -> bool {
        !self.recorded.is_empty() || !self.busts.is_empty()
    }
}

/// What a table deals next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandToDeal {
    pub table: u32,
    /// The table's hand number, from 1.
    pub number: u64,
    /// The players in deal order, each with their chair.
    pub seats: Vec<(usize, Entry)>,
    /// Their stacks, in the same order.
    pub stacks: Vec<u64>,
    pub game: Game,
    /// The level, from 0.
    pub level: usize,
    pub stakes: Stakes,
    /// Capped unless the whole event is down to two players.
    pub rules: Rules,
    /// The round of hand-for-hand this hand plays, if one is under way.
    pub round: Option<u64>,
}

/// Why a table deals nothing now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// The event is over.
    Over,
    /// The table is not in play (broken, or never was).
    NoTable,
    /// It is playing a hand already.
    Dealing,
    /// A break: until the clock reads `until`.
    Break { until: Option<u64> },
    /// The final table is to be drawn once every table's hand is over.
    FinalTable,
    /// This table breaks (`Event::tidy` breaks it).
    Breaking,
    /// Hand-for-hand: the other tables' hands of the round (or the hands begun before it)
    /// are not over.
    HandForHand,
    /// Fewer than two players: balancing brings more.
    Players,
}

/// A table's turn: a hand to deal, or why it waits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    Deal(Box<HandToDeal>),
    Wait(Wait),
}

/// A hand a table played, as it tells the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub table: u32,
    /// [`HandToDeal::number`].
    pub number: u64,
    /// The entries dealt in, in deal order.
    pub dealt: Vec<Entry>,
    /// Their stacks at the hand's end, in the same order.
    pub final_stacks: Vec<u64>,
    /// [`HandToDeal::round`].
    pub round: Option<u64>,
}

/// What recording a hand decided.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorded {
    /// The hand was recorded before: nothing changed.
    pub already: bool,
    /// The entries it left with no chips, in deal order.
    pub busted: Vec<Entry>,
    /// The places it decided (with late registration closing, those of earlier busts too),
    /// each with its prize, lowest place first.
    pub finishes: Vec<Finish>,
    /// Hand-for-hand began or ended with it.
    pub hand_for_hand_changed: bool,
}

/// What tidying between hands did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tidied {
    pub changes: Vec<SeatChange>,
    /// The tables it closed.
    pub closed: Vec<u32>,
    /// Places decided by late registration closing.
    pub finishes: Vec<Finish>,
}

impl Tidied {
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty() && self.finishes.is_empty()
    }
}

/// Where the event stands, for its message and `/tournament status`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventStatus {
    pub clock: ClockAt,
    pub stakes: Stakes,
    pub game: Game,
    pub entries: usize,
    pub players_left: usize,
    pub average_stack: u64,
    pub largest_stack: u64,
    pub tables: usize,
    pub prize_pool: u64,
    pub places_paid: usize,
    pub registration_open: bool,
    pub hand_for_hand: bool,
}

/// A multi-table event, once started. Read back only whole ([`Event::check`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    settings: EventSettings,
    entries: Vec<EntryOf>,
    field: Field,
    seating: Seating,
    registration_open: bool,
    hand_for_hand: Option<HandForHand>,
    /// Rounds of hand-for-hand played.
    hand_for_hand_rounds: u64,
    /// Players moved to another table (balancing, broken tables, the final table's draw).
    moves: u64,
    /// The most tables in play at once.
    most_tables: usize,
    /// Hands recorded at every table.
    hands: u64,
    seed: u64,
    /// Draws made from the seed.
    draws: u64,
    deal: Option<DealKind>,
    /// The tables playing a hand now, each with its round of hand-for-hand: the caller's,
    /// never stored.
    #[serde(skip)]
    dealing: BTreeMap<u32, Option<u64>>,
}

impl Event {
    /// Starts an event of the players `registered` (each once, at least two), their seats
    /// drawn from `seed`. Late registration stays open if the settings give it.
    pub fn start(
        settings: EventSettings,
        registered: &[UserId],
        seed: u64,
    ) -> Result<Event, EventError> {
        settings.validate()?;
        let count = registered.len();
        if count < 2 {
            return Err(EventError::TooFewEntries(count));
        }
        let mut unique = registered.to_vec();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != count {
            return Err(EventError::AlreadyIn);
        }
        if count > settings.max_entries() {
            return Err(EventError::Full(settings.max_entries()));
        }
        if let Some(table) = &settings.payouts
            && table.places_paid() >= count
        {
            return Err(EventError::MorePlacesThanEntries {
                places: table.places_paid(),
                entries: count,
            });
        }
        let mut field = Field::new();
        let entries: Vec<EntryOf> = registered
            .iter()
            .map(|&user| {
                field.add_entry(settings.structure.starting_stack());
                EntryOf { user, number: 1 }
            })
            .collect();
        let mut event = Event {
            seating: Seating::draw(
                &(0..count).collect::<Vec<_>>(),
                settings.table_size,
                &mut draw_rng(seed, 0),
            ),
            registration_open: true,
            settings,
            entries,
            field,
            hand_for_hand: None,
            hand_for_hand_rounds: 0,
            moves: 0,
            most_tables: 0,
            hands: 0,
            seed,
            draws: 1,
            deal: None,
            dealing: BTreeMap::new(),
        };
        event.most_tables = event.seating.tables().len();
        event.close_registration_if_due(0);
        event.refresh_hand_for_hand();
        Ok(event)
    }

    pub fn settings(&self) -> &EventSettings {
        &self.settings
    }

    pub fn entries(&self) -> &[EntryOf] {
        &self.entries
    }

    pub fn entry(&self, entry: Entry) -> Option<EntryOf> {
        self.entries.get(entry).copied()
    }

    pub fn field(&self) -> &Field {
        &self.field
    }

    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    pub fn registration_open(&self) -> bool {
        self.registration_open
    }

    pub fn hand_for_hand(&self) -> Option<&HandForHand> {
        self.hand_for_hand.as_ref()
    }

    pub fn hand_for_hand_rounds(&self) -> u64 {
        self.hand_for_hand_rounds
    }

    pub fn moves(&self) -> u64 {
        self.moves
    }

    pub fn most_tables(&self) -> usize {
        self.most_tables
    }

    pub fn hands(&self) -> u64 {
        self.hands
    }

    pub fn deal_made(&self) -> Option<DealKind> {
        self.deal
    }

    /// The buy-ins (re-entries included) and the added prize.
    pub fn prize_pool(&self) -> u64 {
        self.settings
            .prize_pool(self.entries.len())
            .unwrap_or(u64::MAX)
    }

    pub fn is_over(&self) -> bool {
        self.field.is_over()
    }

    /// The entry of `user` still in (with chips, or not yet placed... no: with chips).
    pub fn live_entry(&self, user: UserId) -> Option<Entry> {
        (0..self.entries.len())
            .rev()
            .find(|&entry| self.entries[entry].user == user && self.field.stack(entry) > 0)
    }

    /// Every entry of `user`, first first.
    pub fn entries_of(&self, user: UserId) -> Vec<Entry> {
        (0..self.entries.len())
            .filter(|&entry| self.entries[entry].user == user)
            .collect()
    }

    /// A generator for the next draw, from the seed and the draws made.
    fn next_rng(&mut self) -> ChaCha20Rng {
        let rng = draw_rng(self.seed, self.draws);
        self.draws += 1;
        rng
    }

    /// Whether `user` may enter now, and as which of their entries (1 the first).
    pub fn can_enter(&self, user: UserId, clock: u64) -> Result<u32, EventError> {
        if self.is_over() {
            return Err(EventError::Over);
        }
        if !self.registration_open
            || self
                .settings
                .late_registration_end()
                .is_some_and(|end| clock >= end)
        {
            return Err(EventError::RegistrationClosed);
        }
        if self.live_entry(user).is_some() {
            return Err(EventError::AlreadyIn);
        }
        let before = self.entries_of(user).len() as u32;
        if before > self.settings.re_entries {
            return Err(EventError::NoReEntryLeft);
        }
        if self.entries.len() >= self.settings.max_entries() {
            return Err(EventError::Full(self.settings.max_entries()));
        }
        Ok(before + 1)
    }

    /// `user` enters during late registration (a first entry, or a re-entry after going out):
    /// a starting stack at the table with the fewest players, at a chair drawn there (at a new
    /// table when every table is full).
    pub fn enter(&mut self, user: UserId, clock: u64) -> Result<(Entry, SeatChange), EventError> {
        let number = self.can_enter(user, clock)?;
        let entry = self
            .field
            .add_entry(self.settings.structure.starting_stack());
        self.entries.push(EntryOf { user, number });
        let mut rng = self.next_rng();
        let change = self.seating.seat_new(entry, &mut rng);
        self.most_tables = self.most_tables.max(self.seating.tables().len());
        Ok((entry, change))
    }

    /// Closes late registration now if its end has come (`clock` past its last level) or the
    /// players left are no more than the places paid and one table (so that nobody goes out
    /// in the money while the field can still grow): the field is final, and the players out
    /// so far are placed. Returns the places decided.
    pub fn close_registration_if_due(&mut self, clock: u64) -> Vec<Finish> {
        if !self.registration_open {
            return Vec::new();
        }
        let by_clock = self
            .settings
            .late_registration_end()
            .is_some_and(|end| clock >= end);
        let entries = self.entries.len();
        let near_the_money = self.field.players_left()
            <= self.settings.places_paid(entries) + self.settings.table_size;
        if by_clock || near_the_money {
            self.close_registration()
        } else {
            Vec::new()
        }
    }

    /// Closes late registration (at its time, or for a cancel): the field is final.
    pub fn close_registration(&mut self) -> Vec<Finish> {
        if !self.registration_open {
            return Vec::new();
        }
        self.registration_open = false;
        let entries = self.entries.len();
        let prizes = self.settings.prizes(entries).unwrap_or_default();
        let decided = self.field.make_final(prizes, self.hands);
        self.refresh_hand_for_hand();
        decided
    }

    /// Where the clock stands.
    pub fn clock_at(&self, clock: u64) -> ClockAt {
        clock_at(&self.settings.structure, self.settings.breaks, clock)
    }

    fn game_of_level(&self, level: usize) -> Game {
        match self.settings.game.fixed() {
            Some(game) => game,
            None => MIX_ORDER[level % MIX_ORDER.len()],
        }
    }

    fn stakes_of_level(&self, level: usize) -> Stakes {
        let levels = self.settings.structure.levels();
        levels
            .get(level)
            .or(levels.last())
            .map(|level| level.stakes)
            .unwrap_or_default()
    }

    /// The rules of a hand of `game`: the event's, capped unless it is down to two players.
    fn rules_of_hand(&self, game: Game) -> Rules {
        Rules {
            heads_up_uncapped: self.field.players_left() <= 2,
            open_pair_big_bet: self.settings.rules.open_pair_big_bet
                && game.has_open_pair_big_bet(),
            ..self.settings.rules
        }
    }

    /// What table `table` deals now, or why it waits. Changes nothing (see [`Event::deal`]).
    pub fn turn(&self, table: u32, clock: u64) -> Turn {
        if self.is_over() {
            return Turn::Wait(Wait::Over);
        }
        let Some(at_table) = self.seating.table(table) else {
            return Turn::Wait(Wait::NoTable);
        };
        if self.dealing.contains_key(&table) {
            return Turn::Wait(Wait::Dealing);
        }
        let at = self.clock_at(clock);
        if at.on_break {
            return Turn::Wait(Wait::Break {
                until: at.next_change,
            });
        }
        let round = match &self.hand_for_hand {
            // A round under way is played out at every table as seated when it began, a table
            // due to break or the final table's draw included: nobody moves during a round.
            Some(round) if self.round_under_way() => {
                if round.recorded.contains(&table) {
                    return Turn::Wait(Wait::HandForHand);
                }
                Some(round.round)
            }
            // A round begins once every hand begun before it is over and the seats are
            // settled (no table to break, no final table to draw, no table to balance).
            Some(round) => {
                let begun_before = !self.dealing.is_empty();
                if begun_before || !self.seating.settled() {
                    return Turn::Wait(Wait::HandForHand);
                }
                Some(round.round)
            }
            None => {
                if self.seating.final_table_due() {
                    return Turn::Wait(Wait::FinalTable);
                }
                if self.seating.table_to_break() == Some(table) {
                    return Turn::Wait(Wait::Breaking);
                }
                None
            }
        };
        let seats = at_table.deal_order();
        if seats.len() < 2 {
            return Turn::Wait(Wait::Players);
        }
        let game = self.game_of_level(at.level);
        Turn::Deal(Box::new(HandToDeal {
            table,
            number: at_table.hands().saturating_add(1),
            stacks: seats
                .iter()
                .map(|&(_, entry)| self.field.stack(entry))
                .collect(),
            seats,
            game,
            level: at.level,
            stakes: self.stakes_of_level(at.level),
            rules: self.rules_of_hand(game),
            round,
        }))
    }

    /// [`Event::turn`], marking the table as playing the hand it is given (the caller's mark,
    /// cleared when the hand is recorded or [`Event::abandon`]ed).
    pub fn deal(&mut self, table: u32, clock: u64) -> Turn {
        let turn = self.turn(table, clock);
        if let Turn::Deal(hand) = &turn {
            self.dealing.insert(table, hand.round);
        }
        turn
    }

    /// The hand table `table` was dealing will not be recorded (the table stopped): it deals
    /// it again from its start.
    pub fn abandon(&mut self, table: u32) {
        self.dealing.remove(&table);
    }

    /// Whether a round of hand-for-hand is under way: a table is dealing its hand, has
    /// finished it, or a player is out in it.
    pub fn round_under_way(&self) -> bool {
        self.hand_for_hand.as_ref().is_some_and(|round| {
            round.recorded_any()
                || self
                    .dealing
                    .values()
                    .any(|dealt| *dealt == Some(round.round))
        })
    }

    /// The tables playing a hand now (the caller's marks).
    pub fn tables_dealing(&self) -> impl Iterator<Item = u32> + '_ {
        self.dealing.keys().copied()
    }

    /// Between hands of the tables `idle` (every table between hands when `all_idle`): closes
    /// late registration if due, breaks the table due to break if it is idle, draws the final
    /// table when it is due and every table is idle, and balances from each idle table. No one
    /// moves during a round of hand-for-hand.
    pub fn tidy(&mut self, idle: &[u32], all_idle: bool, clock: u64) -> Tidied {
        let mut tidied = Tidied::default();
        if self.is_over() {
            return tidied;
        }
        tidied.finishes = self.close_registration_if_due(clock);
        if self.round_under_way() {
            return tidied;
        }
        let open_before = self.seating.numbers();
        let all_tables;
        let idle = if all_idle {
            all_tables = open_before.clone();
            &all_tables
        } else {
            idle
        };
        loop {
            if self.seating.final_table_due() {
                if all_idle {
                    let mut rng = self.next_rng();
                    tidied
                        .changes
                        .extend(self.seating.draw_final_table(&mut rng));
                }
                break;
            }
            match self.seating.table_to_break() {
                Some(breaking) if idle.contains(&breaking) => {
                    let mut rng = self.next_rng();
                    match self.seating.break_table(breaking, &mut rng) {
                        Some(broken) => tidied.changes.push(broken),
                        None => break,
                    }
                }
                _ => break,
            }
        }
        loop {
            let mut moved = false;
            for &table in idle {
                let balanced = self.seating.balance_from(table);
                moved |= !balanced.is_empty();
                tidied.changes.extend(balanced);
            }
            if !moved {
                break;
            }
        }
        for change in &tidied.changes {
            tidied.closed.extend(change.tables_closed(&open_before));
            self.moves += change
                .moves()
                .iter()
                .filter(|moved| moved.from.is_some_and(|(from, _)| from != moved.to.0))
                .count() as u64;
        }
        for closed in &tidied.closed {
            self.dealing.remove(closed);
        }
        self.refresh_hand_for_hand();
        tidied
    }

    /// Records the hand `hand` describes: the stacks its players ended with, the chairs of
    /// those with none opening, their places decided now (with the prizes of those places) or,
    /// during late registration, when it closes; in hand-for-hand, once the round is over.
    /// A hand recorded before is answered `already` with nothing changed; one out of turn, or
    /// whose players or chips do not fit the table, is refused, changing nothing.
    pub fn record_hand(&mut self, hand: &HandResult, clock: u64) -> Result<Recorded, EventError> {
        if self.is_over() {
            return Err(EventError::Over);
        }
        let Some(table) = self.seating.table(hand.table) else {
            return Err(EventError::NoSuchTable(hand.table));
        };
        let next = table.hands().saturating_add(1);
        if hand.number < next {
            return Ok(Recorded {
                already: true,
                ..Recorded::default()
            });
        }
        if hand.number > next {
            return Err(EventError::HandOutOfTurn {
                table: hand.table,
                hand: hand.number,
                next,
            });
        }
        let refuse = |why: &str| EventError::HandRefused {
            table: hand.table,
            why: why.to_string(),
        };
        if hand.dealt.len() < 2 || hand.dealt.len() != hand.final_stacks.len() {
            return Err(refuse("players and stacks do not match"));
        }
        let mut chairs = Vec::with_capacity(hand.dealt.len());
        for &entry in &hand.dealt {
            let chair = table
                .chair_of(entry)
                .ok_or_else(|| refuse("a player not seated"))?;
            if chairs.contains(&chair) {
                return Err(refuse("a player dealt twice"));
            }
            chairs.push(chair);
        }
        let before: Vec<u64> = hand.dealt.iter().map(|&e| self.field.stack(e)).collect();
        if before.contains(&0) {
            return Err(refuse("a player out was dealt"));
        }
        let sum = |stacks: &[u64]| {
            stacks
                .iter()
                .try_fold(0u64, |sum, &stack| sum.checked_add(stack))
        };
        if sum(&before).is_none() || sum(&before) != sum(&hand.final_stacks) {
            return Err(refuse("chips appeared or vanished"));
        }
        let first_chair = chairs[0];
        let mut busted = Vec::new();
        let mut group = Vec::new();
        for (index, &entry) in hand.dealt.iter().enumerate() {
            self.field.set_stack(entry, hand.final_stacks[index]);
            if hand.final_stacks[index] == 0 {
                busted.push(entry);
                group.push((entry, before[index]));
            }
        }
        self.seating.hand_played(hand.table, first_chair, &busted);
        self.hands = self.hands.saturating_add(1);
        self.dealing.remove(&hand.table);
        let was_hand_for_hand = self.hand_for_hand.is_some();
        let mut finishes = Vec::new();
        match (&mut self.hand_for_hand, hand.round) {
            (Some(round), Some(number)) if round.round == number => {
                if !round.recorded.contains(&hand.table) {
                    round.recorded.push(hand.table);
                }
                round.busts.extend(group);
                finishes.extend(self.end_round_if_over());
            }
            _ => finishes.extend(self.field.out(group, self.hands)),
        }
        finishes.extend(self.close_registration_if_due(clock));
        self.refresh_hand_for_hand();
        Ok(Recorded {
            already: false,
            busted,
            finishes,
            hand_for_hand_changed: was_hand_for_hand != self.hand_for_hand.is_some(),
        })
    }

    /// Ends the round of hand-for-hand once every table has played it (or cannot, with fewer
    /// than two players): its players out are placed together.
    fn end_round_if_over(&mut self) -> Vec<Finish> {
        let Some(round) = &mut self.hand_for_hand else {
            return Vec::new();
        };
        let over = self
            .seating
            .tables()
            .iter()
            .all(|table| round.recorded.contains(&table.number) || table.players() < 2);
        if !over {
            return Vec::new();
        }
        let busts = std::mem::take(&mut round.busts);
        round.recorded.clear();
        round.round += 1;
        self.hand_for_hand_rounds += 1;
        self.field.out(busts, self.hands)
    }

    /// Hand-for-hand begins when the next player out is the bubble (the field final, more
    /// than one table) and ends between rounds once it is not.
    fn refresh_hand_for_hand(&mut self) {
        let paid = self.settings.places_paid(self.entries.len());
        let wanted = self.field.is_final()
            && !self.field.is_over()
            && self.seating.tables().len() > 1
            && self.field.players_left() == paid + 1;
        match &self.hand_for_hand {
            None if wanted => {
                self.hand_for_hand = Some(HandForHand {
                    round: self.hand_for_hand_rounds + 1,
                    recorded: Vec::new(),
                    busts: Vec::new(),
                });
            }
            Some(_) if !wanted && !self.round_under_way() => self.hand_for_hand = None,
            _ => {}
        }
    }

    /// How a cancel divides the prize pool now: every buy-in back while nobody is out, else
    /// (late registration closed first, its places paid) the prizes not yet won among the
    /// players left. `None` once over.
    pub fn cancel(&mut self) -> Option<(CancelDivision, Vec<Finish>)> {
        if self.is_over() {
            return None;
        }
        match self.field.cancel_division()? {
            CancelDivision::Refund => Some((CancelDivision::Refund, Vec::new())),
            CancelDivision::Shares(_) => {
                let decided = self.close_registration();
                self.field
                    .cancel_division()
                    .map(|division| (division, decided))
            }
        }
    }

    /// What a deal of `kind` would pay each player left, by entry.
    pub fn deal_amounts(&self, kind: DealKind) -> Result<Vec<(Entry, u64)>, DealError> {
        self.field.deal_amounts(kind)
    }

    /// Ends the event with a deal of `kind` among the players left (two to four, the field
    /// final): each is paid the deal's amount and placed by chips.
    pub fn end_by_deal(&mut self, kind: DealKind) -> Result<Vec<Finish>, DealError> {
        let decided = self.field.end_by_deal(kind, self.hands)?;
        self.deal = Some(kind);
        Ok(decided)
    }

    /// The places decided whose prizes are not yet paid, in the order decided.
    pub fn prizes_due(&self) -> Vec<Finish> {
        self.field.prizes_due()
    }

    /// The prizes due were paid (by the bank, in the transaction that decided them).
    pub fn mark_prizes_paid(&mut self) {
        self.field.mark_prizes_paid();
    }

    /// Every entry's place and prize once over, first place first (a shared place by entry).
    pub fn payouts(&self) -> Option<Vec<Payout>> {
        if !self.is_over() {
            return None;
        }
        let mut payouts: Vec<Payout> = self
            .field
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

    /// Where the event stands at `clock`.
    pub fn status(&self, clock: u64) -> EventStatus {
        let at = self.clock_at(clock);
        let left = self.field.players_left();
        let chips: u64 = self.field.stacks().iter().sum();
        EventStatus {
            clock: at,
            stakes: self.stakes_of_level(at.level),
            game: self.game_of_level(at.level),
            entries: self.entries.len(),
            players_left: left,
            average_stack: chips.checked_div(left as u64).unwrap_or(0),
            largest_stack: self.field.stacks().iter().copied().max().unwrap_or(0),
            tables: self.seating.tables().len(),
            prize_pool: self.prize_pool(),
            places_paid: self.settings.places_paid(self.entries.len()),
            registration_open: self.registration_open,
            hand_for_hand: self.hand_for_hand.is_some(),
        }
    }

    /// Checks an event read back whole: its settings valid, its entries each with chips seated
    /// once and no one seated without chips, its chips all the starting stacks, its field and
    /// tables consistent.
    pub fn check(&self) -> Result<(), String> {
        self.settings
            .validate()
            .map_err(|error| error.to_string())?;
        let entries = self.entries.len();
        if self.field.entries() != entries || entries < 2 {
            return Err(format!(
                "{} stacks for {entries} entries",
                self.field.entries()
            ));
        }
        self.seating.check(entries)?;
        if self.seating.table_size() != self.settings.table_size {
            return Err("tables of another size than its settings".into());
        }
        let over = self.is_over();
        for entry in 0..entries {
            let seated = self.seating.find(entry).is_some();
            let has_chips = self.field.stack(entry) > 0;
            if seated != has_chips && !(over && has_chips) {
                return Err(format!(
                    "entry {entry} seated: {seated}, with chips: {has_chips}"
                ));
            }
        }
        let chips = self
            .field
            .stacks()
            .iter()
            .try_fold(0u64, |sum, &stack| sum.checked_add(stack));
        let dealt = (entries as u64).checked_mul(self.settings.structure.starting_stack());
        if chips.is_none() || chips != dealt {
            return Err(format!(
                "chips {chips:?} where the entries were given {dealt:?}"
            ));
        }
        self.field.check(self.prize_pool(), self.deal.is_some())?;
        if self.registration_open == self.field.is_final() {
            return Err("registration open with the field final, or closed without".into());
        }
        if let Some(round) = &self.hand_for_hand
            && round
                .recorded
                .iter()
                .any(|table| self.seating.table(*table).is_none())
        {
            return Err("hand-for-hand recorded a table not in play".into());
        }
        Ok(())
    }
}

/// The generator of draw `draw` of an event seeded with `seed`.
fn draw_rng(seed: u64, draw: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed ^ draw.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}
