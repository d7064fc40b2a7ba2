//! What `studbot run`'s exit code tells the supervisor that started it (systemd, Docker):
//! each code means one thing, so a restart policy can follow it.
//!
//! | code | meaning | restart? |
//! |---|---|---|
//! | 0 | stopped on SIGINT or SIGTERM, hands finished | no |
//! | 1 | a failure a restart may cure: Discord unreachable or answering 5xx, the gateway lost for good, the bank failing (a full disk, say) | yes |
//! | 2 | the configuration: a config file or value that cannot be used, a token Discord refuses, a data directory that cannot be made | no: fix it first |
//!
//! The tools (`audit`, `backup`, `replay`, …) keep the same sense: 2 for input they cannot
//! use, 1 for a check that failed.

use crate::bot::config::Misconfigured;

/// A failure a restart may cure.
pub const RESTART_MAY_CURE: u8 = 1;
/// The configuration is wrong: restarting with it unchanged fails the same way.
pub const CONFIGURATION: u8 = 2;

/// The exit code for a failure of `studbot run`: [`CONFIGURATION`] when anything in its
/// chain of causes is [`Misconfigured`], else [`RESTART_MAY_CURE`].
pub fn code_for(error: &anyhow::Error) -> u8 {
    if error.chain().any(|cause| cause.is::<Misconfigured>()) {
        CONFIGURATION
    } else {
        RESTART_MAY_CURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misconfiguration_anywhere_in_the_chain_is_not_restarted() {
        let error =
            anyhow::Error::from(Misconfigured("bad token".to_owned())).context("starting the bot");
        assert_eq!(code_for(&error), CONFIGURATION);
    }

    #[test]
    fn any_other_failure_asks_for_a_restart() {
        let error = anyhow::anyhow!("cannot reach Discord at http://127.0.0.1:9");
        assert_eq!(code_for(&error), RESTART_MAY_CURE);
    }
}
