//! The narrow storage interface the bank is written against, and the stores behind it: sled
//! (`sled`, the default, embedded) and PostgreSQL (`postgres`, shared by several processes).
//!
//! The bank needs only this from a store: point reads, ordered scans, one atomic write of a
//! set of keys across named trees, and a durable flush. Everything else (balances, ledger,
//! idempotency) is built on top. A store the bank's committer is the only writer of (sled:
//! its directory is locked to one process) is read and written directly, so a write set
//! computed from plain reads is applied with no interleaved writer. A store several
//! processes write at once (PostgreSQL) also offers [`SharedStore`]: the committer reads a
//! batch inside one of its transactions and commits the writes in it; a transaction that
//! conflicts with another writer's is rolled back and the batch drafted again from its reads.

pub mod postgres;
mod sled;

use thiserror::Error;

pub use self::postgres::PostgresStore;
pub use self::sled::{CLEANER_EVERY_MS, SledStore};

/// The named key spaces of the bank. Their names are part of the on-disk format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tree {
    /// Schema version and the next ledger sequence number.
    Meta,
    /// Account key → signed balance.
    Balances,
    /// Sequence number → ledger entry; append-only.
    Ledger,
    /// (guild, reference) → the original result of the operation that carried it.
    References,
    /// (table, hand) → the hand's record (in progress, settled or cancelled).
    Hands,
    /// Table → its registry record (guild, open or closed, hand in progress).
    Tables,
    /// (guild, !balance, user) → nothing: the leaderboard index.
    Board,
    /// (guild, user) → player stats.
    Stats,
    /// (guild, user) → time of the last daily claim.
    Claims,
    /// Table → its settings record (opaque to the bank: the lobby's format).
    TableSettings,
    /// (table, hand) → the hand's public history (opaque to the bank: the lobby's format).
    HandHistories,
    /// (time used, guild, reference) → nothing: the order references are pruned in.
    ReferenceTimes,
    /// (guild, user, UTC day) → chips given and received by gifts that day (the daily caps).
    GiftTotals,
    /// User → the member's preferences (`MemberPreferences`), kept only when not the default.
    Preferences,
    /// Tournament → its record (`TournamentState`: entrants, stacks, level, places).
    Tournaments,
    /// Guild → which process runs its tables, and until when (`leases`; only with a store
    /// several processes share).
    Leases,
}

/// The key of the count of batches written, in `Tree::Meta`: written by every batch, so
/// after a failed write the committer can tell whether the batch landed.
pub(crate) const BATCHES_KEY: &[u8] = b"batches";

impl Tree {
    pub const ALL: [Tree; 16] = [
        Tree::Meta,
        Tree::Balances,
        Tree::Ledger,
        Tree::References,
        Tree::Hands,
        Tree::Tables,
        Tree::Board,
        Tree::Stats,
        Tree::Claims,
        Tree::TableSettings,
        Tree::HandHistories,
        Tree::ReferenceTimes,
        Tree::GiftTotals,
        Tree::Preferences,
        Tree::Tournaments,
        Tree::Leases,
    ];

    fn index(self) -> usize {
        self as usize
    }

    /// The tree's number in a PostgreSQL database (`studbot.trees`): part of its format.
    pub fn code(self) -> i16 {
        self as i16
    }

    /// The tree with this [`Tree::name`].
    pub fn named(name: &str) -> Option<Tree> {
        Tree::ALL.into_iter().find(|tree| tree.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Tree::Meta => "meta",
            Tree::Balances => "balances",
            Tree::Ledger => "ledger",
            Tree::References => "references",
            Tree::Hands => "hands",
            Tree::Tables => "tables",
            Tree::Board => "board",
            Tree::Stats => "stats",
            Tree::Claims => "claims",
            Tree::TableSettings => "table_settings",
            Tree::HandHistories => "hand_histories",
            Tree::ReferenceTimes => "reference_times",
            Tree::GiftTotals => "gift_totals",
            Tree::Preferences => "preferences",
            Tree::Tournaments => "tournaments",
            Tree::Leases => "leases",
        }
    }
}

#[derive(Debug, Error)]
#[error("{0}")]
pub struct StoreError(pub String);

/// One key to set (`Some`) or delete (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    pub tree: Tree,
    pub key: Vec<u8>,
    pub value: Option<Vec<u8>>,
}

pub type KeyValue = (Vec<u8>, Vec<u8>);
pub type Scan<'a> = Box<dyn Iterator<Item = Result<KeyValue, StoreError>> + 'a>;

/// What the bank needs from a store: its reads ([`Reads`]) and these.
pub trait Store: Reads + Send + Sync + 'static {
    /// Applies every write or none of them, atomically also across a crash.
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError>;
    /// Makes every applied write durable.
    fn flush(&self) -> Result<(), StoreError>;
    /// True when the store holds no key at all (a new database).
    fn is_empty(&self) -> Result<bool, StoreError>;
    /// The transactions of a store several processes write at once; `None` (the default)
    /// for a store the bank's committer is the only writer of.
    fn shared(&self) -> Option<&dyn SharedStore> {
        None
    }
}

/// Point reads and ordered scans: of a store, or inside one of its transactions.
pub trait Reads {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError>;
    /// Keys starting with `prefix`, in key order.
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_>;
    /// Keys from `start` (inclusive) on, in key order.
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_>;
    /// Keys from `start` (inclusive) to `end` (exclusive), in key order. A store whose reads
    /// inside a transaction lock what they read (PostgreSQL) reads no key past `end`: a range
    /// of one table's keys must not hold up another process working on the next table.
    fn scan_between(&self, tree: Tree, start: &[u8], end: &[u8]) -> Scan<'_> {
        let end = end.to_vec();
        Box::new(
            self.scan_from(tree, start)
                .take_while(move |item| !matches!(item, Ok((key, _)) if *key >= end)),
        )
    }
}

/// A store several processes write at once: each batch is read and written in one of its
/// transactions, which the store keeps isolated from every other writer's (a transaction
/// that would see another writer's changes half-way is refused as a
/// [`CommitError::Conflict`]).
pub trait SharedStore: Send + Sync {
    /// Begins the transaction one batch is read and written in.
    fn begin(&self) -> Result<Box<dyn Transaction + '_>, CommitError>;
    /// A consistent view of the whole store as of now, for an audit or a backup while other
    /// writers go on.
    fn snapshot(&self) -> Result<Box<dyn Reads + '_>, StoreError>;
    /// This process's number among the store's writers: new at every opening, never used
    /// again, and known to be live while the store is open here (see [`SharedStore::is_live`]).
    fn holder(&self) -> u64;
    /// Whether the writer numbered `holder` still runs; false for certain once it stopped
    /// (even by a crash), so a lease it held may be taken over at once.
    fn is_live(&self, holder: u64) -> Result<bool, StoreError>;
    /// One transaction for a whole bank written at once (a restore, a migration), in chunks:
    /// nothing of it is written unless it commits.
    fn load(&self) -> Result<Box<dyn Load + '_>, StoreError>;
    /// The bytes the store's database takes on disk.
    fn disk_bytes(&self) -> Result<u64, StoreError>;
    /// Waits for, then holds until the guard is dropped, the store's lock of opening: one
    /// process at a time prepares and migrates the bank, so a process opening an older bank
    /// while another migrates it finds it migrated, and never converts or indexes records
    /// the other already changed.
    fn hold_opening(&self) -> Result<Box<dyn Send>, StoreError>;
}

/// A whole bank being written in one transaction ([`SharedStore::load`]); dropped without
/// [`Load::commit`], nothing of it is written.
pub trait Load {
    /// Writes a chunk of keys.
    fn write(&mut self, writes: &[Write]) -> Result<(), StoreError>;
    /// What the transaction holds so far, its own writes included (to audit before commit).
    fn reads(&self) -> &dyn Reads;
    fn commit(self: Box<Self>) -> Result<(), StoreError>;
}

/// Keys and ranges a batch's operations are known to read before they are drafted
/// ([`Transaction::prefetch`]).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Prefetch {
    /// Point reads: (tree, key).
    pub keys: Vec<(Tree, Vec<u8>)>,
    /// Range reads as [`Reads::scan_between`] makes them: (tree, start, end).
    pub ranges: Vec<(Tree, Vec<u8>, Vec<u8>)>,
}

impl Prefetch {
    pub fn key(&mut self, tree: Tree, key: Vec<u8>) {
        self.keys.push((tree, key));
    }

    /// A range; an empty one (`start >= end`) is never read, so it is not asked for.
    pub fn range(&mut self, tree: Tree, start: Vec<u8>, end: Vec<u8>) {
        if start < end {
            self.ranges.push((tree, start, end));
        }
    }
}

/// One batch's transaction: nothing another writer commits meanwhile changes what it read.
pub trait Transaction: Reads {
    /// Reads `wanted` ahead, in as few round trips as the store can, so that the batch's
    /// reads of those keys and ranges are answered without one each: what each later read
    /// answers is what it would have read itself in this transaction (the same rows, locked
    /// alike). A store whose reads cost no round trip ignores it (the default).
    fn prefetch(&self, wanted: &Prefetch) {
        let _ = wanted;
    }

    /// Applies `writes` and commits them: durable once it answers `Ok`. A read that failed
    /// earlier in the transaction (a conflict, a lost connection) fails the commit the same
    /// way, writing nothing.
    fn commit(self: Box<Self>, writes: &[Write]) -> Result<(), CommitError>;
}

/// Why a shared store's transaction did not commit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommitError {
    /// Another writer's transaction conflicted with this one: nothing was written, and the
    /// batch is to be drafted again from fresh reads.
    #[error("a concurrent transaction conflicted, nothing was written: {0}")]
    Conflict(String),
    /// Nothing was written: the store could not be reached (it may be back in a moment).
    #[error("nothing was written: {0}")]
    NotWritten(String),
    /// Nothing was written: the store refused what the batch wrote (trying again would not
    /// change its answer).
    #[error("the store refused the batch, nothing was written: {0}")]
    Refused(String),
    /// The commit was sent, but whether it was applied cannot be learned.
    #[error("the store cannot tell whether the batch was written: {0}")]
    Unknown(String),
}

/// A stored record as JSON an operator reads with plain SQL, for a store that keeps one
/// beside each value (PostgreSQL). Given by the bank's upper layers, which know the records:
/// the store knows none.
pub trait Describe: Send + Sync {
    /// The record under `key` of `tree` as a JSON object, or `None` when there is nothing
    /// to show (an index entry, a record of another program's format).
    fn describe(&self, tree: Tree, key: &[u8], value: &[u8]) -> Option<String>;
    /// The views over the records' JSON an operator queries: (name, `SELECT …`) each. Their
    /// table is `studbot.kv` (columns `tree`, `key`, `value`, `doc`), `tree` a tree's
    /// [`Tree::code`].
    fn views(&self) -> Vec<(&'static str, String)>;
}
