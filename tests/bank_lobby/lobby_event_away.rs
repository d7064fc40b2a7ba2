//! A person who sits out of a multi-table event (#41) sits out until they come back, as at
//! a sit & go: after a restart of the bot (the bank keeps who sits out beside the event)
//! and at the table balancing moves them to, they are acted for at once, never asked again
//! nor timed out again; coming back deals them in again. And the bank's side of it.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{BankError, TableId, UserId};
use studbot::lobby::event::EventNotice;
use studbot::lobby::{NoticeBody, SeatStatus, SitOutReason, TableMessage};

use crate::event_common::*;
use crate::lobby_common::*;
use crate::lobby_event_people::{
    PERSON, Person, Watch, drive, event_with_people, event_with_people_on, never, passively,
    recorded, short_stacked,
};

/// Where `person` was told they sit out for `reason`, if they were.
fn sat_out_at(person: &Person, why: SitOutReason) -> Option<TableId> {
    person.seen.iter().find_map(|(channel, body)| match body {
        NoticeBody::Table(TableMessage::SatOut { user, reason })
            if *user == person.user && *reason == why =>
        {
            Some(*channel)
        }
        _ => None,
    })
}

/// The hand `user` is dealt in and not yet recorded, if there is one: its channel and number.
fn in_play_for(told: &Told, user: UserId) -> Option<(TableId, u64)> {
    let last = told.notices.iter().rev().find_map(|notice| match notice {
        EventNotice::HandDealt {
            channel,
            number,
            dealt,
            ..
        } if dealt.contains(&user) => Some((*channel, *number)),
        _ => None,
    });
    last.filter(|&(channel, number)| !recorded(told, channel, number))
}

fn timed_out(person: &Person) -> bool {
    person.seen.iter().any(|(_, body)| {
        matches!(body, NoticeBody::Table(TableMessage::TimedOut { user, .. }) if *user == person.user)
    })
}

async fn a_person_who_sat_out_for_timeouts_sits_out_after_a_restart_until_they_come_back(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (id, _event, mut watch, _) = event_with_people(&fixture, &[PERSON], 8, 5).await;
    let mut people = [Person::new(PERSON)];
    drive(
        &fixture.lobby,
        &mut watch,
        &mut people,
        never,
        "the person sat out for timeouts",
        |_, people| sat_out_at(&people[0], SitOutReason::TimedOut).is_some(),
    )
    .await;
    let kept = fixture.bank.event_sitting_out(id).await.unwrap();
    assert_eq!(
        kept.get(&PERSON),
        Some(&true),
        "the bank keeps it: {kept:?}"
    );
    fixture.lobby.shutdown(Duration::ZERO).await;

    let lobby = start_lobby_on(&fixture.bank).await;
    let resumed = lobby.resume_events(Arc::new(TABLES)).await.unwrap();
    let mut after = Watch {
        notices: resumed[0].subscribe(),
        told: Told::default(),
    };
    let mut people = [Person::new(PERSON)];
    drive(
        &lobby,
        &mut after,
        &mut people,
        never,
        "three hands dealt to the person after the restart, and a fourth in play",
        |told, people| people[0].results.len() >= 3 && in_play_for(told, PERSON).is_some(),
    )
    .await;
    let person = &people[0];
    assert!(
        person.turns.is_empty(),
        "not asked again after the restart: {:?}",
        person.turns
    );
    assert!(!timed_out(person), "not timed out again after the restart");

    // Back, at the table whose hand they are in (between hands they may be moving): playing
    // again, and the bank forgets it.
    let (channel, _) = in_play_for(&after.told, PERSON).unwrap();
    let table = lobby.table(channel).unwrap();
    let status = table.status().await.unwrap();
    let seat = status
        .seats
        .iter()
        .find(|seat| seat.user == PERSON)
        .unwrap();
    assert!(matches!(seat.status, SeatStatus::SittingOut { .. }));
    table.back(PERSON).await.unwrap();
    let status = table.status().await.unwrap();
    let seat = status
        .seats
        .iter()
        .find(|seat| seat.user == PERSON)
        .unwrap();
    assert_eq!(seat.status, SeatStatus::Playing, "back in");
    let kept = fixture.bank.event_sitting_out(id).await.unwrap();
    assert!(!kept.contains_key(&PERSON), "the bank forgets it: {kept:?}");
    // Asked again on their next turn (unless the antes had put them all in meanwhile).
    let out = |told: &Told| {
        told.notices
            .iter()
            .any(|notice| matches!(notice, EventNotice::Out { user, .. } if *user == PERSON))
    };
    drive(
        &lobby,
        &mut after,
        &mut people,
        passively,
        "the person back and acting, or out",
        |told, people| !people[0].acted.is_empty() || out(told) || told.places().is_some(),
    )
    .await;
    assert!(!people[0].acted.is_empty() || out(&after.told));
}

async fn a_person_who_sat_out_and_is_moved_is_not_asked_at_the_new_table(store: TestStore) {
    let fixture = event_fixture(store).await;
    // Four short stacks at tables of three (two and two): the first bust breaks a table into
    // the final table, so the person is often moved; an event where they are not (or bust
    // first) is cancelled and another played.
    for attempt in 0..40 {
        let person = UserId(7_300 + attempt);
        let (_, event, mut watch, _) =
            event_with_people_on(&fixture, &[person], 3, short_stacked(3)).await;
        let mut people = [Person::new(person)];
        drive(
            &fixture.lobby,
            &mut watch,
            &mut people,
            never,
            "the person seated",
            |_, people| people[0].at.is_some(),
        )
        .await;
        let first = people[0].channel().unwrap();
        let table = fixture.lobby.table(first).unwrap();
        table.sit_out(person).await.unwrap();
        let out = |told: &Told| {
            told.notices
                .iter()
                .any(|notice| matches!(notice, EventNotice::Out { user, .. } if *user == person))
        };
        let moved_and_dealt = |people: &[Person]| {
            people[0]
                .results
                .iter()
                .filter(|(channel, _)| *channel != first)
                .count()
                >= 2
        };
        drive(
            &fixture.lobby,
            &mut watch,
            &mut people,
            never,
            "the person moved and dealt two hands at the new table, or out",
            |told, people| out(told) || told.places().is_some() || moved_and_dealt(people),
        )
        .await;
        if !moved_and_dealt(&people) {
            let reference = format!("cancel away {attempt}");
            cancel_unless_over(&event, &mut watch.notices, &mut watch.told, &reference).await;
            continue;
        }
        // (A turn offered before the sit-out was read may show at the first table.)
        let person_seen = &people[0];
        let asked_there: Vec<_> = person_seen
            .turns
            .iter()
            .filter(|(channel, _)| *channel != first)
            .collect();
        assert!(
            asked_there.is_empty(),
            "asked at the new table: {asked_there:?}"
        );
        let timed_out_there = person_seen.seen.iter().any(|(channel, body)| {
            *channel != first
                && matches!(body, NoticeBody::Table(TableMessage::TimedOut { user, .. }) if *user == person)
        });
        assert!(!timed_out_there, "timed out at the new table");
        return;
    }
    panic!("no event moved the person");
}

/// The bank's side: who sits out is kept only while the event runs and only for a player
/// still in; coming back forgets it; the event's end takes it away (the audit checks none
/// outlives its event).
async fn the_bank_keeps_who_sits_out_only_while_the_event_runs(store: TestStore) {
    use crate::event_bank_common::{assert_audit_ok, scheduled_with, settings, start};
    let place = crate::bank_common::TestPlace::new(store);
    let (bank, clock) = crate::bank_common::open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 6), 3).await;
    let (one, two, stranger) = (UserId(1), UserId(2), UserId(99));
    assert_eq!(
        bank.set_event_sitting_out(GUILD, id, one, Some(true)).await,
        Err(BankError::TournamentNotRunning { tournament: id })
    );
    start(&bank, &clock, id, 41).await.unwrap();
    assert_eq!(
        bank.set_event_sitting_out(GUILD, id, stranger, Some(false))
            .await,
        Err(BankError::NotRegistered { tournament: id })
    );
    for _ in 0..2 {
        bank.set_event_sitting_out(GUILD, id, one, Some(true))
            .await
            .unwrap();
        bank.set_event_sitting_out(GUILD, id, two, Some(false))
            .await
            .unwrap();
    }
    let kept = bank.event_sitting_out(id).await.unwrap();
    assert_eq!(
        kept.into_iter().collect::<Vec<_>>(),
        vec![(one, true), (two, false)]
    );
    bank.set_event_sitting_out(GUILD, id, two, None)
        .await
        .unwrap();
    let kept = bank.event_sitting_out(id).await.unwrap();
    assert_eq!(kept.into_iter().collect::<Vec<_>>(), vec![(one, true)]);
    assert_audit_ok(&bank).await;
    bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert!(
        bank.event_sitting_out(id).await.unwrap().is_empty(),
        "gone with the event"
    );
    assert_eq!(
        bank.set_event_sitting_out(GUILD, id, one, Some(true)).await,
        Err(BankError::TournamentOver { tournament: id })
    );
    assert_audit_ok(&bank).await;
}

on_each_store!(
    #[tokio::test]
    the_bank_keeps_who_sits_out_only_while_the_event_runs;
    #[tokio::test(start_paused = true)]
    a_person_who_sat_out_for_timeouts_sits_out_after_a_restart_until_they_come_back,
    a_person_who_sat_out_and_is_moved_is_not_asked_at_the_new_table,
);
