//! The words of a refusal, for the player who asked: lobby errors (through
//! `lobby::present::error_text`) and bank errors. A leaf: it knows no other part of the bot.

use crate::bank::{BankError, UserId};
use crate::lobby::LobbyError;
use crate::render::{self, Locale, Notice};

/// The words for a lobby refusal; `name_of` names a player it mentions.
pub fn lobby(locale: Locale, error: &LobbyError, name_of: &dyn Fn(UserId) -> String) -> String {
    crate::lobby::present::error_text(locale, error, name_of)
}

/// The words for a bank refusal.
pub fn bank(locale: Locale, error: &BankError) -> String {
    let notice = match error {
        BankError::ZeroAmount | BankError::Overflow => Notice::InvalidAmount,
        BankError::OutOfLimits { min, max } => {
            return render::tr(
                locale,
                "bot-amount-limits",
                &[("min", (*min).into()), ("max", (*max).into())],
            );
        }
        BankError::InsufficientFunds { balance, needed } => Notice::NotEnoughChips {
            needed: *needed,
            balance: *balance,
        },
        BankError::GiveToSelf => Notice::CannotGiveToSelf,
        BankError::DailyCooldown { wait_secs } => {
            let (hours, minutes) = hours_and_minutes(*wait_secs);
            Notice::DailyNotYet { hours, minutes }
        }
        BankError::AccountTooNew => return render::tr(locale, "bot-account-too-new", &[]),
        other => {
            tracing::error!(error = %other, "the bank failed");
            return render::tr(locale, "bot-failed", &[]);
        }
    };
    render::notice(locale, &notice)
}

/// A wait in whole minutes, rounded up, as hours and minutes (59 at most).
fn hours_and_minutes(wait_secs: u64) -> (u64, u64) {
    let minutes = wait_secs.div_ceil(60);
    (minutes / 60, minutes % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cooldown_just_under_an_hour_reads_one_hour_not_sixty_minutes() {
        assert_eq!(hours_and_minutes(3599), (1, 0));
        assert_eq!(hours_and_minutes(3600), (1, 0));
        assert_eq!(hours_and_minutes(3601), (1, 1));
        assert_eq!(hours_and_minutes(59), (0, 1));
        assert_eq!(hours_and_minutes(0), (0, 0));
        assert_eq!(hours_and_minutes(86_399), (24, 0));
        let text = bank(Locale::En, &BankError::DailyCooldown { wait_secs: 3599 });
        assert!(!text.contains("60"), "{text}");
    }
}
