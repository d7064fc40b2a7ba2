//! What a player types at the terminal, understood: the command words and action words of
//! all three languages, each language's own shortcut letters, an amount typed after an action
//! word ("bet 5", "subo a 20"). Which offered action a wish stands for is `choice`'s.

use crate::render::Locale;

/// One line the player typed, understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PlayerCommand {
    Help,
    Quit,
    Cards,
    Board,
    Status,
    Balance,
    /// Buy more chips: back to your buy-in, or the chips typed after the word ("topup 100").
    TopUp(Option<u64>),
    /// The last hand, or hand N, told from the bank's history.
    History(Option<u64>),
    /// An action word, with the amount typed after it, if any ("bet 5").
    Action(Wish, Option<u64>),
    /// A letter that reads as two actions in this language (Spanish `r`: *subir* or
    /// *retirarse*): answered with the message named, never guessed.
    Ambiguous(&'static str),
    /// `pre …`: what to do when your turn comes, chosen ahead (`None`: clear it).
    Pre(Option<PreWish>),
    /// `time` (`+30`): take time from your time bank at your turn.
    AddTime,
    /// `back`: dealt in again after the table sat you out as away.
    Back,
}

/// A pre-action as typed: the call is of whatever is bet now (`pre call`), or of anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PreWish {
    CheckFold,
    Check,
    Call,
    CallAny,
    Fold,
}

/// What a player means by an action word; the amounts follow from what is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wish {
    Check,
    Call,
    Fold,
    Bet,
    Raise,
    BringIn,
    Complete,
    /// The big amount on a fourth street with an open pair (`open_pair_big_bet`).
    BetBig,
    RaiseBig,
}

/// The one-letter shortcuts of `locale`, each the initial of one of its own words, none
/// standing for two things. `play-help` in each `lobby.ftl` shows them. English and
/// Indonesian players say the English poker words, so they share the English letters; a
/// Spanish player reads *p*aso, *v*eo, *n*o voy, *a*puesto, *s*ubo. The English letters
/// keep working in Spanish (not shown), except `r`, which reads as *retirarse* there.
fn letter(locale: Locale, word: &str) -> Option<PlayerCommand> {
    let english = |word: &str| match word {
        "h" | "?" => Some(PlayerCommand::Help),
        "q" => Some(PlayerCommand::Quit),
        "k" | "x" => Some(PlayerCommand::Action(Wish::Check, None)),
        "c" => Some(PlayerCommand::Action(Wish::Call, None)),
        "f" => Some(PlayerCommand::Action(Wish::Fold, None)),
        "b" => Some(PlayerCommand::Action(Wish::Bet, None)),
        "r" => Some(PlayerCommand::Action(Wish::Raise, None)),
        _ => None,
    };
    match locale {
        Locale::En | Locale::Id => english(word),
        Locale::Es => match word {
            "p" => Some(PlayerCommand::Action(Wish::Check, None)),
            "v" => Some(PlayerCommand::Action(Wish::Call, None)),
            "n" => Some(PlayerCommand::Action(Wish::Fold, None)),
            "a" => Some(PlayerCommand::Action(Wish::Bet, None)),
            "s" => Some(PlayerCommand::Action(Wish::Raise, None)),
            "r" => Some(PlayerCommand::Ambiguous("play-ambiguous-r")),
            _ => english(word),
        },
    }
}

/// Understands what a player types: the letters of `locale`, and the words of every
/// language: the English words (as Indonesian players also say them), the Spanish words
/// players say at the table ("paso", "veo", "no voy", "subo", …) and the infinitives the
/// buttons show, and a few aliases. An action word may be followed by the amount its option
/// shows, with or without "to" / "a" / "ke" ("raise to 20", "subo a 20", "raise ke 20").
pub(super) fn parse(locale: Locale, line: &str) -> Option<PlayerCommand> {
    let lowered = line.to_lowercase();
    let words: Vec<&str> = lowered.split_whitespace().collect();
    if let ["pre", rest @ ..] = words.as_slice() {
        return pre_wish(locale, &rest.join(" ")).map(PlayerCommand::Pre);
    }
    match words.as_slice() {
        ["time" | "+30" | "tiempo" | "waktu"] => return Some(PlayerCommand::AddTime),
        ["back" | "vuelvo" | "kembali"] => return Some(PlayerCommand::Back),
        _ => {}
    }
    if let ["history" | "historial" | "riwayat", rest @ ..] = words.as_slice() {
        return match rest {
            [] => Some(PlayerCommand::History(None)),
            [number] => Some(PlayerCommand::History(Some(
                number.trim_start_matches('#').parse().ok()?,
            ))),
            _ => None,
        };
    }
    if let [action @ .., last] = words.as_slice()
        && let Some(amount) = typed_amount(locale, last)
    {
        let action = match action {
            [action @ .., "to" | "a" | "ke"] if !action.is_empty() => action,
            action => action,
        };
        return match parse_words(locale, &action.join(" "))? {
            PlayerCommand::Action(wish, None) => Some(PlayerCommand::Action(wish, Some(amount))),
            PlayerCommand::TopUp(None) => Some(PlayerCommand::TopUp(Some(amount))),
            ambiguous @ PlayerCommand::Ambiguous(_) => Some(ambiguous),
            _ => None,
        };
    }
    parse_words(locale, &words.join(" "))
}

/// What follows `pre`: check/fold, check, call, call any, fold (in the words and letters of
/// every language, as the actions take them), or `off` to clear it. `Some(None)` clears.
fn pre_wish(locale: Locale, words: &str) -> Option<Option<PreWish>> {
    let words = words.replace(" / ", "/");
    Some(Some(match words.as_str() {
        "off" | "clear" | "none" | "-" | "quitar" | "nada" | "batal" => return Some(None),
        "check/fold" | "cf" | "check fold" | "pasar/retirarse" | "paso/no voy" | "cek/fold" => {
            PreWish::CheckFold
        }
        "call any" | "ca" | "any" | "igualar lo que sea" | "veo todo" | "call berapa pun" => {
            PreWish::CallAny
        }
        other => match parse_words(locale, other)? {
            PlayerCommand::Action(Wish::Check, None) => PreWish::Check,
            PlayerCommand::Action(Wish::Call, None) => PreWish::Call,
            PlayerCommand::Action(Wish::Fold, None) => PreWish::Fold,
            _ => return None,
        },
    }))
}

/// An amount as the player typed it: plain digits, or grouped as the options show it in
/// their language ("1,250" in English, "12.500" in Spanish and Indonesian).
fn typed_amount(locale: Locale, word: &str) -> Option<u64> {
    let separator = match locale {
        Locale::En => ',',
        Locale::Es | Locale::Id => '.',
    };
    let mut groups = word.split(separator);
    let first = groups.next()?;
    let rest: Vec<&str> = groups.collect();
    let digits = |group: &str| !group.is_empty() && group.bytes().all(|b| b.is_ascii_digit());
    let well_grouped =
        rest.is_empty() || (first.len() <= 3 && rest.iter().all(|group| group.len() == 3));
    if !digits(first) || !rest.iter().all(|group| digits(group)) || !well_grouped {
        return None;
    }
    let mut whole = first.to_string();
    for group in rest {
        whole.push_str(group);
    }
    whole.parse().ok()
}

fn parse_words(locale: Locale, words: &str) -> Option<PlayerCommand> {
    if let Some(command) = letter(locale, words) {
        return Some(command);
    }
    let action = |wish| PlayerCommand::Action(wish, None);
    let command = match words {
        "help" | "ayuda" | "bantuan" => PlayerCommand::Help,
        "quit" | "exit" | "salir" | "keluar" => PlayerCommand::Quit,
        "cards" | "cartas" | "kartu" => PlayerCommand::Cards,
        "board" | "mesa" | "meja" => PlayerCommand::Board,
        "status" | "estado" => PlayerCommand::Status,
        "balance" | "saldo" => PlayerCommand::Balance,
        "topup" | "top-up" | "top up" | "recargar" | "isi" | "isi ulang" => {
            PlayerCommand::TopUp(None)
        }
        "check" | "paso" | "pasar" | "cek" => action(Wish::Check),
        "call" | "veo" | "voy" | "igualo" | "igualar" | "ver" | "ikut" => action(Wish::Call),
        "fold" | "me retiro" | "no voy" | "retirarse" | "tirar" | "lipat" => action(Wish::Fold),
        "bet" | "apuesto" | "apostar" | "pasang" | "taruh" => action(Wish::Bet),
        "raise" | "subo" | "subir" | "naik" | "naikkan" => action(Wish::Raise),
        "bring-in" | "bringin" | "bi" => action(Wish::BringIn),
        "complete" | "co" | "completo" | "completar" | "lengkapi" => action(Wish::Complete),
        "bet-big" | "bet big" | "bb" => action(Wish::BetBig),
        "raise-big" | "raise big" | "rb" => action(Wish::RaiseBig),
        _ => return None,
    };
    Some(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pre_actions_time_and_back_are_understood_in_every_language() {
        let pre = |locale, line| parse(locale, line);
        for (locale, line, wish) in [
            (Locale::En, "pre check/fold", Some(PreWish::CheckFold)),
            (Locale::En, "pre cf", Some(PreWish::CheckFold)),
            (Locale::En, "pre call any", Some(PreWish::CallAny)),
            (Locale::En, "pre c", Some(PreWish::Call)),
            (Locale::En, "pre fold", Some(PreWish::Fold)),
            (Locale::En, "pre off", None),
            (Locale::Es, "pre paso/no voy", Some(PreWish::CheckFold)),
            (Locale::Es, "pre veo todo", Some(PreWish::CallAny)),
            (Locale::Es, "pre paso", Some(PreWish::Check)),
            (Locale::Es, "pre no voy", Some(PreWish::Fold)),
            (Locale::Es, "pre quitar", None),
            (Locale::Id, "pre call berapa pun", Some(PreWish::CallAny)),
            (Locale::Id, "pre check", Some(PreWish::Check)),
            (Locale::Id, "pre batal", None),
        ] {
            assert_eq!(pre(locale, line), Some(PlayerCommand::Pre(wish)), "{line}");
        }
        assert_eq!(pre(Locale::En, "pre raise"), None);
        assert_eq!(pre(Locale::En, "pre"), None);
        for (locale, time, back) in [
            (Locale::En, "time", "back"),
            (Locale::Es, "tiempo", "vuelvo"),
            (Locale::Id, "waktu", "kembali"),
        ] {
            assert_eq!(pre(locale, time), Some(PlayerCommand::AddTime));
            assert_eq!(pre(locale, "+30"), Some(PlayerCommand::AddTime));
            assert_eq!(pre(locale, back), Some(PlayerCommand::Back));
        }
    }

    #[test]
    fn an_amount_is_understood_grouped_as_the_options_show_it() {
        let bet = |locale, line| parse(locale, line);
        assert_eq!(
            bet(Locale::En, "bet 1,250"),
            Some(PlayerCommand::Action(Wish::Bet, Some(1250)))
        );
        assert_eq!(
            bet(Locale::Es, "subo a 12.500"),
            Some(PlayerCommand::Action(Wish::Raise, Some(12_500)))
        );
        assert_eq!(
            bet(Locale::Id, "raise ke 1.250.000"),
            Some(PlayerCommand::Action(Wish::Raise, Some(1_250_000)))
        );
        assert_eq!(
            bet(Locale::Es, "apuesto 1250"),
            Some(PlayerCommand::Action(Wish::Bet, Some(1250)))
        );
        for badly_grouped in [
            "bet 1,25",
            "bet 1250,000",
            "bet ,250",
            "bet 1,,250",
            "bet 1.250",
        ] {
            assert_eq!(bet(Locale::En, badly_grouped), None, "{badly_grouped}");
        }
    }

    #[test]
    fn words_are_understood_in_every_language() {
        for (word, wish) in [
            ("K", Wish::Check),
            ("check", Wish::Check),
            ("paso", Wish::Check),
            ("pasar", Wish::Check),
            ("cek", Wish::Check),
            ("call", Wish::Call),
            ("veo", Wish::Call),
            ("voy", Wish::Call),
            ("Igualo", Wish::Call),
            ("igualar", Wish::Call),
            ("ikut", Wish::Call),
            ("fold", Wish::Fold),
            ("me retiro", Wish::Fold),
            ("  no   voy ", Wish::Fold),
            ("retirarse", Wish::Fold),
            ("bet", Wish::Bet),
            ("apuesto", Wish::Bet),
            ("pasang", Wish::Bet),
            ("raise", Wish::Raise),
            ("subo", Wish::Raise),
            ("subir", Wish::Raise),
            ("naik", Wish::Raise),
            ("naikkan", Wish::Raise),
            ("bring-in", Wish::BringIn),
            ("completo", Wish::Complete),
            ("completar", Wish::Complete),
            ("complete", Wish::Complete),
        ] {
            assert!(
                parse(Locale::En, word) == Some(PlayerCommand::Action(wish, None)),
                "{word}"
            );
        }
        assert!(parse(Locale::En, "dance").is_none());
        assert!(parse(Locale::En, "no").is_none());
        assert!(parse(Locale::En, "me retiro ya").is_none());
    }

    #[test]
    fn history_takes_an_optional_hand_number_in_every_language() {
        assert!(matches!(
            parse(Locale::En, "history"),
            Some(PlayerCommand::History(None))
        ));
        assert!(matches!(
            parse(Locale::En, "historial #3"),
            Some(PlayerCommand::History(Some(3)))
        ));
        assert!(matches!(
            parse(Locale::En, "riwayat 12"),
            Some(PlayerCommand::History(Some(12)))
        ));
        assert!(parse(Locale::En, "history three").is_none());
        assert!(parse(Locale::En, "history 1 2").is_none());
    }

    #[test]
    fn topup_takes_an_optional_amount_in_every_language() {
        for (line, amount) in [
            ("topup", None),
            ("topup 100", Some(100)),
            ("top up 1,250", Some(1_250)),
            ("recargar 50", Some(50)),
            ("isi ulang 75", Some(75)),
        ] {
            assert_eq!(
                parse(Locale::En, line),
                Some(PlayerCommand::TopUp(amount)),
                "{line}"
            );
        }
        assert_eq!(
            parse(Locale::Es, "recargar 12.500"),
            Some(PlayerCommand::TopUp(Some(12_500)))
        );
        assert!(parse(Locale::En, "topup lots").is_none());
        assert!(parse(Locale::En, "topup -5").is_none());
    }

    #[test]
    fn each_language_has_its_own_letters_and_the_spanish_r_is_asked_not_guessed() {
        use Wish::*;
        for (locale, letters) in [
            (
                Locale::En,
                [
                    ("k", Check),
                    ("c", Call),
                    ("f", Fold),
                    ("b", Bet),
                    ("r", Raise),
                ],
            ),
            (
                Locale::Id,
                [
                    ("k", Check),
                    ("c", Call),
                    ("f", Fold),
                    ("b", Bet),
                    ("r", Raise),
                ],
            ),
            (
                Locale::Es,
                [
                    ("p", Check),
                    ("v", Call),
                    ("n", Fold),
                    ("a", Bet),
                    ("s", Raise),
                ],
            ),
        ] {
            for (letter, wish) in letters {
                assert_eq!(
                    parse(locale, letter),
                    Some(PlayerCommand::Action(wish, None)),
                    "{locale} {letter}"
                );
            }
        }
        // To a Spanish player `r` is *retirarse* as much as *subir*.
        assert_eq!(
            parse(Locale::Es, "r"),
            Some(PlayerCommand::Ambiguous("play-ambiguous-r"))
        );
        assert_eq!(
            parse(Locale::Es, "R 20"),
            Some(PlayerCommand::Ambiguous("play-ambiguous-r"))
        );
        // The English letters still work in Spanish, unshown.
        assert_eq!(
            parse(Locale::Es, "k"),
            Some(PlayerCommand::Action(Check, None))
        );
        assert_eq!(
            parse(Locale::Es, "f"),
            Some(PlayerCommand::Action(Fold, None))
        );
        // Spanish letters are not English ones.
        assert_eq!(parse(Locale::En, "s"), None);
        assert_eq!(parse(Locale::En, "n"), None);
    }
}
