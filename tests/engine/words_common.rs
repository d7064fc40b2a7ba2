//! Shared by the wording tests (`render_locales`, `render_glossary`, `render_plurals`,
//! `render_english`, `play_words`): every message of the `.ftl` files with its variables and
//! its text, the terms `locales/GLOSSARY.md` rules out, plural agreement after a number, and a
//! detector of English words in Spanish or Indonesian text.

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

// ---------------------------------------------------------------------------------------
// Plurals

/// Words whose form depends on a number: (singular, plural). Indonesian has no plural form:
/// there the English or doubled plural is always wrong after a number.
struct Agreement {
    /// Nouns, adjectives and verbs that may follow the number ("1 ficha vuelve").
    after: &'static [(&'static str, &'static str)],
    /// Verbs that may come just before it ("Faltan 2", "Se le dieron 5").
    before: &'static [(&'static str, &'static str)],
    /// Words that may stand between the number and its noun without changing form.
    filler: &'static [&'static str],
    /// Whether the language has plural forms at all.
    plurals: bool,
}

fn agreement(locale: Locale) -> Agreement {
    match locale {
        Locale::En => Agreement {
            after: &[
                ("chip", "chips"),
                ("player", "players"),
                ("seat", "seats"),
                ("second", "seconds"),
                ("way", "ways"),
                ("hand", "hands"),
                ("card", "cards"),
                ("bot", "bots"),
                ("raise", "raises"),
                ("entrant", "entrants"),
                ("entry", "entries"),
                ("win", "wins"),
                ("cash", "cashes"),
                ("line", "lines"),
                ("goes", "go"),
                ("is", "are"),
                ("was", "were"),
            ],
            before: &[],
            filler: &["computer", "more", "new", "daily"],
            plurals: true,
        },
        Locale::Es => Agreement {
            after: &[
                ("ficha", "fichas"),
                ("jugador", "jugadores"),
                ("asiento", "asientos"),
                ("segundo", "segundos"),
                ("mano", "manos"),
                ("carta", "cartas"),
                ("bot", "bots"),
                ("subida", "subidas"),
                ("bote", "botes"),
                ("baja", "bajas"),
                ("nueva", "nuevas"),
                ("diaria", "diarias"),
                ("vuelve", "vuelven"),
                ("queda", "quedan"),
                ("inscrito", "inscritos"),
                ("jugado", "jugados"),
                ("ganado", "ganados"),
                ("línea", "líneas"),
                ("libre", "libres"),
            ],
            before: &[
                ("falta", "faltan"),
                ("devuelve", "devuelven"),
                ("dio", "dieron"),
                ("quitó", "quitaron"),
                ("queda", "quedan"),
            ],
            filler: &["más"],
            plurals: true,
        },
        Locale::Id => Agreement {
            after: &[
                ("chip", "chips"),
                ("pemain", "pemain-pemain"),
                ("kartu", "kartu-kartu"),
                ("kursi", "kursi-kursi"),
                ("hand", "hands"),
                ("bot", "bots"),
                ("detik", "detiks"),
            ],
            before: &[],
            filler: &["lagi"],
            plurals: false,
        },
    }
}

/// `text` with each ratio ("3/6 entrants", "stakes 5/10") written as a word: a ratio is a
/// label, which the noun after it does not agree with.
fn without_ratios(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut index = 0;
    while index < chars.len() {
        let starts_number =
            chars[index].is_ascii_digit() && (index == 0 || !chars[index - 1].is_alphanumeric());
        if starts_number {
            let mut end = index;
            while end < chars.len() && chars[end].is_ascii_digit() {
                end += 1;
            }
            if end + 1 < chars.len() && chars[end] == '/' && chars[end + 1].is_ascii_digit() {
                end += 1;
                while end < chars.len() && chars[end].is_ascii_digit() {
                    end += 1;
                }
                out.push_str("ratio");
                index = end;
                continue;
            }
        }
        out.push(chars[index]);
        index += 1;
    }
    out
}

/// Where `text` disagrees with the number `n` it contains: "1 chips", "2 ficha",
/// "Se le devuelven 1 ficha", "5 chips" in Indonesian. Only words in the same phrase as the
/// number count (punctuation ends a phrase), and "#2" is a hand's number, not a count.
pub fn plural_errors(locale: Locale, text: &str, n: u64) -> Vec<String> {
    let rules = agreement(locale);
    let want_singular = !rules.plurals || n == 1;
    let number = n.to_string();
    let wrong = |pair: &(&str, &str), word: &str| -> bool {
        let (singular, plural) = *pair;
        singular != plural
            && ((want_singular && word == plural) || (!want_singular && word == singular))
    };
    let mut errors = Vec::new();
    let text = without_ratios(text);
    let phrases = text.split(|c: char| {
        !(c.is_alphanumeric() || c.is_whitespace() || c == '-' || c == '\'' || c == '#')
    });
    for phrase in phrases {
        let tokens: Vec<&str> = phrase.split_whitespace().collect();
        for (index, token) in tokens.iter().enumerate() {
            if *token != number {
                continue;
            }
            if let Some(previous) = index.checked_sub(1).map(|i| tokens[i].to_lowercase())
                && let Some(pair) = rules
                    .before
                    .iter()
                    .find(|(s, p)| previous == *s || previous == *p)
                && wrong(pair, &previous)
            {
                errors.push(format!("“{previous} {number}”"));
            }
            for word in &tokens[index + 1..] {
                let word = word.to_lowercase();
                if rules.filler.contains(&word.as_str()) {
                    continue;
                }
                let Some(pair) = rules.after.iter().find(|(s, p)| word == *s || word == *p) else {
                    break;
                };
                if wrong(pair, &word) {
                    errors.push(format!("“{number} … {word}”"));
                }
            }
        }
    }
    errors
}

// ---------------------------------------------------------------------------------------
// English in Spanish or Indonesian text

/// Poker words and names players of each language use as they are, in English. Phrases are
/// taken out of a text before its remaining words are checked.
pub fn english_allowed(locale: Locale) -> &'static [&'static str] {
    match locale {
        Locale::En => &[],
        Locale::Es => &[
            "seven card stud hi/lo",
            "seven card stud",
            // The stud games by their names (the table's `game`).
            "seven card razz",
            "stud hi/lo",
            "stud",
            "razz",
            "hi/lo",
            "all-in",
            "showdown",
            "bring-in",
            "buy-in",
            // A sit & go's buy-ins, its turbo structure and a sit & go with no buy-in, as
            // Spanish players say them.
            "buy-ins",
            "turbo",
            // A tournament with no buy-in, and the Independent Chip Model (what a deal or
            // a cancel divides the prizes by), as every Spanish-speaking player says them.
            "freeroll",
            "icm",
            "scoops",
            "scoop",
            // Spanish players say "la equity" and "un mix de stud" (locales/GLOSSARY.md).
            "equity",
            "mix",
            "ante",
            "full",
            "bot",
            "bots",
            "discord",
            "/table open",
            "/table resume",
            "/tournament deal",
            "/join",
            "/leave",
            "/back",
            "/cards",
            // `/table open`'s option, which Discord shows by its English name.
            "thread",
            // `studbot play`'s word for a pre-action, typed as is in every language.
            "pre",
        ],
        Locale::Id => &[
            "seven card stud hi/lo",
            "seven card stud",
            "seven card razz",
            "stud hi/lo",
            "stud",
            "razz",
            "mix",
            "eight or better",
            "king",
            "queen",
            "jack",
            "fixed limit",
            "hi/lo",
            "all-in",
            "showdown",
            "bring-in",
            "buy-in",
            "third street",
            "fourth street",
            "fifth street",
            "sixth street",
            "seventh street",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "street",
            "two pair",
            "three of a kind",
            "four of a kind",
            "full house",
            "straight flush",
            "royal flush",
            "straight",
            "flush",
            "side pot",
            "pot",
            "high",
            "low",
            "wheel",
            "scoop",
            // What Indonesian players say (locales/GLOSSARY.md): "equity", "Limit 5/10",
            // "pair", "admin server", "restart", "error".
            "equity",
            "limit",
            // A sit & go's turbo structure, its levels, a custom one; a freeroll, a deal among
            // the last players, ICM and a chip chop, as Indonesian players say them.
            "turbo",
            "level",
            "custom",
            "freeroll",
            "deal",
            "icm",
            "chop",
            "pair",
            "admin",
            "restart",
            "error",
            // A player's extra seconds, as Indonesian players of online rooms say it.
            "time bank",
            "muck",
            "hand",
            "channel",
            "server",
            "fold",
            "check",
            "call",
            "di-call",
            "bet",
            "raise",
            "complete",
            "ante",
            "chip",
            "bot",
            "dealer",
            "suit",
            "status",
            "moderator",
            "dm",
            "mention",
            "discord",
            "/table open",
            "/table resume",
            "/tournament deal",
            "/join",
            "/leave",
            "/back",
            "/cards",
            // `/table open`'s option, which Discord shows by its English name.
            "thread",
            // `studbot play`'s word for a pre-action, typed as is in every language.
            "pre",
        ],
    }
}

/// Words that are English and also ordinary words of the language ("a", "no" in Spanish).
fn shared_words(locale: Locale) -> &'static [&'static str] {
    match locale {
        Locale::En => &[],
        Locale::Es => &[
            "a", "as", "no", "me", "con", "sin", "real", "color", "final", "total", "mesa", "lo",
            "min", "antes", "balance",
        ],
        Locale::Id => &[
            "pot",
            "status",
            "saldo",
            "bot",
            "server",
            "meja",
            "main",
            "per",
            "minimum",
            "poker",
            // "As" is the Indonesian ace (kartu As); "bank" is Indonesian for a bank too;
            // "administrator" is Indonesian as well (and Discord's name of the permission).
            "as",
            "bank",
            "administrator",
        ],
    }
}

/// Common English words, besides those of the English messages: what a Rust error text or a
/// hard-coded English string would bring in.
const ENGLISH_BASE: &[&str] = &[
    "the",
    "and",
    "or",
    "is",
    "are",
    "be",
    "been",
    "not",
    "must",
    "more",
    "less",
    "than",
    "of",
    "to",
    "with",
    "you",
    "your",
    "at",
    "on",
    "in",
    "for",
    "from",
    "by",
    "this",
    "that",
    "it",
    "an",
    "there",
    "no",
    "invalid",
    "error",
    "failed",
    "refused",
    "bank",
    "table",
    "player",
    "players",
    "chips",
    "seats",
    "seconds",
    "between",
    "least",
    "most",
    "only",
    "already",
    "would",
    "could",
    "cannot",
    "can't",
    "does",
    "did",
    "was",
    "were",
    "has",
    "have",
    "hand",
    "hands",
    "amount",
    "balance",
    "settings",
    "stakes",
    "small",
    "big",
    "bet",
    "raise",
    "turn",
    "action",
    "allowed",
    "now",
    "store",
    "internal",
    "reference",
    "guild",
    "known",
    "unknown",
];

/// The English vocabulary: every word of the English messages, the common words above and
/// the words of `extra` (English error texts, say).
pub fn english_vocabulary(extra: &[String]) -> BTreeSet<String> {
    let mut vocabulary: BTreeSet<String> = ENGLISH_BASE.iter().map(|w| w.to_string()).collect();
    for message in messages(Locale::En) {
        vocabulary.extend(words(&message.text));
    }
    for text in extra {
        vocabulary.extend(words(text));
    }
    // Single letters are card ranks and units ("K", "s", "h") in every language.
    vocabulary.retain(|word| word.chars().any(char::is_alphabetic) && word.chars().count() > 1);
    vocabulary
}

/// English words in a Spanish or Indonesian `text`, outside the poker words its players use
/// as they are; and any `snake_case` identifier (a Rust field name).
pub fn english_in(text: &str, locale: Locale, vocabulary: &BTreeSet<String>) -> Vec<String> {
    let mut rest = normalised(text);
    let mut allowed: Vec<String> = english_allowed(locale)
        .iter()
        .map(|p| normalised(p))
        .collect();
    // Longest first, so "side pot" goes before "pot".
    allowed.sort_by_key(|phrase| std::cmp::Reverse(phrase.len()));
    for phrase in allowed {
        while rest.contains(&phrase) {
            rest = rest.replace(&phrase, " ");
        }
    }
    let shared = shared_words(locale);
    words(&rest)
        .into_iter()
        // A word with a digit is a number or a hand spelled in card symbols ("5-4-3-2-A").
        .filter(|word| !word.chars().any(|c| c.is_ascii_digit()))
        .filter(|word| {
            word.contains('_') || (vocabulary.contains(word) && !shared.contains(&word.as_str()))
        })
        .collect()
}
