//! The bit form of a set of cards: four 13-bit rank masks, one per suit, packed into one
//! `u64` (suit `s` at bits `16 s .. 16 s + 13`, bit 0 = deuce … bit 12 = ace). The leaf every
//! evaluator reads.

use crate::table::card::Card;

/// The bit of one card.
#[inline]
pub(super) fn card_bit(card: Card) -> u64 {
    1u64 << (u32::from(card.suit.index()) * 16 + u32::from(card.rank.value() - 2))
}

/// The bits of a set of cards (a card given twice counts once).
#[inline]
pub(super) fn bits_of(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |bits, &card| bits | card_bit(card))
}

/// The four rank masks, clubs, diamonds, hearts, spades.
#[inline]
pub(super) fn suit_masks(bits: u64) -> [u32; 4] {
    [
        (bits & 0x1FFF) as u32,
        ((bits >> 16) & 0x1FFF) as u32,
        ((bits >> 32) & 0x1FFF) as u32,
        ((bits >> 48) & 0x1FFF) as u32,
    ]
}
