//! The leases of guilds, with a store several processes share (`bank::leases`): taking them
//! (and cancelling the hands a stopped holder left in progress in them), renewing them,
//! letting them go, and, at a process's start, cancelling the hands no live process runs.

use std::collections::BTreeSet;

use super::{CancelHand, Operation};
use crate::bank::idempotency::{Reply, Stored};
use crate::bank::leases::{self, LEASE_MS, Lease};
use crate::bank::ledger::Draft;
use crate::bank::tables;
use crate::bank::{BankError, EconomyConfig, GuildId, Recovery};

/// What taking leases did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeasesTaken {
    /// The guilds whose tables this process now runs.
    pub held: Vec<GuildId>,
    /// The guilds another live process runs.
    pub elsewhere: Vec<GuildId>,
    /// The hands the last holder of a guild taken over left in progress, cancelled.
    pub recoveries: Vec<Recovery>,
}

/// An answer never kept under a reference (these operations carry none).
impl Stored for LeasesTaken {
    fn to_reply(&self) -> Reply {
        Reply::Done
    }
    fn from_reply(_: Reply) -> Option<LeasesTaken> {
        None
    }
}

/// Guilds, as answered by renewing: those lost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Guilds(pub Vec<GuildId>);

impl Stored for Guilds {
    fn to_reply(&self) -> Reply {
        Reply::Done
    }
    fn from_reply(_: Reply) -> Option<Guilds> {
        None
    }
}

fn holder(draft: &Draft<'_>) -> Result<u64, BankError> {
    draft
        .holder
        .ok_or_else(|| BankError::Internal("leases are kept only in a shared store".into()))
}

/// Cancels the hands in progress at the tables of `guilds`.
fn recover_guilds(
    draft: &mut Draft<'_>,
    guilds: &BTreeSet<GuildId>,
) -> Result<Vec<Recovery>, BankError> {
    let mut recoveries = Vec::new();
    for (guild, table, hand) in tables::guild_hands_in_progress(draft)? {
        if guilds.contains(&guild)
            && let Some(recovery) = (CancelHand { table, hand }).cancel(draft)?
        {
            recoveries.push(recovery);
        }
    }
    Ok(recoveries)
}

/// Takes the leases of `guilds` that are free, expired, already this writer's, or held by a
/// writer in `stopped`; cancels the hands in progress in each one taken from another.
#[derive(Clone)]
pub(crate) struct TakeLeases {
    pub guilds: Vec<GuildId>,
    /// Writers known to have stopped (they cannot come back: their numbers are never reused).
    pub stopped: Vec<u64>,
}

impl Operation for TakeLeases {
    type Output = LeasesTaken;

    fn apply(self, draft: &mut Draft<'_>, _: &EconomyConfig) -> Result<LeasesTaken, BankError> {
        let holder = holder(draft)?;
        let now = draft.now_unix_ms;
        let mut taken = LeasesTaken::default();
        let mut from_another = BTreeSet::new();
        for guild in self.guilds {
            match leases::read(draft, guild)? {
                Some(lease) if !lease.takeable_by(holder, now, &self.stopped) => {
                    taken.elsewhere.push(guild);
                    continue;
                }
                Some(lease) if lease.holder == holder => {}
                _ => {
                    from_another.insert(guild);
                }
            }
            let expires_unix_ms = now.checked_add(LEASE_MS).ok_or(BankError::Overflow)?;
            leases::write(
                draft,
                guild,
                Lease {
                    holder,
                    expires_unix_ms,
                },
            );
            taken.held.push(guild);
        }
        taken.recoveries = recover_guilds(draft, &from_another)?;
        Ok(taken)
    }
}

/// Renews the leases of `guilds` this writer still holds; answers those it lost.
#[derive(Clone)]
pub(crate) struct RenewLeases {
    pub guilds: Vec<GuildId>,
}

impl Operation for RenewLeases {
    type Output = Guilds;

    fn apply(self, draft: &mut Draft<'_>, _: &EconomyConfig) -> Result<Guilds, BankError> {
        let holder = holder(draft)?;
        let expires_unix_ms = draft
            .now_unix_ms
            .checked_add(LEASE_MS)
            .ok_or(BankError::Overflow)?;
        let mut lost = Vec::new();
        for guild in self.guilds {
            match leases::read(draft, guild)? {
                Some(lease) if lease.holder == holder => leases::write(
                    draft,
                    guild,
                    Lease {
                        holder,
                        expires_unix_ms,
                    },
                ),
                _ => lost.push(guild),
            }
        }
        Ok(Guilds(lost))
    }
}

/// Lets go of the leases of `guilds` this writer holds (as it stops).
#[derive(Clone)]
pub(crate) struct ReleaseLeases {
    pub guilds: Vec<GuildId>,
}

impl Operation for ReleaseLeases {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _: &EconomyConfig) -> Result<(), BankError> {
        let holder = holder(draft)?;
        for guild in self.guilds {
            if leases::read(draft, guild)?.is_some_and(|lease| lease.holder == holder) {
                leases::remove(draft, guild);
            }
        }
        Ok(())
    }
}

/// Cancels every hand in progress whose guild no live process holds (no lease, an expired
/// one, or one of a writer in `stopped`), taking no lease: what a process opening a shared
/// store recovers, as opening a store only it writes recovers every hand.
#[derive(Clone)]
pub(crate) struct RecoverUnleased {
    pub stopped: Vec<u64>,
}

impl Operation for RecoverUnleased {
    type Output = Vec<Recovery>;

    fn apply(self, draft: &mut Draft<'_>, _: &EconomyConfig) -> Result<Vec<Recovery>, BankError> {
        let now = draft.now_unix_ms;
        let mut unleased = BTreeSet::new();
        for (guild, _, _) in tables::guild_hands_in_progress(draft)? {
            let run = leases::read(draft, guild)?.is_some_and(|lease| {
                lease.expires_unix_ms > now && !self.stopped.contains(&lease.holder)
            });
            if !run {
                unleased.insert(guild);
            }
        }
        recover_guilds(draft, &unleased)
    }
}
