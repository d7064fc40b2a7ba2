//! Entries while a multi-table event runs (#41): a late registration and a re-entry made
//! through the lobby's coordinator are seated, dealt and paid into the pool; an entry past
//! late registration is refused and charges nothing.
use std::collections::BTreeSet;

use studbot::bank::UserId;
use studbot::lobby::event::EventNotice;

use crate::event_common::*;
use crate::lobby_common::*;
// The event tests' own `until` (a second at a time, gathering notices), not the lobby's.
use crate::event_common::until;

async fn a_late_entry_and_a_re_entry_are_seated_dealt_and_paid_into_the_pool(store: TestStore) {
    // A field whose money is far: late registration stays open through the first busts.
    const FIELD: u64 = 40;
    let fixture = event_fixture(store).await;
    // Late registration to the 40th level: open through the first busts.
    let mut settings = settings_for(7);
    settings.late_registration_levels = 40;
    settings.re_entries = 1;
    let id = scheduled_with(&fixture.bank, &players(FIELD), settings).await;
    // A person comes late (and, doing nothing, is checked or folded for on their timer);
    // a computer re-enters.
    let late = UserId(9_001);
    let starts = balances_of(&fixture.bank, &[late]).await;
    let (event, mut notices) = opened_event(&fixture, id).await;
    let mut told = Told::default();
    // Each entry is made while a moderator's pause holds the tables, so that no hand the
    // test's own bank reads let play meanwhile closes late registration first.
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    pause(&event, &mut notices, &mut told).await;
    assert_eq!(
        fixture.lobby.enter_event(id, late, "late 9001").await,
        Ok(1)
    );
    assert_eq!(
        fixture.lobby.enter_event(id, late, "late 9001").await,
        Ok(1),
        "a retried entry answers the same and charges nothing more"
    );
    event.resume().await.unwrap();
    until(&mut notices, &mut told, "the late entry dealt", |notice| {
        deals(notice, late)
    })
    .await;
    // A player out while late registration is open buys in again.
    let busted = loop {
        until(&mut notices, &mut told, "a hand recorded", |notice| {
            matches!(notice, EventNotice::HandRecorded { .. })
        })
        .await;
        pause(&event, &mut notices, &mut told).await;
        let record = fixture.bank.event(id).await.unwrap().unwrap();
        let running = record.event().unwrap();
        assert!(
            running.registration_open(),
            "a bust before the late registration's end"
        );
        if let Some(&user) = players(FIELD)
            .iter()
            .find(|&&user| running.live_entry(user).is_none())
        {
            break user;
        }
        event.resume().await.unwrap();
    };
    let reference = format!("re-entry {}", busted.0);
    assert_eq!(
        fixture.lobby.enter_event(id, busted, &reference).await,
        Ok(2)
    );
    event.resume().await.unwrap();
    until(&mut notices, &mut told, "the re-entry dealt", |notice| {
        deals(notice, busted)
    })
    .await;
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert_eq!(
        record.event().unwrap().prize_pool(),
        BUY_IN * (FIELD + 2),
        "the pool grew by two buy-ins"
    );
    until(&mut notices, &mut told, "the event's end", over).await;
    assert_nobody_dealt_while_moving(&told);
    let places = told.places().unwrap();
    assert_eq!(places.len() as u64, FIELD + 2, "every entry placed once");
    let entries: BTreeSet<UserId> = places.iter().map(|place| place.user).collect();
    assert_eq!(entries.len() as u64, FIELD + 1);
    assert_eq!(
        places.iter().map(|place| place.prize).sum::<u64>(),
        BUY_IN * (FIELD + 2)
    );
    // The players registered paid before `starts` was read; the late one and the re-entry
    // (the house's, for a computer) after.
    let prizes_of = |user: UserId| -> u64 {
        places
            .iter()
            .filter(|place| place.user == user)
            .map(|place| place.prize)
            .sum()
    };
    assert_eq!(
        balance(&fixture.bank, late).await,
        starts.people[&late] - BUY_IN + prizes_of(late)
    );
    let computers_won: u64 = places
        .iter()
        .filter(|place| place.user.is_computer())
        .map(|place| place.prize)
        .sum();
    assert!(busted.is_computer());
    assert_eq!(
        house_balance(&fixture.bank).await,
        starts.house - i128::from(BUY_IN) + i128::from(computers_won),
        "the house paid the computer's re-entry and got its computers' prizes"
    );
    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "audit: {:?}", report.breaks);
}

async fn an_entry_past_late_registration_is_refused_and_charges_nothing(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 9, 7).await;
    let late = UserId(9_002);
    let start = balance(&fixture.bank, late).await;
    let (event, mut notices) = opened_event(&fixture, id).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand dealt", |notice| {
        matches!(notice, EventNotice::HandDealt { .. })
    })
    .await;
    let refused = fixture.lobby.enter_event(id, late, "too late").await;
    assert!(refused.is_err(), "past late registration: {refused:?}");
    assert_eq!(balance(&fixture.bank, late).await, start, "nothing charged");
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert_eq!(record.event().unwrap().entries().len(), 9);
    assert_eq!(record.event().unwrap().prize_pool(), BUY_IN * 9);
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    assert!(!event.is_finished(), "the coordinator plays on");
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_late_entry_and_a_re_entry_are_seated_dealt_and_paid_into_the_pool,
    an_entry_past_late_registration_is_refused_and_charges_nothing,
);
