//! Stakes and house-rule options of a table, with the defaults of docs/RULES.md, the validation
//! that refuses stakes and options which make no sense, and the field-by-field reading that
//! names the value that is wrong ("ante must be a whole number of chips, 0 or more, not -1")
//! in every front end that reads them (replay's JSON, the config's TOML, stored tables).

use std::fmt;
use std::ops::RangeInclusive;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::game::Game;

/// Fixed-limit stakes. Valid when `ante >= 0` and `0 < bring_in <= small_bet < big_bet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stakes {
    #[serde(deserialize_with = "read::ante")]
    pub ante: u64,
    #[serde(deserialize_with = "read::bring_in")]
    pub bring_in: u64,
    #[serde(deserialize_with = "read::small_bet")]
    pub small_bet: u64,
    #[serde(deserialize_with = "read::big_bet")]
    pub big_bet: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StakesError {
    #[error("bring_in must be more than 0")]
    ZeroBringIn,
    #[error("bring_in ({bring_in}) must not be more than small_bet ({small_bet})")]
    BringInAboveSmallBet { bring_in: u64, small_bet: u64 },
    #[error("big_bet ({big_bet}) must be more than small_bet ({small_bet})")]
    BigBetNotAboveSmallBet { small_bet: u64, big_bet: u64 },
}

impl Stakes {
    /// Checks `0 < bring_in <= small_bet < big_bet`, naming the value that is wrong.
    pub fn validate(&self) -> Result<(), StakesError> {
        if self.bring_in == 0 {
            return Err(StakesError::ZeroBringIn);
        }
        if self.bring_in > self.small_bet {
            return Err(StakesError::BringInAboveSmallBet {
                bring_in: self.bring_in,
                small_bet: self.small_bet,
            });
        }
        if self.big_bet <= self.small_bet {
            return Err(StakesError::BigBetNotAboveSmallBet {
                small_bet: self.small_bet,
                big_bet: self.big_bet,
            });
        }
        Ok(())
    }
}

impl Default for Stakes {
    /// 1/2/5/10: ante 1, bring-in 2, small bet 5, big bet 10.
    fn default() -> Self {
        Stakes {
            ante: 1,
            bring_in: 2,
            small_bet: 5,
            big_bet: 10,
        }
    }
}

impl StakesError {
    /// The message (`locales/*/lobby.ftl`) that tells a player what is wrong, in their language.
    pub fn message_id(&self) -> &'static str {
        match self {
            StakesError::ZeroBringIn => "settings-bring-in-zero",
            StakesError::BringInAboveSmallBet { .. } => "settings-bring-in-above-small-bet",
            StakesError::BigBetNotAboveSmallBet { .. } => "settings-big-bet-not-above-small-bet",
        }
    }

    /// The numbers [`StakesError::message_id`]'s message names.
    pub fn message_args(&self) -> Vec<(&'static str, u64)> {
        match *self {
            StakesError::ZeroBringIn => Vec::new(),
            StakesError::BringInAboveSmallBet {
                bring_in,
                small_bet,
            } => vec![("bring_in", bring_in), ("small_bet", small_bet)],
            StakesError::BigBetNotAboveSmallBet { small_bet, big_bet } => {
                vec![("small_bet", small_bet), ("big_bet", big_bet)]
            }
        }
    }
}

/// How an all-in for less than a full bet or raise affects the betting (docs/RULES.md, Raises).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortAllIn {
    /// An all-in of at least half a bet counts as a full bet and reopens the betting.
    #[default]
    HalfBet,
    /// Only a full bet reopens; several short all-ins add up.
    FullBet,
}

impl ShortAllIn {
    /// Every option with the name it is written as (its serde form).
    pub const ALL: [(ShortAllIn, &'static str); 2] = [
        (ShortAllIn::HalfBet, "half_bet"),
        (ShortAllIn::FullBet, "full_bet"),
    ];
}

impl<'de> Deserialize<'de> for ShortAllIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read::choice(deserializer, "short_all_in", &ShortAllIn::ALL)
    }
}

/// Who gets the odd chip of a split half (docs/RULES.md, Showdown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OddChip {
    /// Among tied highs the highest card by suit; among tied lows the lowest card by suit.
    #[default]
    BySuit,
    /// The tied winner nearest the dealer's left.
    FirstSeat,
}

impl OddChip {
    /// Every option with the name it is written as (its serde form).
    pub const ALL: [(OddChip, &'static str); 2] = [
        (OddChip::BySuit, "by_suit"),
        (OddChip::FirstSeat, "first_seat"),
    ];
}

impl<'de> Deserialize<'de> for OddChip {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read::choice(deserializer, "odd_chip", &OddChip::ALL)
    }
}

/// The house-rule options of docs/RULES.md. Every field has the documented default, so a
/// partial JSON or TOML object fills the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Raises allowed after the bet (or completion) in one betting round: 1 to 10.
    #[serde(deserialize_with = "read::max_raises")]
    pub max_raises: u32,
    /// The cap does not apply when the round began or became heads-up (two players not
    /// all-in) before the cap was reached.
    #[serde(deserialize_with = "read::heads_up_uncapped")]
    pub heads_up_uncapped: bool,
    pub short_all_in: ShortAllIn,
    pub odd_chip: OddChip,
    /// An open pair on fourth street lets each bettor choose the small or the big bet (not
    /// in hi/lo by default).
    #[serde(deserialize_with = "read::open_pair_big_bet")]
    pub open_pair_big_bet: bool,
}

/// Why house-rule options were refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error(
        "max_raises must be a whole number from {min} to {max}, not {0}",
        min = Rules::MAX_RAISES.start(),
        max = Rules::MAX_RAISES.end()
    )]
    MaxRaises(u32),
}

/// An option the game dealt has no use for: refused rather than silently ignored, the same
/// way by a table, `replay` and `sim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum GameRulesError {
    /// Razz has no open-pair big bet: its low boards make a pair a weak hand, not a strong one.
    #[error("{game} has no open-pair big bet: open_pair_big_bet must be off in {game}", game = .0.name())]
    OpenPairBigBet(Game),
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_raises: 3,
            heads_up_uncapped: true,
            short_all_in: ShortAllIn::HalfBet,
            odd_chip: OddChip::BySuit,
            open_pair_big_bet: false,
        }
    }
}

impl Rules {
    /// The raises a table may allow per betting round (`/table open`'s bounds).
    pub const MAX_RAISES: RangeInclusive<u32> = 1..=10;

    /// Checks the options a type cannot: `max_raises` within [`Rules::MAX_RAISES`].
    pub fn validate(&self) -> Result<(), RulesError> {
        if !Rules::MAX_RAISES.contains(&self.max_raises) {
            return Err(RulesError::MaxRaises(self.max_raises));
        }
        Ok(())
    }

    /// Checks the options against the one game dealt: `open_pair_big_bet` only where the
    /// game has an open-pair big bet (Stud/8 and Stud; a mix's razz hands ignore it).
    pub fn validate_for_game(&self, game: Game) -> Result<(), GameRulesError> {
        if self.open_pair_big_bet && !game.has_open_pair_big_bet() {
            return Err(GameRulesError::OpenPairBigBet(game));
        }
        Ok(())
    }

    /// pokerkit's conventions (docs/RULES.md, Reference oracle): cap without heads-up exemption,
    /// `full_bet` short all-ins, odd chip to the first seat.
    pub fn pokerkit() -> Rules {
        Rules {
            max_raises: 3,
            heads_up_uncapped: false,
            short_all_in: ShortAllIn::FullBet,
            odd_chip: OddChip::FirstSeat,
            open_pair_big_bet: false,
        }
    }
}

/// Field-by-field reading of stakes and rules: each refusal names the field, what it must
/// be, and the value given, whatever the format (JSON, TOML) and the kind of mistake.
pub(super) mod read {
    use super::*;

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
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn stakes_validation_names_the_wrong_value() {
        let good = Stakes::default();
        assert_eq!(good.validate(), Ok(()));
        let refusal = |stakes: Stakes| stakes.validate().map_err(|error| error.to_string());
        let zero = Stakes {
            bring_in: 0,
            ..good
        };
        assert_eq!(refusal(zero), Err("bring_in must be more than 0".into()));
        let high_bring_in = Stakes {
            bring_in: 6,
            ..good
        };
        assert_eq!(
            refusal(high_bring_in),
            Err("bring_in (6) must not be more than small_bet (5)".into())
        );
        let flat = Stakes { big_bet: 5, ..good };
        assert_eq!(
            refusal(flat),
            Err("big_bet (5) must be more than small_bet (5)".into())
        );
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
        // The issue's own example, word for word.
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

    #[test]
    fn max_raises_outside_one_to_ten_is_refused_by_validate() {
        for max_raises in [0, 11, u32::MAX] {
            let rules = Rules {
                max_raises,
                ..Rules::default()
            };
            assert_eq!(rules.validate(), Err(RulesError::MaxRaises(max_raises)));
            assert_eq!(
                rules.validate().map_err(|e| e.to_string()),
                Err(format!(
                    "max_raises must be a whole number from 1 to 10, not {max_raises}"
                ))
            );
        }
        for max_raises in Rules::MAX_RAISES {
            let rules = Rules {
                max_raises,
                ..Rules::default()
            };
            assert_eq!(rules.validate(), Ok(()));
        }
        assert_eq!(Rules::default().validate(), Ok(()));
        assert_eq!(Rules::pokerkit().validate(), Ok(()));
    }

    #[test]
    fn every_option_reads_back_from_the_name_it_is_written_as() {
        for (option, name) in ShortAllIn::ALL {
            assert_eq!(serde_json::to_value(option).ok(), Some(name.into()));
            assert_eq!(
                serde_json::from_value::<ShortAllIn>(name.into()).ok(),
                Some(option)
            );
        }
        for (option, name) in OddChip::ALL {
            assert_eq!(serde_json::to_value(option).ok(), Some(name.into()));
            assert_eq!(
                serde_json::from_value::<OddChip>(name.into()).ok(),
                Some(option)
            );
        }
        let rules = Rules {
            max_raises: 7,
            heads_up_uncapped: false,
            short_all_in: ShortAllIn::FullBet,
            odd_chip: OddChip::FirstSeat,
            open_pair_big_bet: true,
        };
        let text = serde_json::to_string(&rules).unwrap();
        assert_eq!(serde_json::from_str::<Rules>(&text).ok(), Some(rules));
        let stakes = Stakes::default();
        let text = serde_json::to_string(&stakes).unwrap();
        assert_eq!(serde_json::from_str::<Stakes>(&text).ok(), Some(stakes));
    }

    #[test]
    fn partial_rules_fill_in_the_defaults() {
        let rules: Rules = serde_json::from_str(r#"{"max_raises":4}"#).unwrap();
        assert_eq!(rules.max_raises, 4);
        assert!(rules.heads_up_uncapped);
        assert_eq!(rules.short_all_in, ShortAllIn::HalfBet);
        let rules: Rules =
            serde_json::from_str(r#"{"short_all_in":"full_bet","odd_chip":"first_seat"}"#).unwrap();
        assert_eq!(rules.short_all_in, ShortAllIn::FullBet);
        assert_eq!(rules.odd_chip, OddChip::FirstSeat);
        assert!(serde_json::from_str::<Rules>(r#"{"max_raise":4}"#).is_err());
    }
}
