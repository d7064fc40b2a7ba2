//! What the bank keeps, and for how long: references for a window, finished-hand markers for
//! a table's last hands, older databases migrated, and books checked guild by guild.

use studbot::bank::store::{Reads, SledStore, Store, Tree, Write};
use studbot::bank::{
    Account, BankError, GuildId, HAND_MARKERS_KEPT, LedgerEntry, REFERENCE_WINDOW_SECS, Reason,
    TableId, UserId,
};

use crate::bank_common::{NOW_MS, board_key, open_bank, outcome};

const GUILD: GuildId = GuildId(7);
const TABLE: TableId = TableId(100);
const MODERATOR: UserId = UserId(99);
fn keys_in(dir: &std::path::Path, tree: Tree) -> usize {
    let store = SledStore::open(dir, 1 << 20).unwrap();
    store.scan_prefix(tree, &[]).count()
}

#[tokio::test]
async fn a_reference_takes_effect_once_within_its_window_and_is_pruned_after() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, clock) = open_bank(dir.path()).await;
    let user = UserId(1);
    assert_eq!(bank.grant(GUILD, MODERATOR, user, 50, "g").await, Ok(1_050));
    clock.advance_ms((REFERENCE_WINDOW_SECS - 60) * 1_000);
    for _ in 0..3 {
        assert_eq!(bank.grant(GUILD, MODERATOR, user, 50, "g").await, Ok(1_050));
    }
    clock.advance_ms(120 * 1_000);
    // Any batch prunes what has left the window; the reference is then forgotten.
    bank.grant(GUILD, MODERATOR, UserId(2), 1, "other")
        .await
        .unwrap();
    bank.shutdown().await.unwrap();
    assert_eq!(keys_in(dir.path(), Tree::References), 1, "only 'other'");
    assert_eq!(keys_in(dir.path(), Tree::ReferenceTimes), 1);
}

#[tokio::test]
async fn finished_hand_markers_are_kept_for_the_last_hands_and_older_hands_stay_finished() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    for user in [1, 2] {
        bank.buy_in(GUILD, TABLE, UserId(user), 500, &format!("in-{user}"))
            .await
            .unwrap();
    }
    let hands = HAND_MARKERS_KEPT + 10;
    for hand in 1..=hands {
        bank.begin_hand(GUILD, TABLE, hand).await.unwrap();
        let outcomes = if hand % 2 == 0 {
            [outcome(1, 510, 500), outcome(2, 490, 500)]
        } else {
            [outcome(1, 500, 510), outcome(2, 500, 490)]
        };
        bank.settle_hand(GUILD, TABLE, hand, &outcomes)
            .await
            .unwrap();
    }
    let last = [outcome(1, 510, 500), outcome(2, 490, 500)];
    // The latest hand settled again: a replay, taking effect once.
    bank.settle_hand(GUILD, TABLE, hands, &last).await.unwrap();
    // A hand whose marker was pruned is still known finished.
    assert_eq!(
        bank.settle_hand(GUILD, TABLE, 1, &last).await,
        Err(BankError::HandFinished {
            table: TABLE,
            hand: 1
        })
    );
    assert_eq!(
        bank.begin_hand(GUILD, TABLE, 2).await,
        Err(BankError::HandFinished {
            table: TABLE,
            hand: 2
        })
    );
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 500), (UserId(2), 500)]
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    bank.shutdown().await.unwrap();
    assert_eq!(
        keys_in(dir.path(), Tree::Hands),
        usize::try_from(HAND_MARKERS_KEPT).unwrap()
    );
}

fn put(tree: Tree, key: Vec<u8>, value: Vec<u8>) -> Write {
    Write {
        tree,
        key,
        value: Some(value),
    }
}

#[tokio::test]
async fn a_schema_1_database_of_json_records_is_migrated_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let (player, mint) = (
        Account::Player {
            guild: GUILD,
            user: UserId(1),
        },
        Account::Mint { guild: GUILD },
    );
    let opening = LedgerEntry {
        seq: 1,
        time_unix_ms: NOW_MS,
        from: mint,
        to: player,
        amount: 1_000,
        reason: Reason::Opening,
        reference: "opening:7:1".into(),
    };
    {
        let store = SledStore::open(dir.path(), 1 << 20).unwrap();
        let mut reference_key = GUILD.0.to_be_bytes().to_vec();
        reference_key.extend_from_slice(b"r1");
        store
            .apply(&[
                put(
                    Tree::Ledger,
                    1u64.to_be_bytes().to_vec(),
                    serde_json::to_vec(&opening).unwrap(),
                ),
                put(
                    Tree::Meta,
                    b"next_seq".to_vec(),
                    2u64.to_be_bytes().to_vec(),
                ),
                put(
                    Tree::Balances,
                    player.key(),
                    1_000i128.to_be_bytes().to_vec(),
                ),
                put(
                    Tree::Balances,
                    mint.key(),
                    (-1_000i128).to_be_bytes().to_vec(),
                ),
                put(Tree::Board, board_key(GUILD, UserId(1), 1_000), Vec::new()),
                put(
                    Tree::References,
                    reference_key,
                    br#"{"operation":"grant 99 1 5","reply":{"amount":1005}}"#.to_vec(),
                ),
            ])
            .unwrap();
        studbot::bank::stamp_version(&store, 1).unwrap();
    }
    let (bank, _) = open_bank(dir.path()).await;
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.schema_version, studbot::bank::SCHEMA_VERSION);
    assert_eq!(bank.ledger(1, 10).await.unwrap(), vec![opening]);
    // The migrated reference still answers its first result.
    assert_eq!(
        bank.grant(GUILD, MODERATOR, UserId(1), 5, "r1").await,
        Ok(1_005)
    );
    assert_eq!(bank.balance(GUILD, UserId(1)).await, Ok(1_000));
}

#[tokio::test]
async fn the_audit_finds_chips_that_crossed_guilds_though_the_total_is_zero() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    bank.grant(GUILD, MODERATOR, UserId(1), 5, "g")
        .await
        .unwrap();
    bank.shutdown().await.unwrap();
    {
        let store = SledStore::open(dir.path(), 1 << 20).unwrap();
        let elsewhere = Account::Player {
            guild: GuildId(8),
            user: UserId(1),
        };
        let mint = Account::Mint { guild: GUILD };
        store
            .apply(&[
                put(
                    Tree::Balances,
                    elsewhere.key(),
                    100i128.to_be_bytes().to_vec(),
                ),
                put(
                    Tree::Balances,
                    mint.key(),
                    (-1_105i128).to_be_bytes().to_vec(),
                ),
            ])
            .unwrap();
        store.flush().unwrap();
    }
    let report = studbot::bank::audit_data_dir(dir.path()).unwrap();
    assert_eq!(report.sum, 0);
    assert!(
        report
            .breaks
            .iter()
            .any(|found| found == "the accounts of guild 8 sum to 100, not 0"),
        "{:?}",
        report.breaks
    );
}
