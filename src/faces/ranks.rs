//! The rank in the upper part of a face: the glyphs of the font in `assets/fonts/` (DejaVu Sans
//! Condensed Bold, cut down to the ranks' characters), as outlines filled by tiny-skia. Every
//! rank stands on one baseline at one cap height, so a row of cards reads level; "10" is
//! narrowed to the width the other ranks may take.

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Transform};
use ttf_parser::{GlyphId, OutlineBuilder};

use super::FaceError;

/// The font, built into the binary so the faces never depend on what a machine has installed.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold-ranks.ttf");

/// Where a rank's ink starts and ends, in the face's pixels (the face is 128 high): capitals
/// fill it; a rank that reaches below the baseline (the J, the Q's tail) is drawn smaller to
/// stay inside, clear of the suit.
const INK_TOP: f32 = 9.0;
const INK_BOTTOM: f32 = 60.0;
/// The widest a rank may be drawn (the card is 116 wide).
const MAX_WIDTH: f32 = 100.0;
/// The face's middle, which each rank is centred on.
const MIDDLE: f32 = super::SIZE as f32 / 2.0;

pub(super) struct Glyphs {
    face: ttf_parser::Face<'static>,
    /// The height of a capital, in the font's units.
    cap_height: f32,
}

impl Glyphs {
    pub(super) fn load() -> Result<Glyphs, FaceError> {
        let face =
            ttf_parser::Face::parse(FONT, 0).map_err(|error| FaceError::Font(error.to_string()))?;
        let king = glyph(&face, 'K')?;
        let cap_height = face
            .glyph_bounding_box(king)
            .map(|bounds| f32::from(bounds.y_max))
            .filter(|height| *height > 0.0)
            .ok_or_else(|| FaceError::Font("the K has no outline".to_owned()))?;
        Ok(Glyphs { face, cap_height })
    }

    /// Fills `text` in `ink`, centred, between [`INK_TOP`] and [`INK_BOTTOM`].
    pub(super) fn draw_rank(
        &self,
        pixmap: &mut Pixmap,
        text: &str,
        ink: Color,
    ) -> Result<(), FaceError> {
        let mut outline = Outline {
            path: PathBuilder::new(),
            pen: 0.0,
        };
        for character in text.chars() {
            let id = glyph(&self.face, character)?;
            self.face.outline_glyph(id, &mut outline);
            outline.pen += self.face.glyph_hor_advance(id).map_or(0.0, f32::from);
        }
        let path = outline.path.finish().ok_or(FaceError::Canvas)?;
        // The ink's own box, not the advances' (which carry side bearings); in the font's
        // units, y up: `bottom()` is the ink's highest point.
        let bounds = path.bounds();
        let room = INK_BOTTOM - INK_TOP;
        let scale = (room / self.cap_height).min(room / bounds.height());
        let inked = bounds.width() * scale;
        let narrowed = if inked > MAX_WIDTH {
            MAX_WIDTH / inked
        } else {
            1.0
        };
        let x_scale = scale * narrowed;
        let left = MIDDLE - bounds.width() * x_scale / 2.0 - bounds.left() * x_scale;
        let top = INK_TOP + bounds.bottom() * scale;
        let transform = Transform::from_row(x_scale, 0.0, 0.0, -scale, left, top);
        let mut paint = Paint::default();
        paint.set_color(ink);
        paint.anti_alias = true;
        pixmap.fill_path(&path, &paint, FillRule::Winding, transform, None);
        Ok(())
    }
}

fn glyph(face: &ttf_parser::Face<'_>, character: char) -> Result<GlyphId, FaceError> {
    face.glyph_index(character)
        .ok_or(FaceError::MissingGlyph(character))
}

/// A glyph's outline as a tiny-skia path, in the font's units (y up), each glyph moved right
/// by the advances of those before it.
struct Outline {
    path: PathBuilder,
    pen: f32,
}

impl OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path.move_to(x + self.pen, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.path.line_to(x + self.pen, y);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.path.quad_to(x1 + self.pen, y1, x + self.pen, y);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.path
            .cubic_to(x1 + self.pen, y1, x2 + self.pen, y2, x + self.pen, y);
    }

    fn close(&mut self) {
        self.path.close();
    }
}
