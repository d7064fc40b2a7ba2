//! Idempotency: an operation carrying a reference it already carried takes effect once and
//! answers what it answered the first time; the same reference on a different operation is
//! refused. References come from the request (for Discord, the interaction id: see
//! [`interaction_reference`]), never from the attempt, so a retry is recognised.
//!
//! References are remembered for [`REFERENCE_WINDOW_SECS`], then pruned by the committer a
//! few at a time, oldest first, through a time-ordered index.

use serde::{Deserialize, Serialize};

use super::BankError;
use super::committer::Reply;
use super::ledger::Draft;
use super::store::Tree;
use crate::ids::{GuildId, InteractionId};

/// How long a used reference is remembered: a day. A retry of the same request comes within
/// minutes (Discord lets an interaction be answered for 15 minutes; the lobby retries within
/// its session and a new session takes new references), so a day covers every retry.
pub const REFERENCE_WINDOW_SECS: u64 = 24 * 60 * 60;

/// How many expired references one batch prunes at most (the rest wait for the next batch).
const PRUNED_PER_BATCH: usize = 256;

/// The bank reference of a Discord interaction's request: the same for every retry of it.
pub fn interaction_reference(interaction: InteractionId, what: &str) -> String {
    format!("discord:{}:{what}", interaction.0)
}

#[derive(Serialize, Deserialize)]
pub(crate) struct ReferenceRecord {
    /// The operation's fingerprint: its kind and arguments.
    pub operation: String,
    pub reply: Reply,
    /// When the reference was first used (its index key is made of it).
    pub time_unix_ms: u64,
}

fn reference_key(guild: GuildId, reference: &str) -> Vec<u8> {
    let mut key = guild.0.to_be_bytes().to_vec();
    key.extend_from_slice(reference.as_bytes());
    key
}

pub(crate) fn time_key(time_unix_ms: u64, reference_key: &[u8]) -> Vec<u8> {
    let mut key = time_unix_ms.to_be_bytes().to_vec();
    key.extend_from_slice(reference_key);
    key
}

/// Runs `body` once per reference: a replay returns the first result and writes nothing.
pub(crate) fn once_per_reference(
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
    if let Some(record) = draft.get_record::<ReferenceRecord>(Tree::References, &key)? {
        if record.operation == operation {
            return Ok(record.reply);
        }
        return Err(BankError::ReferenceReused {
            reference: reference.to_string(),
        });
    }
    let reply = body(draft)?;
    let time_unix_ms = draft.now_unix_ms;
    draft.put(
        Tree::ReferenceTimes,
        time_key(time_unix_ms, &key),
        Vec::new(),
    );
    draft.put_record(
        Tree::References,
        key,
        &ReferenceRecord {
            operation,
            reply: reply.clone(),
            time_unix_ms,
        },
    );
    Ok(reply)
}

/// Forgets up to [`PRUNED_PER_BATCH`] references used before the window, oldest first.
pub(crate) fn prune(draft: &mut Draft<'_>) -> Result<(), BankError> {
    let cutoff = draft
        .now_unix_ms
        .saturating_sub(REFERENCE_WINDOW_SECS.saturating_mul(1000));
    let expired = draft.some_keys_between(
        Tree::ReferenceTimes,
        &[],
        &cutoff.to_be_bytes(),
        PRUNED_PER_BATCH,
    )?;
    for key in expired {
        if let Some(reference_key) = key.get(8..) {
            draft.remove(Tree::References, reference_key.to_vec());
        }
        draft.remove(Tree::ReferenceTimes, key);
    }
    Ok(())
}
