//! Fixed-limit stakes (ante, bring-in, small bet, big bet), their default and the order
//! `validate` holds them to, each refusal worded for players.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::read;

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
    #[error("small_bet must be more than 0")]
    ZeroSmallBet,
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
        // Named before the bring-in is compared with it: "more than 0" is what is wrong.
        if self.small_bet == 0 {
            return Err(StakesError::ZeroSmallBet);
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
            StakesError::ZeroSmallBet => "settings-small-bet-zero",
            StakesError::BringInAboveSmallBet { .. } => "settings-bring-in-above-small-bet",
            StakesError::BigBetNotAboveSmallBet { .. } => "settings-big-bet-not-above-small-bet",
        }
    }

    /// The numbers [`StakesError::message_id`]'s message names.
    pub fn message_args(&self) -> Vec<(&'static str, u64)> {
        match *self {
            StakesError::ZeroBringIn | StakesError::ZeroSmallBet => Vec::new(),
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

impl crate::refusal::Refusal for StakesError {
    fn message_id(&self) -> &'static str {
        StakesError::message_id(self)
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        StakesError::message_args(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let upside_down = Stakes { big_bet: 4, ..good };
        assert_eq!(
            refusal(upside_down),
            Err("big_bet (4) must be more than small_bet (5)".into())
        );
    }

    /// `--small-bet 0` said "the bring-in (2) cannot be more than the small bet (0)": true,
    /// but what is wrong is the small bet of nothing.
    #[test]
    fn a_small_bet_of_nothing_is_refused_as_nothing_before_the_bring_in_is_compared() {
        let nothing = Stakes {
            small_bet: 0,
            ..Stakes::default()
        };
        assert_eq!(nothing.validate(), Err(StakesError::ZeroSmallBet));
        assert_eq!(
            StakesError::ZeroSmallBet.to_string(),
            "small_bet must be more than 0"
        );
        assert_eq!(
            StakesError::ZeroSmallBet.message_id(),
            "settings-small-bet-zero"
        );
        assert_eq!(StakesError::ZeroSmallBet.message_args(), Vec::new());
        // A bring-in of nothing is still named first.
        let both = Stakes {
            bring_in: 0,
            ..nothing
        };
        assert_eq!(both.validate(), Err(StakesError::ZeroBringIn));
    }

    /// docs/RULES.md, Stakes: "A bring-in equal to the small bet is allowed", and a big bet
    /// one chip above the small bet is the least one allowed.
    #[test]
    fn stakes_at_their_bounds_are_allowed() {
        let at_bounds = Stakes {
            ante: 0,
            bring_in: 5,
            small_bet: 5,
            big_bet: 6,
        };
        assert_eq!(at_bounds.validate(), Ok(()));
        let least = Stakes {
            ante: 0,
            bring_in: 1,
            small_bet: 1,
            big_bet: 2,
        };
        assert_eq!(least.validate(), Ok(()));
    }

    #[test]
    fn the_default_stakes_are_one_two_five_ten() {
        assert_eq!(
            Stakes::default(),
            Stakes {
                ante: 1,
                bring_in: 2,
                small_bet: 5,
                big_bet: 10,
            }
        );
    }

    #[test]
    fn each_stakes_refusal_names_its_message_and_the_numbers_it_shows() {
        let zero = StakesError::ZeroBringIn;
        assert_eq!(zero.message_id(), "settings-bring-in-zero");
        assert_eq!(zero.message_args(), Vec::new());
        let high = StakesError::BringInAboveSmallBet {
            bring_in: 6,
            small_bet: 5,
        };
        assert_eq!(high.message_id(), "settings-bring-in-above-small-bet");
        assert_eq!(high.message_args(), vec![("bring_in", 6), ("small_bet", 5)]);
        let flat = StakesError::BigBetNotAboveSmallBet {
            small_bet: 5,
            big_bet: 4,
        };
        assert_eq!(flat.message_id(), "settings-big-bet-not-above-small-bet");
        assert_eq!(flat.message_args(), vec![("small_bet", 5), ("big_bet", 4)]);
    }
}
