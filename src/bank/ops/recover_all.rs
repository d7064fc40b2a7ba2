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

#[cfg(test)]
mod tests {
    use super::{RecoverAll, RecoverTable};
    use crate::bank::ops::testing::{Books, GUILD, TABLE};
    use crate::bank::tables::HandStatus;
    use crate::bank::{Recovery, UserId};

    fn in_hand() -> Books {
        let mut books = Books::new();
        books.buy_in(1, 500);
        books.buy_in(2, 300);
        books.begin(4).unwrap();
        books
    }

    fn recovered() -> Vec<Recovery> {
        vec![Recovery {
            guild: GUILD,
            table: TABLE,
            hand: 4,
            stacks: vec![(UserId(1), 500), (UserId(2), 300)],
        }]
    }

    #[test]
    fn recovery_at_start_cancels_the_hand_in_progress_and_names_each_players_stack() {
        let mut books = in_hand();
        assert_eq!(books.run(RecoverAll), Ok(recovered()));
        assert_eq!(
            books.hand(4).map(|marker| marker.state),
            Some(HandStatus::Cancelled)
        );
        assert_eq!(
            books.table().and_then(|record| record.hand_in_progress),
            None
        );
        assert_eq!(books.run(RecoverAll), Ok(Vec::new()));
        assert_eq!((books.seat(1), books.seat(2)), (500, 300));
        books.assert_balanced();
    }

    #[test]
    fn recovering_one_table_cancels_its_hand_once() {
        let mut books = in_hand();
        let table = || RecoverTable { table: TABLE };
        assert_eq!(books.run(table()), Ok(recovered()));
        assert_eq!(
            books.hand(4).map(|marker| marker.state),
            Some(HandStatus::Cancelled)
        );
        assert_eq!(books.run(table()), Ok(Vec::new()));
        assert_eq!((books.seat(1), books.seat(2)), (500, 300));
    }
}
