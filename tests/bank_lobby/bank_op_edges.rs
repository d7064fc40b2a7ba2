//! Each bank operation at the edges its checks draw: the smallest gift, the first moment an
//! account is old enough, a replayed cash-out or grant, a begin asked again, an old hand begun
//! again after its marker is pruned, and settlements where a seat breaks even or one winner
//! takes from several losers. Each test holds a line of an operation that no other test holds.

use studbot::bank::{BankError, EconomyConfig, HAND_MARKERS_KEPT, UserId};

use crate::bank_common::{
    GUILD, TABLE, TestPlace, TestStore, account_aged_ms, assert_books_balance,
    gifts_from_10_to_500, open_bank_at, open_bank_at_with, outcome, play_hands, seat,
};

const MODERATOR: UserId = UserId(99);

async fn a_gift_of_exactly_give_min_goes_through_and_one_chip_less_is_refused(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at_with(&place, gifts_from_10_to_500()).await;
    assert_eq!(
        bank.give(GUILD, UserId(1), UserId(2), false, 9, "under")
            .await,
        Err(BankError::OutOfLimits { min: 10, max: 500 })
    );
    let done = bank
        .give(GUILD, UserId(1), UserId(2), false, 10, "at")
        .await
        .unwrap();
    assert_eq!((done.from_balance, done.to_balance), (990, 1_010));
    assert_books_balance(&bank).await;
}

async fn an_account_exactly_old_enough_claims_the_daily_and_one_millisecond_younger_is_refused(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let age_ms = EconomyConfig::default().min_account_age_secs * 1000;
    // A snowflake counts milliseconds: one younger is one millisecond short.
    assert_eq!(
        bank.daily(GUILD, account_aged_ms(age_ms - 1), "young")
            .await,
        Err(BankError::AccountTooNew)
    );
    let old_enough = account_aged_ms(age_ms);
    assert_eq!(bank.daily(GUILD, old_enough, "old").await.unwrap(), 1_200);
    assert_books_balance(&bank).await;
}

async fn a_replayed_cash_out_answers_the_chips_it_first_paid_and_pays_nothing_more(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    seat(&bank, &[1], 300).await;
    assert_eq!(bank.cash_out(GUILD, TABLE, UserId(1), "out").await, Ok(300));
    assert_eq!(bank.cash_out(GUILD, TABLE, UserId(1), "out").await, Ok(300));
    assert_eq!(bank.balance(GUILD, UserId(1)).await, Ok(1_000));
    // Another reference finds the seat empty: nothing to pay.
    assert_eq!(bank.cash_out(GUILD, TABLE, UserId(1), "again").await, Ok(0));
    assert_books_balance(&bank).await;
}

async fn a_replayed_grant_or_take_answers_the_first_balance_and_moves_chips_once(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    for _ in 0..2 {
        assert_eq!(
            bank.grant(GUILD, MODERATOR, UserId(1), 500, "g").await,
            Ok(1_500)
        );
    }
    for _ in 0..2 {
        assert_eq!(
            bank.take(GUILD, MODERATOR, UserId(1), 200, "t").await,
            Ok(1_300)
        );
    }
    assert_eq!(bank.balance(GUILD, UserId(1)).await, Ok(1_300));
    assert_books_balance(&bank).await;
}

async fn beginning_the_hand_in_progress_again_is_answered_done_and_the_hand_settles_once(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    seat(&bank, &[1, 2], 100).await;
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    // A begin whose answer was lost is asked again with the same number.
    assert_eq!(bank.begin_hand(GUILD, TABLE, 1).await, Ok(()));
    assert_eq!(
        bank.begin_hand(GUILD, TABLE, 2).await,
        Err(BankError::HandInProgress {
            table: TABLE,
            hand: 1
        })
    );
    bank.settle_hand(
        GUILD,
        TABLE,
        1,
        &[outcome(1, 100, 70), outcome(2, 100, 130)],
    )
    .await
    .unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 70), (UserId(2), 130)]
    );
    assert_books_balance(&bank).await;
}

async fn an_old_hand_cannot_begin_again_after_its_marker_is_pruned(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let hands = HAND_MARKERS_KEPT + 2;
    play_hands(&bank, hands).await;
    // Hand 1's marker is gone; only the table's last hand number remembers it.
    assert_eq!(
        bank.begin_hand(GUILD, TABLE, 1).await,
        Err(BankError::HandFinished {
            table: TABLE,
            hand: 1
        })
    );
    bank.begin_hand(GUILD, TABLE, hands + 1).await.unwrap();
    assert_books_balance(&bank).await;
}

async fn a_seat_that_breaks_even_moves_no_chip_while_the_others_settle(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    seat(&bank, &[1, 2, 3], 200).await;
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let before = bank.ledger(0, usize::MAX).await.unwrap().len();
    // The even seat comes first, so a settlement that counted it a loser would reach it.
    let outcomes = [
        outcome(1, 200, 200),
        outcome(2, 200, 150),
        outcome(3, 200, 250),
    ];
    bank.settle_hand(GUILD, TABLE, 1, &outcomes).await.unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 200), (UserId(2), 150), (UserId(3), 250)]
    );
    assert_eq!(bank.ledger(0, usize::MAX).await.unwrap().len(), before + 1);
    assert_books_balance(&bank).await;
}

async fn one_winner_takes_from_each_of_several_losers_exactly_what_each_lost(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    seat(&bank, &[1, 2, 3, 4], 200).await;
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let outcomes = [
        outcome(1, 200, 170),
        outcome(2, 200, 120),
        outcome(3, 200, 390),
        outcome(4, 200, 120),
    ];
    bank.settle_hand(GUILD, TABLE, 1, &outcomes).await.unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![
            (UserId(1), 170),
            (UserId(2), 120),
            (UserId(3), 390),
            (UserId(4), 120)
        ]
    );
    assert_books_balance(&bank).await;
}

async fn two_winners_share_one_losers_chips_each_taking_exactly_what_they_won(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    seat(&bank, &[1, 2, 3], 200).await;
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let outcomes = [
        outcome(1, 200, 260),
        outcome(2, 200, 50),
        outcome(3, 200, 290),
    ];
    bank.settle_hand(GUILD, TABLE, 1, &outcomes).await.unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 260), (UserId(2), 50), (UserId(3), 290)]
    );
    assert_books_balance(&bank).await;
}

on_each_store!(
    #[tokio::test]
    a_gift_of_exactly_give_min_goes_through_and_one_chip_less_is_refused,
    an_account_exactly_old_enough_claims_the_daily_and_one_millisecond_younger_is_refused,
    a_replayed_cash_out_answers_the_chips_it_first_paid_and_pays_nothing_more,
    a_replayed_grant_or_take_answers_the_first_balance_and_moves_chips_once,
    beginning_the_hand_in_progress_again_is_answered_done_and_the_hand_settles_once,
    an_old_hand_cannot_begin_again_after_its_marker_is_pruned,
    a_seat_that_breaks_even_moves_no_chip_while_the_others_settle,
    one_winner_takes_from_each_of_several_losers_exactly_what_each_lost,
    two_winners_share_one_losers_chips_each_taking_exactly_what_they_won,
);
