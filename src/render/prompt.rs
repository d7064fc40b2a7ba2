//! "Your turn": the legal actions with their amounts, and the button labels.

use crate::table::hand::{ActionKind, LegalAction, Street};

use super::locale::Locale;
use super::view::TurnPrompt;

/// The private "your turn" message for the player to act.
pub fn your_turn(locale: Locale, prompt: &TurnPrompt) -> String {
    let _ = (locale, prompt);
    todo!("render")
}

/// A button label: "Call 5", "Raise to 20", "Bring-in 2", "Complete 5", "Fold", "Check",
/// "Bet 10", with "(all-in)" when the action takes the whole stack.
pub fn action_label(locale: Locale, action: &LegalAction) -> String {
    let _ = (locale, action);
    todo!("render")
}

/// The name of an action: "call", "raise" …
pub fn action_name(locale: Locale, kind: ActionKind) -> String {
    let _ = (locale, kind);
    todo!("render")
}

/// "Third street" … "Showdown".
pub fn street_name(locale: Locale, street: Street) -> String {
    let _ = (locale, street);
    todo!("render")
}
