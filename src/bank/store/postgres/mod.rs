//! PostgreSQL behind the bank's storage interface, shared by any number of studbot processes.
//!
//! Every tree is a partition of `studbot.kv` (`schema`): a key, its value as the bank wrote
//! it, the version of the row (the id of the transaction that wrote it), and the record as
//! JSON for operators (`doc`, made by the bank's [`Describe`]).
//!
//! The committer's batch runs in one transaction (`transaction`) whose reads lock what they
//! read: a row read is locked (`FOR UPDATE`) until the batch commits, so no other process
//! changes it under the batch (no update is lost), and a key read as absent that the batch
//! then writes is inserted only if it is still absent (two processes cannot both create the
//! same account, claim or reference). Anything else read as absent, or by a range, belongs
//! to a guild's tables, which only the process holding the guild's lease writes. Another
//! process holding a row the batch needs for long, a deadlock, or a key created meanwhile
//! is a conflict: the batch is rolled back and drafted again from fresh reads. Processes
//! working on different guilds never wait for one another.
//!
//! Values the committer read or wrote before are remembered (`cache`) with their versions;
//! a batch's write statement (`write`) checks that those it used are still at those versions:
//! the ones it writes or deletes by writing them only where still at their version, the ones
//! it only read locked and checked before any row is written. A hit costs no round trip of
//! its own, and a stale one is a conflict whose transaction is rolled back. A batch's commit begins the next batch's
//! transaction in the same round trip (a transaction begun and unused holds no lock, no
//! snapshot and no id), so a batch costs its reads ahead, its write and its commit.
//!
//! Every statement looks rows up by key, the keys given as arrays: the sessions plan no hash
//! or merge join (`connection`), so that each is a nested loop of index look-ups whatever
//! the tables' size.
//!
//! Reads beside the committer use a small pool of connections, each statement on its own
//! (what a single statement reads is consistent); an audit or a backup reads one
//! REPEATABLE READ snapshot. A commit is durable when PostgreSQL answers it (the server's
//! `synchronous_commit`, on by default). A connection lost while committing is answered by
//! asking the server, over a new one, what became of the transaction (`txid_status`).
//!
//! The sync client of rust-postgres runs its own small runtime per connection: it is only
//! used on the committer's thread and tokio's blocking pool, and a connection dropped inside
//! an async task is closed on a thread of its own.

mod cache;
mod connection;
mod prefetch;
mod resolve;
mod scan;
mod schema;
mod store;
mod transaction;
mod write;

pub use self::connection::display_url;
pub use self::schema::STORE_SCHEMA_VERSION;
pub use self::store::{OPENING_LOCK, PostgresStore};
