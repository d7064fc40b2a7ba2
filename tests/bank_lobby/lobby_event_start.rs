//! The start of a multi-table event (#41) when the bank's clock and the machine's disagree:
//! the bank starts an event only at its time by its own clock, and the coordinator, which
//! waits on the machine's, asks again until the bank agrees rather than give the event up.
//! And what a front end sees of the start: a subscriber made once the coordinator has told
//! the start's notices sees them all the same, in order, none twice.
use std::time::Duration;

use studbot::bank::EventPhase;
use studbot::lobby::event::EventNotice;

use crate::event_common::*;
use crate::lobby_common::*;
// The event tests' own `until` (a second at a time, gathering notices), not the lobby's.
use crate::event_common::until;

async fn an_event_whose_bank_clock_lags_starts_once_the_bank_reaches_its_time(store: TestStore) {
    let fixture = event_fixture_with_bank_behind(store, 30_000).await;
    let now = unix_now_secs();
    let id = scheduled_at(&fixture.bank, now + 60, now.saturating_sub(30)).await;
    let (event, mut notices) = opened_event(&fixture, id).await;
    for _ in 0..61 {
        advance(Duration::from_secs(1)).await;
    }
    assert!(
        notices.try_recv().is_err(),
        "the bank's clock has not reached the start: nothing yet"
    );
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert!(matches!(record.phase, EventPhase::Scheduled));
    assert!(
        !event.is_finished(),
        "the coordinator waits, it does not give up"
    );
    let mut told = Told::default();
    until(&mut notices, &mut told, "the start", |notice| {
        matches!(notice, EventNotice::Playing { .. })
    })
    .await;
    assert!(
        !told
            .notices
            .iter()
            .any(|notice| matches!(notice, EventNotice::Halted { .. })),
        "the event was never given up: {:?}",
        told.notices
    );
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert!(matches!(record.phase, EventPhase::Running(_)));
}

async fn a_subscriber_made_after_the_start_was_told_sees_every_notice_from_the_start(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (_, event, mut early, _) = started_event(&fixture, 9, 5).await;
    let mut told = Told::default();
    until(&mut early, &mut told, "the first hand dealt", |notice| {
        matches!(notice, EventNotice::HandDealt { .. })
    })
    .await;
    // The coordinator has told the start (its tables, a hand dealt).
    let mut late = event.subscribe();
    let mut seen = Vec::new();
    while let Ok(notice) = late.try_recv() {
        seen.push(notice);
    }
    assert!(
        seen.len() >= told.notices.len(),
        "the late subscriber sees the start: {seen:?}"
    );
    assert_eq!(
        seen[..told.notices.len()],
        told.notices[..],
        "the late subscriber sees the start as the early one did"
    );
    assert!(matches!(seen.first(), Some(EventNotice::Playing { .. })));
    assert!(
        seen.iter()
            .any(|notice| matches!(notice, EventNotice::HandDealt { .. })),
        "the first hand dealt"
    );
    // And what follows, once, in the same order for both.
    let mut more = Told::default();
    until(&mut early, &mut more, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    // The late subscriber's notices are forwarded by a task of its own: let it run.
    for _ in 0..10 {
        tokio::task::yield_now().await;
    }
    while let Ok(notice) = late.try_recv() {
        seen.push(notice);
    }
    told.notices.extend(more.notices);
    assert!(seen.len() >= told.notices.len(), "the late one keeps up");
    assert_eq!(seen[..told.notices.len()], told.notices[..]);
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    an_event_whose_bank_clock_lags_starts_once_the_bank_reaches_its_time,
    a_subscriber_made_after_the_start_was_told_sees_every_notice_from_the_start,
);
