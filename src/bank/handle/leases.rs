//! The leases of guilds a process holds with a store several processes share (see
//! `bank::leases`): taken by whoever runs a guild's tables, renewed in the background while
//! the bank is open, let go at shutdown. With a store only this process writes, every guild
//! is this process's and nothing is kept.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use super::{Bank, lock};
use crate::bank::leases::{self, LEASE_MS};
use crate::bank::ops::{self, Leased, LeasesTaken, Operation};
use crate::bank::{BankError, GuildId};

/// How often held leases are renewed: well within their [`LEASE_MS`].
const RENEW_EVERY: Duration = Duration::from_millis(LEASE_MS / 3);

impl Bank {
    /// Whether other processes may write the bank's store too (PostgreSQL), so that guilds'
    /// tables are run under leases.
    pub fn is_shared(&self) -> bool {
        self.store().is_ok_and(|store| store.shared().is_some())
    }

    /// Takes the leases of `guilds` whose tables this process is to run: those free, expired,
    /// already its own, or held by a process that stopped. The hands a stopped holder left in
    /// progress in a guild taken over are cancelled (each player keeps their stack from the
    /// hand's start) and reported, and also added to what [`Bank::recover`] answers. Guilds
    /// another live process holds are answered as `elsewhere`. With a store only this
    /// process writes, every guild is held at once and nothing is written.
    pub async fn take_leases(&self, guilds: &[GuildId]) -> Result<LeasesTaken, BankError> {
        if !self.is_shared() {
            return Ok(LeasesTaken {
                held: guilds.to_vec(),
                ..LeasesTaken::default()
            });
        }
        let stopped = self.stopped_holders().await?;
        let taken = self
            .call(ops::TakeLeases {
                guilds: guilds.to_vec(),
                stopped,
            })
            .await?;
        lock(&self.inner.leases).extend(taken.held.iter().copied());
        lock(&self.inner.recovered).extend(taken.recoveries.iter().cloned());
        crate::telemetry::record::guild_leases(lock(&self.inner.leases).len());
        Ok(taken)
    }

    /// Lets go of the leases of `guilds` (another process may take them over at once).
    pub async fn release_leases(&self, guilds: &[GuildId]) -> Result<(), BankError> {
        if !self.is_shared() {
            return Ok(());
        }
        self.call(ops::ReleaseLeases {
            guilds: guilds.to_vec(),
        })
        .await?;
        let mut held = lock(&self.inner.leases);
        for guild in guilds {
            held.remove(guild);
        }
        crate::telemetry::record::guild_leases(held.len());
        Ok(())
    }

    /// The bytes a shared store's database takes on disk (`None` for a store only this
    /// process writes: its directory tells).
    pub async fn database_bytes(&self) -> Result<Option<u64>, BankError> {
        let store = self.store()?;
        self.read(move |_| match store.shared() {
            Some(shared) => Ok(Some(shared.disk_bytes()?)),
            None => Ok(None),
        })
        .await
    }

    /// Whether this process runs `guild`'s tables: it holds the guild's lease (always, with a
    /// store only it writes).
    pub fn holds(&self, guild: GuildId) -> bool {
        !self.is_shared() || lock(&self.inner.leases).contains(&guild)
    }

    /// Every guild whose lease this process lost while it ran (taken over by another process
    /// after this one failed to renew it): their tables must stop dealing here.
    pub fn lost_leases(&self) -> watch::Receiver<BTreeSet<GuildId>> {
        self.inner.lost.subscribe()
    }

    /// The writers that held a lease in the store and have stopped since.
    pub(super) async fn stopped_holders(&self) -> Result<Vec<u64>, BankError> {
        let store = self.store()?;
        self.read(move |reads| {
            let holders: BTreeSet<u64> = leases::all(reads)?
                .into_iter()
                .map(|(_, lease)| lease.holder)
                .collect();
            let Some(shared) = store.shared() else {
                return Ok(Vec::new());
            };
            let mut stopped = Vec::new();
            for holder in holders {
                if !shared.is_live(holder)? {
                    stopped.push(holder);
                }
            }
            Ok(stopped)
        })
        .await
    }

    /// Renews the held leases every [`RENEW_EVERY`] while the bank is open; a lease found
    /// lost is dropped from those held and told to [`Bank::lost_leases`]' listeners.
    pub(super) fn keep_leases_renewed(&self) {
        let inner = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(RENEW_EVERY).await;
                let Some(inner) = inner.upgrade() else { return };
                let bank = Bank { inner };
                if !bank.is_open() {
                    return;
                }
                let held: Vec<GuildId> = lock(&bank.inner.leases).iter().copied().collect();
                if held.is_empty() {
                    continue;
                }
                match bank.call(ops::RenewLeases { guilds: held }).await {
                    Ok(ops::Guilds(lost)) if !lost.is_empty() => bank.lose(&lost),
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "renewing the guilds' leases failed"),
                }
            }
        });
    }

    /// `guilds` are no longer this process's.
    fn lose(&self, guilds: &[GuildId]) {
        tracing::warn!(
            guilds = ?guilds,
            "another process runs these guilds' tables now: they stop dealing here"
        );
        {
            let mut held = lock(&self.inner.leases);
            for guild in guilds {
                held.remove(guild);
            }
            crate::telemetry::record::guild_leases(held.len());
        }
        self.inner
            .lost
            .send_modify(|lost| lost.extend(guilds.iter().copied()));
    }

    /// Runs `op`, an operation at a table of `guild`, only while this process holds the
    /// guild's lease; a lease found lost is dropped and told as [`Bank::lost_leases`] tells.
    pub(super) async fn call_leased<O: Operation>(
        &self,
        guild: GuildId,
        op: O,
    ) -> Result<O::Output, BankError> {
        let answer = self.call(Leased { guild, op }).await;
        if let Err(BankError::LeaseLost { guild }) = &answer {
            self.lose(&[*guild]);
        }
        answer
    }
}
