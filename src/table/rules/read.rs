//! Field-by-field reading of stakes and rules: each refusal names the field, what it must
//! be, and the value given, whatever the format (JSON, TOML) and the kind of mistake.

use std::fmt;
use std::ops::RangeInclusive;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::Rules;

/// Whatever value a field was given, kept to say what was wrong with it.
enum Given {
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Bool(bool),
    Text(String),
    Null,
    /// A list, kept item by item for the fields that are lists.
    List(Vec<Given>),
    Table,
}

impl fmt::Display for Given {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Given::Unsigned(value) => write!(f, "{value}"),
            Given::Signed(value) => write!(f, "{value}"),
            Given::Float(value) => write!(f, "{value:?}"),
            Given::Bool(value) => write!(f, "{value}"),
            Given::Text(value) => write!(f, "{value:?}"),
            Given::Null => f.write_str("null"),
            Given::List(_) => f.write_str("a list"),
            Given::Table => f.write_str("a table of keys"),
        }
    }
}

struct AnyValue;

impl<'de> Visitor<'de> for AnyValue {
    type Value = Given;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Given, E> {
        Ok(Given::Unsigned(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Given, E> {
        Ok(Given::Signed(value))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Given, E> {
        Ok(Given::Float(value))
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Given, E> {
        Ok(Given::Bool(value))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Given, E> {
        Ok(Given::Text(value.to_owned()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Given, E> {
        Ok(Given::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Given, E> {
        Ok(Given::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut list: A) -> Result<Given, A::Error> {
        // Read to its end, so the refusal names this value and not what follows it.
        let mut items = Vec::new();
        while let Some(item) = list.next_element_seed(AnyValue)? {
            items.push(item);
        }
        Ok(Given::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut table: A) -> Result<Given, A::Error> {
        while table
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Given::Table)
    }
}

impl<'de> DeserializeSeed<'de> for AnyValue {
    type Value = Given;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Given, D::Error> {
        deserializer.deserialize_any(self)
    }
}

fn refuse<E: de::Error>(name: &str, rule: impl fmt::Display, given: &Given) -> E {
    E::custom(format_args!("{name} must be {rule}, not {given}"))
}

/// A whole number within `range` (5.0 is one; 1.5 and -1 are not).
fn whole<'de, D: Deserializer<'de>>(
    deserializer: D,
    name: &str,
    rule: &str,
    range: RangeInclusive<u64>,
) -> Result<u64, D::Error> {
    let given = deserializer.deserialize_any(AnyValue)?;
    whole_value(&given, range).ok_or_else(|| refuse(name, rule, &given))
}

fn whole_value(given: &Given, range: RangeInclusive<u64>) -> Option<u64> {
    // Below 2^53 every whole f64 is exact.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let value = match *given {
        Given::Unsigned(value) => Some(value),
        Given::Signed(value) => u64::try_from(value).ok(),
        Given::Float(value) if value.fract() == 0.0 && (0.0..EXACT).contains(&value) => {
            Some(value as u64)
        }
        _ => None,
    };
    value.filter(|value| range.contains(value))
}

const CHIPS: RangeInclusive<u64> = 0..=u64::MAX;
// Zero passes here and is refused by `Stakes::validate`, which names it the same way
// ("bring_in must be more than 0"): how the stakes relate is its business.
const POSITIVE_CHIPS: &str = "a whole number of chips, more than 0";

/// A list of stacks, each a whole number of chips; a wrong one is named by its seat
/// (`stacks[2] must be a whole number of chips, 0 or more, not -5`).
pub fn stacks<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u64>, D::Error> {
    const STACK: &str = "a whole number of chips, 0 or more";
    match deserializer.deserialize_any(AnyValue)? {
        Given::List(items) => items
            .iter()
            .enumerate()
            .map(|(seat, given)| {
                whole_value(given, CHIPS)
                    .ok_or_else(|| refuse(&format!("stacks[{seat}]"), STACK, given))
            })
            .collect(),
        other => Err(refuse(
            "stacks",
            "a list of whole numbers of chips, 0 or more",
            &other,
        )),
    }
}

pub fn ante<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    let rule = "a whole number of chips, 0 or more";
    whole(deserializer, "ante", rule, CHIPS)
}

pub fn bring_in<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    whole(deserializer, "bring_in", POSITIVE_CHIPS, CHIPS)
}

pub fn small_bet<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    whole(deserializer, "small_bet", POSITIVE_CHIPS, CHIPS)
}

pub fn big_bet<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    whole(deserializer, "big_bet", POSITIVE_CHIPS, CHIPS)
}

pub fn max_raises<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let (low, high) = (*Rules::MAX_RAISES.start(), *Rules::MAX_RAISES.end());
    let rule = format!("a whole number from {low} to {high}");
    let count = whole(
        deserializer,
        "max_raises",
        &rule,
        u64::from(low)..=u64::from(high),
    )?;
    // Within the range above, so it fits.
    Ok(u32::try_from(count).unwrap_or(high))
}

/// `true` or `false`, nothing else (not 1, not "yes").
fn flag<'de, D: Deserializer<'de>>(deserializer: D, name: &str) -> Result<bool, D::Error> {
    match deserializer.deserialize_any(AnyValue)? {
        Given::Bool(value) => Ok(value),
        other => Err(refuse(name, "true or false", &other)),
    }
}

pub fn heads_up_uncapped<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    flag(deserializer, "heads_up_uncapped")
}

pub fn open_pair_big_bet<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    flag(deserializer, "open_pair_big_bet")
}

/// One of `choices`, by the name it is written as.
pub fn choice<'de, D: Deserializer<'de>, T: Copy>(
    deserializer: D,
    name: &str,
    choices: &[(T, &'static str)],
) -> Result<T, D::Error> {
    let given = deserializer.deserialize_any(AnyValue)?;
    if let Given::Text(text) = &given
        && let Some((choice, _)) = choices.iter().find(|(_, written)| written == text)
    {
        return Ok(*choice);
    }
    let names: Vec<String> = choices
        .iter()
        .map(|(_, written)| format!("{written:?}"))
        .collect();
    Err(refuse(name, names.join(" or "), &given))
}

#[cfg(test)]
mod tests {
    use std::fmt;

    use crate::table::rules::{Rules, Stakes};

    const STAKE_FIELDS: [&str; 4] = ["ante", "bring_in", "small_bet", "big_bet"];

    fn stakes_json(field: &str, value: &str) -> String {
        let mut fields: Vec<String> = STAKE_FIELDS
            .iter()
            .zip(["1", "2", "5", "10"])
            .map(|(name, good)| format!("\"{name}\":{good}"))
            .collect();
        if let Some(position) = STAKE_FIELDS.iter().position(|name| *name == field) {
            fields[position] = format!("\"{field}\":{value}");
        }
        format!("{{{}}}", fields.join(","))
    }

    fn json_error<T: serde::de::DeserializeOwned + fmt::Debug>(text: &str) -> String {
        match serde_json::from_str::<T>(text) {
            Ok(value) => panic!("{text} was accepted as {value:?}"),
            Err(error) => error.to_string(),
        }
    }

    fn toml_error<T: serde::de::DeserializeOwned + fmt::Debug>(text: &str) -> String {
        match toml::from_str::<T>(text) {
            Ok(value) => panic!("{text} was accepted as {value:?}"),
            Err(error) => error.message().to_owned(),
        }
    }

    #[test]
    fn a_stake_that_is_not_a_whole_number_of_chips_is_refused_by_its_name_and_value() {
        let cases = [
            ("-1", "-1"),
            ("1.5", "1.5"),
            ("\"5\"", "\"5\""),
            ("true", "true"),
            ("null", "null"),
            ("[1]", "a list"),
            ("{\"chips\":1}", "a table of keys"),
            ("1e300", "1e300"),
        ];
        for field in STAKE_FIELDS {
            let rule = if field == "ante" {
                "a whole number of chips, 0 or more"
            } else {
                "a whole number of chips, more than 0"
            };
            for (value, named) in cases {
                let error = json_error::<Stakes>(&stakes_json(field, value));
                let expected = format!("{field} must be {rule}, not {named}");
                assert!(error.starts_with(&expected), "{field} = {value}: {error}");
            }
        }
        // The example a moderator first met, word for word.
        let error = json_error::<Stakes>(&stakes_json("ante", "-1"));
        assert!(
            error.starts_with("ante must be a whole number of chips, 0 or more, not -1"),
            "{error}"
        );
    }

    #[test]
    fn the_same_refusals_come_from_toml() {
        let text = |field: &str, value: &str| {
            STAKE_FIELDS
                .iter()
                .zip(["1", "2", "5", "10"])
                .map(|(name, good)| {
                    let value = if *name == field { value } else { good };
                    format!("{name} = {value}\n")
                })
                .collect::<String>()
        };
        assert_eq!(
            toml_error::<Stakes>(&text("ante", "-1")),
            "ante must be a whole number of chips, 0 or more, not -1"
        );
        assert_eq!(
            toml_error::<Stakes>(&text("big_bet", "2.5")),
            "big_bet must be a whole number of chips, more than 0, not 2.5"
        );
        assert_eq!(
            toml_error::<Rules>("max_raises = 0\n"),
            "max_raises must be a whole number from 1 to 10, not 0"
        );
        assert_eq!(
            toml_error::<Rules>("odd_chip = \"lowest\"\n"),
            "odd_chip must be \"by_suit\" or \"first_seat\", not \"lowest\""
        );
    }

    #[test]
    fn a_whole_number_written_with_a_point_is_a_whole_number() {
        let stakes: Stakes = serde_json::from_str(&stakes_json("ante", "3.0")).unwrap();
        assert_eq!(stakes.ante, 3);
        let stakes: Stakes = serde_json::from_str(&stakes_json("big_bet", "0")).unwrap();
        assert_eq!(
            stakes.validate().map_err(|e| e.to_string()),
            Err("big_bet (0) must be more than small_bet (5)".into()),
            "zero reads, and the stakes' order refuses it by name"
        );
    }

    #[test]
    fn a_rule_option_with_a_wrong_value_is_refused_by_its_name_and_value() {
        let cases = [
            (
                r#"{"max_raises":0}"#,
                "max_raises must be a whole number from 1 to 10, not 0",
            ),
            (
                r#"{"max_raises":11}"#,
                "max_raises must be a whole number from 1 to 10, not 11",
            ),
            (
                r#"{"max_raises":-3}"#,
                "max_raises must be a whole number from 1 to 10, not -3",
            ),
            (
                r#"{"max_raises":2.5}"#,
                "max_raises must be a whole number from 1 to 10, not 2.5",
            ),
            (
                r#"{"max_raises":"3"}"#,
                "max_raises must be a whole number from 1 to 10, not \"3\"",
            ),
            (
                r#"{"heads_up_uncapped":1}"#,
                "heads_up_uncapped must be true or false, not 1",
            ),
            (
                r#"{"open_pair_big_bet":"yes"}"#,
                "open_pair_big_bet must be true or false, not \"yes\"",
            ),
            (
                r#"{"short_all_in":"half"}"#,
                "short_all_in must be \"half_bet\" or \"full_bet\", not \"half\"",
            ),
            (
                r#"{"short_all_in":null}"#,
                "short_all_in must be \"half_bet\" or \"full_bet\", not null",
            ),
            (
                r#"{"odd_chip":2}"#,
                "odd_chip must be \"by_suit\" or \"first_seat\", not 2",
            ),
        ];
        for (text, expected) in cases {
            let error = json_error::<Rules>(text);
            assert!(error.starts_with(expected), "{text}: {error}");
        }
    }
}
