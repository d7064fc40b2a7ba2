//! Choosing among the actions offered, for tests that need a hand to go on rather than a
//! particular action (the engine's, the lobby's and the Discord tests alike).

use studbot::table::{ActionKind, LegalAction};

/// The cheapest way to stay in: check, else call, else post the bring-in.
pub const PASSIVE: [ActionKind; 3] = [ActionKind::Check, ActionKind::Call, ActionKind::BringIn];

/// The first of `preference` that `legal` offers.
pub fn first_offered(preference: &[ActionKind], legal: &[LegalAction]) -> Option<ActionKind> {
    preference
        .iter()
        .copied()
        .find(|kind| legal.iter().any(|action| action.kind == *kind))
}
