//! A table's settings record is forgotten (nothing to forget is fine).

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::table_key;
use crate::bank::{BankError, EconomyConfig, TableId};

#[derive(Clone)]
pub(crate) struct RemoveTableSettings {
    pub table: TableId,
}

impl Operation for RemoveTableSettings {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        draft.remove(Tree::TableSettings, table_key(self.table));
        Ok(())
    }
}
