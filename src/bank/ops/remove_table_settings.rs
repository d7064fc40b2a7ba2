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

#[cfg(test)]
mod tests {
    use super::RemoveTableSettings;
    use crate::bank::TableId;
    use crate::bank::ops::SaveTableSettings;
    use crate::bank::ops::testing::{Books, TABLE};
    use crate::bank::store::Tree;
    use crate::bank::tables::table_key;

    fn settings_of(books: &Books, table: TableId) -> Option<Vec<u8>> {
        books.read(|draft| draft.get(Tree::TableSettings, &table_key(table)))
    }

    #[test]
    fn a_tables_settings_record_is_forgotten_and_another_tables_is_kept() {
        let mut books = Books::new();
        let other = TableId(TABLE.0 + 1);
        for table in [TABLE, other] {
            books
                .run(SaveTableSettings {
                    table,
                    record: b"settings".to_vec(),
                })
                .unwrap();
        }
        books.run(RemoveTableSettings { table: TABLE }).unwrap();
        assert_eq!(settings_of(&books, TABLE), None);
        assert_eq!(settings_of(&books, other), Some(b"settings".to_vec()));
        // Forgetting what is no longer there is fine and changes nothing.
        let before = books.snapshot();
        books.run(RemoveTableSettings { table: TABLE }).unwrap();
        assert_eq!(books.snapshot(), before);
    }
}
