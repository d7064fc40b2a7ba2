//! One gate per table for a presenter's first attach: a table hands its backlog (a restart's
//! "hand cancelled and refunded") to its first subscriber, so two first attaches of one table
//! must not both subscribe. The gate is that table's alone: attaching waits for the table's
//! task (`subscribe`, `status`), and a table busy in a slow bank call must delay no other
//! table's first board. A gate lives while someone holds or waits for it.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use tokio::sync::OwnedMutexGuard;

/// The gates, by table.
pub(crate) struct AttachGates<K> {
    gates: Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K> Default for AttachGates<K> {
    fn default() -> Self {
        AttachGates {
            gates: Mutex::new(HashMap::new()),
        }
    }
}

/// A held gate; dropping it opens the gate (and forgets it once nobody waits).
pub(crate) struct Held<'a, K: Eq + Hash + Copy> {
    gates: &'a AttachGates<K>,
    key: K,
    guard: Option<OwnedMutexGuard<()>>,
}

impl<K: Eq + Hash + Copy> AttachGates<K> {
    /// Waits for `key`'s gate (only for another attach of the same table) and holds it.
    pub(crate) async fn hold(&self, key: K) -> Held<'_, K> {
        let gate = Arc::clone(super::lock(&self.gates).entry(key).or_default());
        let guard = gate.lock_owned().await;
        Held {
            gates: self,
            key,
            guard: Some(guard),
        }
    }

    /// Gates kept now: those held or waited for.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        super::lock(&self.gates).len()
    }
}

impl<K: Eq + Hash + Copy> Drop for Held<'_, K> {
    fn drop(&mut self) {
        let mut gates = super::lock(&self.gates.gates);
        drop(self.guard.take());
        // The map's own reference is the last: nobody holds or waits for this gate.
        if gates
            .get(&self.key)
            .is_some_and(|gate| Arc::strong_count(gate) == 1)
        {
            gates.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_slow_first_attach_of_one_table_holds_up_no_other_table() {
        let gates = Arc::new(AttachGates::<u64>::default());
        let slow = gates.hold(1).await;
        // Another table's attach goes through at once while table 1's is held.
        let other = tokio::time::timeout(Duration::from_millis(1), gates.hold(2)).await;
        assert!(other.is_ok(), "table 2 waited for table 1");
        drop(other);
        // A second attach of table 1 waits for the first.
        let waiting = {
            let gates = Arc::clone(&gates);
            tokio::spawn(async move {
                let _held = gates.hold(1).await;
            })
        };
        tokio::time::sleep(Duration::from_secs(5)).await;
        assert!(
            !waiting.is_finished(),
            "two first attaches of one table at once"
        );
        drop(slow);
        waiting.await.expect("the second attach went through");
        // Nothing is kept once nobody holds or waits.
        assert_eq!(gates.len(), 0);
    }
}
