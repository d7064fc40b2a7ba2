//! The bot's own refusals, before any table or the bank is asked: a moderator command from a
//! member who is none, a command outside a server, a bot named where a player's account is
//! meant, a button no longer in use. Each is a [`Refusal`] like the bank's and the table's, worded the same way
//! ([`crate::render::refusal`], through [`super::Bot::refusal`]).

use thiserror::Error;

use crate::refusal::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Refused {
    /// Only moderators (Manage Channels in the channel, or the configured role) may do this.
    #[error("only moderators may do this")]
    NotModerator,
    /// Only the server's staff (the configured role, Manage Server or Administrator at the
    /// guild's level) may act on its economy (`super::rights`).
    #[error("only the server's staff may do this")]
    NotStaff,
    /// Discord could not say whether the caller is the server's staff: nothing was done.
    #[error("Discord did not say whether the caller may do this")]
    RightsUnknown,
    /// The command works only in a server's channel.
    #[error("this command works only in a server channel")]
    GuildOnly,
    /// Bots never hold accounts: a command that names one is refused before the bank is
    /// asked, so nothing is created for it.
    #[error("bots hold no chips")]
    BotsHoldNoChips,
    /// A button this bot no longer answers (its custom id is not one of ours, or names
    /// another channel).
    #[error("this button is no longer in use")]
    UnknownButton,
    /// The bot is stopping and takes no more commands.
    #[error("the bot is shutting down")]
    ShuttingDown,
    /// Something went wrong on our side (the log says what).
    #[error("something went wrong")]
    Failed,
    /// `/table open thread:True` in a thread: a thread holds no thread.
    #[error("this is a thread already")]
    ThreadInThread,
    /// `/table open thread:True` where no thread can be started (a forum, a voice channel).
    #[error("no thread can be started here")]
    ThreadNotHere,
    /// Discord refused to start the table's thread (the log says why).
    #[error("the table's thread could not be started")]
    ThreadFailed,
}

impl Refusal for Refused {
    fn message_id(&self) -> &'static str {
        match self {
            Refused::NotModerator => "notice-not-moderator",
            Refused::NotStaff => "bot-not-staff",
            Refused::RightsUnknown => "bot-rights-unknown",
            Refused::GuildOnly => "bot-guild-only",
            Refused::BotsHoldNoChips => "bot-bots-hold-no-chips",
            Refused::UnknownButton => "bot-unknown-button",
            Refused::ShuttingDown => "bot-shutting-down",
            Refused::Failed => "bot-failed",
            Refused::ThreadInThread => "bot-thread-in-thread",
            Refused::ThreadNotHere => "bot-thread-not-here",
            Refused::ThreadFailed => "bot-thread-failed",
        }
    }

    fn is_fault(&self) -> bool {
        *self == Refused::Failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::BankError;
    use crate::render::{self, Locale};

    fn bank(locale: Locale, error: &BankError) -> String {
        render::refusal(locale, error, &|_| String::new())
    }

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

    #[test]
    fn every_refusal_of_the_bot_has_its_words_in_every_language() {
        let every = [
            Refused::NotModerator,
            Refused::GuildOnly,
            Refused::BotsHoldNoChips,
            Refused::UnknownButton,
            Refused::ShuttingDown,
            Refused::Failed,
            Refused::ThreadInThread,
            Refused::ThreadNotHere,
            Refused::ThreadFailed,
        ];
        for locale in Locale::ALL {
            for refused in every {
                let text = render::refusal(locale, &refused, &|_| String::new());
                assert_ne!(text, refused.message_id(), "{locale}: {refused:?}");
            }
        }
    }
}
