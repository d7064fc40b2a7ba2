//! The live sit & gos (registering or running), found by their channel without reading any
//! other record: an index in `Tree::Meta`, `b"tournament_live"` and the channel's id → the
//! tournament's number and guild. Every write of a tournament's record keeps it
//! ([`follow`], called by `tournaments::write`, which this file never names: the record's
//! module sits above the index it keeps), so no operation, today's or a later one, can end a
//! sit & go and leave its channel held, or hold a channel without its entry: a `/join`, an
//! open or a start-up reads one key however many sit & gos the bank has held.
//!
//! Beside the index, what only a live sit & go keeps, taken away by the same write that ends
//! it: who sits out at its table (a restart deals on without waiting for them again), and its
//! series of deals. Each opening of its table, and each hand its table deals again in one
//! process, starts a new series; a board's buttons carry the series of their deal, so a hand
//! dealt again (after a restart, or a refused record) is numbered apart from the deal it
//! replaces and the old board's buttons never act on it.
//!
//! Once over, a sit & go leaves one key: the last sit & go over in its channel
//! (`b"tournament_last_over"` and the channel's id → its number and guild), which
//! `/tournament results` reads without a number, however many the bank has held. A sit & go
//! over before this key existed is found by its number.
//!
//! Databases of schema 2 hold no index: the migration to schema 3 builds it
//! (`migration`, from the records, with [`entry_write`]).

use serde::{Deserialize, Serialize};

use super::ledger::{Draft, decode_u64};
use super::store::{Reads, Tree, Write};
use super::vocab::TournamentId;
use super::{BankError, GuildId, TableId, UserId, encoding};

/// A live sit & go as the index names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct LiveSitAndGo {
    pub tournament: TournamentId,
    pub guild: GuildId,
    pub channel: TableId,
}

/// A player who sits out of a running sit & go: by their own choice (`/sitout`, `/leave`)
/// or, `timed_out`, after two timeouts in a row (the table then acts for them at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SatOut {
    pub user: UserId,
    pub timed_out: bool,
}

const LIVE_PREFIX: &[u8] = b"tournament_live";
const SITTING_OUT_PREFIX: &[u8] = b"tournament_sitting_out";
const DEAL_SERIES_PREFIX: &[u8] = b"tournament_deal_series";
const LAST_OVER_PREFIX: &[u8] = b"tournament_last_over";

fn prefixed(prefix: &[u8], id: u64) -> Vec<u8> {
    let mut key = prefix.to_vec();
    key.extend_from_slice(&id.to_be_bytes());
    key
}

fn live_key(channel: TableId) -> Vec<u8> {
    prefixed(LIVE_PREFIX, channel.0)
}

fn entry_value(tournament: TournamentId, guild: GuildId) -> Vec<u8> {
    let mut value = tournament.0.to_be_bytes().to_vec();
    value.extend_from_slice(&guild.0.to_be_bytes());
    value
}

fn entry_of(channel: TableId, value: &[u8]) -> Option<LiveSitAndGo> {
    let (id, guild) = (value.get(..8)?, value.get(8..)?);
    Some(LiveSitAndGo {
        tournament: TournamentId(decode_u64(id)?),
        guild: GuildId(decode_u64(guild)?),
        channel,
    })
}

fn corrupt_entry(channel: TableId) -> BankError {
    BankError::Storage(format!(
        "the live sit & go index of channel {} is corrupt",
        channel.0
    ))
}

/// Keeps the index and the keys beside the record of `sit_and_go`, being written, as it is:
/// its channel's entry while it is `live`; once over, the entry (if it still names this one),
/// its sitting out and its series of deals go, and it becomes its channel's last sit & go
/// over. (Its pause and its allowance of computer
/// players are the record's own module's to take away, in the same write.)
pub(crate) fn follow(draft: &mut Draft<'_>, sit_and_go: LiveSitAndGo, live: bool) {
    let LiveSitAndGo {
        tournament,
        guild,
        channel,
    } = sit_and_go;
    if live {
        draft.put(
            Tree::Meta,
            live_key(channel),
            entry_value(tournament, guild),
        );
        return;
    }
    // Only its own entry: a later sit & go may hold the channel now. A key that cannot be
    // read is left, and the audit names it.
    let key = live_key(channel);
    if let Ok(Some(value)) = draft.get(Tree::Meta, &key)
        && entry_of(channel, &value).is_some_and(|entry| entry.tournament == tournament)
    {
        draft.remove(Tree::Meta, key);
    }
    draft.remove(Tree::Meta, prefixed(SITTING_OUT_PREFIX, tournament.0));
    draft.remove(Tree::Meta, prefixed(DEAL_SERIES_PREFIX, tournament.0));
    draft.put(
        Tree::Meta,
        prefixed(LAST_OVER_PREFIX, channel.0),
        entry_value(tournament, guild),
    );
}

/// The last sit & go over (finished or cancelled) in `channel`, read outside an operation:
/// its number, guild and channel.
pub(crate) fn stored_last_over_in(
    store: &dyn Reads,
    channel: TableId,
) -> Result<Option<LiveSitAndGo>, BankError> {
    match store.get(Tree::Meta, &prefixed(LAST_OVER_PREFIX, channel.0))? {
        None => Ok(None),
        Some(value) => entry_of(channel, &value)
            .map(Some)
            .ok_or_else(|| corrupt_entry(channel)),
    }
}

/// The write of `sit_and_go`'s entry, for a migration building the index.
pub(crate) fn entry_write(sit_and_go: LiveSitAndGo) -> Write {
    Write {
        tree: Tree::Meta,
        key: live_key(sit_and_go.channel),
        value: Some(entry_value(sit_and_go.tournament, sit_and_go.guild)),
    }
}

/// The channel's entry as this operation sees it.
pub(crate) fn in_channel(
    draft: &Draft<'_>,
    channel: TableId,
) -> Result<Option<LiveSitAndGo>, BankError> {
    match draft.get(Tree::Meta, &live_key(channel))? {
        None => Ok(None),
        Some(value) => entry_of(channel, &value)
            .map(Some)
            .ok_or_else(|| corrupt_entry(channel)),
    }
}

/// [`in_channel`], read outside an operation.
pub(crate) fn stored_in_channel(
    store: &dyn Reads,
    channel: TableId,
) -> Result<Option<LiveSitAndGo>, BankError> {
    match store.get(Tree::Meta, &live_key(channel))? {
        None => Ok(None),
        Some(value) => entry_of(channel, &value)
            .map(Some)
            .ok_or_else(|| corrupt_entry(channel)),
    }
}

/// Every entry of the index, by channel. `Err` carries a key or value that names none.
pub(crate) fn all(store: &dyn Reads) -> Result<Vec<Result<LiveSitAndGo, Vec<u8>>>, BankError> {
    let mut found = Vec::new();
    for item in store.scan_prefix(Tree::Meta, LIVE_PREFIX) {
        let (key, value) = item?;
        let entry = key
            .get(LIVE_PREFIX.len()..)
            .and_then(decode_u64)
            .and_then(|channel| entry_of(TableId(channel), &value));
        found.push(entry.ok_or(key));
    }
    Ok(found)
}

/// Who sits out of `tournament`'s table, as this operation sees it.
pub(crate) fn sitting_out(
    draft: &Draft<'_>,
    tournament: TournamentId,
) -> Result<Vec<SatOut>, BankError> {
    let bytes = draft.get(Tree::Meta, &prefixed(SITTING_OUT_PREFIX, tournament.0))?;
    decode_sitting_out(tournament, bytes.as_deref())
}

/// [`sitting_out`], read outside an operation.
pub(crate) fn stored_sitting_out(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<Vec<SatOut>, BankError> {
    let bytes = store.get(Tree::Meta, &prefixed(SITTING_OUT_PREFIX, tournament.0))?;
    decode_sitting_out(tournament, bytes.as_deref())
}

fn decode_sitting_out(
    tournament: TournamentId,
    bytes: Option<&[u8]>,
) -> Result<Vec<SatOut>, BankError> {
    match bytes {
        None => Ok(Vec::new()),
        Some(bytes) => encoding::decode(
            bytes,
            &format!("sitting out of tournament {}", tournament.0),
        ),
    }
}

pub(crate) fn set_sitting_out(draft: &mut Draft<'_>, tournament: TournamentId, away: &[SatOut]) {
    let key = prefixed(SITTING_OUT_PREFIX, tournament.0);
    if away.is_empty() {
        draft.remove(Tree::Meta, key);
    } else {
        draft.put_record(Tree::Meta, key, &away.to_vec());
    }
}

/// How many series of deals `tournament`'s table has started, as this operation sees it.
pub(crate) fn deal_series(draft: &Draft<'_>, tournament: TournamentId) -> Result<u64, BankError> {
    match draft.get(Tree::Meta, &prefixed(DEAL_SERIES_PREFIX, tournament.0))? {
        None => Ok(0),
        Some(bytes) => decode_u64(&bytes).ok_or_else(|| {
            BankError::Storage(format!(
                "the deal series of tournament {} is corrupt",
                tournament.0
            ))
        }),
    }
}

pub(crate) fn set_deal_series(draft: &mut Draft<'_>, tournament: TournamentId, series: u64) {
    draft.put(
        Tree::Meta,
        prefixed(DEAL_SERIES_PREFIX, tournament.0),
        series.to_be_bytes().to_vec(),
    );
}

/// What a live sit & go keeps beside its record (`"sitting out"`, `"deal series"`), and whose
/// it is: a tournament, or (`Err`) a key that names none.
pub(crate) type KeptBeside = (&'static str, Result<TournamentId, Vec<u8>>);

/// Every tournament something only a live one keeps is stored for (its sitting out, its
/// series of deals), for the audit.
pub(crate) fn kept_beside(store: &dyn Reads) -> Result<Vec<KeptBeside>, BankError> {
    let mut found = Vec::new();
    for (what, prefix) in [
        ("sitting out", SITTING_OUT_PREFIX),
        ("deal series", DEAL_SERIES_PREFIX),
    ] {
        for item in store.scan_prefix(Tree::Meta, prefix) {
            let (key, _) = item?;
            let id = key
                .get(prefix.len()..)
                .and_then(decode_u64)
                .map(TournamentId);
            found.push((what, id.ok_or(key)));
        }
    }
    Ok(found)
}
