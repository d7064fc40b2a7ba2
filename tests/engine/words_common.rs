//! Shared by the wording tests (`render_locales`, `render_glossary`, `render_plurals`,
//! `render_english`, `render_register`): every message of the `.ftl` files with its
//! variables and its text, rendered with sample values; a text's words; and the terms
//! `locales/GLOSSARY.md` rules out. Plural agreement is `words_plurals`'s, the detector of
//! English in Spanish or Indonesian text `words_english`'s.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentValue;
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use studbot::render::locale::{FTL_FILES, FtlFile, Locale, tr_checked};

/// How a message uses one variable: plain, or as the selector of these variant keys.
#[derive(Debug, Default, Clone)]
pub struct VariableUse {
    pub selector_keys: BTreeSet<String>,
}

/// One message of one `.ftl` file, with the variables it (and the messages it references)
/// uses, and the literal text of all its variants.
#[derive(Debug, Clone)]
pub struct Message {
    pub file: &'static str,
    pub id: String,
    pub variables: BTreeMap<String, VariableUse>,
    pub text: String,
}

#[derive(Default, Clone)]
struct Collected {
    variables: BTreeMap<String, VariableUse>,
    references: BTreeSet<String>,
    text: String,
}

fn collect_pattern(pattern: &Pattern<&str>, into: &mut Collected) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => into.text.push_str(value),
            PatternElement::Placeable { expression } => {
                into.text.push(' ');
                collect_expression(expression, into);
                into.text.push(' ');
            }
        }
    }
}

fn collect_expression(expression: &Expression<&str>, into: &mut Collected) {
    match expression {
        Expression::Select { selector, variants } => {
            if let InlineExpression::VariableReference { id } = selector {
                let entry = into.variables.entry(id.name.to_string()).or_default();
                for variant in variants {
                    entry.selector_keys.insert(match &variant.key {
                        VariantKey::Identifier { name } => name.to_string(),
                        VariantKey::NumberLiteral { value } => value.to_string(),
                    });
                }
            } else {
                collect_inline(selector, into);
            }
            for variant in variants {
                // Each variant is its own phrase: keep them apart.
                into.text.push('\n');
                collect_pattern(&variant.value, into);
            }
        }
        Expression::Inline(inline) => collect_inline(inline, into),
    }
}

fn collect_inline(inline: &InlineExpression<&str>, into: &mut Collected) {
    match inline {
        InlineExpression::VariableReference { id } => {
            into.variables.entry(id.name.to_string()).or_default();
        }
        InlineExpression::MessageReference { id, .. } => {
            into.references.insert(id.name.to_string());
        }
        InlineExpression::StringLiteral { value } => into.text.push_str(value),
        InlineExpression::Placeable { expression } => collect_expression(expression, into),
        _ => {}
    }
}

/// Message id -> its variables (merged with those of the messages it references) and text,
/// for one file's source.
pub fn messages_of(
    source: &str,
    label: &str,
) -> BTreeMap<String, (BTreeMap<String, VariableUse>, String)> {
    messages_with(source, label, &[])
}

/// Like [`messages_of`] for one `.ftl` file of `locale`: its messages may reference those of
/// the language's other files (one bundle holds them all).
pub fn file_messages(
    file: &FtlFile,
    locale: Locale,
) -> BTreeMap<String, (BTreeMap<String, VariableUse>, String)> {
    let label = format!("locales/{locale}/{}", file.name);
    let others: Vec<(String, &str)> = FTL_FILES
        .iter()
        .filter(|other| other.name != file.name)
        .map(|other| {
            (
                format!("locales/{locale}/{}", other.name),
                other.source(locale),
            )
        })
        .collect();
    messages_with(file.source(locale), &label, &others)
}

/// The messages of one file's source as they are written, each with what it references.
fn direct_messages(source: &str, label: &str) -> BTreeMap<String, Collected> {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{label}: syntax errors: {errors:?}"));
    let mut direct: BTreeMap<String, Collected> = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(message) => {
                let mut collected = Collected::default();
                let pattern = message
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{label}: `{}` has no value", message.id.name));
                collect_pattern(pattern, &mut collected);
                let previous = direct.insert(message.id.name.to_string(), collected);
                assert!(previous.is_none(), "{label}: `{}` twice", message.id.name);
            }
            Entry::Term(term) => panic!("{label}: terms are not used: -{}", term.id.name),
            Entry::Junk { content } => panic!("{label}: junk: {content}"),
            _ => {}
        }
    }
    direct
}

/// The messages of `source`, whose references are looked up there and then in `others`
/// (other files of the same language, `(label, source)`).
fn messages_with(
    source: &str,
    label: &str,
    others: &[(String, &str)],
) -> BTreeMap<String, (BTreeMap<String, VariableUse>, String)> {
    let direct = direct_messages(source, label);
    let mut known: BTreeMap<String, Collected> = BTreeMap::new();
    for (other_label, other) in others {
        known.extend(direct_messages(other, other_label));
    }
    for (id, collected) in &direct {
        known.insert(id.clone(), collected.clone());
    }
    // A referenced message is formatted with the caller's arguments: merge its variables.
    let mut merged = BTreeMap::new();
    for (id, collected) in &direct {
        let mut all = collected.variables.clone();
        let mut pending: Vec<String> = collected.references.iter().cloned().collect();
        let mut seen = BTreeSet::new();
        while let Some(reference) = pending.pop() {
            if !seen.insert(reference.clone()) {
                continue;
            }
            let more = known
                .get(&reference)
                .unwrap_or_else(|| panic!("{label}: `{id}` references unknown `{reference}`"));
            for (name, usage) in &more.variables {
                let entry: &mut VariableUse = all.entry(name.clone()).or_default();
                entry
                    .selector_keys
                    .extend(usage.selector_keys.iter().cloned());
            }
            pending.extend(more.references.iter().cloned());
        }
        merged.insert(id.clone(), (all, collected.text.clone()));
    }
    merged
}

/// Every message of every `.ftl` file in `locale`.
pub fn messages(locale: Locale) -> Vec<Message> {
    let mut all = Vec::new();
    for file in FTL_FILES {
        for (id, (variables, text)) in file_messages(file, locale) {
            all.push(Message {
                file: file.name,
                id,
                variables,
                text,
            });
        }
    }
    all
}

/// Variables that hold a number (chips, counts, seconds, hand numbers…). Every other
/// variable holds text.
pub const NUMERIC: &[&str] = &[
    "amount",
    "total",
    "stack",
    "pot",
    "hand",
    "small",
    "big",
    "ante",
    "bring_in",
    "seats",
    "min",
    "max",
    "needed",
    "balance",
    "seconds",
    "hours",
    "minutes",
    "number",
    "count",
    "place",
    "hands",
    "pots",
    "scoops",
    "biggest",
    "timer",
    "bots",
    "raises",
    "min_buy_in",
    "max_buy_in",
    "small_bet",
    "big_bet",
    // Counts and amounts of sit & gos, the house and the bank's caps.
    "chips",
    "refund",
    "entrants",
    "pool",
    "buy_in",
    "average",
    "left",
    "next",
    "wins",
    "cashes",
    "entries",
    "won",
    "lost",
    "minted",
    "cap",
    "remaining",
    "lines",
    "target",
    "computer_players",
    "tournament",
    "level",
    // A multi-table event's places paid, tables, largest stack and days ahead.
    "paid",
    "tables",
    "largest",
    "days",
];

/// A text value for a text variable: a player's name, cards, a street… Chosen so that it
/// is neither English nor a number.
pub fn sample_text(name: &str) -> String {
    match name {
        "name" | "to_act" => "Ana".into(),
        "names" | "players" | "seats" | "stacks" | "antes" => "Ana, Budi".into(),
        "mention" => "@Ana".into(),
        "cards" | "high_cards" | "low_cards" => "A♠️ 2♥️ 3♦️ 4♣️ 5♠️".into(),
        "card" => "7♦️".into(),
        "ranks" => "8-7-5-3-A".into(),
        "input" => "xyz".into(),
        "net" => "+25".into(),
        // Any other text (an action as told, a rank's name…): a name, which is no language.
        _ => "Ana".into(),
    }
}

/// Every way `message` can read: one rendering per value of each selector (plural selectors
/// get 1, 2 and 5) with every other number at 7. Each comes with what was set, for messages.
pub fn renderings(locale: Locale, message: &Message) -> Vec<(String, String)> {
    let mut base: Vec<(String, FluentValue<'static>)> = Vec::new();
    for name in message.variables.keys() {
        let value = if NUMERIC.contains(&name.as_str()) {
            FluentValue::from(7u64)
        } else {
            FluentValue::from(sample_text(name))
        };
        base.push((name.clone(), value));
    }
    let mut runs = vec![("all numbers 7".to_string(), base.clone())];
    for (name, usage) in &message.variables {
        let mut values: Vec<(String, FluentValue<'static>)> = Vec::new();
        if NUMERIC.contains(&name.as_str()) {
            for n in [1u64, 2, 5] {
                values.push((format!("{name}={n}"), FluentValue::from(n)));
            }
        }
        for key in &usage.selector_keys {
            if let Ok(number) = key.parse::<u64>() {
                values.push((format!("{name}={key}"), FluentValue::from(number)));
            } else if !["one", "other", "few", "many", "zero", "two"].contains(&key.as_str()) {
                values.push((format!("{name}={key}"), FluentValue::from(key.clone())));
            }
        }
        for (label, value) in values {
            let mut run = base.clone();
            for slot in &mut run {
                if &slot.0 == name {
                    slot.1 = value.clone();
                }
            }
            runs.push((label, run));
        }
    }
    runs.into_iter()
        .map(|(label, run)| {
            let args: Vec<(&str, FluentValue<'_>)> =
                run.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
            let text =
                tr_checked(locale, &message.id, &args).unwrap_or_else(|error| panic!("{error}"));
            (label, text)
        })
        .collect()
}

/// `message` rendered with `variable` at `value` and every other number at 7 (text variables
/// as [`sample_text`] gives them).
pub fn rendering_with(locale: Locale, message: &Message, variable: &str, value: u64) -> String {
    let args: Vec<(&str, FluentValue<'_>)> = message
        .variables
        .keys()
        .map(|name| {
            let sample = if name == variable {
                FluentValue::from(value)
            } else if NUMERIC.contains(&name.as_str()) {
                FluentValue::from(7u64)
            } else {
                FluentValue::from(sample_text(name))
            };
            (name.as_str(), sample)
        })
        .collect();
    tr_checked(locale, &message.id, &args).unwrap_or_else(|error| panic!("{error}"))
}

/// Lowercase words of `text`: letters and digits, with inner hyphens, apostrophes and
/// underscores kept ("all-in", "bring_in").
pub fn words(text: &str) -> Vec<String> {
    let lowered = text.to_lowercase();
    lowered
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '\''))
        .map(|word| word.trim_matches(|c| c == '-' || c == '\'' || c == '_'))
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect()
}

/// `text` reduced to its words, one space apart and one around: `" term "` finds a whole
/// word or phrase.
pub fn normalised(text: &str) -> String {
    let mut out = String::from(" ");
    for word in words(text) {
        out.push_str(&word);
        out.push(' ');
    }
    out
}

// ---------------------------------------------------------------------------------------
// The glossary

/// The `(language, term)` rows of the "Ruled out" table of `locales/GLOSSARY.md`.
pub fn ruled_out_terms() -> Vec<(Locale, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/GLOSSARY.md");
    let glossary = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    parse_ruled_out(&glossary)
}

pub fn parse_ruled_out(glossary: &str) -> Vec<(Locale, String)> {
    let section = glossary
        .split("\n## ")
        .find(|section| section.starts_with("Ruled out"))
        .expect("GLOSSARY.md has a \"## Ruled out\" section");
    let mut terms = Vec::new();
    for line in section.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() < 2 {
            continue;
        }
        if let Ok(locale) = cells[0].parse::<Locale>()
            && cells[0] == locale.code()
        {
            terms.push((locale, cells[1].to_string()));
        }
    }
    terms
}

/// The ruled-out terms of `locale` that `text` uses.
pub fn ruled_out_in(text: &str, terms: &[(Locale, String)], locale: Locale) -> Vec<String> {
    let haystack = normalised(text);
    terms
        .iter()
        .filter(|(language, _)| *language == locale)
        .filter(|(_, term)| haystack.contains(&normalised(term)))
        .map(|(_, term)| term.clone())
        .collect()
}
