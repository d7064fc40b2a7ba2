//! The options of `/table open` and `/table settings`, declared once: [`with_setting_options`]
//! lists each option with its type and the setting it changes; the two commands and
//! [`SettingOptions`] are generated from that list. Adding a setting is one line there (and its
//! `opt-` words in `bot.ftl`). A numeric option is a [`Bounded`], which offers Discord the
//! bounds of `lobby::settings::BOUNDS` (poise's `#[min]`/`#[max]` take only literals, which
//! would restate them). Choices are the engine's own (`ALL` and `name()`) through [`Choice`].

use std::borrow::Cow;
use std::fmt::Debug;

use poise::serenity_prelude as serenity;

use crate::lobby::{BOUNDS, Bound, SettingChoice, TableSettings};
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
pub type ComputerLevelChoice = Choice<crate::table::computer::ComputerLevel>;

/// A numeric setting, as a slash option bounded by the lobby's own [`Bound`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounded<B: BoundedSetting>(pub B::Setting);

/// Which numeric setting a [`Bounded`] option is: its bound, and the setting's type.
pub trait BoundedSetting {
    const BOUND: Bound;
    type Setting: TryFrom<u64> + Copy + Debug + PartialEq + Eq + Send + Sync;
}

/// The bound of `option` in `BOUNDS`; naming one that is not there fails the build.
const fn bound_named(option: &str) -> Bound {
    let mut index = 0;
    while index < BOUNDS.len() {
        let bound = BOUNDS[index];
        if same_bytes(bound.option.as_bytes(), option.as_bytes()) {
            return bound;
        }
        index += 1;
    }
    panic!("no such setting in lobby::settings::BOUNDS")
}

const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}

/// The largest integer Discord takes (2^53 - 1): the top of an option with no maximum.
const DISCORD_LARGEST_INTEGER: u64 = 9_007_199_254_740_991;

macro_rules! bounded_settings {
    ($($marker:ident = $option:literal as $setting:ty;)*) => {$(
        #[doc = concat!("The `", $option, "` option.")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $marker {}

        impl BoundedSetting for $marker {
            const BOUND: Bound = bound_named($option);
            type Setting = $setting;
        }
    )*};
}
bounded_settings! {
    MixHands = "mix_hands" as u32;
    Ante = "ante" as u64;
    BringIn = "bring_in" as u64;
    SmallBet = "small_bet" as u64;
    BigBet = "big_bet" as u64;
    MinBuyIn = "min_buy_in" as u64;
    MaxBuyIn = "max_buy_in" as u64;
    Seats = "seats" as u8;
    Timer = "timer" as u32;
    BetweenHands = "between_hands" as u32;
    TimeBank = "time_bank" as u32;
    AwayHands = "away_hands" as u32;
    MaxRaises = "max_raises" as u32;
    ComputerSeats = "computer_players" as u8;
}

#[async_trait::async_trait]
impl<B: BoundedSetting + Send + Sync> poise::SlashArgument for Bounded<B> {
    async fn extract(
        _: &serenity::Context,
        _: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<Self, poise::SlashArgError> {
        let mismatch = poise::SlashArgError::new_command_structure_mismatch;
        match *value {
            serenity::ResolvedValue::Integer(value) => u64::try_from(value)
                .ok()
                .and_then(|value| B::Setting::try_from(value).ok())
                .map(Bounded)
                .ok_or_else(|| mismatch("received out of bounds integer")),
            _ => Err(mismatch("expected integer")),
        }
    }

    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        let bound = B::BOUND;
        // Discord takes the bounds as numbers; every bound here is far below 2^53.
        #[allow(clippy::cast_precision_loss)]
        builder
            .kind(serenity::CommandOptionType::Integer)
            .min_number_value(bound.min as f64)
            .max_number_value(bound.max.unwrap_or(DISCORD_LARGEST_INTEGER) as f64)
    }
}

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
plain_option_values!(bool);

impl<B: BoundedSetting> OptionValue for Bounded<B> {
    type Setting = B::Setting;
    fn setting(self) -> B::Setting {
        self.0
    }
}

impl<T> OptionValue for Choice<T> {
    type Setting = T;
    fn setting(self) -> T {
        self.0
    }
}

/// The one list of the table settings a moderator sets by command: `option: Type => field of
/// TableSettings`. Calls `$callback!` with the list after `$args`.
macro_rules! with_setting_options {
    ($callback:ident ! { $($args:tt)* }) => {
        $callback! {
            $($args)*
            game: GameChoiceOption => game,
            mix_hands: Bounded<MixHands> => mix_hands,
            ante: Bounded<Ante> => stakes.ante,
            bring_in: Bounded<BringIn> => stakes.bring_in,
            small_bet: Bounded<SmallBet> => stakes.small_bet,
            big_bet: Bounded<BigBet> => stakes.big_bet,
            min_buy_in: Bounded<MinBuyIn> => min_buy_in,
            max_buy_in: Bounded<MaxBuyIn> => max_buy_in,
            seats: Bounded<Seats> => seats,
            timer: Bounded<Timer> => action_timer_secs,
            between_hands: Bounded<BetweenHands> => between_hands_secs,
            time_bank: Bounded<TimeBank> => time_bank_secs,
            away_hands: Bounded<AwayHands> => away_hands,
            max_raises: Bounded<MaxRaises> => rules.max_raises,
            heads_up_uncapped: bool => rules.heads_up_uncapped,
            short_all_in: ShortAllInChoice => rules.short_all_in,
            odd_chip: OddChipChoice => rules.odd_chip,
            open_pair_big_bet: bool => rules.open_pair_big_bet,
            language: LanguageChoice => language,
            computer_players: Bounded<ComputerSeats> => computer_players,
            computer_level: ComputerLevelChoice => computer_level,
        }
    };
}
pub(crate) use with_setting_options;

macro_rules! setting_options {
    ($($name:ident: $ty:ty => $($field:ident).+,)*) => {
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

/// A moderator command taking every setting option, handing them to `$handler`; options of
/// its own (`$extra`, offered first) follow them.
macro_rules! settings_command {
    ($command:ident => $handler:path $(, $extra:ident: $extra_ty:ty)*;
     $($name:ident: $ty:ty => $($field:ident).+,)*) => {
        #[allow(clippy::too_many_arguments)]
        #[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
        pub async fn $command(
            ctx: $crate::bot::Context<'_>,
            $($extra: Option<$extra_ty>,)*
            $($name: Option<$ty>,)*
        ) -> $crate::bot::reply::Outcome {
            $handler(
                ctx,
                $crate::bot::commands::settings::SettingOptions { $($name,)* },
                $($extra,)*
            )
            .await
        }
    };
}
pub(crate) use settings_command;

/// The structures, by the names Discord lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum StructureOption {
    #[name = "regular"]
    Regular,
    #[name = "turbo"]
    Turbo,
    #[name = "custom"]
    Custom,
}

impl StructureOption {
    pub(super) fn kind(self) -> crate::tournament::StructureKind {
        match self {
            StructureOption::Regular => crate::tournament::StructureKind::Regular,
            StructureOption::Turbo => crate::tournament::StructureKind::Turbo,
            StructureOption::Custom => crate::tournament::StructureKind::Custom,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::commands::table::{open, settings};

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
            mix_hands: Some(Bounded(3)),
            short_all_in: Some(Choice(ShortAllIn::FullBet)),
            odd_chip: Some(Choice(OddChip::FirstSeat)),
            seats: Some(Bounded(4)),
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
