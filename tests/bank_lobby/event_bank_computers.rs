//! Computer players entered into a multi-table event by the server's staff (#41,
//! `/tournament computers`), on both stores: every one of them or none in one transaction,
//! each buy-in paid by the guild's house (the mint topping it up within its limit, as for a
//! sit & go's computer seats), a retry charged once; refused, changing nothing, where the
//! event does not allow computer players, for none asked, past the cap (and taken exactly at
//! it), the house dry, the event started or over.

use studbot::bank::{Bank, BankError, EconomyConfig, EventNote, EventPhase, TournamentId, UserId};
use studbot::tournament::multi::EventSettings;

use crate::bank_common::{TestPlace, TestStore, open_bank_at, open_bank_at_with};
use crate::event_bank_common::*;

/// An event of buy-in `buy_in` and at most `cap` entries, computer players allowed or not,
/// with users 1..=`people` registered.
async fn event_with(
    bank: &Bank,
    buy_in: u64,
    cap: usize,
    allowed: bool,
    people: u64,
) -> TournamentId {
    let capped = EventSettings {
        cap: Some(cap),
        ..settings(buy_in, 6)
    };
    let reference = format!("schedule cap {cap} computers {allowed}");
    let id = bank
        .schedule_event(GUILD, schedule(), capped, &reference)
        .await
        .expect("scheduled");
    for user in 1..=people {
        let reference = format!("event {} register {user}", id.0);
        bank.enter_event(GUILD, id, UserId(user), 0, &reference)
            .await
            .expect("registers");
    }
    let note = EventNote::Scheduled {
        computers_allowed: allowed,
        scheduled_at: NOW,
    };
    bank.note_event(GUILD, id, note).await.expect("noted");
    id
}

fn computers(numbers: std::ops::Range<u8>) -> Vec<UserId> {
    numbers.map(UserId::computer).collect()
}

/// What must not move when a request is refused: the field, the house and the ledger.
async fn books(bank: &Bank, id: TournamentId) -> (Vec<UserId>, u64, u64, usize) {
    let house = bank.house_stats(GUILD).await.unwrap();
    let ledger = bank.ledger(1, 10_000).await.unwrap().len();
    (
        record(bank, id).await.registered,
        house.balance,
        house.minted,
        ledger,
    )
}

async fn computers_are_all_entered_in_one_transaction_their_buy_ins_paid_by_the_house(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let id = event_with(&bank, 100, 6, true, 1).await;
    let ledger_before = bank.ledger(1, 10_000).await.unwrap().len();
    assert_eq!(bank.enter_event_computers(GUILD, id, 3, "c3").await, Ok(4));
    // A retry of the same reference answers the same and charges nothing more.
    assert_eq!(bank.enter_event_computers(GUILD, id, 3, "c3").await, Ok(4));
    let mut field = vec![UserId(1)];
    field.extend(computers(0..3));
    assert_eq!(record(&bank, id).await.registered, field);
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!(
        (house.minted, house.balance),
        (300, 0),
        "the house paid 3 x 100"
    );
    let ledger = bank.ledger(1, 10_000).await.unwrap();
    assert_eq!(
        ledger.len() - ledger_before,
        6,
        "a mint and a buy-in for each computer"
    );
    // Exactly at the cap: two more fill it; the lowest numbers free are theirs.
    assert_eq!(bank.enter_event_computers(GUILD, id, 2, "c2").await, Ok(6));
    field.extend(computers(3..5));
    assert_eq!(record(&bank, id).await.registered, field);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 600);
    // They start seated as everyone else.
    start(&bank, &clock, id, 7).await.unwrap();
    let started = record(&bank, id).await;
    let event = started.event().expect("running");
    assert_eq!(event.entries().len(), 6);
    for user in &field {
        assert_eq!(event.entries_of(*user).len(), 1, "{user:?} seated once");
    }
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 600);
    bank.shutdown().await.unwrap();
}

async fn a_cancel_before_the_start_gives_the_computers_buy_ins_back_to_the_house(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = event_with(&bank, 100, 10, true, 2).await;
    let before = balance(&bank, 1).await;
    bank.enter_event_computers(GUILD, id, 4, "c4")
        .await
        .unwrap();
    bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.minted, house.balance), (400, 400));
    assert_eq!(balance(&bank, 1).await, before + 100);
    let report = assert_audit_ok(&bank).await;
    assert_eq!((report.tournament_chips, report.house_chips), (0, 400));
    bank.shutdown().await.unwrap();
}

async fn refused_computers_change_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    // An event scheduled without computer players takes none.
    let closed = event_with(&bank, 100, 6, false, 0).await;
    let unchanged = books(&bank, closed).await;
    assert_eq!(
        bank.enter_event_computers(GUILD, closed, 2, "not allowed")
            .await,
        Err(BankError::ComputersNotAllowed { tournament: closed })
    );
    assert_eq!(books(&bank, closed).await, unchanged);
    bank.cancel_event(GUILD, closed, "cancel closed")
        .await
        .unwrap();
    let id = event_with(&bank, 100, 6, true, 2).await;
    let unchanged = books(&bank, id).await;
    assert_eq!(
        bank.enter_event_computers(GUILD, id, 0, "none").await,
        Err(BankError::ZeroAmount)
    );
    // One past the cap: not even the four that would fit.
    assert_eq!(
        bank.enter_event_computers(GUILD, id, 5, "past cap").await,
        Err(BankError::TournamentFull {
            tournament: id,
            seats: 6
        })
    );
    assert_eq!(books(&bank, id).await, unchanged);
    start(&bank, &clock, id, 3).await.unwrap();
    let running = books(&bank, id).await;
    assert_eq!(
        bank.enter_event_computers(GUILD, id, 1, "started").await,
        Err(BankError::TournamentStarted { tournament: id }),
        "after the start computers enter through the coordinator, one by one"
    );
    assert_eq!(books(&bank, id).await, running);
    bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert!(matches!(
        record(&bank, id).await.phase,
        EventPhase::Cancelled { .. }
    ));
    assert_eq!(
        bank.enter_event_computers(GUILD, id, 1, "over").await,
        Err(BankError::TournamentOver { tournament: id })
    );
    assert_audit_ok(&bank).await;
    bank.shutdown().await.unwrap();
}

async fn a_dry_house_refuses_every_computer_and_names_what_it_holds(store: TestStore) {
    let place = TestPlace::new(store);
    let config = EconomyConfig {
        house_mint_limit: 250,
        ..EconomyConfig::default()
    };
    let (bank, _) = open_bank_at_with(&place, config).await;
    let id = event_with(&bank, 100, 20, true, 1).await;
    // Two fit within what the mint may create; the third would not, so none enters.
    let unchanged = books(&bank, id).await;
    assert_eq!(
        bank.enter_event_computers(GUILD, id, 3, "three").await,
        Err(BankError::HouseDry {
            needed: 300,
            held: 0,
            mint_left: 250
        })
    );
    assert_eq!(books(&bank, id).await, unchanged);
    assert_eq!(bank.enter_event_computers(GUILD, id, 2, "two").await, Ok(3));
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.minted, house.balance), (200, 0));
    let unchanged = books(&bank, id).await;
    assert_eq!(
        bank.enter_event_computers(GUILD, id, 1, "one more").await,
        Err(BankError::HouseDry {
            needed: 100,
            held: 0,
            mint_left: 50
        })
    );
    assert_eq!(books(&bank, id).await, unchanged);
    assert_audit_ok(&bank).await;
    bank.shutdown().await.unwrap();
}

on_each_store!(
    #[tokio::test]
    computers_are_all_entered_in_one_transaction_their_buy_ins_paid_by_the_house,
    a_cancel_before_the_start_gives_the_computers_buy_ins_back_to_the_house,
    refused_computers_change_nothing,
    a_dry_house_refuses_every_computer_and_names_what_it_holds,
);
