//! The three languages studbot speaks, as a value: the codes and tags that name them, and
//! which one a table's public text and a player's own text are in. A leaf: the bundles that
//! word messages (`locale`) and the way numbers are written (`numbers`) both build on it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;
use unic_langid::LanguageIdentifier;

/// A language studbot speaks. Unknown languages fall back to English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    #[default]
    En,
    Es,
    Id,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown language `{0}`: use en, es or id")]
pub struct UnknownLocale(pub String);

impl Locale {
    pub const ALL: [Locale; 3] = [Locale::En, Locale::Es, Locale::Id];

    /// `"en"`, `"es"` or `"id"`: the folder under `locales/`.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Es => "es",
            Locale::Id => "id",
        }
    }

    /// The language of a tag such as `"es"`, `"es-ES"`, `"es-419"`, `"id"`, `"en-US"`,
    /// `"pt_BR"` (Discord's locale strings included), or `None` when it is none of ours.
    /// Only the primary language subtag counts; case does not matter.
    pub fn parse(tag: &str) -> Option<Locale> {
        let primary = tag
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Locale::En),
            "es" => Some(Locale::Es),
            // "in" is the legacy ISO 639 code for Indonesian, still sent by some systems.
            "id" | "in" => Some(Locale::Id),
            _ => None,
        }
    }

    /// Like [`Locale::parse`], with English for anything else (e.g. Discord's `"fr"`).
    pub fn from_tag_or_default(tag: &str) -> Locale {
        Locale::parse(tag).unwrap_or_default()
    }

    /// The language of a table's public text (board, results, notices in the channel): the
    /// one a moderator chose for the table, else the server's (Discord's `guild_locale`, the
    /// guild's preferred locale) when it is one we speak, else `default` (the configured one).
    pub fn for_table(
        chosen: Option<Locale>,
        guild_locale: Option<&str>,
        default: Locale,
    ) -> Locale {
        chosen
            .or_else(|| guild_locale.and_then(Locale::parse))
            .unwrap_or(default)
    }

    /// The language of text only one player reads (DMs, "My cards", refusals): their own
    /// Discord locale when we speak it, else the language of the table they play at.
    pub fn for_player(user_locale: Option<&str>, table: Locale) -> Locale {
        user_locale.and_then(Locale::parse).unwrap_or(table)
    }

    /// Discord's locale strings for this language (for command description localizations).
    pub fn discord_tags(self) -> &'static [&'static str] {
        match self {
            Locale::En => &["en-US", "en-GB"],
            Locale::Es => &["es-ES", "es-419"],
            Locale::Id => &["id"],
        }
    }

    /// Its language identifier, for Fluent's plural rules.
    pub(super) fn language_id(self) -> LanguageIdentifier {
        match self {
            Locale::En => unic_langid::langid!("en"),
            Locale::Es => unic_langid::langid!("es"),
            Locale::Id => unic_langid::langid!("id"),
        }
    }

    /// Its place in `Locale::ALL` (and in each `.ftl` file's sources).
    pub(super) fn index(self) -> usize {
        match self {
            Locale::En => 0,
            Locale::Es => 1,
            Locale::Id => 2,
        }
    }
}

impl FromStr for Locale {
    type Err = UnknownLocale;

    fn from_str(text: &str) -> Result<Locale, UnknownLocale> {
        Locale::parse(text).ok_or_else(|| UnknownLocale(text.trim().to_string()))
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locale_strings_map_to_our_languages() {
        assert_eq!(Locale::parse("es-ES"), Some(Locale::Es));
        assert_eq!(Locale::parse("es-419"), Some(Locale::Es));
        assert_eq!(Locale::parse("en-US"), Some(Locale::En));
        assert_eq!(Locale::parse("en-GB"), Some(Locale::En));
        assert_eq!(Locale::parse("id"), Some(Locale::Id));
        assert_eq!(Locale::parse(" ID "), Some(Locale::Id));
        assert_eq!(Locale::parse("fr"), None);
        assert_eq!(Locale::from_tag_or_default("pt-BR"), Locale::En);
        assert_eq!(Locale::from_tag_or_default(""), Locale::En);
        assert!("xx".parse::<Locale>().is_err());
    }

    #[test]
    fn public_text_follows_the_table_then_the_server_then_the_default() {
        use Locale::*;
        assert_eq!(Locale::for_table(Some(Id), Some("es-ES"), En), Id);
        assert_eq!(Locale::for_table(None, Some("es-419"), En), Es);
        assert_eq!(Locale::for_table(None, Some("fr"), Es), Es);
        assert_eq!(Locale::for_table(None, None, Id), Id);
    }

    #[test]
    fn private_text_follows_the_player_then_the_table() {
        use Locale::*;
        assert_eq!(Locale::for_player(Some("id"), Es), Id);
        assert_eq!(Locale::for_player(Some("pt-BR"), Es), Es);
        assert_eq!(Locale::for_player(None, En), En);
    }

    #[test]
    fn every_discord_tag_of_a_language_parses_back_to_it() {
        for locale in Locale::ALL {
            for tag in locale.discord_tags() {
                assert_eq!(Locale::parse(tag), Some(locale));
            }
            assert_eq!(locale.code().parse::<Locale>(), Ok(locale));
        }
    }
}
