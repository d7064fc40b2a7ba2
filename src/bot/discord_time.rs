//! Discord's clock as the bot sees it. Discord's time limits (an interaction's token works for
//! 15 minutes, a message older than an hour can hardly be edited) run on Discord's clock, and
//! every id Discord hands out (a snowflake) carries the millisecond it was made. Each
//! interaction the bot receives was made just now, so its id tells how far Discord's clock runs
//! ahead of ours; the age of a token or a message is then judged on Discord's time, even when
//! our clock is behind or was suspended.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Discord's epoch (2015-01-01) in Unix milliseconds: a snowflake's top 42 bits count from it.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// An interaction's token works this long after the interaction was made.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// A token is used only while it is this young: what it starts (a followup, then its
/// deletion) must finish well before Discord forgets it.
pub const TOKEN_USABLE_FOR: Duration = Duration::from_secs(13 * 60);
/// Discord limits edits of messages older than about an hour (error 30046): an older board
/// is posted anew instead.
pub const EDITABLE_FOR: Duration = Duration::from_secs(55 * 60);

/// How far Discord's clock is ahead of ours, as far as the bot has seen.
#[derive(Debug, Default)]
pub struct DiscordTime {
    ahead_ms: AtomicI64,
}

impl DiscordTime {
    /// Discord made `snowflake` just now (an interaction the bot is receiving).
    pub fn saw_new(&self, snowflake: u64) {
        self.saw_new_at(snowflake, unix_ms_now());
    }

    /// How long ago, on Discord's clock, Discord made `snowflake`.
    pub fn age(&self, snowflake: u64) -> Duration {
        self.age_at(snowflake, unix_ms_now())
    }

    /// Whether an interaction's token may still be used.
    pub fn token_usable(&self, interaction: u64) -> bool {
        self.age(interaction) < TOKEN_USABLE_FOR
    }

    /// Whether a message may still be edited rather than posted anew.
    pub fn editable(&self, message: u64) -> bool {
        self.age(message) < EDITABLE_FOR
    }

    fn saw_new_at(&self, snowflake: u64, our_ms: i64) {
        // Our clock running ahead counts as zero: ages then come out a little long, which
        // errs on the safe side.
        self.ahead_ms
            .fetch_max(made_at_ms(snowflake) - our_ms, Ordering::Relaxed);
    }

    fn age_at(&self, snowflake: u64, our_ms: i64) -> Duration {
        let discord_now = our_ms + self.ahead_ms.load(Ordering::Relaxed);
        let age = discord_now.saturating_sub(made_at_ms(snowflake));
        Duration::from_millis(u64::try_from(age).unwrap_or(0))
    }
}

/// When Discord made `snowflake`, in Unix milliseconds.
fn made_at_ms(snowflake: u64) -> i64 {
    i64::try_from(snowflake >> 22).unwrap_or(i64::MAX - DISCORD_EPOCH_MS) + DISCORD_EPOCH_MS
}

fn unix_ms_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A snowflake Discord made at `unix_ms`.
    fn snowflake_at(unix_ms: i64) -> u64 {
        (u64::try_from(unix_ms - DISCORD_EPOCH_MS).unwrap() << 22) | 7
    }

    const NOW: i64 = 1_780_000_000_000;

    #[test]
    fn an_age_is_read_from_the_snowflake() {
        let time = DiscordTime::default();
        let made = snowflake_at(NOW - 90_000);
        assert_eq!(time.age_at(made, NOW), Duration::from_secs(90));
        // Made "in the future" of our clock: no age, never a panic.
        assert_eq!(time.age_at(snowflake_at(NOW + 5_000), NOW), Duration::ZERO);
        assert_eq!(
            time.age_at(0, NOW).as_millis() as i64,
            NOW - DISCORD_EPOCH_MS
        );
        let _ = time.age_at(u64::MAX, NOW);
    }

    #[test]
    fn a_discord_clock_ahead_of_ours_ages_tokens_and_messages_by_discords_time() {
        let time = DiscordTime::default();
        let click = snowflake_at(NOW);
        let board = snowflake_at(NOW - 10 * 60_000);
        time.saw_new_at(click, NOW);
        assert!(time.age_at(click, NOW) < TOKEN_USABLE_FOR);
        // Discord's clock moves 61 minutes (ours stays): a new interaction says so.
        time.saw_new_at(snowflake_at(NOW + 61 * 60_000), NOW);
        assert!(time.age_at(click, NOW) >= TOKEN_LIFETIME);
        assert!(time.age_at(board, NOW) >= EDITABLE_FOR);
    }

    #[test]
    fn our_clock_ahead_of_discords_only_makes_ages_longer() {
        let time = DiscordTime::default();
        // The interaction was made 2 s "before" it reached us by our fast clock.
        time.saw_new_at(snowflake_at(NOW - 2_000), NOW);
        assert_eq!(
            time.age_at(snowflake_at(NOW - 2_000), NOW),
            Duration::from_secs(2)
        );
    }
}
