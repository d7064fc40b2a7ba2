//! Names of high and low hands in each language ("Two pair, kings and fives", "Dos pares,
//! reyes y cincos", "Dua pasang, K dan 5"; "8-7-5-3-A low"), built from the evaluator's
//! category and ranks.

use crate::table::card::Rank;
use crate::table::eval::{HandCategory, HighValue, LowValue};

use super::locale::Locale;

/// The name of a high hand (five cards, or a partial hand of up cards).
pub fn high_hand_name(locale: Locale, value: HighValue) -> String {
    high_name_from_parts(locale, value.category(), &value.ranks())
}

/// The name of a high hand from its category and its deciding ranks, most significant first.
pub fn high_name_from_parts(locale: Locale, category: HandCategory, ranks: &[Rank]) -> String {
    let _ = (locale, category, ranks);
    todo!("render")
}

/// "8-7-5-3-A low", or "no low" when `value` is `None`.
pub fn low_hand_name(locale: Locale, value: Option<LowValue>) -> String {
    let _ = (locale, value);
    todo!("render")
}

/// "8-7-5-3-A low" from the five ranks of the low, highest first.
pub fn low_name_from_ranks(locale: Locale, ranks: &[Rank; 5]) -> String {
    let _ = (locale, ranks);
    todo!("render")
}
