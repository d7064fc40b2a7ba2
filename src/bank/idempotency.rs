//! Idempotency: an operation carrying a reference it already carried takes effect once and
//! answers what it answered the first time; the same reference on a different operation is
//! refused. References come from the request (for Discord, the interaction id: see
//! [`interaction_reference`](super::interaction_reference)), never from the attempt, so a
//! retry is recognised; their forms are `references`'.
//!
//! References are remembered for [`REFERENCE_WINDOW_SECS`], then pruned by the committer a
//! few at a time, oldest first, through a time-ordered index.

use serde::{Deserialize, Serialize};

use super::ledger::Draft;
use super::store::Tree;
use super::{BankError, Recovery, Transfer};
use crate::ids::{GuildId, UserId};

/// What makes an operation take effect once per reference: the reference (scoped to its
/// guild) and the operation's fingerprint, its kind and arguments. A replay with the same
/// fingerprint answers what the first one did; another fingerprint is refused.
pub(crate) struct Once {
    pub guild: GuildId,
    pub reference: String,
    pub fingerprint: String,
}

/// How long a used reference is remembered: a day. A retry of the same request comes within
/// minutes (Discord lets an interaction be answered for 15 minutes; the lobby retries within
/// its session and a new session takes new references), so a day covers every retry.
pub const REFERENCE_WINDOW_SECS: u64 = 24 * 60 * 60;

/// How many expired references one batch prunes at most (the rest wait for the next batch).
const PRUNED_PER_BATCH: usize = 256;

/// An operation's answer as a reference remembers it (stored: its variants keep their order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Reply {
    Done,
    Amount(u64),
    Transfer(Transfer),
    Stacks(Vec<(UserId, u64)>),
    Recoveries(Vec<Recovery>),
}

/// An operation's answer, as stored under its reference and read back from it.
pub(crate) trait Stored: Sized {
    fn to_reply(&self) -> Reply;
    /// `None` when the stored answer is of another kind (a corrupt record).
    fn from_reply(reply: Reply) -> Option<Self>;
}

impl Stored for () {
    fn to_reply(&self) -> Reply {
        Reply::Done
    }
    fn from_reply(reply: Reply) -> Option<()> {
        matches!(reply, Reply::Done).then_some(())
    }
}

impl Stored for u64 {
    fn to_reply(&self) -> Reply {
        Reply::Amount(*self)
    }
    fn from_reply(reply: Reply) -> Option<u64> {
        match reply {
            Reply::Amount(amount) => Some(amount),
            _ => None,
        }
    }
}

impl Stored for Transfer {
    fn to_reply(&self) -> Reply {
        Reply::Transfer(*self)
    }
    fn from_reply(reply: Reply) -> Option<Transfer> {
        match reply {
            Reply::Transfer(transfer) => Some(transfer),
            _ => None,
        }
    }
}

impl Stored for Vec<(UserId, u64)> {
    fn to_reply(&self) -> Reply {
        Reply::Stacks(self.clone())
    }
    fn from_reply(reply: Reply) -> Option<Self> {
        match reply {
            Reply::Stacks(stacks) => Some(stacks),
            _ => None,
        }
    }
}

impl Stored for Vec<Recovery> {
    fn to_reply(&self) -> Reply {
        Reply::Recoveries(self.clone())
    }
    fn from_reply(reply: Reply) -> Option<Self> {
        match reply {
            Reply::Recoveries(recoveries) => Some(recoveries),
            _ => None,
        }
    }
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

/// Runs `body` once per reference: a replay with the same fingerprint returns the first
/// answer and writes nothing; the reference on another operation is refused.
pub(crate) fn once_per_reference<T: Stored>(
    draft: &mut Draft<'_>,
    once: &Once,
    body: impl FnOnce(&mut Draft<'_>) -> Result<T, BankError>,
) -> Result<T, BankError> {
    if once.reference.is_empty() {
        return Err(BankError::EmptyReference);
    }
    let key = reference_key(once.guild, &once.reference);
    if let Some(record) = draft.get_record::<ReferenceRecord>(Tree::References, &key)? {
        if record.operation != once.fingerprint {
            return Err(BankError::ReferenceReused {
                reference: once.reference.clone(),
            });
        }
        return T::from_reply(record.reply).ok_or_else(|| {
            BankError::Storage(format!(
                "the answer remembered for {} is of another kind",
                once.reference
            ))
        });
    }
    let answer = body(draft)?;
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
            operation: once.fingerprint.clone(),
            reply: answer.to_reply(),
            time_unix_ms,
        },
    );
    Ok(answer)
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
