//! The words of a refusal, for the player who asked: lobby errors (through
//! `lobby::present::error_text`) and bank errors. A leaf: it knows no other part of the bot.

use crate::bank::{BankError, UserId};
use crate::lobby::LobbyError;
use crate::render::{self, Locale};

/// The words for a lobby refusal; `name_of` names a player it mentions.
pub fn lobby(locale: Locale, error: &LobbyError, name_of: &dyn Fn(UserId) -> String) -> String {
    crate::lobby::present::error_text(locale, error, name_of)
}

/// The words for a bank refusal (the bank names its own message, see `BankError::message_id`);
/// a fault is logged and read as "something went wrong on our side".
pub fn bank(locale: Locale, error: &BankError) -> String {
    if error.is_fault() {
        tracing::error!(%error, "the bank failed");
    }
    render::tr_numbers(locale, error.message_id(), &error.message_args())
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
        // A unit with nothing in it is left out: "in 1 h", "in 1 min", never "0 h 1 min".
        for (wait_secs, reads) in [
            (3599, "in 1 h."),
            (3601, "in 1 h 1 min."),
            (59, "in 1 min."),
        ] {
            let text = bank(Locale::En, &BankError::DailyCooldown { wait_secs });
            assert!(text.contains(reads), "{wait_secs} s: {text}");
        }
    }

    #[test]
    fn every_bank_refusal_a_player_can_act_on_is_told_not_read_as_our_fault() {
        let failed = render::tr(Locale::En, "bot-failed", &[]);
        let refusals = [
            BankError::GiveToBot,
            BankError::GiveCapReached {
                cap: 500,
                given: 480,
                remaining: 20,
            },
            BankError::OutOfLimits { min: 1, max: 5 },
            BankError::Overflow,
        ];
        for error in refusals {
            assert!(!error.is_fault(), "{error:?}");
            let text = bank(Locale::En, &error);
            assert_ne!(text, failed, "{error:?}");
        }
        assert_eq!(
            bank(Locale::En, &BankError::GiveToBot),
            render::tr(Locale::En, "notice-cannot-give-to-bot", &[])
        );
        assert_eq!(
            bank(Locale::En, &BankError::OutOfLimits { min: 1, max: 5 }),
            "The amount must be between 1 and 5 chips."
        );
    }
}
