//! The house-rule options of a table, with the defaults of docs/RULES.md and the validation
//! that refuses options which make no sense. Beside them: `stakes` (the fixed-limit stakes and
//! their order) and `read` (the field-by-field reading that names the value that is wrong,
//! "ante must be a whole number of chips, 0 or more, not -1", in every front end that reads
//! them: replay's JSON, the config's TOML, stored tables).

use std::ops::RangeInclusive;

use serde::{Deserialize, Deserializer, Serialize};
use thiserror::Error;

use super::game::Game;

pub(super) mod read;
mod stakes;

pub use stakes::{Stakes, StakesError};

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

named_from_all!(ShortAllIn, ShortAllIn::HalfBet, 2);

impl ShortAllIn {
    pub const ALL: [ShortAllIn; 2] = [ShortAllIn::HalfBet, ShortAllIn::FullBet];

    /// The option's name as it is written (its serde form).
    pub const fn name(self) -> &'static str {
        match self {
            ShortAllIn::HalfBet => "half_bet",
            ShortAllIn::FullBet => "full_bet",
        }
    }
}

impl<'de> Deserialize<'de> for ShortAllIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read::choice(deserializer, "short_all_in", &ShortAllIn::NAMED)
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

named_from_all!(OddChip, OddChip::BySuit, 2);

impl OddChip {
    pub const ALL: [OddChip; 2] = [OddChip::BySuit, OddChip::FirstSeat];

    /// The option's name as it is written (its serde form).
    pub const fn name(self) -> &'static str {
        match self {
            OddChip::BySuit => "by_suit",
            OddChip::FirstSeat => "first_seat",
        }
    }
}

impl<'de> Deserialize<'de> for OddChip {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read::choice(deserializer, "odd_chip", &OddChip::NAMED)
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

#[cfg(test)]
mod tests {
    use super::*;

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
        for (option, name) in ShortAllIn::NAMED {
            assert_eq!(serde_json::to_value(option).ok(), Some(name.into()));
            assert_eq!(
                serde_json::from_value::<ShortAllIn>(name.into()).ok(),
                Some(option)
            );
        }
        for (option, name) in OddChip::NAMED {
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
