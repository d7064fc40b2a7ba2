//! Cards as people read them: rank then suit emoji, "10" for the ten, card backs for cards
//! that are face down. The emoji presentation (♥️ ♦️ red, ♠️ ♣️ black) keeps the suits'
//! colours on phones, where the bare text symbols are all drawn black.

use crate::table::card::{Card, Rank, Suit};

/// The symbol of a face-down card.
pub fn card_back() -> &'static str {
    "🂠"
}

pub fn suit_symbol(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "♠️",
        Suit::Hearts => "♥️",
        Suit::Diamonds => "♦️",
        Suit::Clubs => "♣️",
    }
}

/// "2" … "10", "J", "Q", "K", "A".
pub fn rank_symbol(rank: Rank) -> &'static str {
    match rank {
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

/// One card, e.g. "10♥️".
pub fn card(card: Card) -> String {
    let mut text = String::from(rank_symbol(card.rank));
    text.push_str(suit_symbol(card.suit));
    text
}

/// Cards separated by spaces, e.g. "A♠️ 10♥️ 7♦️".
pub fn cards(cards: &[Card]) -> String {
    cards.iter().map(|c| card(*c)).collect::<Vec<_>>().join(" ")
}

/// `count` card backs, e.g. "🂠🂠".
pub fn card_backs(count: usize) -> String {
    card_back().repeat(count)
}
