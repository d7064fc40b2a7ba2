//! The compact on-disk form of a [`HandHistory`]: postcard (a varint binary serde format)
//! of private mirror types, about a sixth of the JSON that histories were first stored as.
//!
//! The mirror types exist because the engine's [`Event`] is `#[serde(tag = "event")]`, which
//! a non-self-describing format cannot read back, and because the disk format must not
//! change when the engine reorders a variant or a field. They also drop what can be worked
//! out again: a card is its index (one byte), a seat one byte, and a `Shown` event keeps its
//! cards but not the `high` and `low` they make, which are recomputed on reading (from the
//! cards and the community card, as the showdown computed them).

use serde::{Deserialize, Serialize};

use super::HandHistory;
use crate::bank::UserId;
use crate::table::eval::best_high_low;
use crate::table::{ActionKind, Card, Event, Game, PotAward, SeatIndex, Stakes, Street};

/// Why a stored history could not be read back: the record is corrupt.
#[derive(Debug, thiserror::Error)]
pub(crate) enum StoredError {
    #[error("{0}")]
    Postcard(#[from] postcard::Error),
    #[error("{0} bytes follow the record")]
    TrailingBytes(usize),
    #[error("{0} is not a card")]
    Card(u8),
}

pub(crate) fn encode(history: &HandHistory) -> Result<Vec<u8>, postcard::Error> {
    let stored = StoredHistory {
        hand: history.hand,
        game: history.game.into(),
        stakes: (
            history.stakes.ante,
            history.stakes.bring_in,
            history.stakes.small_bet,
            history.stakes.big_bet,
        ),
        players: history.players.iter().map(|user| user.0).collect(),
        starting_stacks: history.starting_stacks.clone(),
        events: history.events.iter().filter_map(StoredEvent::of).collect(),
    };
    postcard::to_stdvec(&stored)
}

pub(crate) fn decode(bytes: &[u8]) -> Result<HandHistory, StoredError> {
    let (stored, rest) = postcard::take_from_bytes::<StoredHistory>(bytes)?;
    if !rest.is_empty() {
        return Err(StoredError::TrailingBytes(rest.len()));
    }
    let (ante, bring_in, small_bet, big_bet) = stored.stakes;
    let mut community = None;
    let mut events = Vec::with_capacity(stored.events.len());
    for event in stored.events {
        let event = event.into_event(community)?;
        if let Event::CommunityCard { card } = event {
            community = Some(card);
        }
        events.push(event);
    }
    Ok(HandHistory {
        hand: stored.hand,
        game: stored.game.into(),
        stakes: Stakes {
            ante,
            bring_in,
            small_bet,
            big_bet,
        },
        players: stored.players.into_iter().map(UserId).collect(),
        starting_stacks: stored.starting_stacks,
        events,
        sit_and_go: None,
        event: None,
    })
}

#[derive(Serialize, Deserialize)]
struct StoredHistory {
    hand: u64,
    game: StoredGame,
    /// Ante, bring-in, small bet, big bet.
    stakes: (u64, u64, u64, u64),
    players: Vec<u64>,
    starting_stacks: Vec<u64>,
    events: Vec<StoredEvent>,
}

/// A seat index in one byte: a table has at most eight seats.
type StoredSeat = u8;
/// A card as its [`Card::index`].
type StoredCard = u8;

#[derive(Serialize, Deserialize)]
enum StoredEvent {
    Ante(StoredSeat, u64, bool),
    UpCard(StoredSeat, StoredStreet, StoredCard),
    CommunityCard(StoredCard),
    StreetStarted(StoredStreet, Option<StoredSeat>),
    /// Seat, kind, chips, total, all-in.
    Acted(StoredSeat, StoredAction, u64, u64, bool),
    TurnedFaceUp(StoredSeat, Vec<StoredCard>),
    /// The cards only: what they make is recomputed.
    Shown(StoredSeat, Vec<StoredCard>),
    Mucked(StoredSeat),
    PotAwarded(StoredPotAward),
    Returned(StoredSeat, u64),
    HandEnded(Vec<u64>),
}

#[derive(Serialize, Deserialize)]
struct StoredPotAward {
    pot: u8,
    amount: u64,
    eligible: Vec<StoredSeat>,
    high: Vec<(StoredSeat, u64)>,
    low: Vec<(StoredSeat, u64)>,
    uncontested: bool,
}

fn seat(seat: SeatIndex) -> StoredSeat {
    // A seat index is below `MAX_SEATS` (8), so it always fits.
    StoredSeat::try_from(seat).unwrap_or(StoredSeat::MAX)
}

fn stored_cards(cards: &[Card]) -> Vec<StoredCard> {
    cards.iter().map(|card| card.index()).collect()
}

fn card(stored: StoredCard) -> Result<Card, StoredError> {
    Card::from_index(stored).ok_or(StoredError::Card(stored))
}

fn cards(stored: &[StoredCard]) -> Result<Vec<Card>, StoredError> {
    stored.iter().map(|&index| card(index)).collect()
}

fn seat_amounts(amounts: &[(SeatIndex, u64)]) -> Vec<(StoredSeat, u64)> {
    amounts
        .iter()
        .map(|&(index, chips)| (seat(index), chips))
        .collect()
}

fn seat_indexes<T: Copy>(stored: &[(StoredSeat, T)]) -> Vec<(SeatIndex, T)> {
    stored
        .iter()
        .map(|&(index, value)| (SeatIndex::from(index), value))
        .collect()
}

impl StoredEvent {
    /// The stored form of a public event; `None` for a `DownCard`, which is never stored.
    fn of(event: &Event) -> Option<StoredEvent> {
        Some(match event {
            Event::Ante {
                seat: s,
                chips,
                all_in,
            } => StoredEvent::Ante(seat(*s), *chips, *all_in),
            Event::DownCard { .. } => return None,
            Event::UpCard {
                seat: s,
                street,
                card,
            } => StoredEvent::UpCard(seat(*s), (*street).into(), card.index()),
            Event::CommunityCard { card } => StoredEvent::CommunityCard(card.index()),
            Event::StreetStarted {
                street,
                first_to_act,
            } => StoredEvent::StreetStarted((*street).into(), first_to_act.map(seat)),
            Event::Acted {
                seat: s,
                kind,
                chips,
                total,
                all_in,
            } => StoredEvent::Acted(seat(*s), (*kind).into(), *chips, *total, *all_in),
            Event::TurnedFaceUp { seat: s, cards } => {
                StoredEvent::TurnedFaceUp(seat(*s), stored_cards(cards))
            }
            Event::Shown { seat: s, cards, .. } => {
                StoredEvent::Shown(seat(*s), stored_cards(cards))
            }
            Event::Mucked { seat: s } => StoredEvent::Mucked(seat(*s)),
            Event::PotAwarded(award) => StoredEvent::PotAwarded(StoredPotAward {
                pot: u8::try_from(award.pot).unwrap_or(u8::MAX),
                amount: award.amount,
                eligible: award.eligible.iter().map(|&s| seat(s)).collect(),
                high: seat_amounts(&award.high),
                low: seat_amounts(&award.low),
                uncontested: award.uncontested,
            }),
            Event::Returned { seat: s, chips } => StoredEvent::Returned(seat(*s), *chips),
            Event::HandEnded { stacks } => StoredEvent::HandEnded(stacks.clone()),
        })
    }

    /// The event again; `community` is the community card dealt before it, if any.
    fn into_event(self, community: Option<Card>) -> Result<Event, StoredError> {
        Ok(match self {
            StoredEvent::Ante(seat, chips, all_in) => Event::Ante {
                seat: seat.into(),
                chips,
                all_in,
            },
            StoredEvent::UpCard(seat, street, stored) => Event::UpCard {
                seat: seat.into(),
                street: street.into(),
                card: card(stored)?,
            },
            StoredEvent::CommunityCard(stored) => Event::CommunityCard {
                card: card(stored)?,
            },
            StoredEvent::StreetStarted(street, first_to_act) => Event::StreetStarted {
                street: street.into(),
                first_to_act: first_to_act.map(SeatIndex::from),
            },
            StoredEvent::Acted(seat, kind, chips, total, all_in) => Event::Acted {
                seat: seat.into(),
                kind: kind.into(),
                chips,
                total,
                all_in,
            },
            StoredEvent::TurnedFaceUp(seat, stored) => Event::TurnedFaceUp {
                seat: seat.into(),
                cards: cards(&stored)?,
            },
            StoredEvent::Shown(seat, stored) => {
                let cards = cards(&stored)?;
                // As the showdown made them: the seat's own cards and the community card.
                let mut playing = cards.clone();
                playing.extend(community);
                let (high, low) = best_high_low(&playing);
                Event::Shown {
                    seat: seat.into(),
                    cards,
                    high,
                    low,
                }
            }
            StoredEvent::Mucked(seat) => Event::Mucked { seat: seat.into() },
            StoredEvent::PotAwarded(award) => Event::PotAwarded(Box::new(PotAward {
                pot: award.pot.into(),
                amount: award.amount,
                eligible: award.eligible.iter().map(|&s| s.into()).collect(),
                high: seat_indexes(&award.high),
                low: seat_indexes(&award.low),
                uncontested: award.uncontested,
            })),
            StoredEvent::Returned(seat, chips) => Event::Returned {
                seat: seat.into(),
                chips,
            },
            StoredEvent::HandEnded(stacks) => Event::HandEnded { stacks },
        })
    }
}

/// Declares a mirror of a fieldless engine enum, with the conversions both ways: the
/// mirror's variant order is the disk format, whatever order the engine declares.
macro_rules! mirror {
    ($stored:ident, $engine:ident { $($variant:ident),+ $(,)? }) => {
        #[derive(Clone, Copy, Serialize, Deserialize)]
        enum $stored {
            $($variant),+
        }

        impl From<$engine> for $stored {
            fn from(value: $engine) -> $stored {
                match value {
                    $($engine::$variant => $stored::$variant),+
                }
            }
        }

        impl From<$stored> for $engine {
            fn from(value: $stored) -> $engine {
                match value {
                    $($stored::$variant => $engine::$variant),+
                }
            }
        }
    };
}

mirror!(StoredGame, Game { Stud8, Stud, Razz });
mirror!(
    StoredStreet,
    Street {
        Third,
        Fourth,
        Fifth,
        Sixth,
        Seventh,
        Showdown,
    }
);
mirror!(
    StoredAction,
    ActionKind {
        BringIn,
        Complete,
        Bet,
        Raise,
        Call,
        Check,
        Fold,
        BetBig,
        RaiseBig,
    }
);
