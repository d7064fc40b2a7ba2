//! Cards as people read them, in one of three styles ([`CardStyle`]):
//! - text: rank then suit emoji, "10" for the ten, 🂠 for a card face down. The emoji
//!   presentation (♥️ ♦️ red, ♠️ ♣️ black) keeps the suits' colours on phones, where the bare
//!   text symbols are all drawn black;
//! - pictures: each card as the markup of its picture ([`CardImages`]: the bot's emoji of the
//!   faces in `crate::faces`), the renderer knowing no more of it than the text to write;
//! - a terminal's: the text style with the ranks and suits coloured by ANSI codes
//!   ([`colour_for_terminal`]), red hearts and diamonds.

use crate::faces::{Face, Palette};
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

/// "2" … "10", "J", "Q", "K", "A" (`Rank::printed`, which the card faces write too).
pub fn rank_symbol(rank: Rank) -> &'static str {
    rank.printed()
}

/// One card, e.g. "10♥️".
pub fn card(card: Card) -> String {
    CardStyle::Text.card(card)
}

/// Cards separated by spaces, e.g. "A♠️ 10♥️ 7♦️".
pub fn cards(cards: &[Card]) -> String {
    CardStyle::Text.cards(cards)
}

/// The text that shows each face as a picture: for the bot, `<:c_As:1234…>`, its emoji.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardImages {
    /// By [`Card::index`].
    faces: Vec<String>,
    back: String,
}

impl CardImages {
    /// The markup of every face, as `markup` writes it.
    pub fn new(markup: impl Fn(Face) -> String) -> CardImages {
        CardImages {
            faces: Card::all().map(|card| markup(Face::Card(card))).collect(),
            back: markup(Face::Back),
        }
    }

    pub fn face(&self, card: Card) -> &str {
        self.faces
            .get(usize::from(card.index()))
            .map_or("", String::as_str)
    }

    pub fn back(&self) -> &str {
        &self.back
    }
}

/// How cards are written.
#[derive(Debug, Clone, Copy, Default)]
pub enum CardStyle<'a> {
    /// Rank and suit emoji: "A♠️ 10♥️", backs "🂠".
    #[default]
    Text,
    /// Each card as its picture, side by side.
    Images(&'a CardImages),
}

impl CardStyle<'_> {
    pub fn card(self, card: Card) -> String {
        match self {
            CardStyle::Text => {
                let mut text = String::from(rank_symbol(card.rank));
                text.push_str(suit_symbol(card.suit));
                text
            }
            CardStyle::Images(images) => images.face(card).to_owned(),
        }
    }

    /// Cards in a row: spaced as text, touching as pictures (as cards held in a hand, and
    /// a character saved per card).
    pub fn cards(self, cards: &[Card]) -> String {
        let separator = match self {
            CardStyle::Text => " ",
            CardStyle::Images(_) => "",
        };
        cards
            .iter()
            .map(|card| self.card(*card))
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// `count` cards face down.
    pub fn backs(self, count: usize) -> String {
        match self {
            CardStyle::Text => card_back().repeat(count),
            CardStyle::Images(images) => images.back().repeat(count),
        }
    }

    pub fn is_images(self) -> bool {
        matches!(self, CardStyle::Images(_))
    }
}

/// ANSI colour codes of a suit in `palette`, or `None` for the terminal's own colour.
fn ansi_colour(suit: Suit, palette: Palette) -> Option<&'static str> {
    match (suit, palette) {
        (Suit::Hearts, _) | (Suit::Diamonds, Palette::TwoColour) => Some("\x1b[31m"),
        (Suit::Diamonds, Palette::FourColour) => Some("\x1b[34m"),
        (Suit::Clubs, Palette::FourColour) => Some("\x1b[32m"),
        (Suit::Spades, _) | (Suit::Clubs, Palette::TwoColour) => None,
    }
}

const ANSI_RESET: &str = "\x1b[0m";

/// Text-style cards recoloured for a terminal that shows colours: each card's rank and suit in
/// its suit's colour (red hearts and diamonds; `palette` may add green clubs and blue
/// diamonds), the suit as its text symbol so the terminal's colour applies rather than an
/// emoji font's. Everything else is left as it is.
pub fn colour_for_terminal(text: &str, palette: Palette) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    // The rank just written, still uncoloured: `out[rank_start..]`.
    let mut rank_start: Option<usize> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let suit = match c {
            '♠' => Some(Suit::Spades),
            '♥' => Some(Suit::Hearts),
            '♦' => Some(Suit::Diamonds),
            '♣' => Some(Suit::Clubs),
            _ => None,
        };
        let Some(suit) = suit else {
            let extends_rank = c.is_ascii_digit() || matches!(c, 'A' | 'K' | 'Q' | 'J');
            if extends_rank {
                rank_start.get_or_insert(out.len());
            } else {
                rank_start = None;
            }
            out.push(c);
            continue;
        };
        // The emoji form's variation selector goes: the bare symbol takes the colour.
        if chars.peek() == Some(&'\u{fe0f}') {
            chars.next();
        }
        let rank = rank_start
            .take()
            .map(|start| out.split_off(start))
            .unwrap_or_default();
        match ansi_colour(suit, palette) {
            Some(colour) => {
                out.push_str(colour);
                out.push_str(&rank);
                out.push(c);
                out.push_str(ANSI_RESET);
            }
            None => {
                out.push_str(&rank);
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Vec<Card> {
        Card::parse_many(text).unwrap()
    }

    #[test]
    fn text_cards_are_rank_and_suit_emoji_spaced_and_backs_are_card_symbols() {
        assert_eq!(cards(&parsed("As Th 7d 2c")), "A♠️ 10♥️ 7♦️ 2♣️");
        assert_eq!(CardStyle::Text.backs(3), "🂠🂠🂠");
    }

    #[test]
    fn picture_cards_are_each_faces_markup_side_by_side() {
        let images = CardImages::new(|face| format!("<{}>", face.name(Palette::TwoColour)));
        let style = CardStyle::Images(&images);
        assert_eq!(style.cards(&parsed("As Th")), "<c_As><c_Th>");
        assert_eq!(style.backs(2), "<c_back><c_back>");
    }

    #[test]
    fn a_terminal_colours_red_suits_with_their_rank_and_leaves_black_ones_plain() {
        let text = "Ana (1,000) 🂠🂠 10♥️ A♠️ 7♦️ · bet 20";
        assert_eq!(
            colour_for_terminal(text, Palette::TwoColour),
            "Ana (1,000) 🂠🂠 \x1b[31m10♥\x1b[0m A♠ \x1b[31m7♦\x1b[0m · bet 20"
        );
        assert_eq!(
            colour_for_terminal("K♣️ Q♦️", Palette::FourColour),
            "\x1b[32mK♣\x1b[0m \x1b[34mQ♦\x1b[0m"
        );
        // A word ending in a capital is no rank of a card not beside it.
        assert_eq!(colour_for_terminal("OK", Palette::TwoColour), "OK");
    }
}
