//! The pace of a table, decided by the table actor on tokio's paused clock: pre-actions
//! (chosen ahead, carried out the moment the turn comes if they still fit, dropped when they
//! do not, at the end of their street and with their hand). The time bank is
//! `lobby_time_bank`'s, away players `lobby_away`'s; the tables they play at `pace_common`'s.

use studbot::bank::UserId;
use studbot::lobby::{LobbyError, Notice, NoticeBody, PreAction, PublicBoard, TurnOffer};
use studbot::table::hand::{ActionKind, Street};

use crate::lobby_common::*;
use crate::pace_common::*;

/// Each action the boards among `notices` tell, in order: who, what, whether the timer
/// took it.
fn actions_told(notices: &[Notice]) -> Vec<(UserId, ActionKind, bool)> {
    let mut told: Vec<(UserId, ActionKind, bool)> = Vec::new();
    for notice in notices {
        if let NoticeBody::Board(board) = &notice.body
            && let Some(last) = board.last_action
            && told.last() != Some(&(last.user, last.kind, last.timed_out))
        {
            told.push((last.user, last.kind, last.timed_out));
        }
    }
    told
}

/// The turns offered among `notices`, by player.
fn turns_offered(notices: &[Notice]) -> Vec<UserId> {
    notices
        .iter()
        .filter_map(|notice| match &notice.body {
            NoticeBody::YourTurn(offer) => Some(offer.user),
            _ => None,
        })
        .collect()
}

/// The player who acts after `offer`'s player on this street (three players, nobody folded).
fn next_player(board: &PublicBoard, offer: &TurnOffer) -> UserId {
    let seats = board.players.len();
    board.players[(offer.seat + 1) % seats]
}

#[tokio::test(start_paused = true)]
async fn a_pre_action_is_taken_the_moment_the_turn_comes_and_nobody_learns_of_it_before() {
    let fixture = fixture(11).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    // Fourth street: the first to act checks, and the next has chosen check/fold.
    let offer = turn_of(&table, &mut notices, |offer| offer.street == Street::Fourth).await;
    let board = table.status().await.unwrap().board.unwrap();
    let after = next_player(&board, &offer);
    let view = table
        .pre_action(
            after,
            offer.hand,
            Street::Fourth,
            Some(PreAction::CheckFold),
        )
        .await
        .unwrap();
    assert_eq!(view.pre_actions.chosen, Some(PreAction::CheckFold));
    assert!(!view.pre_actions.your_turn);
    assert!(
        settled_notices(&table, &mut notices).await.is_empty(),
        "choosing ahead tells nobody anything"
    );
    let status = table.status().await.unwrap();
    assert_eq!(status.board.unwrap().view.to_act, board.view.to_act);

    take(&table, &offer, ActionKind::Check).await;
    let told = settled_notices(&table, &mut notices).await;
    assert!(
        !turns_offered(&told).contains(&after),
        "the player with a pre-action is not asked"
    );
    assert_eq!(
        actions_told(&told),
        [
            (offer.user, ActionKind::Check, false),
            (after, ActionKind::Check, false)
        ],
        "the pre-action checked at once, as the player's own action"
    );
    let view = table.show_cards(after).await.unwrap();
    assert_eq!(view.pre_actions.chosen, None, "carried out, it is gone");
}

#[tokio::test(start_paused = true)]
async fn a_call_chosen_ahead_is_dropped_by_a_raise_and_the_player_is_asked_as_usual() {
    let fixture = fixture(12).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    // Fourth street: the first to act bets; the next has chosen to call that bet, then the
    // bettor... the player in between raises it instead.
    let opener = turn_of(&table, &mut notices, |offer| {
        offer.street == Street::Fourth && offers(offer, ActionKind::Bet)
    })
    .await;
    take(&table, &opener, ActionKind::Bet).await;
    let raiser = next_turn(&mut notices).await;
    assert!(offers(&raiser, ActionKind::Raise));
    let board = table.status().await.unwrap().board.unwrap();
    let caller = next_player(&board, &raiser);
    let bet = raiser
        .legal
        .iter()
        .find(|action| action.kind == ActionKind::Call)
        .unwrap()
        .chips;
    table
        .pre_action(
            caller,
            raiser.hand,
            Street::Fourth,
            Some(PreAction::Call(bet)),
        )
        .await
        .unwrap();
    take(&table, &raiser, ActionKind::Raise).await;
    let asked = next_turn(&mut notices).await;
    assert_eq!(
        asked.user, caller,
        "the raise leaves the caller to be asked"
    );
    assert_eq!(asked.dropped, Some(PreAction::Call(bet)), "and says why");
    let call = asked
        .legal
        .iter()
        .find(|action| action.kind == ActionKind::Call)
        .unwrap();
    assert!(call.chips > bet);
    // Asked as usual: nothing was taken for them.
    assert_eq!(
        table.status().await.unwrap().board.unwrap().action_seq,
        asked.action_seq
    );
}

#[tokio::test(start_paused = true)]
async fn check_fold_checks_when_free_folds_facing_a_bet_and_call_any_calls_a_raise() {
    let fixture = fixture(13).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    let opener = turn_of(&table, &mut notices, |offer| {
        offer.street == Street::Fourth && offers(offer, ActionKind::Bet)
    })
    .await;
    let board = table.status().await.unwrap().board.unwrap();
    let second = next_player(&board, &opener);
    let third = board.players[(opener.seat + 2) % 3];
    // Both choose while nothing is bet yet: check/fold, and call any.
    let second_view = table
        .pre_action(
            second,
            opener.hand,
            Street::Fourth,
            Some(PreAction::CheckFold),
        )
        .await
        .unwrap();
    assert_eq!(
        second_view.pre_actions.offered,
        [PreAction::CheckFold, PreAction::Check, PreAction::CallAny]
    );
    table
        .pre_action(third, opener.hand, Street::Fourth, Some(PreAction::CallAny))
        .await
        .unwrap();
    take(&table, &opener, ActionKind::Bet).await;
    let told = settled_notices(&table, &mut notices).await;
    assert_eq!(
        actions_told(&told),
        [
            (opener.user, ActionKind::Bet, false),
            (second, ActionKind::Fold, false),
            (third, ActionKind::Call, false)
        ],
        "check/fold folds facing the bet, call any calls it"
    );
    assert!(!turns_offered(&told).contains(&second));
}

#[tokio::test(start_paused = true)]
async fn a_pre_action_is_changed_cleared_and_dropped_when_its_street_ends() {
    let fixture = fixture(14).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    let offer = turn_of(&table, &mut notices, |offer| offer.street == Street::Fourth).await;
    let board = table.status().await.unwrap().board.unwrap();
    let after = next_player(&board, &offer);
    let choose = |choice| table.pre_action(after, offer.hand, Street::Fourth, choice);
    assert_eq!(
        choose(Some(PreAction::Check))
            .await
            .unwrap()
            .pre_actions
            .chosen,
        Some(PreAction::Check)
    );
    assert_eq!(
        choose(Some(PreAction::CallAny))
            .await
            .unwrap()
            .pre_actions
            .chosen,
        Some(PreAction::CallAny),
        "changed"
    );
    assert_eq!(
        choose(None).await.unwrap().pre_actions.chosen,
        None,
        "cleared"
    );
    // Nothing chosen: the player is asked.
    take(&table, &offer, ActionKind::Check).await;
    let asked = next_turn(&mut notices).await;
    assert_eq!(asked.user, after);
    assert_eq!(asked.dropped, None);
    // The last to act on fourth street chooses call any for this street, after their check:
    // nobody bets, the street ends, and fifth street asks them as usual.
    take(&table, &asked, ActionKind::Check).await;
    let last = next_turn(&mut notices).await;
    let first_again = board.players[offer.seat];
    let view = table
        .pre_action(
            first_again,
            last.hand,
            Street::Fourth,
            Some(PreAction::CallAny),
        )
        .await
        .unwrap();
    assert_eq!(view.pre_actions.chosen, Some(PreAction::CallAny));
    take(&table, &last, ActionKind::Check).await;
    let fifth = turn_of(&table, &mut notices, |offer| offer.user == first_again).await;
    assert_eq!(fifth.street, Street::Fifth, "asked on the next street");
    assert_eq!(
        fifth.dropped, None,
        "the choice ended with its street, unsaid"
    );
    let view = table.show_cards(first_again).await.unwrap();
    assert_eq!(view.pre_actions.chosen, None);
    assert_eq!(view.pre_actions.street, Street::Fifth);
    // A choice for a street that is over is refused.
    assert_eq!(
        table
            .pre_action(
                after,
                fifth.hand,
                Street::Fourth,
                Some(PreAction::CheckFold)
            )
            .await
            .unwrap_err(),
        LobbyError::PreActionStale
    );
}

#[tokio::test(start_paused = true)]
async fn a_pre_action_is_refused_at_ones_own_turn_and_for_a_bet_that_changed() {
    let fixture = fixture(15).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    let opener = turn_of(&table, &mut notices, |offer| {
        offer.street == Street::Fourth && offers(offer, ActionKind::Bet)
    })
    .await;
    assert_eq!(
        table
            .pre_action(
                opener.user,
                opener.hand,
                Street::Fourth,
                Some(PreAction::Check)
            )
            .await
            .unwrap_err(),
        LobbyError::YourTurnNow
    );
    let board = table.status().await.unwrap().board.unwrap();
    // The player after next faces the bet without being to act.
    let after = board.players[(opener.seat + 2) % 3];
    take(&table, &opener, ActionKind::Bet).await;
    settled_notices(&table, &mut notices).await;
    let facing = table.show_cards(after).await.unwrap();
    let offered = facing.pre_actions.offered.clone();
    // Facing a bet, check is not offered, nor a call of another amount.
    for stale in [PreAction::Check, PreAction::CheckFold, PreAction::Call(1)] {
        assert!(!offered.contains(&stale));
        assert_eq!(
            table
                .pre_action(after, opener.hand, Street::Fourth, Some(stale))
                .await
                .unwrap_err(),
            LobbyError::PreActionStale,
            "{stale:?}"
        );
    }
    assert_eq!(
        table
            .pre_action(DEV, opener.hand, Street::Fourth, Some(PreAction::Fold))
            .await
            .unwrap_err(),
        LobbyError::NotSeated
    );
    assert!(settled_notices(&table, &mut notices).await.is_empty());
}
