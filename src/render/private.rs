//! A player's own hand, for a DM or an ephemeral reply only: down and up cards and what
//! they make so far for high and for low.

use crate::table::hand::PrivateView;

use super::locale::Locale;

pub fn private_hand(locale: Locale, hand_number: u64, view: &PrivateView) -> String {
    let _ = (locale, hand_number, view);
    todo!("render")
}
