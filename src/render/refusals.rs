//! Any [`Refusal`] as words in the reader's language: its message, its numbers, the player it
//! names and the refusal inside it. The one way a refusal reaches a player, from every layer
//! and every front end.

use fluent_bundle::FluentValue;

use crate::ids::UserId;
use crate::refusal::Refusal;

use super::display_name;
use super::locale::{Locale, tr};

/// The words for `why`; `name_of` names a player it mentions. A fault is logged and reads
/// "something went wrong on our side".
pub fn refusal(locale: Locale, why: &dyn Refusal, name_of: &dyn Fn(UserId) -> String) -> String {
    if why.is_fault() {
        tracing::warn!(error = %why, "a fault, told as a failure");
    }
    let mut args: Vec<(&str, FluentValue<'_>)> = why
        .message_args()
        .into_iter()
        .map(|(name, value)| (name, FluentValue::from(value)))
        .collect();
    if let Some(user) = why.player() {
        args.push(("name", FluentValue::from(display_name(&name_of(user)))));
    }
    if let Some(reason) = why.reason() {
        args.push((
            "reason",
            FluentValue::from(refusal(locale, reason, name_of)),
        ));
    }
    tr(locale, why.message_id(), &args)
}
