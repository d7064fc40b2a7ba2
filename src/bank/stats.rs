//! Player stats per guild: cash play, updated by the same write set that settles a hand, and
//! sit & gos, updated by the same write set that pays a tournament out (or divides its pool
//! when it is cancelled after its start).

use super::ledger::Draft;
use super::store::{Reads, Tree};
use super::{BankError, GuildId, PlayerStats, SeatOutcome, TournamentStats, UserId};

fn stats_key(guild: GuildId, user: UserId) -> Vec<u8> {
    let mut key = Vec::with_capacity(16);
    key.extend_from_slice(&guild.0.to_be_bytes());
    key.extend_from_slice(&user.0.to_be_bytes());
    key
}

/// The player's stats (all zero for a player who never finished a hand).
pub(crate) fn read(
    store: &dyn Reads,
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
    store: &dyn Reads,
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
    store: &dyn Reads,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::test_store::{commit, store};

    const GUILD: GuildId = GuildId(7);
    const OTHER_GUILD: GuildId = GuildId(8);

    fn outcome(user: u64, start: u64, end: u64) -> SeatOutcome {
        SeatOutcome {
            user: UserId(user),
            start,
            end,
            won_high: end > start,
            won_low: false,
            scooped: false,
        }
    }

    fn result(user: u64, paid: u64, place: Option<usize>) -> TournamentResult {
        TournamentResult {
            user: UserId(user),
            buy_in: 100,
            paid,
            place,
        }
    }

    fn tournament_stats(entries: u64, wins: u64, cashes: u64, net: i64) -> TournamentStats {
        TournamentStats {
            entries,
            wins,
            cashes,
            net,
        }
    }

    #[test]
    fn each_players_cash_stats_count_their_own_hands_wins_biggest_pot_and_net() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            record_hand(draft, GUILD, &outcome(1, 500, 530))?;
            record_hand(draft, GUILD, &outcome(2, 500, 470))
        });
        commit(&store, |draft| {
            record_hand(draft, GUILD, &outcome(1, 530, 520))
        });
        let first = read(&store, GUILD, UserId(1)).expect("reads");
        assert_eq!(
            first,
            PlayerStats {
                hands_played: 2,
                won_high: 1,
                won_low: 0,
                scoops: 0,
                biggest_pot: 30,
                net: 20,
            }
        );
        let second = read(&store, GUILD, UserId(2)).expect("reads");
        assert_eq!(
            (second.hands_played, second.biggest_pot, second.net),
            (1, 0, -30)
        );
        assert_eq!(
            read(&store, OTHER_GUILD, UserId(1)),
            Ok(PlayerStats::default())
        );
    }

    #[test]
    fn a_cash_net_at_either_end_of_its_range_saturates_instead_of_wrapping() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            let near = |net| PlayerStats {
                net,
                ..PlayerStats::default()
            };
            draft.put_record(
                Tree::Stats,
                stats_key(GUILD, UserId(1)),
                &near(i64::MIN + 5),
            );
            draft.put_record(
                Tree::Stats,
                stats_key(GUILD, UserId(2)),
                &near(i64::MAX - 5),
            );
            Ok(())
        });
        commit(&store, |draft| {
            record_hand(draft, GUILD, &outcome(1, 500, 490))?;
            record_hand(draft, GUILD, &outcome(2, 500, 510))
        });
        assert_eq!(read(&store, GUILD, UserId(1)).map(|s| s.net), Ok(i64::MIN));
        assert_eq!(read(&store, GUILD, UserId(2)).map(|s| s.net), Ok(i64::MAX));
    }

    #[test]
    fn a_sit_and_go_counts_an_entry_a_win_for_first_a_cash_for_a_paid_place_and_the_net() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            record_tournament(draft, GUILD, &result(1, 325, Some(1)))?;
            record_tournament(draft, GUILD, &result(2, 175, Some(2)))?;
            record_tournament(draft, GUILD, &result(3, 0, Some(3)))?;
            // A share of a cancelled pool is no cash: nobody finished in a place.
            record_tournament(draft, GUILD, &result(4, 150, None))
        });
        commit(&store, |draft| {
            record_tournament(draft, GUILD, &result(1, 0, Some(2)))
        });
        let stats = |user| read_tournament(&store, GUILD, UserId(user)).expect("reads");
        assert_eq!(stats(1), tournament_stats(2, 1, 1, 125));
        assert_eq!(stats(2), tournament_stats(1, 0, 1, 75));
        assert_eq!(stats(3), tournament_stats(1, 0, 0, -100));
        assert_eq!(stats(4), tournament_stats(1, 0, 0, 50));
        assert_eq!(
            read_tournament(&store, OTHER_GUILD, UserId(1)),
            Ok(TournamentStats::default())
        );
        // Cash play is apart.
        assert_eq!(read(&store, GUILD, UserId(1)), Ok(PlayerStats::default()));
    }

    #[test]
    fn a_tournament_net_at_either_end_of_its_range_saturates_instead_of_wrapping() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            let near = |net| tournament_stats(0, 0, 0, net);
            draft.put_record(
                Tree::Stats,
                tournament_key(GUILD, UserId(1)),
                &near(i64::MIN + 5),
            );
            draft.put_record(
                Tree::Stats,
                tournament_key(GUILD, UserId(2)),
                &near(i64::MAX - 5),
            );
            Ok(())
        });
        commit(&store, |draft| {
            record_tournament(draft, GUILD, &result(1, 0, Some(2)))?;
            record_tournament(draft, GUILD, &result(2, 300, Some(1)))
        });
        assert_eq!(
            read_tournament(&store, GUILD, UserId(1)).map(|s| s.net),
            Ok(i64::MIN)
        );
        assert_eq!(
            read_tournament(&store, GUILD, UserId(2)).map(|s| s.net),
            Ok(i64::MAX)
        );
    }

    #[test]
    fn the_sit_and_go_leaderboard_ranks_one_guilds_players_by_net_then_wins_then_cashes() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            // Users 1 and 2 tie on net (+100); 2 has the win. 3 and 4 tie on net and wins
            // (0); 4 has the cash.
            record_tournament(draft, GUILD, &result(1, 200, Some(2)))?;
            record_tournament(draft, GUILD, &result(2, 200, Some(1)))?;
            record_tournament(draft, GUILD, &result(3, 100, None))?;
            record_tournament(draft, GUILD, &result(4, 100, Some(2)))?;
            record_tournament(draft, GUILD, &result(5, 0, Some(3)))?;
            // Another guild's player and a cash record are no row of this board.
            record_tournament(draft, OTHER_GUILD, &result(9, 900, Some(1)))?;
            record_hand(draft, GUILD, &outcome(6, 500, 900))
        });
        let top = tournament_top(&store, GUILD, 10).expect("reads");
        let users: Vec<u64> = top.iter().map(|(user, _)| user.0).collect();
        assert_eq!(users, vec![2, 1, 4, 3, 5]);
        assert_eq!(top[0].1, tournament_stats(1, 1, 1, 100));
        let first_two = tournament_top(&store, GUILD, 2).expect("reads");
        assert_eq!(first_two.len(), 2);
        let other = tournament_top(&store, OTHER_GUILD, 10).expect("reads");
        assert_eq!(other, vec![(UserId(9), tournament_stats(1, 1, 1, 800))]);
    }
}
