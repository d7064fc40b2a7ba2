//! The rank table: for every multiset of up to seven ranks, the best high without a flush and
//! the best eight-or-better low, found by a perfect hash of an additive rank key. Also the
//! key itself: what each card adds, and the bits that say the key alone cannot answer.

use std::num::NonZeroU32;

use super::high::HighValue;
use super::low::LowValue;
#[cfg(test)]
use super::{high_bits::high_of_bits, low::low_of_bits};
use crate::table::card::Card;

/// Per-rank additive keys, deuce first: the rank multipliers of the OMPEval evaluator
/// (github.com/zekyll/OMPEval, MIT licence), chosen so that every multiset of up to seven
/// ranks, at most four of each, sums to a different key below 2^25.
const RANK_KEYS: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068,
    0x48c0e4, 0x48f211, 0x494493,
];

/// Layout of a card key: the rank key in bits 0..32, a 4-bit count per suit in bits
/// 32..48, the number of cards in bits 52..64 (bits 48..52 absorb the carries of suit counts
/// that overflow when a set holds more than seven cards, which the key then does not serve).
const SUIT_COUNTS_SHIFT: u32 = 32;
const CARD_COUNT_SHIFT: u32 = 52;
/// Every suit count starts at 3, so that a fifth card of a suit sets the count's bit 3.
pub(super) const EMPTY_KEY: u64 = 0x3333 << SUIT_COUNTS_SHIFT;
const FIVE_OF_A_SUIT: u64 = 0x8888 << SUIT_COUNTS_SHIFT;
/// The most cards whose key stays exact (suit counts fit their 4 bits, the rank table
/// covers them).
pub(super) const MAX_KEYED_CARDS: u64 = 7;

/// The key each card adds, indexed by `rank value * 4 + suit` (entries 0..8 unused): one
/// shift and one OR from the card's two bytes.
static CARD_KEYS: [u64; 60] = {
    let mut keys = [0u64; 60];
    let mut index = 8;
    while index < 60 {
        let rank = index / 4 - 2;
        let suit = index % 4;
        keys[index] = RANK_KEYS[rank] as u64
            | (1 << (SUIT_COUNTS_SHIFT + 4 * suit as u32))
            | (1 << CARD_COUNT_SHIFT);
        index += 1;
    }
    keys
};

#[inline]
pub(super) fn card_key(card: Card) -> u64 {
    CARD_KEYS[usize::from(card.rank.value() << 2 | card.suit.index())]
}

/// For every multiset of up to seven ranks: the best high WITHOUT flushes (bits 0..24, a
/// [`HighValue`]) and the best low (bits 24..32, a [`LowValue`] or 0), both of which depend
/// only on the ranks. Stored by row displacement, OMPEval's perfect hash for these rank keys:
/// the key's top bits name a row, each row has an offset that lays its columns (the key's low
/// 12 bits) into free slots of one shared array. A look-up is a shift, two loads and an add,
/// with no multiplication (a hash-and-displace table with pilots took three).
///
/// The table is built by [`build_rank_table`] from the evaluator's own rules and committed as
/// two little-endian files decoded at compile time: building it at start-up cost every
/// `studbot equity` process about 17 ms, more than the enumeration of a whole fifth-street
/// spot. The test `the_committed_rank_table_is_the_one_the_rules_build` rebuilds it and
/// compares; `STUDBOT_WRITE_RANK_TABLE=1 cargo test --lib rank_table` writes it anew.
struct RankTable {
    row_offsets: &'static [u32; ROWS],
    entries: &'static [u32; SLOTS],
}

const OFFSETS_BYTES: &[u8] = include_bytes!("rank_table/row_offsets.bin");
const ENTRIES_BYTES: &[u8] = include_bytes!("rank_table/entries.bin");
static RANK_ROW_OFFSETS: [u32; ROWS] = decode_u32(OFFSETS_BYTES);
static RANK_ENTRIES: [u32; SLOTS] = decode_u32(ENTRIES_BYTES);
static RANK_TABLE: RankTable = RankTable {
    row_offsets: &RANK_ROW_OFFSETS,
    entries: &RANK_ENTRIES,
};

const fn decode_u32<const N: usize>(bytes: &[u8]) -> [u32; N] {
    assert!(
        bytes.len() == 4 * N,
        "the committed rank table has the wrong size"
    );
    let mut out = [0u32; N];
    let mut index = 0;
    while index < N {
        let at = 4 * index;
        out[index] = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        index += 1;
    }
    out
}

const ENTRY_HIGH: u32 = 0xFF_FFFF;
const ENTRY_LOW_SHIFT: u32 = 24;
/// A rank key is below 2^25: 2^13 rows of 2^12 columns.
const ROW_SHIFT: u32 = 12;
const COLUMNS: u32 = (1 << ROW_SHIFT) - 1;
const ROWS: usize = 1 << (25 - ROW_SHIFT);
/// As many slots as the committed table holds (76,155 multisets, a few gaps between them).
const SLOTS: usize = ENTRIES_BYTES.len() / 4;

impl RankTable {
    #[inline]
    fn entry(&self, rank_key: u32) -> u32 {
        let row = (rank_key >> ROW_SHIFT) as usize;
        let offset = self.row_offsets.get(row).copied().unwrap_or(0);
        let slot = (offset + (rank_key & COLUMNS)) as usize;
        self.entries.get(slot).copied().unwrap_or(0)
    }
}

/// Every multiset of up to seven ranks, as (rank key, cards without a flush).
#[cfg(test)]
fn rank_multisets() -> Vec<(u32, u64)> {
    fn extend(
        rank: usize,
        cards_left: u32,
        key: u32,
        bits: u64,
        suit: u32,
        out: &mut Vec<(u32, u64)>,
    ) {
        if rank == RANK_KEYS.len() {
            out.push((key, bits));
            return;
        }
        for count in 0..=cards_left.min(4) {
            let mut with = bits;
            // Suits go round-robin over the whole hand, so no suit gets a third card, and
            // never twice the same suit within a rank.
            for i in 0..count {
                with |= 1 << (((suit + i) % 4) * 16 + rank as u32);
            }
            extend(
                rank + 1,
                cards_left - count,
                key + count * RANK_KEYS[rank],
                with,
                (suit + count) % 4,
                out,
            );
        }
    }
    let mut out = Vec::with_capacity(80_000);
    extend(0, MAX_KEYED_CARDS as u32, 0, 0, 0, &mut out);
    out
}

/// The rank table's row offsets and entries, built from [`high_of_bits`] and [`low_of_bits`]:
/// the fullest rows first, each at the first offset where all its columns find free slots.
#[cfg(test)]
fn build_rank_table() -> (Vec<u32>, Vec<u32>) {
    let mut rows: Vec<Vec<(usize, u32)>> = vec![Vec::new(); ROWS];
    for (key, bits) in rank_multisets() {
        let low = low_of_bits(bits).map_or(0, |low| low.0.get());
        let entry = high_of_bits(bits).0 | (low << ENTRY_LOW_SHIFT);
        rows[(key >> ROW_SHIFT) as usize].push(((key & COLUMNS) as usize, entry));
    }
    let mut order: Vec<usize> = (0..ROWS).filter(|&row| !rows[row].is_empty()).collect();
    order.sort_by_key(|&row| std::cmp::Reverse(rows[row].len()));

    let mut row_offsets = vec![0u32; ROWS];
    let mut entries: Vec<u32> = Vec::new();
    let mut used: Vec<bool> = Vec::new();
    let mut first_free: usize = 0;
    for row in order {
        let members = &rows[row];
        let lowest_column = members.iter().map(|&(column, _)| column).min().unwrap_or(0);
        // Every slot below `first_free` is taken, so the lowest column lands at or past it.
        let mut offset = first_free.saturating_sub(lowest_column);
        let taken = |slot: usize| slot < used.len() && used[slot];
        // First fit; past an offset where one column collides, so do the next ones until
        // that column's slot is free (the same offset found, far fewer tried).
        while let Some(&(column, _)) = members.iter().find(|&&(column, _)| taken(offset + column)) {
            offset += 1;
            while taken(offset + column) {
                offset += 1;
            }
        }
        row_offsets[row] = u32::try_from(offset).expect("the rank table stays below 2^32 slots");
        for &(column, entry) in members {
            let slot = offset + column;
            if slot >= used.len() {
                used.resize(slot + 1, false);
                entries.resize(slot + 1, 0);
            }
            used[slot] = true;
            entries[slot] = entry;
        }
        while used.get(first_free).copied().unwrap_or(false) {
            first_free += 1;
        }
    }
    (row_offsets, entries)
}

/// Set in a key that cannot give the high alone: a flush (the suit masks decide it) or
/// more than seven cards (a count of 8 or more).
pub(super) const KEY_NOT_ENOUGH: u64 = FIVE_OF_A_SUIT | (u64::MAX << (CARD_COUNT_SHIFT + 3));

/// The high and low of up to seven cards without a flush, from their key.
#[inline]
pub(super) fn high_low_of_key(key: u64) -> (HighValue, Option<LowValue>) {
    let entry = RANK_TABLE.entry(key as u32);
    let low = entry >> ENTRY_LOW_SHIFT;
    (
        HighValue(entry & ENTRY_HIGH),
        NonZeroU32::new(low).map(LowValue),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_multiset_of_up_to_seven_ranks_has_its_own_key_and_table_entry() {
        let multisets = rank_multisets();
        let keys: std::collections::HashSet<u32> = multisets.iter().map(|&(key, _)| key).collect();
        assert_eq!(keys.len(), multisets.len(), "rank keys collide");
        for &(key, bits) in &multisets {
            let entry = RANK_TABLE.entry(key);
            assert_eq!(HighValue(entry & ENTRY_HIGH), high_of_bits(bits));
            let low = entry >> ENTRY_LOW_SHIFT;
            assert_eq!(NonZeroU32::new(low).map(LowValue), low_of_bits(bits));
        }
    }

    #[test]
    fn the_committed_rank_table_is_the_one_the_rules_build() {
        let (row_offsets, entries) = build_rank_table();
        if std::env::var_os("STUDBOT_WRITE_RANK_TABLE").is_some() {
            let dir =
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/table/eval/rank_table");
            let row_offsets: Vec<u8> = row_offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
            let entries: Vec<u8> = entries.iter().flat_map(|e| e.to_le_bytes()).collect();
            std::fs::write(dir.join("row_offsets.bin"), row_offsets).unwrap();
            std::fs::write(dir.join("entries.bin"), entries).unwrap();
            return;
        }
        assert!(
            row_offsets == RANK_ROW_OFFSETS && entries == RANK_ENTRIES,
            "src/table/eval/rank_table/*.bin is not the table the evaluator's rules build: \
             regenerate it with STUDBOT_WRITE_RANK_TABLE=1 cargo test --lib rank_table"
        );
    }
}
