//! `locales/GLOSSARY.md` rules terms out, per language ("tangan", "kanal", "ciegas",
//! "apuesta baja"): no message of that language may use one.

use crate::words_common;

use studbot::render::Locale;
use words_common::{messages, parse_ruled_out, ruled_out_in, ruled_out_terms};

#[test]
fn no_message_uses_a_term_the_glossary_rules_out_for_its_language() {
    let terms = ruled_out_terms();
    for locale in Locale::ALL {
        assert!(
            locale == Locale::En || terms.iter().filter(|(l, _)| *l == locale).count() >= 10,
            "{locale}: the glossary's ruled-out table was not read"
        );
    }
    let mut found = Vec::new();
    for locale in Locale::ALL {
        for message in messages(locale) {
            for term in ruled_out_in(&message.text, &terms, locale) {
                found.push(format!(
                    "locales/{locale}/{}: `{}` uses “{term}”",
                    message.file, message.id
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_ruled_out_term_is_found_as_a_whole_word_in_its_language_only() {
    let glossary = "# G\n\n## Terms\n| id | tangan | x | y |\n\n## Ruled out\n\n\
                    | Language | Ruled out | Use instead | Why |\n|---|---|---|---|\n\
                    | id | tangan | hand | calque |\n| es | apuesta baja | apuesta pequeña | clash |\n";
    let terms = parse_ruled_out(glossary);
    assert_eq!(
        terms,
        vec![
            (Locale::Id, "tangan".to_string()),
            (Locale::Es, "apuesta baja".to_string())
        ]
    );
    assert_eq!(
        ruled_out_in("Tangan #3 selesai.", &terms, Locale::Id),
        vec!["tangan"]
    );
    assert!(ruled_out_in("Pertangananan", &terms, Locale::Id).is_empty());
    assert!(ruled_out_in("tangan", &terms, Locale::Es).is_empty());
    assert_eq!(
        ruled_out_in("la Apuesta  baja: 5", &terms, Locale::Es),
        vec!["apuesta baja"]
    );
    assert!(ruled_out_in("apuesta pequeña, baja 8-7", &terms, Locale::Es).is_empty());
}
