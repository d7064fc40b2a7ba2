//! A hand begins: it is marked in progress with every seat's stack, so that recovery after a
//! crash can cancel it. Idempotent by its hand number: beginning the hand in progress again
//! changes nothing; another hand while one is in progress, or a finished one, is refused.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::{self, HandRecord, HandStatus, hand_key, table_key};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};

#[derive(Clone)]
pub(crate) struct BeginHand {
    pub guild: GuildId,
    pub table: TableId,
    pub hand: u64,
}

impl Operation for BeginHand {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let BeginHand { guild, table, hand } = self;
        let mut record = tables::open_record(draft, guild, table)?;
        match record.hand_in_progress {
            Some(current) if current == hand => return Ok(()),
            Some(current) => {
                return Err(BankError::HandInProgress {
                    table,
                    hand: current,
                });
            }
            None => {}
        }
        if hand <= record.last_hand || draft.get(Tree::Hands, &hand_key(table, hand))?.is_some() {
            return Err(BankError::HandFinished { table, hand });
        }
        let starts = tables::draft_stacks(draft, table)?;
        draft.put_record(
            Tree::Hands,
            hand_key(table, hand),
            &HandRecord {
                guild,
                state: HandStatus::InProgress,
                starts,
            },
        );
        record.hand_in_progress = Some(hand);
        record.last_hand = record.last_hand.max(hand);
        draft.put_record(Tree::Tables, table_key(table), &record);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::BankError;
    use crate::bank::UserId;
    use crate::bank::ops::testing::{Books, TABLE, outcome};
    use crate::bank::tables::HandStatus;

    fn seated() -> Books {
        let mut books = Books::new();
        books.buy_in(1, 300);
        books.buy_in(2, 200);
        books
    }

    #[test]
    fn a_hand_begins_in_progress_with_every_seats_stack() {
        let mut books = seated();
        books.begin(1).unwrap();
        let record = books.table().expect("registered");
        assert_eq!((record.hand_in_progress, record.last_hand), (Some(1), 1));
        let marker = books.hand(1).expect("marked");
        assert_eq!(marker.state, HandStatus::InProgress);
        assert_eq!(marker.starts, vec![(UserId(1), 300), (UserId(2), 200)]);
    }

    #[test]
    fn beginning_the_hand_in_progress_again_changes_nothing() {
        let mut books = seated();
        books.begin(1).unwrap();
        let before = books.snapshot();
        assert_eq!(books.begin(1), Ok(()));
        assert!(books.snapshot() == before);
    }

    #[test]
    fn another_hand_while_one_is_in_progress_is_refused() {
        let mut books = seated();
        books.begin(1).unwrap();
        assert_eq!(
            books.begin(2),
            Err(BankError::HandInProgress {
                table: TABLE,
                hand: 1
            })
        );
    }

    #[test]
    fn a_finished_hand_begun_again_is_refused_even_once_its_marker_is_gone() {
        let mut books = seated();
        books.begin(5).unwrap();
        books
            .settle(5, &[outcome(1, 300, 250), outcome(2, 200, 250)])
            .unwrap();
        let finished = |hand| Err(BankError::HandFinished { table: TABLE, hand });
        assert_eq!(books.begin(5), finished(5));
        // Hand 3 never had a marker: only the table's last hand says it is past.
        assert_eq!(books.hand(3), None);
        assert_eq!(books.begin(3), finished(3));
        assert_eq!(books.begin(6), Ok(()));
    }
}
