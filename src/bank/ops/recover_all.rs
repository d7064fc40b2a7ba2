//! Recovery at start: every hand an earlier process left in progress is cancelled. The same
//! recovery for one table whose task ended abnormally while the process runs.

use super::{CancelHand, Operation};
use crate::bank::ledger::Draft;
use crate::bank::tables;
use crate::bank::{BankError, EconomyConfig, Recovery, TableId};

#[derive(Clone)]
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

/// Recovery of one table whose task ended abnormally (it panicked): its hand in progress, if
/// any, is cancelled exactly as at start.
#[derive(Clone)]
pub(crate) struct RecoverTable {
    pub table: TableId,
}

impl Operation for RecoverTable {
    /// What the cancelled hand's players kept (at most one hand: a table has one at a time).
    type Output = Vec<Recovery>;

    fn apply(
        self,
        draft: &mut Draft<'_>,
        _config: &EconomyConfig,
    ) -> Result<Vec<Recovery>, BankError> {
        let in_progress =
            tables::read_table(draft, self.table)?.and_then(|record| record.hand_in_progress);
        let Some(hand) = in_progress else {
            return Ok(Vec::new());
        };
        let cancelled = CancelHand {
            table: self.table,
            hand,
        }
        .cancel(draft)?;
        Ok(cancelled.into_iter().collect())
    }
}
