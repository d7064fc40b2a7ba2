//! A detector of English words in Spanish or Indonesian text, for the wording tests
//! (`render_english`, `render_glossary`, `play_words`): the poker words and names each
//! language's players use as they are, and the English vocabulary (every English message's
//! words and a base list) that is looked for in the rest.

use std::collections::BTreeSet;

use studbot::render::locale::Locale;

use crate::words_common::{messages, normalised, words};

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
            // `/tournament schedule`'s options, which Discord shows by their English names,
            // and UTC, the offsets' name in every language.
            "late_registration",
            "break_minutes",
            "break_every",
            "utc",
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
            // `/tournament schedule`'s options, which Discord shows by their English names,
            // and UTC, the offsets' name in every language.
            "late_registration",
            "break_minutes",
            "break_every",
            "utc",
            // A multi-table event's words as Indonesian players say them (locales/GLOSSARY.md,
            // Tournaments): late reg, re-entry and its entries, a break, hand-for-hand, the
            // final table, and a Discord timestamp.
            "late reg",
            "re-entry",
            "entry",
            "break",
            "hand-for-hand",
            "bubble",
            "final table",
            "multi-table",
            "timestamp",
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
