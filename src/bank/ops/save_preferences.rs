//! A member's preferences are stored (replaced); the default is stored as nothing, so only
//! members who chose something take a record.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::{BankError, EconomyConfig, MemberPreferences, UserId};

#[derive(Clone)]
pub(crate) struct SavePreferences {
    pub user: UserId,
    pub preferences: MemberPreferences,
}

impl Operation for SavePreferences {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let key = self.user.0.to_be_bytes().to_vec();
        if self.preferences == MemberPreferences::default() {
            draft.remove(Tree::Preferences, key);
        } else {
            draft.put_record(Tree::Preferences, key, &self.preferences);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::SavePreferences;
    use crate::bank::ops::testing::Books;
    use crate::bank::store::Tree;
    use crate::bank::{MemberPreferences, UserId};

    fn stored(books: &Books) -> Option<MemberPreferences> {
        books.read(|draft| draft.get_record(Tree::Preferences, &1u64.to_be_bytes()))
    }

    fn save(turn_pings: bool) -> SavePreferences {
        SavePreferences {
            user: UserId(1),
            preferences: MemberPreferences { turn_pings },
        }
    }

    #[test]
    fn a_choice_is_stored_and_going_back_to_the_default_stores_nothing() {
        let mut books = Books::new();
        books.run(save(false)).unwrap();
        assert_eq!(
            stored(&books),
            Some(MemberPreferences { turn_pings: false })
        );
        books.run(save(true)).unwrap();
        assert_eq!(stored(&books), None);
        assert!(books.snapshot().is_empty());
    }
}
