//! The books in memory for the operations' own tests: a [`Store`] over a map, and [`Books`],
//! which runs one operation at a time through `ops::run` as the committer does (its draft
//! applied when accepted, dropped when refused) with no thread, no disk and no clock. A
//! mutant of an operation then costs only the lib's test binary (seconds), not the bank's
//! and the lobby's integration tests.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::{BeginHand, BuyIn, Operation, SettleHand, run};
use crate::bank::accounts::{self, Account};
use crate::bank::audit::audit_store;
use crate::bank::ledger::{self, Draft, LedgerEntry, Overlay};
use crate::bank::store::{Reads, Scan, Store, StoreError, Tree, Write};
use crate::bank::tables::{self, HandRecord, RegisteredTable, hand_key};
use crate::bank::{BankError, EconomyConfig, GuildId, SeatOutcome, TableId, UserId, encoding};

type Keys = BTreeMap<(Tree, Vec<u8>), Vec<u8>>;

/// Every key of every tree in one ordered map.
#[derive(Default)]
pub(super) struct MemoryStore(Mutex<Keys>);

impl MemoryStore {
    fn keys(&self) -> std::sync::MutexGuard<'_, Keys> {
        // A test that panicked holding the lock has already failed.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn rows(&self, tree: Tree, from: &[u8], prefix: Option<&[u8]>) -> Scan<'_> {
        let rows: Vec<_> = self
            .keys()
            .range((tree, from.to_vec())..)
            .take_while(|((found, key), _)| {
                *found == tree && prefix.is_none_or(|prefix| key.starts_with(prefix))
            })
            .map(|((_, key), value)| Ok((key.clone(), value.clone())))
            .collect();
        Box::new(rows.into_iter())
    }
}

impl Reads for MemoryStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.keys().get(&(tree, key.to_vec())).cloned())
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        self.rows(tree, prefix, Some(prefix))
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        self.rows(tree, start, None)
    }
}

impl Store for MemoryStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        let mut keys = self.keys();
        for write in writes {
            let key = (write.tree, write.key.clone());
            match &write.value {
                Some(value) => keys.insert(key, value.clone()),
                None => keys.remove(&key),
            };
        }
        Ok(())
    }

    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.keys().is_empty())
    }
}

/// The guild and the table the operations' tests play at.
pub(super) const GUILD: GuildId = GuildId(7);
pub(super) const TABLE: TableId = TableId(100);

/// 2024-01-01 00:00 UTC, where the books' clock starts.
pub(super) const NOW_MS: u64 = 1_704_067_200_000;

/// A bank's books in memory, written by one operation at a time.
pub(super) struct Books {
    store: MemoryStore,
    next_seq: u64,
    pub now_unix_ms: u64,
    pub config: EconomyConfig,
    /// The writer the books run as, as a store several processes share numbers it
    /// (`bank::leases`); `None`, the store's only writer, unless a test sets it.
    pub holder: Option<u64>,
}

impl Books {
    pub fn new() -> Books {
        Books::with(EconomyConfig::default())
    }

    pub fn with(config: EconomyConfig) -> Books {
        Books {
            store: MemoryStore::default(),
            next_seq: 1,
            now_unix_ms: NOW_MS,
            config,
            holder: None,
        }
    }

    /// Runs `op` as the committer would, alone in its batch: its writes are applied only
    /// when it is accepted.
    pub fn run<O: Operation>(&mut self, op: O) -> Result<O::Output, BankError> {
        let batch = Overlay::new();
        let mut draft = Draft::new(&self.store, &batch, self.next_seq, self.now_unix_ms);
        draft.holder = self.holder;
        let answer = run(op, &mut draft, &self.config)?;
        let (writes, next_seq) = draft.finish();
        self.store
            .apply(&ledger::into_writes(writes))
            .map_err(BankError::from)?;
        self.next_seq = next_seq;
        Ok(answer)
    }

    /// Writes through a draft with no operation's checks: a record as an older version
    /// left it.
    pub fn write(&mut self, write: impl FnOnce(&mut Draft<'_>)) {
        let batch = Overlay::new();
        let mut draft = Draft::new(&self.store, &batch, self.next_seq, self.now_unix_ms);
        draft.holder = self.holder;
        write(&mut draft);
        let (writes, next_seq) = draft.finish();
        self.store
            .apply(&ledger::into_writes(writes))
            .expect("the books take the writes");
        self.next_seq = next_seq;
    }

    /// Runs `op`, which must be refused, and checks the refusal wrote nothing.
    pub fn refused<O: Operation>(&mut self, op: O) -> BankError
    where
        O::Output: std::fmt::Debug,
    {
        let before = self.snapshot();
        let refusal = match self.run(op) {
            Ok(answer) => panic!("accepted, answering {answer:?}"),
            Err(refusal) => refusal,
        };
        assert!(self.snapshot() == before, "a refusal wrote something");
        refusal
    }

    /// The store under the books, for raw writes (a record damaged on disk) and reads.
    pub fn store(&self) -> &MemoryStore {
        &self.store
    }

    /// Every key the books hold, to compare before and after.
    pub fn snapshot(&self) -> Keys {
        self.store.keys().clone()
    }

    /// Reads through a draft over the stored books (nothing pending).
    pub fn read<T>(&self, read: impl FnOnce(&Draft<'_>) -> Result<T, BankError>) -> T {
        let batch = Overlay::new();
        let draft = Draft::new(&self.store, &batch, self.next_seq, self.now_unix_ms);
        match read(&draft) {
            Ok(value) => value,
            Err(error) => panic!("reading the books: {error}"),
        }
    }

    pub fn chips(&self, account: Account) -> u64 {
        self.read(|draft| accounts::chips(draft, account))
    }

    pub fn player(&self, user: u64) -> u64 {
        self.chips(Account::Player {
            guild: GUILD,
            user: UserId(user),
        })
    }

    pub fn seat(&self, user: u64) -> u64 {
        self.chips(Account::Seat {
            table: TABLE,
            user: UserId(user),
        })
    }

    /// `user`'s stats in `GUILD`, as the books hold them.
    pub fn stats(&self, user: u64) -> crate::bank::PlayerStats {
        match crate::bank::stats::read(&self.store, GUILD, UserId(user)) {
            Ok(stats) => stats,
            Err(error) => panic!("reading the stats: {error}"),
        }
    }

    /// The house's record in `GUILD` (its balance left at 0: read it with `chips`).
    pub fn house(&self) -> crate::bank::HouseStats {
        match crate::bank::house::read(&self.store, GUILD) {
            Ok(house) => house,
            Err(error) => panic!("reading the house's record: {error}"),
        }
    }

    /// The mint's balance: minus every chip it created.
    pub fn mint(&self) -> i128 {
        self.read(|draft| accounts::stored_balance(draft, Account::Mint { guild: GUILD }))
            .unwrap_or(0)
    }

    /// The ledger, oldest first.
    pub fn ledger(&self) -> Vec<LedgerEntry> {
        self.read(|draft| {
            draft
                .scan_prefix(Tree::Ledger, &[])?
                .into_iter()
                .map(|(key, value)| {
                    let seq = ledger::decode_u64(&key)
                        .ok_or_else(|| BankError::Storage("a corrupt ledger key".into()))?;
                    encoding::decode_entry(seq, &value)
                })
                .collect()
        })
    }

    /// The audit finds nothing broken: every chip accounted for.
    pub fn assert_balanced(&self) {
        match audit_store(&self.store) {
            Ok(report) => assert!(report.ok, "audit breaks: {:?}", report.breaks),
            Err(error) => panic!("the audit failed: {error}"),
        }
    }
}

/// A seat's outcome with no pot won.
pub(super) fn outcome(user: u64, start: u64, end: u64) -> SeatOutcome {
    SeatOutcome {
        user: UserId(user),
        start,
        end,
        won_high: false,
        won_low: false,
        scooped: false,
    }
}

impl Books {
    /// Seats `user` at `TABLE` with `amount` from their balance (must go through).
    pub fn buy_in(&mut self, user: u64, amount: u64) {
        let reference = format!("buy-in {user} {}", self.next_seq);
        let bought = self.run(BuyIn {
            guild: GUILD,
            table: TABLE,
            user: UserId(user),
            amount,
            reference,
        });
        assert!(bought.is_ok(), "the buy-in was refused: {bought:?}");
    }

    pub fn begin(&mut self, hand: u64) -> Result<(), BankError> {
        self.run(BeginHand {
            guild: GUILD,
            table: TABLE,
            hand,
        })
    }

    pub fn settle(&mut self, hand: u64, outcomes: &[SeatOutcome]) -> Result<(), BankError> {
        self.run(SettleHand {
            guild: GUILD,
            table: TABLE,
            hand,
            outcomes: outcomes.to_vec(),
            history: None,
        })
    }

    /// `TABLE`'s registry record, if the bank knows it.
    pub fn table(&self) -> Option<RegisteredTable> {
        self.read(|draft| tables::read_table(draft, TABLE))
    }

    /// The marker of `TABLE`'s hand, if kept.
    pub fn hand(&self, hand: u64) -> Option<HandRecord> {
        self.read(|draft| draft.get_record(Tree::Hands, &hand_key(TABLE, hand)))
    }
}
