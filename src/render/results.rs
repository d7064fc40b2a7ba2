//! Results of a hand: each pot (main, then side pots) with its high and low winners, the
//! five cards that won, scoops, split and quartered halves, uncontested wins.

use super::locale::Locale;
use super::view::ResultView;

pub fn results(locale: Locale, view: &ResultView) -> String {
    let _ = (locale, view);
    todo!("render")
}
