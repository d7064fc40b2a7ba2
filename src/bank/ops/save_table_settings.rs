//! A table's settings record is stored (replaced). The bytes are the lobby's format; the bank
//! only keeps them, durably like any other write.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::table_key;
use crate::bank::{BankError, EconomyConfig, TableId};

pub(crate) struct SaveTableSettings {
    pub table: TableId,
    pub record: Vec<u8>,
}

impl Operation for SaveTableSettings {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        draft.put(Tree::TableSettings, table_key(self.table), self.record);
        Ok(())
    }
}
