//! "Your turn": the legal actions with their amounts, the button labels, and actions as
//! they are told on the board and in the history ("Ana raises to 20").

use crate::table::hand::{ActionKind, LegalAction, Street};

use super::locale::{Locale, tr};
use super::view::TurnPrompt;

/// The private "your turn" message for the player to act.
pub fn your_turn(locale: Locale, prompt: &TurnPrompt) -> String {
    let mut lines = vec![turn_header(locale, prompt), turn_situation(locale, prompt)];
    lines.push(tr(locale, "turn-options", &[]));
    for action in &prompt.legal {
        lines.push(format!("• {}", action_label(locale, action)));
    }
    if let Some(seconds) = prompt.action_timer_secs
        && let Some(taken) = crate::table::default_action(&prompt.legal)
    {
        // What the table will do is the rule the table follows (`table::default_action`).
        let id = match taken.kind {
            ActionKind::Check => "turn-timer-check",
            ActionKind::Fold => "turn-timer-fold",
            _ => "turn-timer-bring-in",
        };
        lines.push(tr(locale, id, &[("seconds", seconds.into())]));
    }
    lines.join("\n")
}

/// "Your turn — hand #2, Third street · 10 to call · your stack 183 · pot 21": the turn in
/// one line, for a terminal, where the options follow on the prompt and the timer's rule was
/// said once.
pub fn your_turn_line(locale: Locale, prompt: &TurnPrompt) -> String {
    format!(
        "{} · {}",
        turn_header(locale, prompt),
        turn_situation(locale, prompt)
    )
}

/// "Your turn — hand #2, Third street".
fn turn_header(locale: Locale, prompt: &TurnPrompt) -> String {
    tr(
        locale,
        "turn-header",
        &[
            ("hand", prompt.hand_number.into()),
            ("street", street_name(locale, prompt.street).into()),
        ],
    )
}

/// "10 to call · your stack 183 · pot 21", or "Nothing to call · …".
fn turn_situation(locale: Locale, prompt: &TurnPrompt) -> String {
    let money = [
        ("amount", prompt.to_call.into()),
        ("stack", prompt.stack.into()),
        ("pot", prompt.pot.into()),
    ];
    if prompt.to_call > 0 {
        tr(locale, "turn-to-call", &money)
    } else {
        tr(locale, "turn-free", &money)
    }
}

/// A button label: "Call 5", "Raise to 20", "Bring-in 2", "Complete to 5", "Fold", "Check",
/// "Bet 10", with "(all-in)" when the action takes the whole stack.
pub fn action_label(locale: Locale, action: &LegalAction) -> String {
    let id = match action.kind {
        ActionKind::BringIn => "button-bring-in",
        ActionKind::Complete => "button-complete",
        // The big amount on an open-pair fourth street: the label's amount tells it apart.
        ActionKind::Bet | ActionKind::BetBig => "button-bet",
        ActionKind::Raise | ActionKind::RaiseBig => "button-raise",
        ActionKind::Call => "button-call",
        ActionKind::Check => "button-check",
        ActionKind::Fold => "button-fold",
    };
    let label = tr(locale, id, &[("amount", shown_amount(action).into())]);
    if action.all_in && action.chips > 0 {
        tr(locale, "button-all-in", &[("label", label.into())])
    } else {
        label
    }
}

/// The amount an action's label shows: the chips a bring-in or a call puts in, the street
/// total a completion, bet or raise comes to; 0 for a check or a fold.
pub fn shown_amount(action: &LegalAction) -> u64 {
    match action.kind {
        ActionKind::BringIn | ActionKind::Call => action.chips,
        ActionKind::Complete
        | ActionKind::Bet
        | ActionKind::BetBig
        | ActionKind::Raise
        | ActionKind::RaiseBig => action.total,
        ActionKind::Check | ActionKind::Fold => 0,
    }
}

/// The legal actions as one line: "Call 5 · Raise to 10 · Fold".
pub fn action_options(locale: Locale, legal: &[LegalAction]) -> String {
    legal
        .iter()
        .map(|action| action_label(locale, action))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// An action as told: "Ana calls 5", "Bo raises to 20", "Cy folds". `chips` is what the
/// action moved, `total` the player's street bet after it; calls name the chips, the other
/// bets name the total.
pub fn action_told(
    locale: Locale,
    name: &str,
    kind: ActionKind,
    chips: u64,
    total: u64,
    all_in: bool,
) -> String {
    let (id, amount) = match kind {
        ActionKind::BringIn => ("did-bring-in", total),
        ActionKind::Complete => ("did-complete", total),
        ActionKind::Bet | ActionKind::BetBig => ("did-bet", total),
        ActionKind::Raise | ActionKind::RaiseBig => ("did-raise", total),
        ActionKind::Call => ("did-call", chips),
        ActionKind::Check => ("did-check", 0),
        ActionKind::Fold => ("did-fold", 0),
    };
    let told = tr(
        locale,
        id,
        &[("name", name.into()), ("amount", amount.into())],
    );
    if all_in {
        tr(locale, "did-all-in", &[("action", told.into())])
    } else {
        told
    }
}

/// "Third street" … "Showdown".
pub fn street_name(locale: Locale, street: Street) -> String {
    let id = match street {
        Street::Third => "street-third",
        Street::Fourth => "street-fourth",
        Street::Fifth => "street-fifth",
        Street::Sixth => "street-sixth",
        Street::Seventh => "street-seventh",
        Street::Showdown => "street-showdown",
    };
    tr(locale, id, &[])
}

/// The label of the button that shows a player their own cards.
pub fn my_cards_label(locale: Locale) -> String {
    tr(locale, "button-my-cards", &[])
}
