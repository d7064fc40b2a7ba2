//! A table's settings record is stored (replaced). The bytes are the lobby's format; the bank
//! only keeps them, durably like any other write.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::tables::table_key;
use crate::bank::{BankError, EconomyConfig, TableId};

#[derive(Clone)]
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

#[cfg(test)]
mod tests {
    use super::SaveTableSettings;
    use crate::bank::ops::testing::{Books, TABLE};
    use crate::bank::store::Tree;
    use crate::bank::tables::table_key;

    #[test]
    fn a_tables_settings_record_is_stored_as_given_and_replaced() {
        let mut books = Books::new();
        for record in [b"first".to_vec(), b"second".to_vec()] {
            books
                .run(SaveTableSettings {
                    table: TABLE,
                    record: record.clone(),
                })
                .unwrap();
            let kept = books.read(|draft| draft.get(Tree::TableSettings, &table_key(TABLE)));
            assert_eq!(kept, Some(record));
        }
    }
}
