//! The committer: the one thread that writes to the store.
//!
//! Callers send requests over a channel; the thread takes every request waiting and drafts
//! each in turn over the state left by the ones before it. A refused operation's draft is
//! dropped (it changes nothing, the others still go ahead); the accepted ones are applied
//! together as one atomic store transaction, flushed once, and only then is each caller
//! answered. Many tables settling at once therefore share one transaction and one flush
//! (group commit). Each operation stays all-or-nothing: its writes are part of one atomic
//! write set, and nothing of a batch is acknowledged before that set is durable. Being the
//! only writer, the thread can validate with plain reads: no other writer comes in between.
//!
//! Measured (benches/bank.rs): a sled transaction costs about as much per write as the flush
//! costs per batch, so one transaction per batch rather than one per operation doubles the
//! rate with 100 tables.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use super::audit::{self, AuditReport};
use super::clock::Clock;
use super::ledger::{self, Draft, Overlay};
use super::store::{Store, Tree};
use super::{
    BankError, EconomyConfig, GuildId, Recovery, SeatOutcome, TableId, Transfer, UserId, accounts,
    economy, records, tables,
};

/// The most requests applied before one flush.
const MAX_BATCH: usize = 4096;

pub(crate) enum Op {
    EnsurePlayer {
        guild: GuildId,
        user: UserId,
    },
    BuyIn {
        guild: GuildId,
        table: TableId,
        user: UserId,
        amount: u64,
        reference: String,
    },
    CashOut {
        guild: GuildId,
        table: TableId,
        user: UserId,
        reference: String,
    },
    BeginHand {
        guild: GuildId,
        table: TableId,
        hand: u64,
    },
    SettleHand {
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: Vec<SeatOutcome>,
        /// The hand's public history, stored with the settlement.
        history: Option<Vec<u8>>,
    },
    CancelHand {
        table: TableId,
        hand: u64,
    },
    RecoverAll,
    SaveTableSettings {
        table: TableId,
        record: Vec<u8>,
    },
    RemoveTableSettings {
        table: TableId,
    },
    OpenTable {
        guild: GuildId,
        table: TableId,
    },
    CloseTable {
        guild: GuildId,
        table: TableId,
        reference: String,
    },
    Daily {
        guild: GuildId,
        user: UserId,
        reference: String,
    },
    Give {
        guild: GuildId,
        from: UserId,
        to: UserId,
        to_is_bot: bool,
        amount: u64,
        reference: String,
    },
    Grant {
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: String,
    },
    Take {
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: String,
    },
}

/// What an operation answers; the idempotent ones store it under their reference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Reply {
    Done,
    Amount(u64),
    Transfer(Transfer),
    Stacks(Vec<(UserId, u64)>),
    Recoveries(Vec<Recovery>),
}

pub(crate) enum Request {
    Run {
        op: Op,
        reply: oneshot::Sender<Result<Reply, BankError>>,
    },
    /// Audit the books once the batch is written.
    Audit {
        reply: oneshot::Sender<Result<AuditReport, BankError>>,
    },
    /// Stop after the batch; answered once the thread no longer holds the store.
    Shutdown { done: oneshot::Sender<()> },
}

#[derive(Serialize, Deserialize)]
struct ReferenceRecord {
    operation: String,
    reply: Reply,
}

fn reference_key(guild: GuildId, reference: &str) -> Vec<u8> {
    let mut key = guild.0.to_be_bytes().to_vec();
    key.extend_from_slice(reference.as_bytes());
    key
}

/// Runs `body` once per reference: a replay returns the first result and writes nothing.
fn once_per_reference(
    draft: &mut Draft<'_>,
    guild: GuildId,
    reference: &str,
    operation: String,
    body: impl FnOnce(&mut Draft<'_>) -> Result<Reply, BankError>,
) -> Result<Reply, BankError> {
    if reference.is_empty() {
        return Err(BankError::EmptyReference);
    }
    let key = reference_key(guild, reference);
    if let Some(record) = draft.get_json::<ReferenceRecord>(Tree::References, &key)? {
        if record.operation == operation {
            return Ok(record.reply);
        }
        return Err(BankError::ReferenceReused {
            reference: reference.to_string(),
        });
    }
    let reply = body(draft)?;
    draft.put_json(
        Tree::References,
        key,
        &ReferenceRecord {
            operation,
            reply: reply.clone(),
        },
    );
    Ok(reply)
}

pub(crate) struct Committer {
    pub store: Arc<dyn Store>,
    pub config: EconomyConfig,
    pub clock: Arc<dyn Clock>,
    pub next_seq: u64,
}

impl Committer {
    pub fn new(
        store: Arc<dyn Store>,
        config: EconomyConfig,
        clock: Arc<dyn Clock>,
    ) -> Result<Committer, BankError> {
        let next_seq = ledger::load_next_seq(store.as_ref())?;
        Ok(Committer {
            store,
            config,
            clock,
            next_seq,
        })
    }

    /// Validates and drafts one operation over the batch so far; an accepted operation's
    /// writes join the batch, a refused one's are dropped.
    fn draft(&self, batch: &mut Overlay, next_seq: &mut u64, op: Op) -> Result<Reply, BankError> {
        let store = Arc::clone(&self.store);
        let mut draft = Draft::new(store.as_ref(), batch, *next_seq, self.clock.now_unix_ms());
        let reply = self.run(&mut draft, op)?;
        let (writes, next) = draft.finish();
        batch.extend(writes);
        *next_seq = next;
        Ok(reply)
    }

    fn run(&self, draft: &mut Draft<'_>, op: Op) -> Result<Reply, BankError> {
        let config = &self.config;
        match op {
            Op::EnsurePlayer { guild, user } => {
                accounts::ensure_player(draft, config, guild, user).map(Reply::Amount)
            }
            Op::BuyIn {
                guild,
                table,
                user,
                amount,
                reference,
            } => {
                let operation = format!("buy_in {} {} {amount}", table.0, user.0);
                once_per_reference(draft, guild, &reference, operation, |draft| {
                    tables::buy_in(draft, config, guild, table, user, amount, &reference)
                        .map(Reply::Amount)
                })
            }
            Op::CashOut {
                guild,
                table,
                user,
                reference,
            } => {
                let operation = format!("cash_out {} {}", table.0, user.0);
                once_per_reference(draft, guild, &reference, operation, |draft| {
                    tables::cash_out(draft, guild, table, user, &reference).map(Reply::Amount)
                })
            }
            Op::BeginHand { guild, table, hand } => {
                tables::begin_hand(draft, guild, table, hand).map(|()| Reply::Done)
            }
            Op::SettleHand {
                guild,
                table,
                hand,
                outcomes,
                history,
            } => {
                let newly_settled = tables::settle_hand(draft, guild, table, hand, &outcomes)?;
                if let (true, Some(history)) = (newly_settled, history) {
                    records::record_history(
                        draft,
                        table,
                        hand,
                        history,
                        config.hand_histories_kept,
                    )?;
                }
                Ok(Reply::Done)
            }
            Op::SaveTableSettings { table, record } => {
                records::save_settings(draft, table, record);
                Ok(Reply::Done)
            }
            Op::RemoveTableSettings { table } => {
                records::remove_settings(draft, table);
                Ok(Reply::Done)
            }
            Op::CancelHand { table, hand } => {
                tables::cancel_hand(draft, table, hand).map(|_| Reply::Done)
            }
            Op::RecoverAll => {
                let mut recoveries = Vec::new();
                for (table, hand) in tables::hands_in_progress(draft)? {
                    if let Some(recovery) = tables::cancel_hand(draft, table, hand)? {
                        recoveries.push(recovery);
                    }
                }
                Ok(Reply::Recoveries(recoveries))
            }
            Op::OpenTable { guild, table } => {
                tables::open_table(draft, guild, table).map(|()| Reply::Done)
            }
            Op::CloseTable {
                guild,
                table,
                reference,
            } => {
                let operation = format!("close_table {}", table.0);
                once_per_reference(draft, guild, &reference, operation, |draft| {
                    tables::close_table(draft, guild, table, &reference).map(Reply::Stacks)
                })
            }
            Op::Daily {
                guild,
                user,
                reference,
            } => {
                let operation = format!("daily {}", user.0);
                once_per_reference(draft, guild, &reference, operation, |draft| {
                    economy::daily(draft, config, guild, user, &reference).map(Reply::Amount)
                })
            }
            Op::Give {
                guild,
                from,
                to,
                to_is_bot,
                amount,
                reference,
            } => {
                let operation = format!("give {} {} {amount}", from.0, to.0);
                once_per_reference(draft, guild, &reference, operation, |draft| {
                    economy::give(
                        draft, config, guild, from, to, to_is_bot, amount, &reference,
                    )
                    .map(Reply::Transfer)
                })
            }
            Op::Grant {
                guild,
                moderator,
                user,
                amount,
                reference,
            } => {
                let operation = format!("grant {} {} {amount}", moderator.0, user.0);
                once_per_reference(draft, guild, &reference, operation, |draft| {
                    economy::grant(draft, config, guild, moderator, user, amount, &reference)
                        .map(Reply::Amount)
                })
            }
            Op::Take {
                guild,
                moderator,
                user,
                amount,
                reference,
            } => {
                let operation = format!("take {} {} {amount}", moderator.0, user.0);
                once_per_reference(draft, guild, &reference, operation, |draft| {
                    economy::take(draft, config, guild, moderator, user, amount, &reference)
                        .map(Reply::Amount)
                })
            }
        }
    }

    /// The thread's loop: take every waiting request, draft each, apply the accepted ones as
    /// one atomic write set, flush once, answer.
    pub fn run_loop(mut self, requests: Receiver<Request>) {
        let mut shutdown = None;
        while shutdown.is_none() {
            let Ok(first) = requests.recv() else { break };
            let mut waiting = vec![first];
            while waiting.len() < MAX_BATCH {
                match requests.try_recv() {
                    Ok(request) => waiting.push(request),
                    Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
                }
            }
            let mut batch = Overlay::new();
            let mut next_seq = self.next_seq;
            let mut answers = Vec::with_capacity(waiting.len());
            let mut audits = Vec::new();
            for request in waiting {
                match request {
                    // An audit looks at the books once this batch is written.
                    Request::Audit { reply } => audits.push(reply),
                    Request::Run { op, reply } => {
                        let result = self.draft(&mut batch, &mut next_seq, op);
                        answers.push((reply, result));
                    }
                    Request::Shutdown { done } => shutdown = Some(done),
                }
            }
            let written = if batch.is_empty() {
                Ok(())
            } else {
                self.store
                    .apply(&ledger::into_writes(batch))
                    .and_then(|()| self.store.flush())
            };
            match written {
                Ok(()) => self.next_seq = next_seq,
                Err(error) => {
                    // Nothing of the batch is known to be durable: every caller hears so, and
                    // the sequence restarts from what the store holds.
                    let failed = BankError::Storage(format!("the batch was not written: {error}"));
                    for (_, result) in &mut answers {
                        if result.is_ok() {
                            *result = Err(failed.clone());
                        }
                    }
                    if let Ok(next) = ledger::load_next_seq(self.store.as_ref()) {
                        self.next_seq = next;
                    }
                }
            }
            for (reply, result) in answers {
                // A caller that gave up (timeout) no longer listens; nothing to do then.
                let _ = reply.send(result);
            }
            if !audits.is_empty() {
                let report = audit::audit_store(self.store.as_ref());
                for reply in audits {
                    let _ = reply.send(report.clone());
                }
            }
        }
        drop(self);
        if let Some(done) = shutdown {
            let _ = done.send(());
        }
    }
}
