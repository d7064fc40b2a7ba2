//! The options of `/table open` and `/table settings`, declared once: [`with_setting_options`]
//! lists each option with its type, its bounds (those of `lobby::settings::BOUNDS`, which a
//! test compares) and the setting it changes; the two commands and [`SettingOptions`] are
//! generated from that list. Adding a setting is one line there (and its `opt-` words in
//! `bot.ftl`). Choices are the engine's own (`ALL` and `name()`) through [`Choice`].

use std::borrow::Cow;

use crate::lobby::{SettingChoice, TableSettings};
use crate::render::Locale;
use crate::table::{GameChoice, OddChip, ShortAllIn};

/// A setting chosen by name from the engine's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice<T>(pub T);

impl<T: SettingChoice> poise::ChoiceParameter for Choice<T> {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        let choices: Vec<poise::CommandParameterChoice> = T::all()
            .iter()
            .map(|(_, name)| poise::CommandParameterChoice {
                name: Cow::Borrowed(*name),
                localizations: Cow::Borrowed(&[]),
                __non_exhaustive: (),
            })
            .collect();
        Cow::Owned(choices)
    }

    fn from_index(index: usize) -> Option<Self> {
        T::all().get(index).map(|(choice, _)| Choice(*choice))
    }

    fn from_name(name: &str) -> Option<Self> {
        T::all()
            .iter()
            .find(|(_, choice_name)| *choice_name == name)
            .map(|(choice, _)| Choice(*choice))
    }

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

pub type ShortAllInChoice = Choice<ShortAllIn>;
pub type OddChipChoice = Choice<OddChip>;
pub type GameChoiceOption = Choice<GameChoice>;
pub type LanguageChoice = Choice<Option<Locale>>;
pub type ComputerLevelChoice = Choice<crate::table::computer::Level>;

/// An option's value as the setting it sets.
pub trait OptionValue {
    type Setting;
    fn setting(self) -> Self::Setting;
}

macro_rules! plain_option_values {
    ($($ty:ty),*) => {$(
        impl OptionValue for $ty {
            type Setting = $ty;
            fn setting(self) -> $ty {
                self
            }
        }
    )*};
}
plain_option_values!(u8, u32, u64, bool);

impl<T> OptionValue for Choice<T> {
    type Setting = T;
    fn setting(self) -> T {
        self.0
    }
}

/// The one list of the table settings a moderator sets by command: `option: Type [bounds] =>
/// field of TableSettings`. Calls `$callback!` with the list after `$args`.
macro_rules! with_setting_options {
    ($callback:ident ! { $($args:tt)* }) => {
        $callback! {
            $($args)*
            game: GameChoiceOption [] => game,
            mix_hands: u32 [min = 1, max = 50] => mix_hands,
            ante: u64 [min = 0] => stakes.ante,
            bring_in: u64 [min = 1] => stakes.bring_in,
            small_bet: u64 [min = 1] => stakes.small_bet,
            big_bet: u64 [min = 1] => stakes.big_bet,
            min_buy_in: u64 [min = 1] => min_buy_in,
            max_buy_in: u64 [min = 1] => max_buy_in,
            seats: u8 [min = 2, max = 8] => seats,
            timer: u32 [min = 5, max = 600] => action_timer_secs,
            between_hands: u32 [min = 0, max = 120] => between_hands_secs,
            max_raises: u32 [min = 1, max = 10] => rules.max_raises,
            heads_up_uncapped: bool [] => rules.heads_up_uncapped,
            short_all_in: ShortAllInChoice [] => rules.short_all_in,
            odd_chip: OddChipChoice [] => rules.odd_chip,
            open_pair_big_bet: bool [] => rules.open_pair_big_bet,
            language: LanguageChoice [] => language,
            computer_players: u8 [min = 0, max = 7] => computer_players,
            computer_level: ComputerLevelChoice [] => computer_level,
        }
    };
}
pub(crate) use with_setting_options;

macro_rules! setting_options {
    ($($name:ident: $ty:ident [$($bound:ident = $value:tt),*] => $($field:ident).+,)*) => {
        /// The options of `/table open` and `/table settings`; `None` keeps the current value.
        #[derive(Debug, Clone, Copy, Default)]
        pub struct SettingOptions {
            $(pub $name: Option<$ty>,)*
        }

        impl SettingOptions {
            /// `settings` with every option given.
            pub fn apply(self, mut settings: TableSettings) -> TableSettings {
                $(
                    if let Some(value) = self.$name {
                        settings.$($field).+ = OptionValue::setting(value);
                    }
                )*
                settings
            }
        }
    };
}
with_setting_options!(setting_options! {});

/// A moderator command taking every setting option, handing them to `$handler`.
macro_rules! settings_command {
    ($command:ident => $handler:path;
     $($name:ident: $ty:ident [$($bound:ident = $value:tt),*] => $($field:ident).+,)*) => {
        #[allow(clippy::too_many_arguments)]
        #[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
        pub async fn $command(
            ctx: $crate::bot::Context<'_>,
            $($(#[$bound = $value])* $name: Option<$ty>,)*
        ) -> $crate::bot::reply::Outcome {
            $handler(ctx, $crate::bot::commands::settings::SettingOptions { $($name,)* }).await
        }
    };
}
pub(crate) use settings_command;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::commands::table::{open, settings};
    use crate::lobby::settings::BOUNDS;
    use poise::serenity_prelude as serenity;

    /// 2^53 - 1, the largest integer Discord takes.
    const DISCORD_LARGEST_INTEGER: u64 = 9_007_199_254_740_991;

    fn bounds_offered(
        command: &poise::Command<crate::bot::Bot, anyhow::Error>,
    ) -> Vec<(String, Option<u64>, Option<u64>)> {
        command
            .parameters
            .iter()
            .filter_map(|parameter| {
                let setter = parameter.type_setter?;
                let option = setter(serenity::CreateCommandOption::new(
                    serenity::CommandOptionType::Integer,
                    parameter.name.clone(),
                    "x",
                ));
                let json = serde_json::to_value(option).ok()?;
                if json["type"] != 4 || !parameter.choices.is_empty() {
                    return None;
                }
                Some((
                    parameter.name.to_string(),
                    json["min_value"].as_f64().map(|min| min as u64),
                    // poise bounds a u64 by Discord's own largest integer: no bound of ours.
                    json["max_value"]
                        .as_f64()
                        .map(|max| max as u64)
                        .filter(|max| *max != DISCORD_LARGEST_INTEGER),
                ))
            })
            .collect()
    }

    #[test]
    fn discord_is_offered_exactly_the_lobbys_bounds() {
        let expected: Vec<(String, Option<u64>, Option<u64>)> = BOUNDS
            .iter()
            .map(|bound| (bound.option.to_owned(), Some(bound.min), bound.max))
            .collect();
        assert_eq!(bounds_offered(&open()), expected);
        assert_eq!(bounds_offered(&settings()), expected);
    }

    #[test]
    fn choices_are_the_engines() {
        let command = open();
        let offered = |name: &str| -> Vec<String> {
            command
                .parameters
                .iter()
                .find(|parameter| parameter.name == name)
                .map(|parameter| {
                    parameter
                        .choices
                        .iter()
                        .map(|c| c.name.to_string())
                        .collect()
                })
                .unwrap_or_default()
        };
        assert_eq!(offered("short_all_in"), ["half_bet", "full_bet"]);
        assert_eq!(offered("odd_chip"), ["by_suit", "first_seat"]);
        assert_eq!(offered("game"), ["stud8", "stud", "razz", "mix"]);
        assert_eq!(offered("language"), ["en", "es", "id", "server"]);
        assert_eq!(offered("computer_level"), ["easy", "good"]);
        let options = SettingOptions {
            game: Some(Choice(GameChoice::Mix)),
            mix_hands: Some(3),
            short_all_in: Some(Choice(ShortAllIn::FullBet)),
            odd_chip: Some(Choice(OddChip::FirstSeat)),
            seats: Some(4),
            language: Some(Choice(Some(Locale::Id))),
            ..SettingOptions::default()
        };
        let settings = options.apply(TableSettings::default());
        assert_eq!(settings.language, Some(Locale::Id));
        let back_to_the_server = SettingOptions {
            language: Some(Choice(None)),
            ..SettingOptions::default()
        };
        assert_eq!(back_to_the_server.apply(settings).language, None);
        assert_eq!(settings.rules.short_all_in, ShortAllIn::FullBet);
        assert_eq!(settings.rules.odd_chip, OddChip::FirstSeat);
        assert_eq!(settings.seats, 4);
        assert_eq!(settings.game, GameChoice::Mix);
        assert_eq!(settings.mix_hands, 3);
        assert_eq!(settings.stakes, TableSettings::default().stakes);
    }
}
