//! How each language writes a whole number of chips: English groups thousands with commas
//! (1,250,000), Indonesian with dots (1.250.000), Spanish with dots from five digits on (1250,
//! but 12.500), as the RAE and CLDR's minimum grouping digits ask.
//!
//! Every number a message is given is a quantity (chips, hands played, seconds) and is
//! grouped by the bundle's formatter, so plural and `[0]` variants still select on the
//! number. A number that names something (a hand, a side pot, a place, a level) is not a
//! quantity: arguments with one of the [`LABEL_ARGS`] names are written ungrouped.

use fluent_bundle::FluentValue;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions, FluentNumberType};

use super::language::Locale;

/// Message arguments whose number is a label, not a quantity: "hand #12345", "side pot 2",
/// "place 3", "level 4". They are written as typed, never grouped.
pub const LABEL_ARGS: &[&str] = &["hand", "number", "place", "level"];

/// Label arguments that are ordinal numbers: a message selects on their ordinal category
/// (English "1st", "2nd", "3rd", "4th", "21st" from `one`, `two`, `few`, `other`), whoever
/// the caller is.
pub const ORDINAL_ARGS: &[&str] = &["place"];

/// `amount` as `locale` writes it: "1,250,000" (en), "1.250.000" (id, es), "1250" (es).
pub fn grouped(locale: Locale, amount: u64) -> String {
    let digits = amount.to_string();
    let (separator, shortest_grouped) = match locale {
        Locale::En => (',', 4),
        Locale::Id => ('.', 4),
        Locale::Es => ('.', 5),
    };
    if digits.len() < shortest_grouped {
        return digits;
    }
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

/// A change of chips with its sign: "+1,250", "−40" (a minus sign, not a hyphen), "0".
pub fn signed(locale: Locale, change: i128) -> String {
    let size = u64::try_from(change.unsigned_abs()).unwrap_or(u64::MAX);
    match change {
        0 => "0".to_string(),
        positive if positive > 0 => format!("+{}", grouped(locale, size)),
        _ => format!("−{}", grouped(locale, size)),
    }
}

/// `number` as the message argument `name`, a label: written ungrouped, and an ordinal when
/// `name` is one of [`ORDINAL_ARGS`].
pub(super) fn label(name: &str, number: &FluentNumber) -> FluentValue<'static> {
    let r#type = if ORDINAL_ARGS.contains(&name) {
        FluentNumberType::Ordinal
    } else {
        number.options.r#type
    };
    FluentValue::Number(FluentNumber::new(
        number.value,
        FluentNumberOptions {
            use_grouping: false,
            r#type,
            ..number.options.clone()
        },
    ))
}

/// The bundle's formatter for `locale` (Fluent takes a plain function, one per language).
pub(super) fn formatter<M>(locale: Locale) -> fn(&FluentValue<'_>, &M) -> Option<String> {
    fn english<M>(value: &FluentValue<'_>, _: &M) -> Option<String> {
        format_number(Locale::En, value)
    }
    fn spanish<M>(value: &FluentValue<'_>, _: &M) -> Option<String> {
        format_number(Locale::Es, value)
    }
    fn indonesian<M>(value: &FluentValue<'_>, _: &M) -> Option<String> {
        format_number(Locale::Id, value)
    }
    match locale {
        Locale::En => english::<M>,
        Locale::Es => spanish::<M>,
        Locale::Id => indonesian::<M>,
    }
}

/// Whole, non-negative numbers that may be grouped are grouped; anything else is left to
/// Fluent.
fn format_number(locale: Locale, value: &FluentValue<'_>) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let whole = number.value.is_finite() && number.value >= 0.0 && number.value.fract() == 0.0;
    if !number.options.use_grouping || number.options.minimum_fraction_digits.is_some() || !whole {
        return None;
    }
    // Fluent holds numbers as f64: chips below 2^53 are exact, u64::MAX saturates to itself.
    Some(grouped(locale, number.value as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn each(locale: Locale, amounts: [u64; 5]) -> [String; 5] {
        amounts.map(|amount| grouped(locale, amount))
    }

    const EDGES: [u64; 5] = [999, 1000, 9999, 10_000, u64::MAX];

    #[test]
    fn english_groups_thousands_with_commas_from_four_digits() {
        assert_eq!(
            each(Locale::En, EDGES),
            [
                "999",
                "1,000",
                "9,999",
                "10,000",
                "18,446,744,073,709,551,615"
            ]
        );
        assert_eq!(grouped(Locale::En, 1_250_000), "1,250,000");
        assert_eq!(grouped(Locale::En, 0), "0");
    }

    #[test]
    fn indonesian_groups_thousands_with_dots_from_four_digits() {
        assert_eq!(
            each(Locale::Id, EDGES),
            [
                "999",
                "1.000",
                "9.999",
                "10.000",
                "18.446.744.073.709.551.615"
            ]
        );
        assert_eq!(grouped(Locale::Id, 1_250_000), "1.250.000");
    }

    #[test]
    fn spanish_leaves_four_digit_amounts_ungrouped_and_groups_five() {
        assert_eq!(
            each(Locale::Es, EDGES),
            [
                "999",
                "1000",
                "9999",
                "10.000",
                "18.446.744.073.709.551.615"
            ]
        );
        assert_eq!(grouped(Locale::Es, 1250), "1250");
        assert_eq!(grouped(Locale::Es, 12_500), "12.500");
        assert_eq!(grouped(Locale::Es, 1_250_000), "1.250.000");
    }

    #[test]
    fn a_change_of_chips_keeps_its_sign_and_its_grouping() {
        assert_eq!(signed(Locale::En, 1250), "+1,250");
        assert_eq!(signed(Locale::Es, -1250), "−1250");
        assert_eq!(signed(Locale::Id, -12_500), "−12.500");
        assert_eq!(signed(Locale::En, 0), "0");
        assert_eq!(
            signed(Locale::En, -i128::from(u64::MAX)),
            "−18,446,744,073,709,551,615"
        );
    }
}
