//! Which process runs a guild's tables, when several processes share the store: a lease per
//! guild (`Tree::Leases`), held by one writer ([`SharedStore::holder`]) until it expires or
//! the writer stops. A process takes the leases of its guilds before it deals there (at its
//! start, and when a reshard gives it more guilds), renews them while it runs, and lets them
//! go when it stops; a lease whose holder stopped (a crash included) or that expired may be
//! taken by another, which then cancels the hands the last holder left in progress.
//!
//! Every operation that runs a table checks, in its own transaction, that this writer holds
//! the table's guild (`require`): a process that lost a lease can no longer begin, settle or
//! seat anything there, whatever it believes, so a guild's tables are run by one process at
//! a time. With a store only one process writes (sled) nothing of this applies: no lease is
//! kept and every check passes.
//!
//! [`SharedStore::holder`]: super::store::SharedStore::holder

use serde::{Deserialize, Serialize};

use super::ledger::Draft;
use super::store::{Reads, Tree};
use super::{BankError, GuildId};

/// How long a lease lasts from when it was taken or last renewed.
pub const LEASE_MS: u64 = 30_000;

/// A guild's lease.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Lease {
    pub holder: u64,
    pub expires_unix_ms: u64,
}

impl Lease {
    /// Whether `holder` may take it at `now`: it is theirs already, it expired, or its holder
    /// is among the writers known to have stopped.
    pub fn takeable_by(&self, holder: u64, now_unix_ms: u64, stopped: &[u64]) -> bool {
        self.holder == holder
            || self.expires_unix_ms <= now_unix_ms
            || stopped.contains(&self.holder)
    }
}

fn key(guild: GuildId) -> Vec<u8> {
    guild.0.to_be_bytes().to_vec()
}

pub(crate) fn read(draft: &Draft<'_>, guild: GuildId) -> Result<Option<Lease>, BankError> {
    draft.get_record(Tree::Leases, &key(guild))
}

pub(crate) fn write(draft: &mut Draft<'_>, guild: GuildId, lease: Lease) {
    draft.put_record(Tree::Leases, key(guild), &lease);
}

pub(crate) fn remove(draft: &mut Draft<'_>, guild: GuildId) {
    draft.remove(Tree::Leases, key(guild));
}

/// Refuses, unless this writer holds `guild`'s lease (always true with a store one process
/// writes).
pub(crate) fn require(draft: &Draft<'_>, guild: GuildId) -> Result<(), BankError> {
    let Some(holder) = draft.holder else {
        return Ok(());
    };
    match read(draft, guild)? {
        Some(lease) if lease.holder == holder => Ok(()),
        _ => Err(BankError::LeaseLost { guild }),
    }
}

/// Every lease the store holds, by guild, read outside an operation.
pub(crate) fn all(store: &dyn Reads) -> Result<Vec<(GuildId, Lease)>, BankError> {
    let mut found = Vec::new();
    for item in store.scan_prefix(Tree::Leases, &[]) {
        let (key, value) = item?;
        let guild = super::ledger::decode_u64(&key)
            .map(GuildId)
            .ok_or_else(|| BankError::Storage(format!("a corrupt lease key {key:?}")))?;
        found.push((guild, super::encoding::decode(&value, "lease")?));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_is_taken_over_once_expired_or_its_holder_stopped_and_never_before() {
        let lease = Lease {
            holder: 7,
            expires_unix_ms: 1_000,
        };
        assert!(lease.takeable_by(7, 0, &[]), "its own holder renews it");
        assert!(!lease.takeable_by(8, 999, &[]), "live and not expired");
        assert!(lease.takeable_by(8, 1_000, &[]), "expired exactly now");
        assert!(lease.takeable_by(8, 0, &[7]), "its holder stopped");
    }
}
