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

/// The calques a native reading found, each ruled out with the word players use instead.
#[test]
fn the_glossary_rules_out_the_calques_players_do_not_use() {
    let terms = ruled_out_terms();
    for (locale, term) in [
        (Locale::Es, "equidad"),
        (Locale::Es, "mezcla"),
        (Locale::Es, "tablero"),
        (Locale::Es, "fichas netas"),
        (Locale::Es, "llevar una mesa"),
        (Locale::Id, "ekuitas"),
        (Locale::Id, "papan meja"),
        (Locale::Id, "tanpa syarat"),
        (Locale::Id, "pasangan merugikan"),
        (Locale::Id, "pengelola server"),
        (Locale::Id, "dimulai ulang"),
        (Locale::Id, "kartu saya"),
    ] {
        assert!(
            terms.contains(&(locale, term.to_string())),
            "{locale}: “{term}” is not ruled out"
        );
    }
    // "Papan" alone would rule out "Papan peringkat", the leaderboard.
    assert!(!terms.contains(&(Locale::Id, "papan".to_string())));
}

/// The third native reading (sit & gos, computer players, world messages): the calques and
/// the words earlier readings had removed that came back, each ruled out.
#[test]
fn the_glossary_rules_out_what_the_third_reading_found() {
    let terms = ruled_out_terms();
    for (locale, term) in [
        (Locale::En, "the table checks"),
        (Locale::Es, "pila"),
        (Locale::Es, "nadie se va con fichas"),
        (Locale::Es, "inscrito"),
        (Locale::Es, "eliminado"),
        (Locale::Es, "qué tan"),
        (Locale::Es, "la mesa pasa"),
        (Locale::Es, "se reembolsa"),
        (Locale::Es, "apuestas fuera de rango"),
        (Locale::Es, "por nuestra parte"),
        (Locale::Id, "tingkat"),
        (Locale::Id, "pembayaran"),
        (Locale::Id, "sepasang"),
        (Locale::Id, "ia"),
        (Locale::Id, "pergi membawa chip"),
        (Locale::Id, "meja melakukan"),
        (Locale::Id, "katanya"),
        (Locale::Id, "taruhan di luar batas"),
    ] {
        assert!(
            terms.contains(&(locale, term.to_string())),
            "{locale}: “{term}” is not ruled out"
        );
    }
    // "Inscritos" (the group) stays: only the one player's masculine is ruled out.
    assert!(ruled_out_in("3/6 inscritos", &terms, Locale::Es).is_empty());
    assert!(!ruled_out_in("Ya estás inscrito", &terms, Locale::Es).is_empty());
    // Unregistering is not "se retiró", which at the table is a fold (`seat-folded`).
    for refund in [0u64, 1, 100] {
        let told = studbot::render::tr(
            Locale::Es,
            "tournament-unregistered",
            &[("name", "Ana".into()), ("refund", refund.into())],
        );
        assert!(
            told.starts_with("Ana anuló su inscripción") && !told.contains("retir"),
            "{told}"
        );
    }
    // "Ia" is a whole word: "Indonesia" is not caught.
    assert!(ruled_out_in("Bahasa Indonesia", &terms, Locale::Id).is_empty());
    assert!(!ruled_out_in("ia memberikan kursinya", &terms, Locale::Id).is_empty());
}

/// The tournament vocabulary each language's players use is the glossary's, multi-table
/// events included: a row per concept in the Tournaments table.
#[test]
fn the_glossary_names_the_tournament_vocabulary_in_every_language() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/GLOSSARY.md");
    let glossary = std::fs::read_to_string(path).unwrap();
    let table = glossary
        .split("\n## Tournaments")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("GLOSSARY.md has a Tournaments table");
    for concept in [
        "level",
        "stakes",
        "buy-in",
        "freeroll",
        "prize pool",
        "payouts",
        "finishing place",
        "average stack",
        "unregister",
        "re-entry",
        "late registration",
        "deal",
        "chip chop",
        "ICM",
        "table balancing",
        "hand-for-hand",
        "break",
        "knocked out",
    ] {
        let row = table
            .lines()
            .find(|line| {
                // The concept as described, or its English word.
                line.split('|')
                    .skip(1)
                    .take(2)
                    .any(|cell| cell.contains(concept))
            })
            .unwrap_or_else(|| panic!("no Tournaments row for “{concept}”"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert!(
            cells.len() >= 5 && cells[2..5].iter().all(|cell| !cell.is_empty()),
            "“{concept}” has no word in every language: {row}"
        );
    }
}

/// An English word a language's messages may use because its players do is that language's
/// term in the glossary, so the allowance and the glossary cannot drift apart.
#[test]
fn the_english_words_players_use_are_the_glossarys_terms_for_their_language() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/GLOSSARY.md");
    let glossary = std::fs::read_to_string(path).unwrap();
    let terms_table = glossary
        .split("## Terms")
        .nth(1)
        .and_then(|rest| rest.split("## Ruled out").next())
        .expect("GLOSSARY.md has a Terms table");
    let column = |locale: Locale| -> String {
        let index = match locale {
            Locale::En => 2,
            Locale::Es => 3,
            Locale::Id => 4,
        };
        terms_table
            .lines()
            .filter(|line| line.starts_with('|'))
            .filter_map(|line| line.split('|').nth(index))
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    for (locale, words) in [
        (Locale::Es, &["equity", "mix", "freeroll"][..]),
        (
            Locale::Id,
            &[
                "equity", "mix", "limit", "pair", "admin", "restart", "level", "buy-in", "freeroll",
            ][..],
        ),
    ] {
        let allowed = crate::words_english::english_allowed(locale);
        let glossary_terms = column(locale);
        for word in words {
            assert!(allowed.contains(word), "{locale}: “{word}” is not allowed");
            assert!(
                glossary_terms.contains(word),
                "{locale}: “{word}” is allowed but is not a glossary term"
            );
        }
    }
}
