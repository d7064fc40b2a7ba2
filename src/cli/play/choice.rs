//! Which offered action a typed wish stands for: the first of its candidates offered, or,
//! with an amount typed after the word, the one whose option shows that amount. What the
//! words mean is `words`'s.

use crate::render::shown_amount;
use crate::table::hand::{ActionKind, LegalAction};

use super::words::Wish;

/// The offered actions a wish may stand for, the one taken without an amount first. "c"
/// calls, or checks when nothing is to call, or posts the bring-in when that is the
/// cheapest way in; "b" and "r" put in the one bet, raise or completion offered (the small
/// amount when an open pair offers both; the big one once the round went big); "bb" and
/// "rb" the big amount.
fn candidates(wish: Wish) -> &'static [ActionKind] {
    use ActionKind::*;
    match wish {
        Wish::Check => &[Check],
        Wish::Call => &[Call, Check, BringIn],
        Wish::Fold => &[Fold],
        Wish::Bet => &[Bet, Raise, Complete, BetBig, RaiseBig],
        Wish::Raise => &[Raise, Bet, Complete, RaiseBig, BetBig],
        Wish::BringIn => &[BringIn],
        Wish::Complete => &[Complete],
        Wish::BetBig | Wish::RaiseBig => &[BetBig, RaiseBig],
    }
}

/// What a wish comes to against the actions offered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ActionChoice {
    Take(ActionKind),
    /// The wish is offered, but not at the amount typed: these are.
    OtherAmount(Vec<LegalAction>),
    NotOffered,
}

/// The offered action a wish stands for: without an amount the first of its candidates
/// offered; with one, the candidate whose option shows that amount ("bet 5" for "Bet 5",
/// "raise 20" for "Raise to 20").
pub(super) fn choose(wish: Wish, amount: Option<u64>, legal: &[LegalAction]) -> ActionChoice {
    let offered: Vec<LegalAction> = candidates(wish)
        .iter()
        .filter_map(|kind| legal.iter().find(|action| action.kind == *kind))
        .copied()
        .collect();
    let taken = match amount {
        None => offered.first(),
        Some(amount) => offered.iter().find(|action| shown_amount(action) == amount),
    };
    match taken {
        Some(action) => ActionChoice::Take(action.kind),
        None if offered.is_empty() => ActionChoice::NotOffered,
        None => ActionChoice::OtherAmount(offered),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::play::words::{PlayerCommand, parse};
    use crate::render::Locale;

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
        assert_eq!(
            choose(Wish::Call, None, &free),
            ActionChoice::Take(ActionKind::Check)
        );
        let facing = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(
            choose(Wish::Call, None, &facing),
            ActionChoice::Take(ActionKind::Call)
        );
    }

    #[test]
    fn bet_and_raise_words_take_the_aggressive_action_offered() {
        let third = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Complete]);
        assert_eq!(
            choose(Wish::Raise, None, &third),
            ActionChoice::Take(ActionKind::Complete)
        );
        let facing = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(
            choose(Wish::Bet, None, &facing),
            ActionChoice::Take(ActionKind::Raise)
        );
        assert_eq!(choose(Wish::Check, None, &facing), ActionChoice::NotOffered);
    }

    #[test]
    fn big_words_take_the_big_amount_and_plain_words_the_small_one() {
        let choice = legal(&[ActionKind::Check, ActionKind::Bet, ActionKind::BetBig]);
        assert_eq!(
            choose(Wish::Bet, None, &choice),
            ActionChoice::Take(ActionKind::Bet)
        );
        assert_eq!(
            choose(Wish::BetBig, None, &choice),
            ActionChoice::Take(ActionKind::BetBig)
        );
        let facing = legal(&[
            ActionKind::Fold,
            ActionKind::Call,
            ActionKind::Raise,
            ActionKind::RaiseBig,
        ]);
        assert_eq!(
            choose(Wish::Raise, None, &facing),
            ActionChoice::Take(ActionKind::Raise)
        );
        assert_eq!(
            choose(Wish::RaiseBig, None, &facing),
            ActionChoice::Take(ActionKind::RaiseBig)
        );
        let gone_big = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::RaiseBig]);
        assert_eq!(
            choose(Wish::Raise, None, &gone_big),
            ActionChoice::Take(ActionKind::RaiseBig)
        );
        assert_eq!(
            choose(Wish::BetBig, None, &facing[..3]),
            ActionChoice::NotOffered
        );
        for (word, wish) in [("bet-big", Wish::BetBig), ("rb", Wish::RaiseBig)] {
            assert!(
                parse(Locale::En, word) == Some(PlayerCommand::Action(wish, None)),
                "{word}"
            );
        }
    }

    fn offered(actions: &[(ActionKind, u64, u64)]) -> Vec<LegalAction> {
        actions
            .iter()
            .map(|(kind, chips, total)| LegalAction {
                kind: *kind,
                chips: *chips,
                total: *total,
                all_in: false,
            })
            .collect()
    }

    #[test]
    fn an_amount_typed_after_the_word_takes_the_option_that_shows_it() {
        use ActionKind::*;
        let open_pair = offered(&[(Check, 0, 0), (Bet, 5, 5), (BetBig, 10, 10)]);
        for line in ["bet 5", "b 5", "apuesto 5", "pasang 5"] {
            let Some(PlayerCommand::Action(wish, amount)) = parse(Locale::En, line) else {
                panic!("{line} is not an action");
            };
            assert_eq!(
                choose(wish, amount, &open_pair),
                ActionChoice::Take(Bet),
                "{line}"
            );
        }
        assert_eq!(
            choose(Wish::Bet, Some(10), &open_pair),
            ActionChoice::Take(BetBig)
        );
        assert_eq!(
            choose(Wish::Bet, Some(7), &open_pair),
            ActionChoice::OtherAmount(open_pair[1..].to_vec())
        );
        // A raise shows its total, a call the chips it puts in.
        let facing = offered(&[(Fold, 0, 0), (Call, 5, 10), (Raise, 15, 20)]);
        for line in [
            "raise 20",
            "raise to 20",
            "subo a 20",
            "raise ke 20",
            "r 20",
        ] {
            let Some(PlayerCommand::Action(wish, amount)) = parse(Locale::En, line) else {
                panic!("{line} is not an action");
            };
            assert_eq!(
                choose(wish, amount, &facing),
                ActionChoice::Take(Raise),
                "{line}"
            );
        }
        assert_eq!(
            choose(Wish::Call, Some(5), &facing),
            ActionChoice::Take(Call)
        );
        assert_eq!(
            choose(Wish::Call, Some(10), &facing),
            ActionChoice::OtherAmount(vec![facing[1]])
        );
        assert_eq!(
            choose(Wish::Check, Some(0), &facing),
            ActionChoice::NotOffered
        );
        for line in ["5", "to 5", "bet to", "cards 5", "bet 5 5", "bet -5"] {
            assert_eq!(parse(Locale::En, line), None, "{line}");
        }
    }
}
