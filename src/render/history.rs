//! A readable public history of a whole hand from its events: up cards, actions, shown
//! hands, pots. Down cards appear only when their owner showed them.

use super::locale::Locale;
use super::view::HistoryView;

pub fn history(locale: Locale, view: &HistoryView) -> String {
    let _ = (locale, view);
    todo!("render")
}
