//! Every message of every `.ftl` file exists in English, Spanish and Indonesian, parses, and
//! formats without a Fluent error in all three for every variant of its select expressions.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentValue;
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use studbot::render::locale::{FTL_FILES, Locale, tr_checked};

/// How a message uses one variable: plain, or as the selector of these variant keys.
#[derive(Debug, Default, Clone)]
struct VariableUse {
    selector_keys: BTreeSet<String>,
}

fn collect_pattern(
    pattern: &Pattern<&str>,
    variables: &mut BTreeMap<String, VariableUse>,
    references: &mut BTreeSet<String>,
) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            collect_expression(expression, variables, references);
        }
    }
}

fn collect_expression(
    expression: &Expression<&str>,
    variables: &mut BTreeMap<String, VariableUse>,
    references: &mut BTreeSet<String>,
) {
    match expression {
        Expression::Select { selector, variants } => {
            if let InlineExpression::VariableReference { id } = selector {
                let entry = variables.entry(id.name.to_string()).or_default();
                for variant in variants {
                    entry.selector_keys.insert(match &variant.key {
                        VariantKey::Identifier { name } => name.to_string(),
                        VariantKey::NumberLiteral { value } => value.to_string(),
                    });
                }
            } else {
                collect_inline(selector, variables, references);
            }
            for variant in variants {
                collect_pattern(&variant.value, variables, references);
            }
        }
        Expression::Inline(inline) => collect_inline(inline, variables, references),
    }
}

fn collect_inline(
    inline: &InlineExpression<&str>,
    variables: &mut BTreeMap<String, VariableUse>,
    references: &mut BTreeSet<String>,
) {
    match inline {
        InlineExpression::VariableReference { id } => {
            variables.entry(id.name.to_string()).or_default();
        }
        InlineExpression::MessageReference { id, .. } => {
            references.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => {
            collect_expression(expression, variables, references)
        }
        _ => {}
    }
}

/// Message id -> the variables it (and the messages it references) uses, for one file.
fn messages_of(source: &str, label: &str) -> BTreeMap<String, BTreeMap<String, VariableUse>> {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{label}: syntax errors: {errors:?}"));
    let mut direct = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(message) => {
                let mut variables = BTreeMap::new();
                let mut references = BTreeSet::new();
                let pattern = message
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{label}: `{}` has no value", message.id.name));
                collect_pattern(pattern, &mut variables, &mut references);
                let previous = direct.insert(message.id.name.to_string(), (variables, references));
                assert!(previous.is_none(), "{label}: `{}` twice", message.id.name);
            }
            Entry::Term(term) => panic!("{label}: terms are not used: -{}", term.id.name),
            Entry::Junk { content } => panic!("{label}: junk: {content}"),
            _ => {}
        }
    }
    // A referenced message is formatted with the caller's arguments: merge its variables.
    let mut merged = BTreeMap::new();
    for (id, (variables, references)) in &direct {
        let mut all = variables.clone();
        let mut pending: Vec<String> = references.iter().cloned().collect();
        let mut seen = BTreeSet::new();
        while let Some(reference) = pending.pop() {
            if !seen.insert(reference.clone()) {
                continue;
            }
            let (more, further) = direct
                .get(&reference)
                .unwrap_or_else(|| panic!("{label}: `{id}` references unknown `{reference}`"));
            for (name, usage) in more {
                let entry: &mut VariableUse = all.entry(name.clone()).or_default();
                entry
                    .selector_keys
                    .extend(usage.selector_keys.iter().cloned());
            }
            pending.extend(further.iter().cloned());
        }
        merged.insert(id.clone(), all);
    }
    merged
}

#[test]
fn no_message_id_is_defined_in_two_files() {
    for locale in Locale::ALL {
        let mut owner: BTreeMap<String, &str> = BTreeMap::new();
        for file in FTL_FILES {
            let label = format!("locales/{locale}/{}", file.name);
            for id in messages_of(file.source(locale), &label).into_keys() {
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
                let label = format!("locales/{locale}/{}", file.name);
                let messages = messages_of(file.source(*locale), &label);
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
    let numeric = [
        "amount", "total", "stack", "pot", "hand", "small", "big", "ante", "bring_in", "seats",
        "min", "max", "needed", "balance", "seconds", "hours", "minutes", "number", "count",
        "place", "hands", "pots", "scoops", "biggest", "timer",
    ];
    if numeric.contains(&name) {
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
            for (id, variables) in messages_of(file.source(locale), &label) {
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
        if path.ends_with("locale.rs") {
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
