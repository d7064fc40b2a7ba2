//! An all-in hand at the table service: once betting is over the live hands are face up, and
//! the rest is dealt street by street, each board with every live player's equity and scoop
//! chance (computed off the table's task) and up for the pause before the next street. A
//! click meanwhile is answered at once and changes nothing.

use crate::lobby_common;

use std::sync::Arc;
use std::time::Duration;

use lobby_common::*;
use studbot::bank::UserId;
use studbot::equity::Fraction;
use studbot::lobby::{
    DealingOutPace, HandSummary, LobbyError, MemoryTableStore, Notice, NoticeBody, ShutdownOutcome,
    TableMessage,
};
use studbot::table::hand::{ActionKind, Street};

const PACE: DealingOutPace = DealingOutPace {
    street_pause: Duration::from_secs(2),
    equity_budget: Duration::from_secs(1),
};

fn sum(fractions: impl Iterator<Item = Fraction>) -> (u128, u128) {
    fractions.fold((0, 1), |(n, d), f| {
        (n * f.denominator() + f.numerator() * d, d * f.denominator())
    })
}

async fn an_all_in_hand_is_dealt_out_street_by_street_with_each_players_equity(store: TestStore) {
    let fixture = fixture_with_on(store, 9, Arc::new(MemoryTableStore::new()), PACE).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let hand = play_until_all_in(&table, &mut notices).await;

    let mut streets = Vec::new();
    let mut last_shown_at = None;
    while let Some(board) = next_dealt_out_board(&mut notices).await {
        assert_eq!(board.hand, hand);
        let view = &board.view;
        streets.push(view.street);
        // Every live hand face up, all of its cards so far.
        for seat in &view.seats {
            let shown = seat.shown.as_ref().expect("a live hand is face up");
            assert_eq!(shown.len(), seat.up_cards.len() + seat.down_count);
        }
        let equity = board
            .equity
            .clone()
            .unwrap_or_else(|| panic!("no equity on {:?}", view.street));
        assert_eq!(equity.seats.len(), 2);
        if equity.exact {
            let (numerator, denominator) = sum(equity.seats.iter().map(|s| s.equity));
            assert_eq!(
                numerator, denominator,
                "exact equities add up to the whole pot"
            );
        }
        // From fourth street (141 M runouts), heads-up is exact within the budget; on third
        // street it is estimated.
        assert_eq!(
            equity.exact,
            view.street >= Street::Fourth,
            "{:?}",
            view.street
        );

        // Nothing moves until the pause is over, and a click meanwhile changes nothing.
        let now = tokio::time::Instant::now();
        if let Some(at) = last_shown_at {
            assert_eq!(
                now - at,
                PACE.street_pause,
                "the pause before {:?}",
                view.street
            );
        }
        last_shown_at = Some(now);
        let refused = table
            .act(ANA, hand, board.action_seq, ActionKind::Check)
            .await;
        assert!(
            matches!(refused, Err(LobbyError::NotYourTurn { to_act: None })),
            "{refused:?}"
        );
        advance_secs(1).await;
        let quiet = settled_notices(&table, &mut notices).await;
        assert!(
            !quiet
                .iter()
                .any(|n| matches!(n.body, NoticeBody::Board(_) | NoticeBody::HandResult(_))),
            "a street came before the pause was over"
        );
        advance_secs(1).await;
    }
    assert_eq!(
        streets,
        [Street::Third, Street::Fourth, Street::Fifth, Street::Sixth]
    );
}

/// What the channel was told about `hand` among `notices`: its settled result, and whether
/// it was cancelled.
fn told(notices: &[Notice], hand: u64) -> (Option<HandSummary>, bool) {
    let result = notices.iter().find_map(|notice| match &notice.body {
        NoticeBody::HandResult(summary) if summary.hand == hand => Some((**summary).clone()),
        _ => None,
    });
    let cancelled = notices.iter().any(|notice| {
        matches!(
            &notice.body,
            NoticeBody::Table(TableMessage::HandCancelled { hand: cancelled, .. })
                if *cancelled == hand
        )
    });
    (result, cancelled)
}

fn end_stacks(summary: &HandSummary) -> Vec<(UserId, u64)> {
    let mut ends: Vec<(UserId, u64)> = summary
        .outcomes
        .iter()
        .map(|outcome| (outcome.user, outcome.end))
        .collect();
    ends.sort();
    ends
}

async fn closing_a_table_during_an_all_in_runout_deals_the_hand_out_and_pays_its_result(
    store: TestStore,
) {
    let fixture = fixture_with_on(store, 9, Arc::new(MemoryTableStore::new()), PACE).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let hand = play_until_all_in(&table, &mut notices).await;
    let board = next_dealt_out_board(&mut notices)
        .await
        .expect("the hand is dealt out");
    assert!(board.view.street < Street::Sixth, "{:?}", board.view.street);

    let mut cashed_out = deadline("the close", table.close()).await.unwrap();
    cashed_out.sort();
    let (result, cancelled) = told(&drain(&mut notices), hand);
    assert!(!cancelled, "a hand with its cards face up was refunded");
    let summary = result.expect("the hand dealt out is settled and its result told");
    let mut ends = end_stacks(&summary);
    // A player who lost everything has nothing to cash out.
    ends.retain(|(_, stack)| *stack > 0);
    assert_eq!(cashed_out, ends, "each player gets their result");
    let audit = fixture.bank.audit().await.unwrap();
    assert!(audit.ok, "{:?}", audit.breaks);
    assert!(audit.hands_in_progress.is_empty());
    assert!(fixture.bank.table_stacks(TABLE).await.unwrap().is_empty());
}

async fn a_shutdown_during_an_all_in_runout_deals_the_hand_out_and_settles_it_at_the_grace(
    store: TestStore,
) {
    let fixture = fixture_with_on(store, 9, Arc::new(MemoryTableStore::new()), PACE).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let hand = play_until_all_in(&table, &mut notices).await;
    next_dealt_out_board(&mut notices)
        .await
        .expect("the hand is dealt out");

    // A grace shorter than the streets left to deal at their pace.
    let lobby = fixture.lobby.clone();
    let stopping = tokio::spawn(async move { lobby.shutdown(Duration::from_millis(500)).await });
    until_stopping(&table).await;
    advance_secs(1).await;
    let outcomes = deadline("the shutdown", stopping).await.unwrap();
    assert_eq!(
        outcomes,
        vec![(TABLE, Ok(ShutdownOutcome::HandFinished { hand }))]
    );
    let (result, cancelled) = told(&drain(&mut notices), hand);
    assert!(!cancelled, "a hand with its cards face up was refunded");
    let summary = result.expect("the hand dealt out is settled and its result told");
    let mut escrow = fixture.bank.table_stacks(TABLE).await.unwrap();
    escrow.retain(|(_, stack)| *stack > 0);
    escrow.sort();
    let mut ends = end_stacks(&summary);
    ends.retain(|(_, stack)| *stack > 0);
    assert_eq!(escrow, ends, "the escrow holds the hand's result");
    let audit = fixture.bank.audit().await.unwrap();
    assert!(audit.ok, "{:?}", audit.breaks);
    assert!(audit.hands_in_progress.is_empty());
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    an_all_in_hand_is_dealt_out_street_by_street_with_each_players_equity,
    closing_a_table_during_an_all_in_runout_deals_the_hand_out_and_pays_its_result,
    a_shutdown_during_an_all_in_runout_deals_the_hand_out_and_settles_it_at_the_grace,
);
