//! Event hands' public histories staged by their tables for the transaction that records
//! each hand ([`super::Bank::record_event_hand`]): an event's coordinator records a table's
//! hand from its result alone, so the table leaves the hand's history here, by its channel,
//! before it answers the hand. One hand per channel at a time; nothing here is durable, as
//! nothing of a hand is before its record (a hand cut short is dealt again, and staged again).

use std::collections::HashMap;
use std::sync::Mutex;

use crate::bank::TableId;

#[derive(Default)]
pub(super) struct StagedHistories {
    by_channel: Mutex<HashMap<TableId, (u64, Vec<u8>)>>,
}

impl StagedHistories {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<TableId, (u64, Vec<u8>)>> {
        // A panic while holding it leaves a whole map: a history is at worst missing.
        self.by_channel
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn stage(&self, channel: TableId, hand: u64, history: Vec<u8>) {
        self.lock().insert(channel, (hand, history));
    }

    pub(super) fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    /// Hand `hand`'s history staged in `channel`, kept there until [`Self::forget`].
    pub(super) fn peek(&self, channel: TableId, hand: u64) -> Option<Vec<u8>> {
        match self.lock().get(&channel) {
            Some((staged, history)) if *staged == hand => Some(history.clone()),
            _ => None,
        }
    }

    /// Forgets hand `hand`'s history in `channel` (a later hand staged meanwhile stays).
    pub(super) fn forget(&self, channel: TableId, hand: u64) {
        let mut staged = self.lock();
        if staged
            .get(&channel)
            .is_some_and(|(number, _)| *number == hand)
        {
            staged.remove(&channel);
        }
    }
}
