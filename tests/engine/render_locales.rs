//! Every message of every `.ftl` file exists in English, Spanish and Indonesian, parses, and
//! formats without a Fluent error in all three for every variant of its select expressions.

use crate::words_common;

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentValue;
use studbot::render::locale::{FTL_FILES, Locale, tr_checked};
use words_common::{file_messages, messages_of};

#[test]
fn no_message_id_is_defined_in_two_files() {
    for locale in Locale::ALL {
        let mut owner: BTreeMap<String, &str> = BTreeMap::new();
        for file in FTL_FILES {
            for id in file_messages(file, locale).into_keys() {
                if let Some(first) = owner.insert(id.clone(), file.name) {
                    panic!("{locale}: `{id}` is in both {first} and {}", file.name);
                }
            }
        }
    }
}

#[test]
fn every_message_exists_in_all_three_languages() {
    for file in FTL_FILES {
        let ids: Vec<(Locale, BTreeSet<String>)> = Locale::ALL
            .iter()
            .map(|locale| {
                let messages = file_messages(file, *locale);
                (*locale, messages.into_keys().collect())
            })
            .collect();
        let union: BTreeSet<&String> = ids.iter().flat_map(|(_, set)| set.iter()).collect();
        let mut missing = Vec::new();
        for (locale, set) in &ids {
            for id in &union {
                if !set.contains(*id) {
                    missing.push(format!("locales/{locale}/{}: missing `{id}`", file.name));
                }
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }
}

/// A sample value for a plain variable: numbers for counts and chips, text otherwise.
fn sample(name: &str) -> FluentValue<'static> {
    if words_common::NUMERIC.contains(&name) {
        FluentValue::from(7u64)
    } else {
        FluentValue::from(format!("<{name}>"))
    }
}

#[test]
fn every_message_formats_without_errors_in_every_language_and_variant() {
    let mut failures = Vec::new();
    let mut formatted = 0usize;
    for file in FTL_FILES {
        for locale in Locale::ALL {
            let label = format!("locales/{locale}/{}", file.name);
            for (id, (variables, _)) in file_messages(file, locale) {
                let base: Vec<(String, FluentValue<'static>)> = variables
                    .keys()
                    .map(|name| (name.clone(), sample(name)))
                    .collect();
                // One run with the plain samples, then one per selector key.
                let mut runs = vec![base.clone()];
                for (name, usage) in &variables {
                    for key in &usage.selector_keys {
                        let value = match key.as_str() {
                            // Plural categories are chosen by numbers.
                            "one" => FluentValue::from(1u64),
                            "other" | "few" | "many" | "zero" | "two" => FluentValue::from(5u64),
                            // A number's own variant ("[0] no prize") takes that number.
                            number if number.parse::<u64>().is_ok() => {
                                FluentValue::from(number.parse::<u64>().unwrap_or_default())
                            }
                            other => FluentValue::from(other.to_string()),
                        };
                        let mut run = base.clone();
                        for slot in &mut run {
                            if &slot.0 == name {
                                slot.1 = value.clone();
                            }
                        }
                        runs.push(run);
                    }
                }
                for run in runs {
                    let args: Vec<(&str, FluentValue<'_>)> =
                        run.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
                    match tr_checked(locale, &id, &args) {
                        Ok(text) => {
                            formatted += 1;
                            if text.trim().is_empty() {
                                failures.push(format!("{label}: `{id}` is empty"));
                            }
                            if text.contains(['\u{2068}', '\u{2069}']) {
                                failures.push(format!("{label}: `{id}` has isolation marks"));
                            }
                        }
                        Err(error) => failures.push(error),
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(formatted > 300, "only {formatted} formats checked");
}

#[test]
fn a_message_missing_from_one_language_is_detected() {
    // The comparison above must notice a gap: feed it a deliberately short file.
    let full = messages_of("a = A\nb = B { $x }\n", "full");
    let short = messages_of("a = A\n", "short");
    let missing: Vec<&String> = full.keys().filter(|id| !short.contains_key(*id)).collect();
    assert_eq!(missing, vec!["b"]);
}

#[test]
fn every_message_id_the_renderer_uses_exists() {
    // Message ids are written as string literals in src/render; a typo would print the id.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.ends_with("language.rs") {
            // Its literals are language tags ("es-419"), not message ids.
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        for literal in source.split('"').skip(1).step_by(2) {
            let looks_like_id = literal.contains('-')
                && literal
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !literal.starts_with('-')
                && !literal.ends_with('-');
            if !looks_like_id {
                continue;
            }
            for locale in Locale::ALL {
                assert!(
                    studbot::render::try_tr(locale, literal, &[]).is_some(),
                    "{}: `{literal}` is not a message in {locale}",
                    path.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 80, "only {checked} ids found");
}

/// Discord refuses a slash command, option or choice description past 100 characters (and
/// with it every command of the bot): each `cmd-`, `opt-` and `choice-` message fits, in
/// every language.
#[test]
fn every_command_description_fits_discords_100_characters_in_every_language() {
    let mut long = Vec::new();
    for locale in Locale::ALL {
        for message in words_common::messages(locale) {
            let described = ["cmd-", "opt-", "choice-"]
                .iter()
                .any(|prefix| message.id.starts_with(prefix));
            if !described {
                continue;
            }
            let text =
                tr_checked(locale, &message.id, &[]).unwrap_or_else(|error| panic!("{error}"));
            if text.chars().count() > 100 {
                long.push(format!(
                    "{locale}: `{}` has {} characters: {text}",
                    message.id,
                    text.chars().count()
                ));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}
