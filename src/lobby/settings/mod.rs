//! A table's settings (stakes, buy-in range, seats, timers, house rules) and the validation
//! that refuses any that make no sense, naming the value that is wrong. Beside them: `bounds`
//! (the one list of the numeric bounds a front end offers, [`Bound`]), `choices` (the settings
//! chosen from a named list, [`SettingChoice`]) and `error` (why settings were refused, worded
//! for moderators).

use serde::{Deserialize, Serialize};

use crate::render::Locale;
use crate::table::computer::ComputerLevel;
use crate::table::rules::{Rules, RulesError, Stakes};
use crate::table::{self, DEFAULT_MIX_HANDS, GameChoice};

/// What a cash table's time bank earns back with every hand a player is dealt, up to the
/// table's `time_bank_secs`: a player who spent it on one hard decision has it back after a
/// dozen hands.
pub const TIME_BANK_EARNED_PER_HAND: std::time::Duration = std::time::Duration::from_secs(5);

mod bounds;
mod choices;
mod error;

pub use bounds::{BOUNDS, Bound};
pub use choices::SettingChoice;
pub use error::SettingsError;

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
    /// Seconds of each player's time bank: what runs on when the action timer runs out, and
    /// what "+30 s" takes from. At a cash table a player sits down with it full and earns back
    /// [`TIME_BANK_EARNED_PER_HAND`] a hand dealt, never past it; in a sit & go every entrant
    /// starts with it. 0: no time bank.
    pub time_bank_secs: u32,
    /// In a sit & go, seconds added to every player's time bank at each new level.
    pub time_bank_level_secs: u32,
    /// At a cash table, hands a player may sit out (on their own or for timeouts) before they
    /// are stood up and their chips go back to their balance; 0: never. In a sit & go
    /// whoever sits out stays dealt in.
    pub away_hands: u32,
    /// The language of the table's public text (board, results, notices), when a moderator
    /// chose one; `None` follows the server's language (see `Locale::for_table`).
    pub language: Option<Locale>,
    /// Seats computer players may fill while humans are short (0 to `seats - 1`: a table
    /// always has room for a human).
    pub computer_players: u8,
    /// How well the table's computer players play (stored by its name).
    #[serde(with = "level_by_name")]
    pub computer_level: ComputerLevel,
}

impl TableSettings {
    // The engine's seat bounds (2 and 8) fit a u8.
    pub const MIN_SEATS: u8 = table::MIN_SEATS as u8;
    pub const MAX_SEATS: u8 = table::MAX_SEATS as u8;
    pub const MIN_ACTION_TIMER_SECS: u32 = 5;
    pub const MAX_ACTION_TIMER_SECS: u32 = 600;
    pub const MAX_BETWEEN_HANDS_SECS: u32 = 120;
    pub const MAX_MIX_HANDS: u32 = 50;
    pub const MAX_TIME_BANK_SECS: u32 = 600;
    pub const MAX_AWAY_HANDS: u32 = 100;

    /// Refuses computer players buying in for more than `limit` (`[economy]
    /// computer_max_buy_in`): where computers sit, `max_buy_in` (what each buys in for) is
    /// bounded.
    pub fn check_computer_buy_in(&self, limit: u64) -> Result<(), SettingsError> {
        if self.computer_players > 0 && self.max_buy_in > limit {
            return Err(SettingsError::ComputerBuyIn {
                max_buy_in: self.max_buy_in,
                limit,
            });
        }
        Ok(())
    }

    /// Whether these settings, replacing `before`, may have the house mint more: more
    /// computer players, or computers buying in for more (each buys in at `max_buy_in`).
    /// Fewer computers, a smaller buy-in or any other change draw no more on it. Opening a
    /// table is replacing a table of no computers.
    pub fn draws_more_on_the_house(&self, before: &TableSettings) -> bool {
        self.computer_players > before.computer_players
            || (self.computer_players > 0 && self.max_buy_in > before.max_buy_in)
    }

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
        for seconds in [self.time_bank_secs, self.time_bank_level_secs] {
            if seconds > Self::MAX_TIME_BANK_SECS {
                return Err(SettingsError::TimeBank(seconds));
            }
        }
        if self.away_hands > Self::MAX_AWAY_HANDS {
            return Err(SettingsError::AwayHands(self.away_hands));
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
    /// 1/2/5/10 stakes, buy-in 100 to 1,000, 8 seats, 20 s to act and a 60 s time bank
    /// (30 s more each sit & go level), 5 s between hands, away players stood up after 5
    /// hands, the house rules of docs/RULES.md.
    fn default() -> Self {
        TableSettings {
            game: GameChoice::default(),
            mix_hands: DEFAULT_MIX_HANDS,
            stakes: Stakes::default(),
            rules: Rules::default(),
            min_buy_in: 100,
            max_buy_in: 1_000,
            seats: TableSettings::MAX_SEATS,
            action_timer_secs: 20,
            between_hands_secs: 5,
            time_bank_secs: 60,
            time_bank_level_secs: 30,
            away_hands: 5,
            language: None,
            computer_players: 0,
            computer_level: ComputerLevel::Easy,
        }
    }
}

/// A computer level in a stored record: by the name players choose it by.
mod level_by_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::{ComputerLevel, SettingChoice};

    pub fn serialize<S: Serializer>(
        level: &ComputerLevel,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(SettingChoice::name(*level))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<ComputerLevel, D::Error> {
        let name = String::deserialize(deserializer)?;
        <ComputerLevel as SettingChoice>::all()
            .iter()
            .find(|(_, known)| *known == name)
            .map(|(level, _)| *level)
            .ok_or_else(|| D::Error::custom(format!("no computer level named {name:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::rules::StakesError;

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
    fn settings_stored_before_time_banks_load_with_the_defaults_and_keep_their_timer() {
        let mut stored = serde_json::to_value(TableSettings {
            action_timer_secs: 30,
            ..TableSettings::default()
        })
        .unwrap();
        let object = stored.as_object_mut().unwrap();
        object.remove("time_bank_secs");
        object.remove("time_bank_level_secs");
        object.remove("away_hands");
        let loaded: TableSettings = serde_json::from_value(stored).unwrap();
        assert_eq!(loaded.action_timer_secs, 30);
        assert_eq!(loaded.time_bank_secs, 60);
        assert_eq!(loaded.away_hands, 5);
    }

    #[test]
    fn default_settings_are_valid() {
        assert_eq!(TableSettings::default().validate(), Ok(()));
    }

    #[test]
    fn each_wrong_setting_is_named() {
        type Change = fn(&mut TableSettings);
        let cases: [(Change, SettingsError); 13] = [
            (|settings| settings.seats = 9, SettingsError::Seats(9)),
            (|settings| settings.seats = 1, SettingsError::Seats(1)),
            (
                |settings| settings.min_buy_in = 5,
                SettingsError::MinBuyInBelowBigBet {
                    min_buy_in: 5,
                    big_bet: 10,
                },
            ),
            (
                |settings| settings.max_buy_in = 50,
                SettingsError::BuyInRange {
                    min_buy_in: 100,
                    max_buy_in: 50,
                },
            ),
            (
                |settings| settings.action_timer_secs = 1,
                SettingsError::ActionTimer(1),
            ),
            (
                |settings| settings.between_hands_secs = 500,
                SettingsError::BetweenHands(500),
            ),
            (
                |settings| settings.stakes.bring_in = 0,
                SettingsError::Stakes(StakesError::ZeroBringIn),
            ),
            (
                |settings| settings.rules.max_raises = 0,
                SettingsError::MaxRaises(0),
            ),
            (
                |settings| settings.mix_hands = 0,
                SettingsError::MixHands(0),
            ),
            (
                |settings| settings.time_bank_secs = 601,
                SettingsError::TimeBank(601),
            ),
            (
                |settings| settings.time_bank_level_secs = 601,
                SettingsError::TimeBank(601),
            ),
            (
                |settings| settings.away_hands = 101,
                SettingsError::AwayHands(101),
            ),
            (
                |settings| {
                    settings.seats = 4;
                    settings.computer_players = 4;
                },
                SettingsError::ComputerPlayers {
                    computer_players: 4,
                    seats: 4,
                },
            ),
        ];
        for (change, expected) in cases {
            let mut settings = TableSettings::default();
            change(&mut settings);
            assert_eq!(settings.validate(), Err(expected));
        }
    }

    #[test]
    fn more_computers_or_a_larger_computer_buy_in_draw_more_on_the_house_and_nothing_else_does() {
        let none = TableSettings::default();
        let two = TableSettings {
            computer_players: 2,
            ..none
        };
        assert!(two.draws_more_on_the_house(&none));
        assert!(!none.draws_more_on_the_house(&two));
        let richer = TableSettings {
            max_buy_in: two.max_buy_in + 1,
            ..two
        };
        assert!(richer.draws_more_on_the_house(&two));
        assert!(!two.draws_more_on_the_house(&richer));
        // A larger buy-in at a table of no computers draws nothing.
        let richer_without = TableSettings {
            max_buy_in: none.max_buy_in + 1,
            ..none
        };
        assert!(!richer_without.draws_more_on_the_house(&none));
        let other = TableSettings {
            action_timer_secs: 60,
            stakes: Stakes {
                big_bet: two.stakes.big_bet * 2,
                small_bet: two.stakes.small_bet * 2,
                ..two.stakes
            },
            ..two
        };
        assert!(!other.draws_more_on_the_house(&two));
        assert!(!two.draws_more_on_the_house(&two));
    }
}
