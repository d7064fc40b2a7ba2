//! The bank's operations one by one: what each moves, what each refuses, and that a refused
//! or replayed operation changes nothing.

use studbot::bank::{Bank, BankError, EconomyConfig, GuildId, UserId};

use crate::bank_common::{
    GUILD, TABLE, TestPlace, TestStore, account_aged_ms, assert_books_balance, buy_in, files_of,
    gifts_from_10_to_500, open_bank, open_bank_at, open_bank_at_with, outcome,
};

/// `user`'s balance in `GUILD`.
async fn balance(bank: &Bank, user: u64) -> u64 {
    bank.balance(GUILD, UserId(user)).await.expect("balance")
}

async fn new_accounts_start_with_the_starting_balance_from_the_mint(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    bank.daily(GUILD, UserId(1), "first-daily").await.unwrap();
    assert_eq!(balance(&bank, 1).await, 1_200);
    let report = bank.audit().await.unwrap();
    assert!(report.ok);
    assert_eq!(report.player_chips, 1_200);
    assert_eq!(report.mint_balance, -1_200);
    assert_eq!(report.ledger_entries, 2, "the opening and the daily");
}

async fn looking_at_a_balance_creates_no_account(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    assert_eq!(balance(&bank, 1).await, 1_000);
    assert_eq!(balance(&bank, 2).await, 1_000);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.player_accounts, 0);
    assert_eq!(report.ledger_entries, 0);
    assert_eq!(bank.leaderboard(GUILD, 10).await.unwrap(), vec![]);
}

async fn a_hand_moves_chips_between_seats_and_cash_out_returns_the_stack(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    assert_eq!(buy_in(&bank, 1, 300, "b1").await, 300);
    assert_eq!(buy_in(&bank, 2, 200, "b2").await, 200);
    assert_eq!(balance(&bank, 1).await, 700);
    assert_eq!(bank.next_hand_number(TABLE).await.unwrap(), 1);
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    bank.settle_hand(
        GUILD,
        TABLE,
        1,
        &[outcome(1, 300, 250), outcome(2, 200, 250)],
    )
    .await
    .unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 250), (UserId(2), 250)]
    );
    assert_eq!(bank.next_hand_number(TABLE).await.unwrap(), 2);
    assert_eq!(
        bank.cash_out(GUILD, TABLE, UserId(2), "c2").await.unwrap(),
        250
    );
    assert_eq!(balance(&bank, 2).await, 1_050);
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 250)]
    );
    let stats = bank.stats(GUILD, UserId(2)).await.unwrap();
    assert_eq!(
        (stats.hands_played, stats.won_high, stats.scoops),
        (1, 1, 1)
    );
    assert_eq!((stats.biggest_pot, stats.net), (50, 50));
    assert_eq!(bank.stats(GUILD, UserId(1)).await.unwrap().net, -50);
    assert_books_balance(&bank).await;
}

async fn a_replayed_reference_returns_the_first_result_and_moves_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    assert_eq!(buy_in(&bank, 1, 300, "join-1").await, 300);
    assert_eq!(buy_in(&bank, 1, 300, "join-1").await, 300);
    assert_eq!(balance(&bank, 1).await, 700);
    let first = bank
        .give(GUILD, UserId(1), UserId(2), false, 50, "gift")
        .await
        .unwrap();
    let again = bank
        .give(GUILD, UserId(1), UserId(2), false, 50, "gift")
        .await
        .unwrap();
    assert_eq!(first, again);
    assert_eq!(balance(&bank, 1).await, 650);
    assert_eq!(
        bank.grant(GUILD, UserId(9), UserId(1), 5, "gift").await,
        Err(BankError::ReferenceReused {
            reference: "gift".into()
        })
    );
    assert_eq!(
        bank.buy_in(GUILD, TABLE, UserId(1), 5, "").await,
        Err(BankError::EmptyReference)
    );
    assert_books_balance(&bank).await;
}

async fn settling_a_hand_twice_takes_effect_once(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    buy_in(&bank, 1, 100, "b1").await;
    buy_in(&bank, 2, 100, "b2").await;
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let outcomes = [outcome(1, 100, 40), outcome(2, 100, 160)];
    bank.settle_hand(GUILD, TABLE, 1, &outcomes).await.unwrap();
    bank.settle_hand(GUILD, TABLE, 1, &outcomes).await.unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 40), (UserId(2), 160)]
    );
    assert_eq!(bank.stats(GUILD, UserId(2)).await.unwrap().hands_played, 1);
    assert_eq!(
        bank.begin_hand(GUILD, TABLE, 1).await,
        Err(BankError::HandFinished {
            table: TABLE,
            hand: 1
        })
    );
    assert_books_balance(&bank).await;
}

async fn an_unbalanced_or_stale_settlement_is_refused_and_changes_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    buy_in(&bank, 1, 100, "b1").await;
    buy_in(&bank, 2, 100, "b2").await;
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let before = bank.table_stacks(TABLE).await.unwrap();
    let created = bank
        .settle_hand(
            GUILD,
            TABLE,
            1,
            &[outcome(1, 100, 50), outcome(2, 100, 160)],
        )
        .await;
    assert!(matches!(created, Err(BankError::Unbalanced(_))));
    let stale = bank
        .settle_hand(GUILD, TABLE, 1, &[outcome(1, 90, 50), outcome(2, 110, 150)])
        .await;
    assert!(matches!(stale, Err(BankError::Unbalanced(_))));
    let twice = bank
        .settle_hand(
            GUILD,
            TABLE,
            1,
            &[outcome(1, 100, 100), outcome(1, 100, 100)],
        )
        .await;
    assert!(matches!(twice, Err(BankError::Unbalanced(_))));
    assert_eq!(bank.table_stacks(TABLE).await.unwrap(), before);
    assert_eq!(bank.stats(GUILD, UserId(1)).await.unwrap().hands_played, 0);
    // The hand is still in progress and can settle properly.
    bank.settle_hand(GUILD, TABLE, 1, &[outcome(1, 100, 0), outcome(2, 100, 200)])
        .await
        .unwrap();
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(2), 200)]
    );
    assert_books_balance(&bank).await;
}

async fn a_player_in_the_hand_in_progress_cannot_buy_in_or_cash_out(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    buy_in(&bank, 1, 100, "b1").await;
    buy_in(&bank, 2, 100, "b2").await;
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let in_hand = BankError::HandInProgress {
        table: TABLE,
        hand: 1,
    };
    assert_eq!(
        bank.cash_out(GUILD, TABLE, UserId(1), "c1").await,
        Err(in_hand.clone())
    );
    assert_eq!(
        bank.buy_in(GUILD, TABLE, UserId(1), 5, "b1b").await,
        Err(in_hand.clone())
    );
    assert_eq!(bank.begin_hand(GUILD, TABLE, 2).await, Err(in_hand.clone()));
    assert_eq!(bank.close_table(GUILD, TABLE, "close").await, Err(in_hand));
    // A newcomer may sit down for the next hand.
    assert_eq!(buy_in(&bank, 3, 50, "b3").await, 50);
    bank.cancel_hand(TABLE, 1).await.unwrap();
    assert_eq!(
        bank.cash_out(GUILD, TABLE, UserId(1), "c1").await.unwrap(),
        100
    );
    assert_books_balance(&bank).await;
}

async fn reopening_cancels_the_interrupted_hand_and_reports_the_stacks(store: TestStore) {
    let place = TestPlace::new(store);
    {
        let (bank, _) = open_bank_at(&place).await;
        buy_in(&bank, 1, 120, "b1").await;
        buy_in(&bank, 2, 80, "b2").await;
        bank.begin_hand(GUILD, TABLE, 4).await.unwrap();
        assert_eq!(bank.recover().await.unwrap(), vec![]);
        bank.shutdown().await.unwrap();
    }
    let (bank, _) = open_bank_at(&place).await;
    let recovered = bank.recover().await.unwrap();
    assert_eq!(recovered.len(), 1);
    assert_eq!(recovered[0].guild, GUILD);
    assert_eq!(recovered[0].table, TABLE);
    assert_eq!(recovered[0].hand, 4);
    assert_eq!(recovered[0].stacks, vec![(UserId(1), 120), (UserId(2), 80)]);
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(UserId(1), 120), (UserId(2), 80)]
    );
    assert_eq!(
        bank.settle_hand(GUILD, TABLE, 4, &[outcome(1, 120, 200), outcome(2, 80, 0)])
            .await,
        Err(BankError::HandFinished {
            table: TABLE,
            hand: 4
        })
    );
    assert_eq!(bank.next_hand_number(TABLE).await.unwrap(), 5);
    bank.begin_hand(GUILD, TABLE, 5).await.unwrap();
    assert_books_balance(&bank).await;
}

async fn the_daily_claim_waits_for_its_cooldown(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let user = account_aged_ms(30 * 24 * 3600 * 1000);
    assert_eq!(bank.daily(GUILD, user, "d1").await.unwrap(), 1_200);
    let cooldown = EconomyConfig::default().daily_cooldown_secs;
    clock.advance_ms((cooldown - 10) * 1000);
    assert_eq!(
        bank.daily(GUILD, user, "d2").await,
        Err(BankError::DailyCooldown { wait_secs: 10 })
    );
    assert_eq!(bank.balance(GUILD, user).await.unwrap(), 1_200);
    clock.advance_ms(10_000);
    assert_eq!(bank.daily(GUILD, user, "d2").await.unwrap(), 1_400);
    // The first claim replayed answers as it did, even inside the cooldown.
    assert_eq!(bank.daily(GUILD, user, "d1").await.unwrap(), 1_200);
    assert_books_balance(&bank).await;
}

async fn the_daily_claim_is_refused_to_young_discord_accounts_but_not_to_local_players(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let young = account_aged_ms(3600 * 1000);
    assert_eq!(
        bank.daily(GUILD, young, "d1").await,
        Err(BankError::AccountTooNew)
    );
    let from_the_future = account_aged_ms(0).0 + (3_600_000 << 22);
    assert_eq!(
        bank.daily(GUILD, UserId(from_the_future), "d2").await,
        Err(BankError::AccountTooNew)
    );
    assert_eq!(bank.daily(GUILD, UserId(3), "d3").await.unwrap(), 1_200);
    assert_books_balance(&bank).await;
}

async fn gifts_respect_limits_and_refuse_self_bots_and_overdrafts(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at_with(&place, gifts_from_10_to_500()).await;
    let give = |from: u64, to: u64, bot: bool, amount: u64, reference: &'static str| {
        let bank = bank.clone();
        async move {
            bank.give(GUILD, UserId(from), UserId(to), bot, amount, reference)
                .await
        }
    };
    assert_eq!(give(1, 2, false, 0, "g").await, Err(BankError::ZeroAmount));
    assert_eq!(give(1, 1, false, 20, "g").await, Err(BankError::GiveToSelf));
    assert_eq!(give(1, 2, true, 20, "g").await, Err(BankError::GiveToBot));
    assert_eq!(
        give(1, 2, false, 5, "g").await,
        Err(BankError::OutOfLimits { min: 10, max: 500 })
    );
    assert_eq!(
        give(1, 2, false, 501, "g").await,
        Err(BankError::OutOfLimits { min: 10, max: 500 })
    );
    bank.take(GUILD, UserId(9), UserId(1), 900, "t")
        .await
        .unwrap();
    assert_eq!(
        give(1, 2, false, 101, "g").await,
        Err(BankError::InsufficientFunds {
            balance: 100,
            needed: 101
        })
    );
    let done = give(1, 2, false, 100, "g").await.unwrap();
    assert_eq!((done.from_balance, done.to_balance), (0, 1_100));
    assert_books_balance(&bank).await;
}

async fn moderators_grant_and_take_through_the_mint_within_bounds(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let moderator = UserId(99);
    assert_eq!(
        bank.grant(GUILD, moderator, UserId(1), 500, "g1")
            .await
            .unwrap(),
        1_500
    );
    assert_eq!(
        bank.take(GUILD, moderator, UserId(1), 1_400, "t1")
            .await
            .unwrap(),
        100
    );
    assert_eq!(
        bank.take(GUILD, moderator, UserId(1), 101, "t2").await,
        Err(BankError::InsufficientFunds {
            balance: 100,
            needed: 101
        })
    );
    assert_eq!(
        bank.grant(GUILD, moderator, UserId(1), u64::MAX, "g2")
            .await,
        Err(BankError::Overflow)
    );
    assert_eq!(
        bank.grant(GUILD, moderator, UserId(1), 0, "g3").await,
        Err(BankError::ZeroAmount)
    );
    assert_eq!(balance(&bank, 1).await, 100);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.mint_balance, -100);
}

async fn the_leaderboard_lists_the_richest_players_of_the_guild_first(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let moderator = UserId(99);
    bank.grant(GUILD, moderator, UserId(1), 10, "a")
        .await
        .unwrap();
    bank.grant(GUILD, moderator, UserId(2), 300, "b")
        .await
        .unwrap();
    bank.grant(GUILD, moderator, UserId(3), 20, "c")
        .await
        .unwrap();
    bank.grant(GuildId(8), moderator, UserId(4), 5_000, "d")
        .await
        .unwrap();
    bank.take(GUILD, moderator, UserId(3), 1_020, "e")
        .await
        .unwrap();
    assert_eq!(
        bank.leaderboard(GUILD, 2).await.unwrap(),
        vec![(UserId(2), 1_300), (UserId(1), 1_010)]
    );
    assert_eq!(
        bank.leaderboard(GUILD, 10).await.unwrap(),
        vec![(UserId(2), 1_300), (UserId(1), 1_010), (UserId(3), 0)]
    );
    assert_books_balance(&bank).await;
}

async fn closing_a_table_pays_every_stack_back_and_keeps_it_empty(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    bank.open_table(GUILD, TABLE).await.unwrap();
    buy_in(&bank, 1, 100, "b1").await;
    buy_in(&bank, 2, 300, "b2").await;
    let paid = bank.close_table(GUILD, TABLE, "close-1").await.unwrap();
    assert_eq!(paid, vec![(UserId(1), 100), (UserId(2), 300)]);
    assert_eq!(
        bank.close_table(GUILD, TABLE, "close-1").await.unwrap(),
        paid
    );
    assert_eq!(balance(&bank, 2).await, 1_000);
    assert_eq!(
        bank.buy_in(GUILD, TABLE, UserId(1), 100, "b3").await,
        Err(BankError::TableClosed { table: TABLE })
    );
    assert_eq!(
        bank.open_table(GuildId(8), TABLE).await,
        Err(BankError::WrongGuild { table: TABLE })
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(
        (
            report.tables_open,
            report.tables_closed,
            report.escrow_chips
        ),
        (0, 1, 0)
    );
    bank.open_table(GUILD, TABLE).await.unwrap();
    assert_eq!(buy_in(&bank, 1, 100, "b3").await, 100);
}

#[tokio::test]
async fn a_database_of_a_newer_schema_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (bank, _) = open_bank(dir.path()).await;
        bank.daily(GUILD, UserId(1), "daily").await.unwrap();
        bank.shutdown().await.unwrap();
    }
    let newer = studbot::bank::SCHEMA_VERSION + 1;
    // A newer studbot wrote it: the version in the database and in the marker beside it.
    {
        let store = studbot::bank::store::SledStore::open(dir.path(), 1 << 20).unwrap();
        studbot::bank::stamp_version(&store, newer).unwrap();
    }
    std::fs::write(dir.path().join("studbot-schema"), format!("{newer}\n")).unwrap();
    let before = files_of(dir.path());
    let refused = Bank::open(dir.path(), EconomyConfig::default()).await;
    assert!(matches!(
        refused,
        Err(BankError::SchemaTooNew { found, known }) if found == newer && known == newer - 1
    ));
    let report = studbot::bank::audit_data_dir(dir.path());
    assert!(matches!(report, Err(BankError::SchemaTooNew { .. })));
    assert_eq!(
        files_of(dir.path()),
        before,
        "the refused database was written to"
    );

    // Without the marker, the version inside the database still refuses it.
    std::fs::remove_file(dir.path().join("studbot-schema")).unwrap();
    let refused = Bank::open(dir.path(), EconomyConfig::default()).await;
    assert!(matches!(refused, Err(BankError::SchemaTooNew { .. })));

    // Back to our version, the data is all there.
    {
        let store = studbot::bank::store::SledStore::open(dir.path(), 1 << 20).unwrap();
        studbot::bank::stamp_version(&store, studbot::bank::SCHEMA_VERSION).unwrap();
    }
    let (bank, _) = open_bank(dir.path()).await;
    assert_eq!(bank.audit().await.unwrap().player_accounts, 1);
}

async fn gifts_are_capped_per_member_and_utc_day_with_the_numbers_in_the_refusal(store: TestStore) {
    let place = TestPlace::new(store);
    let config = EconomyConfig {
        give_daily_cap: 300,
        receive_daily_cap: 250,
        ..EconomyConfig::default()
    };
    let (bank, clock) = open_bank_at_with(&place, config).await;
    let (alt, main, other, fourth) = (UserId(1), UserId(2), UserId(3), UserId(4));
    bank.give(GUILD, alt, main, false, 200, "g1").await.unwrap();
    assert_eq!(
        bank.give(GUILD, alt, other, false, 150, "g2").await,
        Err(BankError::GiveCapReached {
            cap: 300,
            given: 200,
            remaining: 100
        })
    );
    assert_eq!(
        bank.give(GUILD, fourth, main, false, 100, "g3").await,
        Err(BankError::ReceiveCapReached {
            cap: 250,
            received: 200,
            remaining: 50
        })
    );
    // Within what is left, and a replay of an accepted gift, still go through.
    bank.give(GUILD, fourth, main, false, 50, "g4")
        .await
        .unwrap();
    bank.give(GUILD, alt, main, false, 200, "g1").await.unwrap();
    assert_eq!(bank.balance(GUILD, main).await.unwrap(), 1_250);
    // The caps count per UTC day: NOW_MS is midnight, so a day later is a new day.
    clock.advance_ms(24 * 3_600 * 1_000);
    bank.give(GUILD, alt, other, false, 150, "g5")
        .await
        .unwrap();
    assert_eq!(bank.balance(GUILD, alt).await.unwrap(), 650);
    assert_books_balance(&bank).await;
}

on_each_store!(
    #[tokio::test]
    new_accounts_start_with_the_starting_balance_from_the_mint,
    looking_at_a_balance_creates_no_account,
    a_hand_moves_chips_between_seats_and_cash_out_returns_the_stack,
    a_replayed_reference_returns_the_first_result_and_moves_nothing,
    settling_a_hand_twice_takes_effect_once,
    an_unbalanced_or_stale_settlement_is_refused_and_changes_nothing,
    a_player_in_the_hand_in_progress_cannot_buy_in_or_cash_out,
    reopening_cancels_the_interrupted_hand_and_reports_the_stacks,
    the_daily_claim_waits_for_its_cooldown,
    the_daily_claim_is_refused_to_young_discord_accounts_but_not_to_local_players,
    gifts_respect_limits_and_refuse_self_bots_and_overdrafts,
    moderators_grant_and_take_through_the_mint_within_bounds,
    the_leaderboard_lists_the_richest_players_of_the_guild_first,
    closing_a_table_pays_every_stack_back_and_keeps_it_empty,
    gifts_are_capped_per_member_and_utc_day_with_the_numbers_in_the_refusal,
);
