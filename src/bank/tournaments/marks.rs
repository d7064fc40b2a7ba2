//! What the bank keeps beside a sit & go's record, each under its own key in `Tree::Meta`
//! (`b"tournament_…"` and its number) and taken away when it ends: the computer players a
//! moderator allowed, a moderator's pause, a cancel waiting for the hand in play, the players'
//! time banks, and a result still to announce. Split from the record's module by concern.

use crate::bank::BankError;
use crate::bank::ledger::{Draft, decode_u64};
use crate::bank::store::{Reads, Tree};
use crate::bank::vocab::TournamentId;

/// How many free seats computer players may fill at a tournament's start, kept beside its
/// record (which holds only who entered): `b"tournament_computers"` and its number, until
/// the tournament finishes or is cancelled.
fn computers_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = b"tournament_computers".to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

fn allowance_from(tournament: TournamentId, bytes: Option<&[u8]>) -> Result<usize, BankError> {
    match bytes {
        None => Ok(0),
        Some(bytes) => decode_u64(bytes)
            .and_then(|count| usize::try_from(count).ok())
            .ok_or_else(|| {
                BankError::Storage(format!(
                    "the computer players of tournament {} are corrupt",
                    tournament.0
                ))
            }),
    }
}

/// The computer players a moderator allowed into `tournament` (0 when none).
pub(crate) fn computer_allowance(
    draft: &Draft<'_>,
    tournament: TournamentId,
) -> Result<usize, BankError> {
    let bytes = draft.get(Tree::Meta, &computers_key(tournament))?;
    allowance_from(tournament, bytes.as_deref())
}

pub(crate) fn set_computer_allowance(draft: &mut Draft<'_>, tournament: TournamentId, count: u64) {
    draft.put(
        Tree::Meta,
        computers_key(tournament),
        count.to_be_bytes().to_vec(),
    );
}

/// Takes the allowance away when the tournament ends (its finish and its cancel): only the
/// start and the status of one still registering read it.
pub(crate) fn remove_computer_allowance(draft: &mut Draft<'_>, tournament: TournamentId) {
    draft.remove(Tree::Meta, computers_key(tournament));
}

/// [`computer_allowance`], read outside an operation.
pub(crate) fn stored_computer_allowance(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<usize, BankError> {
    let bytes = store.get(Tree::Meta, &computers_key(tournament))?;
    allowance_from(tournament, bytes.as_deref())
}

/// A moderator's pause of a running sit & go, kept beside its record so that a restart
/// reopens its table paused: `b"tournament_paused"` and its number, present only while
/// paused (the finish and the cancel take it away with the chips).
const PAUSED_PREFIX: &[u8] = b"tournament_paused";

fn paused_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = PAUSED_PREFIX.to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

pub(crate) fn set_paused(draft: &mut Draft<'_>, tournament: TournamentId, paused: bool) {
    if paused {
        draft.put(Tree::Meta, paused_key(tournament), vec![1]);
    } else {
        draft.remove(Tree::Meta, paused_key(tournament));
    }
}

/// Every tournament a pause is kept for, for the audit (a pause of one not running is a
/// pause the finish or the cancel failed to take away). `Err` carries a key that names none.
pub(crate) fn paused_tournaments(
    store: &dyn Reads,
) -> Result<Vec<Result<TournamentId, Vec<u8>>>, BankError> {
    ids_under(store, PAUSED_PREFIX)
}

/// A moderator's cancel of a running sit & go waiting for the hand in play to end, kept
/// beside its record so that a restart (which deals that hand again) cancels it before
/// dealing: `b"tournament_cancel"` and its number, holding the cancel's reference. The
/// cancel (and a finish) takes it away.
const CANCEL_PREFIX: &[u8] = b"tournament_cancel";

fn cancel_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = CANCEL_PREFIX.to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

pub(crate) fn set_cancel_requested(
    draft: &mut Draft<'_>,
    tournament: TournamentId,
    reference: Option<&str>,
) {
    match reference {
        Some(reference) => draft.put(
            Tree::Meta,
            cancel_key(tournament),
            reference.as_bytes().to_vec(),
        ),
        None => draft.remove(Tree::Meta, cancel_key(tournament)),
    }
}

fn reference_from(
    tournament: TournamentId,
    bytes: Option<Vec<u8>>,
) -> Result<Option<String>, BankError> {
    bytes
        .map(|bytes| {
            String::from_utf8(bytes).map_err(|_| {
                BankError::Storage(format!(
                    "the cancel waiting for tournament {} is corrupt",
                    tournament.0
                ))
            })
        })
        .transpose()
}

/// The reference of the cancel waiting for `tournament`'s hand in play, if one is.
pub(crate) fn cancel_requested(
    draft: &Draft<'_>,
    tournament: TournamentId,
) -> Result<Option<String>, BankError> {
    reference_from(tournament, draft.get(Tree::Meta, &cancel_key(tournament))?)
}

/// [`cancel_requested`], read outside an operation.
pub(crate) fn stored_cancel_requested(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<Option<String>, BankError> {
    reference_from(tournament, store.get(Tree::Meta, &cancel_key(tournament))?)
}

/// Every tournament a cancel waits for, for the audit (one kept for a tournament not
/// running is a mark its cancel failed to take away).
pub(crate) fn cancels_requested(
    store: &dyn Reads,
) -> Result<Vec<Result<TournamentId, Vec<u8>>>, BankError> {
    ids_under(store, CANCEL_PREFIX)
}

/// Each player's time bank in a running sit & go, by tournament seat, in milliseconds:
/// `b"tournament_time_banks"` and its number, kept beside its record so that a restart deals
/// on with every bank as it was when the last hand ended (the finish and the cancel take it
/// away). Eight bytes a seat, big-endian.
const TIME_BANKS_PREFIX: &[u8] = b"tournament_time_banks";

fn time_banks_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = TIME_BANKS_PREFIX.to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

pub(crate) fn set_time_banks(draft: &mut Draft<'_>, tournament: TournamentId, millis: &[u64]) {
    let bytes = millis.iter().flat_map(|bank| bank.to_be_bytes()).collect();
    draft.put(Tree::Meta, time_banks_key(tournament), bytes);
}

pub(crate) fn remove_time_banks(draft: &mut Draft<'_>, tournament: TournamentId) {
    draft.remove(Tree::Meta, time_banks_key(tournament));
}

/// The time banks kept for `tournament` (milliseconds by seat), read outside an operation;
/// `None` when none are kept (none was ever saved, or it is over).
pub(crate) fn stored_time_banks(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<Option<Vec<u64>>, BankError> {
    let Some(bytes) = store.get(Tree::Meta, &time_banks_key(tournament))? else {
        return Ok(None);
    };
    if bytes.len() % 8 != 0 {
        return Err(BankError::Storage(format!(
            "the time banks of tournament {} are corrupt",
            tournament.0
        )));
    }
    Ok(Some(bytes.chunks_exact(8).filter_map(decode_u64).collect()))
}

/// A finished sit & go whose result message Discord has not yet accepted:
/// `b"tournament_unannounced"` and its number, put by the transaction that pays it out and
/// taken away once the result was posted, so that a crash between the payout and the post
/// leaves the result to announce at the next start rather than never.
const UNANNOUNCED_PREFIX: &[u8] = b"tournament_unannounced";

fn unannounced_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = UNANNOUNCED_PREFIX.to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

pub(crate) fn set_unannounced(draft: &mut Draft<'_>, tournament: TournamentId, pending: bool) {
    if pending {
        draft.put(Tree::Meta, unannounced_key(tournament), vec![1]);
    } else {
        draft.remove(Tree::Meta, unannounced_key(tournament));
    }
}

/// Every finished sit & go whose result is still to announce (for a start, and the audit).
/// `Err` carries a key that names none.
pub(crate) fn unannounced_tournaments(
    store: &dyn Reads,
) -> Result<Vec<Result<TournamentId, Vec<u8>>>, BankError> {
    ids_under(store, UNANNOUNCED_PREFIX)
}

fn ids_under(
    store: &dyn Reads,
    prefix: &[u8],
) -> Result<Vec<Result<TournamentId, Vec<u8>>>, BankError> {
    let mut found = Vec::new();
    for item in store.scan_prefix(Tree::Meta, prefix) {
        let (key, _) = item?;
        let id = key
            .get(prefix.len()..)
            .and_then(decode_u64)
            .map(TournamentId);
        found.push(id.ok_or(key));
    }
    Ok(found)
}

/// Whether a moderator paused `tournament`'s table, read outside an operation.
pub(crate) fn stored_paused(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<bool, BankError> {
    Ok(store.get(Tree::Meta, &paused_key(tournament))?.is_some())
}
