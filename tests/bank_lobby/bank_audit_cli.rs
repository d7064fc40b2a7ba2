//! `studbot audit --data DIR`: totals as JSON, exit 0 when the books balance, 1 on a break,
//! 2 when the directory is not a bank; the directory itself is never written.

use std::path::Path;

use studbot::bank::store::{SledStore, Store, Tree, Write};
use studbot::bank::{Account, Bank, EconomyConfig, GuildId, TableId, UserId};

use crate::audit::audit;
use crate::bank_common::files_of;

pub(crate) async fn a_bank_with_some_play(dir: &Path) {
    let bank = Bank::open(dir, EconomyConfig::default()).await.unwrap();
    let (guild, table) = (GuildId(1), TableId(2));
    bank.buy_in(guild, table, UserId(1), 300, "a")
        .await
        .unwrap();
    bank.buy_in(guild, table, UserId(2), 300, "b")
        .await
        .unwrap();
    bank.begin_hand(guild, table, 1).await.unwrap();
    bank.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_audit_of_sound_books_prints_totals_exits_zero_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    a_bank_with_some_play(dir.path()).await;
    let before = files_of(dir.path());
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["ok"], true);
    assert_eq!(report["sum"], 0);
    assert_eq!(report["player_chips"], 1_400);
    assert_eq!(report["escrow_chips"], 600);
    assert_eq!(report["mint_balance"], -2_000);
    assert_eq!(report["hands_in_progress"][0]["hand"], 1);
    assert_eq!(
        files_of(dir.path()),
        before,
        "the audit changed the data directory"
    );
}

#[tokio::test]
async fn a_balance_that_disagrees_with_the_ledger_fails_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    a_bank_with_some_play(dir.path()).await;
    {
        let store = SledStore::open(dir.path(), 1 << 20).unwrap();
        let player = Account::Player {
            guild: GuildId(1),
            user: UserId(1),
        };
        store
            .apply(&[Write {
                tree: Tree::Balances,
                key: player.key(),
                value: Some(800i128.to_be_bytes().to_vec()),
            }])
            .unwrap();
        store.flush().unwrap();
    }
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(1), "{report}");
    assert_eq!(report["ok"], false);
    assert_eq!(report["sum"], 100);
    let breaks = report["breaks"].to_string();
    assert!(breaks.contains("ledger entries sum to 700"), "{breaks}");
    assert!(breaks.contains("sum to 100, not 0"), "{breaks}");
}

#[test]
fn a_directory_that_is_not_a_bank_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(audit(dir.path()).0, Some(2));
    assert_eq!(audit(&dir.path().join("missing")).0, Some(2));
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}
