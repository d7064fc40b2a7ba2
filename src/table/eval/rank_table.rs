//! The rank table: for every multiset of up to seven ranks, the best high without a flush, the
//! best eight-or-better low and Razz's ace-to-five low, found by a perfect hash of an additive
//! rank key. Also the key itself: what each card adds, and the bits that say the key alone
//! cannot answer.

use std::num::NonZeroU32;

use super::high::HighValue;
use super::low::LowValue;
#[cfg(test)]
use super::{
    ace_five_low::ace_five_low_of_suits, bits::suit_masks, high_bits::high_of_bits,
    low::low_of_bits,
};
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
/// only on the ranks; and in a second array at the same slots, Razz's ace-to-five low (an
/// [`super::AceFiveLow`]), which ignores flushes and so depends only on the ranks too (apart,
/// so that a high's look-up keeps the smaller array in cache). Stored by row displacement, OMPEval's perfect hash for these rank keys:
/// the key's top bits name a row, each row has an offset that lays its columns (the key's low
/// 12 bits) into free slots of one shared array. A look-up is a shift, two loads and an add,
/// with no multiplication (a hash-and-displace table with pilots took three).
///
/// The table is built by [`build_rank_table`] from the evaluator's own rules and committed as
/// three little-endian files decoded at compile time: building it at start-up cost every
/// `studbot equity` process about 17 ms, more than the enumeration of a whole fifth-street
/// spot. The test `the_committed_rank_table_is_the_one_the_rules_build` rebuilds it and
/// compares; `STUDBOT_WRITE_RANK_TABLE=1 cargo test --lib rank_table` writes it anew.
struct RankTable {
    row_offsets: &'static [u32; ROWS],
    entries: &'static [u32; SLOTS],
    ace_five_entries: &'static [u32; SLOTS],
}

const OFFSETS_BYTES: &[u8] = include_bytes!("rank_table/row_offsets.bin");
const ENTRIES_BYTES: &[u8] = include_bytes!("rank_table/entries.bin");
const ACE_FIVE_BYTES: &[u8] = include_bytes!("rank_table/ace_five_entries.bin");
static RANK_ROW_OFFSETS: [u32; ROWS] = decode_u32(OFFSETS_BYTES);
static RANK_ENTRIES: [u32; SLOTS] = decode_u32(ENTRIES_BYTES);
static ACE_FIVE_ENTRIES: [u32; SLOTS] = decode_u32(ACE_FIVE_BYTES);
static RANK_TABLE: RankTable = RankTable {
    row_offsets: &RANK_ROW_OFFSETS,
    entries: &RANK_ENTRIES,
    ace_five_entries: &ACE_FIVE_ENTRIES,
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
    fn slot(&self, rank_key: u32) -> usize {
        let row = (rank_key >> ROW_SHIFT) as usize;
        let offset = self.row_offsets.get(row).copied().unwrap_or(0);
        (offset + (rank_key & COLUMNS)) as usize
    }

    #[inline]
    fn entry(&self, rank_key: u32) -> u32 {
        self.entries.get(self.slot(rank_key)).copied().unwrap_or(0)
    }

    #[inline]
    fn ace_five_entry(&self, rank_key: u32) -> u32 {
        let slot = self.slot(rank_key);
        self.ace_five_entries.get(slot).copied().unwrap_or(0)
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

/// The rank table as built from the evaluator's rules: what the committed files hold.
#[cfg(test)]
struct BuiltRankTable {
    row_offsets: Vec<u32>,
    entries: Vec<u32>,
    ace_five_entries: Vec<u32>,
}

/// Which slots of the table under construction are taken, one bit each.
#[cfg(test)]
#[derive(Default)]
struct TakenSlots {
    words: Vec<u64>,
}

#[cfg(test)]
impl TakenSlots {
    fn take(&mut self, slot: usize) {
        if slot / 64 >= self.words.len() {
            self.words.resize(slot / 64 + 1, 0);
        }
        self.words[slot / 64] |= 1 << (slot % 64);
    }

    /// Bit `i` set when slot `from + i` is free, for `i` in 0..64.
    fn free_from(&self, from: usize) -> u64 {
        let word = |index: usize| self.words.get(index).copied().unwrap_or(0);
        let (index, shift) = (from / 64, from % 64);
        let taken = match shift {
            0 => word(index),
            _ => (word(index) >> shift) | (word(index + 1) << (64 - shift)),
        };
        !taken
    }

    /// The first free slot at or past `slot`.
    fn next_free(&self, mut slot: usize) -> usize {
        loop {
            let free = self.free_from(slot);
            if free != 0 {
                return slot + free.trailing_zeros() as usize;
            }
            slot += 64;
        }
    }
}

/// The rank table's row offsets and entries, built from [`high_of_bits`], [`low_of_bits`] and
/// [`ace_five_low_of_suits`]: the fullest rows first, each at the first offset where all its
/// columns find free slots.
#[cfg(test)]
fn build_rank_table() -> BuiltRankTable {
    let mut rows: Vec<Vec<(usize, u32, u32)>> = vec![Vec::new(); ROWS];
    for (key, bits) in rank_multisets() {
        let low = low_of_bits(bits).map_or(0, |low| low.0.get());
        let entry = high_of_bits(bits).0 | (low << ENTRY_LOW_SHIFT);
        let ace_five = ace_five_low_of_suits(suit_masks(bits)).get();
        rows[(key >> ROW_SHIFT) as usize].push(((key & COLUMNS) as usize, entry, ace_five));
    }
    let mut order: Vec<usize> = (0..ROWS).filter(|&row| !rows[row].is_empty()).collect();
    order.sort_by_key(|&row| std::cmp::Reverse(rows[row].len()));

    let mut row_offsets = vec![0u32; ROWS];
    let mut entries: Vec<u32> = Vec::new();
    let mut ace_five_entries: Vec<u32> = Vec::new();
    let mut taken = TakenSlots::default();
    let mut first_free: usize = 0;
    for row in order {
        let members = &rows[row];
        let lowest_column = members
            .iter()
            .map(|&(column, ..)| column)
            .min()
            .unwrap_or(0);
        // Every slot below `first_free` is taken, so the lowest column lands at or past it.
        // First fit, 64 offsets at a time: bit `i` of `fits` says whether every column finds a
        // free slot at `start + i`.
        let mut start = first_free.saturating_sub(lowest_column);
        let offset = loop {
            let mut fits = u64::MAX;
            for &(column, ..) in members {
                fits &= taken.free_from(start + column);
                if fits == 0 {
                    break;
                }
            }
            if fits != 0 {
                break start + fits.trailing_zeros() as usize;
            }
            start += 64;
        };
        row_offsets[row] = u32::try_from(offset).expect("the rank table stays below 2^32 slots");
        for &(column, entry, ace_five) in members {
            let slot = offset + column;
            if slot >= entries.len() {
                entries.resize(slot + 1, 0);
                ace_five_entries.resize(slot + 1, 0);
            }
            taken.take(slot);
            entries[slot] = entry;
            ace_five_entries[slot] = ace_five;
        }
        first_free = taken.next_free(first_free);
    }
    BuiltRankTable {
        row_offsets,
        entries,
        ace_five_entries,
    }
}

/// Set in a key that cannot give the high alone: a flush (the suit masks decide it) or
/// more than seven cards (a count of 8 or more).
pub(super) const KEY_NOT_ENOUGH: u64 = FIVE_OF_A_SUIT | KEY_PAST_SEVEN;
/// Set in a key of more than seven cards (a count of 8 or more), which the table does not
/// cover; a flush does not matter to a low.
pub(super) const KEY_PAST_SEVEN: u64 = u64::MAX << (CARD_COUNT_SHIFT + 3);

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

/// The ace-to-five low (an [`super::AceFiveLow`]'s value, never 0) of up to seven cards, from
/// their key, flush or not.
#[inline]
pub(super) fn ace_five_low_of_key(key: u64) -> u32 {
    RANK_TABLE.ace_five_entry(key as u32)
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
            assert_eq!(
                RANK_TABLE.ace_five_entry(key),
                ace_five_low_of_suits(suit_masks(bits)).get()
            );
        }
    }

    #[test]
    fn the_committed_rank_table_is_the_one_the_rules_build() {
        let built = build_rank_table();
        if std::env::var_os("STUDBOT_WRITE_RANK_TABLE").is_some() {
            let dir =
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/table/eval/rank_table");
            let bytes = |words: &[u32]| -> Vec<u8> {
                words.iter().flat_map(|word| word.to_le_bytes()).collect()
            };
            std::fs::write(dir.join("row_offsets.bin"), bytes(&built.row_offsets)).unwrap();
            std::fs::write(dir.join("entries.bin"), bytes(&built.entries)).unwrap();
            std::fs::write(
                dir.join("ace_five_entries.bin"),
                bytes(&built.ace_five_entries),
            )
            .unwrap();
            return;
        }
        assert!(
            built.row_offsets == RANK_ROW_OFFSETS
                && built.entries == RANK_ENTRIES
                && built.ace_five_entries == ACE_FIVE_ENTRIES,
            "src/table/eval/rank_table/*.bin is not the table the evaluator's rules build: \
             regenerate it with STUDBOT_WRITE_RANK_TABLE=1 cargo test --lib rank_table"
        );
    }
}
