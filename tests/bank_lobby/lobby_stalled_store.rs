//! A store that stalls longer than the bank's timeout, then recovers: what players are told is
//! what the bank did. A hand whose settlement is unconfirmed is shown as settling (never as
//! cancelled and refunded), its result comes once the bank confirms it, stacks agree with the
//! bank's escrow, the audit passes, and the table plays on without a restart. The same for a
//! stalled begin and a stalled cash-out.

use crate::lobby_common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use lobby_common::*;
use studbot::bank::store::{Reads, Scan, SledStore, Store, StoreError, Tree, Write};
use studbot::bank::{Bank, EconomyConfig, SystemClock, UserId};
use studbot::lobby::{
    Departure, HandSummary, LobbyConfig, LobbyError, Notice, NoticeBody, NoticeReceiver,
    TableHandle, TableMessage,
};
use studbot::table::hand::ActionKind;

/// The bank's store timeout in these tests (on tokio's paused clock).
const TIMEOUT: Duration = Duration::from_secs(1);

/// sled whose writes wait while the gate is closed: a store stalled past the bank's timeout.
struct GatedStore {
    inner: SledStore,
    closed: Mutex<bool>,
    opened: Condvar,
    /// Writes waiting at the closed gate.
    waiting: AtomicUsize,
    /// Of those, the ones that record stats: only a hand's settlement does.
    settlements_waiting: AtomicUsize,
}

impl GatedStore {
    fn set_closed(&self, closed: bool) {
        *self.closed.lock().unwrap() = closed;
        self.opened.notify_all();
    }

    /// Waits (real time, with a deadline) until a write is held at the gate.
    async fn until_a_write_waits(&self) {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while self.waiting.load(Ordering::SeqCst) == 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "no bank write reached the stalled store within 20 s"
            );
            tokio::task::yield_now().await;
            std::thread::yield_now();
        }
    }
}

impl Reads for GatedStore {
    fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(tree, key)
    }
    fn scan_prefix(&self, tree: Tree, prefix: &[u8]) -> Scan<'_> {
        self.inner.scan_prefix(tree, prefix)
    }
    fn scan_from(&self, tree: Tree, start: &[u8]) -> Scan<'_> {
        self.inner.scan_from(tree, start)
    }
}

impl Store for GatedStore {
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        let mut closed = self.closed.lock().unwrap();
        if *closed {
            let settlement = writes.iter().any(|write| write.tree == Tree::Stats);
            if settlement {
                self.settlements_waiting.fetch_add(1, Ordering::SeqCst);
            }
            self.waiting.fetch_add(1, Ordering::SeqCst);
            while *closed {
                closed = self.opened.wait(closed).unwrap();
            }
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            if settlement {
                self.settlements_waiting.fetch_sub(1, Ordering::SeqCst);
            }
        }
        drop(closed);
        self.inner.apply(writes)
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.inner.flush()
    }
    fn is_empty(&self) -> Result<bool, StoreError> {
        self.inner.is_empty()
    }
}

struct Stalled {
    _dir: tempfile::TempDir,
    _clock: ClockHold,
    store: Arc<GatedStore>,
    bank: Bank,
    table: TableHandle,
    notices: NoticeReceiver,
    /// Every notice the channel and the players got, in order.
    seen: Vec<Notice>,
}

/// Awaits `work`, the clock moving a bank timeout at a time until it is done.
async fn as_time_passes<T>(work: impl Future<Output = T>) -> T {
    let started = std::time::Instant::now();
    tokio::pin!(work);
    loop {
        tokio::select! {
            biased;
            done = &mut work => return done,
            () = tokio::time::advance(TIMEOUT) => {}
        }
        assert!(
            started.elapsed() < TEST_DEADLINE,
            "waited {TEST_DEADLINE:?} of real time while the clock moved"
        );
    }
}

async fn stalled_table(seed: u64) -> Stalled {
    let clock = hold_clock();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(GatedStore {
        inner: SledStore::open(dir.path(), 1 << 20).unwrap(),
        closed: Mutex::new(false),
        opened: Condvar::new(),
        waiting: AtomicUsize::new(0),
        settlements_waiting: AtomicUsize::new(0),
    });
    let economy = EconomyConfig {
        store_timeout_ms: u64::try_from(TIMEOUT.as_millis()).unwrap(),
        ..EconomyConfig::default()
    };
    let bank = Bank::open_with_store(store.clone(), economy, Arc::new(SystemClock))
        .await
        .unwrap();
    let config = LobbyConfig {
        deck_seed: Some(seed),
        ..LobbyConfig::default()
    };
    let lobby = restart_lobby_without_settings(&bank, config).await;
    let table = lobby.open_table(GUILD, TABLE, settings()).await.unwrap();
    let notices = table.subscribe().await.unwrap();
    for player in [ANA, BEN] {
        seat_player(&table, player, 200).await;
    }
    Stalled {
        _dir: dir,
        _clock: clock,
        store,
        bank,
        table,
        notices,
        seen: Vec::new(),
    }
}

impl Stalled {
    /// Plays hand 1 passively up to the first offer to fold, stalls the store, and folds in
    /// a task (heads-up, the fold ends the hand); returns once the settlement waits at the
    /// store's gate. The task answers the fold.
    async fn fold_into_a_stalled_settlement(
        &mut self,
    ) -> tokio::task::JoinHandle<Result<u32, studbot::lobby::LobbyError>> {
        let mut steps = Steps::until("an offer to fold");
        let offer = loop {
            steps.step();
            let notice = self.next().await;
            if let NoticeBody::YourTurn(offer) = &notice.body {
                if offers(offer, ActionKind::Fold) {
                    break (**offer).clone();
                }
                take(&self.table, offer, passive(offer)).await;
            }
        };
        self.store.set_closed(true);
        let table = self.table.clone();
        let fold = tokio::spawn(async move {
            table
                .act(offer.user, 1, offer.action_seq, ActionKind::Fold)
                .await
        });
        self.store.until_a_write_waits().await;
        // A settlement the bank refused writes nothing; the write held is then the table's
        // cancel of the hand, which waits at the gate for as long as the test keeps it shut.
        assert!(
            self.store.settlements_waiting.load(Ordering::SeqCst) > 0,
            "the write held at the stalled store is not the hand's settlement: the bank \
             answered the settlement without writing (refused it)"
        );
        fold
    }

    async fn next(&mut self) -> Notice {
        let notice = next(&mut self.notices).await;
        self.seen.push(notice.clone());
        notice
    }

    /// Stalls the store behind another write: the committer has taken it up and it waits at
    /// the gate, so requests the table sends meanwhile stay queued past the bank's timeout
    /// (the bank then withdraws them and answers `Timeout`).
    async fn stall_behind_another_write(&self) {
        self.store.set_closed(true);
        let bank = self.bank.clone();
        tokio::spawn(async move { bank.open_table(GUILD, studbot::bank::TableId(999)).await });
        self.store.until_a_write_waits().await;
    }

    /// Runs `command` while the store is stalled behind another write; the clock moves a
    /// timeout at a time until the command answers.
    async fn stalled<T>(&self, command: impl Future<Output = T>) -> T {
        self.stall_behind_another_write().await;
        as_time_passes(command).await
    }

    /// Waits, the clock moving, for the table's "settling…" message; returns its hand.
    /// A result before it fails the test: the bank has not confirmed the settlement.
    async fn until_settling_is_shown(&mut self) -> u64 {
        let mut steps = Steps::until("the settling message");
        loop {
            steps.step();
            match self.next_as_time_passes().await.body {
                NoticeBody::Table(TableMessage::Settling { hand }) => return hand,
                NoticeBody::HandResult(_) => panic!("a result before the bank confirmed it"),
                _ => {}
            }
        }
    }

    /// The next notice, the clock moving a bank timeout at a time until it comes.
    async fn next_as_time_passes(&mut self) -> Notice {
        let notice = as_time_passes(next(&mut self.notices)).await;
        self.seen.push(notice.clone());
        notice
    }

    /// Plays passively until the hand's result; folds when `fold` and folding is offered.
    async fn play_to_result(&mut self, hand: u64) -> Box<HandSummary> {
        for _ in 0..200 {
            let notice = self.next().await;
            match &notice.body {
                NoticeBody::YourTurn(offer) => {
                    take(&self.table, offer, passive(offer)).await;
                }
                NoticeBody::Table(TableMessage::NextHandIn { .. }) => advance_secs(5).await,
                NoticeBody::HandResult(summary) if summary.hand == hand => {
                    return summary.clone();
                }
                _ => {}
            }
        }
        panic!("hand {hand} did not end within 200 notices");
    }

    /// The escrow, the table's seats and `summary`'s end stacks all agree.
    async fn assert_stacks_agree(&self, summary: &HandSummary) {
        let mut escrow = self.bank.table_stacks(TABLE).await.unwrap();
        escrow.retain(|(_, stack)| *stack > 0);
        escrow.sort();
        let mut ended: Vec<(UserId, u64)> = summary
            .outcomes
            .iter()
            .filter(|outcome| outcome.end > 0)
            .map(|outcome| (outcome.user, outcome.end))
            .collect();
        ended.sort();
        assert_eq!(escrow, ended, "the bank's escrow and the announced result");
        let mut seated: Vec<(UserId, u64)> = self
            .table
            .status()
            .await
            .unwrap()
            .seats
            .iter()
            .filter(|seat| seat.stack > 0)
            .map(|seat| (seat.user, seat.stack))
            .collect();
        seated.sort();
        assert_eq!(seated, escrow, "the table's stacks and the bank's escrow");
        let audit = self.bank.audit().await.unwrap();
        assert!(audit.ok, "{:?}", audit.breaks);
    }

    fn told_cancelled(&self) -> bool {
        self.seen.iter().any(|notice| {
            matches!(
                notice.body,
                NoticeBody::Table(TableMessage::HandCancelled { .. })
            )
        })
    }
}

#[tokio::test(start_paused = true)]
async fn a_settlement_the_store_stalls_past_the_timeout_is_shown_settling_then_settled_and_play_goes_on()
 {
    let mut stalled = stalled_table(21).await;
    advance_secs(5).await;
    // Hand 1 until someone may fold: that fold ends it, and its settlement stalls.
    let mut steps = Steps::until("an offer to fold");
    let offer = loop {
        steps.step();
        let notice = stalled.next().await;
        if let NoticeBody::YourTurn(offer) = &notice.body {
            if offers(offer, ActionKind::Fold) {
                break (**offer).clone();
            }
            take(&stalled.table, offer, passive(offer)).await;
        }
    };
    let fold = stalled
        .table
        .act(offer.user, 1, offer.action_seq, ActionKind::Fold);
    stalled.stalled(fold).await.unwrap();
    // Told it is settling once the bank's timeout has passed; neither a result nor a refund,
    // since neither is known.
    assert_eq!(stalled.until_settling_is_shown().await, 1);
    assert!(!stalled.told_cancelled(), "told the hand was cancelled");
    let status = stalled.table.status().await.unwrap();
    assert!(status.settling && status.hand_in_progress);
    assert_eq!(status.hand, 1);

    // The store recovers; the stalled settlement commits; the table's next ask confirms it.
    stalled.store.set_closed(false);
    advance_secs(1).await;
    let summary = stalled.play_to_result(1).await;
    assert!(!stalled.told_cancelled(), "told the hand was cancelled");
    stalled.assert_stacks_agree(&summary).await;
    assert!(!stalled.table.status().await.unwrap().settling);

    // The table plays on by itself.
    let summary = stalled.play_to_result(2).await;
    stalled.assert_stacks_agree(&summary).await;
    assert!(!stalled.told_cancelled());
}

#[tokio::test(start_paused = true)]
async fn a_begin_the_store_stalls_is_told_as_waiting_for_the_bank_cancelled_before_the_next_hand_and_play_goes_on()
 {
    let mut stalled = stalled_table(22).await;
    let mut steps = Steps::until("the first hand was announced");
    loop {
        steps.step();
        if let NoticeBody::Table(TableMessage::NextHandIn { hand, .. }) = stalled.next().await.body
        {
            assert_eq!(hand, 1);
            break;
        }
    }
    // The first hand's begin queues behind the stalled store: players are told the table
    // waits for the bank, and nothing is dealt.
    stalled.stall_behind_another_write().await;
    let mut steps = Steps::until("the players were told the table waits for the bank");
    loop {
        steps.step();
        match stalled.next_as_time_passes().await.body {
            NoticeBody::Table(TableMessage::WaitingForBank { hand }) => {
                assert_eq!(hand, 1);
                break;
            }
            NoticeBody::Board(board) => panic!("hand {} was dealt unconfirmed", board.hand),
            _ => {}
        }
    }
    // The table is not stuck: status answers while the store still stalls, no hand in play.
    let status = as_time_passes(stalled.table.status()).await.unwrap();
    assert!(!status.hand_in_progress && !status.paused);
    // The store recovers. The table tries again within a second; the clock then stands still,
    // so the bank's answers come in time.
    stalled.store.set_closed(false);
    advance_secs(1).await;
    let mut steps = Steps::until("a hand was dealt");
    let first_dealt = loop {
        steps.step();
        if let NoticeBody::Board(board) = stalled.next().await.body {
            break board.hand;
        }
    };
    assert_eq!(
        first_dealt, 2,
        "hand 1 was cancelled, unseen; hand 2 is dealt"
    );
    let summary = stalled.play_to_result(2).await;
    stalled.assert_stacks_agree(&summary).await;
    let audit = stalled.bank.audit().await.unwrap();
    assert!(audit.hands_in_progress.is_empty());
    assert!(
        !stalled.told_cancelled(),
        "hand 1 was never dealt, so never cancelled aloud"
    );
}

#[tokio::test(start_paused = true)]
async fn a_begin_the_committer_took_up_is_waited_for_while_the_store_stalls_told_then_dealt() {
    let mut stalled = stalled_table(24).await;
    let mut steps = Steps::until("the first hand was announced");
    loop {
        steps.step();
        if let NoticeBody::Table(TableMessage::NextHandIn { .. }) = stalled.next().await.body {
            break;
        }
    }
    // Nothing ahead of it: the committer takes the begin up and the store holds its write.
    stalled.store.set_closed(true);
    advance_secs(5).await;
    stalled.store.until_a_write_waits().await;
    let mut steps = Steps::until("the players were told the table waits for the bank");
    loop {
        steps.step();
        match stalled.next_as_time_passes().await.body {
            NoticeBody::Table(TableMessage::WaitingForBank { hand }) => {
                assert_eq!(hand, 1);
                break;
            }
            NoticeBody::Board(board) => panic!("hand {} was dealt unconfirmed", board.hand),
            _ => {}
        }
    }
    // The store recovers: the begin it held took effect, so hand 1 is the one dealt.
    stalled.store.set_closed(false);
    let mut steps = Steps::until("a hand was dealt");
    let first_dealt = loop {
        steps.step();
        if let NoticeBody::Board(board) = stalled.next().await.body {
            break board.hand;
        }
    };
    assert_eq!(first_dealt, 1);
    let summary = stalled.play_to_result(1).await;
    stalled.assert_stacks_agree(&summary).await;
    assert!(!stalled.told_cancelled());
}

#[tokio::test(start_paused = true)]
async fn a_settlement_the_committer_took_up_is_shown_settling_on_the_tables_timer_then_settled() {
    let mut stalled = stalled_table(25).await;
    advance_secs(5).await;
    // Nothing ahead of it: the committer takes the settlement up and the store holds it.
    let fold = stalled.fold_into_a_stalled_settlement().await;
    assert_eq!(stalled.until_settling_is_shown().await, 1);
    stalled.store.set_closed(false);
    let summary = stalled.play_to_result(1).await;
    fold.await.unwrap().unwrap();
    assert!(!stalled.told_cancelled(), "told the hand was cancelled");
    stalled.assert_stacks_agree(&summary).await;
    let summary = stalled.play_to_result(2).await;
    stalled.assert_stacks_agree(&summary).await;
}

#[tokio::test(start_paused = true)]
async fn a_cash_out_the_store_stalls_is_not_reported_failed_and_pays_once_when_confirmed() {
    let mut stalled = stalled_table(23).await;
    stalled.table.pause().await.unwrap();
    let leave = stalled.table.leave(BEN);
    // Unconfirmed: Ben is told he leaves, not that it failed.
    assert_eq!(stalled.stalled(leave).await, Ok(Departure::AfterHand));
    let status = stalled.table.status().await.unwrap();
    let ben = status.seats.iter().find(|seat| seat.user == BEN).unwrap();
    assert_eq!(ben.status, studbot::lobby::SeatStatus::Leaving);
    stalled.store.set_closed(false);
    advance_secs(5).await;
    let mut steps = Steps::until("Ben left");
    let left = loop {
        steps.step();
        match stalled.next().await.body {
            NoticeBody::Table(TableMessage::Left {
                user: BEN,
                cashed_out,
            }) => break cashed_out,
            NoticeBody::Error { user: BEN, error } => panic!("Ben was told {error}"),
            _ => {}
        }
    };
    assert_eq!(left, 200);
    assert_eq!(stalled.bank.balance(GUILD, BEN).await.unwrap(), 1_000);
    assert!(
        stalled
            .table
            .status()
            .await
            .unwrap()
            .seats
            .iter()
            .all(|seat| seat.user != BEN)
    );
    let audit = stalled.bank.audit().await.unwrap();
    assert!(audit.ok, "{:?}", audit.breaks);
    assert_eq!(audit.escrow_chips, 200);
}

#[tokio::test(start_paused = true)]
async fn the_action_that_ends_a_hand_is_answered_while_its_settlement_waits_for_the_store() {
    let mut stalled = stalled_table(26).await;
    advance_secs(5).await;
    // The fold ends the hand; the store holds its settlement for as long as it stalls.
    let fold = stalled.fold_into_a_stalled_settlement().await;
    // The fold was taken: its click is answered while the settlement still waits.
    let waited_from = std::time::Instant::now();
    while !fold.is_finished() {
        assert!(
            waited_from.elapsed() < Duration::from_secs(20),
            "the fold that ended the hand was not answered within 20 s while the store stalled"
        );
        tokio::task::yield_now().await;
        std::thread::yield_now();
    }
    assert!(fold.await.unwrap().is_ok(), "the fold was refused");
    assert!(
        stalled.store.waiting.load(Ordering::SeqCst) > 0,
        "the settlement is still held by the store"
    );
    // Shown settling, and no result before the bank confirms the settlement.
    assert_eq!(stalled.until_settling_is_shown().await, 1);
    // The store recovers: the result comes, and bank, table and result agree.
    stalled.store.set_closed(false);
    let summary = stalled.play_to_result(1).await;
    assert!(!stalled.told_cancelled(), "told the hand was cancelled");
    stalled.assert_stacks_agree(&summary).await;
    let summary = stalled.play_to_result(2).await;
    stalled.assert_stacks_agree(&summary).await;
}

#[tokio::test(start_paused = true)]
async fn a_close_during_a_runout_whose_settlement_the_bank_does_not_confirm_is_refused_not_refunded()
 {
    let mut stalled = stalled_table(23).await;
    advance_secs(5).await;
    let hand = play_until_all_in(&stalled.table, &mut stalled.notices).await;
    next_dealt_out_board(&mut stalled.notices)
        .await
        .expect("the hand is dealt out");

    let refused = stalled.stalled(stalled.table.close()).await;
    assert!(
        matches!(refused, Err(LobbyError::Bank { .. })),
        "{refused:?}"
    );
    assert!(!stalled.told_cancelled(), "the hand was refunded");
    let status = stalled.table.status().await.unwrap();
    assert!(status.settling && status.hand_in_progress);

    // The bank answers again: its next try settles the hand, and the table closes.
    stalled.store.set_closed(false);
    let mut steps = Steps::until("the result of the hand dealt out");
    let summary = loop {
        steps.step();
        if let NoticeBody::HandResult(summary) = stalled.next_as_time_passes().await.body {
            break summary;
        }
    };
    assert_eq!(summary.hand, hand);
    assert!(!stalled.told_cancelled(), "the hand was refunded");
    stalled.assert_stacks_agree(&summary).await;
    let cashed_out = stalled.table.close().await.unwrap();
    assert_eq!(cashed_out.iter().map(|(_, chips)| chips).sum::<u64>(), 400);
}
