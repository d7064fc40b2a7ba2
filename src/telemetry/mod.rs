//! What a running bot tells its operator: Prometheus metrics and a health check, served on
//! `[metrics] listen` (`/metrics`, `/healthz`). The metric names live in [`names`], each
//! described once; the layers record through the small functions of [`record`], so no layer
//! spells a metric name itself. Recording is a no-op until [`Telemetry::install`] has run, so
//! tests and tools that never serve metrics pay nothing.

pub mod names;
pub mod record;
mod server;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use serde::Deserialize;
use thiserror::Error;

pub use server::MetricsServer;

/// `[metrics]` in the bot's config: off unless `listen` is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    /// Where to serve `/metrics` (Prometheus text) and `/healthz`, e.g. "127.0.0.1:9100".
    pub listen: Option<SocketAddr>,
}

#[derive(Debug, Error)]
pub enum TelemetryError {
    #[error("[metrics] listen: cannot listen on {address}: {reason}")]
    Listen { address: SocketAddr, reason: String },
}

/// What `/healthz` looks at: the gateway connection of every shard, set by the bot as each
/// connects and drops, and the bank's problem if it has one (a probe the bot installs: "bank
/// stopped", "bank failing").
#[derive(Default)]
pub struct Health {
    shards: Mutex<Shards>,
    bank_problem: OnceLock<BankProbe>,
}

/// Each shard's connection, and how many shards the bot runs.
#[derive(Default)]
struct Shards {
    total: u32,
    up: BTreeMap<u32, bool>,
}

impl Shards {
    /// Up when every shard the bot runs is connected (none known yet: down).
    fn all_up(&self) -> bool {
        self.total > 0 && (0..self.total).all(|shard| self.up.get(&shard) == Some(&true))
    }
}

type BankProbe = Box<dyn Fn() -> Option<&'static str> + Send + Sync>;

impl Health {
    /// The gateway of a bot with one shard connected (`up`) or dropped.
    pub fn set_gateway_up(&self, up: bool) {
        self.set_shard_up(0, Some(1), up);
    }

    /// Shard `shard` connected (`up`) or dropped; `total` is how many shards the bot runs,
    /// when the event says (READY does).
    pub fn set_shard_up(&self, shard: u32, total: Option<u32>, up: bool) {
        let all_up = {
            let mut shards = self
                .shards
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            shards.total = total.unwrap_or(shards.total).max(shard.saturating_add(1));
            shards.up.insert(shard, up);
            shards.all_up()
        };
        metrics::gauge!(names::GATEWAY_UP).set(if all_up { 1.0 } else { 0.0 });
    }

    /// Whether shard `shard` is connected, as last set.
    pub fn shard_up(&self, shard: u32) -> bool {
        let shards = self
            .shards
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        shards.up.get(&shard) == Some(&true)
    }

    /// Whether the gateway shard that carries `guild` (Discord's `(guild >> 22) % shards`) is
    /// connected: only then can that guild's clicks reach the bot. False before any shard has
    /// connected.
    pub fn guild_shard_up(&self, guild: u64) -> bool {
        let shards = self
            .shards
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if shards.total == 0 {
            return false;
        }
        let shard = (guild >> 22) % u64::from(shards.total);
        u32::try_from(shard).is_ok_and(|shard| shards.up.get(&shard) == Some(&true))
    }

    /// Installs the bank probe (once; later calls are ignored).
    pub fn watch_bank(&self, problem: impl Fn() -> Option<&'static str> + Send + Sync + 'static) {
        let _ = self.bank_problem.set(Box::new(problem));
    }

    /// Every problem that makes the bot unhealthy, by name; empty when healthy.
    pub fn problems(&self) -> Vec<&'static str> {
        let mut problems = Vec::new();
        let all_up = self
            .shards
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .all_up();
        if !all_up {
            problems.push("gateway down");
        }
        if let Some(problem) = self.bank_problem.get().and_then(|probe| probe()) {
            problems.push(problem);
        }
        problems
    }
}

/// How often the recorder's histograms are drained into their summaries.
const UPKEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Drains the recorder's histogram samples at a regular interval. A recorder built with
/// `build_recorder` drains them only when rendered, so without scrapes (`/healthz` alone, or
/// a Prometheus outage) every sample would be kept for the life of the process.
fn spawn_upkeep(handle: PrometheusHandle) {
    let spawned = std::thread::Builder::new()
        .name("metrics-upkeep".into())
        .spawn(move || {
            loop {
                std::thread::sleep(UPKEEP_EVERY);
                handle.run_upkeep();
            }
        });
    if let Err(error) = spawned {
        tracing::warn!(%error, "cannot start the metrics upkeep: histograms drain only when scraped");
    }
}

/// The process's metrics recorder and the bot's health.
#[derive(Clone)]
pub struct Telemetry {
    handle: PrometheusHandle,
    pub health: Arc<Health>,
}

impl Telemetry {
    /// Installs the process-wide recorder on first use and returns a new health record.
    /// Several bots in one process (tests) share the recorder: their counters add up.
    pub fn install() -> Telemetry {
        static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
        let handle = HANDLE
            .get_or_init(|| {
                let recorder = PrometheusBuilder::new()
                    .set_buckets(names::LATENCY_BUCKETS)
                    .map(PrometheusBuilder::build_recorder)
                    .unwrap_or_else(|_| PrometheusBuilder::new().build_recorder());
                let handle = recorder.handle();
                spawn_upkeep(handle.clone());
                // Another recorder already installed (a host program's) keeps its place; ours
                // then renders only what it sees, which is nothing, rather than failing.
                let _ = metrics::set_global_recorder(recorder);
                names::describe();
                handle
            })
            .clone();
        Telemetry {
            handle,
            health: Arc::new(Health::default()),
        }
    }

    /// The metrics in Prometheus's text format.
    pub fn render(&self) -> String {
        self.handle.render()
    }

    /// Binds `address` now (so "address in use" is one line at start-up) and serves
    /// `/metrics` and `/healthz` until `shutdown` resolves.
    pub async fn serve(
        &self,
        address: SocketAddr,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<MetricsServer, TelemetryError> {
        server::serve(self.clone(), address, shutdown).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gateway_is_up_only_while_every_shard_is_connected() {
        let health = Health::default();
        assert_eq!(health.problems(), ["gateway down"]);
        health.set_shard_up(1, Some(2), true);
        // Shard 0 has not connected yet.
        assert_eq!(health.problems(), ["gateway down"]);
        health.set_shard_up(0, Some(2), true);
        assert!(health.problems().is_empty());
        // Shard 0 drops; shard 1 resuming does not hide it.
        health.set_shard_up(0, None, false);
        health.set_shard_up(1, None, true);
        assert_eq!(health.problems(), ["gateway down"]);
        health.set_shard_up(0, None, true);
        assert!(health.problems().is_empty());
    }
}
