//! Where the cards of a hand come from: a deck (shuffled, seeded or stacked) dealt from the
//! top, or per-seat card lists (`studbot replay`) where each seat receives its own list in
//! order and a community card may be given for seventh street.
//!
//! The source itself never changes during a hand; how far it has been dealt is the small
//! `Copy` cursor kept with the hand state, so an action can be undone by restoring it.

use super::card::Card;
use super::deck::Deck;
use super::errors::StartError;
use super::seats::{MAX_SEATS, Seats};
use super::vocab::{HAND_CARDS, SeatIndex};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardSource {
    /// Dealt from the top, one card at a time, in seat order. The deck itself is never
    /// changed: the cursor says how deep it has been dealt.
    Deck(Deck),
    /// `cards[i]` is what seat i receives, in the order dealt.
    SeatLists {
        cards: Vec<Vec<Card>>,
        community: Option<Card>,
    },
}

/// How far a [`CardSource::Deck`] has been dealt. Seat lists are tracked by how many cards
/// each seat already holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SourceCursor {
    pub deck_next: usize,
}

impl CardSource {
    pub fn from_deck(deck: Deck) -> CardSource {
        CardSource::Deck(deck)
    }

    /// Checks per-seat lists: one list per seat, at most seven cards each, no card twice
    /// (the community card included).
    pub fn from_seat_lists(
        cards: Vec<Vec<Card>>,
        community: Option<Card>,
        seats: usize,
    ) -> Result<CardSource, StartError> {
        if cards.len() != seats {
            return Err(StartError::SeatCardLists {
                lists: cards.len(),
                seats,
            });
        }
        let mut seen = [false; 52];
        for (seat, list) in cards.iter().enumerate() {
            if list.len() > 7 {
                return Err(StartError::TooManyCards {
                    seat,
                    count: list.len(),
                });
            }
            for card in list {
                let slot = &mut seen[usize::from(card.index())];
                if *slot {
                    return Err(StartError::DuplicateCard(*card));
                }
                *slot = true;
            }
        }
        if let Some(card) = community
            && seen[usize::from(card.index())]
        {
            return Err(StartError::DuplicateCard(card));
        }
        Ok(CardSource::SeatLists { cards, community })
    }

    /// The next card for `seat`, which already holds `held` cards.
    pub fn next_for(
        &self,
        cursor: &mut SourceCursor,
        seat: SeatIndex,
        held: usize,
    ) -> Option<Card> {
        match self {
            CardSource::Deck(deck) => {
                let card = deck.peek(cursor.deck_next)?;
                cursor.deck_next += 1;
                Some(card)
            }
            CardSource::SeatLists { cards, .. } => {
                if seat >= MAX_SEATS {
                    return None;
                }
                cards.get(seat)?.get(held).copied()
            }
        }
    }

    /// Whether seventh street is a community card for `live` players still in, and which.
    /// `Some(None)` means a community card is due but none is left to turn.
    pub fn seventh_street_community(
        &self,
        cursor: &mut SourceCursor,
        live: usize,
    ) -> Option<Option<Card>> {
        match self {
            CardSource::Deck(deck) => {
                let remaining = deck.remaining().saturating_sub(cursor.deck_next);
                if remaining >= live {
                    return None;
                }
                let card = deck.peek(cursor.deck_next);
                if card.is_some() {
                    cursor.deck_next += 1;
                }
                Some(card)
            }
            CardSource::SeatLists { community, .. } => community.map(Some),
        }
    }

    /// Whether every card the hand could still need is there, however the betting goes
    /// (folds only ever need fewer). When it is, no action can fail for a missing card.
    pub fn can_deal_to_the_end(
        &self,
        cursor: &SourceCursor,
        seats: &Seats,
        held: impl Fn(SeatIndex) -> usize,
        community: Option<Card>,
    ) -> bool {
        let live = (0..seats.count).filter(|&s| seats.is_live(s));
        match self {
            CardSource::Deck(deck) => {
                let held = live.clone().map(&held).max().unwrap_or(HAND_CARDS);
                let players = live.count();
                let before_seventh = players * (HAND_CARDS - 1).saturating_sub(held);
                let remaining = deck.remaining().saturating_sub(cursor.deck_next);
                let seventh_due = held < HAND_CARDS && community.is_none();
                // Seventh street needs a card each, or one community card when short.
                remaining >= before_seventh + usize::from(seventh_due)
            }
            CardSource::SeatLists {
                cards,
                community: given,
            } => {
                let needed = if given.is_some() {
                    HAND_CARDS - 1
                } else {
                    HAND_CARDS
                };
                live.into_iter()
                    .all(|s| cards.get(s).is_some_and(|list| list.len() >= needed))
            }
        }
    }
}
