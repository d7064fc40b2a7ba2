//! Recovery at start: every hand an earlier process left in progress is cancelled.

use super::{CancelHand, Operation};
use crate::bank::ledger::Draft;
use crate::bank::tables;
use crate::bank::{BankError, EconomyConfig, Recovery};

pub(crate) struct RecoverAll;

impl Operation for RecoverAll {
    /// What each cancelled hand's players kept.
    type Output = Vec<Recovery>;

    fn apply(
        self,
        draft: &mut Draft<'_>,
        _config: &EconomyConfig,
    ) -> Result<Vec<Recovery>, BankError> {
        let mut recoveries = Vec::new();
        for (table, hand) in tables::hands_in_progress(draft)? {
            if let Some(recovery) = (CancelHand { table, hand }).cancel(draft)? {
                recoveries.push(recovery);
            }
        }
        Ok(recoveries)
    }
}
