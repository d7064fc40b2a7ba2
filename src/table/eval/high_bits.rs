//! The bit evaluator of a high hand: pairs, trips, quads, flushes and straights from the four
//! suit masks of [`super::bits`] in a handful of bit operations, with no sorting and no
//! allocation. It serves flushes and more than seven cards at play, and it fills the rank
//! table ([`super::rank_table`]) for everything else.

use super::bits::suit_masks;
use super::category::HandCategory;
use super::high::{CATEGORY_SHIFT, HighValue, RANK_SLOT_BITS};

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
pub(super) fn high_of_bits(bits: u64) -> HighValue {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_of_a_suit_is_found_exactly_when_one_suit_lane_holds_five_cards() {
        // The other lanes hold four cards each, at the ends and the middle of the lane.
        const FOUR: u64 = 0b1_0000_0100_0011;
        for lane in 0..4u32 {
            let others = (0..4u32)
                .filter(|&other| other != lane)
                .fold(0u64, |bits, other| bits | FOUR << (16 * other));
            for mask in 0u64..1 << 13 {
                let bits = others | mask << (16 * lane);
                assert_eq!(
                    has_five_of_a_suit(bits),
                    mask.count_ones() >= 5,
                    "lane {lane}, mask {mask:#b}"
                );
            }
        }
        assert!(has_five_of_a_suit(0x1FFF_1FFF_1FFF_1FFF));
        assert!(!has_five_of_a_suit(0));
    }
}
