//! How a hand starts, as one described value: the game, the stakes and rules, each seat's
//! stack, where the cards come from and how the streets after the betting are dealt.
//! [`Hand::new`] starts a hand from a [`HandSetup`] and [`Hand::restart`] starts one in an
//! old hand's place; [`Hand::start`] names the one setup used most (Stud/8 from a deck).

use super::{Hand, StartError};
use crate::table::card::Card;
use crate::table::deck::Deck;
use crate::table::game::Game;
use crate::table::rules::{Rules, Stakes};

/// Where a hand's cards come from.
#[derive(Debug, Clone)]
pub enum Cards {
    /// Dealt from a deck, one card at a time in seat order.
    Deck(Deck),
    /// Each seat's cards given (`studbot replay`): `cards[i]` is what seat i receives in the
    /// order dealt (down, down, up, up, up, up, down); a seat that folds early may list only
    /// what it received. `community`, when given, is turned on seventh street instead of
    /// every seat's seventh card. When a seat still in the hand has no card left to receive,
    /// the action that would deal it is refused with `ActionError::MissingCard` (or
    /// [`StartError::MissingCard`] while starting).
    PerSeat {
        cards: Vec<Vec<Card>>,
        community: Option<Card>,
    },
}

/// How the streets after the betting are dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DealOut {
    /// Straight through to the showdown in the action that ended the betting (`sim`,
    /// `replay`: nothing to show in between).
    #[default]
    AtOnce,
    /// For a table that shows the hand as it goes: when betting is over before seventh
    /// street, the live hands are turned face up and the hand stops in
    /// [`Phase::DealingOut`](super::Phase::DealingOut); each [`Hand::deal_next_street`] then
    /// deals one street (seventh street and the showdown together). The cards, actions and
    /// result are those of [`DealOut::AtOnce`] with the same cards.
    StreetByStreet,
}

/// Everything a hand starts from. `stacks[i]` is seat i's stack, seats in deal order.
#[derive(Debug, Clone)]
pub struct HandSetup<'a> {
    pub game: Game,
    pub stakes: Stakes,
    pub rules: Rules,
    pub stacks: &'a [u64],
    pub cards: Cards,
    pub deal_out: DealOut,
}

impl<'a> HandSetup<'a> {
    /// A hand of `game` dealt from `deck`, straight through once the betting is over.
    pub fn from_deck(
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &'a [u64],
        deck: Deck,
    ) -> HandSetup<'a> {
        HandSetup {
            game,
            stakes,
            rules,
            stacks,
            cards: Cards::Deck(deck),
            deal_out: DealOut::AtOnce,
        }
    }

    /// A hand of `game` dealt from each seat's given cards (see [`Cards::PerSeat`]).
    pub fn from_seat_cards(
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &'a [u64],
        cards: Vec<Vec<Card>>,
        community: Option<Card>,
    ) -> HandSetup<'a> {
        HandSetup {
            game,
            stakes,
            rules,
            stacks,
            cards: Cards::PerSeat { cards, community },
            deal_out: DealOut::AtOnce,
        }
    }

    /// The same hand, dealt out street by street once the betting is over.
    pub fn street_by_street(self) -> HandSetup<'a> {
        HandSetup {
            deal_out: DealOut::StreetByStreet,
            ..self
        }
    }
}

/// The setup used most, by name: the tests and tools that deal the rulebook's default game.
impl Hand {
    /// A hand of Stud/8, the default game, from `deck`: antes are posted, third street is
    /// dealt one card at a time in seat order, and the bring-in is determined. Any other
    /// setup is [`Hand::new`] of a [`HandSetup`].
    pub fn start(
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        deck: Deck,
    ) -> Result<Hand, StartError> {
        Hand::new(HandSetup::from_deck(
            Game::Stud8,
            stakes,
            rules,
            stacks,
            deck,
        ))
    }
}
