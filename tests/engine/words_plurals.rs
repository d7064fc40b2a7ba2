//! Plural agreement after a number, for the wording tests (`render_plurals`): the words
//! whose form follows a number in each language ("1 ficha", "2 fichas"; none in Indonesian)
//! and where a rendered text disagrees with its number.

use studbot::render::locale::Locale;

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
