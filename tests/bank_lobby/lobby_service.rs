//! The table service under tokio's paused clock: auto-start, the pause between hands, action
//! timers, sitting out after timeouts, refused actions, settings, pausing, settling before the
//! result, down cards. Who sits at the table (joining, leaving, kicking, closing, busting) is
//! `lobby_seats`'s.

use crate::lobby_common;

use lobby_common::*;
use studbot::bank::UserId;
use studbot::lobby::{
    LobbyError, Notice, NoticeBody, NoticeReceiver, PublicBoard, SeatStatus, SitOutReason,
    TableMessage, TableSettings, TurnOffer,
};
use studbot::table::hand::ActionKind;
use studbot::table::rules::Stakes;

async fn a_hand_starts_by_itself_once_two_players_are_ready_and_the_pause_has_passed(
    store: TestStore,
) {
    let fixture = fixture_on(store, 1).await;
    let (table, mut notices) = seated(&fixture, &[ANA]).await;
    let before: Vec<_> = drain(&mut notices);
    assert!(
        !before
            .iter()
            .any(|n| matches!(n.body, NoticeBody::Table(TableMessage::NextHandIn { .. }))),
        "one player alone must not start a hand"
    );
    seat_player(&table, BEN, 200).await;
    assert!(matches!(
        next_message(&mut notices).await,
        TableMessage::Joined { user: BEN, .. }
    ));
    assert!(matches!(
        next_message(&mut notices).await,
        TableMessage::NextHandIn { hand: 1, secs: 5 }
    ));
    advance_secs(4).await;
    assert!(table.status().await.unwrap().board.is_none());
    advance_secs(1).await;
    let offer = next_turn(&mut notices).await;
    assert_eq!(offer.hand, 1);
    let status = table.status().await.unwrap();
    assert!(status.hand_in_progress);
    assert_eq!(status.board.unwrap().players.len(), 2);
}

/// The next batch of notices that holds a board of hand `hand` at `action_seq` or later
/// (boards of earlier actions, if any, are skipped).
async fn batch_with_board(
    notices: &mut NoticeReceiver,
    hand: u64,
    action_seq: u32,
) -> (PublicBoard, Vec<Notice>) {
    let mut steps = Steps::until("a board of the hand");
    loop {
        steps.step();
        let batch = deadline("the table's next batch of notices", notices.recv_batch())
            .await
            .expect("the table's notices ended");
        let board = batch.iter().rev().find_map(|notice| match &notice.body {
            NoticeBody::Board(board) if board.hand == hand && board.action_seq >= action_seq => {
                Some((**board).clone())
            }
            _ => None,
        });
        if let Some(board) = board {
            return (board, batch);
        }
    }
}

/// The turn a batch offers on `board`, if it holds it.
fn turn_on(batch: &[Notice], board: &PublicBoard) -> Option<TurnOffer> {
    batch.iter().find_map(|notice| match &notice.body {
        NoticeBody::YourTurn(offer)
            if offer.hand == board.hand && offer.action_seq == board.action_seq =>
        {
            Some((**offer).clone())
        }
        _ => None,
    })
}

/// What a batch holds, in short: each notice's kind, with the hand and action of boards
/// and turn offers.
fn told(batch: &[Notice]) -> Vec<String> {
    batch
        .iter()
        .map(|notice| match &notice.body {
            NoticeBody::Board(board) => format!("board {}/{}", board.hand, board.action_seq),
            NoticeBody::YourTurn(offer) => format!("turn {}/{}", offer.hand, offer.action_seq),
            NoticeBody::Cards(cards) => format!("cards of {}", cards.user.0),
            NoticeBody::HandResult(summary) => format!("result of {}", summary.hand),
            NoticeBody::Table(message) => format!("{message:?}"),
            NoticeBody::Error { error, .. } => format!("error {error:?}"),
            NoticeBody::Away { user, away } => format!("away {} {away:?}", user.0),
        })
        .collect()
}

/// A front end that handles each batch as it comes writes a board with its buttons once: it
/// never has a hand's board without the turn that board offers, so it never writes the
/// board alone and again with the buttons (a Discord channel takes ~5 writes in 5 s).
async fn a_hands_board_and_the_turn_it_offers_reach_a_subscriber_in_one_batch(store: TestStore) {
    let fixture = fixture_on(store, 1).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let (first_board, batch) = batch_with_board(&mut notices, 1, 0).await;
    assert!(first_board.view.to_act.is_some(), "someone acts first");
    let first_turn = turn_on(&batch, &first_board).unwrap_or_else(|| {
        panic!(
            "the new hand's board came without its turn offer: {:?}",
            told(&batch)
        )
    });

    let action_seq = take(&table, &first_turn, passive(&first_turn)).await;
    let (next_board, batch) = batch_with_board(&mut notices, 1, action_seq).await;
    assert!(
        next_board.view.to_act.is_some(),
        "the bring-in ends no hand"
    );
    let next_turn = turn_on(&batch, &next_board).unwrap_or_else(|| {
        panic!(
            "the board after an action came without its turn offer: {:?}",
            told(&batch)
        )
    });
    assert_ne!(next_turn.user, first_turn.user);
}

async fn the_timer_posts_a_forced_bring_in_and_folds_a_player_facing_a_bet(store: TestStore) {
    let fixture = fixture_on(store, 2).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let first = next_turn(&mut notices).await;
    assert!(!offers(&first, ActionKind::Check));
    advance_secs(30).await;
    let timed_out = next_message(&mut notices).await;
    let TableMessage::TimedOut { user, action } = timed_out else {
        panic!("expected a timeout, got {timed_out:?}");
    };
    assert_eq!(user, first.user);
    let expected = if offers(&first, ActionKind::Fold) {
        ActionKind::Fold
    } else {
        ActionKind::BringIn
    };
    assert_eq!(action, expected);
    if action == ActionKind::BringIn {
        let second = next_turn(&mut notices).await;
        assert_ne!(second.user, first.user);
        advance_secs(30).await;
        assert_eq!(
            next_message(&mut notices).await,
            TableMessage::TimedOut {
                user: second.user,
                action: ActionKind::Fold
            }
        );
    }
    let result = until(&mut notices, |n| match &n.body {
        NoticeBody::HandResult(summary) => Some(summary.clone()),
        _ => None,
    })
    .await;
    assert_eq!(result.hand, 1);
    drop(table);
}

async fn the_timer_checks_for_a_player_when_checking_is_free(store: TestStore) {
    let fixture = fixture_on(store, 3).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    // Third street: both players just call along.
    let mut steps = Steps::until("an offer to check");
    let offer = loop {
        steps.step();
        let offer = next_turn(&mut notices).await;
        if offers(&offer, ActionKind::Check) {
            break offer;
        }
        take(&table, &offer, passive(&offer)).await;
    };
    advance_secs(29).await;
    assert!(
        settled_notices(&table, &mut notices).await.is_empty(),
        "the timer ran early"
    );
    advance_secs(1).await;
    assert_eq!(
        next_message(&mut notices).await,
        TableMessage::TimedOut {
            user: offer.user,
            action: ActionKind::Check
        }
    );
    let board = table.status().await.unwrap().board.unwrap();
    assert_eq!(board.action_seq, offer.action_seq + 1);
}

async fn two_timeouts_in_a_row_sit_a_player_out_and_they_are_not_dealt_in_again(store: TestStore) {
    let fixture = fixture_on(store, 4).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN, CHEN]).await;
    advance_secs(5).await;
    let mut ben_timeouts = 0;
    let mut steps = Steps::until("Ben sat out after timeouts");
    loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == BEN => advance_secs(30).await,
            NoticeBody::YourTurn(offer) => {
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::TimedOut { user: BEN, .. }) => ben_timeouts += 1,
            NoticeBody::Table(TableMessage::SatOut { user, reason }) => {
                assert_eq!((*user, *reason), (BEN, SitOutReason::TimedOut));
                break;
            }
            NoticeBody::Table(TableMessage::NextHandIn { .. }) => advance_secs(5).await,
            _ => {}
        }
    }
    assert_eq!(ben_timeouts, 2);
    // Finish whatever is left of this hand, then the next hand is dealt without Ben.
    let next_hand = table.status().await.unwrap().hand + 1;
    let mut steps = Steps::until("the next hand was dealt without Ben");
    let board = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user != BEN => {
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { .. }) => advance_secs(5).await,
            NoticeBody::Board(board) if board.hand == next_hand => break board.clone(),
            _ => {}
        }
    };
    assert!(!board.players.contains(&BEN));
    let ben = board.seats.iter().find(|seat| seat.user == BEN).unwrap();
    assert_eq!(
        ben.status,
        SeatStatus::SittingOut {
            reason: SitOutReason::TimedOut
        }
    );
    table.back(BEN).await.unwrap();
}

async fn the_next_hand_waits_for_the_pause_between_hands_and_the_deal_rotates(store: TestStore) {
    let fixture = fixture_on(store, 5).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN, CHEN]).await;
    advance_secs(5).await;
    let first_players = until(&mut notices, |n| match &n.body {
        NoticeBody::Board(board) => Some(board.players.clone()),
        _ => None,
    })
    .await;
    assert_eq!(first_players, vec![ANA, BEN, CHEN]);
    // Everyone folds or checks through the hand.
    let mut steps = Steps::until("the hand ended");
    loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) => {
                let kind = if offers(offer, ActionKind::Fold) {
                    ActionKind::Fold
                } else {
                    passive(offer)
                };
                take(&table, offer, kind).await;
            }
            NoticeBody::HandResult(_) => break,
            _ => {}
        }
    }
    assert_eq!(
        next_message(&mut notices).await,
        TableMessage::NextHandIn { hand: 2, secs: 5 }
    );
    advance_secs(4).await;
    assert!(!table.status().await.unwrap().hand_in_progress);
    advance_secs(1).await;
    let second_players = until(&mut notices, |n| match &n.body {
        NoticeBody::Board(board) => Some(board.players.clone()),
        _ => None,
    })
    .await;
    assert_eq!(second_players, vec![BEN, CHEN, ANA]);
}

async fn stale_duplicated_out_of_turn_and_unseated_actions_are_refused_and_change_nothing(
    store: TestStore,
) {
    let fixture = fixture_on(store, 6).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN, CHEN]).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    let kind = passive(&offer);
    let other = [ANA, BEN, CHEN]
        .into_iter()
        .find(|user| *user != offer.user)
        .unwrap();
    let before = table.status().await.unwrap().board.unwrap();

    let out_of_turn = table.act(other, offer.hand, offer.action_seq, kind).await;
    assert_eq!(
        out_of_turn,
        Err(LobbyError::NotYourTurn {
            to_act: Some(offer.user)
        })
    );
    let stranger = table
        .act(UserId(99), offer.hand, offer.action_seq, kind)
        .await;
    assert_eq!(stranger, Err(LobbyError::NotSeated));
    let wrong_hand = table
        .act(offer.user, offer.hand + 1, offer.action_seq, kind)
        .await;
    assert!(matches!(wrong_hand, Err(LobbyError::StaleAction { .. })));
    let not_offered = table
        .act(offer.user, offer.hand, offer.action_seq, ActionKind::Raise)
        .await;
    assert!(matches!(
        not_offered,
        Err(LobbyError::ActionNotAllowed {
            kind: ActionKind::Raise,
            ..
        })
    ));
    let after_refusals = table.status().await.unwrap().board.unwrap();
    assert_eq!(after_refusals.action_seq, before.action_seq);
    assert_eq!(after_refusals.view, before.view);

    take(&table, &offer, kind).await;
    let duplicate = table
        .act(offer.user, offer.hand, offer.action_seq, kind)
        .await;
    assert_eq!(
        duplicate,
        Err(LobbyError::StaleAction {
            offered_hand: offer.hand,
            offered_seq: offer.action_seq,
            hand: offer.hand,
            seq: offer.action_seq + 1,
        })
    );
    let after_duplicate = table.status().await.unwrap().board.unwrap();
    assert_eq!(after_duplicate.action_seq, offer.action_seq + 1);
}

async fn settings_changed_mid_hand_apply_from_the_next_hand(store: TestStore) {
    let fixture = fixture_on(store, 11).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    let bigger = Stakes {
        ante: 2,
        bring_in: 5,
        small_bet: 10,
        big_bet: 20,
    };
    let invalid = TableSettings {
        seats: 12,
        ..settings()
    };
    assert!(matches!(
        table.change_settings(invalid).await,
        Err(LobbyError::InvalidSettings { .. })
    ));
    let from_hand = table
        .change_settings(TableSettings {
            stakes: bigger,
            ..settings()
        })
        .await
        .unwrap();
    assert_eq!(from_hand, 2);
    let status = table.status().await.unwrap();
    assert_eq!(status.settings.stakes, Stakes::default());
    assert_eq!(status.pending_settings.map(|s| s.stakes), Some(bigger));
    take(&table, &offer, passive(&offer)).await;
    let mut steps = Steps::until("hand 2 was dealt at the new stakes");
    loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) => {
                let kind = if offers(offer, ActionKind::Fold) {
                    ActionKind::Fold
                } else {
                    passive(offer)
                };
                take(&table, offer, kind).await;
            }
            NoticeBody::Board(board) if board.hand == 1 => {
                assert_eq!(board.stakes, Stakes::default());
            }
            NoticeBody::Table(TableMessage::NextHandIn { .. }) => advance_secs(5).await,
            NoticeBody::Board(board) => {
                assert_eq!(board.hand, 2);
                assert_eq!(board.stakes, bigger);
                assert_eq!(board.view.stakes, bigger);
                break;
            }
            _ => {}
        }
    }
}

async fn pausing_mid_hand_stops_the_timer_and_actions_until_resumed(store: TestStore) {
    let fixture = fixture_on(store, 12).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    table.pause().await.unwrap();
    assert_eq!(table.pause().await, Err(LobbyError::Paused));
    advance_secs(300).await;
    assert!(
        !settled_notices(&table, &mut notices)
            .await
            .iter()
            .any(|n| matches!(n.body, NoticeBody::Table(TableMessage::TimedOut { .. })))
    );
    assert_eq!(
        table
            .act(offer.user, offer.hand, offer.action_seq, passive(&offer))
            .await,
        Err(LobbyError::Paused)
    );
    table.resume().await.unwrap();
    let again = next_turn(&mut notices).await;
    assert_eq!(
        (again.user, again.action_seq),
        (offer.user, offer.action_seq)
    );
    advance_secs(30).await;
    assert!(matches!(
        next_message(&mut notices).await,
        TableMessage::TimedOut { .. }
    ));
}

async fn every_hand_is_settled_in_the_bank_before_its_result_is_announced(store: TestStore) {
    let fixture = fixture_on(store, 13).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN, CHEN]).await;
    advance_secs(5).await;
    for _ in 0..3 {
        let mut steps = Steps::until("the hand ended");
        let summary = loop {
            steps.step();
            let notice = next(&mut notices).await;
            match &notice.body {
                NoticeBody::YourTurn(offer) => {
                    take(&table, offer, passive(offer)).await;
                }
                NoticeBody::Table(TableMessage::NextHandIn { .. }) => advance_secs(5).await,
                NoticeBody::HandResult(summary) => break summary.clone(),
                _ => {}
            }
        };
        let mut escrow = fixture.bank.table_stacks(TABLE).await.unwrap();
        escrow.retain(|(_, stack)| *stack > 0);
        escrow.sort();
        let mut settled: Vec<(UserId, u64)> = summary
            .outcomes
            .iter()
            .filter(|outcome| outcome.end > 0)
            .map(|outcome| (outcome.user, outcome.end))
            .collect();
        settled.sort();
        assert_eq!(escrow, settled, "hand {}", summary.hand);
    }
    assert!(fixture.bank.audit().await.unwrap().ok);
}

async fn down_cards_go_privately_to_their_owner_on_third_and_seventh_street(store: TestStore) {
    let fixture = fixture_on(store, 15).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let mut private = Vec::new();
    let mut steps = Steps::until("the hand ended");
    loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) => {
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::Cards(cards) => {
                assert_eq!(
                    notice.audience(),
                    studbot::lobby::Audience::Player(cards.user)
                );
                private.push((cards.user, cards.view.down_cards.len()));
            }
            NoticeBody::HandResult(_) => break,
            _ => {}
        }
    }
    private.sort();
    assert_eq!(private, vec![(ANA, 2), (ANA, 3), (BEN, 2), (BEN, 3)]);
    assert_eq!(
        table.show_cards(UserId(99)).await.err(),
        Some(LobbyError::NotSeated)
    );
    assert_eq!(
        table.show_cards(ANA).await.err(),
        Some(LobbyError::NoHandInProgress)
    );
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_hand_starts_by_itself_once_two_players_are_ready_and_the_pause_has_passed,
    a_hands_board_and_the_turn_it_offers_reach_a_subscriber_in_one_batch,
    the_timer_posts_a_forced_bring_in_and_folds_a_player_facing_a_bet,
    the_timer_checks_for_a_player_when_checking_is_free,
    two_timeouts_in_a_row_sit_a_player_out_and_they_are_not_dealt_in_again,
    the_next_hand_waits_for_the_pause_between_hands_and_the_deal_rotates,
    stale_duplicated_out_of_turn_and_unseated_actions_are_refused_and_change_nothing,
    settings_changed_mid_hand_apply_from_the_next_hand,
    pausing_mid_hand_stops_the_timer_and_actions_until_resumed,
    every_hand_is_settled_in_the_bank_before_its_result_is_announced,
    down_cards_go_privately_to_their_owner_on_third_and_seventh_street,
);
