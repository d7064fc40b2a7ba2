//! Interactions that reach the bot after Discord stopped waiting for them. Discord shows a user
//! "The application did not respond" when an interaction is not answered within 3 seconds of
//! its creation, and a RESUME after a gateway drop (or a stalled dispatch) can still deliver it
//! later. The user saw it fail and may have tried again, so acting on it would move chips twice
//! or take an action they chose against: such an interaction is dropped without side effects,
//! and never answered (Discord refuses a first answer that late). Ages are on Discord's clock
//! ([`super::discord_time`]), read from the interaction's id.

use std::time::Duration;

use super::Bot;

/// Discord's window for the first answer to an interaction.
pub const ANSWER_WINDOW: Duration = Duration::from_secs(3);

/// An interaction that arrived too late to be answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "interaction {interaction} arrived {}.{:03} s after Discord made it, past its {} s \
     answer window: Discord already showed it as failed, so it is not carried out",
    age.as_secs(),
    age.subsec_millis(),
    ANSWER_WINDOW.as_secs()
)]
pub struct TooLate {
    pub interaction: u64,
    pub age: Duration,
}

/// Learns Discord's clock from `interaction` (which reaches the bot now) and refuses it if it
/// is already past its answer window. Logs the refusal once.
pub fn check(bot: &Bot, interaction: u64) -> Result<(), TooLate> {
    let time = bot.discord_time();
    time.saw_new(interaction);
    let age = time.age(interaction);
    if age < ANSWER_WINDOW {
        return Ok(());
    }
    let late = TooLate { interaction, age };
    tracing::warn!(%late, "dropping a late interaction");
    time.saw_late();
    crate::telemetry::record::interaction_late();
    Err(late)
}

/// Whether `interaction` is past its answer window (see [`check`]): the caller does nothing.
pub fn too_late(bot: &Bot, interaction: u64) -> bool {
    check(bot, interaction).is_err()
}

/// When work on `interaction` that has not finished must be deferred: `after` from the
/// interaction's creation on Discord's clock, not from the moment it reached the bot, since
/// Discord's 3 seconds started then.
pub fn defer_at(bot: &Bot, interaction: u64, after: Duration) -> tokio::time::Instant {
    deadline_from(bot.discord_time().age(interaction), after)
}

fn deadline_from(age: Duration, after: Duration) -> tokio::time::Instant {
    tokio::time::Instant::now() + after.saturating_sub(age)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn the_defer_deadline_counts_from_the_interactions_creation() {
        let now = tokio::time::Instant::now();
        let after = Duration::from_millis(1500);
        assert_eq!(deadline_from(Duration::ZERO, after), now + after);
        assert_eq!(
            deadline_from(Duration::from_millis(1000), after),
            now + Duration::from_millis(500)
        );
        // Already past it: defer at once.
        assert_eq!(deadline_from(Duration::from_secs(2), after), now);
    }

    #[test]
    fn a_refusal_says_how_late_and_why() {
        let late = TooLate {
            interaction: 7,
            age: Duration::from_millis(4_250),
        };
        let text = late.to_string();
        assert!(text.contains("4.250 s") && text.contains("3 s"), "{text}");
    }
}
