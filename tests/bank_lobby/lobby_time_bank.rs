//! The time bank, decided by the table actor on tokio's paused clock: running on after the
//! action timer, spent only as used, "+30 s", stopped by a pause, earned back at a cash table,
//! grown each level at a sit & go and kept across a restart.

use studbot::bank::UserId;
use studbot::lobby::{LobbyError, Notice, NoticeBody, PublicBoard, TableMessage};

use crate::lobby_common::*;
use crate::pace_common::*;
use crate::sit_and_go_common::*;

/// The last board among `notices`.
fn last_board(notices: &[Notice]) -> Option<PublicBoard> {
    notices.iter().rev().find_map(|notice| match &notice.body {
        NoticeBody::Board(board) => Some((**board).clone()),
        _ => None,
    })
}

#[tokio::test(start_paused = true)]
async fn the_time_bank_runs_on_after_the_timer_and_only_an_empty_bank_lets_the_table_act() {
    let fixture = fixture(16).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    assert_eq!((offer.timer_secs, offer.time_bank_secs), (30, 60));
    advance_secs(30).await;
    assert!(
        settled_notices(&table, &mut notices).await.is_empty(),
        "the time bank runs on, and nobody is told"
    );
    advance_secs(59).await;
    assert!(settled_notices(&table, &mut notices).await.is_empty());
    advance_secs(1).await;
    let timed_out = next_message(&mut notices).await;
    assert!(
        matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user),
        "{timed_out:?}"
    );
    // Their bank is spent: their next turn times out with the timer.
    let again = turn_of(&table, &mut notices, |next| next.user == offer.user).await;
    assert_eq!(again.time_bank_secs, 0);
    advance_secs(30).await;
    let timed_out = next_message(&mut notices).await;
    assert!(matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user));
}

#[tokio::test(start_paused = true)]
async fn acting_while_the_bank_runs_spends_only_the_time_used_and_a_cash_table_earns_some_back() {
    let fixture = fixture(17).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    advance_secs(30 + 20).await;
    take(&table, &offer, passive(&offer)).await;
    assert_eq!(
        table.show_cards(offer.user).await.unwrap().time_bank_secs,
        40
    );
    // The next hand earns 5 s back.
    let mut steps = Steps::until("the next hand");
    let next_hand = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(turn) if turn.hand == offer.hand => {
                take(&table, turn, passive(turn)).await;
            }
            NoticeBody::YourTurn(turn) if turn.user == offer.user => break (**turn).clone(),
            NoticeBody::YourTurn(turn) => {
                take(&table, turn, passive(turn)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            _ => {}
        }
    };
    assert_eq!(next_hand.hand, offer.hand + 1);
    assert_eq!(next_hand.time_bank_secs, 45);
}

#[tokio::test(start_paused = true)]
async fn plus_thirty_seconds_takes_from_the_bank_at_once_and_the_board_shows_it() {
    let fixture = fixture(18).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    let other = if offer.user == ANA { BEN } else { ANA };
    assert!(matches!(
        table.add_time(other, offer.hand, offer.action_seq).await,
        Err(LobbyError::NotYourTurn { .. })
    ));
    assert!(matches!(
        table
            .add_time(offer.user, offer.hand, offer.action_seq + 1)
            .await,
        Err(LobbyError::StaleAction { .. })
    ));
    assert_eq!(
        table
            .add_time(offer.user, offer.hand, offer.action_seq)
            .await
            .unwrap(),
        30
    );
    let board = last_board(&settled_notices(&table, &mut notices).await)
        .expect("the board shows the time taken");
    let clock = board.clock.unwrap();
    assert_eq!(
        (clock.time_bank_secs, clock.added_secs, clock.extensions),
        (30, 30, 1)
    );
    // 30 s of the timer and the 30 s taken, then the 30 s left in the bank.
    advance_secs(59).await;
    assert!(settled_notices(&table, &mut notices).await.is_empty());
    advance_secs(1).await;
    assert_eq!(
        table
            .add_time(offer.user, offer.hand, offer.action_seq)
            .await
            .unwrap_err(),
        LobbyError::TimeBankRunning
    );
    advance_secs(29).await;
    assert!(settled_notices(&table, &mut notices).await.is_empty());
    advance_secs(1).await;
    let timed_out = next_message(&mut notices).await;
    assert!(matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user));
    let again = turn_of(&table, &mut notices, |next| next.user == offer.user).await;
    assert_eq!(
        table
            .add_time(again.user, again.hand, again.action_seq)
            .await
            .unwrap_err(),
        LobbyError::TimeBankEmpty
    );
}

#[tokio::test(start_paused = true)]
async fn a_pause_stops_a_running_time_bank_and_charges_only_what_it_ran() {
    let fixture = fixture(19).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    advance_secs(30 + 10).await;
    table.pause().await.unwrap();
    advance_secs(600).await;
    assert_eq!(
        table.show_cards(offer.user).await.unwrap().time_bank_secs,
        50
    );
    table.resume().await.unwrap();
    // A whole timer again, then the 50 s left.
    let resumed = next_turn(&mut notices).await;
    assert_eq!((resumed.user, resumed.time_bank_secs), (offer.user, 50));
    advance_secs(30 + 49).await;
    assert!(
        settled_notices(&table, &mut notices)
            .await
            .iter()
            .all(|notice| !matches!(
                notice.body,
                NoticeBody::Table(TableMessage::TimedOut { .. })
            ))
    );
    advance_secs(1).await;
    let timed_out = next_message(&mut notices).await;
    assert!(matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user));
}

#[tokio::test(start_paused = true)]
async fn a_sit_and_gos_time_banks_grow_each_level_and_survive_a_restart() {
    let fixture = fixture_with(
        22,
        std::sync::Arc::new(studbot::lobby::MemoryTableStore::new()),
        studbot::lobby::DealingOutPace::NO_PAUSE,
    )
    .await;
    let players = [ANA, BEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    // The sit & go's table takes its clock from the lobby's: 20 s, then a 60 s bank.
    let first = turn_of(&table, &mut notices, |_| true).await;
    assert_eq!((first.timer_secs, first.time_bank_secs), (20, 60));
    advance_secs(20 + 15).await;
    take(&table, &first, passive(&first)).await;
    let slow = first.user;
    let fast = if slow == ANA { BEN } else { ANA };
    // Tournament seats are drawn at the start: each player's is the bank's to say.
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let seat_of = |user: UserId| state.seat_of(user).unwrap();
    // The hand's end keeps the banks in the bank, by tournament seat.
    play_on_without(&table, &mut notices, UserId(0), |notice| {
        match &notice.body {
            NoticeBody::HandResult(summary) if summary.hand == 1 => Some(()),
            _ => None,
        }
    })
    .await;
    // The result is told before the banks are kept, in the same turn of the table's task: a
    // command it answers next is answered after they are (reading at once raced the bank).
    table.status().await.unwrap();
    let kept = fixture
        .bank
        .tournament_time_banks(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((kept[seat_of(slow)], kept[seat_of(fast)]), (45_000, 60_000));

    // A restart deals on with the banks as they were kept.
    fixture.lobby.shutdown(std::time::Duration::ZERO).await;
    let config = studbot::lobby::LobbyConfig {
        deck_seed: Some(23),
        pace: studbot::lobby::DealingOutPace::NO_PAUSE,
        ..studbot::lobby::LobbyConfig::default()
    };
    let lobby = restart_lobby_without_settings(&fixture.bank, config).await;
    let table = lobby.table(TABLE).expect("the sit & go's table reopens");
    let mut notices = table.subscribe().await.unwrap();
    let again = play_on_without(&table, &mut notices, UserId(0), |notice| {
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == slow => Some((**offer).clone()),
            _ => None,
        }
    })
    .await;
    assert_eq!(again.time_bank_secs, 45);
    take(&table, &again, passive(&again)).await;

    // The turbo's second level (hand 7) adds the table's 30 s to every bank.
    let seventh = play_on_without(&table, &mut notices, UserId(0), |notice| {
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.hand == 7 && offer.user == slow => {
                Some((**offer).clone())
            }
            _ => None,
        }
    })
    .await;
    assert_eq!(seventh.time_bank_secs, 45 + 30);
    let kept = fixture
        .bank
        .tournament_time_banks(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((kept[seat_of(slow)], kept[seat_of(fast)]), (75_000, 90_000));
}
