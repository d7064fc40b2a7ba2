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
    }
}
