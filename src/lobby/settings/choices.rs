//! The settings chosen from a fixed list (short all-ins, the odd chip, the game, the computer
//! level, the language), each option offered by the name it is stored as.

use crate::render::Locale;
use crate::table::GameChoice;
use crate::table::computer::ComputerLevel;
use crate::table::rules::{OddChip, ShortAllIn};

/// A setting chosen from a fixed list (the engine's own `NAMED`, each option with its name),
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
        &ShortAllIn::NAMED
    }
}

impl SettingChoice for OddChip {
    fn all() -> &'static [(Self, &'static str)] {
        &OddChip::NAMED
    }
}

impl SettingChoice for GameChoice {
    fn all() -> &'static [(Self, &'static str)] {
        &GameChoice::NAMED
    }
}

impl SettingChoice for ComputerLevel {
    fn all() -> &'static [(Self, &'static str)] {
        &ComputerLevel::NAMED
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::settings::TableSettings;

    #[test]
    fn choices_are_named_as_serde_names_them() {
        for (choice, name) in ShortAllIn::NAMED {
            assert_eq!(SettingChoice::name(choice), name);
            assert_eq!(
                serde_json::to_value(choice).ok(),
                Some(serde_json::json!(name))
            );
        }
        for (choice, name) in OddChip::NAMED {
            assert_eq!(SettingChoice::name(choice), name);
            assert_eq!(
                serde_json::to_value(choice).ok(),
                Some(serde_json::json!(name))
            );
        }
        for (choice, name) in <ComputerLevel as SettingChoice>::all().iter().copied() {
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
}
