//! Multi-table events in the bank (#41), on both stores: money in and out before play.
//! Every buy-in (registration, late entry, re-entry) one transaction into the event's escrow
//! with an idempotent reference; refusals that charge nothing; an added prize and its refund;
//! a cancel's refunds and shares; the start at its time and not a second before. Hands and
//! prizes: `event_bank_play.rs`; the audit and the lease: `event_bank_audit.rs`.

use studbot::bank::{BankError, EventPhase, EventSchedule, PrizeSource, UserId};
use studbot::table::GameChoice;
use studbot::tournament::multi::EventSettings;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::bank_common::{TestPlace, TestStore, open_bank_at};
use crate::event_bank_common::*;

async fn a_retried_registration_charges_once_and_registering_twice_is_refused(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 6), 0).await;
    let before = balance(&bank, 1).await;
    assert_eq!(bank.enter_event(GUILD, id, UserId(1), 0, "r1").await, Ok(1));
    assert_eq!(bank.enter_event(GUILD, id, UserId(1), 0, "r1").await, Ok(1));
    assert_eq!(
        bank.enter_event(GUILD, id, UserId(1), 0, "r1 again").await,
        Err(BankError::AlreadyRegistered { tournament: id })
    );
    assert_eq!(balance(&bank, 1).await, before - 100);
    assert_eq!(record(&bank, id).await.registered, vec![UserId(1)]);
    assert_eq!(
        bank.unregister_event(GUILD, id, UserId(1), "u1").await,
        Ok(100)
    );
    assert_eq!(
        bank.unregister_event(GUILD, id, UserId(1), "u1").await,
        Ok(100)
    );
    assert_eq!(balance(&bank, 1).await, before);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

async fn a_re_entry_past_late_registration_is_refused_and_charges_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let late = EventSettings {
        late_registration_levels: 1,
        re_entries: 1,
        ..settings(100, 6)
    };
    let end = late.late_registration_end().expect("closes after level 1");
    let id = scheduled_with(&bank, late, 12).await;
    start(&bank, &clock, id, 5).await.unwrap();
    let table = record(&bank, id).await.event().unwrap().seating().numbers()[0];
    let hand = busting_hand(&record(&bank, id).await, table, 0).expect("deals");
    let out = record(&bank, id)
        .await
        .event()
        .unwrap()
        .entry(*hand.dealt.last().unwrap())
        .unwrap()
        .user;
    bank.record_event_hand(GUILD, id, hand, 0, None)
        .await
        .unwrap();
    let before = balance(&bank, out.0).await;
    assert_eq!(
        bank.enter_event(GUILD, id, out, end, "too late").await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    assert_eq!(
        balance(&bank, out.0).await,
        before,
        "a refusal charges nothing"
    );
    assert_eq!(bank.enter_event(GUILD, id, out, 1, "re-entry").await, Ok(2));
    assert_eq!(bank.enter_event(GUILD, id, out, 1, "re-entry").await, Ok(2));
    assert_eq!(balance(&bank, out.0).await, before - 100, "charged once");
    assert_eq!(record(&bank, id).await.entries(), 13);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 1_300);
    bank.shutdown().await.unwrap();
}

async fn a_cancel_refunds_every_buy_in_before_a_bust_and_shares_the_pool_after(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let before = balance(&bank, 1).await;
    let id = scheduled_with(&bank, settings(100, 6), 3).await;
    let paid = bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert_eq!(paid.len(), 3);
    assert_eq!(bank.cancel_event(GUILD, id, "cancel").await, Ok(paid));
    assert_eq!(balance(&bank, 1).await, before);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 0);
    // A running event after a bust: the prizes not yet won shared among the players left.
    let id = bank
        .schedule_event(GUILD, schedule(), settings(100, 4), "schedule 2")
        .await
        .unwrap();
    for user in 1..=8 {
        bank.enter_event(GUILD, id, UserId(user), 0, &format!("second {user}"))
            .await
            .unwrap();
    }
    start(&bank, &clock, id, 3).await.unwrap();
    let table = record(&bank, id).await.event().unwrap().seating().numbers()[0];
    let hand = busting_hand(&record(&bank, id).await, table, 0).unwrap();
    bank.record_event_hand(GUILD, id, hand, 0, None)
        .await
        .unwrap();
    let shares = bank.cancel_event(GUILD, id, "cancel 2").await.unwrap();
    assert_eq!(shares.iter().map(|&(_, chips)| chips).sum::<u64>(), 800);
    // Each player still in counts the event in their stats, with what their share made.
    let (user, share) = shares[0];
    let stats = bank.tournament_stats(GUILD, user).await.unwrap();
    assert_eq!(stats.entries, 1);
    assert_eq!(stats.net, share as i64 - 100);
    assert!(matches!(
        record(&bank, id).await.phase,
        EventPhase::Cancelled { .. }
    ));
    let report = assert_audit_ok(&bank).await;
    assert_eq!(report.tournament_chips, 0);
    assert!(report.events_live.is_empty());
    bank.shutdown().await.unwrap();
}

/// A prize a member adds at the schedule moves into the escrow with it, is part of the
/// pool, and a cancel before the start sends it back to them.
async fn an_added_prize_is_in_the_pool_and_a_refund_sends_it_back(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let sponsor = UserId(9);
    let before = balance(&bank, sponsor.0).await;
    let added = EventSettings {
        added_prize: 50,
        ..settings(100, 6)
    };
    let with_prize = EventSchedule {
        added_by: Some(PrizeSource::Member(sponsor)),
        ..schedule()
    };
    assert!(matches!(
        bank.schedule_event(GUILD, schedule(), added.clone(), "no source")
            .await,
        Err(BankError::BadTournament(_))
    ));
    let id = bank
        .schedule_event(GUILD, with_prize, added, "sponsored")
        .await
        .unwrap();
    for user in 1..=2 {
        bank.enter_event(GUILD, id, UserId(user), 0, &format!("r{user}"))
            .await
            .unwrap();
    }
    assert_eq!(balance(&bank, sponsor.0).await, before - 50);
    let report = assert_audit_ok(&bank).await;
    assert_eq!(report.tournament_chips, 250);
    assert_eq!(report.events_live[0].prize_pool, 250);
    bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert_eq!(balance(&bank, sponsor.0).await, before);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

async fn refusals_are_clear_and_change_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let past = EventSchedule {
        starts_at: NOW - 1,
        ..schedule()
    };
    assert!(matches!(
        bank.schedule_event(GUILD, past, settings(100, 6), "past")
            .await,
        Err(BankError::BadTournament(_))
    ));
    let sit_and_go = TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        100,
    );
    let live = bank
        .open_tournament(GUILD, CHANNEL, 3, sit_and_go, "sng")
        .await
        .unwrap();
    assert_eq!(
        bank.schedule_event(GUILD, schedule(), settings(100, 6), "here")
            .await,
        Err(BankError::TournamentInChannel { tournament: live })
    );
    bank.cancel_tournament(GUILD, live, "sng cancel")
        .await
        .unwrap();
    let id = scheduled_with(&bank, settings(100, 6), 2).await;
    assert_eq!(
        bank.schedule_event(GUILD, schedule(), settings(100, 6), "again")
            .await,
        Err(BankError::TournamentInChannel { tournament: id })
    );
    let sit_and_go = TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        100,
    );
    assert_eq!(
        bank.open_tournament(GUILD, CHANNEL, 3, sit_and_go, "sng here")
            .await,
        Err(BankError::TournamentInChannel { tournament: id }),
        "no sit & go opens where an event is live"
    );
    start(&bank, &clock, id, 1).await.unwrap();
    assert_eq!(
        bank.unregister_event(GUILD, id, UserId(1), "late").await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    assert_eq!(
        bank.enter_event(GUILD, id, UserId(9), 0, "late entry")
            .await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 200);
    bank.shutdown().await.unwrap();
}

async fn an_event_starts_at_its_time_and_is_refused_a_second_before(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 6), 3).await;
    let starts_at = record(&bank, id).await.starts_at;
    clock.set((starts_at - 1) * 1_000);
    assert_eq!(
        bank.start_event(GUILD, id, 1).await,
        Err(BankError::EventNotYet {
            tournament: id,
            starts_at
        })
    );
    let waiting = record(&bank, id).await;
    assert!(
        matches!(waiting.phase, EventPhase::Scheduled),
        "nothing changed"
    );
    assert_eq!(waiting.registered.len(), 3);
    // A millisecond before is still before.
    clock.set(starts_at * 1_000 - 1);
    assert!(matches!(
        bank.start_event(GUILD, id, 1).await,
        Err(BankError::EventNotYet { .. })
    ));
    clock.set(starts_at * 1_000);
    assert_eq!(bank.start_event(GUILD, id, 1).await, Ok(()));
    assert!(matches!(
        record(&bank, id).await.phase,
        EventPhase::Running(_)
    ));
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 300);
    bank.shutdown().await.unwrap();
}

on_each_store!(
    #[tokio::test]
    a_retried_registration_charges_once_and_registering_twice_is_refused,
    a_re_entry_past_late_registration_is_refused_and_charges_nothing,
    a_cancel_refunds_every_buy_in_before_a_bust_and_shares_the_pool_after,
    an_added_prize_is_in_the_pool_and_a_refund_sends_it_back,
    refusals_are_clear_and_change_nothing,
    an_event_starts_at_its_time_and_is_refused_a_second_before,
);
