//! What a multi-table event keeps across a restart of the lobby (#41): a moderator's pause,
//! with its clock stopped, and each table's channel (a restart plays each table where it was,
//! as Discord keeps each table's thread).
use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{TableId, TournamentId};
use studbot::lobby::event::EventNotice;

use crate::event_common::*;
use crate::lobby_common::*;
// The event tests' own `until` (a second at a time, gathering notices), not the lobby's.
use crate::event_common::until;

async fn a_pause_is_kept_across_a_restart_with_its_clock_stopped(store: TestStore) {
    let fixture = event_fixture(store).await;
    let (id, event, mut notices, starts) = started_event(&fixture, 20, 7).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    pause(&event, &mut notices, &mut told).await;
    let Some(EventNotice::Paused { clock: stopped }) = told.notices.last().cloned() else {
        unreachable!()
    };
    until_no_hand_in_play(&mut notices, &mut told).await;
    fixture.lobby.shutdown(Duration::ZERO).await;
    assert!(
        fixture.bank.event_paused(id).await.unwrap(),
        "the pause is kept"
    );

    let lobby = start_lobby_on(&fixture.bank).await;
    let resumed = lobby.resume_events(Arc::new(TABLES)).await.unwrap();
    assert_eq!(resumed.len(), 1, "the paused event resumes");
    let mut notices = resumed[0].subscribe();
    let mut after = Told::default();
    until(&mut notices, &mut after, "the pause told again", |notice| {
        matches!(notice, EventNotice::Paused { .. })
    })
    .await;
    // An hour after the restart: nothing dealt, the clock where the pause stopped it.
    an_hour_passes().await;
    while let Ok(notice) = notices.try_recv() {
        after.notices.push(notice);
    }
    assert!(
        after
            .notices
            .iter()
            .all(|notice| !matches!(notice, EventNotice::HandDealt { .. })),
        "no table deals while the pause holds: {:?}",
        after.notices
    );
    let record = fixture.bank.event(id).await.unwrap().unwrap();
    assert!(
        record.clock <= stopped + 1,
        "the clock stood through the restart"
    );
    resumed[0].resume().await.unwrap();
    until(
        &mut notices,
        &mut after,
        "a hand after the resume",
        |notice| matches!(notice, EventNotice::HandDealt { .. }),
    )
    .await;
    let Some(EventNotice::HandDealt { clock, .. }) = after.notices.last() else {
        unreachable!()
    };
    assert!(
        *clock <= stopped + 1,
        "the restart's hour was not charged: {clock} after {stopped}"
    );
    assert!(
        !fixture.bank.event_paused(id).await.unwrap(),
        "the resume is kept"
    );
    until(&mut notices, &mut after, "the event's end", over).await;
    assert_paid_once(&fixture.bank, id, 20, after.places().unwrap(), &starts).await;
}

/// A new channel each time a table is asked for one, as Discord makes a new thread.
struct NewThreads {
    next: std::sync::atomic::AtomicU64,
}

impl NewThreads {
    fn from(first: u64) -> Arc<NewThreads> {
        Arc::new(NewThreads {
            next: std::sync::atomic::AtomicU64::new(first),
        })
    }

    fn made(&self, first: u64) -> u64 {
        self.next.load(std::sync::atomic::Ordering::SeqCst) - first
    }
}

#[async_trait::async_trait]
impl studbot::lobby::event::EventTables for NewThreads {
    async fn table_channel(
        &self,
        _guild: studbot::bank::GuildId,
        _event: TournamentId,
        _channel: TableId,
        _table: u32,
    ) -> Result<TableId, String> {
        Ok(TableId(
            self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst),
        ))
    }
}

fn playing_tables(told: &Told) -> Vec<(u32, TableId)> {
    match told.notices.first() {
        Some(EventNotice::Playing { tables, .. }) => tables.clone(),
        other => panic!("the event tells its tables first: {other:?}"),
    }
}

async fn a_restart_plays_each_table_in_the_channel_the_bank_kept(store: TestStore) {
    let fixture = event_fixture(store).await;
    let id = scheduled(&fixture.bank, 20, 7).await;
    let threads = NewThreads::from(70_000);
    let event = fixture.lobby.open_event(id, threads.clone()).await.unwrap();
    let mut notices = event.subscribe();
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand recorded", |notice| {
        matches!(notice, EventNotice::HandRecorded { .. })
    })
    .await;
    fixture.lobby.shutdown(Duration::ZERO).await;
    let before = playing_tables(&told);
    assert_eq!(threads.made(70_000), 3, "a thread made for each table");
    let kept = fixture.bank.event_channels(id).await.unwrap();
    assert_eq!(kept.into_iter().collect::<Vec<_>>(), before);

    let lobby = start_lobby_on(&fixture.bank).await;
    let again = NewThreads::from(80_000);
    let resumed = lobby.resume_events(again.clone()).await.unwrap();
    let mut notices = resumed[0].subscribe();
    let mut after = Told::default();
    until(&mut notices, &mut after, "the resumed event's end", over).await;
    assert_eq!(
        playing_tables(&after),
        before,
        "each table in the channel it had"
    );
    assert_eq!(again.made(80_000), 0, "no thread made again");
    assert!(
        fixture.bank.event_channels(id).await.unwrap().is_empty(),
        "the channels go with the event's end"
    );
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_pause_is_kept_across_a_restart_with_its_clock_stopped,
    a_restart_plays_each_table_in_the_channel_the_bank_kept,
);
