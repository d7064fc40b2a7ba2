//! The leaderboard: a secondary index keyed by (guild, !balance, user), kept in the same write
//! set as every player balance change, so the top N of a guild is a prefix scan of N keys
//! rather than a scan of every account.

use super::ledger::Draft;
use super::store::{Reads, Tree};
use super::{BankError, GuildId, UserId};

fn board_key(guild: GuildId, user: UserId, balance: i128) -> Vec<u8> {
    // Player balances are within u64 (checked by the transfer that set them).
    let balance = u64::try_from(balance).unwrap_or(0);
    let mut key = Vec::with_capacity(24);
    key.extend_from_slice(&guild.0.to_be_bytes());
    key.extend_from_slice(&(!balance).to_be_bytes());
    key.extend_from_slice(&user.0.to_be_bytes());
    key
}

/// Indexes a new account.
pub(crate) fn reindex_new(draft: &mut Draft<'_>, guild: GuildId, user: UserId, balance: i128) {
    draft.put(Tree::Board, board_key(guild, user, balance), Vec::new());
}

/// Moves a player's index entry from their old balance to the new one.
pub(crate) fn reindex(draft: &mut Draft<'_>, guild: GuildId, user: UserId, old: i128, new: i128) {
    if old == new {
        return;
    }
    draft.remove(Tree::Board, board_key(guild, user, old));
    draft.put(Tree::Board, board_key(guild, user, new), Vec::new());
}

/// Decodes an index key into (guild, user, balance).
pub(crate) fn decode(key: &[u8]) -> Option<(GuildId, UserId, u64)> {
    let number = |range: std::ops::Range<usize>| -> Option<u64> {
        Some(u64::from_be_bytes(key.get(range)?.try_into().ok()?))
    };
    if key.len() != 24 {
        return None;
    }
    Some((
        GuildId(number(0..8)?),
        UserId(number(16..24)?),
        !number(8..16)?,
    ))
}

/// The `limit` richest players of `guild`, richest first (ties by user id).
pub(crate) fn top(
    store: &dyn Reads,
    guild: GuildId,
    limit: usize,
) -> Result<Vec<(UserId, u64)>, BankError> {
    let mut rows = Vec::with_capacity(limit.min(1024));
    for item in store
        .scan_prefix(Tree::Board, &guild.0.to_be_bytes())
        .take(limit)
    {
        let (key, _) = item?;
        let (_, user, balance) =
            decode(&key).ok_or_else(|| BankError::Storage("a corrupt leaderboard key".into()))?;
        rows.push((user, balance));
    }
    Ok(rows)
}
