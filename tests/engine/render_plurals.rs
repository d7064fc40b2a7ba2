//! Every count reads right in every language: each message that takes a number is rendered
//! with 1, 2 and 5 (every other number at 7, every selector in each of its variants) and the
//! words after and before the number must agree with it ("1 chip", "2 fichas", "Faltan 2",
//! never "1 chips", "2 ficha", "Se le devuelven 1"); Indonesian has no plural forms.

use crate::words_common;

use crate::words_plurals::plural_errors;
use studbot::render::Locale;
use words_common::{NUMERIC, messages, renderings};

#[test]
fn every_count_agrees_with_its_number_in_every_language() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for locale in Locale::ALL {
        for message in messages(locale) {
            if !message
                .variables
                .keys()
                .any(|v| NUMERIC.contains(&v.as_str()))
            {
                continue;
            }
            for (label, text) in renderings(locale, &message) {
                for n in [1, 2, 5] {
                    if !label.ends_with(&format!("={n}")) {
                        continue;
                    }
                    checked += 1;
                    for error in plural_errors(locale, &text, n) {
                        failures.push(format!(
                            "locales/{locale}/{}: `{}` with {label}: {error} in “{text}”",
                            message.file, message.id
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 300, "only {checked} renderings checked");
}

#[test]
fn wrong_plurals_are_caught() {
    let en = Locale::En;
    let es = Locale::Es;
    let id = Locale::Id;
    assert!(!plural_errors(en, "Ana has 1 chips.", 1).is_empty());
    assert!(!plural_errors(en, "You play against 1 computer players.", 1).is_empty());
    assert!(!plural_errors(en, "Waiting for 2 more player.", 2).is_empty());
    assert!(plural_errors(en, "Ana has 1 chip.", 1).is_empty());
    assert!(plural_errors(en, "1 chip goes back; hand #1 is over", 1).is_empty());
    assert!(!plural_errors(en, "1 chip go back", 1).is_empty());
    assert!(!plural_errors(es, "Ana tiene 1 fichas.", 1).is_empty());
    assert!(!plural_errors(es, "Ana tiene 2 ficha.", 2).is_empty());
    assert!(!plural_errors(es, "Se le devuelven 1 ficha a Ana", 1).is_empty());
    assert!(!plural_errors(es, "Faltan 1 jugador más.", 1).is_empty());
    assert!(!plural_errors(es, "1 ficha vuelven a su saldo", 1).is_empty());
    assert!(plural_errors(es, "Falta 1 jugador más.", 1).is_empty());
    assert!(plural_errors(es, "tus fichas: 2 · bote: 5", 2).is_empty());
    assert!(plural_errors(en, "Hand #2 was cancelled", 2).is_empty());
    // A ratio is a label: "1/6 entrants", "5/1 entrants" read right.
    assert!(plural_errors(en, "Sit & go: Razz · 1/6 entrants", 1).is_empty());
    assert!(plural_errors(es, "Torneo de Razz · 5/1 inscritos", 1).is_empty());
    assert!(!plural_errors(es, "quedan 1 jugadores", 1).is_empty());
    assert!(!plural_errors(en, "• Ana: 1 chips", 1).is_empty());
    assert!(!plural_errors(id, "Ana punya 5 chips.", 5).is_empty());
    assert!(plural_errors(id, "Ana punya 5 chip.", 5).is_empty());
}

/// Counts that really are 0 at times, each with its own wording for it: an unpaid place
/// (never "wins 0 chips"), a freeroll's refund, buy-in and prize pool, nobody registered yet,
/// the last level, leaving with no chips, a daily cap used up, a wait of under an hour.
const ZERO_HAS_ITS_OWN_WORDS: &[(&str, &str)] = &[
    ("play-tournament-place", "chips"),
    ("tournament-unregistered", "refund"),
    ("tournament-too-few", "entrants"),
    ("tournament-registered", "pool"),
    ("tournament-started", "pool"),
    ("tournament-status-head", "buy_in"),
    ("tournament-computers-fill", "buy_in"),
    ("play-tournament-welcome", "buy_in"),
    ("play-tournament-header", "next"),
    ("lobby-tournament-board", "next"),
    ("notice-left", "amount"),
    ("play-cashed-out", "amount"),
    ("bank-give-cap-reached", "remaining"),
    ("bank-receive-cap-reached", "remaining"),
    ("notice-daily-not-yet", "hours"),
    ("notice-next-hand-in", "seconds"),
];

#[test]
fn every_count_that_can_be_zero_has_its_own_words_for_zero_in_every_language() {
    let mut missing = Vec::new();
    for locale in Locale::ALL {
        let all = messages(locale);
        for (id, variable) in ZERO_HAS_ITS_OWN_WORDS {
            let message = all
                .iter()
                .find(|message| message.id == *id)
                .unwrap_or_else(|| panic!("{locale}: no message `{id}`"));
            let has_zero = message
                .variables
                .get(*variable)
                .is_some_and(|usage| usage.selector_keys.contains("0"));
            if !has_zero {
                missing.push(format!("{locale}: `{id}` has no [0] for ${variable}"));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// What reads wrong with a 0 in it, in each language: a prize or a gain of nothing, chips
/// that go back when none do, a counter where a sentence is wanted, "buy-in 0" for a freeroll.
fn zero_reads_wrong(locale: Locale) -> &'static [&'static str] {
    match locale {
        Locale::En => &[
            "wins 0",
            "0 chips go",
            "0 chips back",
            "0 chips returned",
            "prize pool 0",
            "buy-in 0",
            "it has 0",
            "only 0",
            "in 0 h",
            "in 0 s",
            "collected 0",
            "gave 0",
            "adds 0",
        ],
        Locale::Es => &[
            "gana 0",
            "cobra 0",
            "0 fichas vuelven",
            "bolsa de premios 0",
            "bolsa de premios: 0",
            "buy-in 0",
            "tiene 0.",
            "hay 0",
            "regalar 0",
            "recibir 0",
            "en 0 h",
            "en 0 s",
            "tus 0",
            "regaló 0",
            "recarga 0",
            "las 0",
        ],
        Locale::Id => &[
            "memenangkan 0",
            "dapat hadiah 0 chip",
            "0 chip kembali",
            "0 chip dikembalikan",
            "total hadiah 0",
            "buy-in 0",
            "baru ada 0",
            "memberi 0",
            "menerima 0",
            "dalam 0 jam",
            "dalam 0 dtk",
            "mendapat 0",
            "isi ulang 0",
        ],
    }
}

/// Counts that are never 0 where they are told (the bank refuses a gift or a top-up of 0, a
/// pot is never empty, a sit & go at the terminal is welcomed once it has started, with its
/// entrants' buy-ins in the pool): their messages need no words for 0.
const NEVER_ZERO: &[(&str, &str)] = &[
    ("notice-gave", "amount"),
    ("notice-topped-up", "amount"),
    ("notice-daily-claimed", "amount"),
    ("results-returned", "amount"),
    ("results-high", "amount"),
    ("results-low", "amount"),
    ("results-pot-wins", "amount"),
    ("results-uncontested", "amount"),
    ("results-wins", "amount"),
    ("play-tournament-welcome", "pool"),
    // Told only when the first place of the field registered so far would be paid.
    ("event-payouts-now", "chips"),
];

#[test]
fn no_count_reads_wrong_at_zero_in_any_language() {
    let mut failures = Vec::new();
    for locale in Locale::ALL {
        for message in messages(locale) {
            for variable in message.variables.keys() {
                if !NUMERIC.contains(&variable.as_str())
                    || NEVER_ZERO.contains(&(message.id.as_str(), variable.as_str()))
                {
                    continue;
                }
                let text = words_common::rendering_with(locale, &message, variable, 0);
                for wrong in zero_reads_wrong(locale) {
                    if text.contains(wrong) {
                        failures.push(format!(
                            "locales/{locale}/{}: `{}` with {variable}=0: “{wrong}” in “{text}”",
                            message.file, message.id
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
