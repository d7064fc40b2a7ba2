//! A hand begins: it is marked in progress with every seat's stack, so that recovery after a
//! crash can cancel it. Idempotent by its hand number: beginning the hand in progress again
//! changes nothing; another hand while one is in progress, or a finished one, is refused.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::{self, HandRecord, HandState, hand_key, table_key};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};

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
                state: HandState::InProgress,
                starts,
            },
        );
        record.hand_in_progress = Some(hand);
        record.last_hand = record.last_hand.max(hand);
        draft.put_record(Tree::Tables, table_key(table), &record);
        Ok(())
    }
}
