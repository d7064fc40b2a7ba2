//! What an equity question is made of: the game, each player's cards so far, the cards known
//! to be out of the deck, the pots and who may win each, and how the missing cards will come
//! (each player's own, or a shared seventh card when the deck runs short, docs/RULES.md "Deal").
//! Building a [`Spot`] checks all of it, so the solvers never meet a bad one.

use thiserror::Error;

use crate::table::{Card, Game};

pub use crate::table::HAND_CARDS;
/// Fewest and most players an equity question can have: a stud table's.
pub const MIN_PLAYERS: usize = crate::table::MIN_SEATS;
pub const MAX_PLAYERS: usize = crate::table::MAX_SEATS;
const DECK_CARDS: usize = 52;

/// One pot: its chips and the players (indices into the spot's hands) who may win it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpotPot {
    pub amount: u64,
    pub players: Vec<usize>,
}

/// Why a set of hands is not an equity question.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpotError {
    #[error("{0} hand(s) given: give {MIN_PLAYERS} to {MAX_PLAYERS} hands")]
    PlayerCount(usize),
    #[error("hand {player} has no cards: give 1 to {HAND_CARDS} cards per hand")]
    EmptyHand { player: usize },
    #[error("hand {player} has {count} cards: a stud hand has at most {HAND_CARDS}")]
    TooManyCards { player: usize, count: usize },
    #[error("`{0}` is given more than once: each card exists once in the deck")]
    DuplicateCard(Card),
    #[error(
        "the hands need {needed} more cards but only {left} are left in the deck \
         (even sharing a community seventh card)"
    )]
    DeckTooShort { needed: usize, left: usize },
    #[error("a pot names player {player}, but there are only {players} hands")]
    UnknownPotPlayer { player: usize, players: usize },
    #[error("the pots hold no chips and name no player who could win them")]
    EmptyPots,
}

/// How the missing cards are dealt: all from the deck to each player, or (when the deck is
/// too short for everyone's seventh card) each player's own up to the sixth, then one
/// community card every player who still needs a card uses as their seventh.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seventh {
    Own,
    Community,
}

/// A checked equity question. Player indices follow the order of the hands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    game: Game,
    hands: Vec<Vec<Card>>,
    /// Every card not in a hand or dead, in index order: what the missing cards come from.
    unseen: Vec<Card>,
    pots: Vec<SpotPot>,
    seventh: Seventh,
}

impl Spot {
    /// A spot with one pot shared by every hand. `dead` are cards known to be out of the deck
    /// (folded up cards). The seventh card is a community card only when the deck cannot give
    /// every player their own.
    pub fn new(game: Game, hands: Vec<Vec<Card>>, dead: &[Card]) -> Result<Spot, SpotError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&hands.len()) {
            return Err(SpotError::PlayerCount(hands.len()));
        }
        let mut seen = [false; DECK_CARDS];
        for (player, hand) in hands.iter().enumerate() {
            if hand.is_empty() {
                return Err(SpotError::EmptyHand { player: player + 1 });
            }
            if hand.len() > HAND_CARDS {
                return Err(SpotError::TooManyCards {
                    player: player + 1,
                    count: hand.len(),
                });
            }
        }
        for &card in hands.iter().flatten().chain(dead) {
            let slot = &mut seen[usize::from(card.index())];
            if *slot {
                return Err(SpotError::DuplicateCard(card));
            }
            *slot = true;
        }
        let unseen: Vec<Card> = Card::all()
            .filter(|card| !seen[usize::from(card.index())])
            .collect();
        let players = hands.len();
        let mut spot = Spot {
            game,
            hands,
            unseen,
            pots: vec![SpotPot {
                amount: 1,
                players: (0..players).collect(),
            }],
            seventh: Seventh::Own,
        };
        let own = spot.cards_needed(Seventh::Own);
        if own > spot.unseen.len() {
            let shared = spot.cards_needed(Seventh::Community);
            if shared > spot.unseen.len() {
                return Err(SpotError::DeckTooShort {
                    needed: own,
                    left: spot.unseen.len(),
                });
            }
            spot.seventh = Seventh::Community;
        }
        Ok(spot)
    }

    /// The same spot with these pots (main pot first): each pot is won only among its own
    /// players. Pots naming no player are dropped (no one can win them).
    pub fn with_pots(mut self, pots: Vec<SpotPot>) -> Result<Spot, SpotError> {
        let players = self.hands.len();
        if let Some(&player) = pots
            .iter()
            .flat_map(|pot| &pot.players)
            .find(|&&player| player >= players)
        {
            return Err(SpotError::UnknownPotPlayer { player, players });
        }
        let pots: Vec<SpotPot> = pots
            .into_iter()
            .filter(|pot| !pot.players.is_empty())
            .collect();
        if pots.iter().all(|pot| pot.amount == 0) {
            return Err(SpotError::EmptyPots);
        }
        self.pots = pots;
        Ok(self)
    }

    /// The same spot with the seventh card dealt as the table will deal it (the table knows
    /// how many cards its deck really holds; folded down cards are unseen but not in it).
    pub fn with_seventh(mut self, seventh: Seventh) -> Result<Spot, SpotError> {
        let needed = self.cards_needed(seventh);
        if needed > self.unseen.len() {
            return Err(SpotError::DeckTooShort {
                needed,
                left: self.unseen.len(),
            });
        }
        self.seventh = seventh;
        Ok(self)
    }

    pub fn game(&self) -> Game {
        self.game
    }

    pub fn hands(&self) -> &[Vec<Card>] {
        &self.hands
    }

    pub fn unseen(&self) -> &[Card] {
        &self.unseen
    }

    pub fn pots(&self) -> &[SpotPot] {
        &self.pots
    }

    pub fn seventh(&self) -> Seventh {
        self.seventh
    }

    /// True when a community card is actually dealt: the deal calls for one and someone
    /// still needs a card.
    pub fn deals_community(&self) -> bool {
        self.seventh == Seventh::Community && self.hands.iter().any(|h| h.len() < HAND_CARDS)
    }

    /// The cards each player gets from the deck for themselves.
    pub fn own_cards_missing(&self) -> Vec<usize> {
        let community = usize::from(self.deals_community());
        self.hands
            .iter()
            .map(|hand| (HAND_CARDS - hand.len()).saturating_sub(community))
            .collect()
    }

    fn cards_needed(&self, seventh: Seventh) -> usize {
        let missing = self.hands.iter().map(|hand| HAND_CARDS - hand.len());
        match seventh {
            Seventh::Own => missing.sum(),
            Seventh::Community => {
                let own: usize = missing.clone().map(|m| m.saturating_sub(1)).sum();
                own + usize::from(missing.clone().any(|m| m > 0))
            }
        }
    }

    /// The number of ways to deal the missing cards (what an exact enumeration visits):
    /// the community card's choices times, player by player, the ways to give each their
    /// own cards from what is left. `None` past `u128`.
    pub fn runouts(&self) -> Option<u128> {
        let mut left = self.unseen.len() as u128;
        let mut total: u128 = 1;
        if self.deals_community() {
            total = left;
            left -= 1;
        }
        for missing in self.own_cards_missing() {
            total = total.checked_mul(binomial(left, missing as u128)?)?;
            left = left.checked_sub(missing as u128)?;
        }
        Some(total)
    }
}

/// `n` choose `k`, `None` on overflow.
pub fn binomial(n: u128, k: u128) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        // Exact at every step: a product of i + 1 consecutive integers divides by (i + 1)!.
        result = result.checked_mul(n - i)? / (i + 1);
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(text: &str) -> Vec<Card> {
        Card::parse_many(text).unwrap()
    }

    #[test]
    fn heads_up_from_fifth_street_has_pokenums_671580_runouts() {
        let spot = Spot::new(
            Game::Stud8,
            vec![hand("As 2h 3d 9c 9s"), hand("Kd Kh 7c 6s 5d")],
            &[],
        )
        .unwrap();
        assert_eq!(spot.runouts(), Some(861 * 780));
        assert_eq!(spot.runouts(), Some(671_580));
    }

    #[test]
    fn eight_players_on_sixth_street_share_a_community_seventh_card() {
        let deck: Vec<Card> = Card::all().collect();
        let hands: Vec<Vec<Card>> = deck.chunks(6).take(8).map(<[Card]>::to_vec).collect();
        let spot = Spot::new(Game::Stud8, hands, &[]).unwrap();
        assert_eq!(spot.seventh(), Seventh::Community);
        assert_eq!(spot.own_cards_missing(), vec![0; 8]);
        assert_eq!(spot.runouts(), Some(4));
    }

    #[test]
    fn a_deck_too_short_even_with_a_community_card_is_refused() {
        let deck: Vec<Card> = Card::all().collect();
        let mut hands: Vec<Vec<Card>> = deck.chunks(5).take(8).map(<[Card]>::to_vec).collect();
        let dead = &deck[40..50];
        hands.truncate(8);
        let error = Spot::new(Game::Stud8, hands, dead).unwrap_err();
        assert!(matches!(error, SpotError::DeckTooShort { .. }), "{error}");
    }
}
