//! Player stats per guild: cash play, updated by the same write set that settles a hand, and
//! sit & gos, updated by the same write set that pays a tournament out (or divides its pool
//! when it is cancelled after its start).

use super::ledger::Draft;
use super::store::{Store, Tree};
use super::{BankError, GuildId, PlayerStats, SeatOutcome, TournamentStats, UserId};

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

/// Tournament stats sit beside the cash stats under a key neither a player's (16 bytes) nor
/// the house's (9) can be: a tag and the (guild, user) key, 17 bytes. The tag and guild lead,
/// so one guild's records are a prefix scan.
const TOURNAMENT_TAG: u8 = b'T';

fn tournament_prefix(guild: GuildId) -> Vec<u8> {
    let mut key = Vec::with_capacity(17);
    key.push(TOURNAMENT_TAG);
    key.extend_from_slice(&guild.0.to_be_bytes());
    key
}

fn tournament_key(guild: GuildId, user: UserId) -> Vec<u8> {
    let mut key = tournament_prefix(guild);
    key.extend_from_slice(&user.0.to_be_bytes());
    key
}

/// How one entrant's sit & go ended, for their tournament stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TournamentResult {
    pub user: UserId,
    pub buy_in: u64,
    /// What the tournament paid them: a payout, or a share of a cancelled pool.
    pub paid: u64,
    /// Their finishing place; `None` when the tournament was cancelled (nobody placed).
    pub place: Option<usize>,
}

/// Saturates a sum of chips into the stats' signed range.
fn saturate(net: i128) -> i64 {
    i64::try_from(net).unwrap_or(if net < 0 { i64::MIN } else { i64::MAX })
}

/// Adds one sit & go to a player's tournament stats (a computer player's to the house's): an entry, a win for first place, a cash
/// for a payout of a finished tournament, and what it paid less the buy-in. Counts saturate,
/// as the cash stats do: stats never stop a payout.
pub(crate) fn record_tournament(
    draft: &mut Draft<'_>,
    guild: GuildId,
    result: &TournamentResult,
) -> Result<(), BankError> {
    // A computer player has no stats of its own: its results are the house's.
    let key = if result.user.is_computer() {
        super::house::tournament_key(guild)
    } else {
        tournament_key(guild, result.user)
    };
    let mut stats: TournamentStats = draft.get_record(Tree::Stats, &key)?.unwrap_or_default();
    stats.entries = stats.entries.saturating_add(1);
    if result.place == Some(1) {
        stats.wins = stats.wins.saturating_add(1);
    }
    if result.place.is_some() && result.paid > 0 {
        stats.cashes = stats.cashes.saturating_add(1);
    }
    let gained = i128::from(result.paid) - i128::from(result.buy_in);
    stats.net = saturate(i128::from(stats.net).saturating_add(gained));
    draft.put_record(Tree::Stats, key, &stats);
    Ok(())
}

/// The player's tournament stats (all zero for a player who never finished one).
pub(crate) fn read_tournament(
    store: &dyn Store,
    guild: GuildId,
    user: UserId,
) -> Result<TournamentStats, BankError> {
    match store.get(Tree::Stats, &tournament_key(guild, user))? {
        None => Ok(TournamentStats::default()),
        Some(bytes) => super::encoding::decode(&bytes, "tournament stats"),
    }
}

/// The `limit` players of `guild` with the best net from sit & gos, best first (ties: more
/// wins, then more cashes, then by user id). Only players who entered a tournament have a
/// record, so this reads those of one guild, not every account.
pub(crate) fn tournament_top(
    store: &dyn Store,
    guild: GuildId,
    limit: usize,
) -> Result<Vec<(UserId, TournamentStats)>, BankError> {
    let prefix = tournament_prefix(guild);
    let mut rows = Vec::new();
    for item in store.scan_prefix(Tree::Stats, &prefix) {
        let (key, value) = item?;
        // A player's cash stats key of a guild whose id starts with the tag may share the
        // prefix: it is 16 bytes, never a tournament record.
        let Some(user) = key
            .get(prefix.len()..)
            .and_then(|bytes| <[u8; 8]>::try_from(bytes).ok())
            .map(|bytes| UserId(u64::from_be_bytes(bytes)))
        else {
            continue;
        };
        let stats: TournamentStats = super::encoding::decode(&value, "tournament stats")?;
        rows.push((user, stats));
    }
    rows.sort_by(|(a_user, a), (b_user, b)| {
        b.net
            .cmp(&a.net)
            .then(b.wins.cmp(&a.wins))
            .then(b.cashes.cmp(&a.cashes))
            .then(a_user.cmp(b_user))
    });
    rows.truncate(limit);
    Ok(rows)
}
