//! A moderator's `/tournament cancel` of a running sit & go (`TableHandle::cancel_tournament`)
//! never decides a pot, on tokio's paused clock: a hand in its betting is played to its end and
//! recorded before the cancel divides the pool (the cancel is answered at once that it waits,
//! and the table tells the channel when it is made), and a hand being dealt out is dealt out
//! and recorded first. Between hands the cancel is at once.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::TournamentPhase;
use studbot::lobby::{
    DealingOutPace, MemoryTableStore, NoticeBody, NoticeReceiver, TableMessage, TournamentCancel,
    TurnOffer,
};
use studbot::table::hand::ActionKind;
use studbot::table::{GameChoice, Stakes};
use studbot::tournament::{Level, Structure, TournamentSettings};

use crate::lobby_common::*;
use crate::sit_and_go_common::*;

const BUY_IN: u64 = SIT_AND_GO_BUY_IN;
const START_BALANCE: u64 = 1_000;

/// The next turn offered, the clock moved over any pause before a hand.
async fn turn(notices: &mut NoticeReceiver) -> TurnOffer {
    let mut steps = Steps::until("a turn");
    loop {
        steps.step();
        match next(notices).await.body {
            NoticeBody::YourTurn(offer) => return *offer,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            _ => {}
        }
    }
}

/// Two big bets deep: two raises put a player all-in.
fn shallow() -> TournamentSettings {
    let stakes = Stakes {
        ante: 1,
        bring_in: 2,
        small_bet: 5,
        big_bet: 10,
    };
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::new(20, vec![Level { stakes, hands: 100 }]).unwrap(),
        BUY_IN,
    )
}

#[tokio::test(start_paused = true)]
async fn a_cancel_during_a_hands_betting_waits_for_that_hand_to_be_played_out_and_recorded() {
    let fixture = fixture_with(
        3_951,
        Arc::new(MemoryTableStore::new()),
        DealingOutPace::NO_PAUSE,
    )
    .await;
    let players = [ANA, BEN, CHEN];
    let id = started_sit_and_go(&fixture.bank, 4, &players, turbo_stud()).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    let first = turn(&mut notices).await;
    assert_eq!(first.hand, 1);
    take(&table, &first, passive(&first)).await;

    // The moderator cancels with hand 1 in its betting: the cancel waits.
    let cancelling = deadline("the cancel", table.cancel_tournament("tournament-cancel 1")).await;
    assert_eq!(
        cancelling.unwrap(),
        TournamentCancel::AfterHand,
        "the cancel did not wait for the hand"
    );
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    assert!(state.is_live(), "cancelled mid-hand: {:?}", state.phase);

    // Every player acts as usual to the hand's end; nobody is folded for the cancel. The
    // table then makes the cancel and tells the channel.
    let mut steps = Steps::until("the cancel after hand 1");
    let mut recorded = false;
    let paid = loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(offer) => {
                assert_eq!(offer.hand, 1, "a hand dealt after a cancel");
                take(&table, &offer, passive(&offer)).await;
            }
            NoticeBody::HandResult(_) => recorded = true,
            NoticeBody::Table(TableMessage::HandCancelled { hand, .. }) => {
                panic!("hand {hand} was undone by the cancel")
            }
            NoticeBody::Table(TableMessage::TournamentCancelled {
                paid, after_hand, ..
            }) => {
                assert!(recorded, "cancelled before hand 1's result");
                assert!(after_hand, "the cancel is told as the one that waited");
                break paid;
            }
            _ => {}
        }
    };
    assert_eq!(paid.iter().map(|(_, chips)| chips).sum::<u64>(), 3 * BUY_IN);
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    match &state.phase {
        TournamentPhase::Cancelled {
            tournament: Some(played),
            ..
        } => assert_eq!(played.hands_played(), 1, "hand 1 was recorded first"),
        other => panic!("not cancelled after its start: {other:?}"),
    }
    assert!(fixture.lobby.table(TABLE).is_err(), "its table is closed");
    advance_secs(600).await;
    assert!(fixture.lobby.table(TABLE).is_err(), "nothing deals there");
    assert!(fixture.bank.audit().await.unwrap().ok);
}

#[tokio::test(start_paused = true)]
async fn a_cancel_while_an_all_in_hand_is_dealt_out_records_that_hand_first() {
    let pace = DealingOutPace {
        street_pause: Duration::from_secs(30),
        equity_budget: Duration::ZERO,
    };
    let fixture = fixture_with(3_952, Arc::new(MemoryTableStore::new()), pace).await;
    let id = started_sit_and_go(&fixture.bank, 3, &[ANA, BEN], shallow()).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    loop {
        let offer = turn(&mut notices).await;
        assert_eq!(offer.hand, 1);
        let kind = [ActionKind::Raise, ActionKind::Complete, ActionKind::Bet]
            .into_iter()
            .find(|kind| offers(&offer, *kind))
            .unwrap_or_else(|| passive(&offer));
        let all_in = offer
            .legal
            .iter()
            .any(|action| action.kind == kind && action.all_in);
        take(&table, &offer, kind).await;
        if all_in && kind == ActionKind::Call {
            break;
        }
    }
    next_dealt_out_board(&mut notices)
        .await
        .expect("the all-in hand is dealt out street by street");

    let cancelled = deadline("the cancel", table.cancel_tournament("tournament-cancel 2")).await;
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let played = state.tournament().expect("it started");
    assert_eq!(
        played.hands_played(),
        1,
        "the hand whose betting was over was dealt out and recorded before the cancel"
    );
    match (&state.phase, cancelled) {
        // That hand busted a player: the sit & go ended with it, paid by its places.
        (TournamentPhase::Finished { .. }, Ok(TournamentCancel::AfterHand)) => {}
        // Nobody out: the cancel that waited for it followed its record.
        (TournamentPhase::Cancelled { paid, .. }, Ok(TournamentCancel::AfterHand)) => {
            assert_eq!(paid.iter().map(|(_, chips)| chips).sum::<u64>(), 2 * BUY_IN);
        }
        (phase, answer) => panic!("{phase:?} answered {answer:?}"),
    }
    assert!(fixture.lobby.table(TABLE).is_err());
    for player in [ANA, BEN] {
        assert!(fixture.bank.balance(GUILD, player).await.unwrap() <= START_BALANCE + BUY_IN);
    }
    assert!(fixture.bank.audit().await.unwrap().ok);
}
