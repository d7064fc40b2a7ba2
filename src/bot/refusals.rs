//! The words of a refusal, for the player who asked: lobby errors (through
//! `lobby::present::error_text`) and bank errors. A leaf: it knows no other part of the bot.

use crate::bank::{BankError, UserId};
use crate::lobby::LobbyError;
use crate::render::{self, Locale};

/// The words for a lobby refusal; `name_of` names a player it mentions.
pub fn lobby(locale: Locale, error: &LobbyError, name_of: &dyn Fn(UserId) -> String) -> String {
    crate::lobby::present::error_text(locale, error, name_of)
}

/// The words for a bank refusal (the bank's own mapping, [`BankError::message_id`]); a fault
/// that is not the player's reads "something went wrong" and is logged.
pub fn bank(locale: Locale, error: &BankError) -> String {
    let id = error.message_id();
    if id == "bot-failed" {
        tracing::error!(%error, "the bank failed");
    }
    render::tr_numbers(locale, id, &error.message_args())
}

/// Bots never hold accounts: a command that names one is refused before the bank is asked,
/// so nothing is created for it.
pub fn bots_hold_no_chips(locale: Locale) -> String {
    render::tr(locale, "bot-bots-hold-no-chips", &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cooldown_just_under_an_hour_reads_one_hour_not_sixty_minutes() {
        for (wait_secs, reads) in [(3599, "1 h 0 min"), (3601, "1 h 1 min"), (59, "0 h 1 min")] {
            let text = bank(Locale::En, &BankError::DailyCooldown { wait_secs });
            assert!(text.contains(reads), "{wait_secs} s: {text}");
        }
    }

    #[test]
    fn giving_to_a_bot_is_told_as_such_not_as_our_failure() {
        let text = bank(Locale::En, &BankError::GiveToBot);
        assert!(text.contains("bot"), "{text}");
        assert_ne!(text, render::tr(Locale::En, "bot-failed", &[]));
    }
}
