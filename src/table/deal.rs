//! The deal: seven cards per player, one at a time in seat order — two down and one up on
//! third street, one up on fourth, fifth and sixth, one down on seventh — with no burn
//! cards, and the community card when the deck holds fewer cards than players on seventh.

use super::card::{Card, Rank, Suit};
use super::card_source::{CardSource, SourceCursor};
use super::errors::MissingCard;
use super::eval::CardSet;
use super::seats::{MAX_SEATS, Seats};
use super::vocab::{Event, HAND_CARDS, SeatIndex, Street, record};

/// Whether the card dealt at position `index` (0-based) of a seat's hand is face up.
pub fn is_up_position(index: usize) -> bool {
    (2..=5).contains(&index)
}

/// The cards each seat holds, in the order dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealtCards {
    cards: [[Option<Card>; HAND_CARDS]; MAX_SEATS],
    held: [u8; MAX_SEATS],
    /// The up cards again, packed: the board is compared every street.
    up: [[Card; UP_CARDS]; MAX_SEATS],
    up_held: [u8; MAX_SEATS],
    /// The up cards once more, ready for the evaluator: who acts first is decided by
    /// ranking every board on every street, and this spares re-keying the cards each time.
    up_set: [CardSet; MAX_SEATS],
}

/// Up cards per player: the door card and fourth to sixth street.
pub const UP_CARDS: usize = 4;

/// Fills unused slots of fixed card buffers; never read.
pub const PLACEHOLDER_CARD: Card = Card::new(Rank::Two, Suit::Clubs);

impl Default for DealtCards {
    fn default() -> Self {
        DealtCards {
            cards: [[None; HAND_CARDS]; MAX_SEATS],
            held: [0; MAX_SEATS],
            up: [[PLACEHOLDER_CARD; UP_CARDS]; MAX_SEATS],
            up_held: [0; MAX_SEATS],
            up_set: [CardSet::EMPTY; MAX_SEATS],
        }
    }
}

impl DealtCards {
    pub fn held(&self, seat: SeatIndex) -> usize {
        usize::from(self.held[seat])
    }

    fn push(&mut self, seat: SeatIndex, card: Card) {
        let index = self.held(seat);
        if index < HAND_CARDS {
            self.cards[seat][index] = Some(card);
            self.held[seat] += 1;
            let up = usize::from(self.up_held[seat]);
            if is_up_position(index) && up < UP_CARDS {
                self.up[seat][up] = card;
                self.up_held[seat] += 1;
                self.up_set[seat].insert(card);
            }
        }
    }

    /// The seat's up cards, in the order dealt.
    pub fn board(&self, seat: SeatIndex) -> &[Card] {
        &self.up[seat][..usize::from(self.up_held[seat])]
    }

    /// The seat's up cards as an evaluator set.
    pub fn board_set(&self, seat: SeatIndex) -> CardSet {
        self.up_set[seat]
    }

    /// Every card of the seat in the order dealt.
    pub fn all(&self, seat: SeatIndex) -> impl Iterator<Item = Card> + '_ {
        self.cards[seat][..self.held(seat)]
            .iter()
            .flatten()
            .copied()
    }

    pub fn up_cards(&self, seat: SeatIndex) -> impl Iterator<Item = Card> + '_ {
        self.board(seat).iter().copied()
    }

    pub fn down_cards(&self, seat: SeatIndex) -> impl Iterator<Item = Card> + '_ {
        self.all(seat)
            .enumerate()
            .filter(|(i, _)| !is_up_position(*i))
            .map(|(_, card)| card)
    }

    /// The first up card, dealt on third street.
    pub fn door_card(&self, seat: SeatIndex) -> Option<Card> {
        self.cards[seat][2]
    }
}

/// Deals `street` to every seat still in the hand, in seat order, recording the events.
/// On seventh street a single community card replaces the individual cards when the source
/// says so. A missing card is an error; the caller restores its copy of the state.
pub fn deal_street(
    street: Street,
    seats: &Seats,
    dealt: &mut DealtCards,
    community: &mut Option<Card>,
    source: &CardSource,
    cursor: &mut SourceCursor,
    events: &mut Vec<Event>,
) -> Result<(), MissingCard> {
    let passes: usize = match street {
        Street::Third => 3,
        Street::Fourth | Street::Fifth | Street::Sixth | Street::Seventh => 1,
        Street::Showdown => 0,
    };
    if street == Street::Seventh {
        match source.seventh_street_community(cursor, seats.live_count()) {
            Some(Some(card)) => {
                *community = Some(card);
                record(events, || Event::CommunityCard { card });
                return Ok(());
            }
            Some(None) => {
                let seat = (0..seats.count).find(|&s| seats.is_live(s)).unwrap_or(0);
                return Err(MissingCard { seat, street });
            }
            None => {}
        }
    }
    for _ in 0..passes {
        for seat in 0..seats.count {
            if !seats.is_live(seat) {
                continue;
            }
            let held = dealt.held(seat);
            let card = source
                .next_for(cursor, seat, held)
                .filter(|_| held < HAND_CARDS)
                .ok_or(MissingCard { seat, street })?;
            dealt.push(seat, card);
            record(events, || {
                if is_up_position(held) {
                    Event::UpCard { seat, street, card }
                } else {
                    Event::DownCard { seat, street, card }
                }
            });
        }
    }
    Ok(())
}
