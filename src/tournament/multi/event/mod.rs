//! A multi-table event from its start to its end (RULES.md "Tournaments", docs/TOURNAMENTS.md
//! "Multi-table events"): its entries, field, tables, late registration and re-entries, each
//! table's next hand on the clock, hand-for-hand on the bubble, and a cancel's or a deal's
//! division.
//!
//! What changes the event is a call the bank can repeat on its own copy to the same effect:
//! [`Event::start`], [`Event::enter`], [`Event::tidy`], [`Event::record_hand`],
//! [`Event::close_registration`], [`Event::cancel`], [`Event::end_by_deal`] (a property test
//! keeps a copy that never deals beside the event and finds them equal after every call).
//! What only the caller knows (which tables are playing a hand now) it tells
//! [`Event::tidy`] and keeps in [`Event::deal`]'s marks, which are not part of the record:
//! after a restart no hand is being played, and every table deals its cut-short hand again.
//!
//! Hand-for-hand: when the players left are one more than the places paid (the next player
//! out is the bubble) and more than one table is in play, every table plays one hand of each
//! round and waits for the others to finish theirs; the players out in a round take their
//! places together once it is over, by their stacks at the start of their hands. No one moves
//! during a round. It ends between rounds once the bubble has burst.

mod play;

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::clock::ClockAt;
use super::field::Field;
use super::hands::HandForHand;
use super::seating::{Entry, EventTable, SeatChange, Seating};
use super::settings::{EventError, EventSettings};
use crate::ids::UserId;
use crate::table::{Game, Stakes};
use crate::tournament::{CancelDivision, DealError, DealKind, Finish, Payout};

/// Who an entry is: the player, and which of their entries (1 the first, 2 the first
/// re-entry, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryOf {
    pub user: UserId,
    pub number: u32,
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
    dealing: DealingMarks,
}

/// The tables playing a hand now, each with its round of hand-for-hand: the caller's marks,
/// not part of the event's record, so two events with the same record are equal whatever
/// their marks.
#[derive(Debug, Clone, Default)]
struct DealingMarks(BTreeMap<u32, Option<u64>>);

impl PartialEq for DealingMarks {
    fn eq(&self, _: &DealingMarks) -> bool {
        true
    }
}

impl Eq for DealingMarks {}

impl std::ops::Deref for DealingMarks {
    type Target = BTreeMap<u32, Option<u64>>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for DealingMarks {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
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
            dealing: DealingMarks::default(),
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

    /// The entry of `user` still in: the one with chips.
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
    /// money is one hand away: one hand at the biggest table could put all but one of its
    /// players out, and would then leave the bubble or less. So nobody goes out in the money
    /// while the field can still grow (every paid place is paid at its bust), and the bubble
    /// is played hand-for-hand. The field is then final, and the players out so far are
    /// placed. Returns the places decided.
    pub fn close_registration_if_due(&mut self, clock: u64) -> Vec<Finish> {
        if !self.registration_open {
            return Vec::new();
        }
        let by_clock = self
            .settings
            .late_registration_end()
            .is_some_and(|end| clock >= end);
        let entries = self.entries.len();
        let biggest = self
            .seating
            .tables()
            .iter()
            .map(EventTable::players)
            .max()
            .unwrap_or(0);
        let near_the_money = self
            .field
            .players_left()
            .saturating_sub(biggest.saturating_sub(1))
            <= self.settings.places_paid(entries) + 1;
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
        if let Some(round) = &self.hand_for_hand {
            let placed: Vec<Entry> = self.field.finishes().iter().map(|f| f.seat).collect();
            for &(entry, _) in &round.busts {
                if entry >= entries || self.field.stack(entry) != 0 || placed.contains(&entry) {
                    return Err(format!(
                        "hand-for-hand holds entry {entry} out twice or with chips"
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The generator of draw `draw` of an event seeded with `seed`.
fn draw_rng(seed: u64, draw: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed ^ draw.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}
