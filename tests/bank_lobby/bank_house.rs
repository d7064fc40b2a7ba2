//! The guild's house account: the chips its computer players buy in with (minted, and
//! recorded as such, when it holds too little), which their results and cash-outs go back to;
//! the books stay zero-sum with it, and computer players appear on no leaderboard and in no
//! player's stats.

use studbot::bank::{
    Account, BankError, EconomyConfig, GuildId, LedgerEntry, Reason, TableId, UserId,
};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::bank_common::{
    TestPlace, TestStore, open_bank, open_bank_at, open_bank_at_with, outcome,
};

const GUILD: GuildId = GuildId(7);
const TABLE: TableId = TableId(100);
const HUMAN: u64 = 1;

fn computer(number: u8) -> UserId {
    UserId::computer(number)
}

async fn ledger(bank: &studbot::bank::Bank) -> Vec<LedgerEntry> {
    bank.ledger(1, 1_000).await.expect("ledger")
}

async fn assert_audit_clean(bank: &studbot::bank::Bank) -> studbot::bank::AuditReport {
    let report = bank.audit().await.expect("audit");
    assert!(report.ok, "audit breaks: {:?}", report.breaks);
    assert_eq!(report.sum, 0);
    report
}

async fn a_computers_buy_in_mints_the_shortfall_for_the_house_as_a_house_mint(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let stack = bank
        .buy_in(GUILD, TABLE, computer(1), 300, "computer-1-join")
        .await
        .unwrap();
    assert_eq!(stack, 300);
    let entries = ledger(&bank).await;
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(entries[0].reason, Reason::HouseMint);
    assert_eq!(entries[0].from, Account::Mint { guild: GUILD });
    assert_eq!(entries[0].to, Account::House { guild: GUILD });
    assert_eq!(entries[0].amount, 300);
    assert_eq!(entries[1].reason, Reason::BuyIn);
    assert_eq!(entries[1].from, Account::House { guild: GUILD });
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.minted, house.balance), (300, 0));
    let report = assert_audit_clean(&bank).await;
    assert_eq!(
        report.player_accounts, 0,
        "a computer holds no player account"
    );
}

async fn a_house_holding_enough_mints_nothing_and_one_holding_some_mints_only_the_rest(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    bank.buy_in(GUILD, TABLE, computer(1), 300, "c1-join")
        .await
        .unwrap();
    bank.cash_out(GUILD, TABLE, computer(1), "c1-out")
        .await
        .unwrap();
    assert_eq!(bank.house_stats(GUILD).await.unwrap().balance, 300);
    // Exactly what it holds: nothing minted.
    bank.buy_in(GUILD, TABLE, computer(1), 300, "c1-join-again")
        .await
        .unwrap();
    assert_eq!(bank.house_stats(GUILD).await.unwrap().minted, 300);
    // One past it: the one chip short is minted.
    bank.buy_in(GUILD, TABLE, computer(2), 1, "c2-join")
        .await
        .unwrap();
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.minted, house.balance), (301, 0));
    let mints: Vec<u64> = ledger(&bank)
        .await
        .into_iter()
        .filter(|entry| entry.reason == Reason::HouseMint)
        .map(|entry| entry.amount)
        .collect();
    assert_eq!(mints, vec![300, 1]);
    assert_audit_clean(&bank).await;
}

#[tokio::test]
async fn a_computers_results_and_cash_out_are_the_houses_and_no_player_stats_or_leaderboard_show_it()
 {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    bank.buy_in(GUILD, TABLE, UserId(HUMAN), 200, "human-join")
        .await
        .unwrap();
    bank.buy_in(GUILD, TABLE, computer(3), 200, "c3-join")
        .await
        .unwrap();
    bank.begin_hand(GUILD, TABLE, 1).await.unwrap();
    let computer_lost = studbot::bank::SeatOutcome {
        user: computer(3),
        ..outcome(0, 200, 150)
    };
    bank.settle_hand(GUILD, TABLE, 1, &[outcome(HUMAN, 200, 250), computer_lost])
        .await
        .unwrap();
    bank.begin_hand(GUILD, TABLE, 2).await.unwrap();
    let computer_won = studbot::bank::SeatOutcome {
        user: computer(3),
        ..outcome(0, 150, 170)
    };
    bank.settle_hand(GUILD, TABLE, 2, &[outcome(HUMAN, 250, 230), computer_won])
        .await
        .unwrap();
    assert_eq!(
        bank.cash_out(GUILD, TABLE, computer(3), "c3-out")
            .await
            .unwrap(),
        170
    );
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!(
        (house.hands_played, house.won, house.lost, house.minted),
        (2, 20, 50, 200)
    );
    assert_eq!(house.net(), -30);
    assert_eq!(house.balance, 170);
    let board = bank.leaderboard(GUILD, 10).await.unwrap();
    assert!(
        board.iter().all(|(user, _)| !user.is_computer()),
        "{board:?}"
    );
    assert_eq!(board.len(), 1, "only the human: {board:?}");
    assert_eq!(
        bank.stats(GUILD, computer(3)).await.unwrap(),
        Default::default()
    );
    assert_eq!(
        bank.stats(GUILD, UserId(HUMAN)).await.unwrap().hands_played,
        2
    );
    let report = assert_audit_clean(&bank).await;
    assert_eq!(report.house_chips, 170);
    assert_eq!(report.player_accounts, 1);
}

async fn a_closing_table_pays_a_computers_stack_to_the_house(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    bank.buy_in(GUILD, TABLE, UserId(HUMAN), 200, "human-join")
        .await
        .unwrap();
    bank.buy_in(GUILD, TABLE, computer(0), 400, "c0-join")
        .await
        .unwrap();
    let paid = bank.close_table(GUILD, TABLE, "close").await.unwrap();
    assert!(paid.contains(&(computer(0), 400)), "{paid:?}");
    assert_eq!(bank.house_stats(GUILD).await.unwrap().balance, 400);
    let report = assert_audit_clean(&bank).await;
    assert_eq!((report.house_chips, report.escrow_chips), (400, 0));
    assert_eq!(report.player_accounts, 1);
}

async fn a_computer_buy_in_replayed_with_its_reference_mints_and_moves_once(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    for _ in 0..2 {
        assert_eq!(
            bank.buy_in(GUILD, TABLE, computer(5), 250, "c5-join")
                .await
                .unwrap(),
            250
        );
    }
    assert_eq!(ledger(&bank).await.len(), 2);
    assert_eq!(bank.house_stats(GUILD).await.unwrap().minted, 250);
    assert_audit_clean(&bank).await;
}

#[test]
fn computer_ids_are_no_discord_members_and_are_numbered_by_chair() {
    for number in [0u8, 1, 7, 255] {
        assert_eq!(UserId::computer(number).computer_number(), Some(number));
        assert!(UserId::computer(number).is_computer());
    }
    assert!(!UserId(1).is_computer());
    assert!(!UserId(u64::MAX - 256).is_computer());
    // A real snowflake of today is far below the range.
    assert!(!UserId(1_200_000_000_000_000_000).is_computer());
}

async fn a_replayed_computer_buy_in_answers_its_first_stack_and_mints_and_moves_chips_once(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    for _ in 0..2 {
        assert_eq!(
            bank.buy_in(GUILD, TABLE, computer(1), 300, "computer-1-join")
                .await,
            Ok(300)
        );
    }
    assert_eq!(
        bank.table_stacks(TABLE).await.unwrap(),
        vec![(computer(1), 300)]
    );
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.minted, house.balance), (300, 0));
    assert_eq!(ledger(&bank).await.len(), 2, "one mint and one buy-in");
    assert_audit_clean(&bank).await;
}

fn sit_and_go(buy_in: u64) -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        buy_in,
    )
}

fn house_bounded(house_mint_limit: u64, computer_max_buy_in: u64) -> EconomyConfig {
    EconomyConfig {
        house_mint_limit,
        computer_max_buy_in,
        ..EconomyConfig::default()
    }
}

async fn a_sit_and_go_that_computers_may_enter_takes_no_buy_in_above_the_computers_bound(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at_with(&place, house_bounded(100_000, 300)).await;
    let channel = TableId(41);
    let refused = bank
        .open_tournament_with_computers(GUILD, channel, 4, sit_and_go(301), 2, "past")
        .await;
    assert_eq!(
        refused,
        Err(BankError::ComputerBuyInTooLarge {
            amount: 301,
            limit: 300
        })
    );
    // At the bound it opens, and without computers any buy-in does.
    bank.open_tournament_with_computers(GUILD, channel, 4, sit_and_go(300), 2, "at")
        .await
        .unwrap();
    bank.open_tournament(GUILD, TableId(42), 4, sit_and_go(5_000), "people only")
        .await
        .unwrap();
}

async fn a_sit_and_go_whose_computers_the_dry_house_cannot_pay_for_does_not_start(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    // The mint may create 250 for the house: one computer's buy-in of 200, not two.
    let (bank, _) = open_bank_at_with(&place, house_bounded(250, 1_000)).await;
    let id = bank
        .open_tournament_with_computers(GUILD, TableId(43), 4, sit_and_go(200), 2, "open")
        .await
        .unwrap();
    bank.register_tournament(GUILD, id, UserId(HUMAN), "human")
        .await
        .unwrap();
    let refused = bank.start_tournament(GUILD, id, "start").await;
    assert_eq!(
        refused,
        Err(BankError::HouseDry {
            needed: 200,
            held: 0,
            mint_left: 50
        })
    );
    // Nothing moved: the sit & go still registers, the house minted nothing.
    let state = bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(state.entrants, vec![UserId(HUMAN)]);
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!(
        (house.minted, house.balance, house.mint_left()),
        (0, 0, 250)
    );
    assert_audit_clean(&bank).await;
}

async fn the_houses_record_says_what_the_mint_may_still_create_for_it(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at_with(&place, house_bounded(1_000, 1_000)).await;
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.mint_limit, house.mint_left()), (1_000, 1_000));
    bank.buy_in(GUILD, TABLE, computer(1), 600, "c1")
        .await
        .unwrap();
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.minted, house.mint_left()), (600, 400));
    bank.buy_in(GUILD, TABLE, computer(2), 400, "c2")
        .await
        .unwrap();
    assert_eq!(
        bank.buy_in(GUILD, TABLE, computer(3), 1, "c3").await,
        Err(BankError::HouseDry {
            needed: 1,
            held: 0,
            mint_left: 0
        })
    );
    assert_eq!(bank.house_stats(GUILD).await.unwrap().mint_left(), 0);
    // Another guild's house has its own allowance.
    let other = GuildId(8);
    bank.buy_in(other, TableId(200), computer(1), 1_000, "other")
        .await
        .unwrap();
    assert_audit_clean(&bank).await;
}

on_each_store!(
    #[tokio::test]
    a_computers_buy_in_mints_the_shortfall_for_the_house_as_a_house_mint,
    a_house_holding_enough_mints_nothing_and_one_holding_some_mints_only_the_rest,
    a_closing_table_pays_a_computers_stack_to_the_house,
    a_computer_buy_in_replayed_with_its_reference_mints_and_moves_once,
    a_replayed_computer_buy_in_answers_its_first_stack_and_mints_and_moves_chips_once,
    a_sit_and_go_that_computers_may_enter_takes_no_buy_in_above_the_computers_bound,
    a_sit_and_go_whose_computers_the_dry_house_cannot_pay_for_does_not_start,
    the_houses_record_says_what_the_mint_may_still_create_for_it,
);
