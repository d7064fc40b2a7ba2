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
