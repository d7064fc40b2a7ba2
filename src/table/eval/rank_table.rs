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
/// only on the ranks. Stored under a perfect hash of the rank key (hash and displace: the
/// key's bucket has a "pilot" that sends every key of the bucket to its own free slot), so a
/// look-up is three multiplications and two loads.
///
/// The table is built by [`build_rank_table`] from the evaluator's own rules and committed as
/// two little-endian files decoded at compile time: building it at start-up cost every
/// `studbot equity` process about 17 ms, more than the enumeration of a whole fifth-street
/// spot. The test `the_committed_rank_table_is_the_one_the_rules_build` rebuilds it and
/// compares; `STUDBOT_WRITE_RANK_TABLE=1 cargo test --lib rank_table` writes it anew.
struct RankTable {
    pilots: &'static [u16; BUCKETS],
    entries: &'static [u32; SLOTS],
}

static RANK_PILOTS: [u16; BUCKETS] = decode_u16(include_bytes!("rank_table/pilots.bin"));
static RANK_ENTRIES: [u32; SLOTS] = decode_u32(include_bytes!("rank_table/entries.bin"));
static RANK_TABLE: RankTable = RankTable {
    pilots: &RANK_PILOTS,
    entries: &RANK_ENTRIES,
};

const fn decode_u16<const N: usize>(bytes: &[u8]) -> [u16; N] {
    assert!(
        bytes.len() == 2 * N,
        "the committed rank table has the wrong size"
    );
    let mut out = [0u16; N];
    let mut index = 0;
    while index < N {
        out[index] = u16::from_le_bytes([bytes[2 * index], bytes[2 * index + 1]]);
        index += 1;
    }
    out
}

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
const BUCKET_BITS: u32 = 14;
const BUCKETS: usize = 1 << BUCKET_BITS;
/// 76,155 multisets in 90,000 slots: loose enough that every bucket finds a pilot fast.
const SLOTS: usize = 90_000;
const KEY_MIX: u64 = 0x9E37_79B9_7F4A_7C15;
const PILOT_MIX: u32 = 0x85EB_CA77;

#[inline]
fn key_hash(rank_key: u32) -> u64 {
    u64::from(rank_key).wrapping_mul(KEY_MIX)
}

#[inline]
fn bucket_of(hash: u64) -> usize {
    (hash >> (64 - BUCKET_BITS)) as usize
}

#[inline]
fn slot_of(hash: u64, pilot: u16) -> usize {
    let mixed = ((hash >> 18) as u32) ^ u32::from(pilot).wrapping_mul(PILOT_MIX);
    ((u64::from(mixed) * SLOTS as u64) >> 32) as usize
}

impl RankTable {
    #[inline]
    fn entry(&self, rank_key: u32) -> u32 {
        let hash = key_hash(rank_key);
        let pilot = self.pilots.get(bucket_of(hash)).copied().unwrap_or(0);
        self.entries.get(slot_of(hash, pilot)).copied().unwrap_or(0)
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

/// A boxed array built on the heap (a debug build would put `Box::new([0; N])` on the stack).
#[cfg(test)]
fn zeroed_array<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    match vec![T::default(); N].into_boxed_slice().try_into() {
        Ok(array) => array,
        Err(_) => unreachable!("a vector of N elements converts to [T; N]"),
    }
}

/// The rank table's pilots and entries, built from [`high_of_bits`] and [`low_of_bits`].
#[cfg(test)]
fn build_rank_table() -> (Box<[u16; BUCKETS]>, Box<[u32; SLOTS]>) {
    let mut buckets: Vec<Vec<(u64, u32)>> = vec![Vec::new(); BUCKETS];
    for (key, bits) in rank_multisets() {
        let low = low_of_bits(bits).map_or(0, |low| low.0.get());
        let entry = high_of_bits(bits).0 | (low << ENTRY_LOW_SHIFT);
        let hash = key_hash(key);
        buckets[bucket_of(hash)].push((hash, entry));
    }
    let mut order: Vec<usize> = (0..BUCKETS).filter(|&b| !buckets[b].is_empty()).collect();
    order.sort_by_key(|&bucket| std::cmp::Reverse(buckets[bucket].len()));

    let mut pilots = zeroed_array::<u16, BUCKETS>();
    let mut entries = zeroed_array::<u32, SLOTS>();
    let mut used = vec![false; SLOTS];
    let mut slots = Vec::new();
    for bucket in order {
        let members = &buckets[bucket];
        let pilot = (0..=u16::MAX)
            .find(|&pilot| {
                slots.clear();
                for &(hash, _) in members {
                    let slot = slot_of(hash, pilot);
                    if used[slot] || slots.contains(&slot) {
                        return false;
                    }
                    slots.push(slot);
                }
                true
            })
            // Proven by the test that builds the table: the constants above always succeed.
            .expect("every bucket of the rank table finds a pilot");
        pilots[bucket] = pilot;
        for &(hash, entry) in members {
            let slot = slot_of(hash, pilot);
            used[slot] = true;
            entries[slot] = entry;
        }
    }
    (pilots, entries)
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
        let (pilots, entries) = build_rank_table();
        if std::env::var_os("STUDBOT_WRITE_RANK_TABLE").is_some() {
            let dir =
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/table/eval/rank_table");
            let pilots: Vec<u8> = pilots.iter().flat_map(|p| p.to_le_bytes()).collect();
            let entries: Vec<u8> = entries.iter().flat_map(|e| e.to_le_bytes()).collect();
            std::fs::write(dir.join("pilots.bin"), pilots).unwrap();
            std::fs::write(dir.join("entries.bin"), entries).unwrap();
            return;
        }
        assert!(
            *pilots == RANK_PILOTS && *entries == RANK_ENTRIES,
            "src/table/eval/rank_table/*.bin is not the table the evaluator's rules build: \
             regenerate it with STUDBOT_WRITE_RANK_TABLE=1 cargo test --lib rank_table"
        );
    }
}
