//! The drawn parts of a face: the card itself (white, rounded, with an edge that shows on
//! Discord's dark and light themes alike), the four suits as our own curves, and the back.
//! Suits are drawn in a 100 × 100 box and placed by a transform.

use tiny_skia::{Color, FillRule, Mask, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::FaceError;
use crate::table::card::Suit;

/// The card's outline within the face: 116 × 124, rounded. Wider than a printed card: at
/// 22 px every pixel of width goes to the rank and the suit.
const CARD: (f32, f32, f32, f32) = (6.0, 2.0, 122.0, 126.0);
const CORNER: f32 = 14.0;
const EDGE_WIDTH: f32 = 3.0;
/// Where the suit sits: its 100-unit box scaled to this size, centred, from this top.
const SUIT_SIZE: f32 = 56.0;
const SUIT_TOP: f32 = 65.0;

const PAPER: (u8, u8, u8) = (0xff, 0xff, 0xff);
const EDGE: (u8, u8, u8) = (0x55, 0x55, 0x55);
const BACK_FIELD: (u8, u8, u8) = (0x1f, 0x4e, 0x9c);

/// The white card with its edge, on a transparent face.
pub(super) fn card_body(pixmap: &mut Pixmap) -> Result<(), FaceError> {
    let half = EDGE_WIDTH / 2.0;
    let (left, top, right, bottom) = CARD;
    let outline = rounded_rect(left + half, top + half, right - half, bottom - half, CORNER)?;
    pixmap.fill_path(
        &outline,
        &paint(PAPER, 0xff),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    let stroke = Stroke {
        width: EDGE_WIDTH,
        ..Stroke::default()
    };
    pixmap.stroke_path(
        &outline,
        &paint(EDGE, 0xff),
        &stroke,
        Transform::identity(),
        None,
    );
    Ok(())
}

/// The suit, filled in `ink`, below the rank.
pub(super) fn suit(pixmap: &mut Pixmap, suit: Suit, ink: Color) -> Result<(), FaceError> {
    let scale = SUIT_SIZE / 100.0;
    let left = super::SIZE as f32 / 2.0 - SUIT_SIZE / 2.0;
    let transform = Transform::from_row(scale, 0.0, 0.0, scale, left, SUIT_TOP);
    let mut brush = Paint::default();
    brush.set_color(ink);
    brush.anti_alias = true;
    for part in suit_parts(suit)? {
        pixmap.fill_path(&part, &brush, FillRule::Winding, transform, None);
    }
    Ok(())
}

/// The back: the card's edge around a blue field with a white lattice and a diamond in its
/// middle, the same for every card.
pub(super) fn back(pixmap: &mut Pixmap) -> Result<(), FaceError> {
    card_body(pixmap)?;
    let (left, top, right, bottom) = CARD;
    let inset = 8.0;
    let field = rounded_rect(
        left + inset,
        top + inset,
        right - inset,
        bottom - inset,
        CORNER - inset / 2.0,
    )?;
    let identity = Transform::identity();
    pixmap.fill_path(
        &field,
        &paint(BACK_FIELD, 0xff),
        FillRule::Winding,
        identity,
        None,
    );
    let mut inside = Mask::new(super::SIZE, super::SIZE).ok_or(FaceError::Canvas)?;
    inside.fill_path(&field, FillRule::Winding, true, identity);
    let mut lattice = PathBuilder::new();
    let spacing = 13.0;
    let reach = super::SIZE as f32;
    let mut offset = -reach;
    while offset < reach {
        lattice.move_to(offset, 0.0);
        lattice.line_to(offset + reach, reach);
        lattice.move_to(offset + reach, 0.0);
        lattice.line_to(offset, reach);
        offset += spacing;
    }
    let lattice = lattice.finish().ok_or(FaceError::Canvas)?;
    let thin = Stroke {
        width: 2.0,
        ..Stroke::default()
    };
    pixmap.stroke_path(
        &lattice,
        &paint(PAPER, 0x55),
        &thin,
        identity,
        Some(&inside),
    );
    // The emblem: a white diamond edged in the field's blue, over the lattice.
    let middle = super::SIZE as f32 / 2.0;
    let emblem = diamond_path(middle, middle, 24.0, 34.0)?;
    pixmap.fill_path(
        &emblem,
        &paint(PAPER, 0xff),
        FillRule::Winding,
        identity,
        None,
    );
    let inner = diamond_path(middle, middle, 14.0, 20.0)?;
    pixmap.fill_path(
        &inner,
        &paint(BACK_FIELD, 0xff),
        FillRule::Winding,
        identity,
        None,
    );
    Ok(())
}

fn paint((red, green, blue): (u8, u8, u8), alpha: u8) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(red, green, blue, alpha);
    paint.anti_alias = true;
    paint
}

/// A rectangle with round corners of `radius`.
fn rounded_rect(
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
    radius: f32,
) -> Result<Path, FaceError> {
    Rect::from_ltrb(left, top, right, bottom).ok_or(FaceError::Canvas)?;
    // A cubic with its handles at this fraction of the radius draws a quarter circle.
    let handle = radius * (1.0 - 0.552_284_8);
    let mut path = PathBuilder::new();
    path.move_to(left + radius, top);
    path.line_to(right - radius, top);
    path.cubic_to(
        right - handle,
        top,
        right,
        top + handle,
        right,
        top + radius,
    );
    path.line_to(right, bottom - radius);
    path.cubic_to(
        right,
        bottom - handle,
        right - handle,
        bottom,
        right - radius,
        bottom,
    );
    path.line_to(left + radius, bottom);
    path.cubic_to(
        left + handle,
        bottom,
        left,
        bottom - handle,
        left,
        bottom - radius,
    );
    path.line_to(left, top + radius);
    path.cubic_to(left, top + handle, left + handle, top, left + radius, top);
    path.close();
    path.finish().ok_or(FaceError::Canvas)
}

/// A card-room diamond: four points joined by slightly hollow sides.
fn diamond_path(
    centre_x: f32,
    centre_y: f32,
    half_width: f32,
    half_height: f32,
) -> Result<Path, FaceError> {
    let (x, y) = (centre_x, centre_y);
    let (w, h) = (half_width, half_height);
    // The sides bow inwards by pulling each curve's handle towards the middle.
    let pull = 0.3;
    let mut path = PathBuilder::new();
    path.move_to(x, y - h);
    path.quad_to(x + w * pull, y - h * pull, x + w, y);
    path.quad_to(x + w * pull, y + h * pull, x, y + h);
    path.quad_to(x - w * pull, y + h * pull, x - w, y);
    path.quad_to(x - w * pull, y - h * pull, x, y - h);
    path.close();
    path.finish().ok_or(FaceError::Canvas)
}

/// The suit's shapes in a 100 × 100 box (y down), filled one over the other.
fn suit_parts(suit: Suit) -> Result<Vec<Path>, FaceError> {
    let finish = |path: PathBuilder| path.finish().ok_or(FaceError::Canvas);
    Ok(match suit {
        Suit::Hearts => {
            let mut path = PathBuilder::new();
            path.move_to(50.0, 96.0);
            path.cubic_to(36.0, 80.0, 0.0, 56.0, 0.0, 29.0);
            path.cubic_to(0.0, 11.0, 12.0, 1.0, 26.0, 1.0);
            path.cubic_to(38.0, 1.0, 47.0, 8.0, 50.0, 19.0);
            path.cubic_to(53.0, 8.0, 62.0, 1.0, 74.0, 1.0);
            path.cubic_to(88.0, 1.0, 100.0, 11.0, 100.0, 29.0);
            path.cubic_to(100.0, 56.0, 64.0, 80.0, 50.0, 96.0);
            path.close();
            vec![finish(path)?]
        }
        Suit::Diamonds => vec![diamond_path(50.0, 50.0, 44.0, 50.0)?],
        Suit::Spades => {
            let mut body = PathBuilder::new();
            body.move_to(50.0, 0.0);
            body.cubic_to(62.0, 18.0, 100.0, 36.0, 100.0, 61.0);
            body.cubic_to(100.0, 76.0, 89.0, 86.0, 75.0, 86.0);
            body.cubic_to(64.0, 86.0, 56.0, 80.0, 52.0, 72.0);
            body.line_to(48.0, 72.0);
            body.cubic_to(44.0, 80.0, 36.0, 86.0, 25.0, 86.0);
            body.cubic_to(11.0, 86.0, 0.0, 76.0, 0.0, 61.0);
            body.cubic_to(0.0, 36.0, 38.0, 18.0, 50.0, 0.0);
            body.close();
            vec![finish(body)?, stem()?]
        }
        Suit::Clubs => {
            let mut leaves = Vec::new();
            for (x, y) in [(50.0, 25.0), (25.0, 59.0), (75.0, 59.0)] {
                leaves.push(PathBuilder::from_circle(x, y, 24.0).ok_or(FaceError::Canvas)?);
            }
            // The heart of the clover, so the three leaves read as one shape at 22 px.
            leaves.push(PathBuilder::from_circle(50.0, 52.0, 14.0).ok_or(FaceError::Canvas)?);
            leaves.push(stem()?);
            leaves
        }
    })
}

/// The flared stem of a spade or a club.
fn stem() -> Result<Path, FaceError> {
    let mut path = PathBuilder::new();
    path.move_to(46.0, 62.0);
    path.cubic_to(46.0, 80.0, 42.0, 92.0, 30.0, 100.0);
    path.line_to(70.0, 100.0);
    path.cubic_to(58.0, 92.0, 54.0, 80.0, 54.0, 62.0);
    path.close();
    path.finish().ok_or(FaceError::Canvas)
}
