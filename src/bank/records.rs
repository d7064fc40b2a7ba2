//! Records the bank keeps for the tables besides chips: each table's settings, and the public
//! histories of its recent hands. Their bytes are the lobby's format (the bank never reads
//! them); the bank makes them durable like any other write, and writes a hand's history in the
//! same transaction as its settlement, so a settled hand always has its history.

use super::ledger::Draft;
use super::store::{Store, Tree};
use super::tables::hand_key;
use super::{BankError, TableId};

/// Every table's settings record, by table id.
pub(crate) fn all_settings(store: &dyn Store) -> Result<Vec<(TableId, Vec<u8>)>, BankError> {
    let mut records = Vec::new();
    for item in store.scan_prefix(Tree::TableSettings, &[]) {
        let (key, value) = item?;
        let table = super::ledger::decode_u64(&key)
            .map(TableId)
            .ok_or_else(|| BankError::Storage("a corrupt table settings key".into()))?;
        records.push((table, value));
    }
    Ok(records)
}

/// Stores hand `hand`'s history and forgets the table's histories of hands numbered `kept` or
/// more before it, so each table keeps those of its last `kept` hand numbers (a cancelled hand
/// has none). `kept == 0` keeps nothing.
pub(crate) fn record_history(
    draft: &mut Draft<'_>,
    table: TableId,
    hand: u64,
    history: Vec<u8>,
    kept: u64,
) -> Result<(), BankError> {
    if kept == 0 {
        return Ok(());
    }
    draft.put(Tree::HandHistories, hand_key(table, hand), history);
    let oldest_kept = hand.saturating_sub(kept - 1);
    for key in draft.keys_between(
        Tree::HandHistories,
        &hand_key(table, 0),
        &hand_key(table, oldest_kept),
    )? {
        draft.remove(Tree::HandHistories, key);
    }
    Ok(())
}

pub(crate) fn history(
    store: &dyn Store,
    table: TableId,
    hand: u64,
) -> Result<Option<Vec<u8>>, BankError> {
    Ok(store.get(Tree::HandHistories, &hand_key(table, hand))?)
}

/// The history of the table's latest hand that has one, looked for among its last `kept`
/// hand numbers (point reads from the newest down: usually the first one is it).
pub(crate) fn latest_history(
    store: &dyn Store,
    table: TableId,
    kept: u64,
) -> Result<Option<(u64, Vec<u8>)>, BankError> {
    let last = super::tables::next_hand_number(store, table)?.saturating_sub(1);
    let mut hand = last;
    for _ in 0..kept {
        if hand == 0 {
            break;
        }
        if let Some(history) = history(store, table, hand)? {
            return Ok(Some((hand, history)));
        }
        hand -= 1;
    }
    Ok(None)
}
