//! Away players, decided by the table actor on tokio's paused clock: sat out and told
//! privately, stood up after `away_hands` hands at a cash table (never with 0), counted again
//! when they come back, and dealt in still at a sit & go.

use studbot::lobby::{AwayNotice, NoticeBody, SitOutReason, TableMessage, TableSettings};

use crate::lobby_common::*;
use crate::pace_common::*;
use crate::sit_and_go_common::*;

#[tokio::test(start_paused = true)]
async fn an_away_player_is_sat_out_told_privately_and_stood_up_after_the_tables_hands() {
    let fixture = fixture(20).await;
    let settings = TableSettings {
        time_bank_secs: 0,
        ..paced()
    };
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], settings).await;
    let balance_before = fixture.bank.balance(GUILD, CHEN).await.unwrap();
    advance_secs(5).await;
    let told = play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::Away { user, away } => Some((*user, *away, notice.audience())),
        _ => None,
    })
    .await;
    assert_eq!(
        told,
        (
            CHEN,
            AwayNotice::SatOut {
                stood_up_after: Some(2)
            },
            studbot::lobby::Audience::Player(CHEN)
        ),
        "told privately, with how many hands away stand them up"
    );
    let sat_out_in = table.status().await.unwrap().hand;
    // Two hands dealt without them, then they are stood up, their chips in their balance.
    let (hands, cashed_out) =
        play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
            NoticeBody::Away {
                user: CHEN,
                away: AwayNotice::StoodUp { hands, cashed_out },
            } => Some((*hands, *cashed_out)),
            _ => None,
        })
        .await;
    assert_eq!(hands, 2);
    let status = table.status().await.unwrap();
    assert_eq!(status.hand, sat_out_in + 2);
    assert!(status.seats.iter().all(|seat| seat.user != CHEN));
    let left = next_message(&mut notices).await;
    assert_eq!(
        left,
        TableMessage::Left {
            user: CHEN,
            cashed_out
        }
    );
    assert_eq!(
        fixture.bank.balance(GUILD, CHEN).await.unwrap(),
        balance_before + cashed_out
    );
}

#[tokio::test(start_paused = true)]
async fn coming_back_starts_the_count_of_hands_away_again_and_zero_never_stands_anyone_up() {
    let fixture = fixture(21).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    table.sit_out(CHEN).await.unwrap();
    advance_secs(5).await;
    // One hand away, back, then away again: two more hands before standing up.
    let first = play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::HandResult(summary) => Some(summary.hand),
        _ => None,
    })
    .await;
    table.back(CHEN).await.unwrap();
    table.sit_out(CHEN).await.unwrap();
    play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::HandResult(summary) if summary.hand == first + 1 => Some(()),
        _ => None,
    })
    .await;
    assert!(
        table
            .status()
            .await
            .unwrap()
            .seats
            .iter()
            .any(|seat| seat.user == CHEN),
        "one hand away since coming back"
    );
    let settings = TableSettings {
        away_hands: 0,
        ..paced()
    };
    table.change_settings(settings).await.unwrap();
    play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::HandResult(summary) if summary.hand == first + 4 => Some(()),
        NoticeBody::Away { .. } => panic!("nobody is stood up with away_hands 0"),
        _ => None,
    })
    .await;
    let chen = table.status().await.unwrap();
    assert!(chen.seats.iter().any(|seat| seat.user == CHEN
        && seat.status
            == studbot::lobby::SeatStatus::SittingOut {
                reason: SitOutReason::Asked
            }));
}

#[tokio::test(start_paused = true)]
async fn an_away_player_in_a_sit_and_go_is_told_privately_and_stays_dealt_in() {
    let fixture = fixture_with(
        24,
        std::sync::Arc::new(studbot::lobby::MemoryTableStore::new()),
        studbot::lobby::DealingOutPace::NO_PAUSE,
    )
    .await;
    let players = [ANA, BEN, CHEN];
    let (_, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    // Ben never acts: his timer and his time bank run out, twice.
    let mut steps = Steps::until("Ben told he sits out");
    let told = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == BEN => {
                advance_secs(u64::from(offer.timer_secs + offer.time_bank_secs)).await;
            }
            NoticeBody::YourTurn(offer) => {
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            NoticeBody::Away { user, away } => break (*user, *away, notice.audience()),
            _ => {}
        }
    };
    assert_eq!(
        told,
        (
            BEN,
            AwayNotice::SatOut {
                stood_up_after: None
            },
            studbot::lobby::Audience::Player(BEN)
        ),
        "no hands away stand a sit & go's player up"
    );
    let sat_out_in = table.status().await.unwrap().hand;
    let dealt = play_on_without(&table, &mut notices, BEN, |notice| match &notice.body {
        NoticeBody::Board(board) if board.hand == sat_out_in + 3 => Some(board.players.clone()),
        _ => None,
    })
    .await;
    assert!(
        dealt.contains(&BEN),
        "still dealt in, the table acting for him"
    );
}
