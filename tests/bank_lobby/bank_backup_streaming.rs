//! Backups streamed beside the committer: the committer answers settlements while a backup
//! reads the store, the file is the bank as the backup began (checked against the live
//! ledger) and audits clean; a file of the first format still restores, and one cut short is
//! refused and creates nothing.
//!
//! A store wrapper holds the backup's scan of the ledger mid-tree, so what happens while a
//! backup reads is decided by the test, not by timing.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use studbot::bank::backup::{self, BackupError};
use studbot::bank::store::{Reads, Scan, SledStore, Store, StoreError, Tree, Write};
use studbot::bank::{
    Account, Bank, EconomyConfig, GuildId, LedgerEntry, SeatOutcome, SystemClock, TableId, UserId,
};
use tokio::sync::{mpsc as tokio_mpsc, watch};

const GUILD: GuildId = GuildId(9);
const TABLE: TableId = TableId(900);
const PLAYERS: [UserId; 2] = [UserId(91), UserId(92)];
/// A deadline for what must happen, never a wait for it: reached only when something is stuck.
const STUCK: Duration = Duration::from_secs(30);

/// Holds full scans of the ledger after their first entry, `holds` times, each until released.
struct Gate {
    holds: AtomicUsize,
    reached: tokio_mpsc::UnboundedSender<()>,
    release: Mutex<mpsc::Receiver<()>>,
}

impl Gate {
    fn hold(&self) {
        let held = self
            .holds
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                left.checked_sub(1)
            });
        if held.is_ok() {
            let _ = self.reached.send(());
            let release = self
                .release
                .lock()
                .unwrap_or_else(|poison| poison.into_inner());
            // Bounded so that a test failing elsewhere does not leave a thread here for good.
            let _ = release.recv_timeout(STUCK);
        }
    }
}

/// A sled store whose full scans of the ledger stop at the gate.
struct GatedStore {
    inner: SledStore,
    gate: Arc<Gate>,
}

impl Reads for GatedStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(tree, key)
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        let scan = self.inner.scan_prefix(tree, prefix);
        if tree != Tree::Ledger || !prefix.is_empty() {
            return scan;
        }
        let gate = Arc::clone(&self.gate);
        Box::new(scan.enumerate().map(move |(index, item)| {
            if index == 1 {
                gate.hold();
            }
            item
        }))
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        self.inner.scan_from(tree, start)
    }
}

impl Store for GatedStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        self.inner.apply(writes)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.inner.flush()
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        self.inner.is_empty()
    }
}

struct Gated {
    bank: Bank,
    gate: Arc<Gate>,
    reached: tokio_mpsc::UnboundedReceiver<()>,
    release: mpsc::Sender<()>,
}

/// A bank over a gated store in `dir`, with two players seated at the table.
async fn gated_bank(dir: &Path) -> Gated {
    let (reached_tx, reached) = tokio_mpsc::unbounded_channel();
    let (release, release_rx) = mpsc::channel();
    let gate = Arc::new(Gate {
        holds: AtomicUsize::new(0),
        reached: reached_tx,
        release: Mutex::new(release_rx),
    });
    let store = GatedStore {
        inner: SledStore::open(dir, 1 << 20).expect("open the store"),
        gate: Arc::clone(&gate),
    };
    let bank = Bank::open_with_store(
        Arc::new(store),
        EconomyConfig::default(),
        Arc::new(SystemClock),
    )
    .await
    .expect("open the bank");
    for (seat, user) in PLAYERS.into_iter().enumerate() {
        bank.buy_in(GUILD, TABLE, user, 200, &format!("in-{seat}"))
            .await
            .expect("buy in");
    }
    Gated {
        bank,
        gate,
        reached,
        release,
    }
}

/// Plays hand `hand` at the table: each player puts in 2, one of them takes the pot.
async fn settle_one(bank: &Bank, hand: u64) -> Result<(), studbot::bank::BankError> {
    bank.begin_hand(GUILD, TABLE, hand).await?;
    let stacks = bank.table_stacks(TABLE).await?;
    let winner = usize::try_from(hand).unwrap_or(0) % stacks.len();
    let pot: u64 = stacks.iter().map(|&(_, start)| start.min(2)).sum();
    let outcomes: Vec<SeatOutcome> = stacks
        .iter()
        .enumerate()
        .map(|(seat, &(user, start))| {
            let lost = start.min(2);
            SeatOutcome {
                user,
                start,
                end: start - lost + if seat == winner { pot } else { 0 },
                won_high: false,
                won_low: false,
                scooped: false,
            }
        })
        .collect();
    bank.settle_hand(GUILD, TABLE, hand, &outcomes).await?;
    Ok(())
}

async fn live_ledger(bank: &Bank) -> Vec<LedgerEntry> {
    bank.ledger(1, usize::MAX).await.expect("the live ledger")
}

/// Every player's balance and every stack after `ledger`, those not zero.
fn balances_after(ledger: &[LedgerEntry]) -> BTreeMap<Account, i128> {
    let mut balances = BTreeMap::new();
    for entry in ledger {
        *balances.entry(entry.from).or_insert(0) -= i128::from(entry.amount);
        *balances.entry(entry.to).or_insert(0) += i128::from(entry.amount);
    }
    balances.retain(|account, balance| {
        matches!(account, Account::Player { .. } | Account::Seat { .. }) && *balance != 0
    });
    balances
}

/// Restores `file` into `target`, checks its audit, and compares it with `live`: its ledger is
/// the live one's first entries, and each balance and stack is the one those entries give.
/// Answers how many entries it holds.
async fn restored_matches_live(file: &Path, target: &Path, live: &[LedgerEntry]) -> usize {
    backup::restore(file, target).expect("the backup restores");
    let report = studbot::bank::audit_data_dir(&target.join("bank")).expect("audit runs");
    assert!(report.ok, "the restored books balance: {report:?}");
    let restored = Bank::open(&target.join("bank"), EconomyConfig::default())
        .await
        .expect("the restored bank opens");
    let ledger = live_ledger(&restored).await;
    assert!(ledger.len() <= live.len());
    assert_eq!(
        ledger[..],
        live[..ledger.len()],
        "the live ledger up to the snapshot"
    );
    let mut found = BTreeMap::new();
    for (user, stack) in restored.table_stacks(TABLE).await.expect("stacks") {
        found.insert(Account::Seat { table: TABLE, user }, i128::from(stack));
    }
    for user in PLAYERS {
        let balance = restored.balance(GUILD, user).await.expect("balance");
        found.insert(Account::Player { guild: GUILD, user }, i128::from(balance));
    }
    found.retain(|_, balance| *balance != 0);
    assert_eq!(
        found,
        balances_after(&ledger),
        "every balance and stack is the ledger's"
    );
    restored.shutdown().await.expect("close the restored bank");
    ledger.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_committer_answers_settlements_while_a_backup_reads_the_store() {
    let root = tempfile::tempdir().expect("tempdir");
    let mut gated = gated_bank(&root.path().join("live")).await;
    for hand in 1..=3 {
        settle_one(&gated.bank, hand).await.expect("settle");
    }
    let before = live_ledger(&gated.bank).await;
    // Every scan the backup makes of the ledger is held until a settlement is answered.
    gated.gate.holds.store(usize::MAX, Ordering::SeqCst);
    let file = root.path().join("held.studbot-backup");
    let mut taken = tokio::spawn({
        let bank = gated.bank.clone();
        let file = file.clone();
        async move { bank.backup(&file).await }
    });
    let mut scans = 0;
    let mut hand = 3;
    let summary = loop {
        let reached = tokio::select! {
            taken = &mut taken => break taken.expect("the backup task").expect("the backup"),
            reached = tokio::time::timeout(STUCK, gated.reached.recv()) => reached,
        };
        assert!(
            matches!(reached, Ok(Some(()))),
            "the backup neither ended nor read"
        );
        scans += 1;
        hand += 1;
        let settled = tokio::time::timeout(STUCK, settle_one(&gated.bank, hand)).await;
        let _ = gated.release.send(());
        assert!(
            matches!(settled, Ok(Ok(()))),
            "a settlement while the backup read the store (scan {scans}) was answered: \
             {settled:?}"
        );
    };
    gated.gate.holds.store(0, Ordering::SeqCst);
    assert_eq!(scans, 1, "the backup read the ledger once, never again");
    let live = live_ledger(&gated.bank).await;
    assert!(
        live.len() > before.len(),
        "the settlement landed during the backup"
    );
    let held = restored_matches_live(&file, &root.path().join("restored"), &live).await;
    assert_eq!(
        held,
        before.len(),
        "the backup is the bank as it began (batch {}), without the settlement made while it read",
        summary.batches
    );
    gated.bank.shutdown().await.expect("shut down");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_settlements_go_on_is_the_bank_as_the_backup_began() {
    let root = tempfile::tempdir().expect("tempdir");
    let mut gated = gated_bank(&root.path().join("live")).await;
    let (settled_tx, mut settled) = watch::channel(0u64);
    let (stop, stopped) = watch::channel(false);
    let table = tokio::spawn({
        let bank = gated.bank.clone();
        async move {
            let mut hand = 0;
            while !*stopped.borrow() {
                hand += 1;
                settle_one(&bank, hand)
                    .await
                    .expect("a settlement during the backup");
                settled_tx.send_replace(hand);
            }
        }
    });
    let after = |count: u64| move |hands: &u64| *hands >= count;
    tokio::time::timeout(STUCK, settled.wait_for(after(3)))
        .await
        .expect("hands settle")
        .expect("the table plays");
    gated.gate.holds.store(1, Ordering::SeqCst);
    let at_call = live_ledger(&gated.bank).await.len();
    let file = root.path().join("busy.studbot-backup");
    let taken = tokio::spawn({
        let bank = gated.bank.clone();
        let file = file.clone();
        async move { bank.backup(&file).await }
    });
    let reached = tokio::time::timeout(STUCK, gated.reached.recv()).await;
    assert!(
        matches!(reached, Ok(Some(()))),
        "the backup reads the ledger"
    );
    // The backup has begun; two more hands settle while it is held mid-ledger.
    let at_scan = live_ledger(&gated.bank).await.len();
    let hands_at_scan = *settled.borrow();
    let more = tokio::time::timeout(STUCK, async {
        settled
            .wait_for(after(hands_at_scan + 2))
            .await
            .map(|hands| *hands)
    })
    .await;
    let _ = gated.release.send(());
    assert!(
        matches!(more, Ok(Ok(_))),
        "hands settle while the backup reads"
    );
    let summary = tokio::time::timeout(STUCK, taken)
        .await
        .expect("the backup ends")
        .expect("the backup task")
        .expect("the backup");
    stop.send_replace(true);
    table.await.expect("the table played");
    let live = live_ledger(&gated.bank).await;
    let held = restored_matches_live(&file, &root.path().join("restored"), &live).await;
    assert!(
        (at_call..=at_scan).contains(&held),
        "the backup (batch {}) holds the ledger as it began: {held} entries, between {at_call} \
         when it was asked for and {at_scan} when it was reading; {} now",
        summary.batches,
        live.len()
    );
    gated.bank.shutdown().await.expect("shut down");
}

#[tokio::test]
async fn a_backup_of_the_first_format_still_restores() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/backup/format1.studbot-backup");
    let root = tempfile::tempdir().expect("tempdir");
    let target = root.path().join("restored");
    let summary = backup::restore(&fixture, &target).expect("a format 1 file restores");
    assert_eq!(
        (summary.format, summary.schema, summary.batches),
        (1, 2, 20)
    );
    let report = studbot::bank::audit_data_dir(&target.join("bank")).expect("audit runs");
    assert!(report.ok, "{report:?}");
    assert_eq!(
        (report.ledger_entries, report.player_chips, report.sum),
        (21, 3000, 0)
    );
    let restored = Bank::open(&target.join("bank"), EconomyConfig::default())
        .await
        .expect("the restored bank opens");
    assert_eq!(live_ledger(&restored).await.len(), 21);
    restored.shutdown().await.expect("close");
}

#[tokio::test]
async fn a_backup_cut_short_is_refused_and_nothing_is_created() {
    let root = tempfile::tempdir().expect("tempdir");
    let gated = gated_bank(&root.path().join("live")).await;
    for hand in 1..=3 {
        settle_one(&gated.bank, hand).await.expect("settle");
    }
    let file = root.path().join("whole.studbot-backup");
    let summary = gated.bank.backup(&file).await.expect("the backup");
    gated.bank.shutdown().await.expect("shut down");
    assert_eq!(summary.format, backup::BACKUP_FORMAT);
    let bytes = std::fs::read(&file).expect("read");
    assert_eq!(bytes.len() as u64, summary.bytes);
    let end_marker = b"studbot-backup-end\n".len() + 32;
    for kept in [bytes.len() / 2, bytes.len() - end_marker, bytes.len() - 1] {
        let cut = root.path().join(format!("cut-{kept}.studbot-backup"));
        std::fs::write(&cut, &bytes[..kept]).expect("write");
        let target = root.path().join(format!("target-{kept}"));
        let refused = backup::restore(&cut, &target);
        let Err(BackupError::Damaged { why, .. }) = &refused else {
            panic!(
                "a file cut to {kept} of {} bytes is refused: {refused:?}",
                bytes.len()
            );
        };
        assert!(
            why.contains("cut short") || why.contains("checksum"),
            "{kept} bytes: {why}"
        );
        assert!(!target.exists(), "nothing is created from a file cut short");
    }
    let cut = root.path().join("no-end.studbot-backup");
    std::fs::write(&cut, &bytes[..bytes.len() - end_marker]).expect("write");
    let refused = backup::restore(&cut, &root.path().join("target")).map(|_| ());
    let message = refused.expect_err("refused").to_string();
    assert!(
        message.contains("cut short: it has no end marker")
            && message.contains("nothing was restored"),
        "{message}"
    );
    let target = root.path().join("whole");
    backup::restore(&file, &target).expect("the whole file restores");
}
