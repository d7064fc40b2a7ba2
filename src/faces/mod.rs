//! The card faces the bot shows as its own emoji: 52 faces and a back, drawn by our code and
//! written as PNG. Pure: the same face is the same bytes on every machine, so a face can be
//! compared, uploaded once and recognised again.
//!
//! Each face is a square picture of [`SIZE`] pixels (what Discord shows an emoji from) holding
//! an upright card: its rank large on top, its suit below, both sized to read when Discord
//! draws the emoji 22 pixels high in a line of text. Red hearts and diamonds, black spades and
//! clubs; the four-colour deck ([`Palette::FourColour`]) makes clubs green and diamonds blue,
//! as online card rooms offer.
//!
//! The ranks are glyphs of the font in `assets/fonts/` (read with `ttf-parser`), the suits and
//! the back are our own paths (`shapes.rs`); `tiny-skia` fills them and encodes the PNG.

mod ranks;
mod shapes;
#[cfg(test)]
mod tests;

use tiny_skia::{Color, Pixmap};

use crate::table::card::{Card, Rank, Suit};

/// The width and height of every face, in pixels: Discord keeps an emoji at 128 × 128.
pub const SIZE: u32 = 128;

/// How many faces a deck has: 52 cards and the back.
pub const FACE_COUNT: usize = 53;

/// Which colours the suits are drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Palette {
    /// Red hearts and diamonds, black spades and clubs.
    #[default]
    TwoColour,
    /// Black spades, red hearts, green clubs, blue diamonds.
    FourColour,
}

/// One picture of the deck: a card's face, or the back every face-down card shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    Card(Card),
    Back,
}

impl Face {
    /// Every face: the 52 cards in the deck's order, then the back.
    pub fn all() -> impl Iterator<Item = Face> {
        Card::all()
            .map(Face::Card)
            .chain(std::iter::once(Face::Back))
    }

    /// A short name made of ASCII letters and digits: the card's notation (`As`, `Td`), or
    /// `back`.
    pub fn code(self) -> String {
        match self {
            Face::Card(card) => card.to_string(),
            Face::Back => "back".to_owned(),
        }
    }

    /// The face's name as a file and as the bot's emoji: `c_As`, `c_Td`, `c_back`; a
    /// four-colour face is `c4_As` (the back is the same in both decks). Letters, digits and
    /// `_`, 4 to 6 characters: within Discord's rule for emoji names (2 to 32 of those).
    pub fn name(self, palette: Palette) -> String {
        let prefix = match (self, palette) {
            (Face::Card(_), Palette::FourColour) => "c4_",
            _ => "c_",
        };
        format!("{prefix}{}", self.code())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum FaceError {
    #[error("the card font in assets/fonts/ cannot be read: {0}")]
    Font(String),
    #[error("the font has no glyph for {0:?}")]
    MissingGlyph(char),
    #[error("a face could not be drawn")]
    Canvas,
    #[error("a face could not be written as PNG: {0}")]
    Png(String),
}

/// The PNG of one face.
pub fn png(face: Face, palette: Palette) -> Result<Vec<u8>, FaceError> {
    let pixmap = draw(face, palette)?;
    pixmap
        .encode_png()
        .map_err(|error| FaceError::Png(error.to_string()))
}

/// Every face with its PNG, in [`Face::all`]'s order.
pub fn all_pngs(palette: Palette) -> Result<Vec<(Face, Vec<u8>)>, FaceError> {
    let glyphs = ranks::Glyphs::load()?;
    Face::all()
        .map(|face| {
            let pixmap = draw_with(&glyphs, face, palette)?;
            let bytes = pixmap
                .encode_png()
                .map_err(|error| FaceError::Png(error.to_string()))?;
            Ok((face, bytes))
        })
        .collect()
}

/// One face as pixels.
pub fn draw(face: Face, palette: Palette) -> Result<Pixmap, FaceError> {
    draw_with(&ranks::Glyphs::load()?, face, palette)
}

fn draw_with(glyphs: &ranks::Glyphs, face: Face, palette: Palette) -> Result<Pixmap, FaceError> {
    let mut pixmap = Pixmap::new(SIZE, SIZE).ok_or(FaceError::Canvas)?;
    match face {
        Face::Card(card) => {
            shapes::card_body(&mut pixmap)?;
            let ink = suit_colour(card.suit, palette);
            glyphs.draw_rank(&mut pixmap, rank_text(card.rank), ink)?;
            shapes::suit(&mut pixmap, card.suit, ink)?;
        }
        Face::Back => shapes::back(&mut pixmap)?,
    }
    Ok(pixmap)
}

/// What the face writes for a rank: "10" for the ten, as on printed cards.
fn rank_text(rank: Rank) -> &'static str {
    rank.printed()
}

/// The ink of a suit in `palette`.
pub fn suit_colour(suit: Suit, palette: Palette) -> Color {
    let (red, green, blue) = match (suit, palette) {
        (Suit::Spades, _) => (0x1a, 0x1a, 0x1a),
        (Suit::Hearts, _) => (0xd0, 0x1c, 0x1f),
        (Suit::Diamonds, Palette::TwoColour) => (0xd0, 0x1c, 0x1f),
        (Suit::Clubs, Palette::TwoColour) => (0x1a, 0x1a, 0x1a),
        (Suit::Diamonds, Palette::FourColour) => (0x15, 0x5f, 0xc8),
        (Suit::Clubs, Palette::FourColour) => (0x1b, 0x87, 0x2f),
    };
    Color::from_rgba8(red, green, blue, 0xff)
}
