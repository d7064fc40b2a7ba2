//! The start of a multi-table event (#41) when the bank's clock and the machine's disagree:
//! the bank starts an event only at its time by its own clock, and the coordinator, which
//! waits on the machine's, asks again until the bank agrees rather than give the event up.
use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{EventPhase, EventSchedule};
use studbot::lobby::event::EventNotice;
use studbot::table::GameChoice;
use studbot::tournament::Structure;
use studbot::tournament::multi::EventSettings;

use crate::event_common::*;
use crate::lobby_common::*;
// The event tests' own `until` (a second at a time, gathering notices), not the lobby's.
use crate::event_common::until;

async fn an_event_whose_bank_clock_lags_starts_once_the_bank_reaches_its_time(store: TestStore) {
    let fixture = event_fixture_with_bank_behind(store, 30_000).await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let settings = EventSettings::new(
        GameChoice::Stud,
        Structure::built_in_with_hands(LEVEL_SECS),
        BUY_IN,
        7,
    );
    let schedule = EventSchedule {
        channel: EVENT_CHANNEL,
        name: "lagging".into(),
        starts_at: now + 60,
        now: now.saturating_sub(30),
        added_by: None,
    };
    let id = fixture
        .bank
        .schedule_event(GUILD, schedule, settings, "schedule lagging")
        .await
        .unwrap();
    for user in players(9) {
        fixture
            .bank
            .enter_event(GUILD, id, user, 0, &format!("register lagging {}", user.0))
            .await
            .unwrap();
    }
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let mut notices = event.subscribe();
    for _ in 0..61 {
        tokio::time::advance(Duration::from_secs(1)).await;
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

on_each_store!(
    #[tokio::test(start_paused = true)]
    an_event_whose_bank_clock_lags_starts_once_the_bank_reaches_its_time,
);
