//! Why settings were refused, and the words and numbers that tell a moderator so.

use thiserror::Error;

use crate::table::rules::{Rules, StakesError};

use super::TableSettings;

/// Why settings were refused. Nothing changes when settings are refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SettingsError {
    #[error("invalid stakes: {0}")]
    Stakes(#[from] StakesError),
    #[error(
        "seats must be between {min} and {max}, not {0}",
        min = TableSettings::MIN_SEATS,
        max = TableSettings::MAX_SEATS
    )]
    Seats(u8),
    #[error("min_buy_in ({min_buy_in}) must be at least the big bet ({big_bet})")]
    MinBuyInBelowBigBet { min_buy_in: u64, big_bet: u64 },
    #[error("max_buy_in ({max_buy_in}) must not be less than min_buy_in ({min_buy_in})")]
    BuyInRange { min_buy_in: u64, max_buy_in: u64 },
    #[error(
        "the action timer must be between {min} and {max} seconds, not {0}",
        min = TableSettings::MIN_ACTION_TIMER_SECS,
        max = TableSettings::MAX_ACTION_TIMER_SECS
    )]
    ActionTimer(u32),
    #[error(
        "the time between hands must be at most {max} seconds, not {0}",
        max = TableSettings::MAX_BETWEEN_HANDS_SECS
    )]
    BetweenHands(u32),
    #[error(
        "max_raises must be between {min} and {max}, not {0}",
        min = Rules::MAX_RAISES.start(),
        max = Rules::MAX_RAISES.end()
    )]
    MaxRaises(u32),
    #[error(
        "mix_hands must be between 1 and {max}, not {0}",
        max = TableSettings::MAX_MIX_HANDS
    )]
    MixHands(u32),
    /// Razz has no open-pair big bet (docs/RULES.md, "Other stud games"): a razz table cannot
    /// take the option. (A `mix` table may: its stud legs use it, its razz hands ignore it.)
    #[error("razz has no open-pair big bet: open_pair_big_bet must be off at a razz table")]
    OpenPairBigBetInRazz,
    #[error(
        "a time bank must be at most {max} seconds, not {0}",
        max = TableSettings::MAX_TIME_BANK_SECS
    )]
    TimeBank(u32),
    #[error(
        "the hands a player may be away must be at most {max}, not {0}",
        max = TableSettings::MAX_AWAY_HANDS
    )]
    AwayHands(u32),
    #[error("computer players may take at most {} of the {seats} seats, not {computer_players}", seats.saturating_sub(1))]
    ComputerPlayers { computer_players: u8, seats: u8 },
    /// Computer players buy in at `max_buy_in`, which where they sit may not pass the
    /// operator's `[economy] computer_max_buy_in`.
    #[error("where computer players sit, max_buy_in may be at most {limit}, not {max_buy_in}")]
    ComputerBuyIn { max_buy_in: u64, limit: u64 },
}

impl SettingsError {
    /// The message (`locales/*/lobby.ftl`) that tells a moderator what is wrong, in their
    /// language; it ends the sentence `lobby-invalid-settings` starts.
    pub fn message_id(&self) -> &'static str {
        match self {
            SettingsError::Stakes(stakes) => stakes.message_id(),
            SettingsError::Seats(_) => "settings-seats",
            SettingsError::MinBuyInBelowBigBet { .. } => "settings-min-buy-in-below-big-bet",
            SettingsError::BuyInRange { .. } => "settings-buy-in-range",
            SettingsError::ActionTimer(_) => "settings-action-timer",
            SettingsError::BetweenHands(_) => "settings-between-hands",
            SettingsError::MaxRaises(_) => "settings-max-raises",
            SettingsError::MixHands(_) => "settings-mix-hands",
            SettingsError::OpenPairBigBetInRazz => "settings-open-pair-in-razz",
            SettingsError::ComputerPlayers { .. } => "settings-computer-players",
            SettingsError::TimeBank(_) => "settings-time-bank",
            SettingsError::AwayHands(_) => "settings-away-hands",
            SettingsError::ComputerBuyIn { .. } => "settings-computer-buy-in",
        }
    }

    /// The numbers [`SettingsError::message_id`]'s message names.
    pub fn message_args(&self) -> Vec<(&'static str, u64)> {
        type S = TableSettings;
        match *self {
            SettingsError::Stakes(ref stakes) => stakes.message_args(),
            SettingsError::Seats(seats) => vec![
                ("seats", seats.into()),
                ("min", S::MIN_SEATS.into()),
                ("max", S::MAX_SEATS.into()),
            ],
            SettingsError::MinBuyInBelowBigBet {
                min_buy_in,
                big_bet,
            } => vec![("min_buy_in", min_buy_in), ("big_bet", big_bet)],
            SettingsError::BuyInRange {
                min_buy_in,
                max_buy_in,
            } => vec![("min_buy_in", min_buy_in), ("max_buy_in", max_buy_in)],
            SettingsError::ActionTimer(seconds) => vec![
                ("seconds", seconds.into()),
                ("min", S::MIN_ACTION_TIMER_SECS.into()),
                ("max", S::MAX_ACTION_TIMER_SECS.into()),
            ],
            SettingsError::BetweenHands(seconds) => vec![
                ("seconds", seconds.into()),
                ("max", S::MAX_BETWEEN_HANDS_SECS.into()),
            ],
            SettingsError::MaxRaises(raises) => vec![
                ("raises", raises.into()),
                ("min", (*Rules::MAX_RAISES.start()).into()),
                ("max", (*Rules::MAX_RAISES.end()).into()),
            ],
            SettingsError::MixHands(hands) => vec![
                ("hands", hands.into()),
                ("min", 1),
                ("max", S::MAX_MIX_HANDS.into()),
            ],
            SettingsError::OpenPairBigBetInRazz => Vec::new(),
            SettingsError::TimeBank(seconds) => vec![
                ("seconds", seconds.into()),
                ("max", S::MAX_TIME_BANK_SECS.into()),
            ],
            SettingsError::AwayHands(hands) => {
                vec![("hands", hands.into()), ("max", S::MAX_AWAY_HANDS.into())]
            }
            SettingsError::ComputerPlayers {
                computer_players,
                seats,
            } => vec![
                ("computer_players", computer_players.into()),
                ("max", u64::from(seats.saturating_sub(1))),
            ],
            SettingsError::ComputerBuyIn { max_buy_in, limit } => {
                vec![("max_buy_in", max_buy_in), ("limit", limit)]
            }
        }
    }
}
