//! Every count reads right in every language: each message that takes a number is rendered
//! with 1, 2 and 5 (every other number at 7, every selector in each of its variants) and the
//! words after and before the number must agree with it ("1 chip", "2 fichas", "Faltan 2",
//! never "1 chips", "2 ficha", "Se le devuelven 1"); Indonesian has no plural forms.

use crate::words_common;

use studbot::render::Locale;
use words_common::{NUMERIC, messages, plural_errors, renderings};

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
    assert!(!plural_errors(id, "Ana punya 5 chips.", 5).is_empty());
    assert!(plural_errors(id, "Ana punya 5 chip.", 5).is_empty());
}
