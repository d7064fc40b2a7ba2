//! What a test sets in the fake before or while the bot runs: users and channels, the bot's
//! permissions, closed DMs, 429s on demand, a stuck channel, slow user look-ups, and the fake's
//! clock.

use std::time::Duration;

use tokio::time::Instant;

use super::{FakeDiscord, FakeUser, ForcedRateLimit};

impl FakeDiscord {
    pub fn add_user(&self, user: &FakeUser) {
        self.lock().users.insert(user.id, user.clone());
    }

    /// A guild text channel the bot may write to (channels are also known once a user runs a
    /// command or clicks there).
    pub fn add_channel(&self, channel: u64) {
        self.lock().channels.entry(channel).or_default();
    }

    /// From now on the bot lacks `permissions` in `channel`: writes needing them answer 403
    /// with 50013, and interactions from there say so in `app_permissions`.
    pub fn deny_bot(&self, channel: u64, permissions: u64) {
        self.lock().channels.entry(channel).or_default().bot_denied |= permissions;
    }

    /// The bot has `permissions` in `channel` again.
    pub fn allow_bot(&self, channel: u64, permissions: u64) {
        self.lock().channels.entry(channel).or_default().bot_denied &= !permissions;
    }

    /// From now on, DMs to `user` answer 403 / 50007.
    pub fn close_dms(&self, user: u64) {
        self.lock().closed_dms.insert(user);
    }

    /// From now on, interactions say the guild's preferred locale is `locale` (Discord's
    /// `guild_locale`, e.g. "es-ES"); it is "en-US" until then.
    pub fn set_guild_locale(&self, locale: &str) {
        self.lock().guild_locale = locale.to_owned();
    }

    /// From now on, DMs to `user` are delivered again.
    pub fn open_dms(&self, user: u64) {
        self.lock().closed_dms.remove(&user);
    }

    /// Turns Discord's per-channel write buckets (5 writes per 5 s, on by default) off, for a
    /// test that measures something else and says why.
    pub fn without_channel_buckets(&self) {
        self.lock().buckets_on = false;
    }

    /// Moves the fake's clock forward: messages get older (edits past an hour answer 30046),
    /// tokens and deadlines run out, buckets refill. The bot's own clock does not move.
    pub fn advance(&self, by: Duration) {
        self.lock().clock.advance(by);
    }

    /// From now on Discord counts message `id` as `by` older than it is, though neither its id
    /// nor the fake's clock says so: Discord's limit on edits of old messages is its own, and
    /// a bot must cope with a 30046 it could not foresee.
    pub fn make_message_older(&self, id: u64, by: Duration) {
        if let Some(message) = self.lock().messages.get_mut(&id) {
            message.aged += by;
        }
    }

    /// The fake's clock now.
    pub fn now(&self) -> Instant {
        self.lock().clock.now()
    }

    /// The next `count` channel writes answer 429 with `retry_after` seconds.
    pub fn rate_limit_channel_writes(&self, count: u32, retry_after: f64) {
        self.lock().forced_rate_limit = Some(ForcedRateLimit {
            remaining: count,
            retry_after,
            everything: false,
            global: false,
        });
    }

    /// The next `count` writes of any kind (channel writes, interaction callbacks, followups)
    /// answer 429 with `retry_after` seconds.
    pub fn rate_limit_all_writes(&self, count: u32, retry_after: f64) {
        self.lock().forced_rate_limit = Some(ForcedRateLimit {
            remaining: count,
            retry_after,
            everything: true,
            global: false,
        });
    }

    /// The next channel write answers 429 with `global: true` (Discord's limit for the whole
    /// bot) and `retry_after` seconds; any call the bot makes before they pass is a violation.
    pub fn rate_limit_globally(&self, retry_after: f64) {
        self.lock().forced_rate_limit = Some(ForcedRateLimit {
            remaining: 1,
            retry_after,
            everything: false,
            global: true,
        });
    }

    /// From now on every write to `channel` answers 429 with `retry_after` seconds, until
    /// [`FakeDiscord::release_channel`]: a table whose channel is stuck.
    pub fn stall_channel(&self, channel: u64, retry_after: f64) {
        self.lock().stalled.insert(channel, retry_after);
    }

    /// From now on `GET /users/{id}` answers only after `delay`.
    pub fn delay_user_lookups(&self, delay: Duration) {
        self.lock().user_lookup_delay = delay;
    }

    pub fn release_channel(&self, channel: u64) {
        self.lock().stalled.remove(&channel);
    }

    /// True once the 429s asked for have all been given.
    pub fn rate_limit_over(&self) -> bool {
        self.lock()
            .forced_rate_limit
            .is_none_or(|limit| limit.remaining == 0)
    }
}
