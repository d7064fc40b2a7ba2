//! An event table's hands in `/history` (#41): the bank stores each hand's public history
//! in its table's channel (the thread) by the transaction that records the hand, so a
//! recorded hand has its history and the channel's latest hand is the table's last one;
//! the history keeps no down card that was not shown, numbers the table's own hands, and
//! says whose event it is. An event table's board says its computers are entrants (they
//! give up no seat, unlike a cash table's). On each store.

use std::time::Duration;

use studbot::bank::{ChannelHand, TableId};
use studbot::lobby::event::EventNotice;
use studbot::lobby::{NoticeBody, present};
use studbot::render::Locale;
use studbot::table::hand::Event;

use crate::bank_common::TestStore;
use crate::event_common::*;
use crate::lobby_common::{advance, deadline};

/// The channel and number of each hand recorded at the event so far, in order.
fn recorded_hands(told: &Told) -> Vec<(TableId, u64)> {
    told.notices
        .iter()
        .filter_map(|notice| match notice {
            EventNotice::HandRecorded {
                channel, number, ..
            } => Some((*channel, *number)),
            _ => None,
        })
        .collect()
}

fn dealt_in(told: &Told, channel: TableId, hand: u64) -> Vec<studbot::bank::UserId> {
    told.notices
        .iter()
        .find_map(|notice| match notice {
            EventNotice::HandDealt {
                channel: at,
                number,
                dealt,
                ..
            } if *at == channel && *number == hand => Some(dealt.clone()),
            _ => None,
        })
        .expect("a recorded hand was dealt")
}

async fn an_event_tables_recorded_hands_are_its_threads_history_without_unshown_down_cards(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (id, _event, mut notices, _) = started_event(&fixture, 9, 5).await;
    let mut told = Told::default();
    while recorded_hands(&told).len() < 4 {
        until(&mut notices, &mut told, "four hands recorded", |notice| {
            matches!(notice, EventNotice::HandRecorded { .. })
        })
        .await;
    }
    let lobby = &fixture.lobby;
    for (channel, number) in recorded_hands(&told) {
        let history = lobby
            .hand_history(channel, Some(number))
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("hand {number} of channel {} is kept", channel.0));
        assert_eq!(history.hand, number, "numbered as the table's hand");
        assert_eq!(history.event, Some(id), "it says whose event it is");
        assert_eq!(history.sit_and_go, None);
        assert_eq!(history.players, dealt_in(&told, channel, number));
        assert!(
            !history
                .events
                .iter()
                .any(|event| matches!(event, Event::DownCard { .. })),
            "no down card kept but those shown: {:?}",
            history.events
        );
        assert!(
            history
                .events
                .iter()
                .any(|event| matches!(event, Event::Acted { .. })),
            "the hand's actions are kept: {:?}",
            history.events
        );
        let stored = fixture
            .bank
            .channel_hand_history(
                channel,
                ChannelHand::Event {
                    event: id,
                    hand: number,
                },
            )
            .await
            .unwrap();
        assert!(
            stored.is_some(),
            "kept under the event's hand in the thread"
        );
    }
    // Each thread's latest is its table's last hand recorded (or one recorded since, as the
    // event plays on); a hand not played has none.
    let (channel, last) = *recorded_hands(&told).last().unwrap();
    let latest = lobby.hand_history(channel, None).await.unwrap().unwrap();
    assert!(latest.hand >= last, "the thread's latest is its last hand");
    assert_eq!(latest.event, Some(id));
    assert!(
        lobby
            .hand_history(channel, Some(last + 1_000))
            .await
            .unwrap()
            .is_none(),
        "a hand not played has no history"
    );
}

async fn an_event_tables_board_says_its_computers_are_entrants_keeping_their_seats(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (_, _event, mut notices, _) = started_event(&fixture, 9, 5).await;
    let mut told = Told::default();
    until(&mut notices, &mut told, "a hand dealt", |notice| {
        matches!(notice, EventNotice::HandDealt { .. })
    })
    .await;
    let channel = told
        .notices
        .iter()
        .find_map(|notice| match notice {
            EventNotice::HandDealt { channel, .. } => Some(*channel),
            _ => None,
        })
        .unwrap();
    let table = fixture.lobby.table(channel).unwrap();
    let mut boards = table.subscribe().await.unwrap();
    // The table's clock moves a second at a time until it shows a board.
    let mut shown = None;
    for _ in 0..600 {
        while let Ok(notice) = boards.try_recv() {
            if let NoticeBody::Board(board) = notice.body {
                shown.get_or_insert(board);
            }
        }
        if shown.is_some() {
            break;
        }
        deadline("a board", advance(Duration::from_secs(1))).await;
        tokio::task::yield_now().await;
    }
    let board = shown.expect("the event table shows a board");
    assert!(board.event_table, "the board says it is an event's table");
    let name_of = |user: studbot::bank::UserId| format!("P{}", user.0);
    for (locale, entrants, giving) in [
        (Locale::En, "🤖 = computer player\n", "gives its seat"),
        (Locale::Es, "🤖 = bot\n", "cede su asiento"),
        (Locale::Id, "🤖 = bot\n", "memberikan kursinya"),
    ] {
        let text = present::notice_text(locale, &NoticeBody::Board(board.clone()), &name_of);
        assert!(
            format!("{text}\n").contains(entrants),
            "{locale:?}: the entrants' legend:\n{text}"
        );
        assert!(
            !text.contains(giving),
            "{locale:?}: no seat is given up:\n{text}"
        );
    }
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    an_event_tables_recorded_hands_are_its_threads_history_without_unshown_down_cards,
    an_event_tables_board_says_its_computers_are_entrants_keeping_their_seats,
);
