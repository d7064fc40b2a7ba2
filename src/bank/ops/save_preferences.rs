//! A member's preferences are stored (replaced); the default is stored as nothing, so only
//! members who chose something take a record.

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::store::Tree;
use crate::bank::{BankError, EconomyConfig, MemberPreferences, UserId};

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
