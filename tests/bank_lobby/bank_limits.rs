//! The bank's limits taken exactly at the limit and one chip past it: a gift's maximum, the
//! daily caps, a hand too old to settle, and stats that meet the end of their range.

use studbot::bank::{BankError, EconomyConfig, HAND_MARKERS_KEPT, UserId};

use crate::bank_common::{
    GUILD, TABLE, TestPlace, TestStore, assert_books_balance, gifts_from_10_to_500, open_bank_at,
    open_bank_at_with, open_bank_with, outcome, play_hands,
};

async fn a_gift_of_exactly_give_max_goes_through_and_one_chip_more_is_refused(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at_with(&place, gifts_from_10_to_500()).await;
    assert_eq!(
        bank.give(GUILD, UserId(1), UserId(2), false, 501, "over")
            .await,
        Err(BankError::OutOfLimits { min: 10, max: 500 })
    );
    let done = bank
        .give(GUILD, UserId(1), UserId(2), false, 500, "at")
        .await
        .unwrap();
    assert_eq!((done.from_balance, done.to_balance), (500, 1_500));
    assert_books_balance(&bank).await;
}

#[tokio::test]
async fn a_gift_of_exactly_what_is_left_of_the_givers_daily_cap_goes_through_and_one_more_is_refused()
 {
    let dir = tempfile::tempdir().unwrap();
    let config = EconomyConfig {
        give_daily_cap: 300,
        receive_daily_cap: 0,
        ..EconomyConfig::default()
    };
    let (bank, _) = open_bank_with(dir.path(), config).await;
    let (giver, first, second) = (UserId(1), UserId(2), UserId(3));
    bank.give(GUILD, giver, first, false, 200, "g1")
        .await
        .unwrap();
    assert_eq!(
        bank.give(GUILD, giver, second, false, 101, "g2").await,
        Err(BankError::GiveCapReached {
            cap: 300,
            given: 200,
            remaining: 100
        })
    );
    let done = bank
        .give(GUILD, giver, second, false, 100, "g3")
        .await
        .unwrap();
    assert_eq!((done.from_balance, done.to_balance), (700, 1_100));
    assert_eq!(
        bank.give(GUILD, giver, second, false, 1, "g4").await,
        Err(BankError::GiveCapReached {
            cap: 300,
            given: 300,
            remaining: 0
        })
    );
    assert_books_balance(&bank).await;
}

#[tokio::test]
async fn a_gift_of_exactly_what_is_left_of_the_receivers_daily_cap_goes_through_and_one_more_is_refused()
 {
    let dir = tempfile::tempdir().unwrap();
    let config = EconomyConfig {
        give_daily_cap: 0,
        receive_daily_cap: 250,
        ..EconomyConfig::default()
    };
    let (bank, _) = open_bank_with(dir.path(), config).await;
    let (receiver, first, second) = (UserId(1), UserId(2), UserId(3));
    bank.give(GUILD, first, receiver, false, 200, "g1")
        .await
        .unwrap();
    assert_eq!(
        bank.give(GUILD, second, receiver, false, 51, "g2").await,
        Err(BankError::ReceiveCapReached {
            cap: 250,
            received: 200,
            remaining: 50
        })
    );
    let done = bank
        .give(GUILD, second, receiver, false, 50, "g3")
        .await
        .unwrap();
    assert_eq!((done.from_balance, done.to_balance), (950, 1_250));
    assert_books_balance(&bank).await;
}

async fn an_old_hands_settlement_after_its_marker_is_pruned_is_refused_and_moves_nothing(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let hands = HAND_MARKERS_KEPT + 2;
    play_hands(&bank, hands).await;
    let before = bank.ledger(0, usize::MAX).await.unwrap();
    let stats_before = bank.stats(GUILD, UserId(1)).await.unwrap();
    // Starts that match today's stacks: without the guard this would move 100 chips.
    let replayed = [outcome(1, 500, 600), outcome(2, 500, 400)];
    assert_eq!(
        bank.settle_hand(GUILD, TABLE, 1, &replayed).await,
        Err(BankError::HandFinished {
            table: TABLE,
            hand: 1
        })
    );
    assert_eq!(bank.ledger(0, usize::MAX).await.unwrap(), before);
    assert_eq!(bank.stats(GUILD, UserId(1)).await.unwrap(), stats_before);
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 500), (UserId(2), 500)]
    );
    assert_books_balance(&bank).await;
}

async fn a_hand_the_bank_never_saw_begin_settles_once_it_is_newer_than_the_last(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    play_hands(&bank, 2).await;
    // Its begin never reached the bank (it timed out, say): no marker, newer than the last.
    bank.settle_hand(
        GUILD,
        TABLE,
        3,
        &[outcome(1, 500, 540), outcome(2, 500, 460)],
    )
    .await
    .unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 540), (UserId(2), 460)]
    );
    assert_eq!(bank.next_hand_number(TABLE).await.unwrap(), 4);
    assert_books_balance(&bank).await;
}

async fn stats_saturate_at_the_end_of_their_range_instead_of_refusing_the_settlement(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let config = EconomyConfig {
        starting_balance: u64::MAX / 4 * 3,
        ..EconomyConfig::default()
    };
    let (bank, _) = open_bank_at_with(&place, config).await;
    let big = i64::MAX.unsigned_abs();
    let (winner, loser) = (UserId(1), UserId(2));
    bank.buy_in(GUILD, TABLE, winner, 100, "in-1")
        .await
        .unwrap();
    bank.buy_in(GUILD, TABLE, loser, big + 100, "in-2")
        .await
        .unwrap();
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let won = big - 10;
    bank.settle_hand(
        GUILD,
        TABLE,
        1,
        &[outcome(1, 100, 100 + won), outcome(2, big + 100, 110)],
    )
    .await
    .unwrap();
    assert_eq!(bank.stats(GUILD, winner).await.unwrap().net, i64::MAX - 10);
    bank.begin_hand(GUILD, TABLE, 2).await.unwrap();
    bank.settle_hand(
        GUILD,
        TABLE,
        2,
        &[outcome(1, 100 + won, 120 + won), outcome(2, 110, 90)],
    )
    .await
    .unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(winner, 120 + won), (loser, 90)]
    );
    let winner_stats = bank.stats(GUILD, winner).await.unwrap();
    assert_eq!((winner_stats.net, winner_stats.hands_played), (i64::MAX, 2));
    assert_eq!(bank.stats(GUILD, loser).await.unwrap().net, i64::MIN);
    assert_books_balance(&bank).await;
}

on_each_store!(
    #[tokio::test]
    a_gift_of_exactly_give_max_goes_through_and_one_chip_more_is_refused,
    an_old_hands_settlement_after_its_marker_is_pruned_is_refused_and_moves_nothing,
    a_hand_the_bank_never_saw_begin_settles_once_it_is_newer_than_the_last,
    stats_saturate_at_the_end_of_their_range_instead_of_refusing_the_settlement,
);
