//! An operation that runs a table, checked first against its guild's lease (`bank::leases`):
//! a process that no longer holds the guild changes nothing there.

use super::{Once, Operation};
use crate::bank::leases;
use crate::bank::ledger::Draft;
use crate::bank::store::Prefetch;
use crate::bank::{BankError, EconomyConfig, GuildId};

#[derive(Clone)]
pub(crate) struct Leased<O> {
    pub guild: GuildId,
    pub op: O,
}

impl<O: Operation> Operation for Leased<O> {
    type Output = O::Output;

    fn once(&self) -> Option<Once> {
        self.op.once()
    }

    fn prefetch(&self, config: &EconomyConfig, wanted: &mut Prefetch) {
        self.op.prefetch(config, wanted);
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<O::Output, BankError> {
        leases::require(draft, self.guild)?;
        self.op.apply(draft, config)
    }
}
