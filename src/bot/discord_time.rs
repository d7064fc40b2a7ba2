//! Discord's clock as the bot sees it. Discord's time limits (an interaction's token works for
//! 15 minutes, a message older than an hour can hardly be edited) run on Discord's clock, and
//! every id Discord hands out (a snowflake) carries the millisecond it was made. Each
//! interaction the bot receives was made just now, so its id tells how far Discord's clock runs
//! ahead of ours; the age of a token or a message is then judged on Discord's time, even when
//! our clock is behind or was suspended.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use super::lock;

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

/// How long a sample of Discord's clock counts: the estimate is the highest offset seen over
/// the last two windows of this length in which an interaction arrived, so a clock of ours
/// that steps (corrected by NTP, a VM resumed) is followed within minutes of use, while a late
/// interaction (a RESUME replay, whose id looks old) cannot pull the estimate down alone, not
/// even after a quiet spell.
const SAMPLES_KEPT_FOR: Duration = Duration::from_secs(120);

/// How far Discord's clock is ahead of ours, as far as the bot has seen lately.
#[derive(Debug, Default)]
pub struct DiscordTime {
    estimate: std::sync::Mutex<Estimate>,
    /// Interactions that arrived past their answer window (see `interaction_age`).
    late: std::sync::atomic::AtomicU64,
}

#[derive(Debug, Default)]
struct Estimate {
    /// The offset in use, negative when our clock runs ahead of Discord's.
    ahead_ms: i64,
    /// The highest offset seen since `started`, and in the last window before it that saw one.
    current: Option<(Instant, i64)>,
    previous: Option<i64>,
}

impl Estimate {
    fn learn(&mut self, sample: i64, now: Instant) {
        match self.current {
            Some((started, max)) if now.saturating_duration_since(started) >= SAMPLES_KEPT_FOR => {
                self.previous = Some(max);
                self.current = Some((now, sample));
            }
            Some((started, max)) => self.current = Some((started, max.max(sample))),
            None => self.current = Some((now, sample)),
        }
        let recent = self.current.map(|(_, max)| max);
        self.ahead_ms = recent.max(self.previous).unwrap_or(sample);
    }
}

impl DiscordTime {
    /// Discord made `snowflake` just now (an interaction the bot is receiving).
    pub fn saw_new(&self, snowflake: u64) {
        self.saw_new_at(snowflake, unix_ms_now(), Instant::now());
    }

    /// How long ago, on Discord's clock, Discord made `snowflake`.
    pub fn age(&self, snowflake: u64) -> Duration {
        self.age_at(snowflake, unix_ms_now())
    }

    /// Counts an interaction that arrived past its answer window.
    pub fn saw_late(&self) {
        self.late.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// How many interactions arrived past their answer window.
    pub fn late_interactions(&self) -> u64 {
        self.late.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Whether an interaction's token may still be used.
    pub fn token_usable(&self, interaction: u64) -> bool {
        self.age(interaction) < TOKEN_USABLE_FOR
    }

    /// Whether a message may still be edited rather than posted anew.
    pub fn editable(&self, message: u64) -> bool {
        self.age(message) < EDITABLE_FOR
    }

    fn saw_new_at(&self, snowflake: u64, our_ms: i64, now: Instant) {
        // An interaction reaches us after Discord made it, so each sample is at most the true
        // offset; negative when our clock runs ahead.
        let sample = made_at_ms(snowflake).saturating_sub(our_ms);
        lock(&self.estimate).learn(sample, now);
    }

    #[cfg(test)]
    fn editable_at(&self, message: u64, our_ms: i64) -> bool {
        self.age_at(message, our_ms) < EDITABLE_FOR
    }

    fn age_at(&self, snowflake: u64, our_ms: i64) -> Duration {
        let discord_now = our_ms.saturating_add(lock(&self.estimate).ahead_ms);
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
        time.saw_new_at(click, NOW, Instant::now());
        assert!(time.age_at(click, NOW) < TOKEN_USABLE_FOR);
        // Discord's clock moves 61 minutes (ours stays): a new interaction says so.
        time.saw_new_at(snowflake_at(NOW + 61 * 60_000), NOW, Instant::now());
        assert!(time.age_at(click, NOW) >= TOKEN_LIFETIME);
        assert!(time.age_at(board, NOW) >= EDITABLE_FOR);
    }

    #[test]
    fn our_clock_ahead_of_discords_is_learned_as_a_negative_offset() {
        let time = DiscordTime::default();
        // Our clock runs 2 min ahead: an interaction made just now carries a time 2 min "ago".
        time.saw_new_at(snowflake_at(NOW - 120_000), NOW, Instant::now());
        assert_eq!(
            time.age_at(snowflake_at(NOW - 120_000), NOW),
            Duration::ZERO
        );
        // A message Discord made 10 s ago is 10 s old, not 2 min 10 s.
        assert_eq!(
            time.age_at(snowflake_at(NOW - 130_000), NOW),
            Duration::from_secs(10)
        );
    }

    #[test]
    fn a_replay_after_a_quiet_spell_does_not_make_itself_look_young() {
        let time = DiscordTime::default();
        let start = Instant::now();
        time.saw_new_at(snowflake_at(NOW), NOW, start);
        // Ten quiet minutes, then a RESUME replays an interaction made 10 s before it arrives.
        let replayed = snowflake_at(NOW + 590_000);
        time.saw_new_at(replayed, NOW + 600_000, start + Duration::from_secs(600));
        assert!(time.age_at(replayed, NOW + 600_000) >= Duration::from_secs(10));
    }

    #[test]
    fn the_estimate_follows_a_clock_of_ours_that_was_behind_and_is_corrected() {
        let time = DiscordTime::default();
        let start = Instant::now();
        // Our clock is 2 h behind: an interaction says so.
        time.saw_new_at(snowflake_at(NOW), NOW - 2 * 3_600_000, start);
        // Then our clock is corrected; the next interactions are made on time.
        let later = start + Duration::from_secs(60);
        time.saw_new_at(snowflake_at(NOW + 60_000), NOW + 60_000, later);
        // A late interaction alone does not lower the estimate at once...
        assert!(time.age_at(snowflake_at(NOW + 59_000), NOW + 60_000) > Duration::from_secs(3_600));
        // ...but once the old samples are past their window, ages are on time again.
        let much_later = start + SAMPLES_KEPT_FOR * 2 + Duration::from_secs(1);
        time.saw_new_at(snowflake_at(NOW + 300_000), NOW + 300_000, much_later);
        time.saw_new_at(
            snowflake_at(NOW + 300_000),
            NOW + 300_000,
            much_later + SAMPLES_KEPT_FOR * 2,
        );
        assert!(time.editable_at(snowflake_at(NOW + 299_000), NOW + 300_000));
    }

    #[test]
    fn a_replayed_interaction_does_not_make_itself_look_young() {
        let time = DiscordTime::default();
        let start = Instant::now();
        time.saw_new_at(snowflake_at(NOW), NOW, start);
        // Replayed 10 s late: its own id must not pull Discord's clock back 10 s.
        let replayed = snowflake_at(NOW);
        time.saw_new_at(replayed, NOW + 10_000, start + Duration::from_secs(10));
        assert!(time.age_at(replayed, NOW + 10_000) >= Duration::from_secs(10));
    }
}
