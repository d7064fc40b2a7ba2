//! A sit & go whose channel is gone (`Lobby::channel_gone`), and what a restart keeps of a
//! running one, on tokio's paused clock:
//! - a registering one has every buy-in refunded; a running one is cancelled through the
//!   bank's one cancel, the hand in its betting undone (never recorded), a hand being dealt
//!   out dealt out and recorded first; never played out by timeouts;
//! - who sits out (by asking, or for timeouts) still sits out after a restart, so the table
//!   waits for none of them again;
//! - a hand dealt again after a restart is a new deal: a turn of the deal it replaces is stale
//!   even where its hand and action number match.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{Bank, SatOut, TournamentId, TournamentPhase, UserId};
use studbot::lobby::{
    DealingOutPace, Gone, LobbyConfig, LobbyError, MemoryTableStore, NoticeBody, OfferedTurn,
    SeatStatus, SitOutReason, TableMessage,
};
use studbot::lobby::{NoticeReceiver, TurnOffer};
use studbot::table::hand::ActionKind;
use studbot::table::{GameChoice, Stakes};
use studbot::tournament::{Level, Structure, TournamentSettings};

use crate::lobby_common::*;
use crate::sit_and_go_common::*;

const BUY_IN: u64 = SIT_AND_GO_BUY_IN;
const START_BALANCE: u64 = 1_000;

/// A sit & go of `seats` in the test channel with `players` registered, under `settings`;
/// a moderator starts it when `start`.
async fn opened(
    bank: &Bank,
    seats: usize,
    players: &[UserId],
    settings: TournamentSettings,
    start: bool,
) -> TournamentId {
    if start {
        started_sit_and_go(bank, seats, players, settings).await
    } else {
        opened_sit_and_go(bank, seats, players, settings).await
    }
}

async fn balance(bank: &Bank, user: UserId) -> u64 {
    bank.balance(GUILD, user).await.unwrap()
}

fn config(seed: u64) -> LobbyConfig {
    LobbyConfig {
        deck_seed: Some(seed),
        pace: DealingOutPace::NO_PAUSE,
        ..LobbyConfig::default()
    }
}

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

#[tokio::test(start_paused = true)]
async fn a_registering_sit_and_go_whose_channel_is_gone_refunds_every_buy_in() {
    let fixture = quick(3_901).await;
    let id = opened(&fixture.bank, 4, &[ANA, BEN], turbo_stud(), false).await;
    assert_eq!(balance(&fixture.bank, ANA).await, START_BALANCE - BUY_IN);

    let gone = fixture.lobby.channel_gone(TABLE).await.unwrap();
    assert_eq!(
        gone,
        Gone::SitAndGoCancelled {
            tournament: id,
            running: false,
            paid: vec![(ANA, BUY_IN), (BEN, BUY_IN)],
        }
    );
    for player in [ANA, BEN] {
        assert_eq!(balance(&fixture.bank, player).await, START_BALANCE);
    }
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    assert!(matches!(state.phase, TournamentPhase::Cancelled { .. }));
    // Found gone again (another event, the next start): nothing more happens.
    assert_eq!(
        fixture.lobby.channel_gone(TABLE).await.unwrap(),
        Gone::Nothing
    );
    assert_eq!(balance(&fixture.bank, ANA).await, START_BALANCE);
    assert!(fixture.bank.audit().await.unwrap().ok);
}

#[tokio::test(start_paused = true)]
async fn a_running_sit_and_go_whose_channel_is_gone_mid_betting_undoes_that_hand_and_is_cancelled()
{
    let fixture = quick(3_902).await;
    let players = [ANA, BEN, CHEN];
    let id = opened(&fixture.bank, 4, &players, turbo_stud(), true).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    // Hand 1 is played to its end and recorded; hand 2 has one action when the channel goes.
    let mut steps = Steps::until("hand 2's first turn");
    loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(offer) => {
                take(&table, &offer, passive(&offer)).await;
                if offer.hand == 2 {
                    break;
                }
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            _ => {}
        }
    }

    let gone = fixture.lobby.channel_gone(TABLE).await.unwrap();
    let Gone::SitAndGoCancelled {
        tournament,
        running: true,
        paid,
    } = gone
    else {
        panic!("not cancelled as running: {gone:?}");
    };
    assert_eq!(tournament, id);
    assert_eq!(paid.iter().map(|(_, chips)| chips).sum::<u64>(), 3 * BUY_IN);
    let (hand, _, _) = next_cancelled_hand(&mut notices).await;
    assert_eq!(hand, 2, "the hand in its betting is undone");
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    match &state.phase {
        TournamentPhase::Cancelled {
            tournament: Some(played),
            ..
        } => assert_eq!(played.hands_played(), 1, "hand 2 was never recorded"),
        other => panic!("not cancelled after its start: {other:?}"),
    }
    assert!(fixture.lobby.table(TABLE).is_err(), "its table is closed");
    // Nothing deals there any more, however long nobody acts.
    advance_secs(600).await;
    assert!(fixture.lobby.table(TABLE).is_err());
    let total: u64 = futures::future::join_all(players.map(|p| balance(&fixture.bank, p)))
        .await
        .into_iter()
        .sum();
    assert_eq!(
        total,
        3 * START_BALANCE,
        "every chip of the pool is paid back"
    );
    assert!(fixture.bank.audit().await.unwrap().ok);
}

/// A structure two big bets deep: two raises put a player all-in.
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
async fn a_sit_and_go_whose_channel_is_gone_while_a_hand_is_dealt_out_records_that_hand_first() {
    let pace = DealingOutPace {
        street_pause: Duration::from_secs(30),
        equity_budget: Duration::ZERO,
    };
    let fixture = fixture_with(3_903, Arc::new(MemoryTableStore::new()), pace).await;
    let id = opened(&fixture.bank, 3, &[ANA, BEN], shallow(), true).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    // Each raises while it can, then calls: two raises deep, both are soon all-in.
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

    fixture.lobby.channel_gone(TABLE).await.unwrap();
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let played = state.tournament().expect("it started");
    assert_eq!(
        played.hands_played(),
        1,
        "the hand whose betting was over was dealt out and recorded before the end"
    );
    assert!(!state.is_live(), "{:?}", state.phase);
    assert!(fixture.lobby.table(TABLE).is_err());
    assert!(fixture.bank.audit().await.unwrap().ok);
}

#[tokio::test(start_paused = true)]
async fn a_restart_keeps_who_sat_out_of_a_sit_and_go_and_waits_for_none_of_them() {
    let fixture = quick(3_904).await;
    let players = [ANA, BEN, CHEN];
    let id = opened(&fixture.bank, 4, &players, turbo_stud(), true).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    // Ben asks to sit out (`/leave` after the start); Chen times out twice.
    table.sit_out(BEN).await.unwrap();
    let mut steps = Steps::until("Chen sat out for timeouts");
    loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(offer) if offer.user == CHEN => {
                advance_secs(u64::from(offer.timer_secs + offer.time_bank_secs)).await;
            }
            NoticeBody::YourTurn(offer) => {
                take(&table, &offer, passive(&offer)).await;
            }
            NoticeBody::Table(TableMessage::SatOut {
                user: CHEN,
                reason: SitOutReason::TimedOut,
            }) => break,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            _ => {}
        }
    }
    assert_eq!(
        fixture.bank.tournament_sitting_out(id).await.unwrap(),
        vec![
            SatOut {
                user: BEN,
                timed_out: false
            },
            SatOut {
                user: CHEN,
                timed_out: true
            },
        ]
    );
    fixture.lobby.shutdown(Duration::ZERO).await;

    let lobby = restart_lobby_without_settings(&fixture.bank, config(3_905)).await;
    let resumed = lobby.table(TABLE).expect("the sit & go's table reopens");
    let status = resumed.status().await.unwrap();
    let status_of = |user| {
        status
            .seats
            .iter()
            .find(|seat| seat.user == user)
            .map(|seat| seat.status)
    };
    assert_eq!(status_of(ANA), Some(SeatStatus::Playing));
    assert_eq!(
        status_of(BEN),
        Some(SeatStatus::SittingOut {
            reason: SitOutReason::Asked
        })
    );
    assert_eq!(
        status_of(CHEN),
        Some(SeatStatus::SittingOut {
            reason: SitOutReason::TimedOut
        })
    );
    // The table deals on and acts for both at once: only Ana is ever offered a turn.
    let mut notices = resumed.subscribe().await.unwrap();
    let mut offered = 0;
    let mut steps = Steps::until("two hands after the restart");
    let mut hands_over = 0;
    while hands_over < 2 {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(offer) => {
                assert_eq!(offer.user, ANA, "the table waits for nobody who sat out");
                offered += 1;
                take(&resumed, &offer, passive(&offer)).await;
            }
            NoticeBody::HandResult(_) => hands_over += 1,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            NoticeBody::Table(TableMessage::TournamentOver { .. }) => break,
            _ => {}
        }
    }
    assert!(offered > 0);
    // Back in: the bank forgets it too.
    if lobby.table(TABLE).is_ok() {
        resumed.back(BEN).await.unwrap();
        assert_eq!(
            fixture.bank.tournament_sitting_out(id).await.unwrap(),
            vec![SatOut {
                user: CHEN,
                timed_out: true
            }]
        );
    }
}

#[tokio::test(start_paused = true)]
async fn a_hand_dealt_again_after_a_restart_refuses_a_turn_of_the_deal_it_replaces() {
    let fixture = quick(3_906).await;
    let id = opened(&fixture.bank, 3, &[ANA, BEN], turbo_stud(), true).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    let first = turn(&mut notices).await;
    assert_eq!((first.hand, first.deal), (1, 0));
    fixture.lobby.shutdown(Duration::ZERO).await;

    let lobby = restart_lobby_without_settings(&fixture.bank, config(3_907)).await;
    let resumed = lobby.table(TABLE).expect("the sit & go's table reopens");
    let mut notices = resumed.subscribe().await.unwrap();
    let again = turn(&mut notices).await;
    assert_eq!(again.hand, 1, "the hand cut short is dealt again");
    assert_ne!(again.deal, first.deal, "as a new deal");
    // A button of the first deal at the very turn the new deal is at: stale.
    let old_button = OfferedTurn {
        hand: again.hand,
        deal: first.deal,
        action_seq: again.action_seq,
    };
    let refused = resumed
        .act_on(again.user, old_button, passive(&again))
        .await;
    assert!(
        matches!(refused, Err(LobbyError::StaleAction { .. })),
        "{refused:?}"
    );
    take(&resumed, &again, passive(&again)).await;
}
