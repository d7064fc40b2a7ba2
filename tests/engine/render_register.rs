//! How the bot speaks, in every message of every language (`locales/GLOSSARY.md`, "Register"):
//! as "I", never "we"; to one player without a masculine form in Spanish ("Ya te
//! inscribiste", "queda fuera", never *inscrito*, *eliminado*); in a Spanish that reads at home
//! in Spain and in Latin America (no *qué tan*, no *cómo de*, no *vosotros*, no perfect tense
//! of a finished event); giving a command rather than naming it ("Usa /back para…", never
//! "/back para…"); and with no comma before "o" (es) or before "atau" between two (id).

use crate::words_common;

use studbot::render::Locale;
use words_common::{Message, messages, words};

/// Every message of `locale` whose text breaks `rule` (which says how), as failures.
fn breaking(locale: Locale, rule: impl Fn(&str) -> Option<String>) -> Vec<String> {
    messages(locale)
        .iter()
        .filter_map(|message: &Message| {
            rule(&message.text)
                .map(|why| format!("locales/{locale}/{}: `{}`: {why}", message.file, message.id))
        })
        .collect()
}

fn assert_none(failures: Vec<String>) {
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The words of `text` that are in `list`.
fn found_in(text: &str, list: &[&str]) -> Option<String> {
    let found: Vec<String> = words(text)
        .into_iter()
        .filter(|word| list.contains(&word.as_str()))
        .collect();
    (!found.is_empty()).then(|| format!("{found:?}"))
}

/// The bot's "we" in each language: pronouns, and Spanish verbs in the first person plural.
fn we_in(locale: Locale, text: &str) -> Option<String> {
    match locale {
        Locale::En => found_in(text, &["we", "our", "ours", "us", "we'll", "we're"]),
        Locale::Es => {
            let found: Vec<String> = words(text)
                .into_iter()
                .filter(|word| {
                    [
                        "nosotros", "nosotras", "nuestro", "nuestra", "nuestros", "nuestras",
                    ]
                    .contains(&word.as_str())
                        || word.ends_with("remos")
                        || word.ends_with("ríamos")
                        || [
                            "hemos", "estamos", "podemos", "vamos", "tenemos", "somos", "sentimos",
                        ]
                        .contains(&word.as_str())
                })
                .collect();
            (!found.is_empty()).then(|| format!("{found:?}"))
        }
        Locale::Id => found_in(text, &["kami", "kita"]),
    }
}

#[test]
fn the_bot_speaks_as_i_never_we_in_every_language() {
    for locale in Locale::ALL {
        assert_none(breaking(locale, |text| we_in(locale, text)));
    }
    assert!(we_in(Locale::Es, "Te mencionaremos cuando sea tu turno.").is_some());
    assert!(we_in(Locale::Es, "Algo falló por nuestra parte.").is_some());
    assert!(we_in(Locale::En, "Something went wrong on our side.").is_some());
    assert!(we_in(Locale::Id, "Terjadi kesalahan di pihak kami.").is_some());
    assert!(we_in(Locale::Es, "Te mencionaré cuando sea tu turno.").is_none());
}

/// Masculine forms that would describe one player (the reader, or a player named).
/// Plurals that name a group ("los inscritos") are not among them.
const MASCULINE_FOR_A_PLAYER: &[&str] = &[
    "inscrito",
    "eliminado",
    "sentado",
    "registrado",
    "listo",
    "bienvenido",
    "conectado",
    "desconectado",
    "expulsado",
    "invitado",
    "preparado",
    "ausentado",
    "retirado",
    "ganador",
    "perdedor",
];

/// "Solo" the adverb ("solo tú las ves") is everywhere; the adjective after a verb is not.
const MASCULINE_PHRASES: &[&str] = &["estás solo", "queda solo", "te quedas solo"];

fn masculine_in(text: &str) -> Option<String> {
    found_in(text, MASCULINE_FOR_A_PLAYER).or_else(|| {
        let lowered = words(text).join(" ");
        MASCULINE_PHRASES
            .iter()
            .find(|phrase| lowered.contains(*phrase))
            .map(|phrase| format!("“{phrase}”"))
    })
}

#[test]
fn no_spanish_message_tells_a_player_in_the_masculine() {
    assert_none(breaking(Locale::Es, masculine_in));
    assert!(masculine_in("Ya estás inscrito en este torneo.").is_some());
    assert!(masculine_in("Ana queda eliminado en el puesto 4.").is_some());
    assert!(masculine_in("Ya te inscribiste en este torneo: 3/6 inscritos.").is_none());
    assert!(masculine_in("Ver tus cartas (solo tú las ves)").is_none());
}

/// Spanish of one side of the ocean only: what reads foreign on the other.
fn regional_in(text: &str) -> Option<String> {
    let lowered = format!(" {} ", words(text).join(" "));
    let phrases = [
        // American.
        " qué tan ",
        " computadora ",
        " ahorita ",
        " ustedes ",
        // Peninsular.
        " cómo de ",
        " ordenador ",
        " vosotros ",
        " vuestro ",
        " vuestra ",
        " os ",
        " vale ",
        " coger ",
    ];
    if let Some(phrase) = phrases.iter().find(|phrase| lowered.contains(*phrase)) {
        return Some(format!("“{}”", phrase.trim()));
    }
    // The perfect tense of a finished event ("La mano ha terminado", "se ha detenido") is
    // Spain's; Latin America says "terminó". A phrase without a tense reads right in both.
    let tokens = words(text);
    tokens.windows(2).find_map(|pair| {
        let participle = ["ado", "ada", "ido", "ida", "ados", "idos", "to", "cho"]
            .iter()
            .any(|ending| pair[1].ends_with(ending));
        (["ha", "han", "has", "he", "hemos"].contains(&pair[0].as_str()) && participle)
            .then(|| format!("“{} {}”", pair[0], pair[1]))
    })
}

#[test]
fn spanish_reads_at_home_in_spain_and_in_latin_america() {
    assert_none(breaking(Locale::Es, regional_in));
    assert!(regional_in("Qué tan bien juegan los bots de la mesa").is_some());
    assert!(regional_in("La mesa se ha detenido: el banco…").is_some());
    assert!(regional_in("La mano ha terminado.").is_some());
    assert!(regional_in("Todavía nadie ha terminado un torneo.").is_some());
    assert!(regional_in("Mesa detenida: el banco no pudo registrar la mano.").is_none());
}

/// A slash command that starts a sentence or a clause: named, not given ("/back para volver").
fn command_named_in(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    for (index, &c) in chars.iter().enumerate() {
        let is_command = c == '/' && chars.get(index + 1).is_some_and(|n| n.is_ascii_lowercase());
        if !is_command {
            continue;
        }
        let before = chars[..index]
            .iter()
            .rev()
            .find(|c| !c.is_whitespace())
            .copied();
        if matches!(before, None | Some('.' | ':' | ';' | '—' | '\n')) {
            let command: String = chars[index..]
                .iter()
                .take_while(|c| !c.is_whitespace())
                .collect();
            return Some(format!("“{command}” starts a clause"));
        }
    }
    None
}

#[test]
fn a_command_is_given_not_named_in_every_language() {
    for locale in Locale::ALL {
        assert_none(breaking(locale, command_named_in));
    }
    assert!(command_named_in("… y pagas el ante. /back para volver a jugar.").is_some());
    assert!(command_named_in("The table is open: /join to sit down.").is_some());
    assert!(command_named_in("Meja sudah dibuka: pakai /join untuk duduk.").is_none());
    assert!(command_named_in("Usa /back para volver a jugar.").is_none());
}

/// A comma before a disjunction of two: es "normal, o turbo" (Spanish puts none before "o"
/// or "u"); id "chip, atau hasil" between two, where a list of three or more takes one
/// ("Stud, Razz, atau mix").
fn comma_before_or_in(locale: Locale, text: &str) -> Option<String> {
    match locale {
        Locale::En => None,
        Locale::Es => [", o ", ", u "]
            .iter()
            .find(|comma| text.contains(*comma))
            .map(|comma| format!("“{}”", comma.trim())),
        Locale::Id => {
            let mut from = 0;
            while let Some(at) = text[from..].find(", atau ") {
                let at = from + at;
                // The clause before it: a list of three or more has another comma there.
                let clause_start = text[..at]
                    .rfind(['.', ':', ';', '(', '\n', '—'])
                    .map_or(0, |i| i + 1);
                if !text[clause_start..at].contains(',') {
                    let start = text[..at]
                        .char_indices()
                        .rev()
                        .nth(20)
                        .map_or(0, |(i, _)| i);
                    return Some(format!("“…{}”", &text[start..at + 7]));
                }
                from = at + 7;
            }
            None
        }
    }
}

#[test]
fn no_comma_comes_before_or_between_two_in_spanish_and_indonesian() {
    for locale in Locale::ALL {
        assert_none(breaking(locale, |text| comma_before_or_in(locale, text)));
    }
    assert!(comma_before_or_in(Locale::Es, "(la palabra, o su letra)").is_some());
    assert!(comma_before_or_in(Locale::Es, "normal o turbo").is_none());
    assert!(
        comma_before_or_in(Locale::Id, "Papan peringkat yang mana: chip, atau hasil").is_some()
    );
    assert!(
        comma_before_or_in(Locale::Id, "Permainan: Stud Hi/Lo, Stud, Razz, atau mix").is_none()
    );
}
