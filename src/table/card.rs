//! Cards, ranks and suits: parsing (`As`, `Td`, `2c`), printing, and the ordering rules
//! that the rest of the engine relies on (ranks 2 < … < A, suits c < d < h < s).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// A suit. The declaration order is the bring-in tie-break order of docs/RULES.md:
/// clubs < diamonds < hearts < spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// 0 for clubs … 3 for spades.
    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(index: u8) -> Option<Suit> {
        Suit::ALL.get(usize::from(index)).copied()
    }

    /// The lowercase letter used in card notation (`c`, `d`, `h`, `s`).
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    pub fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_lowercase() {
            'c' => Some(Suit::Clubs),
            'd' => Some(Suit::Diamonds),
            'h' => Some(Suit::Hearts),
            's' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// A rank, deuce to ace. Ordered with the ace high; ace-to-five lows treat the ace as
/// low through [`Rank::low_value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// How a card shows its rank to people: "2" … "10", "J", "Q", "K", "A" (ten as "10", as
    /// on printed cards; [`Rank::symbol`] is the notation's `T`). The text renderer and the
    /// card faces both write it.
    pub fn printed(self) -> &'static str {
        match self {
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// 2 for a deuce … 14 for an ace.
    pub fn value(self) -> u8 {
        self as u8
    }

    /// The rank's value in an ace-to-five low: the ace counts 1, everything else its face.
    pub fn low_value(self) -> u8 {
        match self {
            Rank::Ace => 1,
            other => other.value(),
        }
    }

    pub fn from_value(value: u8) -> Option<Rank> {
        match value {
            1 | 14 => Some(Rank::Ace),
            2..=13 => Rank::ALL.get(usize::from(value - 2)).copied(),
            _ => None,
        }
    }

    /// The character used in card notation (`2`…`9`, `T`, `J`, `Q`, `K`, `A`).
    pub fn symbol(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    pub fn from_symbol(symbol: char) -> Option<Rank> {
        match symbol.to_ascii_uppercase() {
            '2' => Some(Rank::Two),
            '3' => Some(Rank::Three),
            '4' => Some(Rank::Four),
            '5' => Some(Rank::Five),
            '6' => Some(Rank::Six),
            '7' => Some(Rank::Seven),
            '8' => Some(Rank::Eight),
            '9' => Some(Rank::Nine),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }
}

/// One card of the 52-card deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    /// Fills the unused slots of fixed card buffers (a deck's, a deal's); never read.
    pub const PLACEHOLDER: Card = Card::new(Rank::Two, Suit::Clubs);

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// A dense index 0..52: `(rank - 2) * 4 + suit`, so cards sort by rank, then suit.
    pub fn index(self) -> u8 {
        (self.rank.value() - 2) * 4 + self.suit.index()
    }

    pub fn from_index(index: u8) -> Option<Card> {
        if index >= 52 {
            return None;
        }
        let rank = Rank::from_value(index / 4 + 2)?;
        let suit = Suit::from_index(index % 4)?;
        Some(Card { rank, suit })
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0u8..52).filter_map(Card::from_index)
    }

    /// Parses a whitespace- or comma-separated list such as `"As Kd 7c"` or `"AsKd7c"`.
    pub fn parse_many(text: &str) -> Result<Vec<Card>, CardParseError> {
        let compact: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        if !compact.len().is_multiple_of(2) {
            return Err(CardParseError::Malformed(text.trim().to_string()));
        }
        compact
            .chunks(2)
            .map(|pair| pair.iter().collect::<String>().parse())
            .collect()
    }
}

/// Cards order by rank, then suit (clubs lowest): the bring-in order with the ace high.
impl Ord for Card {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.symbol(), self.suit.letter())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardParseError {
    #[error(
        "`{0}` is not a card: write a rank (2-9, T, J, Q, K, A) then a suit (c, d, h, s), e.g. `As` or `Td`"
    )]
    Malformed(String),
}

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(text: &str) -> Result<Card, CardParseError> {
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let malformed = || CardParseError::Malformed(trimmed.to_string());
        let (Some(rank), Some(suit), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(malformed());
        };
        let rank = Rank::from_symbol(rank).ok_or_else(malformed)?;
        let suit = Suit::from_letter(suit).ok_or_else(malformed)?;
        Ok(Card { rank, suit })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_notation_and_index() {
        let all: Vec<Card> = Card::all().collect();
        assert_eq!(all.len(), 52);
        for card in all {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(Card::from_index(card.index()), Some(card));
        }
    }

    #[test]
    fn parsing_accepts_lowercase_ranks_and_rejects_junk() {
        assert_eq!("td".parse::<Card>().map(|c| c.to_string()), Ok("Td".into()));
        for junk in ["", "A", "Ax", "1s", "10s", "Ass", "🂡"] {
            assert!(junk.parse::<Card>().is_err(), "{junk:?} parsed");
        }
    }

    #[test]
    fn cards_order_by_rank_then_suit_with_clubs_lowest() {
        let two_clubs: Card = "2c".parse().unwrap();
        let two_spades: Card = "2s".parse().unwrap();
        let ace_clubs: Card = "Ac".parse().unwrap();
        assert!(two_clubs < two_spades);
        assert!(two_spades < ace_clubs);
    }

    #[test]
    fn parse_many_reads_separated_and_compact_lists() {
        let spaced = Card::parse_many("As, Kd 7c").unwrap();
        let compact = Card::parse_many("AsKd7c").unwrap();
        assert_eq!(spaced, compact);
        assert!(Card::parse_many("AsK").is_err());
    }
}
