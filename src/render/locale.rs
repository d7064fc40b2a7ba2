//! The Fluent bundles of the three languages (`language`) and the translation call [`tr`].
//!
//! Every `.ftl` file of a language is embedded in the binary and loaded once into a
//! thread-safe bundle. To add a file (e.g. `locales/{en,es,id}/bot.ftl`): create it in ALL
//! three language folders, then add its name to [`FTL_FILES`] below (one line in the
//! `ftl_files!` call). The test `tests/render_locales.rs` fails if a message id exists in one
//! language and not in the others, or if any message fails to format.

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use super::language::{Locale, UnknownLocale};

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
pub const FTL_FILES: &[FtlFile] = ftl_files!["render.ftl", "lobby.ftl", "bot.ftl", "event.ftl",];

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
