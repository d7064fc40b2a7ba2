//! The lobby stops its tables itself for a shutdown: no new hand starts, a hand in progress
//! may finish within the grace, else it is cancelled through the bank (everyone keeps their
//! stack from its start) and the channel is told.

use crate::lobby_common;

use std::time::Duration;

use lobby_common::*;
use studbot::lobby::{CancelReason, NoticeBody, ShutdownOutcome, TableMessage};
use studbot::table::hand::ActionKind;

fn no_new_hand(notices: &[studbot::lobby::Notice]) -> bool {
    !notices.iter().any(|notice| {
        matches!(
            notice.body,
            NoticeBody::Board(_)
                | NoticeBody::YourTurn(_)
                | NoticeBody::Table(TableMessage::NextHandIn { .. })
        )
    })
}

async fn a_hand_unfinished_after_the_grace_is_cancelled_refunded_and_announced(store: TestStore) {
    let fixture = fixture_on(store, 11).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    take(&table, &offer, ActionKind::BringIn).await;
    drain(&mut notices);

    let lobby = fixture.lobby.clone();
    let stopping = tokio::spawn(async move { lobby.shutdown(Duration::from_secs(10)).await });
    until_stopping(&table).await;
    advance_secs(9).await;
    assert!(
        table.status().await.unwrap().hand_in_progress,
        "the grace is not over"
    );
    advance_secs(1).await;
    let outcomes = stopping.await.unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0].0, TABLE);
    assert_eq!(
        outcomes[0].1,
        Ok(ShutdownOutcome::HandCancelled { hand: 1 })
    );

    assert_eq!(
        next_cancelled_hand(&mut notices).await,
        (1, CancelReason::Shutdown, vec![(ANA, 200), (BEN, 200)])
    );
    let mut escrow = fixture.bank.table_stacks(TABLE).await.unwrap();
    escrow.sort();
    assert_eq!(escrow, vec![(ANA, 200), (BEN, 200)]);
    let audit = fixture.bank.audit().await.unwrap();
    assert!(audit.ok, "{:?}", audit.breaks);
    assert!(audit.hands_in_progress.is_empty());

    advance_secs(120).await;
    let status = table.status().await.unwrap();
    assert!(status.paused && !status.hand_in_progress);
    assert!(
        no_new_hand(&drain(&mut notices)),
        "a stopped table dealt again"
    );
    assert_eq!(
        table
            .act(offer.user, 1, offer.action_seq + 1, ActionKind::Call)
            .await,
        Err(studbot::lobby::LobbyError::Paused)
    );
}

async fn a_hand_that_finishes_within_the_grace_is_settled_and_no_other_starts(store: TestStore) {
    let fixture = fixture_on(store, 12).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let first = next_turn(&mut notices).await;

    let stopping = {
        let table = table.clone();
        tokio::spawn(async move { table.shutdown(Duration::from_secs(60)).await })
    };
    until_stopping(&table).await;
    // Players go on acting during the grace: the one to act after the bring-in folds.
    take(&table, &first, ActionKind::BringIn).await;
    let second = next_turn(&mut notices).await;
    take(&table, &second, ActionKind::Fold).await;
    let summary = until(&mut notices, |notice| match &notice.body {
        NoticeBody::HandResult(summary) => Some(summary.clone()),
        _ => None,
    })
    .await;
    assert_eq!(summary.hand, 1);
    assert_eq!(
        stopping.await.unwrap(),
        Ok(ShutdownOutcome::HandFinished { hand: 1 })
    );
    assert!(
        fixture
            .bank
            .audit()
            .await
            .unwrap()
            .hands_in_progress
            .is_empty()
    );
    advance_secs(120).await;
    assert!(
        no_new_hand(&settled_notices(&table, &mut notices).await),
        "a stopped table dealt again"
    );
    assert!(!table.status().await.unwrap().hand_in_progress);

    // An idle table stops at once.
    let outcomes = fixture.lobby.shutdown(Duration::from_secs(60)).await;
    assert_eq!(outcomes, vec![(TABLE, Ok(ShutdownOutcome::Idle))]);
}

async fn the_stored_history_of_a_hand_holds_no_down_card_that_was_not_shown(store: TestStore) {
    let fixture = fixture_on(store, 13).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN, CHEN]).await;
    advance_secs(5).await;
    let mut down_cards = Vec::new();
    let mut steps = Steps::until("the hand ended");
    let summary = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::Cards(cards) => down_cards.extend(cards.view.down_cards.iter().copied()),
            NoticeBody::YourTurn(offer) => {
                // Chen folds as soon as she may (her down cards are never shown); the
                // others go to showdown.
                let kind = if offer.user == CHEN && offers(offer, ActionKind::Fold) {
                    ActionKind::Fold
                } else {
                    passive(offer)
                };
                take(&table, offer, kind).await;
            }
            NoticeBody::HandResult(summary) => break summary.clone(),
            _ => {}
        }
    };
    let shown: Vec<_> = summary
        .shown
        .iter()
        .flat_map(|hand| hand.cards.iter().copied())
        .collect();
    let hidden: Vec<_> = down_cards
        .into_iter()
        .filter(|card| !shown.contains(card))
        .collect();
    assert!(!hidden.is_empty(), "someone's down cards were never shown");

    let history = fixture
        .lobby
        .hand_history(TABLE, None)
        .await
        .unwrap()
        .expect("the settled hand's history is stored");
    assert_eq!(history.hand, summary.hand);
    assert!(
        !history
            .events
            .iter()
            .any(|event| matches!(event, studbot::table::hand::Event::DownCard { .. }))
    );
    let names: Vec<String> = ["Ana", "Ben", "Chen"].map(String::from).to_vec();
    let view = studbot::render::HistoryView::new(
        history.hand,
        history.game,
        history.stakes,
        &names,
        &history.starting_stacks,
        &history.events,
    );
    for locale in [
        studbot::render::Locale::En,
        studbot::render::Locale::Es,
        studbot::render::Locale::Id,
    ] {
        let text = studbot::render::history(locale, &view);
        for card in &hidden {
            let shown_as = studbot::render::card(*card);
            assert!(
                !text.contains(&shown_as),
                "{shown_as} was never shown but is in the history:\n{text}"
            );
        }
    }
    assert_eq!(
        fixture.lobby.hand_history(TABLE, Some(2)).await.unwrap(),
        None
    );
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_hand_unfinished_after_the_grace_is_cancelled_refunded_and_announced,
    a_hand_that_finishes_within_the_grace_is_settled_and_no_other_starts,
    the_stored_history_of_a_hand_holds_no_down_card_that_was_not_shown,
);
