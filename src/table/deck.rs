//! The deck: shuffled by a cryptographically secure RNG seeded from the OS, by an injected
//! seed (tests, replays), by a given RNG (`sim`), or stacked in a given order.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha20Rng;
use thiserror::Error;

use super::card::{Card, Rank, Suit};

/// Cards still to be dealt, dealt from the front. Held in place (no allocation): a deck is
/// made for every hand.
#[derive(Clone)]
pub struct Deck {
    /// The first `len` slots hold the cards, stored reversed so dealing takes the last.
    cards: [Card; 52],
    len: u8,
}

/// Fills the unused slots of a deck; never read.
const NO_CARD: Card = Card::PLACEHOLDER;

/// All 52 cards in index order (`Card::all`'s), as a deck holds them before its shuffle:
/// written once at compile time rather than at every deck.
const NEW_ORDER: [Card; 52] = {
    let mut cards = [NO_CARD; 52];
    let mut index = 0;
    while index < 52 {
        cards[index] = Card::new(Rank::ALL[index / 4], Suit::ALL[index % 4]);
        index += 1;
    }
    cards
};

/// Equal when the same cards are left in the same order: slots past `len` are leftovers.
impl PartialEq for Deck {
    fn eq(&self, other: &Deck) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Deck {}

impl std::fmt::Debug for Deck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deck")
            .field("cards", &self.as_slice())
            .finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeckError {
    #[error("card {0} appears more than once")]
    Duplicate(Card),
}

impl Deck {
    /// A full deck shuffled with ChaCha20 seeded from the operating system.
    pub fn shuffled() -> Deck {
        Deck::shuffled_with(&mut ChaCha20Rng::from_os_rng())
    }

    /// A full deck shuffled by a ChaCha20 stream from `seed`: the same seed, the same deck.
    pub fn seeded(seed: u64) -> Deck {
        Deck::shuffled_with(&mut ChaCha20Rng::seed_from_u64(seed))
    }

    /// A full deck shuffled with the given RNG.
    pub fn shuffled_with<R: rand::Rng + ?Sized>(rng: &mut R) -> Deck {
        let mut deck = Deck::new_order();
        deck.cards.shuffle(rng);
        deck
    }

    /// All 52 cards in `Card::all`'s order.
    fn new_order() -> Deck {
        Deck {
            cards: NEW_ORDER,
            len: 52,
        }
    }

    /// A deck that deals exactly `order`, first card first. It may hold fewer than 52 cards.
    pub fn stacked(order: &[Card]) -> Result<Deck, DeckError> {
        let mut seen = [false; 52];
        for card in order {
            let slot = &mut seen[usize::from(card.index())];
            if *slot {
                return Err(DeckError::Duplicate(*card));
            }
            *slot = true;
        }
        // No card twice: at most 52 of them.
        let mut cards = [NO_CARD; 52];
        for (slot, card) in cards.iter_mut().zip(order.iter().rev()) {
            *slot = *card;
        }
        Ok(Deck {
            cards,
            len: order.len() as u8,
        })
    }

    fn as_slice(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// Deals the next card, or `None` when the deck is empty.
    pub fn deal(&mut self) -> Option<Card> {
        self.len = self.len.checked_sub(1)?;
        self.cards.get(usize::from(self.len)).copied()
    }

    pub fn remaining(&self) -> usize {
        usize::from(self.len)
    }

    /// The card `depth` places from the top (0 = the next card dealt), without dealing it.
    pub fn peek(&self, depth: usize) -> Option<Card> {
        let index = usize::from(self.len).checked_sub(depth.checked_add(1)?)?;
        self.cards.get(index).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_deck_and_another_seed_another() {
        assert_eq!(Deck::seeded(7), Deck::seeded(7));
        assert_ne!(Deck::seeded(7), Deck::seeded(8));
    }

    #[test]
    fn a_new_deck_holds_every_card_in_index_order() {
        assert_eq!(NEW_ORDER.to_vec(), Card::all().collect::<Vec<_>>());
    }

    #[test]
    fn a_shuffled_deck_holds_each_card_once() {
        let mut deck = Deck::shuffled();
        let mut seen = std::collections::HashSet::new();
        while let Some(card) = deck.deal() {
            assert!(seen.insert(card));
        }
        assert_eq!(seen.len(), 52);
    }

    #[test]
    fn a_stacked_deck_deals_in_order_and_refuses_duplicates() {
        let order = Card::parse_many("As Kd 2c").unwrap();
        let mut deck = Deck::stacked(&order).unwrap();
        assert_eq!(
            (deck.peek(0), deck.peek(2), deck.peek(3)),
            (Some(order[0]), Some(order[2]), None)
        );
        assert_eq!(deck.deal(), Some(order[0]));
        assert_eq!(deck.remaining(), 2);
        let twice = Card::parse_many("As As").unwrap();
        assert!(Deck::stacked(&twice).is_err());
    }
}
