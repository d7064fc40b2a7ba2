//! An interrupted hand is cancelled: every player keeps their start-of-hand stack, which is
//! what the seats hold (only a settlement moves chips between them), so nothing moves.
//! Cancelling a cancelled hand changes nothing; a settled one is refused.

use super::Operation;
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::{self, HandRecord, HandStatus, hand_key, table_key};
use crate::bank::{BankError, EconomyConfig, Recovery, TableId};

#[derive(Clone)]
pub(crate) struct CancelHand {
    pub table: TableId,
    pub hand: u64,
}

impl CancelHand {
    /// Cancels the hand; what each player kept, or `None` when it was already cancelled.
    pub(super) fn cancel(self, draft: &mut Draft<'_>) -> Result<Option<Recovery>, BankError> {
        let CancelHand { table, hand } = self;
        let key = hand_key(table, hand);
        let Some(mut hand_record) = draft.get_record::<HandRecord>(Tree::Hands, &key)? else {
            return Err(BankError::UnknownHand { table, hand });
        };
        match hand_record.state {
            HandStatus::Cancelled => return Ok(None),
            HandStatus::Settled => return Err(BankError::HandFinished { table, hand }),
            HandStatus::InProgress => {}
        }
        let guild = hand_record.guild;
        let mut stacks = Vec::with_capacity(hand_record.starts.len());
        for &(user, _) in &hand_record.starts {
            stacks.push((user, accounts::chips(draft, Account::Seat { table, user })?));
        }
        hand_record.state = HandStatus::Cancelled;
        draft.put_record(Tree::Hands, key, &hand_record);
        tables::prune_hand_markers(draft, table, hand)?;
        if let Some(mut record) = tables::read_table(draft, table)?
            && record.hand_in_progress == Some(hand)
        {
            record.hand_in_progress = None;
            draft.put_record(Tree::Tables, table_key(table), &record);
        }
        Ok(Some(Recovery {
            guild,
            table,
            hand,
            stacks,
        }))
    }
}

impl Operation for CancelHand {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        self.cancel(draft).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::CancelHand;
    use crate::bank::BankError;
    use crate::bank::ops::testing::{Books, TABLE, outcome};
    use crate::bank::tables::HandStatus;

    fn in_hand() -> Books {
        let mut books = Books::new();
        books.buy_in(1, 500);
        books.buy_in(2, 300);
        books.begin(1).unwrap();
        books
    }

    fn cancel(hand: u64) -> CancelHand {
        CancelHand { table: TABLE, hand }
    }

    #[test]
    fn cancelling_a_hand_moves_no_chip_marks_it_cancelled_and_frees_the_table_for_the_next() {
        let mut books = in_hand();
        let entries = books.ledger().len();
        assert_eq!(books.run(cancel(1)), Ok(()));
        assert_eq!((books.seat(1), books.seat(2)), (500, 300));
        assert_eq!(books.ledger().len(), entries);
        assert_eq!(
            books.hand(1).map(|marker| marker.state),
            Some(HandStatus::Cancelled)
        );
        let record = books.table().expect("registered");
        assert_eq!((record.hand_in_progress, record.last_hand), (None, 1));
        assert_eq!(books.begin(2), Ok(()));
        books.assert_balanced();
    }

    #[test]
    fn cancelling_a_cancelled_hand_changes_nothing() {
        let mut books = in_hand();
        books.run(cancel(1)).unwrap();
        books.begin(2).unwrap();
        let before = books.snapshot();
        assert_eq!(books.run(cancel(1)), Ok(()));
        assert!(
            books.snapshot() == before,
            "a second cancel wrote something"
        );
        assert_eq!(
            books.table().and_then(|record| record.hand_in_progress),
            Some(2)
        );
    }

    #[test]
    fn cancelling_a_settled_or_unknown_hand_is_refused() {
        let mut books = in_hand();
        books
            .settle(1, &[outcome(1, 500, 400), outcome(2, 300, 400)])
            .unwrap();
        assert_eq!(
            books.refused(cancel(1)),
            BankError::HandFinished {
                table: TABLE,
                hand: 1
            }
        );
        assert_eq!(
            books.refused(cancel(9)),
            BankError::UnknownHand {
                table: TABLE,
                hand: 9
            }
        );
        assert_eq!((books.seat(1), books.seat(2)), (400, 400));
    }
}
