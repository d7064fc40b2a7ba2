//! The public board: stakes, street, pots, one line per seat, the last action and who acts
//! next with what it costs. Stays within Discord's 2,000 characters for 8 long names.

use super::locale::Locale;
use super::view::BoardView;

pub fn board(locale: Locale, view: &BoardView) -> String {
    let _ = (locale, view);
    todo!("render")
}
