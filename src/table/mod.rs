//! The rules of Seven-Card Stud Hi/Lo, eight or better: pure, synchronous and deterministic.
//! No clock, no I/O, no Discord or sled type: randomness comes in as a seed or a stacked deck,
//! so every hand can be replayed exactly.

pub mod card;
pub mod computer;
pub mod deck;
pub mod eval;
pub mod hand;
pub mod phh;
pub mod replay;
pub mod rules;

pub use card::{Card, Rank, Suit};
pub use deck::Deck;
pub use hand::{ActionKind, Event, Hand, LegalAction, SeatIndex, Street};
pub use rules::{OddChip, Rules, ShortAllIn, Stakes};
