//! Hand evaluation: the best five-card high of up to seven cards, the best ace-to-five
//! eight-or-better low, the partial ranking of one to four up cards that decides who acts
//! first, and the names people read ("Full house, aces over queens", "8-6-4-2-A low").
//!
//! Both value types order so that the BETTER hand is the GREATER value.
//!
//! Two evaluators, the second built from the first on first use:
//! - the bit evaluator reads rank bitmasks, one 13-bit mask per suit (bit 0 = deuce … bit 12
//!   = ace): pairs, trips, quads, flushes, straights and lows fall out of a handful of bit
//!   operations with no sorting and no allocation. It serves flushes and more than seven
//!   cards, and it fills
//! - the rank table: for every multiset of up to seven ranks, the best high without a flush
//!   and the best low, found by a perfect hash of an additive rank key. Most hands are one
//!   look-up for both values.
//!
//! Entry points: [`best_high`], [`best_low`], [`best_high_low`] on card slices;
//! [`CardSet`] for a hand prepared once and evaluated often; [`best_high_cards`] and
//! [`best_low_cards`] for showing which five cards play.

use std::fmt;
use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};

use super::ace_five_low::ace_five_low_of_suits;
pub use super::ace_five_low::{AceFiveLow, best_ace_five_low};
use super::card::{Card, Rank, Suit};

/// The kind of a high hand, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandCategory {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl HandCategory {
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];

    /// A stable snake_case key (`"full_house"`), for JSON and translation message ids.
    pub fn as_str(self) -> &'static str {
        match self {
            HandCategory::HighCard => "high_card",
            HandCategory::OnePair => "one_pair",
            HandCategory::TwoPair => "two_pair",
            HandCategory::ThreeOfAKind => "three_of_a_kind",
            HandCategory::Straight => "straight",
            HandCategory::Flush => "flush",
            HandCategory::FullHouse => "full_house",
            HandCategory::FourOfAKind => "four_of_a_kind",
            HandCategory::StraightFlush => "straight_flush",
        }
    }

    fn from_code(code: u32) -> HandCategory {
        HandCategory::ALL
            .get(code as usize)
            .copied()
            .unwrap_or(HandCategory::StraightFlush)
    }
}

/// The strength of a high hand (five cards, or one to four up cards). Greater is better;
/// equal values tie (suits never break a tie for the pot).
///
/// Layout: bits 20..24 hold the [`HandCategory`] (0 = high card … 8 = straight flush), then
/// five 4-bit rank slots, most significant first (bits 16..20, 12..16, … 0..4), each holding
/// a rank value 2..=14 or 0 for "no card". Because an empty slot is lower than any rank, a
/// partial hand of up cards compares correctly against one with more cards (A-K-Q showing
/// loses to A-K-Q-2 showing and to any pair).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HighValue(pub(crate) u32);

/// The strength of a qualifying eight-or-better low. Greater is better (8-6-5-4-2 beats
/// 8-6-5-4-3; the wheel 5-4-3-2-A is the best).
///
/// Layout: the complement (within 8 bits) of the mask of the five low ranks, where bit 0 is
/// the ace and bit `v - 1` the rank of value `v` (2..=8). A lower top card clears a higher
/// bit of the mask, so comparing complements compares lows highest card first. A low has
/// three ranks of eight or lower missing, so the value is never 0: `Option<LowValue>` is
/// as small as a `u32`, and `(HighValue, Option<LowValue>)` comes back in one register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LowValue(pub(crate) NonZeroU32);

const CATEGORY_SHIFT: u32 = 20;
const RANK_SLOT_BITS: u32 = 4;
const LOW_RANKS: u32 = 0xFF;

impl HighValue {
    /// The kind of hand: high card, one pair, … straight flush.
    pub fn category(self) -> HandCategory {
        HandCategory::from_code(self.0 >> CATEGORY_SHIFT)
    }

    /// The ranks that decide the hand, most significant first. Per category:
    ///
    /// | category        | ranks                                            |
    /// |-----------------|--------------------------------------------------|
    /// | high card       | up to five cards, highest first                  |
    /// | one pair        | the pair, then up to three kickers               |
    /// | two pair        | high pair, low pair, then the kicker if any      |
    /// | three of a kind | the trips, then up to two kickers                |
    /// | straight        | the top card only (`Five` for the wheel)         |
    /// | flush           | the five cards, highest first                    |
    /// | full house      | the trips, then the pair                         |
    /// | four of a kind  | the quads, then the kicker if any                |
    /// | straight flush  | the top card only (`Ace` for a royal flush)      |
    ///
    /// Fewer kickers appear for a partial hand of up cards (one to four cards), and none at
    /// all for an empty hand.
    pub fn ranks(self) -> Vec<Rank> {
        (0..5)
            .rev()
            .map(|slot| ((self.0 >> (slot * RANK_SLOT_BITS)) & 0xF) as u8)
            .take_while(|&value| value != 0)
            .filter_map(Rank::from_value)
            .collect()
    }
}

impl LowValue {
    /// The five ranks of the low, highest first (ace as the lowest).
    pub fn ranks(self) -> [Rank; 5] {
        let mask = !self.0.get() & LOW_RANKS;
        let mut ranks = [Rank::Ace; 5];
        let mut filled = 0;
        for bit in (0..8u8).rev() {
            if mask & (1 << bit) != 0 && filled < 5 {
                ranks[filled] = Rank::from_value(bit + 1).unwrap_or(Rank::Ace);
                filled += 1;
            }
        }
        ranks
    }

    /// True for the wheel, 5-4-3-2-A, the best low of all.
    pub fn is_wheel(self) -> bool {
        self.0.get() == WHEEL_LOW
    }
}

const WHEEL_LOW: u32 = !0b1_1111 & LOW_RANKS;

/// A set of cards in the two forms the evaluator reads: four 13-bit rank masks, one per
/// suit, packed into one `u64` (suit `s` at bits `16 s .. 16 s + 13`), and the additive key
/// of `CARD_KEYS` (ranks, suit counts, card count). Build it once and evaluate it as many
/// times as needed; adding a card is an OR and an add. A card added twice counts once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardSet {
    bits: u64,
    key: u64,
}

impl Default for CardSet {
    fn default() -> CardSet {
        CardSet::EMPTY
    }
}

impl CardSet {
    pub const EMPTY: CardSet = CardSet {
        bits: 0,
        key: EMPTY_KEY,
    };

    #[inline]
    pub fn from_cards(cards: &[Card]) -> CardSet {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            set.insert(card);
        }
        set
    }

    #[inline]
    pub fn insert(&mut self, card: Card) {
        let bit = CardSet::bit(card);
        if self.bits & bit == 0 {
            self.bits |= bit;
            self.key += card_key(card);
        }
    }

    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.bits & CardSet::bit(card) != 0
    }

    /// How many cards of `rank` the set holds (0 to 4).
    #[inline]
    pub fn count_of_rank(self, rank: Rank) -> u8 {
        let lane = 0x0001_0001_0001_0001u64 << (rank.value() - 2);
        (self.bits & lane).count_ones() as u8
    }

    /// The number of distinct cards in the set.
    pub fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.bits == 0
    }

    #[inline]
    fn bit(card: Card) -> u64 {
        1u64 << (u32::from(card.suit.index()) * 16 + u32::from(card.rank.value() - 2))
    }

    /// The best high of the set; see [`best_high`].
    #[inline]
    pub fn high(self) -> HighValue {
        self.high_low().0
    }

    /// The best eight-or-better low of the set; see [`best_low`].
    #[inline]
    pub fn low(self) -> Option<LowValue> {
        low_of_bits(self.bits)
    }

    /// The best ace-to-five low with no qualifier (Razz); see
    /// [`super::ace_five_low::AceFiveLow`].
    #[inline]
    pub fn ace_five_low(self) -> AceFiveLow {
        ace_five_low_of_suits(suit_masks(self.bits))
    }

    /// Both at once, from one table look-up.
    #[inline]
    pub fn high_low(self) -> (HighValue, Option<LowValue>) {
        if self.key & KEY_NOT_ENOUGH != 0 {
            return high_low_of_bits(self.bits);
        }
        high_low_of_key(self.key)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

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
const EMPTY_KEY: u64 = 0x3333 << SUIT_COUNTS_SHIFT;
const FIVE_OF_A_SUIT: u64 = 0x8888 << SUIT_COUNTS_SHIFT;
/// The most cards whose key stays exact (suit counts fit their 4 bits, the rank table
/// covers them).
const MAX_KEYED_CARDS: u64 = 7;

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
fn card_key(card: Card) -> u64 {
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
const KEY_NOT_ENOUGH: u64 = FIVE_OF_A_SUIT | (u64::MAX << (CARD_COUNT_SHIFT + 3));

/// The high and low of up to seven cards without a flush, from their key.
#[inline]
fn high_low_of_key(key: u64) -> (HighValue, Option<LowValue>) {
    let entry = RANK_TABLE.entry(key as u32);
    let low = entry >> ENTRY_LOW_SHIFT;
    (
        HighValue(entry & ENTRY_HIGH),
        NonZeroU32::new(low).map(LowValue),
    )
}

/// The high and low from the suit masks alone, for the rare cases the key does not cover.
#[cold]
#[inline(never)]
fn high_low_of_bits(bits: u64) -> (HighValue, Option<LowValue>) {
    (high_of_bits(bits), low_of_bits(bits))
}

/// For every 13-bit rank mask, its five highest ranks packed as rank values into the five
/// 4-bit slots of a [`HighValue`] (missing ranks stay 0). Taking the top `k` is a mask.
static TOP_FIVE: [u32; 8192] = top_five_table();

const fn top_five_table() -> [u32; 8192] {
    let mut table = [0u32; 8192];
    let mut mask = 0usize;
    while mask < 8192 {
        let mut packed = 0u32;
        let mut taken = 0;
        let mut bit = 13;
        while bit > 0 && taken < 5 {
            bit -= 1;
            if mask & (1 << bit) != 0 {
                packed |= (bit as u32 + 2) << ((4 - taken) * RANK_SLOT_BITS);
                taken += 1;
            }
        }
        table[mask] = packed;
        mask += 1;
    }
    table
}

/// For every mask of ranks eight or lower (bit 0 = ace … bit 7 = eight), the [`LowValue`]
/// of its five lowest ranks, or 0 when it has fewer than five (no valid low encodes as 0).
static LOW_OF_CANDIDATES: [u8; 256] = low_table();

const fn low_table() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut candidates = 0usize;
    while candidates < 256 {
        let mut five_lowest = 0usize;
        let mut taken = 0;
        let mut bit = 0;
        while bit < 8 && taken < 5 {
            if candidates & (1 << bit) != 0 {
                five_lowest |= 1 << bit;
                taken += 1;
            }
            bit += 1;
        }
        if taken == 5 {
            table[candidates] = !(five_lowest as u8);
        }
        candidates += 1;
    }
    table
}

/// How the pairs-and-kickers part of a high hand is assembled, chosen by the shape of its
/// rank multiplicities (see [`shape_index`]).
#[derive(Clone, Copy)]
struct Shape {
    /// The category, already shifted into place.
    category: u32,
    /// All ones when a second group (the pair of a full house, the low pair of two pair)
    /// follows the first; zero otherwise.
    second_group: u32,
    /// The rank slots kept from the top five kickers (e.g. three slots for one pair).
    kicker_slots: u32,
    /// How far the kickers move down: one slot per group rank before them.
    kicker_shift: u32,
}

const fn shape(category: HandCategory, groups: u32, kickers: u32) -> Shape {
    let top_slots = (0xFFFFF_u32 << ((5 - kickers) * RANK_SLOT_BITS)) & 0xFFFFF;
    Shape {
        category: (category as u32) << CATEGORY_SHIFT,
        second_group: if groups == 2 { 0x1FFF } else { 0 },
        kicker_slots: top_slots,
        kicker_shift: groups * RANK_SLOT_BITS,
    }
}

/// Indexed by [`shape_index`]: bit 3 = some quads, bit 2 = some trips, bit 1 = at least two
/// ranks paired (or better), bit 0 = at least one rank paired.
static SHAPES: [Shape; 16] = {
    let high_card = shape(HandCategory::HighCard, 0, 5);
    let one_pair = shape(HandCategory::OnePair, 1, 3);
    let two_pair = shape(HandCategory::TwoPair, 2, 1);
    let trips = shape(HandCategory::ThreeOfAKind, 1, 2);
    let full_house = shape(HandCategory::FullHouse, 2, 0);
    let quads = shape(HandCategory::FourOfAKind, 1, 1);
    let mut shapes = [high_card; 16];
    let mut index = 0;
    while index < 16 {
        shapes[index] = if index & 0b1000 != 0 {
            quads
        } else if index & 0b0100 != 0 {
            if index & 0b0010 != 0 {
                full_house
            } else {
                trips
            }
        } else if index & 0b0010 != 0 {
            two_pair
        } else if index & 0b0001 != 0 {
            one_pair
        } else {
            high_card
        };
        index += 1;
    }
    shapes
};

#[inline]
fn shape_index(at_least_two: u32, at_least_three: u32, four: u32) -> usize {
    let several_paired = at_least_two & at_least_two.wrapping_sub(1);
    (usize::from(four != 0) << 3)
        | (usize::from(at_least_three != 0) << 2)
        | (usize::from(several_paired != 0) << 1)
        | usize::from(at_least_two != 0)
}

/// The highest rank of a mask as `(rank value, its bit)`, or `(0, 0)` for an empty mask.
#[inline]
fn highest(mask: u32) -> (u32, u32) {
    let position = 32 - mask.leading_zeros(); // bit index + 1, or 0
    let value = position + u32::from(position != 0);
    (value, (1 << position) >> 1)
}

/// The top card value of the highest straight in a rank mask, or 0. The ace also plays low.
#[inline]
fn straight_top(mask: u32) -> u32 {
    // Bit j of `ace_low` is the rank of value j + 1 (the ace sits at bit 0 and bit 13).
    let ace_low = (mask << 1) | (mask >> 12);
    let runs = ace_low & (ace_low >> 1) & (ace_low >> 2) & (ace_low >> 3) & (ace_low >> 4);
    // A run starting at bit j tops out at value j + 5, and 32 - leading_zeros is j + 1.
    let position = 32 - runs.leading_zeros();
    if position == 0 { 0 } else { position + 4 }
}

/// Per 16-bit lane, true when some suit holds five cards or more.
#[inline]
fn has_five_of_a_suit(bits: u64) -> bool {
    const ONES: u64 = 0x5555_5555_5555_5555;
    const TWOS: u64 = 0x3333_3333_3333_3333;
    const NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    const BYTES: u64 = 0x00FF_00FF_00FF_00FF;
    let pairs = bits - ((bits >> 1) & ONES);
    let quads = (pairs & TWOS) + ((pairs >> 2) & TWOS);
    let octets = (quads + (quads >> 4)) & NIBBLES;
    let per_suit = (octets + (octets >> 8)) & BYTES; // at most 13 per lane
    // 11 + count reaches 16 (bit 4) exactly when count >= 5, and stays below 32.
    (per_suit + 0x000B_000B_000B_000B) & 0x0010_0010_0010_0010 != 0
}

/// The best flush or straight flush among the suits holding five cards or more.
#[cold]
fn best_flush(suits: [u32; 4]) -> u32 {
    let mut best = 0;
    for suit in suits {
        if suit.count_ones() >= 5 {
            let top = straight_top(suit);
            let value = if top != 0 {
                ((HandCategory::StraightFlush as u32) << CATEGORY_SHIFT) | (top << 16)
            } else {
                ((HandCategory::Flush as u32) << CATEGORY_SHIFT) | TOP_FIVE[suit as usize]
            };
            best = best.max(value);
        }
    }
    best
}

/// The best high of a set of distinct cards, any number of them. Branch-light: the pair
/// family is assembled from [`SHAPES`], straights and flushes are maxed in, because their
/// category code already orders them against it.
#[inline]
fn high_of_bits(bits: u64) -> HighValue {
    let [c, d, h, s] = suit_masks(bits);
    let any = c | d | h | s;
    let at_least_two = (c & d) | (h & s) | ((c | d) & (h | s));
    let at_least_three = (c & d & (h | s)) | (h & s & (c | d));
    let four = c & d & h & s;

    let shape = SHAPES[shape_index(at_least_two, at_least_three, four)];
    let first_group = if four != 0 {
        four
    } else if at_least_three != 0 {
        at_least_three
    } else {
        at_least_two
    };
    let (first, first_bit) = highest(first_group);
    let (second, second_bit) = highest(at_least_two & !first_bit & shape.second_group);
    let kickers = (TOP_FIVE[(any & !first_bit & !second_bit) as usize] & shape.kicker_slots)
        >> shape.kicker_shift;
    let mut value = shape.category | (first << 16) | (second << 12) | kickers;

    let straight = straight_top(any);
    if straight != 0 {
        value = value.max(((HandCategory::Straight as u32) << CATEGORY_SHIFT) | (straight << 16));
    }
    if has_five_of_a_suit(bits) {
        value = value.max(best_flush([c, d, h, s]));
    }
    HighValue(value)
}

#[inline]
fn low_of_bits(bits: u64) -> Option<LowValue> {
    let [c, d, h, s] = suit_masks(bits);
    let any = c | d | h | s;
    // Bit 0 = ace, bit v - 1 = rank of value v; only 8 or lower can play.
    let candidates = ((any << 1) | (any >> 12)) & LOW_RANKS;
    let value = LOW_OF_CANDIDATES[candidates as usize];
    NonZeroU32::new(u32::from(value)).map(LowValue)
}

#[inline]
fn suit_masks(bits: u64) -> [u32; 4] {
    [
        (bits & 0x1FFF) as u32,
        ((bits >> 16) & 0x1FFF) as u32,
        ((bits >> 32) & 0x1FFF) as u32,
        ((bits >> 48) & 0x1FFF) as u32,
    ]
}

/// The best high of 1 to 7 cards. With fewer than five cards only pairs, two pair, trips and
/// quads count (no straights or flushes): the up-card ranking of docs/RULES.md.
///
/// The cards must be different (as dealt from one deck); a repeated card gives some value
/// but not a meaningful one. More than seven cards are evaluated correctly, more slowly.
#[inline]
pub fn best_high(cards: &[Card]) -> HighValue {
    best_high_low(cards).0
}

/// The best eight-or-better low of up to 7 cards, or `None` when no five different ranks of
/// eight or lower exist.
#[inline]
pub fn best_low(cards: &[Card]) -> Option<LowValue> {
    low_of_bits(bits_of(cards))
}

/// `(best_high(cards), best_low(cards))`, from one table look-up.
#[inline]
pub fn best_high_low(cards: &[Card]) -> (HighValue, Option<LowValue>) {
    if cards.len() as u64 <= MAX_KEYED_CARDS {
        let key = cards
            .iter()
            .fold(EMPTY_KEY, |key, &card| key + card_key(card));
        if key & KEY_NOT_ENOUGH == 0 {
            return high_low_of_key(key);
        }
    }
    high_low_of_cards_by_bits(cards)
}

/// Out of line, so that the look-up path above keeps nothing alive for it.
#[cold]
#[inline(never)]
fn high_low_of_cards_by_bits(cards: &[Card]) -> (HighValue, Option<LowValue>) {
    high_low_of_bits(bits_of(cards))
}

#[inline]
fn bits_of(cards: &[Card]) -> u64 {
    cards
        .iter()
        .fold(0, |bits, &card| bits | CardSet::bit(card))
}

/// The five cards that make `best_high(cards)` (for showing results), best first: the
/// cards of the biggest group first (trips before the pair of a full house, the pair before
/// its kickers), higher ranks before lower, and a straight from its top card down (the
/// wheel ends with its ace). With fewer than five cards, all of them in that order.
pub fn best_high_cards(cards: &[Card]) -> (HighValue, Vec<Card>) {
    let value = best_high(cards);
    let chosen = if cards.len() <= 5 {
        cards.to_vec()
    } else {
        five_card_subsets(cards)
            .find(|five| best_high(five) == value)
            .map(|five| five.to_vec())
            .unwrap_or_else(|| cards.to_vec())
    };
    (value, order_high_cards(value, chosen))
}

fn order_high_cards(value: HighValue, mut cards: Vec<Card>) -> Vec<Card> {
    let straight = matches!(
        value.category(),
        HandCategory::Straight | HandCategory::StraightFlush
    );
    if straight && value.ranks().first() == Some(&Rank::Five) {
        cards.sort_by_key(|card| std::cmp::Reverse((card.rank.low_value(), card.suit)));
        return cards;
    }
    let count_of = |rank: Rank| cards.iter().filter(|card| card.rank == rank).count();
    let mut keyed: Vec<(usize, Card)> = cards
        .iter()
        .map(|&card| (count_of(card.rank), card))
        .collect();
    keyed.sort_by_key(|&(count, card)| std::cmp::Reverse((count, card.rank, card.suit)));
    keyed.into_iter().map(|(_, card)| card).collect()
}

/// Every five-card subset of `cards`, in a fixed order.
fn five_card_subsets(cards: &[Card]) -> impl Iterator<Item = [Card; 5]> + '_ {
    let n = cards.len();
    (0..n).flat_map(move |a| {
        (a + 1..n).flat_map(move |b| {
            (b + 1..n).flat_map(move |c| {
                (c + 1..n).flat_map(move |d| {
                    (d + 1..n).map(move |e| [cards[a], cards[b], cards[c], cards[d], cards[e]])
                })
            })
        })
    })
}

/// The five cards that make `best_low(cards)`, highest first (the ace last). Where a rank
/// appears more than once, the lowest suit (clubs first) is shown.
pub fn best_low_cards(cards: &[Card]) -> Option<(LowValue, Vec<Card>)> {
    let value = best_low(cards)?;
    let mut chosen = Vec::with_capacity(5);
    for rank in value.ranks() {
        let card = Suit::ALL
            .iter()
            .map(|&suit| Card::new(rank, suit))
            .find(|candidate| cards.contains(candidate))?;
        chosen.push(card);
    }
    Some((value, chosen))
}

/// The English word for a rank, capitalised or not, singular or plural.
fn rank_word(rank: Rank, plural: bool) -> &'static str {
    let (one, many) = match rank {
        Rank::Two => ("two", "twos"),
        Rank::Three => ("three", "threes"),
        Rank::Four => ("four", "fours"),
        Rank::Five => ("five", "fives"),
        Rank::Six => ("six", "sixes"),
        Rank::Seven => ("seven", "sevens"),
        Rank::Eight => ("eight", "eights"),
        Rank::Nine => ("nine", "nines"),
        Rank::Ten => ("ten", "tens"),
        Rank::Jack => ("jack", "jacks"),
        Rank::Queen => ("queen", "queens"),
        Rank::King => ("king", "kings"),
        Rank::Ace => ("ace", "aces"),
    };
    if plural { many } else { one }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "Full house, aces over queens", "Pair of sevens", "Seven high" …
impl fmt::Display for HighValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = self.ranks();
        let (Some(&first), second) = (ranks.first(), ranks.get(1).copied()) else {
            return f.write_str("No cards");
        };
        let second = second.unwrap_or(first);
        match self.category() {
            HandCategory::HighCard => write!(f, "{} high", capitalised(rank_word(first, false))),
            HandCategory::OnePair => write!(f, "Pair of {}", rank_word(first, true)),
            HandCategory::TwoPair => write!(
                f,
                "Two pair, {} and {}",
                rank_word(first, true),
                rank_word(second, true)
            ),
            HandCategory::ThreeOfAKind => {
                write!(f, "Three of a kind, {}", rank_word(first, true))
            }
            HandCategory::Straight => write!(f, "Straight, {} high", rank_word(first, false)),
            HandCategory::Flush => write!(f, "Flush, {} high", rank_word(first, false)),
            HandCategory::FullHouse => write!(
                f,
                "Full house, {} over {}",
                rank_word(first, true),
                rank_word(second, true)
            ),
            HandCategory::FourOfAKind => write!(f, "Four of a kind, {}", rank_word(first, true)),
            HandCategory::StraightFlush if first == Rank::Ace => f.write_str("Royal flush"),
            HandCategory::StraightFlush => {
                write!(f, "Straight flush, {} high", rank_word(first, false))
            }
        }
    }
}

/// "8-6-4-2-A low", "wheel (5-4-3-2-A)".
impl fmt::Display for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spelled: Vec<String> = self
            .ranks()
            .iter()
            .map(|rank| rank.symbol().to_string())
            .collect();
        let spelled = spelled.join("-");
        if self.is_wheel() {
            write!(f, "wheel ({spelled})")
        } else {
            write!(f, "{spelled} low")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        Card::parse_many(text).unwrap()
    }

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
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/table/rank_table");
            let pilots: Vec<u8> = pilots.iter().flat_map(|p| p.to_le_bytes()).collect();
            let entries: Vec<u8> = entries.iter().flat_map(|e| e.to_le_bytes()).collect();
            std::fs::write(dir.join("pilots.bin"), pilots).unwrap();
            std::fs::write(dir.join("entries.bin"), entries).unwrap();
            return;
        }
        assert!(
            *pilots == RANK_PILOTS && *entries == RANK_ENTRIES,
            "src/table/rank_table/*.bin is not the table the evaluator's rules build: \
             regenerate it with STUDBOT_WRITE_RANK_TABLE=1 cargo test --lib rank_table"
        );
    }

    #[test]
    fn seven_card_full_house_prefers_the_highest_trips() {
        let value = best_high(&cards("Ks Kd Kh Qs Qd Qh 2c"));
        assert_eq!(value.category(), HandCategory::FullHouse);
        assert_eq!(value.ranks(), vec![Rank::King, Rank::Queen]);
        assert_eq!(value.to_string(), "Full house, kings over queens");
    }

    #[test]
    fn the_wheel_is_a_five_high_straight_and_the_best_low() {
        let hand = cards("As 2d 3h 4c 5s Kd Kh");
        assert_eq!(best_high(&hand).to_string(), "Straight, five high");
        let low = best_low(&hand).unwrap();
        assert!(low.is_wheel());
        assert_eq!(low.to_string(), "wheel (5-4-3-2-A)");
    }

    #[test]
    fn up_card_pair_of_twos_beats_ace_king_queen() {
        assert!(best_high(&cards("2c 2d")) > best_high(&cards("As Kd Qh")));
        assert_eq!(best_high(&cards("2c 2d")).ranks().len(), 1);
    }

    #[test]
    fn lows_compare_highest_card_first() {
        let worse = best_low(&cards("8s 6d 5h 4c 3s")).unwrap();
        let better = best_low(&cards("8s 6d 5h 4c 2s")).unwrap();
        assert!(better > worse);
        assert_eq!(better.to_string(), "8-6-5-4-2 low");
    }
}
