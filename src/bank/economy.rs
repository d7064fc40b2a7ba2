//! The guild economy's records and rules outside the tables, shared by its operations
//! (`ops`: daily, give, moderate): the account age, the last daily claim, and the gifts a
//! member gave and received per guild and UTC day (the daily caps).

use serde::{Deserialize, Serialize};

use super::ledger::Draft;
use super::store::Tree;
use super::{BankError, GuildId, UserId};

/// Discord's epoch (2015-01-01T00:00:00Z) in Unix milliseconds.
pub const DISCORD_EPOCH_UNIX_MS: u64 = 1_420_070_400_000;

/// When a Discord account was created, from the timestamp in its snowflake id.
///
/// Ids below 2^22 carry a zero timestamp: they are not Discord snowflakes but local players
/// (the terminal numbers its players 1, 2, 3, …), which have no creation time and are not
/// subject to the account-age rule, so this returns `None` for them. Any larger id is read as
/// a snowflake: a made-up id of moderate size reads as created in 2015 (old enough), and an
/// id whose timestamp lies in the future reads as brand new (refused until that time has
/// passed by the configured age).
pub fn account_created_unix_ms(user: UserId) -> Option<u64> {
    let timestamp = user.0 >> 22;
    if timestamp == 0 {
        return None;
    }
    Some(timestamp + DISCORD_EPOCH_UNIX_MS)
}

pub(super) fn claim_key(guild: GuildId, user: UserId) -> Vec<u8> {
    let mut key = Vec::with_capacity(16);
    key.extend_from_slice(&guild.0.to_be_bytes());
    key.extend_from_slice(&user.0.to_be_bytes());
    key
}

/// The UTC day (days since the Unix epoch) of a time: the period the daily gift caps count.
pub(super) fn utc_day(time_unix_ms: u64) -> u64 {
    time_unix_ms / (24 * 60 * 60 * 1000)
}

/// Chips a member gave and received by gifts in one UTC day.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub(super) struct GiftTotals {
    pub given: u64,
    pub received: u64,
}

fn gift_key(guild: GuildId, user: UserId, day: u64) -> Vec<u8> {
    let mut key = claim_key(guild, user);
    key.extend_from_slice(&day.to_be_bytes());
    key
}

pub(super) fn gift_totals(
    draft: &Draft<'_>,
    guild: GuildId,
    user: UserId,
    day: u64,
) -> Result<GiftTotals, BankError> {
    Ok(draft
        .get_record(Tree::GiftTotals, &gift_key(guild, user, day))?
        .unwrap_or_default())
}

/// Stores today's totals and forgets the member's earlier days (one record per member).
pub(super) fn save_gift_totals(
    draft: &mut Draft<'_>,
    guild: GuildId,
    user: UserId,
    day: u64,
    totals: GiftTotals,
) -> Result<(), BankError> {
    for key in draft.keys_between(
        Tree::GiftTotals,
        &gift_key(guild, user, 0),
        &gift_key(guild, user, day),
    )? {
        draft.remove(Tree::GiftTotals, key);
    }
    draft.put_record(Tree::GiftTotals, gift_key(guild, user, day), &totals);
    Ok(())
}

/// What is left of a daily cap (`None`: no cap).
pub(super) fn remaining(cap: u64, used: u64) -> Option<u64> {
    (cap > 0).then(|| cap.saturating_sub(used))
}
