//! Stakes and house-rule options of a table, with the defaults of RULES.md and the
//! validation that refuses stakes which make no sense.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Fixed-limit stakes. Valid when `ante >= 0` and `0 < bring_in <= small_bet < big_bet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stakes {
    pub ante: u64,
    pub bring_in: u64,
    pub small_bet: u64,
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

/// How an all-in for less than a full bet or raise affects the betting (RULES.md, Raises).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortAllIn {
    /// An all-in of at least half a bet counts as a full bet and reopens the betting.
    #[default]
    HalfBet,
    /// Only a full bet reopens; several short all-ins add up.
    FullBet,
}

/// Who gets the odd chip of a split half (RULES.md, Showdown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OddChip {
    /// Among tied highs the highest card by suit; among tied lows the lowest card by suit.
    #[default]
    BySuit,
    /// The tied winner nearest the dealer's left.
    FirstSeat,
}

impl ShortAllIn {
    pub const ALL: [ShortAllIn; 2] = [ShortAllIn::HalfBet, ShortAllIn::FullBet];

    /// The name settings and replays use (serde's too).
    pub fn name(self) -> &'static str {
        match self {
            ShortAllIn::HalfBet => "half_bet",
            ShortAllIn::FullBet => "full_bet",
        }
    }
}

impl OddChip {
    pub const ALL: [OddChip; 2] = [OddChip::BySuit, OddChip::FirstSeat];

    /// The name settings and replays use (serde's too).
    pub fn name(self) -> &'static str {
        match self {
            OddChip::BySuit => "by_suit",
            OddChip::FirstSeat => "first_seat",
        }
    }
}

/// The house-rule options of RULES.md. Every field has the documented default, so a
/// partial JSON or TOML object fills the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Raises allowed after the bet (or completion) in one betting round.
    pub max_raises: u32,
    /// The cap does not apply when the round began or became heads-up before the cap was reached.
    pub heads_up_uncapped: bool,
    pub short_all_in: ShortAllIn,
    pub odd_chip: OddChip,
    /// An open pair on fourth street allows the big bet (not in hi/lo by default).
    pub open_pair_big_bet: bool,
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
    /// pokerkit's conventions (RULES.md, Reference oracle): cap without heads-up exemption,
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
    fn stakes_validation_names_the_wrong_value() {
        let good = Stakes::default();
        assert_eq!(good.validate(), Ok(()));
        let zero = Stakes {
            bring_in: 0,
            ..good
        };
        assert_eq!(zero.validate(), Err(StakesError::ZeroBringIn));
        let high_bring_in = Stakes {
            bring_in: 6,
            ..good
        };
        assert!(matches!(
            high_bring_in.validate(),
            Err(StakesError::BringInAboveSmallBet { .. })
        ));
        let flat = Stakes { big_bet: 5, ..good };
        assert!(matches!(
            flat.validate(),
            Err(StakesError::BigBetNotAboveSmallBet { .. })
        ));
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
