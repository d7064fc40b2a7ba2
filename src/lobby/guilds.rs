//! Which guilds' tables this process runs. One process runs every guild by default. Several
//! processes sharing a bank (PostgreSQL) each run a share of the guilds (`GuildShare`: the
//! bot's shards), and of those only the guilds whose lease it holds in the bank: it takes
//! them at its start, takes over the guilds of a process that stopped (or of a shard moved to
//! it) as their leases come free, and stops the tables of a guild whose lease it lost, which
//! another process now runs (it cancels their hands in progress as it takes them over).

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use crate::bank::{GuildId, LEASE_MS};

use super::store::TableRecord;
use super::{Lobby, LobbyError, LobbyShared};

/// The guilds of shards `first..=last` out of `total`: a guild's shard is
/// `(guild id >> 22) % total`, as Discord assigns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuildShare {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl GuildShare {
    pub fn contains(&self, guild: GuildId) -> bool {
        let shard = (guild.0 >> 22) % u64::from(self.total.max(1));
        (u64::from(self.first)..=u64::from(self.last)).contains(&shard)
    }
}

/// How often a process sharing its bank looks for guilds to take over.
const TAKE_OVER_EVERY: Duration = Duration::from_millis(LEASE_MS / 3);

impl Lobby {
    /// Whether this process runs `guild`'s tables: it serves it and holds its lease.
    pub(super) fn runs(&self, guild: GuildId) -> bool {
        self.serves(guild) && self.shared.services.bank.holds(guild)
    }

    /// Whether this process is to run `guild`'s tables (its share of the guilds).
    fn serves(&self, guild: GuildId) -> bool {
        self.shared
            .services
            .serves
            .is_none_or(|share| share.contains(guild))
    }

    /// Of the stored tables `records`, those this process runs: of the guilds it serves, those
    /// whose leases it takes (every one, with a bank only this process writes).
    pub(super) async fn take_guilds(
        &self,
        records: Vec<TableRecord>,
    ) -> Result<Vec<TableRecord>, LobbyError> {
        let bank = &self.shared.services.bank;
        let mut guilds: BTreeSet<GuildId> = records.iter().map(|record| record.guild).collect();
        // The bank's index of live sit & gos: never every sit & go it has held.
        for live in bank.live_tournaments().await? {
            guilds.insert(live.guild);
        }
        guilds.retain(|guild| self.serves(*guild));
        let guilds: Vec<GuildId> = guilds.into_iter().collect();
        let taken = bank.take_leases(&guilds).await?;
        for guild in &taken.elsewhere {
            tracing::info!(
                guild = guild.0,
                "another process runs this guild's tables; this one takes them over if it stops"
            );
        }
        Ok(records
            .into_iter()
            .filter(|record| self.serves(record.guild) && bank.holds(record.guild))
            .collect())
    }

    /// Takes `guild`'s lease before a table opens there, unless this process holds it.
    pub(super) async fn hold_guild(&self, guild: GuildId) -> Result<(), LobbyError> {
        let bank = &self.shared.services.bank;
        if bank.holds(guild) {
            return Ok(());
        }
        let taken = bank.take_leases(&[guild]).await?;
        if taken.held.contains(&guild) {
            Ok(())
        } else {
            Err(crate::bank::BankError::LeaseLost { guild }.into())
        }
    }

    /// With a bank other processes share: in the background, stops the tables of the guilds
    /// this process lost, and takes over (reopening their tables) the guilds it serves that
    /// no live process holds any more.
    pub(super) fn keep_guilds(&self) {
        if !self.shared.services.bank.is_shared() {
            return;
        }
        let shared = Arc::downgrade(&self.shared);
        let mut lost = self.shared.services.bank.lost_leases();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    changed = lost.changed() => {
                        if changed.is_err() {
                            return;
                        }
                    }
                    () = tokio::time::sleep(TAKE_OVER_EVERY) => {}
                }
                let Some(shared) = shared.upgrade() else {
                    return;
                };
                let lobby = Lobby { shared };
                let lost_now: Vec<GuildId> = lost.borrow_and_update().iter().copied().collect();
                lobby.stop_guilds(&lost_now);
                if let Err(error) = lobby.take_over().await {
                    tracing::warn!(%error, "taking guilds over failed; trying again later");
                }
            }
        });
    }

    /// Stops, without a word to the bank, the tables of `guilds` whose leases another process
    /// holds now: that process cancels their hands and deals there.
    fn stop_guilds(&self, guilds: &[GuildId]) {
        let stopped: Vec<_> = {
            let registry = self.shared.registry();
            registry
                .tables
                .values()
                .filter(|handle| guilds.contains(&handle.guild))
                .map(|handle| handle.table)
                .collect()
        };
        for table in stopped {
            if let Some(task) = self.shared.registry().tasks.get(&table) {
                task.abort();
            }
            LobbyShared::forget(&self.shared, table);
            tracing::warn!(table = table.0, "another process runs this table now");
        }
    }

    /// Takes over the guilds this process serves whose stored tables no live process runs,
    /// and reopens their tables (and running sit & gos).
    async fn take_over(&self) -> Result<(), LobbyError> {
        let services = &self.shared.services;
        let records = services
            .store
            .load_all()
            .await
            .map_err(|reason| LobbyError::Store { reason })?;
        let waiting: Vec<TableRecord> = records
            .into_iter()
            .filter(|record| self.serves(record.guild) && !services.bank.holds(record.guild))
            .collect();
        let before = services.bank.recover().await?.len();
        let records = self.take_guilds(waiting).await?;
        let recoveries = services.bank.recover().await?;
        let recoveries = recoveries.get(before..).unwrap_or_default();
        self.reopen_all(records, recoveries).await?;
        self.resume_sit_and_gos().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guild_belongs_to_the_shard_of_its_id_shifted_22_bits_modulo_the_total() {
        let share = GuildShare {
            first: 0,
            last: 3,
            total: 8,
        };
        assert!(share.contains(GuildId(3 << 22)));
        assert!(!share.contains(GuildId(4 << 22)));
        assert!(share.contains(GuildId((8 + 3) << 22)));
        assert!(share.contains(GuildId(4 << 21)), "shard 1");
    }
}
