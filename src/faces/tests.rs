use std::collections::HashSet;

use tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};

use super::*;
use crate::table::card::{Card, Rank, Suit};

/// Discord's height for an emoji in a line of text.
const INLINE: u32 = 22;

fn decoded(png: &[u8]) -> Pixmap {
    Pixmap::decode_png(png).expect("a face decodes as PNG")
}

/// `pixmap` as Discord draws it inline: scaled down to 22 × 22.
fn at_inline_size(pixmap: &Pixmap) -> Pixmap {
    let mut small = Pixmap::new(INLINE, INLINE).expect("a 22 px canvas");
    let scale = INLINE as f32 / SIZE as f32;
    let paint = PixmapPaint {
        quality: FilterQuality::Bicubic,
        ..PixmapPaint::default()
    };
    small.draw_pixmap(
        0,
        0,
        pixmap.as_ref(),
        &paint,
        Transform::from_scale(scale, scale),
        None,
    );
    small
}

/// The mean difference of two pictures of one size, per channel, 0 to 255.
fn mean_difference(one: &Pixmap, other: &Pixmap) -> f64 {
    let total: u64 = one
        .data()
        .iter()
        .zip(other.data())
        .map(|(a, b)| u64::from(a.abs_diff(*b)))
        .sum();
    total as f64 / one.data().len() as f64
}

#[test]
fn each_of_the_53_faces_decodes_at_128_pixels_square_and_differs_from_every_other() {
    for palette in [Palette::TwoColour, Palette::FourColour] {
        let faces = all_pngs(palette).expect("the faces are drawn");
        assert_eq!(faces.len(), FACE_COUNT);
        let mut pixels = HashSet::new();
        let mut names = HashSet::new();
        for (face, png) in &faces {
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{face:?}: not a PNG");
            let pixmap = decoded(png);
            assert_eq!((pixmap.width(), pixmap.height()), (SIZE, SIZE), "{face:?}");
            assert!(
                pixels.insert(pixmap.data().to_vec()),
                "{face:?} looks like another face"
            );
            assert!(names.insert(face.name(palette)), "{face:?}: a name twice");
        }
    }
}

#[test]
fn at_22_pixels_every_face_still_differs_from_every_other() {
    // Discord shows an emoji 22 px high beside text: what tells two faces apart there is
    // what a player reads. Two cards of one rank differ by the suit alone, two of one suit
    // by the rank alone; both must leave a clear mark at that size.
    let small: Vec<(Face, Pixmap)> = all_pngs(Palette::TwoColour)
        .expect("the faces are drawn")
        .iter()
        .map(|(face, png)| (*face, at_inline_size(&decoded(png))))
        .collect();
    let mut closest = (f64::MAX, Face::Back, Face::Back);
    for (index, (face, pixmap)) in small.iter().enumerate() {
        for (other, other_pixmap) in &small[index + 1..] {
            let difference = mean_difference(pixmap, other_pixmap);
            if difference < closest.0 {
                closest = (difference, *face, *other);
            }
        }
    }
    let (difference, face, other) = closest;
    println!("closest at 22 px: {face:?} and {other:?}, {difference:.2} per channel");
    assert!(
        difference > 2.0,
        "{face:?} and {other:?} differ by {difference:.2} per channel at 22 px"
    );
}

#[test]
fn a_face_is_the_same_bytes_every_time_it_is_drawn() {
    let ace = Face::Card(Card::new(Rank::Ace, Suit::Spades));
    let once = png(ace, Palette::TwoColour).unwrap();
    assert_eq!(once, png(ace, Palette::TwoColour).unwrap());
    assert_eq!(
        once,
        all_pngs(Palette::TwoColour).unwrap()[ace_index(ace)].1
    );
}

fn ace_index(face: Face) -> usize {
    Face::all().position(|f| f == face).unwrap()
}

#[test]
fn the_four_colour_deck_recolours_only_clubs_and_diamonds() {
    for card in Card::all() {
        let face = Face::Card(card);
        let two = png(face, Palette::TwoColour).unwrap();
        let four = png(face, Palette::FourColour).unwrap();
        let recoloured = matches!(card.suit, Suit::Clubs | Suit::Diamonds);
        assert_eq!(two != four, recoloured, "{card}");
    }
    assert_eq!(
        png(Face::Back, Palette::TwoColour).unwrap(),
        png(Face::Back, Palette::FourColour).unwrap()
    );
}

#[test]
fn red_suits_are_inked_red_and_black_suits_black() {
    // The ink's hue, read from the faces themselves: the reddest pixel of a heart is red, and a
    // spade has none.
    let reddest = |card: &str| {
        let card: Card = card.parse().unwrap();
        let pixmap = draw(Face::Card(card), Palette::TwoColour).unwrap();
        pixmap
            .pixels()
            .iter()
            .map(|pixel| {
                let pixel = pixel.demultiply();
                i32::from(pixel.red()) - i32::from(pixel.green())
            })
            .max()
            .unwrap()
    };
    assert!(reddest("Qh") > 150);
    assert!(reddest("5d") > 150);
    assert!(reddest("Qs") < 20);
    assert!(reddest("5c") < 20);
}

#[test]
fn the_rank_and_the_suit_fill_most_of_the_card_so_they_read_at_22_pixels() {
    // The rows holding ink (neither paper, edge nor background): the rank and the suit
    // together must span most of the card's height.
    for card in ["Tc", "7h", "Qd", "As", "Jh"] {
        let card: Card = card.parse().unwrap();
        let pixmap = draw(Face::Card(card), Palette::TwoColour).unwrap();
        let inked_rows = (0..SIZE)
            .filter(|row| {
                (20..SIZE - 20).any(|column| {
                    let pixel = pixmap.pixel(column, *row).unwrap().demultiply();
                    pixel.alpha() == 0xff && pixel.red().max(pixel.green()).max(pixel.blue()) < 0x50
                        || i32::from(pixel.red()) - i32::from(pixel.green()) > 120
                })
            })
            .count();
        assert!(
            inked_rows as u32 > SIZE * 3 / 4,
            "{card}: ink on {inked_rows} of {SIZE} rows"
        );
    }
}

#[test]
fn every_name_is_a_name_discord_takes_for_an_emoji() {
    for palette in [Palette::TwoColour, Palette::FourColour] {
        for face in Face::all() {
            let name = face.name(palette);
            assert!((2..=32).contains(&name.len()), "{name}");
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{name}"
            );
        }
    }
    assert_eq!(
        Face::Card("Td".parse().unwrap()).name(Palette::TwoColour),
        "c_Td"
    );
    assert_eq!(
        Face::Card("As".parse().unwrap()).name(Palette::FourColour),
        "c4_As"
    );
    assert_eq!(Face::Back.name(Palette::FourColour), "c_back");
}
