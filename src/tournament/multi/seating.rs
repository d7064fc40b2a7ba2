//! The tables of a multi-table event and who sits where: the draw at the start (every table
//! as full as another, give or take one, each player in a chair drawn at random), the first
//! chair dealt moving one chair to the left each hand past empty chairs, and the moves the
//! TDA's rules make (docs/TOURNAMENTS.md, "Multi-table events"):
//!
//! - balancing: a table with two or more players more than another gives one player to the
//!   shortest table (the lowest numbered of equals), namely the player who would be dealt last
//!   in its next hand, who takes the chair of the short table that opened last; only the
//!   biggest tables give, and only between their hands;
//! - breaking: when the players left fit in one table fewer, the highest-numbered table breaks
//!   once its hand is over, each of its players going to the table with the fewest players at
//!   a chair drawn there;
//! - the final table: when the players left fit in one table, they are all drawn at random
//!   into the chairs of the lowest-numbered table.
//!
//! Pure: randomness comes in as a generator the caller seeded.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use serde::{Deserialize, Serialize};

/// An entry of the event (a buy-in or re-entry), by its index.
pub type Entry = usize;

/// One table of the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventTable {
    /// From 1, never reused.
    pub number: u32,
    chairs: Vec<Option<Entry>>,
    /// The chair the next hand's deal starts from (the first occupied chair at or left of it).
    first_chair: usize,
    /// Empty chairs in the order they opened: the last opened last.
    opened: Vec<usize>,
    /// Hands played at this table.
    hands: u64,
}

impl EventTable {
    fn new(number: u32, size: usize) -> EventTable {
        EventTable {
            number,
            chairs: vec![None; size],
            first_chair: 0,
            opened: Vec::new(),
            hands: 0,
        }
    }

    pub fn size(&self) -> usize {
        self.chairs.len()
    }

    /// Players seated (those who arrived since the last hand included).
    pub fn players(&self) -> usize {
        self.chairs.iter().flatten().count()
    }

    pub fn hands(&self) -> u64 {
        self.hands
    }

    /// Each occupied chair with its entry, by chair.
    pub fn seated(&self) -> impl Iterator<Item = (usize, Entry)> + '_ {
        self.chairs
            .iter()
            .enumerate()
            .filter_map(|(chair, entry)| entry.map(|entry| (chair, entry)))
    }

    pub fn entry_at(&self, chair: usize) -> Option<Entry> {
        self.chairs.get(chair).copied().flatten()
    }

    pub fn chair_of(&self, entry: Entry) -> Option<usize> {
        self.chairs.iter().position(|&seated| seated == Some(entry))
    }

    /// The seated players in the next hand's deal order: the first occupied chair at or left
    /// of the first chair, then each occupied chair to its left.
    pub fn deal_order(&self) -> Vec<(usize, Entry)> {
        let size = self.size();
        (0..size)
            .map(|step| (self.first_chair + step) % size)
            .filter_map(|chair| self.chairs[chair].map(|entry| (chair, entry)))
            .collect()
    }

    /// The player dealt last in the next hand.
    fn last_to_deal(&self) -> Option<(usize, Entry)> {
        self.deal_order().last().copied()
    }

    /// The empty chair that opened last.
    fn last_opened(&self) -> Option<usize> {
        self.opened
            .iter()
            .rev()
            .copied()
            .find(|&chair| self.chairs.get(chair).is_some_and(Option::is_none))
    }

    fn seat(&mut self, chair: usize, entry: Entry) {
        self.chairs[chair] = Some(entry);
        self.opened.retain(|&opened| opened != chair);
    }

    fn unseat(&mut self, chair: usize) -> Option<Entry> {
        let entry = self.chairs.get_mut(chair)?.take()?;
        self.opened.retain(|&opened| opened != chair);
        self.opened.push(chair);
        Some(entry)
    }

    /// A hand whose deal began at `first_chair` was played: the next deal starts one chair to
    /// its left.
    fn hand_played(&mut self, first_chair: usize) {
        self.hands = self.hands.saturating_add(1);
        self.first_chair = (first_chair + 1) % self.size();
    }

    /// An empty chair drawn at random.
    fn drawn_empty_chair(&self, rng: &mut impl Rng) -> Option<usize> {
        let empty: Vec<usize> = (0..self.size())
            .filter(|&chair| self.chairs[chair].is_none())
            .collect();
        empty.choose(rng).copied()
    }

    /// Checks a table read back: chairs of its size, the first chair and opened chairs among
    /// them.
    fn check(&self, size: usize) -> Result<(), String> {
        if self.chairs.len() != size || self.first_chair >= size {
            return Err(format!("table {} has chairs unlike its size", self.number));
        }
        if self.opened.iter().any(|&chair| chair >= size) {
            return Err(format!("table {} opened a chair it has not", self.number));
        }
        Ok(())
    }
}

/// A player seated somewhere new, and where from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub entry: Entry,
    /// `None`: a new entry (a late registration or a re-entry) takes its first seat.
    pub from: Option<(u32, usize)>,
    pub to: (u32, usize),
}

/// Why the seats changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatChange {
    /// Balancing moved a player from the biggest table to a short one.
    Balanced(Move),
    /// A table broke; its players went to the tables named.
    Broken { table: u32, moves: Vec<Move> },
    /// The final table was drawn: everyone left at a new chair of `table`, the other tables
    /// gone.
    FinalTable { table: u32, moves: Vec<Move> },
    /// A new entry took a seat (at a new table when every table was full).
    Seated { moved: Move, new_table: bool },
}

impl SeatChange {
    /// Every player it seated somewhere new.
    pub fn moves(&self) -> Vec<Move> {
        match self {
            SeatChange::Balanced(moved) | SeatChange::Seated { moved, .. } => vec![*moved],
            SeatChange::Broken { moves, .. } | SeatChange::FinalTable { moves, .. } => {
                moves.clone()
            }
        }
    }

    /// The tables it closed.
    pub fn tables_closed(&self, open_before: &[u32]) -> Vec<u32> {
        match self {
            SeatChange::Broken { table, .. } => vec![*table],
            SeatChange::FinalTable { table, .. } => open_before
                .iter()
                .copied()
                .filter(|number| number != table)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Every table of the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    table_size: usize,
    /// By number.
    tables: Vec<EventTable>,
    next_number: u32,
}

impl Seating {
    /// The start's draw: `entries` in a random order dealt round the fewest tables of
    /// `table_size` that hold them (so no two tables differ by more than one player), each at
    /// a chair drawn at random; a table's other chairs open in a random order.
    pub fn draw(entries: &[Entry], table_size: usize, rng: &mut impl Rng) -> Seating {
        let count = entries.len().div_ceil(table_size).max(1);
        let mut order = entries.to_vec();
        order.shuffle(rng);
        let mut tables: Vec<EventTable> = (1..=count)
            .map(|number| EventTable::new(number as u32, table_size))
            .collect();
        for (index, table) in tables.iter_mut().enumerate() {
            let players: Vec<Entry> = order.iter().skip(index).step_by(count).copied().collect();
            let mut chairs: Vec<usize> = (0..table_size).collect();
            chairs.shuffle(rng);
            for (&chair, &entry) in chairs.iter().zip(&players) {
                table.chairs[chair] = Some(entry);
            }
            table.opened = chairs[players.len()..].to_vec();
            // The first hand's deal starts from the lowest chair, as a sit & go's does.
            table.first_chair = 0;
        }
        Seating {
            table_size,
            tables,
            next_number: count as u32 + 1,
        }
    }

    pub fn table_size(&self) -> usize {
        self.table_size
    }

    /// The tables in play, by number.
    pub fn tables(&self) -> &[EventTable] {
        &self.tables
    }

    pub fn table(&self, number: u32) -> Option<&EventTable> {
        self.tables.iter().find(|table| table.number == number)
    }

    fn table_mut(&mut self, number: u32) -> Option<&mut EventTable> {
        self.tables.iter_mut().find(|table| table.number == number)
    }

    pub fn numbers(&self) -> Vec<u32> {
        self.tables.iter().map(|table| table.number).collect()
    }

    /// Where `entry` sits: its table and chair.
    pub fn find(&self, entry: Entry) -> Option<(u32, usize)> {
        self.tables
            .iter()
            .find_map(|table| table.chair_of(entry).map(|chair| (table.number, chair)))
    }

    pub fn players(&self) -> usize {
        self.tables.iter().map(EventTable::players).sum()
    }

    /// The most and fewest players at a table.
    pub fn spread(&self) -> usize {
        let counts = self.tables.iter().map(EventTable::players);
        counts.clone().max().unwrap_or(0) - counts.min().unwrap_or(0)
    }

    /// Tables the players left need.
    fn tables_needed(&self) -> usize {
        self.players().div_ceil(self.table_size).max(1)
    }

    /// The table that breaks next, when the players left fit in one table fewer and more
    /// than one table is left: the highest numbered.
    pub fn table_to_break(&self) -> Option<u32> {
        let needed = self.tables_needed();
        (needed > 1 && needed < self.tables.len())
            .then(|| self.tables.last().map(|table| table.number))
            .flatten()
    }

    /// Whether nobody is due to move: no table to break, no final table to draw, no two tables
    /// two players apart.
    pub fn settled(&self) -> bool {
        self.table_to_break().is_none() && !self.final_table_due() && self.spread() <= 1
    }

    /// Whether the players left fit at one table while more than one is in play.
    pub fn final_table_due(&self) -> bool {
        self.tables.len() > 1 && self.tables_needed() == 1
    }

    /// A hand of `table` was played, its deal begun at `first_chair`, and `busted` left with
    /// no chips: their chairs open (in the order given) and the next deal starts one chair to
    /// the left.
    pub fn hand_played(&mut self, table: u32, first_chair: usize, busted: &[Entry]) {
        if let Some(table) = self.table_mut(table) {
            for &entry in busted {
                if let Some(chair) = table.chair_of(entry) {
                    table.unseat(chair);
                }
            }
            table.hand_played(first_chair);
        }
    }

    /// Balancing from `from` (between its hands): while it is a biggest table with two or more
    /// players more than the shortest, its player dealt last next moves to the shortest
    /// table's chair that opened last. None while a table is to break.
    pub fn balance_from(&mut self, from: u32) -> Vec<SeatChange> {
        let mut changes = Vec::new();
        if self.table_to_break().is_some() || self.final_table_due() {
            return changes;
        }
        loop {
            let most = self
                .tables
                .iter()
                .map(EventTable::players)
                .max()
                .unwrap_or(0);
            let Some(giver) = self.table(from) else {
                break;
            };
            let Some(short) = self
                .tables
                .iter()
                .min_by_key(|table| (table.players(), table.number))
            else {
                break;
            };
            if giver.players() != most || giver.players() < short.players() + 2 {
                break;
            }
            let (to_table, to_chair) = match short.last_opened() {
                Some(chair) => (short.number, chair),
                None => break,
            };
            let Some((from_chair, entry)) = giver.last_to_deal() else {
                break;
            };
            if let Some(giver) = self.table_mut(from) {
                giver.unseat(from_chair);
            }
            if let Some(short) = self.table_mut(to_table) {
                short.seat(to_chair, entry);
            }
            changes.push(SeatChange::Balanced(Move {
                entry,
                from: Some((from, from_chair)),
                to: (to_table, to_chair),
            }));
        }
        changes
    }

    /// Breaks table `number` (between its hands): each of its players, in its deal order, goes
    /// to the table with the fewest players (the lowest numbered of equals), at a chair drawn
    /// there.
    pub fn break_table(&mut self, number: u32, rng: &mut impl Rng) -> Option<SeatChange> {
        let index = self
            .tables
            .iter()
            .position(|table| table.number == number)?;
        let broken = self.tables.remove(index);
        let mut moves = Vec::new();
        for (chair, entry) in broken.deal_order() {
            let target = self
                .tables
                .iter_mut()
                .filter(|table| table.players() < table.size())
                .min_by_key(|table| (table.players(), table.number))?;
            let to_chair = target.drawn_empty_chair(rng)?;
            target.seat(to_chair, entry);
            moves.push(Move {
                entry,
                from: Some((number, chair)),
                to: (target.number, to_chair),
            });
        }
        Some(SeatChange::Broken {
            table: number,
            moves,
        })
    }

    /// Draws the final table (every table between hands): every player left at a chair drawn
    /// at random of the lowest-numbered table; the others close.
    pub fn draw_final_table(&mut self, rng: &mut impl Rng) -> Option<SeatChange> {
        let keep = self.tables.first()?.number;
        let mut players: Vec<(u32, usize, Entry)> = self
            .tables
            .iter()
            .flat_map(|table| {
                table
                    .seated()
                    .map(move |(chair, entry)| (table.number, chair, entry))
            })
            .collect();
        if players.len() > self.table_size {
            return None;
        }
        players.sort_by_key(|&(_, _, entry)| entry);
        let mut chairs: Vec<usize> = (0..self.table_size).collect();
        chairs.shuffle(rng);
        let mut table = EventTable::new(keep, self.table_size);
        table.hands = self.tables[0].hands;
        let mut moves = Vec::new();
        for (index, &(from_table, from_chair, entry)) in players.iter().enumerate() {
            let chair = chairs[index];
            table.chairs[chair] = Some(entry);
            moves.push(Move {
                entry,
                from: Some((from_table, from_chair)),
                to: (keep, chair),
            });
        }
        table.opened = chairs[players.len()..].to_vec();
        self.tables = vec![table];
        Some(SeatChange::FinalTable { table: keep, moves })
    }

    /// Seats a new entry at the table with the fewest players (the lowest numbered of equals)
    /// at a chair drawn there; when every table is full, at a new table.
    pub fn seat_new(&mut self, entry: Entry, rng: &mut impl Rng) -> SeatChange {
        let open = self
            .tables
            .iter()
            .enumerate()
            .filter(|(_, table)| table.players() < table.size())
            .min_by_key(|(_, table)| (table.players(), table.number))
            .map(|(index, _)| index);
        let (index, new_table) = match open {
            Some(index) => (index, false),
            None => {
                let number = self.next_number;
                self.next_number += 1;
                let mut table = EventTable::new(number, self.table_size);
                let mut chairs: Vec<usize> = (0..self.table_size).collect();
                chairs.shuffle(rng);
                table.opened = chairs;
                self.tables.push(table);
                (self.tables.len() - 1, true)
            }
        };
        let table = &mut self.tables[index];
        let chair = table.drawn_empty_chair(rng).unwrap_or(0);
        table.seat(chair, entry);
        SeatChange::Seated {
            moved: Move {
                entry,
                from: None,
                to: (table.number, chair),
            },
            new_table,
        }
    }

    /// Checks a seating read back: tables of its size numbered in order below the next
    /// number, no entry seated twice, and every seated entry among `entries`.
    pub fn check(&self, entries: usize) -> Result<(), String> {
        if !crate::tournament::PLAYERS.contains(&self.table_size) {
            return Err(format!("tables of {}", self.table_size));
        }
        let mut seen = vec![false; entries];
        let mut last = 0;
        for table in &self.tables {
            table.check(self.table_size)?;
            if table.number <= last || table.number >= self.next_number {
                return Err(format!("table {} out of order", table.number));
            }
            last = table.number;
            for (_, entry) in table.seated() {
                match seen.get_mut(entry) {
                    Some(seen @ false) => *seen = true,
                    _ => return Err(format!("entry {entry} seated twice or unknown")),
                }
            }
        }
        Ok(())
    }
}
