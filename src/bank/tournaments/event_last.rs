//! The last event played in a channel, once it is over: `/tournament status` there (or in
//! one of its tables' threads) shows its results until another event or a sit & go takes
//! the channel. `b"mtt_last"` and the channel's number, holding the event's number: written
//! for the event's channel and each of its tables' channels as the event ends (finished or
//! cancelled), taken away from its channel when a new prize pool takes it
//! (`prize_pool::take_channel`). Beside the records: no audit reads it, and a marker naming
//! an event no longer kept reads as none.

use super::TournamentId;
use crate::bank::ledger::{Draft, decode_u64};
use crate::bank::store::{Reads, Tree};
use crate::bank::{BankError, TableId};

const LAST_PREFIX: &[u8] = b"mtt_last";

fn last_key(channel: TableId) -> Vec<u8> {
    let mut key = LAST_PREFIX.to_vec();
    key.extend_from_slice(&channel.0.to_be_bytes());
    key
}

/// `event`, over, is the last one of each of `channels`.
pub(crate) fn mark_over(
    draft: &mut Draft<'_>,
    event: TournamentId,
    channels: impl IntoIterator<Item = TableId>,
) {
    for channel in channels {
        draft.put(
            Tree::Meta,
            last_key(channel),
            event.0.to_be_bytes().to_vec(),
        );
    }
}

/// A new prize pool takes `channel`: the last event there is shown no more.
pub(crate) fn forget(draft: &mut Draft<'_>, channel: TableId) {
    draft.remove(Tree::Meta, last_key(channel));
}

/// The number of the event last over in `channel` (its own or one of its tables'), read
/// outside an operation; `None` once a new prize pool took the channel.
pub(crate) fn last_over_in(
    store: &dyn Reads,
    channel: TableId,
) -> Result<Option<TournamentId>, BankError> {
    let Some(bytes) = store.get(Tree::Meta, &last_key(channel))? else {
        return Ok(None);
    };
    decode_u64(&bytes)
        .map(|id| Some(TournamentId(id)))
        .ok_or_else(|| BankError::Storage(format!("a corrupt last event {bytes:?}")))
}
