//! The rules of seven-card stud — Stud/8 (hi/lo, eight or better), Stud and Razz: pure, synchronous and deterministic.
//! No clock, no I/O, no Discord or sled type: randomness comes in as a seed or a stacked deck,
//! so every hand can be replayed exactly.

/// One convention for the engine's named enums: `ALL` (every value, in order) and a
/// `const fn name(self)` are written by hand; this derives `NAMED` (each value with its
/// name, as settings and serde offer them) and `from_name` from those two, so no name is
/// written twice.
macro_rules! named_from_all {
    ($kind:ty, $first:expr, $count:literal) => {
        impl $kind {
            /// Every value with its name, in [`Self::ALL`]'s order.
            pub const NAMED: [($kind, &'static str); $count] = {
                let mut named = [($first, ""); $count];
                let mut index = 0;
                while index < named.len() {
                    let value = <$kind>::ALL[index];
                    named[index] = (value, value.name());
                    index += 1;
                }
                named
            };

            /// The value named `name`, exactly as [`Self::name`] writes it.
            pub fn from_name(name: &str) -> Option<$kind> {
                <$kind>::ALL.into_iter().find(|value| value.name() == name)
            }
        }
    };
}

mod betting;
mod bring_in;
pub mod card;
mod card_source;
pub mod computer;
mod deal;
pub mod deck;
mod errors;
pub mod eval;
mod first_to_act;
mod game;
pub mod hand;
mod odd_chip;
mod outcome;
pub mod phh;
mod pot;
mod pot_division;
mod pre_action;
pub mod replay;
pub mod rules;
mod seats;
mod showdown;
mod vocab;

pub use card::{Card, Rank, Suit};
pub use deck::Deck;
pub use eval::ace_five_low;
pub use eval::ace_five_low::{AceFiveLow, best_ace_five_low, best_ace_five_low_cards};
pub use game::{
    BoardRanking, BringInCard, DEFAULT_MIX_HANDS, Game, GameChoice, MIX_ORDER, MixLeg, PotRule,
};
pub use hand::{
    ActionError, ActionKind, Event, Hand, HandResult, HandSetup, LegalAction, Phase, PotAward,
    PrivateView, PublicSeat, PublicView, SeatIndex, SeatState, StartError, Street,
};
pub use outcome::SeatWins;
pub use pre_action::PreAction;
pub use rules::{GameRulesError, OddChip, Rules, RulesError, ShortAllIn, Stakes};
pub use seats::{MAX_SEATS, MIN_SEATS, STREETS_BET};
pub use vocab::{HAND_CARDS, default_action};
