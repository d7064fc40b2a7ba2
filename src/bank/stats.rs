//! Player stats per guild, updated by the same write set that settles a hand.

use super::ledger::Draft;
use super::store::{Store, Tree};
use super::{BankError, GuildId, PlayerStats, SeatOutcome, UserId};

fn stats_key(guild: GuildId, user: UserId) -> Vec<u8> {
    let mut key = Vec::with_capacity(16);
    key.extend_from_slice(&guild.0.to_be_bytes());
    key.extend_from_slice(&user.0.to_be_bytes());
    key
}

/// The player's stats (all zero for a player who never finished a hand).
pub(crate) fn read(
    store: &dyn Store,
    guild: GuildId,
    user: UserId,
) -> Result<PlayerStats, BankError> {
    match store.get(Tree::Stats, &stats_key(guild, user))? {
        None => Ok(PlayerStats::default()),
        Some(bytes) => super::encoding::decode(&bytes, "stats"),
    }
}

/// Adds one settled hand to a player's stats. `biggest_pot` is the most chips the player won
/// from the others in one hand (their net gain): the bank sees stacks, not the pot itself.
/// Counts saturate at the end of their range: stats describe the chips, they never stop a
/// settlement from moving them.
pub(crate) fn record_hand(
    draft: &mut Draft<'_>,
    guild: GuildId,
    outcome: &SeatOutcome,
) -> Result<(), BankError> {
    let key = stats_key(guild, outcome.user);
    let mut stats: PlayerStats = draft.get_record(Tree::Stats, &key)?.unwrap_or_default();
    stats.hands_played = stats.hands_played.saturating_add(1);
    if outcome.won_high {
        stats.won_high = stats.won_high.saturating_add(1);
    }
    if outcome.won_low {
        stats.won_low = stats.won_low.saturating_add(1);
    }
    if outcome.scooped {
        stats.scoops = stats.scoops.saturating_add(1);
    }
    if let Some(won) = outcome.end.checked_sub(outcome.start) {
        stats.biggest_pot = stats.biggest_pot.max(won);
    }
    let result = i128::from(outcome.end) - i128::from(outcome.start);
    let net = i128::from(stats.net).saturating_add(result);
    stats.net = i64::try_from(net).unwrap_or(if net < 0 { i64::MIN } else { i64::MAX });
    draft.put_record(Tree::Stats, key, &stats);
    Ok(())
}
