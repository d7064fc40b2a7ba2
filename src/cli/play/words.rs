//! What a player types at the terminal, understood: the command words and action words of
//! all three languages, and which offered action an action word stands for.

use crate::table::hand::{ActionKind, LegalAction};

/// One word the player typed, understood.
pub(super) enum Command {
    Help,
    Quit,
    Cards,
    Board,
    Status,
    Balance,
    TopUp,
    /// The last hand, or hand N, told from the bank's history.
    History(Option<u64>),
    Action(Wish),
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

/// Understands what a player types, in any of the three languages: the English words (as
/// Indonesian players also say them), the Spanish words players say at the table ("paso",
/// "veo", "no voy", "subo", …) and the infinitives the buttons show, and a few aliases.
/// `play-help` in each `lobby.ftl` shows them.
pub(super) fn parse(line: &str) -> Option<Command> {
    let lowered = line.to_lowercase();
    let words: Vec<&str> = lowered.split_whitespace().collect();
    if let ["history" | "historial" | "riwayat", rest @ ..] = words.as_slice() {
        return match rest {
            [] => Some(Command::History(None)),
            [number] => Some(Command::History(Some(
                number.trim_start_matches('#').parse().ok()?,
            ))),
            _ => None,
        };
    }
    let command = match words.join(" ").as_str() {
        "help" | "h" | "?" | "ayuda" | "bantuan" => Command::Help,
        "quit" | "q" | "exit" | "salir" | "keluar" => Command::Quit,
        "cards" | "cartas" | "kartu" => Command::Cards,
        "board" | "mesa" | "meja" => Command::Board,
        "status" | "estado" => Command::Status,
        "balance" | "saldo" => Command::Balance,
        "topup" | "top-up" | "top up" | "recargar" | "isi" | "isi ulang" => Command::TopUp,
        "k" | "x" | "check" | "paso" | "pasar" | "cek" => Command::Action(Wish::Check),
        "c" | "call" | "veo" | "voy" | "igualo" | "igualar" | "ver" | "ikut" => {
            Command::Action(Wish::Call)
        }
        "f" | "fold" | "me retiro" | "no voy" | "retirarse" | "tirar" | "lipat" => {
            Command::Action(Wish::Fold)
        }
        "b" | "bet" | "apuesto" | "apostar" | "pasang" | "taruh" => Command::Action(Wish::Bet),
        "r" | "raise" | "subo" | "subir" | "naik" | "naikkan" => Command::Action(Wish::Raise),
        "bring-in" | "bringin" | "bi" => Command::Action(Wish::BringIn),
        "complete" | "co" | "completo" | "completar" | "lengkapi" => {
            Command::Action(Wish::Complete)
        }
        "bet-big" | "bet big" | "bb" => Command::Action(Wish::BetBig),
        "raise-big" | "raise big" | "rb" => Command::Action(Wish::RaiseBig),
        _ => return None,
    };
    Some(command)
}

/// The offered action a wish stands for. "c" calls, or checks when nothing is to call, or
/// posts the bring-in when that is the cheapest way in;
/// "b" and "r" put in the one bet, raise or completion offered (the small amount when an open
/// pair offers both; the big one once the round went big); "bb" and "rb" the big amount.
pub(super) fn choose(wish: Wish, legal: &[LegalAction]) -> Option<ActionKind> {
    let offered = |kind: ActionKind| legal.iter().any(|action| action.kind == kind);
    let first_of = |kinds: &[ActionKind]| kinds.iter().copied().find(|kind| offered(*kind));
    match wish {
        Wish::Check => first_of(&[ActionKind::Check]),
        Wish::Call => first_of(&[ActionKind::Call, ActionKind::Check, ActionKind::BringIn]),
        Wish::Fold => first_of(&[ActionKind::Fold]),
        Wish::Bet | Wish::Raise => first_of(&[
            if wish == Wish::Bet {
                ActionKind::Bet
            } else {
                ActionKind::Raise
            },
            ActionKind::Bet,
            ActionKind::Raise,
            ActionKind::Complete,
            ActionKind::RaiseBig,
        ]),
        Wish::BringIn => first_of(&[ActionKind::BringIn]),
        Wish::Complete => first_of(&[ActionKind::Complete]),
        Wish::BetBig | Wish::RaiseBig => first_of(&[ActionKind::BetBig, ActionKind::RaiseBig]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(kinds: &[ActionKind]) -> Vec<LegalAction> {
        kinds
            .iter()
            .map(|kind| LegalAction {
                kind: *kind,
                chips: 5,
                total: 5,
                all_in: false,
            })
            .collect()
    }

    #[test]
    fn call_word_checks_when_nothing_is_to_call() {
        let free = legal(&[ActionKind::Check, ActionKind::Bet]);
        assert_eq!(choose(Wish::Call, &free), Some(ActionKind::Check));
        let facing = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(choose(Wish::Call, &facing), Some(ActionKind::Call));
    }

    #[test]
    fn bet_and_raise_words_take_the_aggressive_action_offered() {
        let third = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Complete]);
        assert_eq!(choose(Wish::Raise, &third), Some(ActionKind::Complete));
        let facing = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(choose(Wish::Bet, &facing), Some(ActionKind::Raise));
        assert_eq!(choose(Wish::Check, &facing), None);
    }

    #[test]
    fn big_words_take_the_big_amount_and_plain_words_the_small_one() {
        let choice = legal(&[ActionKind::Check, ActionKind::Bet, ActionKind::BetBig]);
        assert_eq!(choose(Wish::Bet, &choice), Some(ActionKind::Bet));
        assert_eq!(choose(Wish::BetBig, &choice), Some(ActionKind::BetBig));
        let facing = legal(&[
            ActionKind::Fold,
            ActionKind::Call,
            ActionKind::Raise,
            ActionKind::RaiseBig,
        ]);
        assert_eq!(choose(Wish::Raise, &facing), Some(ActionKind::Raise));
        assert_eq!(choose(Wish::RaiseBig, &facing), Some(ActionKind::RaiseBig));
        let gone_big = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::RaiseBig]);
        assert_eq!(choose(Wish::Raise, &gone_big), Some(ActionKind::RaiseBig));
        assert_eq!(choose(Wish::BetBig, &facing[..3]), None);
        for (word, wish) in [("bet-big", Wish::BetBig), ("rb", Wish::RaiseBig)] {
            assert!(
                matches!(parse(word), Some(Command::Action(parsed)) if parsed == wish),
                "{word}"
            );
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
                matches!(parse(word), Some(Command::Action(parsed)) if parsed == wish),
                "{word}"
            );
        }
        assert!(parse("dance").is_none());
        assert!(parse("no").is_none());
        assert!(parse("me retiro ya").is_none());
    }

    #[test]
    fn history_takes_an_optional_hand_number_in_every_language() {
        assert!(matches!(parse("history"), Some(Command::History(None))));
        assert!(matches!(
            parse("historial #3"),
            Some(Command::History(Some(3)))
        ));
        assert!(matches!(
            parse("riwayat 12"),
            Some(Command::History(Some(12)))
        ));
        assert!(parse("history three").is_none());
        assert!(parse("history 1 2").is_none());
    }
}
