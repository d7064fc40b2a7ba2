//! The three languages, their Fluent bundles and the generic translation call [`tr`].
//!
//! Every `.ftl` file of a language is embedded in the binary and loaded once into a
//! thread-safe bundle. To add a file (e.g. `locales/{en,es,id}/bot.ftl`): create it in ALL
//! three language folders, then add its name to [`FTL_FILES`] below (one line in the
//! `ftl_files!` call). The test `tests/render_locales.rs` fails if a message id exists in one
//! language and not in the others, or if any message fails to format.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
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

    fn language_id(self) -> LanguageIdentifier {
        match self {
            Locale::En => unic_langid::langid!("en"),
            Locale::Es => unic_langid::langid!("es"),
            Locale::Id => unic_langid::langid!("id"),
        }
    }

    fn index(self) -> usize {
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

/// One embedded `.ftl` file: its name and its text in en, es, id.
pub struct FtlFile {
    pub name: &'static str,
    pub sources: [&'static str; 3],
}

macro_rules! ftl_files {
    ($($name:literal),+ $(,)?) => {
        &[$(FtlFile {
            name: $name,
            sources: [
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/en/", $name)),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/es/", $name)),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/id/", $name)),
            ],
        }),+]
    };
}

/// Every `.ftl` file, each present in `locales/en`, `locales/es` and `locales/id`.
/// Add one line here for a new file.
pub const FTL_FILES: &[FtlFile] = ftl_files!["render.ftl", "lobby.ftl", "bot.ftl",];

impl FtlFile {
    /// This file's text in `locale`.
    pub fn source(&self, locale: Locale) -> &'static str {
        self.sources[locale.index()]
    }
}

type Bundle = FluentBundle<FluentResource>;

static BUNDLES: LazyLock<[Bundle; 3]> = LazyLock::new(|| Locale::ALL.map(build_bundle));

fn build_bundle(locale: Locale) -> Bundle {
    let mut bundle = FluentBundle::new_concurrent(vec![locale.language_id()]);
    // Discord and terminals show Unicode isolation marks as stray characters.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(super::numbers::formatter(locale)));
    for file in FTL_FILES {
        let resource = match FluentResource::try_new(file.source(locale).to_string()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                tracing::error!(file = file.name, %locale, ?errors, "syntax errors in .ftl file");
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(file = file.name, %locale, ?errors, "duplicate messages in .ftl file");
        }
    }
    bundle
}

/// Named arguments of a message, e.g. `&[("name", "Ana".into()), ("amount", 20u64.into())]`.
pub type Args<'a> = [(&'a str, FluentValue<'a>)];

/// The message `id` in `locale`, formatted with `args`. A message missing from the bundle
/// gives its id (and is logged); the locale tests make sure that never ships.
pub fn tr(locale: Locale, id: &str, args: &Args<'_>) -> String {
    try_tr(locale, id, args).unwrap_or_else(|| {
        tracing::warn!(%locale, id, "missing message");
        id.to_string()
    })
}

/// The message `id` whose arguments are all numbers: how an error type's `message_id()` and
/// `message_args()` (a refusal of the bank, the settings, the stakes) reach a player.
pub fn tr_numbers(locale: Locale, id: &str, args: &[(&str, u64)]) -> String {
    let args: Vec<(&str, FluentValue<'_>)> = args
        .iter()
        .map(|(name, value)| (*name, FluentValue::from(*value)))
        .collect();
    tr(locale, id, &args)
}

/// Like [`tr`], but `None` when the message does not exist in `locale`.
pub fn try_tr(locale: Locale, id: &str, args: &Args<'_>) -> Option<String> {
    let bundle = &BUNDLES[locale.index()];
    let message = bundle.get_message(id)?;
    let pattern = message.value()?;
    let fluent_args = fluent_args(args);
    let mut errors = Vec::new();
    let text: Cow<'_, str> = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(%locale, id, ?errors, "message formatted with errors");
    }
    Some(text.into_owned())
}

/// The arguments as Fluent takes them, a label's number ungrouped (`numbers::LABEL_ARGS`).
fn fluent_args<'a>(args: &Args<'a>) -> FluentArgs<'a> {
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        let value = match value {
            FluentValue::Number(number) if super::numbers::LABEL_ARGS.contains(name) => {
                super::numbers::label(name, number)
            }
            other => other.clone(),
        };
        fluent_args.set(*name, value);
    }
    fluent_args
}

/// Formats `id` and reports every Fluent error (for the locale tests).
pub fn tr_checked(locale: Locale, id: &str, args: &Args<'_>) -> Result<String, String> {
    let bundle = &BUNDLES[locale.index()];
    let message = bundle
        .get_message(id)
        .ok_or_else(|| format!("{locale}: no message `{id}`"))?;
    let pattern = message
        .value()
        .ok_or_else(|| format!("{locale}: message `{id}` has no value"))?;
    let fluent_args = fluent_args(args);
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(format!("{locale}: `{id}`: {errors:?}"))
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
