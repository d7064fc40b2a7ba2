//! A table's settings (stakes, buy-in range, seats, timers, house rules), the validation that
//! refuses any that make no sense, naming the value that is wrong, and the one list of the
//! bounds and choices a front end offers for them ([`Bound`], [`SettingChoice`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::render::Locale;
use crate::table::computer::Level;
use crate::table::rules::{OddChip, Rules, RulesError, ShortAllIn, Stakes, StakesError};
use crate::table::{self, DEFAULT_MIX_HANDS, GameChoice};

/// Everything a moderator chooses when opening a table. Changes made while a hand is in
/// progress apply from the next hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TableSettings {
    /// What the table deals: one stud game, or `mix` (docs/RULES.md, "Other stud games").
    pub game: GameChoice,
    /// In `mix`, the hands dealt of each game before the next (ignored otherwise).
    pub mix_hands: u32,
    pub stakes: Stakes,
    pub rules: Rules,
    /// Smallest stack a player may sit down (or top up) with.
    pub min_buy_in: u64,
    /// Largest stack a player may hold after a buy-in or top-up.
    pub max_buy_in: u64,
    /// Chairs at the table, 2 to 8.
    pub seats: u8,
    /// Seconds a player has for each decision before the table acts for them.
    pub action_timer_secs: u32,
    /// Seconds between the end of one hand and the start of the next.
    pub between_hands_secs: u32,
    /// The language of the table's public text (board, results, notices), when a moderator
    /// chose one; `None` follows the server's language (see `Locale::for_table`).
    pub language: Option<Locale>,
    /// Seats computer players may fill while humans are short (0 to `seats - 1`: a table
    /// always has room for a human).
    pub computer_players: u8,
    /// How well the table's computer players play (stored by its name).
    #[serde(with = "level_by_name")]
    pub computer_level: Level,
}

impl TableSettings {
    // The engine's seat bounds (2 and 8) fit a u8.
    pub const MIN_SEATS: u8 = table::MIN_SEATS as u8;
    pub const MAX_SEATS: u8 = table::MAX_SEATS as u8;
    pub const MIN_ACTION_TIMER_SECS: u32 = 5;
    pub const MAX_ACTION_TIMER_SECS: u32 = 600;
    pub const MAX_BETWEEN_HANDS_SECS: u32 = 120;
    pub const MAX_MIX_HANDS: u32 = 50;

    /// Checks every value; the first one that is wrong is named in the error.
    pub fn validate(&self) -> Result<(), SettingsError> {
        if !(1..=Self::MAX_MIX_HANDS).contains(&self.mix_hands) {
            return Err(SettingsError::MixHands(self.mix_hands));
        }
        // A mix table may keep the option: its stud legs use it, its razz hands ignore it.
        if let Some(game) = self.game.fixed() {
            self.rules
                .validate_for_game(game)
                .map_err(|_| SettingsError::OpenPairBigBetInRazz)?;
        }
        self.stakes.validate()?;
        if !(Self::MIN_SEATS..=Self::MAX_SEATS).contains(&self.seats) {
            return Err(SettingsError::Seats(self.seats));
        }
        if self.min_buy_in < self.stakes.big_bet {
            return Err(SettingsError::MinBuyInBelowBigBet {
                min_buy_in: self.min_buy_in,
                big_bet: self.stakes.big_bet,
            });
        }
        if self.max_buy_in < self.min_buy_in {
            return Err(SettingsError::BuyInRange {
                min_buy_in: self.min_buy_in,
                max_buy_in: self.max_buy_in,
            });
        }
        if !(Self::MIN_ACTION_TIMER_SECS..=Self::MAX_ACTION_TIMER_SECS)
            .contains(&self.action_timer_secs)
        {
            return Err(SettingsError::ActionTimer(self.action_timer_secs));
        }
        if self.between_hands_secs > Self::MAX_BETWEEN_HANDS_SECS {
            return Err(SettingsError::BetweenHands(self.between_hands_secs));
        }
        if self.computer_players >= self.seats {
            return Err(SettingsError::ComputerPlayers {
                computer_players: self.computer_players,
                seats: self.seats,
            });
        }
        self.rules.validate().map_err(|error| match error {
            RulesError::MaxRaises(raises) => SettingsError::MaxRaises(raises),
        })?;
        Ok(())
    }
}

impl Default for TableSettings {
    /// 1/2/5/10 stakes, buy-in 100 to 1,000, 8 seats, 30 s to act, 5 s between hands,
    /// the house rules of docs/RULES.md.
    fn default() -> Self {
        TableSettings {
            game: GameChoice::default(),
            mix_hands: DEFAULT_MIX_HANDS,
            stakes: Stakes::default(),
            rules: Rules::default(),
            min_buy_in: 100,
            max_buy_in: 1_000,
            seats: 8,
            action_timer_secs: 30,
            between_hands_secs: 5,
            language: None,
            computer_players: 0,
            computer_level: Level::Easy,
        }
    }
}

/// The range a front end offers for one numeric setting (by its option name); `validate`
/// refuses what lies outside it. The bot's `/table open` and `/table settings` declare the
/// same bounds to Discord (a test compares them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub option: &'static str,
    pub min: u64,
    pub max: Option<u64>,
}

impl Bound {
    const fn new(option: &'static str, min: u64, max: Option<u64>) -> Bound {
        Bound { option, min, max }
    }
}

/// Every numeric setting's bounds, in the order the commands offer them.
pub const BOUNDS: [Bound; 12] = [
    Bound::new("mix_hands", 1, Some(TableSettings::MAX_MIX_HANDS as u64)),
    Bound::new("ante", 0, None),
    Bound::new("bring_in", 1, None),
    Bound::new("small_bet", 1, None),
    Bound::new("big_bet", 1, None),
    Bound::new("min_buy_in", 1, None),
    Bound::new("max_buy_in", 1, None),
    Bound::new(
        "seats",
        TableSettings::MIN_SEATS as u64,
        Some(TableSettings::MAX_SEATS as u64),
    ),
    Bound::new(
        "timer",
        TableSettings::MIN_ACTION_TIMER_SECS as u64,
        Some(TableSettings::MAX_ACTION_TIMER_SECS as u64),
    ),
    Bound::new(
        "between_hands",
        0,
        Some(TableSettings::MAX_BETWEEN_HANDS_SECS as u64),
    ),
    Bound::new(
        "max_raises",
        *Rules::MAX_RAISES.start() as u64,
        Some(*Rules::MAX_RAISES.end() as u64),
    ),
    Bound::new(
        "computer_players",
        0,
        Some(TableSettings::MAX_SEATS as u64 - 1),
    ),
];

/// A setting chosen from a fixed list (the engine's own `ALL`, each option with its name),
/// offered to players by those names.
pub trait SettingChoice: Copy + PartialEq + Send + Sync + 'static {
    fn all() -> &'static [(Self, &'static str)];

    fn name(self) -> &'static str {
        Self::all()
            .iter()
            .find(|(choice, _)| *choice == self)
            .map_or("", |(_, name)| name)
    }
}

impl SettingChoice for ShortAllIn {
    fn all() -> &'static [(Self, &'static str)] {
        &ShortAllIn::ALL
    }
}

impl SettingChoice for OddChip {
    fn all() -> &'static [(Self, &'static str)] {
        &OddChip::ALL
    }
}

impl SettingChoice for GameChoice {
    fn all() -> &'static [(Self, &'static str)] {
        &GameChoice::NAMED
    }
}

impl SettingChoice for Level {
    fn all() -> &'static [(Self, &'static str)] {
        &[(Level::Easy, "easy"), (Level::Good, "good")]
    }
}

/// A computer level in a stored record: by the name players choose it by.
mod level_by_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::{Level, SettingChoice};

    pub fn serialize<S: Serializer>(level: &Level, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(SettingChoice::name(*level))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        let name = String::deserialize(deserializer)?;
        <Level as SettingChoice>::all()
            .iter()
            .find(|(_, known)| *known == name)
            .map(|(level, _)| *level)
            .ok_or_else(|| D::Error::custom(format!("no computer level named {name:?}")))
    }
}

/// A table's language: one of ours, or `server` (none chosen: the server's is followed).
impl SettingChoice for Option<Locale> {
    fn all() -> &'static [(Self, &'static str)] {
        &[
            (Some(Locale::En), "en"),
            (Some(Locale::Es), "es"),
            (Some(Locale::Id), "id"),
            (None, "server"),
        ]
    }
}

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
    #[error("computer players may take at most {} of the {seats} seats, not {computer_players}", seats.saturating_sub(1))]
    ComputerPlayers { computer_players: u8, seats: u8 },
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
            SettingsError::ComputerPlayers {
                computer_players,
                seats,
            } => vec![
                ("computer_players", computer_players.into()),
                ("max", u64::from(seats.saturating_sub(1))),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_option(option: &str, value: u64) -> TableSettings {
        let mut settings = TableSettings {
            min_buy_in: 1_000,
            max_buy_in: 10_000,
            ..TableSettings::default()
        };
        let small = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
        match option {
            "ante" => settings.stakes.ante = value,
            "bring_in" => settings.stakes.bring_in = value,
            "small_bet" => settings.stakes.small_bet = value,
            "big_bet" => settings.stakes.big_bet = value,
            "min_buy_in" => settings.min_buy_in = value,
            "max_buy_in" => settings.max_buy_in = value,
            "seats" => settings.seats = u8::try_from(value).unwrap_or(u8::MAX),
            "timer" => settings.action_timer_secs = small(value),
            "between_hands" => settings.between_hands_secs = small(value),
            "max_raises" => settings.rules.max_raises = small(value),
            "mix_hands" => settings.mix_hands = small(value),
            "computer_players" => {
                settings.computer_players = u8::try_from(value).unwrap_or(u8::MAX)
            }
            other => panic!("no setting named {other}"),
        }
        settings
    }

    #[test]
    fn each_bound_is_where_validation_refuses() {
        for bound in BOUNDS {
            // Stakes must also stay ordered, so the lower bounds are checked alone where they
            // are the only rule (seats, timers, raises), the upper ones everywhere.
            if let Some(max) = bound.max {
                assert_eq!(
                    with_option(bound.option, max).validate(),
                    Ok(()),
                    "{bound:?}"
                );
                assert!(
                    with_option(bound.option, max + 1).validate().is_err(),
                    "{bound:?}"
                );
                assert_eq!(
                    with_option(bound.option, bound.min).validate(),
                    Ok(()),
                    "{bound:?}"
                );
                if bound.min > 0 {
                    assert!(
                        with_option(bound.option, bound.min - 1).validate().is_err(),
                        "{bound:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn choices_are_named_as_serde_names_them() {
        for (choice, name) in ShortAllIn::ALL {
            assert_eq!(SettingChoice::name(choice), name);
            assert_eq!(
                serde_json::to_value(choice).ok(),
                Some(serde_json::json!(name))
            );
        }
        for (choice, name) in OddChip::ALL {
            assert_eq!(SettingChoice::name(choice), name);
            assert_eq!(
                serde_json::to_value(choice).ok(),
                Some(serde_json::json!(name))
            );
        }
        for (choice, name) in <Level as SettingChoice>::all().iter().copied() {
            assert_eq!(SettingChoice::name(choice), name);
            assert_eq!(choice.name(), name, "the engine's own name");
            let settings = TableSettings {
                computer_level: choice,
                ..TableSettings::default()
            };
            let stored = serde_json::to_value(settings).unwrap();
            assert_eq!(stored["computer_level"], serde_json::json!(name));
            let loaded: TableSettings = serde_json::from_value(stored).unwrap();
            assert_eq!(loaded.computer_level, choice);
        }
        for (choice, name) in GameChoice::NAMED {
            assert_eq!(SettingChoice::name(choice), name);
            assert_eq!(
                serde_json::to_value(choice).ok(),
                Some(serde_json::json!(name))
            );
        }
    }

    #[test]
    fn settings_stored_before_games_existed_load_as_stud8_with_six_hand_legs() {
        let mut stored = serde_json::to_value(TableSettings::default()).unwrap();
        let object = stored.as_object_mut().unwrap();
        object.remove("game");
        object.remove("mix_hands");
        let loaded: TableSettings = serde_json::from_value(stored).unwrap();
        assert_eq!(loaded.game, GameChoice::Stud8);
        assert_eq!(loaded.mix_hands, DEFAULT_MIX_HANDS);
        assert_eq!(loaded, TableSettings::default());
    }

    #[test]
    fn a_razz_table_refuses_the_open_pair_big_bet_and_a_mix_table_keeps_it_for_stud() {
        let open_pair = Rules {
            open_pair_big_bet: true,
            ..Rules::default()
        };
        let razz = TableSettings {
            game: GameChoice::Razz,
            rules: open_pair,
            ..TableSettings::default()
        };
        assert_eq!(razz.validate(), Err(SettingsError::OpenPairBigBetInRazz));
        assert_eq!(
            SettingsError::OpenPairBigBetInRazz.message_id(),
            "settings-open-pair-in-razz"
        );
        let mix = TableSettings {
            game: GameChoice::Mix,
            ..razz
        };
        assert_eq!(mix.validate(), Ok(()));
    }

    #[test]
    fn computer_players_may_take_every_seat_but_one() {
        for seats in TableSettings::MIN_SEATS..=TableSettings::MAX_SEATS {
            let at_the_limit = TableSettings {
                seats,
                computer_players: seats - 1,
                ..TableSettings::default()
            };
            assert_eq!(at_the_limit.validate(), Ok(()), "{seats} seats");
            let past_it = TableSettings {
                computer_players: seats,
                ..at_the_limit
            };
            assert!(past_it.validate().is_err(), "{seats} seats");
        }
    }

    #[test]
    fn settings_stored_before_computer_players_load_with_none() {
        let mut stored = serde_json::to_value(TableSettings::default()).unwrap();
        let object = stored.as_object_mut().unwrap();
        object.remove("computer_players");
        object.remove("computer_level");
        let loaded: TableSettings = serde_json::from_value(stored).unwrap();
        assert_eq!(loaded.computer_players, 0);
        assert_eq!(loaded, TableSettings::default());
    }

    #[test]
    fn default_settings_are_valid() {
        assert_eq!(TableSettings::default().validate(), Ok(()));
    }

    #[test]
    fn each_wrong_setting_is_named() {
        let good = TableSettings::default();
        let cases: Vec<(TableSettings, SettingsError)> = vec![
            (TableSettings { seats: 9, ..good }, SettingsError::Seats(9)),
            (TableSettings { seats: 1, ..good }, SettingsError::Seats(1)),
            (
                TableSettings {
                    min_buy_in: 5,
                    ..good
                },
                SettingsError::MinBuyInBelowBigBet {
                    min_buy_in: 5,
                    big_bet: 10,
                },
            ),
            (
                TableSettings {
                    max_buy_in: 50,
                    ..good
                },
                SettingsError::BuyInRange {
                    min_buy_in: 100,
                    max_buy_in: 50,
                },
            ),
            (
                TableSettings {
                    action_timer_secs: 1,
                    ..good
                },
                SettingsError::ActionTimer(1),
            ),
            (
                TableSettings {
                    between_hands_secs: 500,
                    ..good
                },
                SettingsError::BetweenHands(500),
            ),
            (
                TableSettings {
                    stakes: Stakes {
                        bring_in: 0,
                        ..good.stakes
                    },
                    ..good
                },
                SettingsError::Stakes(StakesError::ZeroBringIn),
            ),
            (
                TableSettings {
                    rules: Rules {
                        max_raises: 0,
                        ..good.rules
                    },
                    ..good
                },
                SettingsError::MaxRaises(0),
            ),
            (
                TableSettings {
                    mix_hands: 0,
                    ..good
                },
                SettingsError::MixHands(0),
            ),
            (
                TableSettings {
                    seats: 4,
                    computer_players: 4,
                    ..good
                },
                SettingsError::ComputerPlayers {
                    computer_players: 4,
                    seats: 4,
                },
            ),
        ];
        for (settings, expected) in cases {
            assert_eq!(settings.validate(), Err(expected));
        }
    }

    #[test]
    fn the_raises_a_table_may_allow_are_the_engines_own_bounds() {
        let bound = BOUNDS
            .iter()
            .find(|bound| bound.option == "max_raises")
            .expect("max_raises has bounds");
        assert_eq!(bound.min, u64::from(*Rules::MAX_RAISES.start()));
        assert_eq!(bound.max, Some(u64::from(*Rules::MAX_RAISES.end())));
        for max_raises in 0..=Rules::MAX_RAISES.end() + 5 {
            let settings = TableSettings {
                rules: Rules {
                    max_raises,
                    ..Rules::default()
                },
                ..TableSettings::default()
            };
            assert_eq!(
                settings.validate().is_ok(),
                Rules::MAX_RAISES.contains(&max_raises),
                "max_raises {max_raises}"
            );
        }
    }
}
