//! Who sits out of a running multi-table event (#41), kept beside its record so that a
//! restart deals on without waiting two timers for each of them again, and so that a player
//! moved to another table sits out there too: `b"mtt_away"` and the event's number, holding
//! `(user, timed_out)` pairs (timed out, or asked to sit out). Taken away once the event is
//! over (`events::write`).

use std::collections::BTreeMap;

use crate::bank::ledger::Draft;
use crate::bank::store::{Reads, Tree};
use crate::bank::vocab::TournamentId;
use crate::bank::{BankError, UserId, encoding};

pub(crate) const AWAY_PREFIX: &[u8] = b"mtt_away";

fn key(event: TournamentId) -> Vec<u8> {
    let mut key = AWAY_PREFIX.to_vec();
    key.extend_from_slice(&event.0.to_be_bytes());
    key
}

fn decode(event: TournamentId, bytes: Option<&[u8]>) -> Result<BTreeMap<UserId, bool>, BankError> {
    let Some(bytes) = bytes else {
        return Ok(BTreeMap::new());
    };
    let pairs: Vec<(u64, bool)> = encoding::decode(bytes, &format!("event {} away", event.0))
        .map_err(|error| BankError::UnreadableTournament {
            tournament: event,
            reason: error.to_string(),
        })?;
    Ok(pairs.into_iter().map(|(u, t)| (UserId(u), t)).collect())
}

/// Who sits out of `event` (and whether for timeouts), in an operation.
pub(crate) fn away(
    draft: &Draft<'_>,
    event: TournamentId,
) -> Result<BTreeMap<UserId, bool>, BankError> {
    decode(event, draft.get(Tree::Meta, &key(event))?.as_deref())
}

pub(crate) fn set_away(draft: &mut Draft<'_>, event: TournamentId, away: &BTreeMap<UserId, bool>) {
    if away.is_empty() {
        draft.remove(Tree::Meta, key(event));
    } else {
        let pairs: Vec<(u64, bool)> = away.iter().map(|(u, &t)| (u.0, t)).collect();
        draft.put(Tree::Meta, key(event), encoding::encode(&pairs));
    }
}

/// Who sits out of `event`, read outside an operation.
pub(crate) fn stored_away(
    store: &dyn Reads,
    event: TournamentId,
) -> Result<BTreeMap<UserId, bool>, BankError> {
    decode(event, store.get(Tree::Meta, &key(event))?.as_deref())
}
