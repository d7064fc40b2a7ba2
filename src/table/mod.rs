//! The rules of Seven-Card Stud Hi/Lo, eight or better: pure, synchronous and deterministic.
//! No clock, no I/O, no Discord or sled type: randomness comes in as a seed or a stacked deck,
//! so every hand can be replayed exactly.

pub mod betting;
pub mod bring_in;
pub mod card;
pub mod card_source;
pub mod computer;
pub mod deal;
pub mod deck;
pub mod eval;
pub mod first_to_act;
pub mod hand;
pub mod odd_chip;
pub mod phh;
pub mod pot;
pub mod replay;
pub mod rules;
pub mod seats;
pub mod showdown;

pub use card::{Card, Rank, Suit};
pub use deck::Deck;
pub use hand::{
    ActionError, ActionKind, Event, Hand, HandResult, LegalAction, PotAward, PrivateView,
    PublicSeat, PublicView, SeatIndex, SeatState, StartError, Street,
};
pub use rules::{OddChip, Rules, ShortAllIn, Stakes};
